"""The layers of web/py (docs/architecture.md): rules < bot < game < net < ui, each importing only the layers
below it (lazily inside a function counts too); the entry points (main.py, bot_worker.py, verify_main.py) import
any layer and no layer imports them; and the pure core (rules, bot, game, and net except the WebRTC adapter)
imports nothing of the browser (js, pyscript, pyodide)."""
from __future__ import annotations

import ast
import pathlib

import pytest

WEB_PY = pathlib.Path(__file__).resolve().parents[1] / "web" / "py"
LAYERS = ["rules", "bot", "game", "net", "ui"]
ENTRY_POINTS = {"main", "bot_worker", "verify_main"}
BROWSER = {"js", "pyscript", "pyodide"}
PURE = {"rules", "bot", "game", "net"}
WEBRTC_ADAPTER = "net/webrtc.py"

# Known exceptions, each by file and imported module; the lead removes them as the code moves.
ALLOWED = {
    # 19ui moves these two into ui/ (they build DOM): then they are ui's and need no exception.
    ("net/peer_view.py", "pyscript"), ("net/no_webrtc.py", "pyscript"),
    # The analysis replays a record with game.record.walk_record (lazily): the replay belongs below bot, or the
    # analysis of records above game.
    ("bot/analysis.py", "game"),
}


def imports(path: pathlib.Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every import in ``path``, relative ones resolved within its package."""
    package = path.relative_to(WEB_PY).parts[0] if path.parent != WEB_PY else None
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name.split(".")[0]) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                out.append((node.lineno, node.module.split(".")[0]))
            elif node.level == 1 and package is not None:
                out.append((node.lineno, package))
            else:
                out.append((node.lineno, "<outside its package>"))
    return out


def forbidden(rel: str, module: str) -> str | None:
    """Why ``rel`` (a path under web/py) may not import ``module``, or None."""
    parts = rel.split("/")
    if len(parts) == 1:  # an entry point: the composition of the layers
        return "an entry point imports no other entry point" if module in ENTRY_POINTS else None
    layer = parts[0]
    if module == "<outside its package>":
        return "a relative import reaches outside its package"
    if module in ENTRY_POINTS:
        return f"{layer} imports the entry point {module}"
    if module in LAYERS and LAYERS.index(module) > LAYERS.index(layer):
        return f"{layer} is below {module}"
    if module in BROWSER and layer in PURE and rel != WEBRTC_ADAPTER:
        return f"{layer} is pure (runs in CPython): no {module}"
    return None


def edges() -> list[tuple[str, int, str]]:
    return [(str(p.relative_to(WEB_PY)), line, mod) for p in sorted(WEB_PY.rglob("*.py")) for line, mod in imports(p)]


def test_every_package_imports_only_the_layers_below_it_and_the_pure_core_no_browser():
    bad = [f"{rel}:{line} imports {mod}: {why}" for rel, line, mod in edges()
           if (why := forbidden(rel, mod)) and (rel, mod) not in ALLOWED]
    assert not bad, "\n".join(bad)


def test_each_allowed_exception_is_still_needed():
    """An exception the code no longer needs goes (so the rule tightens as the code is fixed)."""
    used = {(rel, mod) for rel, _, mod in edges() if forbidden(rel, mod)}
    assert not (ALLOWED - used), f"no longer needed: {sorted(ALLOWED - used)}"


@pytest.mark.parametrize("rel, module, allowed", [
    ("rules/turn.py", "bot", False), ("rules/turn.py", "ui", False), ("rules/turn.py", "rules", True),
    ("bot/play.py", "game", False), ("bot/play.py", "net", False), ("bot/play.py", "rules", True),
    ("game/table.py", "net", False), ("game/table.py", "ui", False), ("game/drive.py", "bot", True),
    ("net/session.py", "ui", False), ("net/session.py", "game", True), ("net/session.py", "js", False),
    ("net/webrtc.py", "js", True), ("net/webrtc.py", "pyodide", True), ("game/save.py", "pyscript", False),
    ("rules/dice.py", "pyodide", False), ("ui/app.py", "pyscript", True), ("ui/app.py", "net", True),
    ("ui/app.py", "main", False), ("main.py", "ui", True), ("main.py", "pyscript", True),
    ("bot_worker.py", "main", False), ("rules/mat.py", "<outside its package>", False),
])
def test_the_rule_itself(rel, module, allowed):
    assert (forbidden(rel, module) is None) == allowed


def test_imports_are_found_wherever_they_are_written(tmp_path, monkeypatch):
    """Top level, inside a function, relative and absolute: all are edges."""
    monkeypatch.setitem(globals(), "WEB_PY", tmp_path)
    (tmp_path / "rules").mkdir()
    mod = tmp_path / "rules" / "x.py"
    mod.write_text("import json\nfrom . import position\n\ndef f():\n    from game import table\n    import js.x\n")
    assert imports(mod) == [(1, "json"), (2, "rules"), (5, "game"), (6, "js")]
