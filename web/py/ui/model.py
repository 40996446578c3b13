"""What the board shows, as plain data: the board view's model (no DOM, no rules decisions).

The screen numbers the points 1..24 from the side of the player at the bottom (seat 0 of the table); the other
player's point ``p`` is the screen's ``25 - p``. Slots are the strings used in ``data-point``: ``"1"``..``"24"``,
``"bar"`` / ``"off"`` (the bottom player's), ``"opp-bar"`` / ``"opp-off"`` (the top player's).

Legality is never decided here: destinations come from the game (``rules.Turn.options()``), this module only
renames them into screen slots and labels them; a step shown checker by checker is made by the rules engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import rules

SLOTS: tuple[str, ...] = tuple(str(n) for n in range(1, 25)) + ("bar", "opp-bar", "off", "opp-off")
MAX_VISIBLE = 5  # a stack taller than this shows this many checkers and a count


class SlotError(ValueError):
    """A slot name or point number that is not on the board."""


def slot_of(point: int, bottom: bool) -> str:
    """The screen slot of ``point`` counted from a side's own ace point (25 bar, 0 off); ``bottom`` says which
    side's numbering it is."""
    if not isinstance(point, int) or isinstance(point, bool) or not 0 <= point <= 25:
        raise SlotError(f"point must be an int 0..25, got {point!r}")
    if point == 25:
        return "bar" if bottom else "opp-bar"
    if point == 0:
        return "off" if bottom else "opp-off"
    return str(point if bottom else 25 - point)


def point_of(slot: str, bottom: bool) -> int:
    """The inverse of :func:`slot_of`: a screen slot as a point of the bottom (or top) side's numbering."""
    if slot in ("bar", "opp-bar"):
        if (slot == "bar") != bottom:
            raise SlotError(f"{slot!r} is not the {'bottom' if bottom else 'top'} player's bar")
        return 25
    if slot in ("off", "opp-off"):
        if (slot == "off") != bottom:
            raise SlotError(f"{slot!r} is not the {'bottom' if bottom else 'top'} player's tray")
        return 0
    try:
        n = int(slot)
    except (TypeError, ValueError):
        raise SlotError(f"not a slot: {slot!r}") from None
    if not 1 <= n <= 24 or str(n) != slot:
        raise SlotError(f"not a slot: {slot!r}")
    return n if bottom else 25 - n


def slot_counts(bottom_side: Sequence[int], top_side: Sequence[int]) -> dict[str, int]:
    """Signed checker counts per slot: positive for the bottom player's checkers, negative for the top's.

    Each side is a 26-int tuple in its own numbering (0 off, 1..24 points, 25 bar), as in ``rules.Position``."""
    if len(bottom_side) != 26 or len(top_side) != 26:
        raise SlotError("each side must have 26 slots")
    counts = {str(p): bottom_side[p] - top_side[25 - p] for p in range(1, 25)}
    counts["bar"] = bottom_side[25]
    counts["opp-bar"] = -top_side[25]
    counts["off"] = bottom_side[0]
    counts["opp-off"] = -top_side[0]
    return counts


def stack(count: int, limit: int = MAX_VISIBLE) -> tuple[int, str]:
    """How to draw ``abs(count)`` checkers: how many to draw and the count label ('' when all are drawn)."""
    n = abs(count)
    if n <= limit:
        return n, ""
    return limit, str(n)


def dice_label(dice: Iterable[int]) -> str:
    """The label of a ring: the dice a move uses, e.g. ``"6"``, ``"6+5"``, ``"3+3+3"``."""
    return "+".join(str(d) for d in dice)


@dataclass(frozen=True)
class Dest:
    """One place a lifted checker can go: the screen slot, the dice it uses (in order), whether it hits."""

    slot: str
    dice: tuple[int, ...]
    hit: bool

    @property
    def label(self) -> str:
        return dice_label(self.dice)


def destinations(options: Mapping[int, Iterable], bottom: bool) -> dict[str, tuple[Dest, ...]]:
    """``rules.Turn.options()`` (source point → Options, in the mover's numbering) as screen slots.

    ``bottom``: the mover is the bottom player. Order of destinations is kept (highest first)."""
    out: dict[str, tuple[Dest, ...]] = {}
    for src, opts in options.items():
        dests = tuple(Dest(slot_of(o.to, bottom), tuple(o.dice), bool(o.hit)) for o in opts)
        if dests:
            out[slot_of(src, bottom)] = dests
    return out


@dataclass(frozen=True)
class CubeView:
    """The doubling cube as shown: its value and where it sits ("center", "bottom" or "top")."""

    value: int
    owner: str

    def __post_init__(self) -> None:
        if self.owner not in ("center", "bottom", "top"):
            raise ValueError(f"cube owner must be center, bottom or top, got {self.owner!r}")
        if self.value < 1 or self.value & (self.value - 1):
            raise ValueError(f"cube value must be a power of two, got {self.value!r}")

    @property
    def face(self) -> str:
        """The number on the cube's visible face: 64 when centred at 1, as on a real cube."""
        return "64" if self.value == 1 and self.owner == "center" else str(self.value)


def after_step(board: tuple[Sequence[int], Sequence[int]], bottom: bool, frm: int, to: int,
               hit: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board ``(bottom player's side, top player's side)`` after one checker of the bottom (or top) player
    moves ``frm`` -> ``to`` with one die (its own numbering), a hit sending the other side's blot to its bar: the
    move is made by the rules engine (``rules.apply_play``), which raises ``rules.IllegalMoveError`` (a
    ``ValueError``) when the board does not allow it. Used to show a bot's play one checker at a time."""
    mover, other = (board[0], board[1]) if bottom else (board[1], board[0])
    after = rules.apply_play(rules.Position(mover, other), (rules.Step(frm, to, hit),))
    return (after.mine, after.theirs) if bottom else (after.theirs, after.mine)
