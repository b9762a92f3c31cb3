"""High Stakes (Andrea Sfiligoi's storytelling game) with the Nightblades one-shot.

The engine owns every die, Difficulty and once-per-session resource; the GM (an AI by default)
frames scenes, sets the stakes before the dice and keeps the adventure's secrets.
"""
from .campaign import load_character, save_character
from .engine import HighStakes, HighStakesOptions

GAME = HighStakes()

__all__ = ["GAME", "HighStakes", "HighStakesOptions", "load_character", "save_character"]
