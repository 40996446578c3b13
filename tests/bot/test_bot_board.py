"""The bot's own play generator must give exactly the rules engine's result sets."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot.board import ALL_ROLLS, START_BOARD, is_race, pips, results, swap, winner_kind


def rules_results(board, dice):
    res = {r for _, r in rules.legal_plays(rules.Position(*board), dice)}
    return {tuple(r) for r in res} or {board}


def random_game_positions(seed: int, games: int):
    """Positions from random-play games (both sides choose uniformly among legal results)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        b = START_BOARD
        while True:
            out.append(b)
            d = (rng.randint(1, 6), rng.randint(1, 6))
            c = rng.choice(results(b, *d))
            if c[0][0] == 15:
                break
            b = swap(c)
    return out


@pytest.fixture(scope="module")
def game_positions():
    return random_game_positions(seed=7, games=40)


def test_every_roll_matches_the_rules_on_random_game_positions(game_positions):
    checked = 0
    for b in game_positions[::3]:
        for roll in ALL_ROLLS:
            mine = results(b, *roll)
            assert len(mine) == len(set(mine)), "duplicates in the result list"
            assert set(mine) == rules_results(b, roll), (b, roll)
            checked += 1
    assert checked > 5000


def test_dice_order_does_not_matter(game_positions):
    for b in game_positions[::17]:
        for a, c in ALL_ROLLS:
            assert set(results(b, a, c)) == set(results(b, c, a))


@st.composite
def boards(draw):
    """Arbitrary legal boards, often with everything home (bear-off corner cases) or checkers on the bar."""
    style = draw(st.sampled_from(["any", "home", "bar"]))
    hi = 6 if style == "home" else 24
    mine = [0] * 26
    for _ in range(15):
        slot = draw(st.integers(0, hi))
        if style == "bar" and draw(st.booleans()):
            slot = 25
        mine[slot] += 1
    if mine[0] == 15:
        mine[0], mine[1] = 14, 1
    theirs = [0] * 26
    allowed = [0, 25] + [q for q in range(1, 25) if mine[25 - q] == 0]
    if style == "home":
        allowed = [0] + [q for q in range(1, 7) if mine[25 - q] == 0] + [q for q in range(19, 25)
                                                                         if mine[25 - q] == 0]
    for _ in range(15):
        theirs[draw(st.sampled_from(allowed))] += 1
    if theirs[0] == 15:
        theirs[0] = 14
        theirs[allowed[-1]] += 1
    return tuple(mine), tuple(theirs)


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from(ALL_ROLLS))
def test_arbitrary_boards_match_the_rules(b, roll):
    assert set(results(b, *roll)) == rules_results(b, roll)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_board_queries_agree_with_rules(b):
    pos = rules.Position(*b)
    assert is_race(b) == pos.is_race()
    assert (pips(b[0]), pips(b[1])) == pos.pips()
    assert swap(b) == tuple(pos.swapped())


def test_winner_kind_single_gammon_backgammon():
    won = (15,) + (0,) * 25
    assert winner_kind((won, (1, 0, 0, 0, 0, 0, 14) + (0,) * 19)) == 1
    assert winner_kind((won, (0, 0, 0, 0, 0, 0, 15) + (0,) * 19)) == 2
    bg = [0] * 26
    bg[6], bg[19] = 14, 1
    assert winner_kind((won, tuple(bg))) == 3
    bar = [0] * 26
    bar[6], bar[25] = 14, 1
    assert winner_kind((won, tuple(bar))) == 3
    assert winner_kind(START_BOARD) == 0
    for kind in (1, 2, 3):
        mine, theirs = (won, (1, 0, 0, 0, 0, 0, 14) + (0,) * 19) if kind == 1 else \
            (won, (0, 0, 0, 0, 0, 0, 15) + (0,) * 19) if kind == 2 else (won, tuple(bg))
        assert rules.Position(mine, theirs).winner_kind() == winner_kind((mine, theirs))


def test_blocked_checker_on_the_bar_cannot_move():
    # Their whole home board closed: my checker on the bar stays, nothing else may move.
    theirs = [0] * 26
    for q in range(1, 7):
        theirs[q] = 2
    theirs[0] = 3
    mine = list(START_BOARD[0])
    mine[24] -= 2
    mine[25] += 1
    mine[13] += 1
    b = (tuple(mine), tuple(theirs))
    for roll in ALL_ROLLS:
        assert results(b, *roll) == [b]
