"""The table as a state machine: :class:`Table` takes intents and emits :class:`~game.state.State` snapshots.

Pure: no DOM, no js/pyscript, no sleeps and no clock reads; time comes in as ``now`` (seconds, any origin) with
the intents. The machine never calls the bot: a decision it cannot make itself is exposed by
:meth:`Table.pending` and answered with a decision intent (``game.drive_bots`` does that with ``bot``).
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any, Optional

import rules
from rules import dice as _dice

from . import intents as I
from .errors import NotAllowed, OptionsError
from .options import Options
from .record import RecordBuilder, RecordError
from .state import (GAME_OVER, KIND_NAMES, MATCH_OVER, MOVING, ROLL, TAKE, Event, Pending, Result, State)

__all__ = ["Table", "game_seed"]

NEXT_SEED_LABEL = b"gamao/next-game/v1"


def game_seed(first_seed: bytes, game_index: int) -> bytes:
    """The seed of game ``game_index`` (0-based) of a match started with a chosen seed: the seed itself for
    game 0, then HMAC-SHA256(first_seed, "gamao/next-game/v1" || index as uint64 big-endian). Only used when
    the options give a seed (practice, tests); otherwise every game gets a fresh seed from ``secrets``."""
    if game_index == 0:
        return first_seed
    return hmac.new(first_seed, NEXT_SEED_LABEL + game_index.to_bytes(8, "big"), hashlib.sha256).digest()


def _seat_record(i: int, seat) -> dict:
    d = seat.to_dict()
    if not d.get("name"):
        d["name"] = f"Bot ({seat.level})" if seat.kind == "bot" else f"Player {i + 1}"
    return d


def _steps_from(turn: "rules.Turn", base: int) -> tuple:
    return tuple(turn.steps[base:])


class Table:
    """One table: a match (or money session) between two seats, played game after game.

    ``Table(options, now=0.0)`` starts the first game at once (its opening roll is in the first state's events).
    Every intent method returns the new :class:`State`; one that is not allowed raises :class:`NotAllowed` and
    changes nothing. ``now`` (seconds) is optional on every call: without it the last time given is used.
    """

    def __init__(self, options: Optional[Options] = None, now: float = 0.0) -> None:
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise OptionsError(f"options must be game.Options, got {type(options).__name__}")
        self._now = float(now)
        self._events: list = []
        self._version = 0
        self._cache: dict = {}
        self._start_match(options)

    # ------------------------------------------------------------------------------------------------ public
    @property
    def options(self) -> Options:
        return self._options

    @property
    def now(self) -> float:
        return self._now

    def state(self) -> State:
        """The snapshot as of now (cached until the next intent)."""
        st = self._cache.get("state")
        if st is None:
            st = self._build_state()
            self._cache["state"] = st
        return st

    def pending(self) -> Optional[Pending]:
        """The decision the table waits for that a bot (or the clock's stand-in) must make, or None."""
        if "pending" not in self._cache:
            self._cache["pending"] = self._build_pending()
        return self._cache["pending"]

    def apply(self, intent: I.Intent, now: Optional[float] = None, *, keep_events: bool = False) -> State:
        """Apply one intent. ``keep_events`` adds this intent's events to the previous ones (``drive_bots``
        uses it so one batch of bot decisions reports all its events)."""
        handler = self._HANDLERS.get(type(intent))
        if handler is None:
            raise NotAllowed(f"unknown intent {intent!r}")
        if now is not None:
            if not isinstance(now, (int, float)) or isinstance(now, bool) or now != now:
                raise NotAllowed(f"now must be a number of seconds, got {now!r}")
        saved = self._snapshot()
        events_before = list(self._events) if keep_events else []
        self._events = []
        try:
            if now is not None:
                self._now = float(now)
            handler(self, intent)
        except (RecordError, rules.RulesError) as exc:  # a bug or impossible input: restore and report
            self._restore(saved, events_before)
            raise NotAllowed(str(exc)) from None
        except Exception:
            self._restore(saved, events_before)
            raise
        self._events = events_before + self._events
        self._version += 1
        self._cache = {}
        return self.state()

    # convenience wrappers (each is apply(intent, now))
    def roll(self, now: Optional[float] = None) -> State:
        return self.apply(I.Roll(), now)

    def double(self, now: Optional[float] = None) -> State:
        return self.apply(I.Double(), now)

    def take(self, now: Optional[float] = None) -> State:
        return self.apply(I.Take(), now)

    def pass_(self, now: Optional[float] = None) -> State:
        return self.apply(I.Pass(), now)

    def beaver(self, now: Optional[float] = None) -> State:
        return self.apply(I.Beaver(), now)

    def move(self, frm: int, to: int, die: Optional[int] = None, now: Optional[float] = None) -> State:
        return self.apply(I.Move(frm, to, die), now)

    def undo(self, now: Optional[float] = None) -> State:
        return self.apply(I.Undo(), now)

    def done(self, now: Optional[float] = None) -> State:
        return self.apply(I.Done(), now)

    def next_game(self, now: Optional[float] = None) -> State:
        return self.apply(I.NextGame(), now)

    def new_game(self, options: Options, now: Optional[float] = None) -> State:
        return self.apply(I.NewGame(options), now)

    def tick(self, now: float) -> State:
        return self.apply(I.Tick(now))

    def bot_cube(self, decision: str, now: Optional[float] = None) -> State:
        return self.apply(I.BotCube(decision), now)

    def bot_play(self, result: str, now: Optional[float] = None) -> State:
        return self.apply(I.BotPlay(result), now)

    def bot_answer(self, answer: str, now: Optional[float] = None) -> State:
        return self.apply(I.BotAnswer(answer), now)

    def note_hint(self) -> int:
        """The player to act was shown a hint (the bot's advice): the record notes it. Not in games with a peer
        seat (NotAllowed); returns the player."""
        if any(seat.kind == "peer" for seat in self._options.seats):
            raise NotAllowed("no hints in a game with a remote player")
        player = self.state().actor
        if player is None or self._options.seats[player].kind != "human":
            raise NotAllowed("a hint is for a person on this device who is to act")
        self._record.hint(player)
        return player

    # records and files
    def record(self) -> dict:
        """The game record (docs/game-record.md) of the match so far, as plain data."""
        return self._record.to_dict()

    def record_json(self) -> str:
        return self._record.to_json()

    def mat_text(self) -> str:
        """The match so far as a GNU Backgammon ``.mat`` file (``rules.write_mat``)."""
        from .export import mat_text
        return mat_text(self)

    def gnubg_id(self) -> str:
        return self.state().gnubg_id()

    def xgid(self) -> str:
        return self.state().xgid()

    def to_json(self, now: Optional[float] = None) -> str:
        """The whole table as JSON (every phase; the clock saved as time remaining at ``now``)."""
        from .save import table_to_json
        return table_to_json(self, self._now if now is None else float(now))

    @classmethod
    def from_json(cls, text: str, now: float = 0.0) -> "Table":
        """A table from :meth:`to_json` text; ``SaveError`` if it cannot be read. The clock resumes at ``now``
        with the time that remained when it was saved."""
        from .save import table_from_json
        return table_from_json(cls, text, float(now))

    @classmethod
    def from_id(cls, text: str, options: Optional[Options] = None, now: float = 0.0) -> "Table":
        """A practice table set up from a pasted GNUbg ID ("PositionID:MatchID", or a bare Position ID) or an
        XGID; ``SetupError`` on bad input. See docs/game-api.md."""
        from .setup import table_from_id
        return table_from_id(cls, text, options, float(now))

    # ------------------------------------------------------------------------------------------ internals
    _FIELDS = ("_options", "_match", "_game_no", "_board", "_phase", "_player", "_dice", "_turn", "_deadline",
               "_expired", "_advised", "_dice_src", "_result", "_practice", "_now", "_first_seed")

    def _snapshot(self) -> tuple:
        """Enough to undo whatever one intent does (records and .mat lists only grow at their ends)."""
        games = self._record.data["games"]
        g = games[-1] if games else None
        rec = (len(games), len(g["actions"]) if g else 0, g["result"] if g else None, dict(g["dice"]) if g else None)
        mg = self._mat[-1] if self._mat else None
        mat = (len(self._mat), len(mg["actions"]) if mg else 0, mg["winner"] if mg else None,
               mg["points"] if mg else 0)
        return (tuple(getattr(self, f) for f in self._FIELDS), self._record, rec, self._mat, mat,
                len(self._dice_src.thrown))

    def _restore(self, saved: tuple, events: list) -> None:
        values, record, rec, mat_list, mat, thrown = saved
        for f, v in zip(self._FIELDS, values):
            setattr(self, f, v)
        self._record, self._mat = record, mat_list
        games = record.data["games"]
        del games[rec[0]:]
        if games:
            g = games[-1]
            del g["actions"][rec[1]:]
            g["result"], g["dice"] = rec[2], rec[3]
        del mat_list[mat[0]:]
        if mat_list:
            mg = mat_list[-1]
            del mg["actions"][mat[1]:]
            mg["winner"], mg["points"] = mat[2], mat[3]
        if len(self._dice_src.thrown) != thrown:  # dice were thrown: rewind the stream
            self._dice_src = _rewound(self._dice_src.seed, thrown)
        self._events = events
        self._cache = {}

    def _emit(self, kind: str, **kw: Any) -> None:
        self._events.append(Event(kind, **kw))

    def _seat(self, p: int):
        return self._options.seats[p]

    def _is_bot(self, p: int) -> bool:
        return self._options.seats[p].kind == "bot"

    def _clock_for(self, p: int) -> Optional[float]:
        if not self._options.clock or self._is_bot(p):
            return None
        return self._now + self._options.clock

    def _position(self, p: int) -> "rules.Position":
        return rules.Position(self._board[p], self._board[1 - p])

    # match and game set-up
    def _start_match(self, options: Options) -> None:
        self._options = options
        self._match = rules.MatchState(length=options.match_length, jacoby=options.jacoby,
                                       beavers=options.beavers)
        self._first_seed = _dice.seed_from_hex(options.seed) if options.seed else None
        self._record = RecordBuilder(players=[_seat_record(i, s) for i, s in enumerate(options.seats)],
                                     match_length=options.match_length,
                                     rules={"crawford": True, "jacoby": options.jacoby,
                                            "beavers": options.beavers})
        self._mat: list = []
        self._game_no = -1
        self._practice = False
        self._start_game()

    def _start_game(self) -> None:
        self._game_no += 1
        seed = game_seed(self._first_seed, self._game_no) if self._first_seed is not None else None
        self._dice_src = _dice.GameDice(seed)
        self._record.new_game(self._dice_src.fingerprint)
        start = rules.Position.initial()
        self._board = (start.mine, start.theirs)
        self._match = self._match.new_game()
        self._result = None
        self._mat.append({"score": list(self._match.score), "actions": [], "winner": None, "points": 0})
        self._phase, self._player, self._dice, self._turn = ROLL, 0, None, None
        self._deadline, self._expired, self._advised = None, False, False
        self._emit("game_started", fingerprint=self._dice_src.fingerprint)
        for d0, d1 in self._dice_src.opening():
            starter = rules.opening_roll(d0, d1)
            self._record.opening_roll(d0, d1)
            self._emit("opening_roll", player=starter, dice=(d0, d1))
        self._begin_moving(starter, (d0, d1))

    # turns
    def _begin_turn(self, p: int) -> None:
        self._phase, self._player, self._dice, self._turn = ROLL, p, None, None
        self._expired, self._advised = False, False
        self._deadline = self._clock_for(p)
        seat = self._seat(p)
        can = self._match.can_double(p)
        if not can and (seat.kind == "bot" or (seat.kind == "human" and self._options.auto_roll)):
            self._roll(auto=True)

    def _roll(self, auto: bool = False) -> None:
        p = self._player
        d = self._dice_src.roll()
        self._record.roll(p, d[0], d[1])
        self._emit("rolled", player=p, dice=d, auto=auto)
        self._begin_moving(p, d)

    def _begin_moving(self, p: int, dice: tuple) -> None:
        self._phase, self._player, self._dice = MOVING, p, tuple(dice)
        self._turn = rules.Turn(self._position(p), dice)
        self._deadline = None if self._expired else self._clock_for(p)
        if self._turn.dice_to_play == 0:
            self._record.play(p, "")
            self._mat_action(p, "roll", dice=self._dice, play=())
            self._emit("no_legal_move", player=p, dice=self._dice, auto=True)
            self._begin_turn(1 - p)
            return
        if self._options.auto_play and self._seat(p).kind == "human" and not self._expired:
            plays = self._turn.legal_plays()
            if len(plays) == 1:
                self._play_steps(plays[0][0], auto=True)
                self._finish_turn(auto=True)

    def _play_steps(self, steps, auto: bool) -> None:
        p = self._player
        for s in steps:
            self._turn = self._turn.apply_step(s)
            self._emit("moved", player=p, frm=s.frm, to=s.to, hit=s.hit, dice=(s.die,),
                       notation=rules.format_play((s,)), auto=auto)

    def _finish_turn(self, auto: bool = False) -> None:
        p, turn = self._player, self._turn
        notation = rules.format_play(turn.play)
        if self._expired:
            self._record.clock_expired(p, "move", notation)
        else:
            self._record.play(p, notation)
        self._mat_action(p, "roll", dice=self._dice, play=turn.play)
        self._emit("played", player=p, notation=notation, dice=self._dice, auto=auto or self._expired)
        pos = turn.position
        self._board = (pos.mine, pos.theirs) if p == 0 else (pos.theirs, pos.mine)
        self._turn = None
        if pos.is_over():
            points = self._match.points_for(pos.winner_kind())
            self._game_over(p, points, KIND_NAMES[points // self._match.cube])
        else:
            self._begin_turn(1 - p)

    def _game_over(self, winner: int, points: int, kind: str) -> None:
        self._result = Result(winner, points, kind)
        self._record.result(winner, points, kind)
        self._record.reveal(self._dice_src.seed)
        g = self._mat[-1]
        g["winner"], g["points"] = winner, points
        self._match = self._match.after_game(winner, points)
        self._phase = MATCH_OVER if self._match.is_over else GAME_OVER
        self._dice, self._turn, self._deadline, self._expired, self._advised = None, None, None, False, False
        self._emit("game_over", player=winner, value=points, result=kind)
        if self._match.is_over:
            self._emit("match_over", player=self._match.winner)

    def _mat_action(self, p: int, kind: str, dice: tuple = (), play: tuple = (), value: int = 0) -> None:
        self._mat[-1]["actions"].append({"player": p, "kind": kind, "dice": list(dice),
                                         "play": [[s.frm, s.to, bool(s.hit), s.die] for s in play],
                                         "value": value})

    # checks
    def _human_turn(self, phase: str, what: str) -> int:
        """The player who must act now, when it is a human/peer seat in ``phase``; else NotAllowed."""
        if self._phase != phase:
            raise NotAllowed(f"{what} is not possible now ({_PHASE_TEXT[self._phase]})")
        p = self._player if phase != TAKE else 1 - self._player
        if self._is_bot(p):
            raise NotAllowed(f"{what}: it is the bot's decision (player {p})")
        if self._expired:
            raise NotAllowed(f"{what}: player {p}'s clock ran out; the table is playing for them")
        return p

    # human intents
    def _on_roll(self, intent: I.Roll) -> None:
        self._human_turn(ROLL, "Roll")
        self._roll()

    def _on_double(self, intent: I.Double) -> None:
        p = self._human_turn(ROLL, "Double")
        self._double(p)

    def _double(self, p: int) -> None:
        if not self._match.can_double(p):
            why = "in the Crawford game" if self._match.crawford else "now: the cube is not yours"
            raise NotAllowed(f"player {p} may not double {why}")
        self._record.double(p)
        self._mat_action(p, "double", value=self._match.cube * 2)
        self._emit("doubled", player=p, value=self._match.cube * 2)
        self._phase, self._advised = TAKE, False
        self._deadline = self._clock_for(1 - p)

    def _on_take(self, intent: I.Take) -> None:
        self._human_turn(TAKE, "Take")
        self._answer("take")

    def _on_pass(self, intent: I.Pass) -> None:
        self._human_turn(TAKE, "Pass")
        self._answer("pass")

    def _on_beaver(self, intent: I.Beaver) -> None:
        self._human_turn(TAKE, "Beaver")
        self._answer("beaver")

    def _answer(self, answer: str, by_clock: bool = False) -> None:
        doubler = self._player
        taker = 1 - doubler
        if answer == "beaver" and not (self._match.is_money and self._match.beavers):
            raise NotAllowed("beavers are only allowed in money play with the beaver option on")
        if answer == "beaver" and not self._match.can_beaver(doubler):
            raise NotAllowed(f"no beaver: the cube would pass {rules.MAX_CUBE}")
        if by_clock:
            self._record.clock_expired(taker, "take", answer)
        elif answer == "take":
            self._record.take(taker)
        elif answer == "pass":
            self._record.pass_(taker)
        else:
            self._record.beaver(taker)
        if answer == "pass":
            points = self._match.pass_points(doubler)
            self._mat_action(taker, "drop")
            self._emit("passed", player=taker, auto=by_clock)
            self._game_over(doubler, points, "pass")
            return
        if answer == "take":
            self._match = self._match.take(doubler)
            self._mat_action(taker, "take")
            self._emit("took", player=taker, value=self._match.cube, auto=by_clock)
        else:
            self._match = self._match.beaver(doubler)
            self._mat_action(taker, "beaver", value=self._match.cube)
            self._emit("beavered", player=taker, value=self._match.cube)
        self._begin_turn(doubler)

    def _on_move(self, intent: I.Move) -> None:
        p = self._human_turn(MOVING, "Move")
        frm, to, die = intent.frm, intent.to, intent.die
        for v in (frm, to) + ((die,) if die is not None else ()):
            if not isinstance(v, int) or isinstance(v, bool):
                raise NotAllowed(f"a move is given by point numbers (ints), got {v!r}")
        before = self._turn
        try:
            after = before.apply(frm, to, die)
        except rules.RulesError as exc:
            raise NotAllowed(str(exc)) from None
        path = after.steps[len(before.steps):]
        self._turn = after
        self._emit("moved", player=p, frm=frm, to=to, hit=any(s.hit for s in path),
                   dice=tuple(s.die for s in path), notation=rules.format_play(path))

    def _on_undo(self, intent: I.Undo) -> None:
        p = self._human_turn(MOVING, "Undo")
        if not self._turn.steps:
            raise NotAllowed("nothing to undo in this turn")
        step = self._turn.steps[-1]
        self._turn = self._turn.undo()
        self._emit("undone", player=p, frm=step.frm, to=step.to, hit=step.hit, dice=(step.die,))

    def _on_done(self, intent: I.Done) -> None:
        self._human_turn(MOVING, "Done")
        if not self._turn.is_complete:
            left = len(self._turn.dice_left)
            raise NotAllowed(f"the play is not finished: {left} di{'e' if left == 1 else 'ce'} still to play")
        self._finish_turn()

    def _on_next_game(self, intent: I.NextGame) -> None:
        if self._phase == MATCH_OVER:
            raise NotAllowed("the match is over: start a new game instead")
        if self._phase != GAME_OVER:
            raise NotAllowed(f"Next game is not possible now ({_PHASE_TEXT[self._phase]})")
        if self._practice:
            raise NotAllowed("a practice position has no next game: start a new game instead")
        self._start_game()

    def _on_new_game(self, intent: I.NewGame) -> None:
        if not isinstance(intent.options, Options):
            raise NotAllowed("NewGame needs game.Options")
        self._start_match(intent.options)

    def _on_tick(self, intent: I.Tick) -> None:
        now = intent.now
        if not isinstance(now, (int, float)) or isinstance(now, bool) or now != now:
            raise NotAllowed(f"now must be a number of seconds, got {now!r}")
        self._now = float(now)
        if self._deadline is None or self._now < self._deadline or self._expired:
            return
        p = self._player if self._phase != TAKE else 1 - self._player
        phase = {ROLL: "roll", MOVING: "move", TAKE: "take"}[self._phase]
        self._emit("clock_expired", player=p, phase=phase, auto=True)
        self._expired, self._deadline = True, None
        if self._phase == ROLL:  # the table rolls (never doubles) and then plays the roll
            self._record.clock_expired(p, "roll", "roll")
            self._roll(auto=True)

    # decision intents
    def _pending_or_raise(self, kind: str, what: str) -> Pending:
        pend = self.pending()
        if pend is None or pend.kind != kind:
            raise NotAllowed(f"{what}: no {kind} decision is pending")
        return pend

    def _on_bot_cube(self, intent: I.BotCube) -> None:
        pend = self._pending_or_raise("cube", "BotCube")
        if intent.decision not in ("double", "no_double"):
            raise NotAllowed(f"BotCube decision must be 'double' or 'no_double', got {intent.decision!r}")
        if pend.reason == "bot":
            if intent.decision == "double":
                self._double(pend.player)
            else:
                self._roll(auto=True)
        else:  # a human's auto-roll check
            if intent.decision == "double":
                self._advised = True
            else:
                self._roll(auto=True)

    def _on_bot_play(self, intent: I.BotPlay) -> None:
        pend = self._pending_or_raise("play", "BotPlay")
        options = self._cache.get("completions")
        if options is None:
            options = self._completions()
        steps = options.get(intent.result) if isinstance(intent.result, str) else None
        if steps is None:
            raise NotAllowed(f"BotPlay: {intent.result!r} is not a legal result of this roll")
        self._play_steps(steps, auto=pend.reason == "clock")
        self._finish_turn()

    def _on_bot_answer(self, intent: I.BotAnswer) -> None:
        pend = self._pending_or_raise("answer", "BotAnswer")
        beaver_ok = pend.reason == "bot" and self._match.can_beaver(self._player)
        allowed = ("take", "pass", "beaver") if beaver_ok else ("take", "pass")
        if intent.answer not in allowed:
            raise NotAllowed(f"BotAnswer must be one of {', '.join(allowed)}, got {intent.answer!r}")
        self._answer(intent.answer, by_clock=pend.reason == "clock")

    _HANDLERS = {I.Roll: _on_roll, I.Double: _on_double, I.Take: _on_take, I.Pass: _on_pass,
                 I.Beaver: _on_beaver, I.Move: _on_move, I.Undo: _on_undo, I.Done: _on_done,
                 I.NextGame: _on_next_game, I.NewGame: _on_new_game, I.Tick: _on_tick,
                 I.BotCube: _on_bot_cube, I.BotPlay: _on_bot_play, I.BotAnswer: _on_bot_answer}

    # pending decisions
    def _completions(self) -> dict:
        """Result Position ID -> the steps still to make from the current (partly played) turn."""
        turn = self._turn
        if not turn.steps:
            out = {}
            for play, result in turn.legal_plays():
                out.setdefault(result.to_id(), tuple(play))
            return out
        out: dict = {}
        seen: set = set()

        def walk(t: "rules.Turn", made: tuple) -> None:
            key = (t.position, tuple(sorted(t.dice_left)))
            if key in seen:
                return
            seen.add(key)
            if t.is_complete:
                out.setdefault(t.position.to_id(), made)
                return
            for frm in t.options():
                for die in set(t.dice_left):
                    try:
                        nxt = t.apply(frm, max(frm - die, 0), die)
                    except rules.IllegalMoveError:
                        continue
                    walk(nxt, made + (nxt.steps[-1],))

        walk(turn, ())
        return out

    def _cube_args(self, p: int, for_answer: bool) -> dict:
        m = self._match
        if m.cube_owner is None:
            owner = "center"
        elif for_answer:
            owner = "opponent" if m.cube_owner == 1 - p else "me"
        else:
            owner = "me" if m.cube_owner == p else "opponent"
        return {"cube_value": m.cube, "cube_owner": owner, "match_length": m.length,
                "score": (m.score[p], m.score[1 - p]), "crawford": m.crawford}

    def _build_pending(self) -> Optional[Pending]:
        p = self._player
        opts = self._options
        if self._phase == ROLL:
            seat = self._seat(p)
            if not self._match.can_double(p) or self._expired:
                return None
            if seat.kind == "bot":
                reason, level = "bot", seat.level
            elif seat.kind == "human" and opts.auto_roll and not self._advised:
                reason, level = "auto", opts.clock_level
            else:
                return None
            return Pending(p, "cube", reason, level, self._position(p).to_id(), cube=self._cube_args(p, False))
        if self._phase == MOVING:
            seat = self._seat(p)
            if seat.kind == "bot":
                reason, level = "bot", seat.level
            elif self._expired:
                reason, level = "clock", opts.clock_level
            else:
                return None
            comp = self._completions()
            self._cache["completions"] = comp
            return Pending(p, "play", reason, level, self._turn.start.to_id(), dice=self._dice,
                           candidates=tuple(sorted(comp)))
        if self._phase == TAKE:
            taker = 1 - p
            seat = self._seat(taker)
            if seat.kind == "bot":
                reason, level = "bot", seat.level
            elif self._expired:
                reason, level = "clock", opts.clock_level
            else:
                return None
            return Pending(taker, "answer", reason, level, self._position(p).to_id(),
                           cube=self._cube_args(taker, True))
        return None

    # the snapshot
    def _build_state(self) -> State:
        phase, p, m = self._phase, self._player, self._match
        playing = phase in (ROLL, MOVING, TAKE)
        actor = (1 - p if phase == TAKE else p) if playing else None
        human = actor is not None and not self._is_bot(actor) and not self._expired
        turn = self._turn
        if turn is not None:
            pos = turn.position
            board = (pos.mine, pos.theirs) if p == 0 else (pos.theirs, pos.mine)
            d = turn.dice
            entries = (d[0],) * 4 if d[0] == d[1] else d
            left = list(turn.dice_left)
            used = []
            for e in entries:
                if e in left:
                    left.remove(e)
                    used.append(False)
                else:
                    used.append(True)
            dice_left, dice_used, steps = tuple(turn.dice_left), tuple(used), tuple(turn.steps)
        else:
            board = self._board
            dice_left, dice_used, steps = (), (), ()
        movable = dict(turn.options()) if (human and phase == MOVING) else {}
        pips = (sum(i * n for i, n in enumerate(board[0])), sum(i * n for i, n in enumerate(board[1])))
        money_beaver = phase == TAKE and m.can_beaver(p)
        return State(
            phase=phase, game_number=self._game_no + 1, turn=p if playing else None, actor=actor,
            seats=self._options.seats, options=self._options, board=board, dice=self._dice,
            dice_left=dice_left, dice_used=dice_used, movable=movable,
            can_roll=human and phase == ROLL,
            can_double=human and phase == ROLL and m.can_double(p),
            can_take=human and phase == TAKE, can_pass=human and phase == TAKE,
            can_beaver=human and phase == TAKE and money_beaver,
            can_undo=human and phase == MOVING and bool(turn.steps),
            can_done=human and phase == MOVING and turn.is_complete,
            can_next_game=phase == GAME_OVER and not self._practice,
            double_offered=phase == TAKE, cube=m.cube, cube_owner=m.cube_owner,
            cube_is_dead=bool(playing and m.length and m.cube_is_dead(p)),
            pips=pips, score=m.score, match_length=m.length, crawford=m.crawford,
            post_crawford=m.post_crawford, match_winner=m.winner, fingerprint=self._dice_src.fingerprint,
            seed=self._dice_src.seed.hex() if phase in (GAME_OVER, MATCH_OVER) else None,
            result=self._result, deadline=self._deadline, clock=self._options.clock,
            pending=self.pending(), events=tuple(self._events), steps=steps, practice=self._practice,
            match_state=m)


def _rewound(seed: bytes, thrown: int) -> "_dice.GameDice":
    """A GameDice for ``seed`` with ``thrown`` pairs already thrown."""
    g = _dice.GameDice(seed)
    for _ in range(thrown):
        g.next_pair()
    return g


_PHASE_TEXT = {ROLL: "the player on turn rolls or doubles", MOVING: "a roll is being played",
               TAKE: "a double is waiting for take or pass", GAME_OVER: "the game is over",
               MATCH_OVER: "the match is over"}
