"""bot.rollout_eval: the rollout's looks evaluate boards as the networks do, whatever its kept rows held before."""
import random
import sys
from operator import mul

import pytest

import bot
from bot import fixed_layer, play, rollout_eval
from bot.rollout_eval import LookNet, look_evaluator
from rules.board import ALL_ROLLS, swap
from rules.movegen import result_boards
from rules import Position

R = sys.modules["bot.rollout"]


@pytest.fixture(scope="module")
def ev():
    return bot.evaluator()


def look_cases(ev, games: int = 3, seed: int = 5):
    """(network index, swapped starting board, swapped play) for every play of every roll from the positions of a
    few self-play games: the boards a look evaluates, contact and race."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        for board, _dice in play.self_play(ev, rng)[::3]:
            base = swap(board)
            for a, b in ALL_ROLLS[::4]:
                for r in result_boards(board, a, b):
                    sb = (r[1], r[0])
                    net = ev.net_for(sb)
                    out.append((net, base, sb))
    return out


def test_look_outputs_agree_with_the_networks(ev):
    """Every play of every fourth roll of self-play positions: the fixed-point path within 1e-11 of the networks'
    own outputs, the float rows' path (``fixed=False``) within 1e-12."""
    view = look_evaluator(ev)
    floats = {id(ev.contact): LookNet(ev.contact, fixed=False), id(ev.race): LookNet(ev.race, fixed=False)}
    cases = look_cases(ev)
    assert len(cases) > 2000
    races = 0
    worst = 0.0
    for net, base, sb in cases:
        look = view.race if net is ev.race else view.contact
        assert isinstance(look, LookNet) and look.net is net
        assert look._fixed is fixed_layer.of(net) is not None  # the shipped networks take the fixed point
        races += net is ev.race
        want = net.outputs_from(base, net.hidden_pre(base), sb)
        got = look.outputs_from(base, look.hidden_pre(base), sb)
        diff = max(abs(x - y) for x, y in zip(want, got))
        assert diff < 1e-11, (base, sb)
        worst = max(worst, diff)
        plain = floats[id(net)].outputs_from(base, net.hidden_pre(base), sb)
        assert max(abs(x - y) for x, y in zip(want, plain)) < 1e-12, (base, sb)
        assert 0.0 <= got.backgammon_win <= got.gammon_win <= got.win <= 1.0
        assert 0.0 <= got.backgammon_loss <= got.gammon_loss <= 1.0 - got.win
    assert races > 50  # both networks are looked at
    assert worst > 0.0  # the fixed point is the path taken: its floats are not the float path's


@pytest.mark.parametrize("fixed", [True, False])
def test_look_outputs_do_not_depend_on_the_rows_kept(ev, monkeypatch, fixed):
    cases = look_cases(ev, games=2, seed=11)

    def run(order, kept):
        monkeypatch.setattr(rollout_eval, "ROWS_KEPT", kept)
        monkeypatch.setattr(fixed_layer, "ROWS_KEPT", kept)
        for net in (ev.contact, ev.race):
            monkeypatch.setattr(net, "_fixed", False)  # a fresh fixed-point layer: nothing kept yet
        nets = {id(ev.contact): LookNet(ev.contact, fixed), id(ev.race): LookNet(ev.race, fixed)}
        assert (nets[id(ev.contact)]._fixed is not None) is fixed
        return {(base, sb): nets[id(net)].outputs_from(base, net.hidden_pre(base), sb) for net, base, sb in order}

    first = run(cases, 2048)
    again = run(list(reversed(cases)), 3)  # another order, each store cleared every few rows
    assert first == again  # the very floats


def test_without_a_fixed_layer_the_float_rows_are_used(ev, monkeypatch):
    """A big-endian machine has no fixed-point layer, and a board beyond its range is done in floats: either way
    the outputs are the float rows' path's, the very floats."""
    cases = look_cases(ev, games=1, seed=7)[::5]
    want = [LookNet(net, fixed=False).outputs_from(base, net.hidden_pre(base), sb) for net, base, sb in cases]
    monkeypatch.setattr(ev.contact, "_fixed", False)
    monkeypatch.setattr(ev.race, "_fixed", False)
    monkeypatch.setattr(sys, "byteorder", "big")
    big = {id(ev.contact): LookNet(ev.contact), id(ev.race): LookNet(ev.race)}
    assert big[id(ev.contact)]._fixed is None and big[id(ev.race)]._fixed is None
    assert [big[id(net)].outputs_from(base, net.hidden_pre(base), sb) for net, base, sb in cases] == want
    monkeypatch.setattr(sys, "byteorder", "little")
    monkeypatch.setattr(ev.contact, "_fixed", False)
    monkeypatch.setattr(ev.race, "_fixed", False)
    out = {id(ev.contact): LookNet(ev.contact), id(ev.race): LookNet(ev.race)}

    def beyond(neg_base, base, board):
        raise OverflowError("a unit beyond the fixed point's range")

    for look in out.values():
        assert look._fixed is not None
        monkeypatch.setattr(look._fixed, "hidden_from", beyond)
    assert [out[id(net)].outputs_from(base, net.hidden_pre(base), sb) for net, base, sb in cases] == want


def test_sum_of_products_fallback():
    w, h = [0.5, -1.25, 3.0], [2.0, 0.1, -0.3]
    assert rollout_eval._sum_of_products(w, h) == sum(map(mul, w, h))


def test_look_evaluator_is_kept_and_keeps_its_networks(ev):
    view = look_evaluator(ev)
    assert look_evaluator(ev) is view
    pruned = view.pruned(R.PRUNE)
    assert pruned.prune == R.PRUNE and pruned.pruner is ev.pruner
    assert isinstance(pruned.contact, LookNet) and isinstance(view.pruned(R.LOOK).race, LookNet)
    assert view.pruned(0) is view
    # what the look does not change is the network's own: a leaf's evaluation, the pruning network's scores
    board = swap(play.self_play(ev, random.Random(3))[4][0])
    assert view.evaluate(board) == ev.evaluate(board)


def test_rollout_with_the_look_networks_matches_the_plain_one(ev, monkeypatch):
    """The same rollout with the networks' own path for the looks: the same figures but for the last bits."""
    board, dice = play.self_play(ev, random.Random(2024))[12]
    pid = Position(*board).to_id()
    kwargs = dict(dice=dice, trials=12, truncate=5, seed=3)
    fast = bot.rollout(pid, **kwargs)
    monkeypatch.setattr(R, "look_evaluator", lambda e: e)
    plain = bot.rollout(pid, **kwargs)
    assert [c["candidate"] for c in fast["candidates"]] == [c["candidate"] for c in plain["candidates"]]
    for a, b in zip(fast["candidates"], plain["candidates"]):
        for k in ("equity", "cubeless_equity", "win", "gammon_win", "gammon_loss", "equity_ci"):
            assert a[k] == pytest.approx(b[k], abs=2e-6), k
