"""bot.analyse_position (bot/position_analysis.py): a GNUbg ID or XGID analysed with dice (the ranked plays)
or without (the cube action and the best play of each roll). Its best play is the bot's own choice at the same
depth (quick: intermediate, deep: strong), its cube action and answer the bot's, the two ID formats give the
same analysis, and bad input is refused with a reason. The worker's request (bot_worker.analyse_position)."""
from __future__ import annotations

import json
import random

import pytest

import bot
import bot_worker
import rules
from bot.position_analysis import analyse_position, cube_action
from rules import MatchInfo, Position, gnubg_id, to_xgid
from rules.board import START_BOARD, swap, winner_kind
from rules.movegen import result_boards

pytestmark = pytest.mark.filterwarnings("ignore")

LEVEL = {"quick": "intermediate", "deep": "strong"}


def positions(seed: int, n: int) -> list[Position]:
    """Positions (the side on roll first) of a random game of random legal plays."""
    rng = random.Random(seed)
    out, b = [], START_BOARD
    for _ in range(200):
        r = rng.choice(result_boards(b, rng.randint(1, 6), rng.randint(1, 6)))
        if winner_kind(r):
            break
        b = swap(r)
        out.append(Position(b[0], b[1]))
    return rng.sample(out, min(n, len(out)))


@pytest.mark.parametrize("level,count", [("quick", 12), ("deep", 4)])
def test_the_best_play_is_the_bots_choice(level, count):
    rng = random.Random(5)
    for pos in positions(11, count):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        gid = gnubg_id(pos, MatchInfo())
        r = analyse_position(gid, dice=dice, level=level)
        assert r["kind"] == "move" and r["dice"] == list(dice)
        cands = r["candidates"]
        legal = set(rules.legal_results(pos.to_id(), dice))
        if not cands:
            assert legal <= {pos.to_id()}
            continue
        assert cands[0]["position_id"] == bot.choose(pos.to_id(), dice, LEVEL[level])
        assert {c["position_id"] for c in cands} == legal
        best = cands[0]["equity"]
        shown = [c for c in cands if c["ply"] == cands[0]["ply"]]
        assert [c["equity"] for c in shown] == sorted((c["equity"] for c in shown), reverse=True)
        for c in cands:
            assert c["loss"] == pytest.approx(best - c["equity"], abs=2e-6)
            assert 0 <= c["backgammon"] <= c["gammon"] <= c["win"] <= 1
            assert c["equity"] == pytest.approx(2 * c["win"] - 1 + c["gammon"] + c["backgammon"]
                                                - c["lose_gammon"] - c["lose_backgammon"], abs=1e-5)
        # the dice of the ID are used when none are given
        assert analyse_position(gnubg_id(pos, MatchInfo(dice=dice)), level=level)["candidates"] == cands


@pytest.mark.parametrize("level", ["quick", "deep"])
def test_the_cube_action_and_answer_are_the_bots(level):
    ps = positions(4, 3 if level == "deep" else 10)
    ps.append(Position.from_points({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {6: 5, 5: 5, 4: 5}))  # a race 60 to 75: cash
    for pos in ps:
        r = analyse_position(gnubg_id(pos, MatchInfo()), level=level)
        assert r["kind"] == "cube"
        c = r["cube_action"]
        assert c["best"] == bot.cube_action(pos.to_id(), level=LEVEL[level])
        assert c["action"] == cube_action({"best": c["best"], "equities": c["equities"]})
        assert c["action"].startswith("double" if c["best"] == "double" else ("no_double", "too_good"))
        take = analyse_position(gnubg_id(pos, MatchInfo(double_offered=True)), level=level)
        assert take["kind"] == "take" and take["best"] == bot.take_decision(pos.to_id(), level=LEVEL[level])
        assert take["best"] == ("take" if c["action"] in ("double_take", "no_double_take") else "pass")
    cash = r["cube_action"]
    assert cash["best"] == "double" and cash["action"] == "double_pass"


def test_each_roll_gets_its_best_play():
    pos = positions(8, 1)[0]
    r = analyse_position(gnubg_id(pos, MatchInfo()), level="quick")
    assert len(r["rolls"]) == 21 and sum(x["weight"] for x in r["rolls"]) == 36
    for x in r["rolls"]:
        cands = analyse_position(gnubg_id(pos, MatchInfo()), dice=tuple(x["dice"]))["candidates"]
        assert x["play"] == (cands[0]["play"] if cands else "") and x["plays"] == len(cands)
    # the average of the rolls' best plays is the 1-ply value of the position, about the cube's no-double
    assert sum(x["weight"] * x["equity"] for x in r["rolls"]) / 36 == pytest.approx(
        bot.evaluate(pos.to_id(), "strong")["equity"], abs=0.05)


def test_xgid_and_gnubg_id_agree_and_the_cube_and_score_count():
    pos = positions(21, 1)[0]
    for info in (MatchInfo(), MatchInfo(length=7, score=(2, 5), cube=2, cube_owner=1, dice=(6, 3)),
                 MatchInfo(length=5, score=(4, 1), crawford=True)):
        a = analyse_position(gnubg_id(pos, info))
        b = analyse_position(to_xgid(pos, info))
        assert a == b
        assert (a["match_length"], a["score"], a["cube"]) == (info.length, list(info.score), info.cube)
    assert a["cube_action"] is None  # the Crawford game: nobody doubles
    owned = analyse_position(gnubg_id(pos, MatchInfo(cube=2, cube_owner=1)))
    assert owned["cube_owner"] == "opponent" and owned["cube_action"] is None


@pytest.mark.parametrize("bad,dice,level", [
    ("", None, "quick"), ("4HPwATDgc/ABMA", None, "quick"), ("nonsense:MAHgACAAGAAA", None, "quick"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0", None, "quick"), ("4HPwATDgc/ABMA:MAAAAAAAAAAA", (0, 3), "quick"),
    ("4HPwATDgc/ABMA:MAAAAAAAAAAA", (1, 2, 3), "quick"), ("4HPwATDgc/ABMA:MAAAAAAAAAAA", None, "expert"),
    (None, None, "quick")])
def test_bad_input_is_refused_with_a_reason(bad, dice, level):
    with pytest.raises(bot.AnalysisError) as exc:
        analyse_position(bad, dice=dice, level=level)
    assert str(exc.value)


def test_a_finished_game_is_refused():
    over = Position.from_points({}, {6: 15})
    with pytest.raises(bot.AnalysisError, match="over"):
        analyse_position(gnubg_id(over, MatchInfo()))


def test_the_worker_answers_a_request_in_json():
    gid = gnubg_id(Position.initial(), MatchInfo())
    answer = json.loads(bot_worker.analyse_position(json.dumps({"position": gid, "dice": [3, 1], "level": "quick"})))
    assert answer == json.loads(json.dumps(analyse_position(gid, dice=(3, 1))))
    assert answer["candidates"][0]["play"] == "8/5 6/5"
    error = json.loads(bot_worker.analyse_position(json.dumps({"position": "nonsense"})))
    assert set(error) == {"error"} and error["error"]
