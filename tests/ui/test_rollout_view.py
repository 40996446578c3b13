"""ui.rollout_view's pure part: what a hint's decision rolls out as, and the rows shown."""
import bot
from rules import CubeInfo, Position
from ui import rollout_view as RV
from ui.i18n import Texts

START = Position.initial().to_id()
MONEY = CubeInfo()


def test_move_rolls_out_the_best_two_suggested_plays():
    advice = {"kind": "move", "top": [{"play": "8/5 6/5", "position_id": "a"}, {"play": "24/21", "position_id": "b"},
                                      {"play": "13/10", "position_id": "c"}]}
    req = RV.request_for({"position_id": START, "dice": [3, 1], "cube": MONEY}, advice, 36, 3, 9)
    assert req == {"position_id": START, "dice": [3, 1], "candidates": ["a", "b"], "trials": 36, "truncate": 3,
                   "seed": 9, "cubeful": True}
    match = CubeInfo(match_length=5)
    assert RV.request_for({"position_id": START, "dice": [3, 1], "cube": match}, advice, 36, 3, 9)["cubeful"] is False
    assert RV.request_for({"position_id": START, "dice": [3, 1], "cube": MONEY}, {"kind": "move", "top": []},
                          36, 3, 9) is None


def test_cube_questions_roll_out_in_money_play_with_a_centred_cube_only():
    ask = {"position_id": START, "dice": None, "cube": MONEY}
    double = RV.request_for(ask, {"kind": "double", "equities": {"no_double": 0.1}}, 36, 11, 1)
    assert double["dice"] is None and double["candidates"] is None and double["cubeful"]
    take = RV.request_for(ask, {"kind": "take", "equities": {"take": -0.5}}, 36, 11, 1)
    assert take["candidates"] == ["double_take", "double_pass"]
    assert RV.request_for(dict(ask, cube=CubeInfo(2, "me")),
                          {"kind": "double", "equities": {"no_double": 0.1}}, 36, 11, 1) is None
    assert RV.request_for(dict(ask, cube=CubeInfo(match_length=3)), {"kind": "take"}, 36, 11, 1) is None


def test_rows_in_both_languages():
    res = bot.rollout(START, trials=2, truncate=1, seed=1)
    for lang, word in (("en", "no double"), ("pt", "não dobrar")):
        rows = RV.rows(res, Texts(lang))
        assert [r["candidate"] for r in rows] == ["no_double", "double_take", "double_pass"]
        assert rows[0]["name"] == word
        assert sum(r["best"] for r in rows) == 1
        assert all(r["ci"].startswith("±") for r in rows)
