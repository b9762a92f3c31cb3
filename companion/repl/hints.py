"""How to run ``companion`` again from a fresh shell, for the hints we print (resume, journal).

After the README's set-up, ``companion`` lives in ``.venv/bin`` and is not on the PATH of a new
shell; a hint that says ``companion resume ...`` would fail on the first try. So a hint names the
program the way that works: ``companion`` when that is what the shell finds, else the path of the
script that is running, else this Python with ``-m companion``.
"""
from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path


def program() -> str:
    here = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    found = shutil.which("companion")
    if here is not None and here.name == "companion":  # the console script
        if found and Path(found).resolve() == here.resolve():
            return "companion"
        return shlex.quote(str(here.resolve()))
    if found and Path(found).parent.resolve() == Path(sys.executable).parent.resolve():
        return "companion"
    return f"{shlex.quote(sys.executable)} -m companion"
