"""Intents: what a player (or a bot, or the clock) asks the table to do. ``Table.apply(intent, now)`` takes them.

Human intents (Roll ... NextGame) are accepted from the seat that must act when it is a human or peer seat;
decision intents (BotCube, BotPlay, BotAnswer) answer the table's pending decision (``Table.pending()``): a bot
seat's decision, a human's auto-roll check, or the play/answer the table makes when a clock ran out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .options import Options

__all__ = ["Intent", "Roll", "Double", "Take", "Pass", "Beaver", "Move", "Undo", "Done", "NextGame", "NewGame",
           "Tick", "Resign", "AcceptResign", "DeclineResign", "BotCube", "BotPlay", "BotAnswer", "BotResign",
           "BotResignAnswer", "HUMAN_INTENTS", "OFFER_INTENTS"]


class Intent:
    """Base class of intents (frozen dataclasses)."""


@dataclass(frozen=True)
class Roll(Intent):
    """Roll the dice (the player on turn, before rolling)."""


@dataclass(frozen=True)
class Double(Intent):
    """Offer a double (the player on turn, before rolling; ``rules.MatchState.can_double``)."""


@dataclass(frozen=True)
class Take(Intent):
    """Accept the double offered."""


@dataclass(frozen=True)
class Pass(Intent):
    """Refuse the double: the game ends, the doubler wins the value before the double."""


@dataclass(frozen=True)
class Beaver(Intent):
    """Take and redouble at once (money play with beavers on): the cube goes to 4x the old value, yours."""


@dataclass(frozen=True)
class Move(Intent):
    """Move a checker from ``frm`` to ``to`` in the mover's own numbering (25 = bar, 0 = off), one of the
    destinations offered in ``State.movable[frm]``; with ``die``, only the single step using that die."""

    frm: int
    to: int
    die: Optional[int] = None


@dataclass(frozen=True)
class Undo(Intent):
    """Take back the last step (one die) of the turn being played."""


@dataclass(frozen=True)
class Done(Intent):
    """End the turn (allowed once the play is complete: ``State.can_done``)."""


@dataclass(frozen=True)
class NextGame(Intent):
    """Start the next game of the match / money session after a game is over."""


@dataclass(frozen=True)
class NewGame(Intent):
    """Throw away this table's match and start a new one with ``options``."""

    options: Options


@dataclass(frozen=True)
class Tick(Intent):
    """The time is ``now``: if the deadline has passed the clock expires (see docs/game-api.md)."""

    now: float


@dataclass(frozen=True)
class Resign(Intent):
    """Offer to resign for ``points`` (the player on turn, before rolling or while playing a roll): one of
    ``State.resign_offers``' values, a single game, gammon or backgammon times the cube that the player can still
    lose (``game.resign``). The opponent answers with AcceptResign or DeclineResign (a bot: BotResignAnswer)."""

    points: int


@dataclass(frozen=True)
class AcceptResign(Intent):
    """Accept the resignation offered: the game ends, the resigner losing the points offered."""


@dataclass(frozen=True)
class DeclineResign(Intent):
    """Decline the resignation offered: the game goes on where it was."""


@dataclass(frozen=True)
class BotCube(Intent):
    """Answer a pending "cube" decision: ``"double"`` or ``"no_double"`` (then the table rolls).

    For a human's auto-roll check, "no_double" rolls for them and "double" leaves the choice to the human."""

    decision: str


@dataclass(frozen=True)
class BotPlay(Intent):
    """Answer a pending "play" decision: the Position ID of the result (mover encoded second, as
    ``rules.legal_results`` and ``bot.choose`` write it); must be one of ``Pending.candidates``."""

    result: str


@dataclass(frozen=True)
class BotAnswer(Intent):
    """Answer a pending "answer" decision (a double): ``"take"`` or ``"pass"`` (``"beaver"`` for a bot seat
    when beavers are on)."""

    answer: str


@dataclass(frozen=True)
class BotResign(Intent):
    """A bot seat's answer to its pending "cube" or "play" decision: offer to resign for ``points`` (one of
    ``Pending.resign``) instead (the decision string ``"resign <points>"``)."""

    points: int


@dataclass(frozen=True)
class BotResignAnswer(Intent):
    """Answer a pending "resign" decision (a bot seat offered a resignation): ``"accept"`` or ``"decline"``."""

    answer: str


HUMAN_INTENTS = (Roll, Double, Take, Pass, Beaver, Move, Undo, Done, Resign, AcceptResign, DeclineResign)

OFFER_INTENTS = (AcceptResign, DeclineResign, BotResignAnswer, Tick, NewGame)
"""What a table takes while a resignation waits for its answer (anything else is refused)."""
