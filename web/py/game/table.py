"""The table as a state machine: :class:`Table` takes intents and emits :class:`~game.state.State` snapshots.

Pure: no DOM, no js/pyscript, no sleeps and no clock reads; time comes in as ``now`` (seconds, any origin) with
the intents. The machine never calls the bot: a decision it cannot make itself is exposed by
:meth:`Table.pending` and answered with a decision intent (``game.drive_bots`` does that with ``bot``).

Its whole state is one immutable :class:`~game.value.TableValue` (``table.value``), replaced after each intent
(``game.handlers``, ``game.flow``); keeping an old value and :meth:`Table.restore` it is the rollback.
"""
from __future__ import annotations

from typing import Callable, Optional, TypedDict

import rules

from . import flow
from . import intents as I
from .dice import SEEDED, DiceSource, GameDice, Pair
from .errors import NotAllowed, OptionsError
from .handlers import HANDLERS, check_now, check_offer
from .kinds import JsonDict, Level
from .options import Options
from .pending import Completions, clock_pending, completions, pending_for
from .record import RecordBuilder, RecordError
from .snapshot import build_state
from .state import Board, Pending, State
from .value import Draft, TableValue

__all__ = ["Table"]


class _Cache(TypedDict, total=False):
    """What a table works out once per value."""

    state: State
    pending: Optional[Pending]
    completions: Completions


class Table:
    """One table: a match (or money session) between two seats, played game after game.

    ``Table(options, now=0.0)`` starts the first game at once (its opening roll is in the first state's events).
    ``table.apply(intent, now)`` returns the new :class:`State`; an intent that is not allowed raises
    :class:`NotAllowed` and changes nothing. ``now`` (seconds) is optional: without it the last time given is used.

    ``dice_source`` gives each game its dice (``dice_for(options, game_index)``; default ``game.dice.SEEDED``:
    from ``options.seed``, or fresh); ``dice``, when given, are the first game's dice.
    """

    saves_locally = True  # the page saves this table itself (a peer game's session saves its own log)

    def __init__(self, options: Optional[Options] = None, now: float = 0.0, *, dice: Optional[GameDice] = None,
                 dice_source: Optional[DiceSource] = None) -> None:
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise OptionsError(f"options must be game.Options, got {type(options).__name__}")
        self._source: DiceSource = SEEDED if dice_source is None else dice_source
        d = Draft(now=float(now), next_dice=dice, events=[], record={}, options=options)
        d.source = self._source
        flow.start_match(d, options)
        self._set(d.freeze())

    @classmethod
    def from_value(cls, value: TableValue, dice_source: Optional[DiceSource] = None) -> "Table":
        """A table holding ``value`` (read from a save by ``game.save.value_from_json``, or kept from another
        table)."""
        if not isinstance(value, TableValue):
            raise TypeError(f"a table holds a game.TableValue, got {type(value).__name__}")
        t = cls.__new__(cls)
        t._source = SEEDED if dice_source is None else dice_source
        t._set(value)
        return t

    # ------------------------------------------------------------------------------------------------ public
    @property
    def value(self) -> TableValue:
        """The whole state of the table, immutable: keep it to go back to it with :meth:`restore`."""
        return self._value

    def restore(self, value: TableValue) -> State:
        """Back to a value this table had (the rollback of a refused message in a peer session)."""
        if not isinstance(value, TableValue):
            raise TypeError(f"restore takes a game.TableValue, got {type(value).__name__}")
        self._set(value)
        return self.state()

    @property
    def options(self) -> Options:
        return self._value.options

    @property
    def now(self) -> float:
        return self._value.now

    def state(self) -> State:
        """The snapshot as of now (built once per value)."""
        st = self._cache.get("state")
        if st is None:
            st = build_state(self._value, self.pending())
            self._cache["state"] = st
        return st

    def pending(self) -> Optional[Pending]:
        """The decision the table waits for that a bot (or the clock's stand-in) must make, or None."""
        if "pending" not in self._cache:
            self._cache["pending"] = pending_for(self._value, self._completions_if_moving())
        return self._cache["pending"]

    def completions(self) -> Completions:
        """Result Position ID -> the steps still to make, for the turn being played (phase moving)."""
        if "completions" not in self._cache:
            if self._value.turn is None:
                raise NotAllowed("no roll is being played")
            self._cache["completions"] = completions(self._value.turn)
        return self._cache["completions"]

    def committed_board(self) -> Board:
        """Both sides' 26 slots, without the steps of a turn still being played."""
        return self._value.board

    @property
    def turn(self) -> Optional["rules.Turn"]:
        """The ``rules.Turn`` being played (phase moving), or None."""
        return self._value.turn

    def clock_pending(self, player: int, level: Level = "intermediate") -> Pending:
        """The decision a clock makes for ``player`` now (a play, or an answer to a double), asked or not: for a
        peer session, which runs its own clock."""
        comp = self.completions() if self._value.turn is not None else None
        return clock_pending(self._value, player, level, comp)

    def apply(self, intent: I.Intent, now: Optional[float] = None, *, keep_events: bool = False) -> State:
        """Apply one intent. ``keep_events`` adds this intent's events to the previous ones (``drive_bots``
        uses it so one batch of bot decisions reports all its events)."""
        handler = HANDLERS.get(type(intent))
        if handler is None:
            raise NotAllowed(f"unknown intent {intent!r}")
        if now is not None:
            check_now(now)
        check_offer(self._value.offer, intent)
        return self._transition(lambda d: handler(d, intent, self._asked), now, keep_events)

    def note_hint(self) -> int:
        """The player to act was shown a hint (the bot's advice): the record notes it. Not in games with a peer
        seat (NotAllowed); returns the player."""
        if any(seat.kind == "peer" for seat in self.options.seats):
            raise NotAllowed("no hints in a game with a remote player")
        player = self.state().actor
        if player is None or self.options.seats[player].kind != "human":
            raise NotAllowed("a hint is for a person on this device who is to act")
        self._transition(lambda d: d.recorder.hint(player), keep_events=True)
        return player

    # what the owner of the table adds: the next game's dice, dice revealed later, claims
    def prepare_dice(self, dice: GameDice) -> None:
        """The dice of the next game (NextGame / NewGame uses them instead of the dice source)."""
        self._transition(lambda d: setattr(d, "next_dice", dice), keep_events=True)

    def update_dice(self, dice: GameDice) -> None:
        """The current game's dice with more known (a peer throw revealed, secrets shown after the game): the
        same game's dice (same fingerprint and scheme) with the throws made so far unchanged."""
        old = self._value.game_dice
        if (type(dice) is not type(old) or dice.fingerprint != old.fingerprint
                or tuple(dice.thrown) != tuple(old.thrown)):
            raise NotAllowed("these are not the current game's dice")
        self._transition(lambda d: setattr(d, "game_dice", dice), keep_events=True)

    def amend_record(self, edit: Callable[[JsonDict], None]) -> None:
        """Let ``edit(data)`` add to the current game (or the match result) of a copy of the record what only the
        table's owner knows (a peer session's chain renewals and revealed secrets); kept if ``edit`` returns."""
        self._transition(lambda d: d.amend_record(edit), keep_events=True)

    def end_by_claim(self, claimant: int, points: int, owed: str = "decide") -> State:
        """A justified claim: a game in play ends, won by ``claimant`` for ``points`` (a ``claim`` action, owed
        ``owed``, and the result kind "claimed" in the record); between games of a match, the match goes to
        ``claimant``."""
        return self._transition(lambda d: flow.claim(d, claimant, points, owed))

    # the record (its text: ``game.record_json``, ``game.mat_text``; saves: ``game.table_to_json``)
    def record(self) -> JsonDict:
        """The game record (docs/game-record.md) of the match so far, as plain data (a copy; the record as held,
        read only, is ``table.value.record``)."""
        return RecordBuilder.over(self._value.record).to_dict()

    @classmethod
    def practice(cls, options: Options, board: Board, match: "rules.MatchState", player: int, *,
                 dice: Optional[Pair] = None, double_offered: bool = False, start: Optional[str] = None,
                 now: float = 0.0) -> "Table":
        """A practice table (no next game) at a set position: ``board`` both sides' 26 slots (player 0's first),
        ``match`` its ``rules.MatchState`` (options' length/jacoby/beavers must agree), ``player`` on roll (the
        doubler when ``double_offered``), ``dice`` already rolled (phase moving) or None (phase roll); ``start``
        the position's GNUbg ID, noted in the record's game. Bad input: ``NotAllowed``."""
        t = cls(options, now)
        t._transition(lambda d: flow.set_position(d, board, match, player, dice, double_offered, start))
        return t

    # ------------------------------------------------------------------------------------------ internals
    def _set(self, value: TableValue) -> None:
        self._value = value
        self._cache: _Cache = {}

    def _completions_if_moving(self) -> Optional[Completions]:
        v = self._value
        if v.turn is None or (v.options.seats[v.player].kind != "bot" and not v.expired):
            return None
        return self.completions()

    def _asked(self) -> tuple[Optional[Pending], Optional[Completions]]:
        pend = self.pending()
        return pend, (self.completions() if pend is not None and pend.kind == "play" else None)

    def _transition(self, change: Callable[[Draft], None], now: Optional[float] = None,
                    keep_events: bool = False) -> State:
        """Run ``change`` on a working copy of the value; keep the result, or the old value if it raises."""
        old = self._value
        d = Draft(old)
        d.source = self._source
        if now is not None:
            d.now = float(now)
        try:
            change(d)
        except (RecordError, rules.RulesError) as exc:  # a bug or impossible input: nothing changed
            raise NotAllowed(str(exc)) from None
        self._set(d.freeze(old.events if keep_events else ()))
        return self.state()
