"""Voices for AI seats: the offline voice, and (lazily) the OpenAI-compatible model voice."""
