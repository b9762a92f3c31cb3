"""scripts/to_q8_0.py: the Q8_0 copy of the packaged model that the local server reads.

The copy itself needs llama-cpp-python (the server's python), so it is checked in the live suite;
the refusals are checked everywhere.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from localserver import SERVED_FILE, TO_Q8_0, model_path, packaged_model, server_python


def run(python: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([python, str(TO_Q8_0), *args], capture_output=True, text=True,
                          timeout=600)


def test_it_says_its_usage_without_two_paths():
    out = run(sys.executable, "only-one.gguf")
    assert out.returncode == 2
    assert "to_q8_0.py IN.gguf OUT.gguf" in out.stderr


def test_a_missing_model_is_named_and_nothing_is_written(tmp_path):
    out = run(sys.executable, str(tmp_path / "absent.gguf"), str(tmp_path / "out.gguf"))
    assert out.returncode == 2
    assert "no model file at" in out.stderr and "absent.gguf" in out.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.live
def test_the_served_copy_is_q8_0_of_the_packaged_model(tmp_path):
    python = server_python()
    if python is None:
        pytest.skip("COMPANION_LLM_SERVER_PYTHON is not set (bash .ci/live.sh sets it)")
    served = model_path(python)
    assert Path(served).name == SERVED_FILE
    packaged = packaged_model(python)
    code = ("import sys, llama_cpp; m = llama_cpp.Llama(sys.argv[1], vocab_only=True, "
            "verbose=False); print(m.metadata['general.file_type'], m.n_vocab())")
    facts = [subprocess.run([python, "-c", code, path], capture_output=True, text=True,
                            timeout=120).stdout.split() for path in (served, packaged)]
    assert facts[0][0] == "7"  # LLAMA_FTYPE_MOSTLY_Q8_0
    assert facts[1][0] == "3"  # the packaged Q4_1
    assert facts[0][1] == facts[1][1]  # the same vocabulary: the same model
    # a second copy by hand writes the same bytes (no partial file left beside it)
    again = tmp_path / "again.gguf"
    assert run(python, packaged, str(again)).returncode == 0
    assert again.read_bytes() == Path(served).read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["again.gguf"]
