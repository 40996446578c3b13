"""The analysis against the real GNU Backgammon (PyPI ``gnubg``): its luck bands are GNU's own
(``gnubg.luckrating``), and the best play ``bot.analyse_position`` finds is one GNU
Backgammon's 2-ply judgement (tools/bench/gnubg_analysis.py) does not call an error."""
from __future__ import annotations

import random

import pytest

import rules

gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")

import bot  # noqa: E402  (after the importorskip)
from bot import analysis as A  # noqa: E402
from bot import analysis_stats as S  # noqa: E402
from bot import play as bot_play  # noqa: E402
from rules import MatchInfo, Position, gnubg_id  # noqa: E402
from tools.bench import gnubg_analysis  # noqa: E402

pytestmark = pytest.mark.xdist_group("gnubg")

GNU_LUCK = ("Go to bed", "Bad dice, man!", "None", "Good dice, man!", "Go to Las Vegas")


def test_luck_bands_are_gnubgs():
    for x in [i / 1000 for i in range(-150, 151)]:
        if any(abs(abs(x) - b) < 1e-4 for b in (0.03, 0.06)):
            continue
        assert S.luck_rating(x, 1) == GNU_LUCK[gnubg.luckrating(x)], x


def test_the_best_play_is_no_error_for_gnubg():
    rng = random.Random(7)
    games = [bot_play.self_play(bot.evaluator(), random.Random(s)) for s in (1, 2)]
    spots = rng.sample([spot for g in games for spot in g[1:]], 16)
    losses = []
    for board, dice in spots:
        pos = Position(board[0], board[1])
        r = bot.analyse_position(gnubg_id(pos, MatchInfo()), dice=dice, level="deep")
        if len(r["candidates"]) < 2:
            continue
        losses.append(gnubg_analysis.judge(pos.to_id(), dice, r["candidates"][0]["position_id"])["loss"])
    assert len(losses) >= 10
    assert max(losses) < 0.08 and sum(losses) / len(losses) < 0.02, losses


@pytest.mark.parametrize("length,score,cube", [(5, (0, 0), 1), (5, (0, 1), 2), (5, (0, 1), 4), (7, (2, 3), 2),
                                               (7, (4, 1), 2), (9, (0, 0), 8), (11, (3, 6), 4)])
def test_match_equity_as_money_is_gnubgs_normalisation_at_the_cube(length, score, cube):
    """A match-winning chance as equivalent money equity, per unit of the current cube: GNU Backgammon's
    ``mwc2eq`` (the same match equity table, Kazaross-XG2)."""
    ctx = rules.CubeInfo(cube, "center", length, score)
    info = gnubg.cubeinfo(cube, -1, 0, length, score, 0, 0)
    for mwc in (0.0, 0.2, 0.45, 0.5, 0.8, 1.0):
        assert A.emg(ctx, mwc) == pytest.approx(gnubg.mwc2eq(mwc, info), abs=1e-4), mwc


def test_quicks_look_at_a_play_the_network_charges_heavily_comes_nearer_gnubg_2_ply():
    """A play the 0-ply network alone charges 0.30 or more: quick's loss for it, after its 1-ply look, is nearer
    GNU Backgammon's 2-ply judgement than the network's own loss, over the plays of two self-play games (the
    network's largest errors are on the plays it charges most, so quick looks again at every one of them)."""
    games = [bot_play.self_play(bot.evaluator(), random.Random(s)) for s in (1, 2)]
    rows = []
    for board, dice in [spot for g in games for spot in g[1:]]:
        pos = Position(board[0], board[1])
        plain = A.move_options(pos, dice, "quick")
        heavy = [o for o in plain if plain[0]["equity"] - o["equity"] >= 0.30]
        if not heavy:
            continue
        made = heavy[0]
        opts = A.move_options(pos, dice, "quick", include=Position.from_id(made["position_id"]))
        quick = opts[0]["equity"] - next(o["equity"] for o in opts if o["position_id"] == made["position_id"])
        gnu = gnubg_analysis.judge(pos.to_id(), dice, made["position_id"])["loss"]
        rows.append((plain[0]["equity"] - made["equity"], quick, gnu))
    assert len(rows) >= 30
    network_off = sum(abs(net - gnu) for net, _, gnu in rows)
    quick_off = sum(abs(quick - gnu) for _, quick, gnu in rows)
    nearer = sum(abs(quick - gnu) < abs(net - gnu) for net, quick, gnu in rows)
    assert quick_off < 0.8 * network_off and nearer > len(rows) / 2, (quick_off, network_off, nearer, len(rows))
