"""The analysis' luck and statistics (bot/analysis_stats.py, docs/analysis.md): each roll's luck averages to
zero over the 21 rolls for the evaluator it is measured with, a joker is lucky and a dance unlucky, the
statistics count every kind of cube error from constructed decisions, and on played records every total is
the sum of its decisions."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import bot
import game
from bot import analysis as A
from bot import analysis_stats as S
from bot import play as bot_play
import rules
from rules.board import ALL_ROLLS, swap, winner_kind
from rules.movegen import result_boards
from rules.position import Position
from game import intents as I

pytestmark = pytest.mark.filterwarnings("ignore")


def boards(seed: int, n: int) -> list:
    """Boards (the side on roll first) from a random game of random legal plays: hits, bars, races."""
    rng = random.Random(seed)
    out = []
    b = bot_play.START_BOARD
    for _ in range(200):
        d = (rng.randint(1, 6), rng.randint(1, 6))
        r = rng.choice(result_boards(b, *d))
        if winner_kind(r):
            break
        b = swap(r)
        out.append(b)
    rng.shuffle(out)
    return out[:n]


def ev():
    return bot.evaluator().pruned(A.DEEP_PRUNE)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), match=st.booleans())
def test_luck_averages_to_zero_over_the_21_rolls(seed, match):
    ctx = rules.CubeInfo(match_length=7, score=(2, 4)) if match else rules.CubeInfo()
    value = lambda o: A._cubeless_value(o, ctx)  # noqa: E731
    # Before either side bears off (once one has, a roll may no longer change who wins: every roll's luck is 0).
    undecided = [b for b in boards(seed, 1000) if not (b[0][0] or b[1][0])]
    assert len(undecided) >= 2
    for board in undecided[:2]:
        lucks = [(1 if r[0] == r[1] else 2) * S.roll_luck(ev(), board, r, value)[0] for r in ALL_ROLLS]
        assert abs(sum(lucks) / 36.0) < 1e-9
        # some rolls are better than the average and some worse, unless every roll comes to the same value: then
        # each roll's luck is nil
        assert max(lucks) > 0 > min(lucks) or max(map(abs, lucks)) < 1e-12
        first = [2 * S.roll_luck(ev(), board, r, value, first=True)[0] for r in ALL_ROLLS if r[0] != r[1]]
        assert abs(sum(first) / 30.0) < 1e-9


def test_the_average_is_the_one_ply_evaluation():
    """The averaged outputs are ``play.evaluate_1ply_board``'s, which the deep analysis reuses."""
    for board in boards(3, 4):
        _, mean, _ = S.roll_luck(ev(), board, (3, 1), bot_play.equity)
        assert mean == pytest.approx(bot_play.evaluate_1ply_board(ev(), board), abs=1e-12)


def test_a_joker_is_lucky_and_a_dance_unlucky():
    # Four checkers on the six point against a back game: 6-6 bears them all off and wins, nothing else does.
    bear = Position.from_points({6: 4}, {24: 2, 23: 2, 13: 5, 8: 3, 6: 3})
    luck66 = S.roll_luck(ev(), (bear[0], bear[1]), (6, 6), bot_play.equity)[0]
    luck21 = S.roll_luck(ev(), (bear[0], bear[1]), (2, 1), bot_play.equity)[0]
    assert luck66 > 0.5 > 0 > luck21
    # On the bar against a five-point board: only a 6 enters, so 6-6 is lucky and 5-4 a dance.
    bar = Position.from_points({"bar": 1, 13: 5, 8: 3, 6: 6}, {5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 5})
    board = (bar[0], bar[1])
    assert S.roll_luck(ev(), board, (5, 4), bot_play.equity)[0] < 0 < S.roll_luck(ev(), board, (6, 6),
                                                                                     bot_play.equity)[0]


def test_luck_rating_bands():
    assert [S.luck_rating(x, 10) for x in (-0.2, -0.05, 0.0, 0.03, 0.05, 0.2)] == [
        "Go to bed", "Bad dice, man!", "None", "None", "Good dice, man!", "Go to Las Vegas"]
    assert S.luck_rating(0.0, 0) == "N/A"


def row(player, kind, played, best, loss, equities=None, **kw):
    r = {"player": player, "kind": kind, "played": played, "best": best, "loss": loss, "forced": False,
         "mark": A.mark(loss)}
    if equities:
        r["equities"] = equities
    r.update(kw)
    return r


def test_statistics_count_each_kind_of_error():
    nd_take = {"no_double": 0.5, "double_take": 0.6, "double_pass": 1.0}   # double, take
    nd_pass = {"no_double": 0.8, "double_take": 1.3, "double_pass": 1.0}   # double, pass
    early = {"no_double": 0.2, "double_take": 0.1, "double_pass": 1.0}     # no double yet
    too_good = {"no_double": 1.2, "double_take": 1.5, "double_pass": 1.0}  # too good: play on
    rows = [[
        row(0, "move", "a", "b", 0.1, luck=0.5, cube_value=1),
        row(0, "move", "a", "a", 0.0, luck=-0.2, cube_value=2),
        dict(row(0, "move", "a", "a", 0.0, luck=0.7, cube_value=1), forced=True),
        row(1, "move", "a", "b", 0.2, luck=-0.7, cube_value=1),
        row(0, "double", "no_double", "double", 0.1, nd_take),
        row(0, "double", "no_double", "double", 0.2, nd_pass),
        row(1, "double", "double", "no_double", 0.1, early),
        row(1, "double", "double", "no_double", 0.2, too_good),
        row(1, "double", "double", "double", 0.0, nd_take),
        row(0, "take", "take", "pass", 0.3, {"take": -1.3, "pass": -1.0}),
        row(0, "take", "pass", "take", 0.05, {"take": -0.95, "pass": -1.0}),
        row(1, "take", "take", "take", 0.0, {"take": -0.5, "pass": -1.0}),
    ]]
    games = [{"result": {"winner": 0, "points": 2, "kind": "single"}}]
    p0, p1 = S.statistics(rows, games, A.rating)
    c0, c1 = p0["checker"], p1["checker"]
    assert (c0["moves"], c0["unforced"], c0["loss"], c0["marks"]["bad"]) == (3, 2, 0.1, 1)
    assert c0["error_rate"] == pytest.approx(50.0) and c1["marks"]["very bad"] == 1
    k0, k1 = p0["cube"], p1["cube"]
    assert k0["missed_doubles_below_cash"] == {"count": 1, "loss": 0.1}
    assert k0["missed_doubles_above_cash"] == {"count": 1, "loss": 0.2}
    assert k0["wrong_takes"] == {"count": 1, "loss": 0.3} and k0["wrong_passes"] == {"count": 1, "loss": 0.05}
    assert (k0["decisions"], k0["takes"], k0["passes"], k0["doubles"]) == (4, 1, 1, 0)
    assert k1["wrong_doubles_below_double_point"] == {"count": 1, "loss": 0.1}
    assert k1["wrong_doubles_above_too_good"] == {"count": 1, "loss": 0.2}
    assert (k1["decisions"], k1["doubles"], k1["takes"]) == (4, 3, 1)
    assert k1["error_rate"] == pytest.approx(75.0) and k0["error_rate"] == pytest.approx(162.5)
    l0, l1 = p0["luck"], p1["luck"]
    assert (l0["rolls"], l0["total"], l0["points"], l0["joker"]) == (3, 1.0, pytest.approx(0.8), 1)
    assert (l1["rolls"], l1["anti_joker"], l1["rating"]) == (1, 1, "Go to bed")
    assert (p0["result"], p1["result"]) == (2, -2)
    # luck-adjusted: the result less the luck in points of each side's own rolls over the other's
    assert p0["luck_adjusted_result"] == pytest.approx(2 - (0.8 - -0.7))
    assert p1["luck_adjusted_result"] == pytest.approx(-2 - (-0.7 - 0.8))


def bot_record(seed: int, **kw) -> dict:
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0, **kw), now=0)
    for _ in range(40):
        st_ = game.drive_bots(table, now=0)
        if st_.phase == game.MATCH_OVER or not kw.get("match_length"):
            break
        table.apply(I.NextGame())
    return table.record()


@pytest.mark.parametrize("seed,kw", [(6, {}), (3, {"match_length": 3})])
def test_statistics_of_a_played_record_add_up(seed, kw):
    record = bot_record(seed, **kw)
    result = A.analyse_record(record, "quick")
    assert result["version"] == 2
    rows = [d for g in result["games"] for d in g["decisions"]]
    for p, st_ in enumerate(result["players"]):
        mine = [d for d in rows if d["player"] == p]
        moves = [d for d in mine if d["kind"] == "move"]
        cube = [d for d in mine if d["kind"] in ("double", "take")]
        assert st_["checker"]["moves"] == len(moves) == st_["luck"]["rolls"]
        assert st_["checker"]["loss"] == pytest.approx(sum(d["loss"] for d in moves), abs=1e-5)
        assert st_["cube"]["decisions"] == len(cube)
        assert st_["checker"]["loss"] + st_["cube"]["loss"] == pytest.approx(st_["loss"], abs=1e-5)
        assert st_["luck"]["total"] == pytest.approx(sum(d["luck"] for d in moves), abs=1e-5)
        assert st_["luck"]["rate"] == pytest.approx(1000 * st_["luck"]["total"] / len(moves), abs=1e-3)
        assert st_["result"] == sum(g["result"]["points"] * (1 if g["result"]["winner"] == p else -1)
                                    for g in record["games"] if g["result"].get("winner") in (0, 1))
    assert sum(p["result"] for p in result["players"]) == 0
    assert sum(p["luck_adjusted_result"] for p in result["players"]) == pytest.approx(0, abs=1e-5)
    for g in result["games"]:
        turns = [d["turn"] for d in g["decisions"]]
        assert turns == sorted(turns) and turns[0] == 1
        for d in g["decisions"]:
            assert d["move"] == (d["turn"] + 1) // 2
            assert d["mark_key"] == {"": "none", "very bad": "very-bad"}.get(d["mark"], d["mark"])
            assert 0 <= d["chances_before"]["win"] <= 1 and "win" in d["chances"]
            if d["kind"] == "move":
                assert d["notation"] == d["play"]
            else:
                assert d["notation"] in S.NOTATION.values()
                assert d["chances_before"] == d["chances"]
        # a move's chances before are the next one's after the previous play, seen by the same evaluator
        first = next(d for d in g["decisions"] if d["kind"] == "move")
        assert first["chances_before"]["win"] != first["chances"]["win"]
