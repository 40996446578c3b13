"""web/py/game's events as data. (That game, like all the pure core, reads no clock and imports nothing of the
browser is checked with every layer in tests/test_architecture.py.)"""
from __future__ import annotations


def test_event_to_dict_keeps_player_zero_and_drops_empty_fields():
    import game
    e = game.Event("moved", player=0, frm=13, to=8, dice=(5,), notation="13/8")
    assert e.to_dict() == {"kind": "moved", "player": 0, "frm": 13, "to": 8, "dice": [5], "notation": "13/8",
                           "value": 0}
