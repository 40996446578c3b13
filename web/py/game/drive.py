"""Answering the table's pending decisions: with the bot (``BotChooser``), or fast and random for tests and
benchmarks (``RandomChooser``). ``drive_bots(table)`` answers every pending decision synchronously."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional, Protocol

import rules

from . import intents as I
from .errors import NotAllowed
from .state import Pending, State

if TYPE_CHECKING:
    from .table import Table

__all__ = ["Chooser", "BotChooser", "RandomChooser", "decision_for", "answer_for", "drive_bots"]


class Chooser(Protocol):
    """What answers pending decisions: each method gives the decision string for one kind of ``Pending``."""

    def cube(self, p: Pending) -> str: ...

    def answer(self, p: Pending) -> str: ...

    def play(self, p: Pending) -> str: ...

    def resign_answer(self, p: Pending) -> str: ...


class BotChooser:
    """Decisions from ``bot`` (imported on first use, so ``import game`` does not load the networks)."""

    def __init__(self) -> None:
        import bot
        self.bot = bot

    def offer(self, p: Pending) -> Optional[str]:
        """``"resign <points>"`` when the bot offers to resign instead of this decision, else None."""
        if not p.resign:
            return None
        from bot.resign import resign_offer
        points = resign_offer(p.position_id, p.resign, cube=p.cube, level=p.level)
        return f"resign {points}" if points else None

    def cube(self, p: Pending) -> str:
        return self.offer(p) or self.bot.cube_action(p.position_id, p.cube, level=p.level)

    def answer(self, p: Pending) -> str:
        return self.bot.take_decision(p.position_id, p.cube, level=p.level)

    def resign_answer(self, p: Pending) -> str:
        from bot.resign import resign_answer
        return resign_answer(p.position_id, p.offer, dice=p.dice, cube=p.cube, level=p.level)

    def play(self, p: Pending) -> str:
        offer = self.offer(p)
        if offer:
            return offer
        if len(p.candidates) == 1:
            return p.candidates[0]
        best = self.bot.choose(p.position_id, (p.dice[0], p.dice[1]), p.level)
        if best in p.candidates:
            return best
        # A clock ran out after some steps that the bot's play does not keep: best result among those allowed
        # (the one leaving the opponent, now on roll, the lowest equity).
        scored: list[tuple[float, str]] = []
        for cand in p.candidates:
            pos = rules.Position.from_id(cand)
            if pos.is_over():
                return cand
            scored.append((self.bot.evaluate(pos.swapped().to_id(), p.level)["equity"], cand))
        return min(scored)[1]


class RandomChooser:
    """Random legal decisions from a seeded ``random.Random`` (fast games for tests and benchmarks).
    ``double_rate``: chance to double when allowed; ``take_rate``: chance to take."""

    def __init__(self, seed: int = 0, double_rate: float = 0.1, take_rate: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.double_rate, self.take_rate = double_rate, take_rate

    def cube(self, p: Pending) -> str:
        return "double" if self.rng.random() < self.double_rate else "no_double"

    def answer(self, p: Pending) -> str:
        return "take" if self.rng.random() < self.take_rate else "pass"

    def play(self, p: Pending) -> str:
        return self.rng.choice(p.candidates)

    def resign_answer(self, p: Pending) -> str:
        return "accept" if self.rng.random() < 0.5 else "decline"


def decision_for(pending: Pending, chooser: Chooser) -> str:
    """``chooser``'s decision for ``pending`` (a bot worker returns this string; ``pending.intent`` makes it
    the intent)."""
    if pending.kind == "cube":
        return chooser.cube(pending)
    if pending.kind == "play":
        return chooser.play(pending)
    if pending.kind == "answer":
        return chooser.answer(pending)
    if pending.kind == "resign":
        return chooser.resign_answer(pending)
    raise NotAllowed(f"unknown pending decision {pending.kind!r}")


def answer_for(pending: Pending, chooser: Chooser) -> I.Intent:
    """The intent answering ``pending`` with ``chooser``'s decision."""
    return pending.intent(decision_for(pending, chooser))


_DEFAULT: Optional[BotChooser] = None


def drive_bots(table: "Table", now: Optional[float] = None, chooser: Optional[Chooser] = None,
               limit: int = 10_000) -> State:
    """Answer every pending decision (bot seats, auto-roll checks, expired clocks) until a human must act or
    the game is over. Returns the final state; its ``events`` are all the events of these decisions."""
    global _DEFAULT
    if chooser is None:
        if _DEFAULT is None:
            _DEFAULT = BotChooser()
        chooser = _DEFAULT
    first = True
    state = table.state()
    for _ in range(limit):
        pend = table.pending()
        if pend is None:
            break
        state = table.apply(answer_for(pend, chooser), now, keep_events=not first)
        first = False
    else:
        raise NotAllowed(f"drive_bots: more than {limit} decisions")
    if first:  # nothing was pending: report no events
        state = _without_events(state)
    return state


def _without_events(state: State) -> State:
    from dataclasses import replace
    return replace(state, events=())
