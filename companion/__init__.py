"""Story Companion: play tabletop story games solo against an AI opponent."""

__version__ = "0.1.0"
