"""Step-by-step play of one roll, for the table: :class:`Turn` and :class:`Option`.

A :class:`Turn` only offers steps that belong to some legal full play, so a player can never
walk into a dead end: every offered step keeps the rest of the roll playable as the rules
require (all the dice that can be used, the higher die when only one can).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from .errors import IllegalMoveError
from .movegen import _HIT, _MOVE, _STEP, check_dice, generate, pack, plays_of, single_moves, unpack
from .position import Position, Step, point_name as _pt


_OPTION = tuple.__new__  # an Option from its fields, without the NamedTuple's __new__ (a Python call)


class Option(NamedTuple):
    """A destination for a lifted checker: where, with which dice, whether it hits, the steps."""

    to: int
    dice: tuple[int, ...]
    hit: bool
    path: tuple[Step, ...]


def dice_used(dice: tuple[int, int], left: tuple[int, ...]) -> tuple[bool, ...]:
    """For each die to play (four of a double), whether it is used, given the dice ``left`` unplayed: a die is
    used once fewer of its number remain than are still to be counted from it on."""
    remaining = list(left)
    used = []
    for face in ((dice[0],) * 4 if dice[0] == dice[1] else dice):
        if face in remaining:
            remaining.remove(face)
            used.append(False)
        else:
            used.append(True)
    return tuple(used)


def _max_usable(key: int, dice: tuple[int, ...], maxsrc: int = 25) -> int:
    """How many of ``dice`` can still be played from ``key`` (dice all equal or two distinct)."""
    if not dice:
        return 0
    if len(dice) == 2 and dice[0] != dice[1]:
        best = 0
        for a, b in ((dice[0], dice[1]), (dice[1], dice[0])):
            for f, t, h in single_moves(key.to_bytes(52, "little"), a):
                k1 = key + _MOVE[f][a] + (_HIT[t] if h else 0)
                if single_moves(k1.to_bytes(52, "little"), b):
                    return 2
                best = 1
        return best
    d = dice[0]
    n = len(dice)
    rest = dice[1:]
    best = 0
    for f, t, h in single_moves(key.to_bytes(52, "little"), d, maxsrc):
        got = 1 + _max_usable(key + _MOVE[f][d] + (_HIT[t] if h else 0), rest, f) if rest else 1
        if got == n:
            return n
        if got > best:
            best = got
    return best


class Turn:
    """One roll being played step by step. Immutable: :meth:`apply` and :meth:`undo` return new turns.

    ``Turn(pos, dice)``: ``pos`` has the side to move as ``mine``. ``position`` is the partly
    played position (never turned round), ``steps`` the steps made, ``dice_left`` the dice
    still unused, ``is_complete`` True once no legal play has a further step (Done allowed).
    """

    __slots__ = ("_start", "_dice", "_steps", "_key", "_left", "_need", "_only", "_parent", "_opts", "_res",
                 "_memo")

    def __init__(self, pos: Position, dice: Any) -> None:
        if not isinstance(pos, Position):
            raise IllegalMoveError(f"Turn needs a Position, got {type(pos).__name__}")
        d1, d2 = check_dice(dice)
        self._start = pos
        self._dice = (d1, d2)
        self._steps: tuple[Step, ...] = ()
        self._key = pack(pos)
        self._left: tuple[int, ...] = (d1,) * 4 if d1 == d2 else (d1, d2)
        need, res = generate(self._key, d1, d2)
        self._res = res  # the roll's plays, found once: legal_plays() hands them out
        self._need = need
        self._only: Optional[int] = None  # the one die that must be used, when only one can be
        if need == 1 and d1 != d2:
            self._only = next(iter(res.values()))[0].die
        self._parent: Optional[Turn] = None
        self._opts: Optional[dict[int, list[Option]]] = None
        # (packed position, dice left) -> its valid steps, shared by the roll's turns
        self._memo: dict[tuple[int, tuple[int, ...]], list[tuple[int, int, bool, int]]] = {}

    # -- read-only state ----------------------------------------------------------------
    @property
    def start(self) -> Position:
        """The position before the roll was played."""
        return self._start

    @property
    def dice(self) -> tuple[int, int]:
        """The roll, as given."""
        return self._dice

    @property
    def position(self) -> Position:
        """The current, partly played position (mover still ``mine``)."""
        return unpack(self._key)

    @property
    def steps(self) -> tuple[Step, ...]:
        """Steps made so far."""
        return self._steps

    @property
    def dice_left(self) -> tuple[int, ...]:
        """Dice not used yet (four entries for doubles at the start)."""
        return self._left

    @property
    def dice_to_play(self) -> int:
        """How many dice a legal full play of this roll uses (0..4)."""
        return self._need

    @property
    def is_complete(self) -> bool:
        """True when the play is finished: no legal full play has a further step."""
        return len(self._steps) >= self._need

    def legal_plays(self) -> list[tuple[tuple[Step, ...], Position]]:
        """Every distinct result of a legal full play of the roll from :attr:`start`, as
        ``rules.legal_plays(start, dice)`` gives them, without searching again (the turn searched once
        when it began)."""
        return plays_of(self._start, pack(self._start), self._res)

    # -- steps --------------------------------------------------------------------------
    def _child(self, f: int, t: int, h: bool, d: int) -> "Turn":
        c = Turn.__new__(Turn)
        c._start = self._start
        c._dice = self._dice
        c._steps = self._steps + (_STEP[(f * 7 + d) * 2 + h],)
        c._key = self._key + _MOVE[f][d] + (_HIT[t] if h else 0)
        left = list(self._left)
        left.remove(d)
        c._left = tuple(left)
        c._need = self._need
        c._only = self._only
        c._parent = self
        c._opts = None
        c._res = self._res
        c._memo = self._memo
        return c

    def _valid_steps(self) -> list[tuple[int, int, bool, int]]:
        """Single steps ``(frm, to, hit, die)`` that keep a legal full play reachable."""
        if len(self._steps) >= self._need:
            return []
        key = self._key
        left = self._left
        memo = self._memo
        known = memo.get((key, left))
        if known is not None:
            return known
        out: list[tuple[int, int, bool, int]] = []
        rest_needed = self._need - len(self._steps) - 1
        b = key.to_bytes(52, "little")
        only = self._only
        for d in sorted(set(left)):
            if only is not None and d != only:
                continue
            rest = list(left)
            rest.remove(d)
            rest_t = tuple(rest)
            for f, t, h in single_moves(b, d):
                if rest_needed == 0 or _max_usable(key + _MOVE[f][d] + (_HIT[t] if h else 0), rest_t) >= rest_needed:
                    out.append((f, t, h, d))
        memo[(key, left)] = out
        return out

    def options(self) -> dict[int, list[Option]]:
        """``{source: [Option, ...]}`` for every checker that can move now.

        Destinations reachable with one checker using two or more dice (through open points)
        are included. When two ways reach one destination, one is offered: fewer dice first,
        then fewer hits on the way, then the smaller die first.
        """
        if self._opts is not None:
            return self._opts
        best: dict[int, dict[int, Any]] = {}

        def walk(turn: "Turn", src: int, dice: tuple[int, ...], path: tuple[Step, ...], at: int, hits: int) -> None:
            for f, t, h, d in turn._valid_steps():
                if f != at:
                    continue
                p2 = path + (_STEP[(f * 7 + d) * 2 + h],)
                d2 = dice + (d,)
                rank = (len(p2), hits, d2)  # hits on the way (before the last step)
                dests = best.get(src)
                if dests is None:
                    dests = best[src] = {}
                cur = dests.get(t)
                if cur is None or rank < cur[0]:
                    dests[t] = (rank, _OPTION(Option, (t, d2, bool(hits) or h, p2)))
                if t > 0:
                    walk(turn._child(f, t, h, d), src, d2, p2, t, hits + h)

        for f in sorted({s[0] for s in self._valid_steps()}, reverse=True):
            walk(self, f, (), (), f, 0)
        self._opts = {src: [ro[1] for _, ro in sorted(dests.items(), reverse=True)] for src, dests in best.items()}
        return self._opts

    def apply(self, frm: int, to: int, die: Optional[int] = None) -> "Turn":
        """Move a checker from ``frm`` to ``to`` (one offered :class:`Option`); new :class:`Turn`.

        With ``die`` given, the single step with that die is required. Raises
        :class:`IllegalMoveError` for anything that is not part of some legal full play.
        """
        if die is not None:
            for f, t, h, d in self._valid_steps():
                if f == frm and t == to and d == die:
                    return self._child(f, t, h, d)
            raise IllegalMoveError(f"{_pt(frm)}/{_pt(to)} with a {die} is not part of any legal play")
        for opt in self.options().get(frm, ()):
            if opt.to == to:
                turn = self
                for s in opt.path:
                    turn = turn._child(s.frm, s.to, s.hit, s.die)
                return turn
        raise IllegalMoveError(f"{_pt(frm)}/{_pt(to)} is not part of any legal play "
                               f"with dice left {self._left}")

    def apply_step(self, step: Step) -> "Turn":
        """Apply one :class:`Step` (its die is used); raises :class:`IllegalMoveError`."""
        return self.apply(step.frm, step.to, step.die)

    def undo(self) -> "Turn":
        """The turn before the last step (raises :class:`IllegalMoveError` when none was made)."""
        if self._parent is None:
            raise IllegalMoveError("nothing to undo")
        p = self._parent
        # Walking back through several multi-die moves returns one step at a time.
        return p

    def __repr__(self) -> str:
        return (f"Turn({self._start!r}, {self._dice}, steps={self._steps}, "
                f"left={self._left})")
