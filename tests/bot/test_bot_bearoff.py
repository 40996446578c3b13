"""The exact one-sided bear-off table: known values, optimality (Bellman equation) against an independent
recursion over the rules engine's plays, its file's hash, and its use by the bot in pure bear-offs."""
import hashlib
import random
from fractions import Fraction
from functools import lru_cache

import pytest

import bot
import rules
from bot import bearoff
from bot.bearoff_sha256 import BEAROFF_SHA256
from rules.board import ALL_ROLLS, swap
from rules.movegen import result_boards as results

TOL = 2.0 / bearoff.SCALE  # stored probabilities are rounded to 1/65535


def side(points):
    """A 26-slot side with ``points`` (checkers on points 1..6), the rest borne off."""
    return (15 - sum(points),) + tuple(points) + (0,) * 19


# The other side for the rules engine: one checker on its own ace point (far from our home board), the
# rest off, so the game is not over and nothing of theirs interferes with our bear-off.
THEIRS = (14, 1) + (0,) * 24


def rules_plays(points, roll):
    """One-sided results of ``roll`` by the rules engine (independent of the bot's generator)."""
    pid = rules.Position(side(points), THEIRS).to_id()
    out = set()
    for rid in rules.legal_results(pid, roll) or {pid}:
        pos = rules.Position.from_id(rid)
        out.add(tuple(pos[0][1:7]))
    return out


@lru_cache(maxsize=None)
def exact_dist(points):
    """Exact distribution (tuple of Fractions, index = rolls) minimising expected rolls, by recursion."""
    if not any(points):
        return (Fraction(1),)
    parts = []
    for roll in ALL_ROLLS:
        w = Fraction(1 if roll[0] == roll[1] else 2, 36)
        best = min((exact_dist(r) for r in sorted(rules_plays(points, roll))),
                   key=lambda d: sum(i * p for i, p in enumerate(d)))
        parts.append((w, best))
    n = max(len(d) for _, d in parts) + 1
    out = [Fraction(0)] * n
    for w, d in parts:
        for i, p in enumerate(d):
            out[i + 1] += w * p
    return tuple(out)


def table_dist(points):
    start, ps = bearoff.table().rolls_off(points)
    return [0.0] * start + ps


@pytest.fixture(scope="module", autouse=True)
def loaded():
    bearoff.load()


def test_the_files_hash_matches_and_the_assets_stay_small():
    data = bearoff.DEFAULT_PATH.read_bytes()
    assert hashlib.sha256(data).hexdigest() == BEAROFF_SHA256
    total = sum(p.stat().st_size for p in bearoff.DEFAULT_PATH.parent.iterdir())
    # The bear-off table and networks of 128 hidden units took under 400 KB; the pruning network adds 13 KB (and
    # halved strong's think time); networks of 256 hidden units take the weights from 190 KB to 361 KB (254 KB gzipped).
    # The bound catches a format that grows by accident (the first layers as text floats instead of int16 rows:
    # about a megabyte).
    assert total < 600_000, f"web/assets/bot/ holds {total} bytes"
    assert bearoff.table().max_checkers == 11


def test_a_tampered_or_truncated_table_is_refused_and_the_loaded_one_kept():
    before = bearoff.table()
    data = bytearray(bearoff.DEFAULT_PATH.read_bytes())
    data[1000] ^= 1
    with pytest.raises(bot.BearoffError):
        bot.load_bearoff(bytes(data))
    bad = bytes(data[:999])
    with pytest.raises(bot.BearoffError, match="truncated"):
        bearoff.parse(bad, None)
    with pytest.raises(bot.BearoffError, match="not a GBO1"):
        bearoff.parse(b"XXXX" + bytes(data[4:]), None)
    with pytest.raises(bot.BearoffError):
        bot.load_bearoff(path="/nonexistent/bearoff.bin")
    assert bearoff.table() is before


def test_index_is_a_bijection_onto_the_table():
    for n in (3, 11, 15):
        ps = bearoff.all_positions(n)
        assert len(ps) == bearoff.n_positions(n)
        assert [bearoff.index(p, n) for p in ps] == list(range(len(ps)))
    assert bearoff.n_positions(15) == 54264


def test_known_values():
    t = bearoff.table()
    assert t.rolls_off((0,) * 6) == (0, [1.0])
    assert t.rolls_off((1, 0, 0, 0, 0, 0)) == (1, [1.0])           # one checker on the 1-point: one roll
    assert t.rolls_off((2, 0, 0, 0, 0, 0)) == (1, [1.0])           # two on the 1-point: any roll
    # Two checkers on the 6-point: in one roll only with 3-3, 4-4, 5-5, 6-6 (a non-double has one move per checker
    # and would need a 6 for each). The full distribution from the exact recursion:
    d = table_dist((0, 0, 0, 0, 0, 2))
    assert d[1] == pytest.approx(4 / 36, abs=TOL)
    exact = exact_dist((0, 0, 0, 0, 0, 2))
    assert exact[1] == Fraction(4, 36)
    assert sum(exact) == 1
    assert d == pytest.approx([float(p) for p in exact], abs=TOL)
    # One checker on the 6-point: off in one roll unless the roll moves it under 6 pips: 1-1 (4 pips), 1-2,
    # 1-3, 1-4, 2-3 (2 ways each): 9 of 36; then any roll finishes.
    assert table_dist((0, 0, 0, 0, 0, 1)) == pytest.approx([0.0, 27 / 36, 9 / 36], abs=TOL)


def test_table_equals_the_exact_recursion_on_small_positions():
    # Every position of up to 3 checkers (84 positions), against exact fractions from the rules engine.
    for pts in bearoff.all_positions(3):
        exact = [float(p) for p in exact_dist(pts)]
        got = table_dist(pts)
        n = max(len(exact), len(got))
        assert got + [0.0] * (n - len(got)) == pytest.approx(exact + [0.0] * (n - len(exact)), abs=TOL), pts


def test_bellman_equation_holds_on_sampled_positions():
    """E(p) = 1 + sum over rolls of the least E among the plays (the bot's generator)."""
    t = bearoff.table()
    rng = random.Random(4)
    ps = bearoff.all_positions(11)
    for pts in rng.sample(ps[1:], 150):
        total = 0.0
        for roll in ALL_ROLLS:
            w = 1 if roll[0] == roll[1] else 2
            total += w / 36 * min(t.expected_rolls(m[1:7]) for m, _ in results((side(pts), THEIRS), *roll))
        assert t.expected_rolls(pts) == pytest.approx(1.0 + total, abs=1e-3), pts


def _win_after(points, other_points):
    """Exact cubeless chance that the side with ``points`` wins when the other side (``other_points``) is on roll,
    from the two one-sided distributions of the table: the other side wins if it needs no more rolls than we do."""
    d_me, d_them = table_dist(points), table_dist(other_points)
    them_done_by = [sum(d_them[: i + 1]) for i in range(len(d_them))]
    return sum(p * (1.0 - (them_done_by[i] if i < len(them_done_by) else 1.0)) for i, p in enumerate(d_me))


def test_the_bots_bear_off_play_maximises_the_exact_winning_chance():
    """In pure bear-offs with no gammon possible, the bot's play (intermediate, 0-ply) is one whose
    winning chance, computed here independently from the two one-sided distributions, is the largest of all plays:
    a bot that ignored the table, or read it the wrong way round, picks a worse play on some of these."""
    rng = random.Random(8)
    other_points = (2, 2, 2, 1, 0, 0)
    checked = differs = 0
    for pts in rng.sample(bearoff.all_positions(11)[1:], 40):
        for roll in ((6, 5), (4, 2), (3, 3), (2, 1)):
            pid = rules.Position(side(pts), side(other_points)).to_id()
            results_ = rules.legal_results(pid, roll)
            if len(results_) < 2:
                continue
            wins = {tuple(rules.Position.from_id(r)[0][1:7]): _win_after(tuple(rules.Position.from_id(r)[0][1:7]),
                                                                         other_points)
                    for r in results_}
            best = max(wins.values())
            chosen = tuple(rules.Position.from_id(bot.choose(pid, roll, "intermediate"))[0][1:7])
            assert wins[chosen] == pytest.approx(best, abs=1e-3), (pts, roll)
            checked += 1
            differs += min(wins.values()) < best - 1e-3
    assert checked > 50 and differs > 10  # the sample holds real choices, not only plays that are all alike


def test_outputs_in_pure_bear_offs():
    me = side((1, 0, 0, 0, 0, 0))
    them = side((0, 0, 0, 0, 0, 2))
    assert bearoff.outputs((me, them)) == (1.0, 0.0, 0.0, 0.0, 0.0)  # I am off with any roll
    w, gw, bw, gl, bl = bearoff.outputs((them, me))
    assert w == pytest.approx(4 / 36, abs=TOL)                      # they need 3-3 .. 6-6 at once
    assert gw == bw == gl == bl == 0.0                                # both sides have checkers off
    # Symmetric race, side on roll: P(win) > 1/2; and P(A on roll wins) + P(B on roll wins) > 1.
    a, b = side((2, 2, 1, 1, 0, 0)), side((0, 1, 1, 2, 1, 0))
    pa, pb = bearoff.outputs((a, b))[0], bearoff.outputs((b, a))[0]
    assert 0.0 < pa < 1.0 and 0.0 < pb < 1.0 and pa + pb > 1.0
    # Not a pure bear-off (a checker outside home), or beyond the table (12 checkers): None.
    far = list(a)
    far[7], far[1] = 1, far[1] - 1
    assert bearoff.outputs((tuple(far), b)) is None
    assert bearoff.outputs((side((2, 2, 2, 2, 2, 2)), b)) is None


def test_the_bot_uses_the_table_in_pure_bear_offs():
    me = side((0, 2, 0, 1, 0, 2))
    them = side((3, 0, 0, 0, 1, 0))
    pid = rules.Position(me, them).to_id()
    p = bot.evaluate(pid)
    assert p["win"] == pytest.approx(bearoff.outputs((me, them))[0])
    # The 0-ply play maximises the exact winning chance.
    for roll in ((6, 1), (2, 1), (5, 4)):
        got = rules.Position.from_id(bot.choose(pid, roll, "intermediate"))
        got_b = (got[0], got[1])
        wins = [1.0 - bearoff.outputs(swap(b))[0] for b in results((me, them), *roll)]
        assert 1.0 - bearoff.outputs(swap(got_b))[0] == pytest.approx(max(wins))
