"""Session journals: the append-only event log (store) and its readable renderings (render)."""
