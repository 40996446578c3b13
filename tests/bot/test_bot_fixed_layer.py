"""The first layer in fixed point (``bot.fixed_layer``): its units against the plain float computation within the
bounds it states, the 0-ply choice it makes (the float ranking's, or the float path when it cannot be sure), and the
resignation look's winning chance."""
import math
import random
from array import array
from operator import truediv

import pytest

import bot
from bot import fixed_layer, play
from rules.board import ALL_ROLLS, swap
from rules.movegen import result_boards as results
from test_bot_board import random_game_positions
from test_bot_search import reference_pre, reference_with_extras


@pytest.fixture(scope="module")
def boards():
    return random_game_positions(seed=33, games=6)


def _units(layer, neg_pre: int) -> list[float]:
    """The pre-activations a packed (negated, offset) first layer holds, as floats (the reading ``denominators``
    makes before its exponentials)."""
    lanes = array("d", neg_pre.to_bytes(8 * layer.net.hidden, "little"))
    return [-(x - 1.5 * 2.0 ** (52 - layer.frac)) for x in lanes]


def test_a_packed_row_holds_each_unit_to_half_a_step():
    """Packing rounds each unit to the nearest multiple of 2 ** -frac, negative units and the extremes of the range
    included, and sums of packed rows are the sums of the rounded units, exactly."""
    layer = fixed_layer.of(bot.evaluator().contact)
    top = 2.0 ** layer.span
    rng = random.Random(3)
    step = 2.0 ** -layer.frac
    for _ in range(20):
        rows = [[rng.uniform(-top / 40, top / 40) for _ in range(layer.net.hidden)] for _ in range(30)]
        rows[0][:4] = [top * 0.99, -top * 0.99, step / 3, -step / 3]
        total = layer.neg_b1 - layer.pack([-x for x in layer.net.b1])  # the reading's offset alone
        for r in rows:
            total -= layer.pack(r)
        want = [sum(col) for col in zip(*rows)]
        for got, w in zip(_units(layer, total), want):
            assert abs(got - w) <= 30 * step / 2
        one = _units(layer, layer.neg_b1 - layer.pack([-x for x in layer.net.b1]) - layer.pack(rows[0]))
        assert one[2:4] == [0.0, 0.0] and one[0] == round(top * 0.99 / step) * step


def test_the_fixed_point_units_and_outputs_are_within_their_bounds(boards):
    """Every result of a few rolls, from the starting board's packed layer less a row per changed slot and the extra
    inputs' rows: each hidden unit's denominator 1 + exp(-a) as the plain float sum's (a row per occupied slot, the
    extra inputs added as first written) gives it, to within ``pre_error`` of a (and the rounding of exp), each
    output unit's pre-activation within ``logit_error`` of the float path's (``Network.outputs_of``'s denominators);
    contact and race networks, hits and bear-offs among them; the board from itself (no changed slot) as well."""
    ev = bot.evaluator()
    seen = set()
    worst = 0.0
    for b in boards[::6]:
        base = swap(b)
        for roll in ((3, 1), (6, 6), (5, 2), (6, 4)):
            sbs = [swap(r) for r in results(b, *roll)] + [base]
            for net in (ev.contact, ev.race):
                layer = fixed_layer.of(net)
                looks: list = []
                layer.win_looks(base, list(range(len(sbs))), sbs, looks)
                floats = net.denominators_of(base, net.hidden_pre(base), sbs)
                for sb, look, d in zip(sbs, looks, floats):
                    seen.add((net is ev.race, sb[0] != base[0]))
                    plain = reference_with_extras(net, reference_pre(net, sb), sb)
                    for got, a in zip(look[3], plain):
                        want = math.exp(-a)
                        assert abs((got - 1.0) - want) <= want * 2.5 * layer.pre_error + 4e-16 * got
                    for k in range(5):
                        fixed = net.b2[k] + sum(map(truediv, net.w2[k], look[3]))
                        exact = net.b2[k] + sum(map(truediv, net.w2[k], d))
                        assert abs(fixed - exact) <= layer.logit_error
                        worst = max(worst, abs(fixed - exact))
                    a = net.b2[0] + sum(map(truediv, net.w2[0], look[3]))
                    assert look[0] == (1.0 / (1.0 + math.exp(-a)) if a >= -40.0 else 4.248354255291589e-18)
    assert seen == {(False, False), (False, True), (True, False), (True, True)}
    assert 0.0 < worst < 1e-9  # the floats do differ, and the bound is not reached by far


def test_the_bounds_are_small_for_the_shipped_networks():
    """The shipped networks' bounds (computed from their weights): an equity within 1e-8, a winning chance within
    1e-9 (the resignation look's margin before it asks ``evaluate``); no fixed layer for the pruning network."""
    ev = bot.evaluator()
    for net in (ev.contact, ev.race):
        layer = fixed_layer.of(net)
        assert layer is fixed_layer.of(net)  # built once
        assert layer.frac >= 36
        assert 0.0 < layer.pre_error < 1e-10 and 0.0 < layer.equity_error < 1e-8
        assert layer.win_error < 1e-9 and fixed_layer.win_error(net) == layer.win_error
    assert fixed_layer.of(ev.pruner) is None


def test_the_0ply_choice_is_the_float_rankings_first_or_left_to_the_floats(boards, monkeypatch):
    """``play._fixed_choice`` gives the index ``rank_0ply`` puts first, over game positions with every roll, or None
    (the float path) when the best is not ahead by twice the equity bound: it decides most rolls, and none when the
    bound is made wide; ``best_0ply`` is the ranking's first either way, also when the fixed point overflows."""
    ev = bot.evaluator()
    decided = undecided = 0
    cases = []
    for b in boards[1::5]:
        for d in ALL_ROLLS:
            plays = results(b, *d)
            if len(plays) < 2:
                continue
            out, groups = play._exact_or_grouped(ev, b, plays)
            if not groups:
                continue
            ranked = play.rank_0ply(ev, b, d)
            first = plays.index(ranked[0][1])
            exact = sorted((-bot.network.equity(o), i) for i, o in enumerate(out) if o is not None)
            known = (exact[0] if exact else (math.inf, -1), exact[1][0] if len(exact) > 1 else math.inf)
            cases.append((b, d, groups, known, first))
            sure = play._fixed_choice(swap(b), groups, *known)
            if sure is None:
                undecided += 1
                assert ranked[1][0] > ranked[0][0] - 2e-8  # only a near tie is left to the floats
            else:
                decided += 1
                assert sure == first
    assert decided > 20 * max(undecided, 1)
    for net in (ev.contact, ev.race):
        monkeypatch.setattr(fixed_layer.of(net), "equity_error", 1.0)
    for b, d, groups, known, first in cases[::7]:
        assert play._fixed_choice(swap(b), groups, *known) is None
        assert play.best_0ply(ev, b, d) == results(b, *d)[first]

    def overflow(*args):
        raise OverflowError("beyond the range")
    for net in (ev.contact, ev.race):
        monkeypatch.setattr(fixed_layer.of(net), "win_looks", overflow)
    for b, d, groups, known, first in cases[::7]:
        assert play._fixed_choice(swap(b), groups, *known) is None
        assert play.best_0ply(ev, b, d) == results(b, *d)[first]


def test_an_extra_input_beyond_its_range_and_a_unit_beyond_700_are_refused():
    """An extra input outside 0..1 (the lanes are sized for inputs within it), and a unit whose exponential
    overflows, raise ``OverflowError`` (the callers then take the float path) instead of giving wrong floats."""
    net = bot.evaluator().contact
    layer = fixed_layer.of(net)
    for value in (1.5, -0.25):
        with pytest.raises(OverflowError):
            layer._input(3, value)
    assert layer._input(3, 1.0) == layer.pack(net.extra_rows[3])
    far = layer.neg_b1 - layer.pack([-x for x in net.b1]) + layer.pack([800.0] + [0.0] * (net.hidden - 1))
    with pytest.raises(OverflowError):
        layer.denominators(far)


def test_the_resignation_looks_win_chance_is_within_its_bound(boards):
    """``fixed_layer.win_chance`` (from scratch in fixed point) within ``win_error`` of ``Network.evaluate``'s first
    output, over contact and race positions, and ``Network.win_chance`` (its float fallback) within 1e-12."""
    ev = bot.evaluator()
    kinds = set()
    for b in boards[::4]:
        net = ev.net_for(b)
        kinds.add(net is ev.race)
        want = net.evaluate(b)[0]
        assert abs(fixed_layer.win_chance(net, b) - want) <= fixed_layer.win_error(net)
        assert net.win_chance(b) == pytest.approx(want, abs=1e-12)
    assert kinds == {False, True}
