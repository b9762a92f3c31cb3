"""One package per game. Each exports ``GAME`` (an engine instance) from its ``__init__``."""
