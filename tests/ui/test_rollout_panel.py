"""ui.rollout: what the rollout panel rolls out (a hint's advice, a pasted position, the review's decision), the
plays one may tick, the request for bot.rollout, and the rows shown in both languages."""
import pytest

import bot
import game
from rules import CubeInfo, Position
from ui import position as P
from ui import review as R
from ui import rollout as RO
from ui.i18n import Texts

START = Position.initial().to_id()
MONEY = CubeInfo()
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
OPENING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def _top(n):
    return [{"play": f"p{k}", "position_id": f"id{k}"} for k in range(n)]


# -- the hint ----------------------------------------------------------------------------------------------------
def test_a_hint_offers_its_plays_with_the_best_two_ticked():
    d = RO.from_hint({"position_id": START, "dice": [3, 1], "cube": MONEY}, {"kind": "move", "top": _top(3)})
    assert [c.id for c in d.choices] == ["id0", "id1", "id2"] and d.ticked == ("id0", "id1")
    assert d.choices[0].note == "best" and d.cubeful
    assert RO.request(d, d.ticked, 36, 3, 9) == {"position_id": START, "dice": [3, 1], "candidates": ["id0", "id1"],
                                                 "trials": 36, "truncate": 3, "seed": 9, "cubeful": True}
    match = RO.from_hint({"position_id": START, "dice": [3, 1], "cube": CubeInfo(match_length=5)},
                         {"kind": "move", "top": _top(2)})
    assert match.cubeful is False
    assert RO.from_hint({"position_id": START, "dice": [3, 1], "cube": MONEY},
                        {"kind": "move", "top": []}) == RO.NOTHING


def test_a_hints_cube_question_rolls_out_in_money_play_with_a_centred_cube_only():
    ask = {"position_id": START, "dice": None, "cube": MONEY}
    double = RO.request(RO.from_hint(ask, {"kind": "double", "equities": {"no_double": 0.1}}), (), 36, 11, 1)
    assert double["dice"] is None and double["candidates"] is None and double["cubeful"]
    take = RO.request(RO.from_hint(ask, {"kind": "take", "equities": {"take": -0.5}}), (), 36, 11, 1)
    assert take["candidates"] == ["double_take", "double_pass"]
    owned = dict(ask, cube=CubeInfo(2, "me"))
    assert RO.from_hint(owned, {"kind": "double", "equities": {"no_double": 0.1}}) == RO.NO_CUBE
    assert RO.from_hint(dict(ask, cube=CubeInfo(match_length=3)), {"kind": "take"}) == RO.NO_CUBE


# -- ticking -----------------------------------------------------------------------------------------------------
def test_ticks_are_checked_and_the_request_keeps_the_choices_order():
    d = RO.from_hint({"position_id": START, "dice": [3, 1], "cube": MONEY}, {"kind": "move", "top": _top(6)})
    assert RO.tick_problem(d, []) == "rollout_tick_none"
    assert RO.tick_problem(d, ["not a choice"]) == "rollout_tick_none"
    assert RO.tick_problem(d, ["id0"]) is None
    assert RO.tick_problem(d, [f"id{k}" for k in range(RO.MAX_TICKED)]) is None
    assert RO.tick_problem(d, [f"id{k}" for k in range(RO.MAX_TICKED + 1)]) == "rollout_tick_many"
    assert RO.request(d, ["id4", "id1"], 36, 11, 1)["candidates"] == ["id1", "id4"]
    many = RO.from_hint({"position_id": START, "dice": [3, 1], "cube": MONEY}, {"kind": "move", "top": _top(20)})
    assert len(many.choices) == RO.SHOWN
    cube = RO.from_hint({"position_id": START, "dice": None, "cube": MONEY}, {"kind": "take"})
    assert RO.tick_problem(cube, []) is None  # a cube decision has nothing to tick


def test_choice_labels_in_both_languages():
    c = RO.Choice("x", "8/5 6/5", "best")
    assert RO.choice_label(c, Texts("en")) == "8/5 6/5 (best)"
    assert RO.choice_label(c, Texts("pt")) == "8/5 6/5 (a melhor)"
    assert RO.choice_label(RO.Choice("x", "24/21", "best_played"), Texts("en")) == "24/21 (best, played)"
    assert RO.choice_label(RO.Choice("x", "", ""), Texts("en")) == Texts("en")("hint_no_move")
    for key in ("rollout_plays", "rollout_tick_many"):
        assert "4" in Texts("pt")(key, n=4) and Texts("pt")(key, n=4) != Texts("en")(key, n=4)


# -- a pasted position -------------------------------------------------------------------------------------------
def test_a_pasted_roll_offers_the_analysed_plays():
    setup = P.read(OPENING_31)
    result = bot.analyse_position(OPENING_31, level="quick")
    rows = P.candidate_rows(result, Texts("en"))
    d = RO.from_setup(setup, rows)
    assert d.kind == "move" and d.dice == (3, 1) and d.cubeful
    assert [c.play for c in d.choices] == [r["play"] for r in rows[:RO.SHOWN]]
    assert d.ticked == tuple(r["position_id"] for r in rows[:2])
    req = RO.request(d, d.ticked, 2, 1, 3)
    out = bot.rollout(**req)  # what the panel asks is what bot.rollout takes
    assert [c["play"] for c in out["candidates"]] == [r["play"] for r in rows[:2]]
    # before the analysis is shown: the bot takes its own best two
    assert RO.request(RO.from_setup(setup), (), 2, 1, 3)["candidates"] is None


def test_a_pasted_position_without_dice_rolls_out_its_cube_decision():
    d = RO.from_setup(P.read(OPENING))
    assert d.kind == "cube" and d.cube is None and d.cubeful
    offered = RO.from_setup(P.read("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10"))
    assert offered.cube == ("double_take", "double_pass")
    owned = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:10"
    assert RO.from_setup(P.read(owned)) == RO.NO_CUBE
    match = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10"
    assert P.read(match).match_length == 5
    assert RO.from_setup(P.read(match)) == RO.NO_CUBE
    assert RO.from_setup(P.read(match.replace(":00:", ":31:"))).cubeful is False  # a match's play: cubeless


# -- the review --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def reviewed():
    table = game.Table(game.Options.bots("intermediate", "beginner", seed="12" * 32, clock=0), now=0)
    game.drive_bots(table, now=0)
    record = table.record()
    items = R.items(record)
    return items, bot.analyse_record(record, "quick")


def test_a_reviewed_play_offers_the_best_and_the_play_made(reviewed):
    items, analysis = reviewed
    plays = [it for it in items if it.kind == "play" and it.dice]
    assert plays[0].steps  # the board drew its arrows first: the play made is still known
    before = RO.from_review(plays[0])
    assert before.kind == "move" and before.choices == () and before.dice == tuple(plays[0].dice)
    R.join(items, analysis)
    wrong = [it for it in plays if (R.move_row(it) or {}).get("best") not in (None, R.move_row(it).get("played"))]
    assert wrong, "the beginner makes a play that is not the best"
    for it in wrong:
        move = R.move_row(it)
        d = RO.from_review(it)
        assert d.ticked == (move["best"], move["played"])
        notes = {c.id: c.note for c in d.choices}
        assert notes[move["played"]].endswith("played") and notes[move["best"]].startswith("best")
        assert d.position_id == it.position_id
    right = next(it for it in plays if (R.move_row(it) or {}).get("best") == R.move_row(it).get("played")
                 and len(R.move_row(it).get("top") or []) > 1)
    d = RO.from_review(right)
    assert d.ticked == tuple(c.id for c in d.choices[:2]) and d.choices[0].note == "best_played"
    req = RO.request(d, d.ticked, 1, 1, 1)
    assert [c["candidate"] for c in bot.rollout(**req)["candidates"]] == list(d.ticked)


def test_a_reviewed_cube_decision_is_rolled_out_from_the_doublers_side(reviewed):
    items, _ = reviewed
    double = next(it for it in items if it.kind == "double")
    answer = next(it for it in items if it.kind in ("take", "pass"))
    d, a = RO.from_review(double), RO.from_review(answer)
    assert d.kind == "cube" and d.cube is None
    assert a.cube == ("double_take", "double_pass")
    assert d.position_id == double.position_id                      # the doubler's view
    assert a.position_id == Position.from_id(answer.position_id).swapped().to_id()  # the taker's, turned round
    resign = next(it for it in items if it.kind == "resign")
    assert RO.from_review(resign) == RO.NOTHING


def test_rows_in_both_languages():
    res = bot.rollout(START, trials=2, truncate=1, seed=1)
    for lang, word in (("en", "no double"), ("pt", "não dobrar")):
        rows = RO.rows(res, Texts(lang))
        assert [r["candidate"] for r in rows] == ["no_double", "double_take", "double_pass"]
        assert rows[0]["name"] == word
        assert sum(r["best"] for r in rows) == 1
        assert all(r["ci"].startswith("±") for r in rows)
        assert RO.best_name(res, Texts(lang)) == next(r["name"] for r in rows if r["best"])
