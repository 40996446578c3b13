"""The version-3 and -4 inputs (``bot.features.side_extras``, ``hit_stats``): hand-counted cases and properties."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import features
from test_bot_board import random_game_positions


def side(**points) -> tuple[int, ...]:
    """26 counts from a side's own ace: p<N>=count, bar=count; the rest borne off."""
    c = [0] * 26
    for k, v in points.items():
        c[25 if k == "bar" else int(k[1:])] = v
    c[0] = 15 - sum(c[1:])
    return tuple(c)


def escape_by_brute_force(blocked: set[int]) -> int:
    """Rolls out of 36 taking a checker beyond every blocked distance (<= 12), moving die by die."""
    far = max(blocked)
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            orders = [(a, a, a, a)] if a == b else [(a, b), (b, a)]
            ok = False
            for steps in orders:
                pos = 0
                for s in steps:
                    pos += s
                    if pos in blocked:
                        break
                    if pos > far:
                        ok = True
                        break
            n += ok
    return n


@given(st.sets(st.integers(1, 12), min_size=1))
def test_escape_table_equals_moving_die_by_die(blocked):
    mask = sum(1 << (d - 1) for d in blocked)
    assert features.ESCAPES[mask] == escape_by_brute_force(blocked)


def test_escape_counts_by_hand():
    assert features.ESCAPES[0] == 36
    # One block 6 pips ahead: every non-double totalling 7+ (18 of them) and 4-4, 5-5 (6-6 lands on it).
    assert features.ESCAPES[1 << 5] == 20
    # A six-prime directly ahead: nothing passes it.
    assert features.ESCAPES[0b111111] == 0
    # A five-prime 1..5 ahead: only sixes jump it (11 rolls), but 6-6 is fine too: 11.
    assert features.ESCAPES[0b11111] == 11


def test_extras_of_a_checker_behind_a_full_prime():
    # Their prime on their points 7..12 (my 13..18); my last checker on my 24-point.
    theirs = side(p7=2, p8=2, p9=2, p10=2, p11=2, p12=3)
    mine = side(p24=1, p6=5, p8=3)
    esc, contain, prime, closed, bar, behind = features.side_extras(mine, theirs)
    assert esc == 0.0
    assert contain == 1.0
    assert prime == pytest.approx(1 / 6)  # my points 6 and 8 are made but not consecutive
    assert closed == 0.0 and bar == 0.0  # their home board is open
    assert behind == pytest.approx(1 / 15)  # only my 24-point checker is behind their rearmost (their 12)
    # Their view: my prime is nothing; their prime of six is capped at 1.
    _, _, their_prime, _, _, their_behind = features.side_extras(theirs, mine)
    assert their_prime == 1.0
    # My checker on my 24 is on their 1-point: their 13 checkers on the board are all behind it.
    assert their_behind == pytest.approx(13 / 15)


def test_extras_on_the_bar_against_a_closed_board():
    theirs = side(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    mine = side(bar=1, p6=5)
    esc, contain, _, closed, bar, _ = features.side_extras(mine, theirs)
    assert closed == 1.0 and bar == 1.0
    assert esc == 0.0  # the bar checker cannot pass their six home points
    open_one = side(p1=2, p2=2, p3=2, p4=2, p5=2, p13=5)
    _, _, _, closed5, bar5, _ = features.side_extras(mine, open_one)
    assert closed5 == pytest.approx((5 / 6) ** 2) == bar5
    _, _, _, closed_home, bar_off, _ = features.side_extras(side(p6=5), open_one)
    assert closed_home == pytest.approx((5 / 6) ** 2) and bar_off == 0.0


def test_no_contact_means_free_escape_and_nothing_to_pass():
    mine = side(p1=5, p2=5, p3=5)
    theirs = side(p1=5, p2=5, p3=5)
    esc, contain, prime, closed, bar, behind = features.side_extras(mine, theirs)
    assert esc == 1.0 and behind == 0.0
    assert prime == pytest.approx(3 / 6)
    assert closed == pytest.approx((3 / 6) ** 2)


@settings(max_examples=60, deadline=None)  # a whole random game per example: no timing here
@given(st.integers(0, 10_000))
def test_extras_stay_in_the_unit_interval(seed):
    for b in random_game_positions(seed=seed, games=1)[::3]:
        x = features.extras(b)
        assert len(x) == features.N_INPUTS - features.N_BASE
        assert all(0.0 <= v <= 1.0 for v in x)
        # the encoding is symmetric: swapping the sides swaps the two halves
        y = features.extras((b[1], b[0]))
        k = features.SIDE_EXTRAS
        h = 2 + 2 * k
        assert y[:2] == x[1::-1]
        assert y[2:2 + k] == x[2 + k:h] and y[2 + k:h] == x[2:2 + k]
        assert y[h:h + 2] == x[h + 2:] and y[h + 2:] == x[h:h + 2]


def distances_of_roll(a: int, b: int) -> set[int]:
    """The distances (at most 12, as the shot model counts them) one checker can move with a roll."""
    return {d for d in {a, b, a + b} | ({3 * a, 4 * a} if a == b else set()) if d <= 12}


def hit_stats_by_brute_force(hitter, target) -> tuple[float, float, float]:
    """Roll by roll: which of the target's blots some hitter checker reaches (blocks ignored)."""
    blots = [q for q in range(1, 25) if target[q] == 1]
    hitting = [p for p in range(1, 26) if hitter[p]]
    any_, two, loss = 0, 0, 0
    for a in range(1, 7):
        for b in range(1, 7):
            ds = distances_of_roll(a, b)
            # the blot on the target's point q is on the hitter's point 25 - q
            hit = [q for q in blots if any(p - (25 - q) in ds for p in hitting)]
            any_ += bool(hit)
            two += len(hit) >= 2
            loss += max((25 - q for q in hit), default=0)
    return any_ / 36, two / 36, loss / 36 / 24


@settings(max_examples=40, deadline=None)  # a whole random game per example: no timing here
@given(st.integers(0, 10_000))
def test_hit_stats_equal_counting_roll_by_roll(seed):
    for b in random_game_positions(seed=seed, games=1)[::2]:
        for hitter, target in (b, (b[1], b[0])):
            got = features.hit_stats(hitter, target)
            assert got == pytest.approx(hit_stats_by_brute_force(hitter, target), abs=1e-12)
            assert got[0] == features.hit_share(hitter, target)


def test_hit_stats_by_hand():
    # My one checker on my 13-point. Their blot on their 6-point is on my 19, behind it: no shot. Their
    # blot on their 19-point is on my 6, 7 pips ahead: 6 rolls.
    mine = side(p13=1, p1=14)
    assert features.hit_stats(mine, side(p6=1, p1=14)) == (0.0, 0.0, 0.0)
    one = features.hit_stats(mine, side(p19=1, p1=14))
    assert one == pytest.approx((6 / 36, 0.0, 6 * (25 - 19) / 36 / 24))
    # Two blots 1 and 2 pips ahead (my 12 and 11 = their 13 and 14): a roll threatens both when it holds
    # both distances (the model counts distances only).
    two = features.hit_stats(mine, side(p13=1, p14=1))
    both = sum(1 for a in range(1, 7) for b in range(1, 7) if {1, 2} <= distances_of_roll(a, b))
    assert two[1] == pytest.approx(both / 36)
    # The costlier blot is the one further advanced for them (their 13-point loses 12 pips, the 14 11).
    assert two[2] > features.hit_stats(mine, side(p14=1, p1=14))[2]
