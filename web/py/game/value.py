"""The whole state of a table as one immutable value: :class:`TableValue`.

A :class:`~game.table.Table` holds one ``TableValue`` and replaces it wholesale after each intent; an intent that
is refused leaves the old value, so rollback is keeping the old value (``table.value`` / ``table.restore``).
Nothing inside a value is changed once it is made: the record (the one log of the table's actions; the ``.mat``
file is written from it, ``game.export``) is plain data that each transition copies where it writes
(:class:`Draft`), sharing everything it does not touch.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, Callable, Optional

import rules

from . import reducer
from .dice import DiceSource, GameDice, Pair
from .errors import NotAllowed
from .kinds import EventKind, JsonDict
from .options import Options
from .record import RecordBuilder
from .state import Board, Event, Phase, Result

__all__ = ["TableValue", "Draft", "Board", "Offer"]

#: A resignation waiting for its answer: ``(resigner, points, clock seconds the resigner had left or None)``.
Offer = tuple[int, int, Optional[float]]


@dataclass(frozen=True)
class TableValue:
    """Everything a table knows, as of its last intent (read it; never change what it holds).

    ``board``: both sides' 26 slots (each in its own numbering) without the steps of the turn being played;
    ``turn``: the ``rules.Turn`` being played (phase moving) or None; ``player``: the player on turn (the doubler
    in phase take); ``game_index``: 0-based; ``game_dice``: this game's dice (``game.dice``) with the throws so
    far; ``next_dice``: dice prepared for the next game (``Table.prepare_dice``) or None; ``record``: the game
    record's data (docs/game-record.md); ``events``: what
    the last intent did; ``offer``: a resignation waiting for its answer, ``(resigner, points, clock seconds the
    resigner had left or None)``, or None; ``declined``: per player, the most points of a resignation declined in
    this game (0: none); ``offered``: the player on turn has offered a resignation in this turn already;
    ``game_state``: the game as the record's actions have made it (``game.reducer``), which decides what is legal
    when (None only for a finished game read from a save).
    """

    options: Options
    match: "rules.MatchState"
    game_index: int
    board: Board
    phase: Phase
    player: int
    dice: Optional[Pair]
    turn: Optional["rules.Turn"]
    deadline: Optional[float]
    expired: bool
    advised: bool
    result: Optional[Result]
    practice: bool
    now: float
    game_dice: GameDice
    next_dice: Optional[GameDice]
    record: JsonDict
    events: tuple[Event, ...]
    offer: Optional[Offer] = None
    declined: tuple[int, int] = (0, 0)
    offered: bool = False
    game_state: Optional[reducer.GameState] = None

    def position(self, p: int) -> "rules.Position":
        """The committed position with player ``p`` as ``mine`` (a value's board is a legal one: not checked
        again)."""
        board = self.board
        return _NEW(rules.Position, (board[p], board[1 - p]))


_NEW = tuple.__new__
_NAMES = tuple(f.name for f in fields(TableValue))


def _cow_record(data: JsonDict) -> JsonDict:
    """A copy of the record data that a builder may write to (the current game's parts copied, the earlier
    games shared: they no longer change)."""
    out = dict(data)
    games = list(data["games"])
    out["games"] = games
    if games:
        g = dict(games[-1])
        g["actions"] = list(g["actions"])
        g["dice"] = dict(g["dice"])
        if "hints" in g:
            g["hints"] = list(g["hints"])
        games[-1] = g
    return out


class Draft:
    """A working copy of a :class:`TableValue` for one transition: plain attributes to set, the record copied on
    the first write; :meth:`freeze` makes the new value. Thrown away if the transition
    fails."""

    # the fields of TableValue, as set from a value or by the transition
    options: Options
    match: "rules.MatchState"
    game_index: int
    board: Board
    phase: Phase
    player: int
    dice: Optional[Pair]
    turn: Optional["rules.Turn"]
    deadline: Optional[float]
    expired: bool
    advised: bool
    result: Optional[Result]
    practice: bool
    now: float
    game_dice: GameDice
    next_dice: Optional[GameDice]
    record: JsonDict
    offer: Optional[Offer]
    declined: tuple[int, int]
    offered: bool
    game_state: Optional[reducer.GameState]
    #: the table's dice source (``game.dice``), set by the table for each transition
    source: DiceSource
    #: what this transition did so far
    events: list[Event]

    def __init__(self, value: Optional[TableValue] = None, **start: Any) -> None:
        if value is not None:
            self.__dict__.update(value.__dict__)
        self.__dict__.update(start)
        self.events: list[Event] = []
        self._builder: Optional[RecordBuilder] = None

    def position(self, p: int) -> "rules.Position":
        return rules.Position(self.board[p], self.board[1 - p])

    # the record --------------------------------------------------------------------------------------------
    @property
    def recorder(self) -> RecordBuilder:
        """A builder over this draft's own copy of the record."""
        if self._builder is None:
            data = _cow_record(self.record)
            builder = RecordBuilder(players=data["players"], match_length=data["match_length"])
            builder.data = data
            self._builder = builder
            self.record = data
        return self._builder

    def act(self, action: JsonDict, after: Optional["rules.Position"] = None) -> None:
        """Take one action just written to the record through the game's rules (``game.reducer.advance``;
        ``after``: a play's result when the table's ``rules.Turn`` has made it): an action they refuse raises
        ``NotAllowed`` and this draft is dropped; the cube of ``match`` is the game's."""
        if self.game_state is None:  # a finished game read from a save: nothing more is taken
            raise NotAllowed("the game is over")
        try:
            self.game_state = reducer.advance(self.game_state, action, after)
        except reducer.Refused as exc:
            raise NotAllowed(exc.message) from None
        self.match = self.game_state.match

    def new_record(self, builder: RecordBuilder) -> None:
        """Start from a new record (a new match)."""
        self._builder, self.record = builder, builder.data

    def amend_record(self, edit: Callable[[JsonDict], None]) -> None:
        """``edit(data)`` changes the current game (or the match result) of a deep copy of the record."""
        data = dict(self.record)
        games = list(data["games"])
        if games:
            games[-1] = copy.deepcopy(games[-1])
        data["games"] = games
        if "result" in data:
            data["result"] = copy.deepcopy(data["result"])
        edit(data)
        self.record, self._builder = data, None

    # events and the new value --------------------------------------------------------------------------------
    def emit(self, kind: EventKind, **kw: Any) -> None:
        self.events.append(Event(kind, **kw))

    def freeze(self, events_before: tuple[Event, ...] = ()) -> TableValue:
        state = self.__dict__
        values = {name: state[name] for name in _NAMES}  # KeyError: a transition left a field unset
        values["events"] = tuple(events_before) + tuple(self.events)
        value = object.__new__(TableValue)  # the fields as they are (the dataclass __init__ would only copy them)
        value.__dict__.update(values)
        return value
