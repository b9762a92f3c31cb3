"""At Any Cost: a two-player hero's-journey card game; the companion plays the Antagonist."""
from companion.games.at_any_cost.engine import AtAnyCost

GAME = AtAnyCost()
