"""Journals at scale: batch autoplay (many seeded sessions at once against one model server, with
a resumable manifest) and the arena (a model rated as an opponent against offline baselines)."""
