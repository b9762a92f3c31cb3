"""The terminal interface: a prompt_toolkit REPL and a --script runner over one controller."""
