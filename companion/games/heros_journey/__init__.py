"""The Hero's Journey (Mike Everett-Lane's Decktet game): a race of 2-4 Heroes from their humble
origins through eight Stages to one of three Endings; the companion plays the rival Heroes."""
from .engine import HerosJourney
from .model import HjOptions

GAME = HerosJourney()

__all__ = ["GAME", "HerosJourney", "HjOptions"]
