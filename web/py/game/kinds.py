"""The string kinds of the game package, typed: each ``Literal`` names the values a field may hold and each tuple
beside it is the same list at run time (for checks and error messages). The values are the strings the JSON of
records, saves and the worker protocol already carries, so typing them changes no data.
"""
from __future__ import annotations

from typing import Any, Literal, get_args

__all__ = ["Level", "LEVELS", "SeatKind", "SEAT_KINDS", "Phase", "DecisionKind", "PendingKind", "EventKind", "DECISION_KINDS", "Reason",
           "REASONS", "ActionType", "ACTION_TYPES", "ResultKind", "RESULT_KINDS", "KIND_NAMES", "ClockPhase",
           "CLOCK_PHASES", "ReplayPhase", "RollKind", "JsonDict"]

#: A bot's level, weakest first (``bot`` implements them: ``bot.LEVELS`` is the same tuple, a test checks it).
Level = Literal["beginner", "intermediate", "strong", "expert"]
LEVELS: tuple[str, ...] = get_args(Level)

#: Who sits in a seat: a person at this device, the bot, or a remote peer.
SeatKind = Literal["human", "bot", "peer"]
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)

#: ``State.phase`` (``game.ROLL`` ... ``game.MATCH_OVER``).
Phase = Literal["roll", "moving", "take", "game_over", "match_over"]

#: ``Pending.kind``: a cube decision before rolling, a checker play, the answer to a double, the answer to a
#: resignation offered.
DecisionKind = Literal["cube", "play", "answer", "resign"]
DECISION_KINDS: tuple[str, ...] = get_args(DecisionKind)

#: ``Pending.kind`` under the name the table's state uses.
PendingKind = DecisionKind

#: ``Event.kind``: what happened, for animation, sound and announcements (``game.Event``).
EventKind = Literal["game_started", "opening_roll", "rolled", "moved", "undone", "played", "no_legal_move",
                    "doubled", "took", "beavered", "passed", "clock_expired", "resign_offered", "resign_accepted",
                    "resign_declined", "game_over", "match_over"]

#: ``Pending.reason``: a bot seat decides, a clock ran out (the table plays for the player), a human's auto-roll.
Reason = Literal["bot", "clock", "auto"]
REASONS: tuple[str, ...] = get_args(Reason)

#: The ``type`` of an entry in a game record's ``actions`` (docs/game-record.md).
ActionType = Literal["opening_roll", "roll", "play", "double", "take", "beaver", "pass", "resign", "clock_expired",
                     "claim"]
ACTION_TYPES: tuple[str, ...] = get_args(ActionType)

#: The ``kind`` of a game's result in a record (``game.Result.kind`` is one of the first four).
ResultKind = Literal["single", "gammon", "backgammon", "pass", "resign", "abandoned", "claimed", "unfinished"]
RESULT_KINDS: tuple[str, ...] = get_args(ResultKind)

#: A finished position's result by its multiplier (``rules.Position.winner_kind``: 1, 2, 3).
KIND_NAMES: dict[int, ResultKind] = {1: "single", 2: "gammon", 3: "backgammon"}

#: What the table was waiting for when a turn clock ran out.
ClockPhase = Literal["roll", "move", "take"]
CLOCK_PHASES: tuple[str, ...] = get_args(ClockPhase)

#: The verifier's replay phase of one game (``game.reducer.GameState.phase``).
ReplayPhase = Literal["opening", "roll", "move", "take", "over"]

#: ``game.verify.RollVerdict.kind``: an opening throw or a player's roll.
RollKind = Literal["opening", "roll"]

#: A JSON object as read or written: a record, one of its games or actions, a save, a seat's or the options' data
#: (docs/game-record.md describes their fields).
JsonDict = dict[str, Any]
