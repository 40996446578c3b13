"""What the table shows: the immutable :class:`State` snapshot, its :class:`Event` list and :class:`Pending`
decisions. Built by ``Table.state()``; never changed afterwards."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final, Optional

import rules

from . import intents as I
from .errors import GameError, NotAllowed
from .kinds import (DECISION_KINDS, KIND_NAMES, LEVELS, REASONS, DecisionKind, EventKind, Level, PendingKind, Phase,
                    JsonDict, Reason, ResultKind)
from .options import Options, Seat

__all__ = ["Phase", "EventKind", "PendingKind", "Reason", "ResultKind", "PHASES", "ROLL", "MOVING", "TAKE", "GAME_OVER", "MATCH_OVER", "Event", "Pending", "Result", "State",
           "relative_board", "KIND_NAMES", "Board"]

ROLL: Final = "roll"
MOVING: Final = "moving"
TAKE: Final = "take"
GAME_OVER: Final = "game_over"
MATCH_OVER: Final = "match_over"
#: Both sides' 26 slots, player 0's first, each in its own numbering (``rules.Position``'s sides).
Board = tuple[tuple[int, ...], tuple[int, ...]]
PHASES: tuple[Phase, ...] = (ROLL, MOVING, TAKE, GAME_OVER, MATCH_OVER)


@dataclass(frozen=True)
class Event:
    """Something that happened, for animation, sound and screen-reader announcements.

    ``kind`` is one of: "game_started" (``fingerprint``), "opening_roll" (``dice`` = (player 0's die, player 1's);
    ``player`` = the starter, None on a tie), "rolled" (``player``, ``dice``), "moved" (``player``, ``frm``,
    ``to``, ``hit``, ``dice`` used, ``notation`` of the move, e.g. "13/7*"), "undone" (``player``, ``frm``, ``to``
    of the step taken back, ``hit``), "played" (``player``, ``notation`` of the whole play; the turn ends),
    "no_legal_move" (``player``, ``dice``: the turn passes at once), "doubled" (``player``, ``value`` = the cube
    offered), "took", "beavered" (``value`` = new cube), "passed" (``player`` who passed), "clock_expired"
    (``player``, ``phase`` "roll" | "move" | "take"), "resign_offered" (``player`` = the resigner, ``value`` =
    points offered, ``result`` = "single" | "gammon" | "backgammon"), "resign_accepted" / "resign_declined"
    (``player`` = who answered, ``value``, ``result``), "game_over" (``player`` = winner, ``value`` = points,
    ``result`` kind), "match_over" (``player`` = winner). ``auto`` marks what the table did by itself (auto-roll,
    a forced move, a clock expiry).
    """

    kind: EventKind
    player: Optional[int] = None
    dice: tuple[int, ...] = ()
    frm: Optional[int] = None
    to: Optional[int] = None
    hit: bool = False
    notation: str = ""
    value: int = 0
    phase: str = ""
    result: str = ""
    fingerprint: str = ""
    auto: bool = False

    def to_dict(self) -> JsonDict:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()
                if k == "kind" or not (v is None or v is False or (isinstance(v, (str, tuple)) and not v))}


@dataclass(frozen=True)
class Pending:
    """A decision the table waits for that the table itself cannot make (it never calls the bot).

    ``kind``: "cube" (double or roll: answer with BotCube), "play" (answer with BotPlay), "answer" (take or pass:
    BotAnswer), "resign" (a bot seat answers a resignation offered: BotResignAnswer, ``offer`` = its points;
    ``position_id`` seen by the resigner, on roll, before its roll; ``dice`` the resigner's roll if rolled;
    ``cube`` as the answerer sees it). ``resign``: for a bot seat's "cube" or "play" decision, the points it may
    offer to resign for instead (BotResign; empty when it may not, as after a declined offer in this game). ``reason``: "bot" (a bot seat decides), "clock" (the player's clock ran out: the table plays for
    them, it never doubles), "auto" (a human's auto-roll check: roll unless the bot would double). Everything a
    bot needs is here (pure data, so a worker can answer it): ``position_id`` with the deciding side's view as
    the bot functions expect (for "play" and "cube" the player on turn is on roll; for "answer" the doubler is on
    roll), ``dice``, ``candidates`` (for "play": the result Position IDs allowed; when a clock ran out after some
    steps, only results that keep those steps), ``cube`` (the cube and score as the deciding player sees them,
    ``rules.CubeInfo``, what ``bot.cube_action`` / ``bot.take_decision`` take), ``level``.
    """

    player: int
    kind: DecisionKind
    reason: Reason
    level: Level
    position_id: str
    dice: tuple[int, ...] = ()
    candidates: tuple[str, ...] = ()
    cube: rules.CubeInfo = field(default=rules.cubeinfo.MONEY, compare=False, hash=False)
    offer: int = 0
    resign: tuple[int, ...] = ()

    def intent(self, decision: str) -> I.Intent:
        """The intent that answers this decision with ``decision`` (a cube decision, a result Position ID or an
        answer to the double, as ``kind`` says)."""
        if self.kind in ("cube", "play") and isinstance(decision, str) and decision.startswith("resign "):
            try:
                return I.BotResign(int(decision[7:]))
            except ValueError:
                raise NotAllowed(f"not a resignation: {decision!r}") from None
        make = _DECISION_INTENTS.get(self.kind)
        if make is None:
            raise NotAllowed(f"unknown pending decision {self.kind!r}")
        return make(decision)

    def to_dict(self) -> JsonDict:
        """Plain data (JSON-ready) for a worker; :meth:`from_dict` reads it back."""
        return {"player": self.player, "kind": self.kind, "reason": self.reason, "level": self.level,
                "position_id": self.position_id, "dice": list(self.dice), "candidates": list(self.candidates),
                "cube": self.cube.to_dict(),
                "offer": self.offer, "resign": list(self.resign)}

    @classmethod
    def from_dict(cls, d: Any) -> "Pending":
        """The decision :meth:`to_dict` wrote; ``GameError`` naming the field when ``d`` is not one."""
        if not isinstance(d, dict):
            raise GameError(f"a pending decision is an object, got {type(d).__name__}")
        missing = [k for k in _PENDING_FIELDS if k not in d]
        if missing:
            raise GameError(f"a pending decision needs {', '.join(missing)}")
        if d["player"] not in (0, 1) or isinstance(d["player"], bool):
            raise GameError(f"pending player must be 0 or 1, got {d['player']!r}")
        for key, allowed in (("kind", DECISION_KINDS), ("reason", REASONS), ("level", LEVELS)):
            if d[key] not in allowed:
                raise GameError(f"pending {key} must be one of {', '.join(allowed)}, got {d[key]!r}")
        if not isinstance(d["position_id"], str):
            raise GameError("pending position_id must be a string")
        dice, cands, cube = d.get("dice", []), d.get("candidates", []), d.get("cube", {})
        if not isinstance(dice, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in dice):
            raise GameError(f"pending dice must be a list of integers, got {dice!r}")
        if not isinstance(cands, list) or not all(isinstance(c, str) for c in cands):
            raise GameError("pending candidates must be a list of Position IDs")
        try:
            info = rules.CubeInfo.from_dict(cube)
        except rules.RulesError as exc:
            raise GameError(f"pending cube: {exc}") from None
        offer, resign = d.get("offer", 0), d.get("resign", [])
        if not isinstance(offer, int) or isinstance(offer, bool) or offer < 0:
            raise GameError(f"pending offer must be an integer >= 0, got {offer!r}")
        if not isinstance(resign, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in resign):
            raise GameError(f"pending resign must be a list of integers, got {resign!r}")
        return cls(d["player"], d["kind"], d["reason"], d["level"], d["position_id"], tuple(dice), tuple(cands),
                   info, offer, tuple(resign))


_PENDING_FIELDS = ("player", "kind", "reason", "level", "position_id")
_DECISION_INTENTS: dict[str, Callable[[str], I.Intent]] = {"cube": I.BotCube, "play": I.BotPlay, "answer": I.BotAnswer,
                                                          "resign": I.BotResignAnswer}


@dataclass(frozen=True)
class Result:
    """A finished game: ``winner``, ``points`` won, ``kind`` "single" | "gammon" | "backgammon" | "pass" |
    "resign" (an accepted resignation) | "claimed"."""

    winner: int
    points: int
    kind: ResultKind


def relative_board(board: Board, viewer: int) -> Board:
    """``(mine, theirs)`` as seen by ``viewer``, both indexed by the **viewer's** point numbers.

    ``mine[i]``: the viewer's checkers on its point i (0 = borne off, 25 = on the bar). ``theirs[i]`` for
    i in 1..24: the opponent's checkers on the viewer's point i (the opponent's point 25 - i);
    ``theirs[0]`` the opponent's borne-off checkers, ``theirs[25]`` the opponent's checkers on the bar.
    ``board`` is ``(player 0's 26 slots, player 1's 26 slots)``, each in its own numbering.
    """
    if viewer not in (0, 1):
        raise ValueError(f"viewer must be 0 or 1, got {viewer!r}")
    mine, other = board[viewer], board[1 - viewer]
    theirs = (other[0],) + tuple(other[25 - i] for i in range(1, 25)) + (other[25],)
    return tuple(mine), theirs


@dataclass(frozen=True)
class State:
    """Everything the board shows, as of the last intent. ``board[p]`` is player p's 26 slots in p's own
    numbering, including the steps made so far in this turn. ``movable`` maps each source point of the player
    moving (their numbering) to its ``rules.Option`` destinations (``to``, ``dice`` used, ``hit``, ``path``);
    empty unless a human/peer seat is moving. ``dice_left``: the dice not used yet; ``dice_used`` one flag per
    die entry (2, or 4 for doubles). ``deadline``: absolute seconds (same clock as ``now``) or None.
    ``offer``: a resignation waiting for its answer, ``(resigner, points)``, or None (``actor`` is then the
    player who answers); ``resign_offers``: what the player to act may offer to resign for now (result kind name
    -> points; empty when they may not); ``can_resign`` / ``can_answer_resign``: a person (or peer) may offer a
    resignation now / accept or decline the one offered."""

    phase: Phase
    game_number: int
    turn: Optional[int]
    actor: Optional[int]
    seats: tuple[Seat, Seat]
    options: Options
    board: Board
    dice: Optional[tuple[int, int]]
    dice_left: tuple[int, ...]
    dice_used: tuple[bool, ...]
    movable: dict[int, list[rules.Option]]
    can_roll: bool
    can_double: bool
    can_take: bool
    can_pass: bool
    can_beaver: bool
    can_undo: bool
    can_done: bool
    can_next_game: bool
    double_offered: bool
    cube: int
    cube_owner: Optional[int]
    cube_is_dead: bool
    pips: tuple[int, int]
    score: tuple[int, int]
    match_length: int
    crawford: bool
    post_crawford: bool
    match_winner: Optional[int]
    fingerprint: str
    seed: Optional[str]
    result: Optional[Result]
    deadline: Optional[float]
    clock: float
    pending: Optional[Pending]
    events: tuple[Event, ...]
    steps: tuple[rules.Step, ...]
    practice: bool
    match_state: Optional[rules.MatchState] = field(repr=False, compare=False, default=None)
    offer: Optional[tuple[int, int]] = None
    resign_offers: dict[ResultKind, int] = field(default_factory=dict, compare=False)
    can_resign: bool = False
    can_answer_resign: bool = False

    # helpers -------------------------------------------------------------------------------------------------
    def view(self, viewer: int) -> Board:
        """The board relative to ``viewer``: see :func:`relative_board`."""
        return relative_board(self.board, viewer)

    def is_bot(self, player: int) -> bool:
        return self.seats[player].kind == "bot"

    @property
    def actor_is_bot(self) -> bool:
        return self.actor is not None and self.seats[self.actor].kind == "bot"

    def remaining(self, now: float) -> Optional[float]:
        """Seconds left on the clock at ``now`` (never negative), or None when no clock runs."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - now)

    def _on_roll(self) -> int:
        return self.turn if self.turn is not None else 0

    def position(self) -> "rules.Position":
        """The position with the player on turn as ``mine`` (steps of this turn included)."""
        p = self._on_roll()
        return rules.Position(self.board[p], self.board[1 - p])

    def match_info(self) -> "rules.MatchInfo":
        p = self._on_roll()
        dice = tuple(self.dice) if self.dice and self.phase == MOVING and not self.steps else (0, 0)
        game_state = 1 if self.phase in (ROLL, MOVING, TAKE) else 2
        if self.result is not None and self.result.kind == "pass":
            game_state = 4
        actor = self.actor if self.actor is not None and self.offer is None else p  # an offer: as before it
        assert self.match_state is not None  # a table's state always has its match
        info = rules.MatchInfo.from_state(self.match_state, p, dice=dice, double_offered=self.double_offered,
                                          turn=actor)
        return info.replace(state=game_state)

    def gnubg_id(self) -> str:
        """GNU Backgammon ID ("PositionID:MatchID") of the position now. During a turn with steps already made
        it shows the partly played position without dice. The IDs number the players as GNU Backgammon and
        eXtreme Gammon show them: the player at the bottom of our board (our player 0) is their player 1 (the
        XGID's upper case), so a position opens in either program the same way up (see ``setup.to_table``)."""
        return rules.gnubg_id(self.position(), self.match_info().swapped())

    def xgid(self) -> str:
        return rules.to_xgid(self.position(), self.match_info().swapped(), jacoby=self.options.jacoby,
                             beavers=self.options.beavers)
