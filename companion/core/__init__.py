"""The game-agnostic kernel: protocol, chance sampling, registry and the session loop."""
