#!/usr/bin/env bash
# The package as a user installs it: build the wheel, install it into a fresh venv outside the
# repository, and from an empty temporary folder list the games, then autoplay and render a journal
# of every registered game (Markdown and HTML). Fails on any error or traceback.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
PY="${PYTHON:-python3}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

"$PY" -m build --wheel --outdir "$WORK/dist" "$REPO" >"$WORK/build.log" 2>&1 || {
  cat "$WORK/build.log" >&2; exit 1; }
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install --quiet "$WORK"/dist/*.whl

mkdir "$WORK/play" && cd "$WORK/play"
"$WORK/venv/bin/companion" --version
"$WORK/venv/bin/companion" games
games=$("$WORK/venv/bin/python" -c \
  "from companion.core.registry import all_games; print(' '.join(all_games()))")
"$WORK/venv/bin/python" -c \
  "from companion.core.resources import prompts_path as p; assert p('shared', 'decision.md').is_file()"
for game in $games; do
  "$WORK/venv/bin/companion" autoplay "$game" --seed 3 --journal "$game.jsonl" --quiet
  "$WORK/venv/bin/companion" journal "$game.jsonl" --format md --out "$game.md"
  "$WORK/venv/bin/companion" journal "$game.jsonl" --format html --out "$game.html"
  test -s "$game.md" && test -s "$game.html"
  echo "wheel: $game autoplays and renders from $(pwd)"
done
