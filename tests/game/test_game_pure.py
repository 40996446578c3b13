"""web/py/game stays pure: standard library and rules only (the bot only lazily, in drive.py)."""
from __future__ import annotations

import ast
import pathlib
import sys

GAME = pathlib.Path(__file__).resolve().parents[2] / "web" / "py" / "game"
ALLOWED = {"rules", "game"}


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node, a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node, node.module.split(".")[0]


def test_game_imports_only_the_standard_library_and_rules():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in sorted(GAME.glob("*.py")):
        for node, mod in _imports(path):
            if mod == "bot":
                assert path.name == "drive.py" and node.col_offset > 0, f"{path.name} imports bot at top level"
                continue
            assert mod in stdlib or mod in ALLOWED, f"{path.name} imports {mod}"
            assert mod not in ("js", "pyscript", "pyodide")


def test_game_uses_no_wall_clock_or_sleep():
    for path in sorted(GAME.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for bad in ("time.time(", "time.sleep(", "datetime.now(", "perf_counter(", "monotonic("):
            assert bad not in text, f"{path.name} uses {bad}"


def test_event_to_dict_keeps_player_zero_and_drops_empty_fields():
    import game
    e = game.Event("moved", player=0, frm=13, to=8, dice=(5,), notation="13/8")
    assert e.to_dict() == {"kind": "moved", "player": 0, "frm": 13, "to": 8, "dice": [5], "notation": "13/8",
                           "value": 0}
