"""Step-by-step play of one roll, for the table: :class:`Turn` and :class:`Option`.

A :class:`Turn` only offers steps that belong to some legal full play, so a player can never
walk into a dead end: every offered step keeps the rest of the roll playable as the rules
require (all the dice that can be used, the higher die when only one can).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from .errors import IllegalMoveError
from .movegen import check_dice, generate, key_after, pack, plays_of, single_moves, step_of, unpack
from .position import Position, Step, point_name as _pt


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
                k1 = key_after(key, f, t, h, a)
                if single_moves(k1.to_bytes(52, "little"), b):
                    return 2
                best = 1
        return best
    d = dice[0]
    n = len(dice)
    best = 0
    for f, t, h in single_moves(key.to_bytes(52, "little"), d, maxsrc):
        k1 = key_after(key, f, t, h, d)
        got = 1 + _max_usable(k1, dice[1:], f)
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

    __slots__ = ("_start", "_dice", "_steps", "_key", "_left", "_need", "_only", "_parent", "_opts", "_res")

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
        c._steps = self._steps + (step_of(f, d, h),)
        c._key = key_after(self._key, f, t, h, d)
        left = list(self._left)
        left.remove(d)
        c._left = tuple(left)
        c._need = self._need
        c._only = self._only
        c._parent = self
        c._opts = None
        c._res = self._res
        return c

    def _valid_steps(self) -> list[tuple[int, int, bool, int]]:
        """Single steps ``(frm, to, hit, die)`` that keep a legal full play reachable."""
        if self.is_complete:
            return []
        out = []
        rest_needed = self._need - len(self._steps) - 1
        b = self._key.to_bytes(52, "little")
        for d in sorted(set(self._left)):
            if self._only is not None and d != self._only:
                continue
            rest = list(self._left)
            rest.remove(d)
            rest_t = tuple(rest)
            for f, t, h in single_moves(b, d):
                k1 = key_after(self._key, f, t, h, d)
                if rest_needed == 0 or _max_usable(k1, rest_t) >= rest_needed:
                    out.append((f, t, h, d))
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

        def walk(turn: "Turn", src: int, dice: tuple[int, ...], path: tuple[Step, ...]) -> None:
            for f, t, h, d in turn._valid_steps():
                if f != (path[-1].to if path else src):
                    continue
                st = step_of(f, d, h)
                p2 = path + (st,)
                d2 = dice + (d,)
                opt = Option(t, d2, any(s.hit for s in p2), p2)
                rank = (len(p2), sum(s.hit for s in p2[:-1]), d2)
                cur = best.setdefault(src, {}).get(t)
                if cur is None or rank < cur[0]:
                    best[src][t] = (rank, opt)
                if t > 0:
                    walk(turn._child(f, t, h, d), src, d2, p2)

        for f in sorted({s[0] for s in self._valid_steps()}, reverse=True):
            walk(self, f, (), ())
        self._opts = {
            src: [o for _, o in sorted(dests.values(), key=lambda ro: -ro[1].to)]
            for src, dests in best.items()
        }
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
