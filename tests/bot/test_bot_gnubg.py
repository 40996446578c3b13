"""GNU Backgammon as the benchmarks' opponent (tools/bench/gnubg_opponent.py): our boards reach gnubg in its
conventions (Position IDs agree both ways, the side on roll is the one it evaluates, exact bear-offs agree
with our table), and its player plays legal, sensible moves."""
import random

import pytest

gnubg = pytest.importorskip("gnubg", reason="gnubg (pinned in requirements-test.txt) is not installed")

import rules  # noqa: E402  (after the importorskip)
from bot import bearoff  # noqa: E402
from bot.board import START_BOARD, pips, results, swap, winner_kind  # noqa: E402
from tools.bench import gnubg_opponent as gop  # noqa: E402


def random_boards(n, seed):
    """Boards (side on roll first) from random self-play games, with hits, bars and bear-offs."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = START_BOARD
        for _ in range(400):
            d = (rng.randint(1, 6), rng.randint(1, 6))
            r = rng.choice(results(b, *d))
            if winner_kind(r):
                break
            b = swap(r)
            out.append(b)
    return out[:n]


def test_position_ids_agree_both_ways():
    boards = random_boards(400, 1)
    assert any(b[0][25] for b in boards) and any(b[1][25] for b in boards)  # bars covered
    assert any(b[0][0] for b in boards)  # bear-offs covered
    for b in boards:
        pid = rules.Position(*b).to_id()
        assert gnubg.positionid(gop.to_gnubg(b)) == pid
        assert tuple(map(tuple, gop.to_gnubg(b))) == gnubg.positionfromid(pid)


def test_gnubg_evaluates_the_side_on_roll():
    # Our side on roll has two checkers on its ace point (13 off), theirs 15 on its six point: a sure
    # gammon for us; the same board seen by them: a sure gammon loss.
    mine = (13, 2) + (0,) * 24
    theirs = (0, 0, 0, 0, 0, 0, 15) + (0,) * 19
    o = gop.evaluate((mine, theirs))
    assert o[0] == pytest.approx(1.0) and o[1] == pytest.approx(1.0) and gop.equity(o) == pytest.approx(2.0)
    o = gop.evaluate((theirs, mine))
    assert o[0] == pytest.approx(0.0) and o[3] > 0.3


def test_start_position_is_even_for_either_side():
    o = gop.evaluate(START_BOARD)
    assert 0.5 < o[0] < 0.56  # the side on roll (who rolls first) is a little ahead
    # After the opening 3-1 played by gnubg (8/5 6/5), the other side, on roll, is behind.
    after = gop.choose(START_BOARD, (3, 1))
    assert gop.evaluate(swap(after))[0] < 0.5


def test_exact_bearoffs_agree_with_our_table():
    """In small bear-offs gnubg uses its exact two-sided database; our exact one-sided table gives the
    same chances (both optimal play; they differ only where minimising rolls is not maximising wins)."""
    rng = random.Random(3)
    checked = 0
    while checked < 150:
        sides = []
        for _ in range(2):
            pts = [0] * 6
            for _ in range(rng.randint(1, 6)):
                pts[rng.randint(0, 5)] += 1
            sides.append((15 - sum(pts),) + tuple(pts) + (0,) * 19)
        b = (sides[0], sides[1])
        ours = bearoff.outputs(b)
        assert ours is not None
        theirs = gop.evaluate(b)
        assert theirs[0] == pytest.approx(ours[0], abs=0.01), b
        checked += 1


def test_races_favour_the_side_ahead_in_pips():
    """Pure races (each side's 15 checkers on its points 1..12, so no contact) where one side leads by 20
    or more pips: gnubg and our pip count agree on who is ahead."""
    rng = random.Random(5)
    checked = 0
    while checked < 100:
        sides = []
        for _ in range(2):
            pts = [0] * 26
            for _ in range(15):
                pts[rng.randint(1, 12)] += 1
            sides.append(tuple(pts))
        b = (sides[0], sides[1])
        lead = pips(b[1]) - pips(b[0])  # positive: the side on roll needs fewer pips
        if abs(lead) >= 20:
            assert (gop.evaluate(b)[0] > 0.5) == (lead > 0), b
            checked += 1


def test_player_plays_legal_book_openings():
    # GNU Backgammon's book plays: 3-1 makes the five point, 6-5 runs a back checker to the midpoint.
    three_one = rules.Position(*gop.choose(START_BOARD, (3, 1)))
    assert three_one.mine[5] == 2 and three_one.mine[8] == 2 and three_one.mine[6] == 4
    six_five = gop.choose(START_BOARD, (6, 5))
    assert six_five[0][24] == 1 and six_five[0][13] == 6
    for b in random_boards(60, 7):
        d = (random.Random(pips(b[0])).randint(1, 6), 3)
        assert gop.choose(b, d) in results(b, *d)


def test_player_takes_a_winning_play():
    # One checker left on the ace: every roll bears it off, and the play that does is taken.
    mine = (14, 1) + (0,) * 24
    theirs = (0, 0, 0, 0, 0, 0, 15) + (0,) * 19
    assert winner_kind(gop.choose((mine, theirs), (2, 1))) == 2
