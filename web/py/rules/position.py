"""Positions and steps: small immutable value types.

Each side counts its own points 1..24 from its own ace point; slot 25 is that side's bar and
slot 0 holds its borne-off checkers. A :class:`Position` holds both sides as 26-int tuples;
``mine`` is the side on roll. Every side always has 15 checkers in total (slot 0 included).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, Iterable, Optional, cast

from . import board as _board
from .errors import IllegalMoveError, PositionIdError
from .kinds import WinnerKind
from .posid import decode_position_id, encode_position_id

BAR = 25
OFF = 0
CHECKERS = 15


def point_name(p: int) -> str:
    """A point as the notation writes it: ``bar`` (25), ``off`` (0), else its number."""
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def _side_from_mapping(points: Mapping[Any, int], what: str) -> tuple[int, ...]:
    slots = [0] * 26
    for key, count in points.items():
        if isinstance(key, str):
            k = key.strip().lower()
            if k == "bar":
                p = BAR
            elif k == "off":
                p = OFF
            else:
                try:
                    p = int(k)
                except ValueError:
                    raise PositionIdError(f"{what}: point {key!r} is not a number, 'bar' or 'off'") from None
        elif isinstance(key, int) and not isinstance(key, bool):
            p = key
        else:
            raise PositionIdError(f"{what}: point {key!r} is not a number, 'bar' or 'off'")
        if not 0 <= p <= 25:
            raise PositionIdError(f"{what}: point {p} is outside 0..25")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise PositionIdError(f"{what}: count {count!r} on point {p} is not a non-negative int")
        slots[p] += count
    on_board = sum(slots[1:])
    if on_board > CHECKERS:
        raise PositionIdError(f"{what}: {on_board} checkers on the board and bar (at most 15)")
    if slots[OFF] and slots[OFF] + on_board != CHECKERS:
        raise PositionIdError(f"{what}: {slots[OFF]} off plus {on_board} in play is not 15")
    slots[OFF] = CHECKERS - on_board
    return tuple(slots)


def _check_side(side: Iterable[Any], what: str) -> tuple[int, ...]:
    try:
        t = tuple(side)
    except TypeError:
        raise PositionIdError(f"{what} must be a sequence of 26 ints") from None
    if len(t) != 26:
        raise PositionIdError(f"{what} must have 26 slots (0 off, 1..24 points, 25 bar), got {len(t)}")
    for c in t:
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            raise PositionIdError(f"{what} holds {c!r}: counts must be non-negative ints")
    if sum(t) != CHECKERS:
        raise PositionIdError(f"{what} has {sum(t)} checkers in total (off included): must be 15")
    return t


class Position(tuple[tuple[int, ...], tuple[int, ...]]):
    """A backgammon position: ``(mine, theirs)``, ``mine`` being the side on roll.

    Frozen and hashable (it is a tuple). ``Position(mine, theirs)`` validates its input; use
    :meth:`initial`, :meth:`from_id` or :meth:`from_points` to build one conveniently.
    """

    __slots__ = ()

    def __new__(cls, mine: Iterable[int], theirs: Iterable[int]) -> "Position":
        m = _check_side(mine, "mine")
        t = _check_side(theirs, "theirs")
        for p in range(1, 25):
            if m[p] and t[25 - p]:
                raise PositionIdError(f"both sides have checkers on point {p} (of the side on roll)")
        return tuple.__new__(cls, (m, t))

    mine = property(itemgetter(0), doc="26-slot tuple of the side on roll (0 off, 25 bar).")
    theirs = property(itemgetter(1), doc="26-slot tuple of the other side (its own numbering).")

    # -- construction --------------------------------------------------------------------
    @classmethod
    def initial(cls) -> "Position":
        """The starting position."""
        return tuple.__new__(cls, (_board.START, _board.START))

    @classmethod
    def from_id(cls, pid: str) -> "Position":
        """Decode a GNU Backgammon Position ID (its second half is the side on roll, ``mine``)."""
        mine, theirs = decode_position_id(pid)
        return tuple.__new__(cls, (mine, theirs))

    @classmethod
    def from_points(cls, mine: Mapping[Any, int], theirs: Mapping[Any, int]) -> "Position":
        """Build from dicts such as ``{"6": 5, "8": 3, "13": 5, "24": 2}``.

        Keys are points 1..24, 25 or ``"bar"`` for the bar, optionally 0 or ``"off"``;
        checkers not placed count as borne off. ``mine`` is the side on roll.
        """
        return cls(_side_from_mapping(mine, "mine"), _side_from_mapping(theirs, "theirs"))

    # -- formats -------------------------------------------------------------------------
    def to_id(self) -> str:
        """GNU Backgammon Position ID with ``mine`` (the side on roll) encoded second."""
        return encode_position_id(self[0], self[1])

    def to_points(self) -> tuple[dict[str, int], dict[str, int]]:
        """``(mine, theirs)`` as dicts of the occupied points 1..24 and ``"bar"`` (vectors' style)."""
        out = []
        for side in self:
            d = {str(p): side[p] for p in range(1, 25) if side[p]}
            if side[BAR]:
                d["bar"] = side[BAR]
            out.append(d)
        return out[0], out[1]

    def after(self, play: Iterable[Step]) -> "Position":
        """The position after ``play`` (its :class:`Step` s in order, e.g. from :func:`rules.parse_play`),
        not turned round: the mover is still ``mine``, a checker it hit is on ``theirs``' bar. The play's
        legality is not checked here (``parse_play``, ``legal_plays`` and :class:`Turn` do that); a step
        with no checker to move, or a hit with no blot to hit, raises :class:`IllegalMoveError`."""
        mine, theirs = list(self[0]), list(self[1])
        for s in play:
            frm, to = s[0], s[1]
            if not mine[frm]:
                raise IllegalMoveError(f"no checker of the mover on {frm} to move")
            mine[frm] -= 1
            mine[to] += 1
            if s[2]:
                if to == 0 or theirs[25 - to] != 1:
                    raise IllegalMoveError(f"a hit on {to} without a single checker there")
                theirs[25 - to] = 0
                theirs[25] += 1
        return tuple.__new__(Position, (tuple(mine), tuple(theirs)))

    # -- queries -------------------------------------------------------------------------
    def swapped(self) -> "Position":
        """The same board with the other side to move (``mine`` and ``theirs`` exchanged)."""
        return tuple.__new__(Position, (self[1], self[0]))

    def pips(self) -> tuple[int, int]:
        """Pip counts ``(mine, theirs)``; a checker on the bar counts 25."""
        return _board.pips(self[0]), _board.pips(self[1])

    def off(self) -> tuple[int, int]:
        """Borne-off counts ``(mine, theirs)``."""
        return self[0][0], self[1][0]

    def bar(self) -> tuple[int, int]:
        """Checkers on the bar ``(mine, theirs)``."""
        return self[0][25], self[1][25]

    def is_race(self) -> bool:
        """True when no contact is left: every checker of each side has passed all of the other's."""
        return _board.is_race(self)

    def is_over(self) -> bool:
        """True when one side has borne off all 15 checkers."""
        return self[0][0] == CHECKERS or self[1][0] == CHECKERS

    def winner(self) -> Optional[int]:
        """0 if ``mine`` has borne off all 15, 1 if ``theirs`` has, ``None`` if the game goes on."""
        if self[0][0] == CHECKERS:
            return 0
        if self[1][0] == CHECKERS:
            return 1
        return None

    def winner_kind(self) -> WinnerKind:
        """0 game not over; else for the side that has borne off all 15 (see :meth:`winner`):
        1 single, 2 gammon (loser bore off none), 3 backgammon (loser bore off none and has a
        checker on the bar or in the winner's home board, i.e. its own points 19..24)."""
        return cast(WinnerKind, _board.winner_kind(self) or _board.winner_kind(self.swapped()))

    def __repr__(self) -> str:
        return f"Position.from_id({self.to_id()!r})"

    def __reduce__(self) -> tuple[type, tuple[tuple[int, ...], tuple[int, ...]]]:
        return (Position, (self[0], self[1]))


class Step(tuple[int, int, bool, int]):
    """One checker moved by one die: ``Step(frm, to, hit=False, die=None)``.

    ``frm`` 25 is the bar, ``to`` 0 is off. ``die`` defaults to ``frm - to``; it differs only
    when bearing off with a larger die (e.g. ``Step(3, 0, die=5)``). ``hit`` is True when the
    step hits a blot on ``to``. A play is a tuple of steps in the order they are made.
    """

    __slots__ = ()

    def __new__(cls, frm: int, to: int, hit: bool = False, die: Optional[int] = None) -> "Step":
        for v, name in ((frm, "frm"), (to, "to")):
            if not isinstance(v, int) or isinstance(v, bool):
                raise IllegalMoveError(f"step {name} must be an int, got {v!r}")
        if die is None:
            die = frm - to
        if not (1 <= frm <= 25 and 0 <= to <= 24 and 1 <= die <= 6):
            raise IllegalMoveError(f"no such step: {frm}/{to} with die {die}")
        if to > 0 and frm - to != die or to == 0 and die < frm:
            raise IllegalMoveError(f"die {die} does not take a checker from {frm} to {to}")
        if hit and to == 0:
            raise IllegalMoveError("bearing off cannot hit")
        return tuple.__new__(cls, (frm, to, bool(hit), die))

    frm = property(itemgetter(0), doc="Source point (25 = bar).")
    to = property(itemgetter(1), doc="Destination point (0 = off).")
    hit = property(itemgetter(2), doc="True when the step hits a blot.")
    die = property(itemgetter(3), doc="The die used.")

    def __repr__(self) -> str:
        extra = ", hit=True" if self[2] else ""
        if self[1] == 0 and self[3] != self[0]:
            extra += f", die={self[3]}"
        return f"Step({self[0]}, {self[1]}{extra})"

    def __reduce__(self) -> tuple[type, tuple[int, int, bool, int]]:
        return (Step, (self[0], self[1], self[2], self[3]))

