"""The bot's own compact board model and fast play generation.

A board is a pair ``(mine, theirs)`` of 26-tuples of checker counts, each counted from its own side's
ace point: index 0 = borne off, 1..24 = points, 25 = bar. ``mine`` is the side on roll. This is the same
convention as ``rules.Position``; the bot keeps its own generator because search (1-ply lookahead,
self-play training) calls it hundreds of thousands of times and needs only the resulting boards, not
the play notation. ``tests/test_bot_board.py`` proves it produces exactly the rules' result sets.
"""
from __future__ import annotations

Board = tuple[tuple[int, ...], tuple[int, ...]]

START: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
START_BOARD: Board = (START, START)

ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls; a non-double has probability 2/36, a double 1/36."""


def roll_weight(roll: tuple[int, int]) -> int:
    """Number of the 36 ordered outcomes giving ``roll`` (1 for a double, 2 otherwise)."""
    return 1 if roll[0] == roll[1] else 2


def swap(board: Board) -> Board:
    """The same board seen by the other side (who becomes the side on roll)."""
    return board[1], board[0]


def is_race(board: Board) -> bool:
    """True when the two armies have passed each other (no hit is possible any more)."""
    mine, theirs = board
    back_mine = 0
    for p in range(25, 0, -1):
        if mine[p]:
            back_mine = p
            break
    back_theirs = 0
    for p in range(25, 0, -1):
        if theirs[p]:
            back_theirs = p
            break
    return back_mine + back_theirs <= 25


def pips(side: tuple[int, ...]) -> int:
    """Pip count of one side (the bar counts 25)."""
    return sum(p * side[p] for p in range(1, 26))


def _single_steps(mine: tuple[int, ...], theirs: tuple[int, ...], die: int, max_src: int) -> list[tuple[Board, int]]:
    """Every board reachable by moving one checker ``die`` pips, sources not above ``max_src``.

    Returns ``(board, source)`` pairs; the source lets doubles be generated in non-increasing source order,
    which reaches every distinct result exactly as the unordered moves do.
    """
    out: list[tuple[Board, int]] = []
    if mine[25]:
        if max_src < 25:
            return out
        dest = 25 - die
        opp = theirs[die]  # my point `dest` is their point 25 - dest = die
        if opp >= 2:
            return out
        m = list(mine)
        m[25] -= 1
        m[dest] += 1
        if opp == 1:
            t = list(theirs)
            t[die] = 0
            t[25] += 1
            out.append(((tuple(m), tuple(t)), 25))
        else:
            out.append(((tuple(m), theirs), 25))
        return out
    top = min(max_src, 24)
    highest = 0
    for p in range(24, 0, -1):
        if mine[p]:
            highest = p
            break
    home = highest <= 6
    for p in range(min(top, highest), 0, -1):
        if not mine[p]:
            continue
        dest = p - die
        if dest > 0:
            opp = theirs[25 - dest]
            if opp >= 2:
                continue
            m = list(mine)
            m[p] -= 1
            m[dest] += 1
            if opp == 1:
                t = list(theirs)
                t[25 - dest] = 0
                t[25] += 1
                out.append(((tuple(m), tuple(t)), p))
            else:
                out.append(((tuple(m), theirs), p))
        elif home and (dest == 0 or p == highest):
            m = list(mine)
            m[p] -= 1
            m[0] += 1
            out.append(((tuple(m), theirs), p))
    return out


def results(board: Board, d1: int, d2: int) -> list[Board]:
    """All distinct boards (not swapped) the side on roll can reach with the roll ``d1``-``d2``.

    Follows the rules in full: the bar first, the whole roll when possible, otherwise the higher die when only
    one can be played, as many of a double as possible. When nothing can be played, ``[board]``.
    """
    mine, theirs = board
    if d1 == d2:
        level: dict[Board, int] = {board: 25}
        reached: dict[Board, int] = {}
        for _ in range(4):
            reached = {}
            for (m, t), src in level.items():
                for nb, s in _single_steps(m, t, d1, src):
                    prev = reached.get(nb)
                    if prev is None or s > prev:
                        reached[nb] = s
            if not reached:
                break
            level = reached
        return list(level)
    full: set[Board] = set()
    partial: dict[int, list[Board]] = {}
    for a, b in ((d1, d2), (d2, d1)):
        firsts = _single_steps(mine, theirs, a, 25)
        if firsts:
            partial[a] = [nb for nb, _ in firsts]
        for (m, t), _ in firsts:
            for nb, _ in _single_steps(m, t, b, 25):
                full.add(nb)
    if full:
        return list(full)
    if partial:
        hi = max(d1, d2)
        chosen = partial[hi] if hi in partial else partial[min(d1, d2)]
        return list(dict.fromkeys(chosen))
    return [board]


def winner_kind(board: Board) -> int:
    """For a board where ``mine`` has borne off all 15: 1 single, 2 gammon, 3 backgammon; 0 when not over."""
    mine, theirs = board
    if mine[0] != 15:
        return 0
    if theirs[0]:
        return 1
    # Their checkers on the bar or in my home board (their points 19..24).
    if theirs[25] or any(theirs[19:25]):
        return 3
    return 2
