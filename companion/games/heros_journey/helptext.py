"""The Hero's Journey's verbs at the prompt: usage and help, the mechanism with an example."""
from __future__ import annotations

HOW_TO_WIN = ("How to win: the top score. Score = (your tokens, +6 if you hold one of every "
              "suit) x your Stage (10 at the Ending) + the ranks of your cards. The race ends "
              "when the first Hero reaches the Ending, after one more turn for everyone else: "
              "tokens kept and Stages climbed both count.")

VERBS: dict[str, tuple[str, str]] = {
    "table": ("table", "Show the table: the Event line with every pawn, the three Encounters and "
              "each Hero's resources by suit (tokens + cards = total).\n  " + HOW_TO_WIN),
    "hand": ("hand", "Show your Challenge card, your Prophecy and your cards."),
    "origin": ("origin rite|harvest", "Begin on the Rite (2 more Moons, a Prophecy, any token "
               "for a Moon) or the Harvest (an extra non-Leaf token with every Leaf)."),
    "prophecy": ("prophecy bottom|top", "See the bottom Ending, or pay 3 Moons to see the top."),
    "travel": ("travel wanderer|traveler|seeker [MENTOR]", "Take an Encounter pair: a Mentor "
               "and a Place, with any tokens lying on them. The Wanderer's pair costs 1 token "
               "to the bank; the Traveler's 3 (one onto each card of the Wanderer's pair, one "
               "to the bank); the Seeker's 5 (one onto each of the four cards above it, one to "
               "the bank). The tokens you leave on a pair go to whoever takes it next, a rival "
               "too. You keep at most one Mentor; each one left behind gives you a parting "
               "gift, a token of its suit. Your old Place is discarded (on the Journey you may hold two).\n"
               "  Example: travel seeker sailor: keep the Sailor, pay 5 tokens, take the "
               "Seeker's pair; the Wanderer's and Traveler's pairs now carry 4 of your tokens."),
    "rest": ("rest [CARD SUIT] STAGESUIT", "Rest: draw tokens from the bank. With a Mentor "
             "or Place of rank up to your Stage: 2 of one of its suits and 1 of the other (a "
             "Pawn or Court: 1 of each of its three), plus 1 of a suit on your Stage card. "
             "With no such card: 2 tokens, one of each suit of your Stage card. If the bank "
             "lacks a suit, the lowest Hero chooses what you get instead; when the bank is "
             "empty, the Curse halves everyone's largest suit.\n"
             "  Example: at the Battle (Stage 4) with the Painter (3: Suns, Knots): rest "
             "painter knots wyrms draws 2 Knots, 1 Sun and 1 Wyrm."),
    "match": ("match CARD", "Discard an Encounter card bearing both suits of the next Stage and "
              "advance (never to the Ending)."),
    "challenge": ("challenge", "Attempt the next Stage by meeting a Challenge. You place a "
                  "token of each of the next Stage's two suits on it, and must still hold "
                  "both suits, their total at least its rank. You play one of two cards (yours "
                  "and the top of the deck); its suit is the test. Any Hero not above your "
                  "Stage may contest with a card of their own and a bid: the highest bid "
                  "names the test, and the contesters must meet it too. You meet it with as "
                  "many of its suit (tokens + card ranks) as your Stage: you advance and draw "
                  "1 of it. Short, you expend the shortfall or lie down and lose a turn, and "
                  "take your placed tokens back.\n"
                  "  Example: at the Origin (2) you try the Journey (3: Moons, Waves). You "
                  "place a Moon and a Wave; Brannoc contests with Knots, bids 2 and wins: you "
                  "need 2 Knots. With the Author (2 Knots) you advance."),
    "play": ("play CARD", "Play one of your two Challenge cards for your attempt."),
    "contest": ("contest CARD BID", "Contest a rival's Challenge: your card face down, a bid above "
                "the last one. If your bid stays highest, your card's suit is the test and you pay "
                "the bid to the bank: the rival needs as many of that suit as their Stage, and so "
                "do you (short, you expend or lose a turn). Contest with a suit they lack and you "
                "hold.\n"
                "  Example: Sefa at Stage 3 attempts with 1 Wyrm; you hold 4 Wyrms and the Ace of "
                "Wyrms: contest ace of wyrms 1. If no one outbids you, Sefa fails."),
    "bid": ("bid N", "Raise your bid in a contested Challenge. Bids are tokens: each new bid "
            "must beat the last; when no one raises, the highest bidder reveals their card, "
            "pays the whole bid to the bank (a sacrifice to the Fates), and its suit is the "
            "test for the attempter and every contester alike. The others take their bids "
            "back. The attempter may bid too, to keep their own card.\n"
            "  Example: Sefa contests your Challenge with 1 token; bid 2 keeps your card of "
            "Moons, unless Sefa bids 3. If you win, the 2 tokens go to the bank."),
    "pass": ("pass", "Do not contest, or stop bidding."),
    "name": ("name SUIT", "Name the suit of the Excuse you issued."),
    "keep": ("keep CARD|none", "After a contest: take your Challenge card back, or discard it."),
    "fail": ("fail expend|lie", "Failed a Challenge: expend your shortfall, or lie down (lose "
             "your next turn)."),
    "pay": ("pay SUIT [SUIT...]", "Pay tokens you hold, one of each suit named, to where "
            "the rule sends them (the bank, or onto a pair for a Travel). Nothing is paid "
            "that you did not name: pay moons knots with no Knot is refused and pays nothing.\n"
            "  Example: travelling to the Traveler's pair costs 3: pay moons suns moons puts "
            "a Moon and a Sun on the Wanderer's pair and a Moon in the bank."),
    "expend": ("expend SUIT|CARD", "Expend a token or a whole card (no change is given)."),
    "take": ("take SUIT", "The Rite: take this token instead of a Moon."),
    "bonus": ("bonus SUIT|none", "The Harvest: the extra non-Leaf token."),
    "give": ("give SUIT", "Choose the token a Hero gets when the bank has none of the suit "
             "(you are the lowest Hero); at the Betrayal: give SUIT to HERO."),
    "draw": ("draw SUIT", "Choose the suit of a token you draw (a parting gift, the Windfall...)."),
    "curse": ("curse SUIT", "The Curse: the suit you hold most of to pay half of."),
    "hide": ("hide left|right", "The Origin: hide the Leaf and the Wave in one hand."),
    "guess": ("guess left|right", "The Origin: guess the hand."),
    "battle": ("battle mentor|place", "The Battle: reveal from the Mentor or the Place deck."),
    "discover": ("discover CARD", "The Discovery: take any card from the Deck of Challenges."),
    "drop": ("drop PLACE", "Discard a Place you hold: on the Journey you may hold two (taking a "
                           "third, drop one of the two you held), at the Battle one."),
    "betray": ("betray MENTOR to HERO", "The Betrayal: your highest-ranked Mentor to a Hero."),
    "pact": ("pact MENTOR for PAIR | pact none", "The Pact: 2 Suns + 2 Moons to swap a Mentor "
             "for the face-up Mentor of a pair."),
    "omen": ("omen CARD|top", "The End: play your Challenge card or turn up the top one."),
    "bank": ("bank SUIT SUIT for SUIT [from CARD]", "Trade 2 tokens (1 on the Market) to the "
             "bank for one; from a face-up card's tokens when the bank has none."),
    "offer": ("offer HERO N SUIT... for N SUIT...", "Offer a trade: offer brannoc 2 moons for "
              "1 knot."),
    "accept": ("accept", "Accept the trade offered to you."),
    "refuse": ("refuse", "Refuse the trade offered to you."),
    "end": ("end", "End your turn (after trading)."),
    "drew": ("drew CARD", "(physical deck) The card you turned up or drew from your real deck."),
}
