"""The bot's results-only path (``rules.result_boards``) against the full rules generator, and its order.

``result_boards`` must give exactly the results of ``rules.legal_plays`` (thousands of game positions and
hypothesis boards), and in a fixed order: the bot keeps the first of equally good plays, so the order is part
of which play it chooses. ``_in_bot_order`` below is the plain-tuple generator the bot used before its search
moved onto the rules engine, kept here as the reference for that order.
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.board import ALL_ROLLS, START_BOARD, is_race, pips, swap, winner_kind
from rules.movegen import result_boards as results


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


def _steps(mine, theirs, die, max_src):
    """(board, source) for each single move of ``die``, highest source first, sources <= ``max_src``."""
    out = []
    if mine[25]:
        if max_src == 25 and theirs[die] < 2:
            m = list(mine)
            m[25] -= 1
            m[25 - die] += 1
            t = list(theirs)
            if t[die]:
                t[die], t[25] = 0, t[25] + 1
            out.append(((tuple(m), tuple(t)), 25))
        return out
    highest = max((p for p in range(1, 25) if mine[p]), default=0)
    for p in range(min(max_src, highest), 0, -1):
        if not mine[p]:
            continue
        dest = p - die
        if dest > 0 and theirs[25 - dest] < 2 or dest <= 0 and highest <= 6 and (dest == 0 or p == highest):
            m, t = list(mine), list(theirs)
            m[p] -= 1
            m[max(dest, 0)] += 1
            if dest > 0 and t[25 - dest]:
                t[25 - dest], t[25] = 0, t[25] + 1
            out.append(((tuple(m), tuple(t)), p))
    return out


def _in_bot_order(board, d1, d2):
    """Doubles: breadth first, each board's first reach (sources never above the highest used so far);
    two dice: iteration order of a set filled depth first, d1 first; one die: highest source first."""
    if d1 == d2:
        level = {board: 25}
        for _ in range(4):
            reached = {}
            for (m, t), src in level.items():
                for nb, s in _steps(m, t, d1, src):
                    reached[nb] = max(s, reached.get(nb, 0))
            if not reached:
                break
            level = reached
        return list(level)
    full, partial = set(), {}
    for a, b in ((d1, d2), (d2, d1)):
        firsts = _steps(*board, a, 25)
        if firsts:
            partial[a] = [nb for nb, _ in firsts]
        for (m, t), _ in firsts:
            for nb, _ in _steps(m, t, b, 25):
                full.add(nb)
    if full:
        return list(full)
    if partial:
        return partial.get(max(d1, d2)) or partial[min(d1, d2)]
    return [board]


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


def test_results_come_in_the_bots_order(game_positions):
    """The exact list, order included, for both orders of the dice."""
    checked = 0
    for b in game_positions[::2]:
        for a, c in ALL_ROLLS:
            for d in ((a, c), (c, a)) if a != c else ((a, c),):
                assert results(b, *d) == _in_bot_order(b, *d), (b, d)
                checked += 1
    assert checked > 10000


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


@settings(max_examples=400, deadline=None)
@given(boards(), st.sampled_from(ALL_ROLLS), st.booleans())
def test_arbitrary_boards_match_the_rules_in_the_bots_order(b, roll, flip):
    d = roll[::-1] if flip else roll
    got = results(b, *d)
    assert set(got) == rules_results(b, roll)
    assert got == _in_bot_order(b, *d)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_board_queries_agree_with_rules(b):
    pos = rules.Position(*b)
    assert is_race(b) == pos.is_race()
    assert (pips(b[0]), pips(b[1])) == pos.pips()
    assert swap(b) == tuple(pos.swapped())
    assert winner_kind(b) == (pos.winner_kind() if pos.winner() == 0 else 0)


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
    assert winner_kind(((0,) * 6 + (15,) + (0,) * 19, won)) == 0, "only the side that moved can have won"
    for theirs in ((1, 0, 0, 0, 0, 0, 14) + (0,) * 19, (0, 0, 0, 0, 0, 0, 15) + (0,) * 19, tuple(bg)):
        assert rules.Position(won, theirs).winner_kind() == winner_kind((won, theirs))
        assert rules.Position(theirs, won).winner_kind() == winner_kind((won, theirs))


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
