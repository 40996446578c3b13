"""Typed moves: ``13/8 6/5``, ``bar/22``, ``6/off`` read into the steps to play, or a clear reason why not.

Pure: legality comes from the rules (``rules.parse_play``); this module only turns the answer into steps the
table takes one at a time (``game.intents.Move(frm, to, die)``) and its errors into sentences.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import rules

from .announce import say


class TypedMoveError(ValueError):
    """A typed move that cannot be played; ``str(err)`` is the sentence to show and announce."""


@dataclass(frozen=True)
class TypedStep:
    """One checker moved by one die, in the mover's numbering (25 bar, 0 off)."""

    frm: int
    to: int
    die: int
    hit: bool


def plan(text: str, position: Optional["rules.Position"], dice: Optional[Sequence[int]], lang: str) -> tuple:
    """The steps that play ``text`` from ``position`` (the mover's side as ``mine``, at the start of the turn)
    with ``dice``. Raises :class:`TypedMoveError` with the reason (nothing to move now, empty text, unreadable
    text, illegal play) in ``lang``."""
    if position is None or not dice:
        raise TypedMoveError(say(lang, "typed_not_now"))
    cleaned = " ".join(str(text).replace(",", " ").split())
    if not cleaned:
        raise TypedMoveError(say(lang, "typed_empty"))
    a, b = dice
    try:
        steps = rules.parse_play(cleaned, position, (a, b))
    except rules.NotationError as exc:
        raise TypedMoveError(say(lang, "typed_unreadable", why=_why(exc))) from None
    except rules.IllegalMoveError as exc:
        raise TypedMoveError(say(lang, "typed_illegal", a=a, b=b, why=_why(exc))) from None
    return tuple(TypedStep(s.frm, s.to, s.die, bool(s.hit)) for s in steps)


def _why(exc: Exception) -> str:
    text = str(exc).strip().rstrip(".")
    return text or type(exc).__name__


def notation(steps: Sequence[TypedStep]) -> str:
    """The play as GNU Backgammon writes it (for the confirmation)."""
    return rules.format_play(tuple(rules.Step(s.frm, s.to, s.hit, s.die) for s in steps))
