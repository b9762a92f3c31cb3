"""The layers of DESIGN.md hold: import-linter checks the contracts in pyproject.toml.

Run by the default suite so a layer leak fails the README's test command, not only CI's extra step.
"""
import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which(
        "lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[dev]')")
    run = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_no_module_reads_data_beside_its_own_file():
    """Data comes through companion.core.resources, so an installed wheel finds it."""
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "companion").rglob("*.py")
                 if p.name != "resources.py" and "Path(__file__)" in p.read_text(encoding="utf-8")]
    assert offenders == []



def test_every_module_is_small():
    """One job per file: no module in companion/ is over 600 lines (the message names it)."""
    big = {str(p.relative_to(ROOT)): n for p in (ROOT / "companion").rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert big == {}, f"modules over 600 lines: {big}"


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """The modules of ours that ``module`` (at ``path``) imports, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            for a in node.names:  # "from pkg import module" imports the module, not pkg
                out.add(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base)
    return {m for m in out if m.startswith("companion")}


def import_graph() -> dict[str, set[str]]:
    modules = {}
    for p in (ROOT / "companion").rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = p
    return {m: {i for i in _imports(p, m, set(modules)) if i in modules and i != m}
            for m, p in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_among_our_modules():
    """A file imports only files below it: the import graph of companion/ has no cycle (a
    package's ``__init__`` counts as importing what it re-exports)."""
    assert cycles(import_graph()) == []


def test_no_private_name_is_imported_across_files():
    """``from x import _name`` reaches into another file's internals: move the piece down."""
    offenders = []
    for p in (ROOT / "companion").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion"):
                offenders += [f"{p.relative_to(ROOT)}: {a.name}" for a in node.names
                              if a.name.startswith("_") and not a.name.startswith("__")]
    assert offenders == []


def test_the_session_loop_has_room_and_table_talk_is_its_own_module():
    """The loop stood at the module limit: table talk and safety (say, lines and veils, the
    premise, the X-card) are a module of their own, so the loop has room for its next job."""
    from companion.session.loop import Session
    from companion.session.table import TableTalk

    loop = (ROOT / "companion" / "session" / "loop.py").read_text(encoding="utf-8")
    assert len(loop.splitlines()) <= 540
    assert issubclass(Session, TableTalk)
    for verb in ("say", "set_safety", "premise", "check_premise", "x_card"):
        assert verb in vars(TableTalk), verb


def test_a_game_looked_up_by_name_loads_no_other_game():
    # every `companion play GAME` imported all five games (a fifth of a second of every start,
    # and of every game process the tests run); a name that is no package still finds its game
    import os

    code = ("import sys; from companion.core.registry import get_game; "
            "print(get_game('Heros Journey').name, sorted(m for m in sys.modules "
            "if m.startswith('companion.games.') and m.count('.') == 2))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout.split() == ["heros-journey", "['companion.games.heros_journey']"], run
    from companion.core.registry import UnknownGame, get_game

    assert get_game("high_stakes").name == "high-stakes"
    with pytest.raises(UnknownGame, match="the games are: at-any-cost, becoming"):
        get_game("chess")


def test_table_talk_uses_only_the_sessions_public_seam():
    """s13 left the X-card and `say` calling the loop's private ``_journal`` and ``_narrate``
    across files: table talk calls no private method it does not define itself."""
    import ast

    from companion.session.table import TableTalk

    tree = ast.parse((ROOT / "companion" / "session" / "table.py").read_text(encoding="utf-8"))
    private = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
               and isinstance(n.value, ast.Name) and n.value.id == "self"
               and n.attr.startswith("_")}
    assert private and private <= set(vars(TableTalk)), private - set(vars(TableTalk))
