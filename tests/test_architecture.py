"""The layers of web/py (docs/architecture.md), checked file by file: rules < bot < game < net < ui, each importing
only the layers below it (lazily inside a function counts too); the entry points (main.py, bot_worker.py,
verify_main.py) import any layer and no layer imports them; the pure core (rules, bot, game, net) imports only
the standard library and the layers below (nothing of the browser: js, pyscript, pyodide; no numpy) and reads no
clock (no ``time`` module: the time of each action is given); game reaches the bot only lazily, in drive.py; net
never imports the bot."""
from __future__ import annotations

import ast
import pathlib
import sys

import pytest

WEB_PY = pathlib.Path(__file__).resolve().parents[1] / "web" / "py"
LAYERS = ["rules", "bot", "game", "net", "ui"]
ENTRY_POINTS = {"main", "bot_worker", "verify_main"}
BROWSER = {"js", "pyscript", "pyodide"}
PURE = {"rules", "bot", "game", "net"}
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
CLOCK = {"time", "datetime"}  # the pure core is given the time of each action; it never reads a clock
# Packages the site ships besides the standard library (requirements-site.txt), and the layers that may use them:
# segno draws the invite's QR code.
SHIPPED = {"segno": {"ui"}}
# Edges narrower than the order of the layers: (layer, module) -> the files that may import it lazily, or none.
LAZY_ONLY = {("game", "bot"): {"game/drive.py"}, ("net", "bot"): set()}

# Known exceptions, each by file and imported module; they go as the code moves.
ALLOWED = {
    # The analysis replays a record with game.record.walk_record (lazily): the replay belongs below bot, or the
    # analysis of records above game.
    ("bot/analysis.py", "game"),
}


def imports(path: pathlib.Path) -> list[tuple[int, str, bool]]:
    """(line, top-level module, lazy) of every import in ``path``, relative ones resolved within its package;
    ``lazy`` when the import is indented (inside a function or a block), not at the module's top level."""
    package = path.relative_to(WEB_PY).parts[0] if path.parent != WEB_PY else None
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        lazy = getattr(node, "col_offset", 0) > 0
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name.split(".")[0], lazy) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                out.append((node.lineno, node.module.split(".")[0], lazy))
            elif node.level == 1 and package is not None:
                out.append((node.lineno, package, lazy))
            else:
                out.append((node.lineno, "<outside its package>", lazy))
    return out


def forbidden(rel: str, module: str, lazy: bool = False) -> str | None:
    """Why ``rel`` (a path under web/py) may not import ``module`` (``lazy``: inside a function), or None."""
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
    if (layer, module) in LAZY_ONLY and not (lazy and rel in LAZY_ONLY[layer, module]):
        where = sorted(LAZY_ONLY[layer, module])
        return f"{layer} imports {module} only lazily in {', '.join(where)}" if where else f"{layer} never imports {module}"
    if module in BROWSER:
        return f"{layer} is pure (runs in CPython): no {module}" if layer in PURE else None
    if module in CLOCK:
        return f"{layer} is pure: it is given the time, it reads no clock ({module})" if layer in PURE else None
    if layer in PURE and module not in STDLIB and module not in LAYERS and layer not in SHIPPED.get(module, ()):
        return f"{layer} is pure: the standard library and the layers below only, not {module}"
    return None


def files() -> list[str]:
    return [str(p.relative_to(WEB_PY)) for p in sorted(WEB_PY.rglob("*.py"))]


def edges() -> list[tuple[str, int, str, bool]]:
    return [(rel, line, mod, lazy) for rel in files() for line, mod, lazy in imports(WEB_PY / rel)]


@pytest.mark.parametrize("rel", files())
def test_each_module_imports_only_what_its_layer_may(rel):
    found = imports(WEB_PY / rel)
    bad = [f"{rel}:{line} imports {mod}: {why}" for line, mod, lazy in found
           if (why := forbidden(rel, mod, lazy)) and (rel, mod) not in ALLOWED]
    assert not bad, "\n".join(bad)


def test_each_allowed_exception_is_still_needed():
    """An exception the code no longer needs goes (so the rule tightens as the code is fixed)."""
    used = {(rel, mod) for rel, _, mod, lazy in edges() if forbidden(rel, mod, lazy)}
    assert not (ALLOWED - used), f"no longer needed: {sorted(ALLOWED - used)}"


@pytest.mark.parametrize("rel, module, lazy, allowed", [
    ("rules/turn.py", "bot", False, False), ("rules/turn.py", "ui", False, False),
    ("rules/turn.py", "rules", False, True), ("rules/turn.py", "json", False, True),
    ("bot/play.py", "game", False, False), ("bot/play.py", "net", False, False), ("bot/play.py", "rules", False, True),
    ("bot/play.py", "numpy", True, False), ("game/table.py", "net", False, False), ("game/table.py", "ui", False, False),
    ("game/drive.py", "bot", True, True), ("game/drive.py", "bot", False, False), ("game/table.py", "bot", True, False),
    ("game/save.py", "numpy", False, False), ("net/session.py", "ui", False, False),
    ("net/session.py", "game", False, True), ("net/session.py", "js", False, False),
    ("net/session.py", "bot", True, False), ("ui/qr.py", "segno", True, True), ("net/qr.py", "segno", True, False),
    ("net/webrtc.py", "js", False, False), ("ui/webrtc.py", "js", False, True), ("ui/webrtc.py", "pyodide", False, True),
    ("net/session.py", "time", False, False), ("game/flow.py", "time", True, False), ("ui/app.py", "time", False, True),
    ("game/save.py", "pyscript", False, False), ("rules/dice.py", "pyodide", False, False),
    ("ui/app.py", "pyscript", False, True), ("ui/app.py", "net", False, True), ("ui/app.py", "bot", False, True),
    ("ui/app.py", "main", False, False), ("main.py", "ui", False, True), ("main.py", "pyscript", False, True),
    ("bot_worker.py", "main", False, False), ("rules/mat.py", "<outside its package>", False, False),
])
def test_the_rule_itself(rel, module, lazy, allowed):
    assert (forbidden(rel, module, lazy) is None) == allowed


def test_imports_are_found_wherever_they_are_written(tmp_path, monkeypatch):
    """Top level, inside a function, relative and absolute: all are edges, the indented ones lazy."""
    monkeypatch.setitem(globals(), "WEB_PY", tmp_path)
    (tmp_path / "rules").mkdir()
    mod = tmp_path / "rules" / "x.py"
    mod.write_text("import json\nfrom . import position\n\ndef f():\n    from game import table\n    import js.x\n")
    assert imports(mod) == [(1, "json", False), (2, "rules", False), (5, "game", True), (6, "js", True)]
