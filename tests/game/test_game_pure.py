"""web/py/game keeps no time of its own: the clock is data passed in (``now``), never read from the machine.
What game may import is checked with every layer in tests/test_architecture.py."""
from __future__ import annotations

import pathlib

GAME = pathlib.Path(__file__).resolve().parents[2] / "web" / "py" / "game"


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
