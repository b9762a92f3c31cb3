"""Becoming (Brian Engard's game of heroic sacrifice): the Hero against the three Fates.

Nine scenes; in each, one Fate is the Agent of Threat and the other two tempt the Hero with
bargains that cost her Virtues, Strengths and Allies. The companion plays the Fates.
"""
from companion.games.becoming.engine import Becoming
from companion.games.becoming.model import BecomingOptions

GAME = Becoming()

__all__ = ["GAME", "Becoming", "BecomingOptions"]
