"""Dragon & Warrior (Orion Canning's old-school JRPG story game), the two-player variant: the
human plays the Warrior; the companion plays the Villain, the Ally and Treasure."""
from companion.games.dragon_warrior.engine import DragonWarrior

GAME = DragonWarrior()

__all__ = ["GAME", "DragonWarrior"]
