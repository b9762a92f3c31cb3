"""The session loop: seats, voices, the journal, undo and resume. Sits above core, journal and the
voices; the REPL and the CLI sit above it."""
from companion.session.loop import AI, HUMAN, Session, game_options

__all__ = ["AI", "HUMAN", "Session", "game_options"]
