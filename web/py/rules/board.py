"""Plain boards: a position as a bare ``(mine, theirs)`` pair, for code that handles very many of them.

A board is the pair :class:`rules.Position` holds, without the class and its validation: two 26-tuples
of checker counts, each side counted from its own ace point (0 borne off, 1..24 points, 25 bar),
``mine`` the side on roll. A :class:`~rules.Position` is a board (it is that tuple), so every function
here takes either. The bot's search makes hundreds of thousands of boards per move
(:func:`rules.movegen.result_boards`); :class:`~rules.Position`'s queries are these functions.
"""

from __future__ import annotations

from operator import mul as _mul

Board = tuple[tuple[int, ...], tuple[int, ...]]
_POINTS = range(1, 26)

START: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""One side at the start of a game (2 on its 24, 5 on 13, 3 on 8, 5 on 6)."""
START_BOARD: Board = (START, START)

ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls; a non-double has probability 2/36, a double 1/36."""


def swap(board: Board) -> Board:
    """The same board seen by the other side (who becomes the side on roll)."""
    return board[1], board[0]


def pips(side: tuple[int, ...]) -> int:
    """Pip count of one side (the bar counts 25)."""
    return sum(map(_mul, side[1:], _POINTS))


def is_race(board: Board) -> bool:
    """True when no contact is left: every checker of each side has passed all of the other's."""
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


def winner_kind(board: Board) -> int:
    """How ``mine`` has won, for a board just played by ``mine``: 0 while it has not borne off all 15,
    else 1 single, 2 gammon (``theirs`` bore off none), 3 backgammon (none off and a checker on its bar
    or in ``mine``'s home board, i.e. its own points 19..24). ``theirs`` winning is not looked at (see
    :meth:`rules.Position.winner_kind` for either side)."""
    mine, theirs = board
    if mine[0] != 15:
        return 0
    if theirs[0]:
        return 1
    if theirs[25] or any(theirs[19:25]):
        return 3
    return 2
