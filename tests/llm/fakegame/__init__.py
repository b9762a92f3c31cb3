"""A tiny two-seat card game for the voice tests: a few legal actions, names, a hidden hand."""
from fakegame.engine import GAME, DuelGame

__all__ = ["GAME", "DuelGame"]
