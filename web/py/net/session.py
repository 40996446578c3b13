"""One side of a peer game: :class:`PeerSession` wraps a :class:`~net.peertable.PeerTable` and speaks the
protocol of docs/peer-protocol.md over any ordered, reliable channel that carries text.

Everything that changes the game is a sequenced message, applied by the same code whichever side sent it: a local
intent becomes a message that is checked and applied here and then sent; a message from the peer is checked (size,
schema, sequence number, stage, whose turn, the rules engine, the dice chains) and applied, and the state hash it
carries must equal ours afterwards. A refused message changes nothing and is reported to both players.

Pure: no js, no clock reads (time comes in as ``now``), no I/O: methods return the texts to send.
"""
from __future__ import annotations

import copy
import secrets as _secrets
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

import game
import rules
from game import intents as I

from . import claims as C
from . import messages as M
from . import saving
from .chainflow import GUEST, HOST, ROLES, DiceMessages
from .chains import Chain
from .errors import NotYourTurn, PeerError, Refused
from .peertable import PeerTable
from .statehash import state_hash as _state_hash

__all__ = ["HOST", "GUEST", "Settings", "Outcome", "PeerSession", "DEFAULT_GRACE", "SAVE_FORMAT"]

DEFAULT_GRACE = 15.0
DEFAULT_CHAIN = 1024
SAVE_FORMAT = saving.SAVE_FORMAT


@dataclass(frozen=True)
class Settings:
    """The host's choice for the match: ``match_length`` (0 money), ``clock`` seconds per decision (0 none)."""

    match_length: int = 0
    clock: int = 45
    jacoby: bool = False
    beavers: bool = False

    def to_wire(self) -> dict:
        return {"match": self.match_length, "clock": self.clock, "jacoby": self.jacoby, "beavers": self.beavers}

    @classmethod
    def from_wire(cls, d: dict) -> "Settings":
        return cls(d["match"], d["clock"], d["jacoby"], d["beavers"])


@dataclass
class Outcome:
    """What one call produced: ``send`` (texts for the channel, in order), ``refused`` (the peer's message we
    refused, if any), ``notices`` (plain-text lines for the player: refusals either way, claims, resumes),
    ``events`` (the table's events, in order)."""

    send: list = field(default_factory=list)
    refused: Optional[Refused] = None
    notices: list = field(default_factory=list)
    events: list = field(default_factory=list)


class PeerSession(DiceMessages, C.ClaimMessages):
    """This side of a peer game. ``role`` "host" (player 0, chooses the settings) or "guest" (player 1).

    ``start(now)`` gives the first texts to send once the channel is open (the host's hello; a guest answers the
    host's hello); then ``receive(text, now)`` for every text from the peer, ``act(intent, now)`` for this
    player's intents, ``tick(now)`` about once a second. Each returns an :class:`Outcome`.
    """

    def __init__(self, role: str, name: str = "", settings: Optional[Settings] = None, *, now: float = 0.0,
                 grace: float = DEFAULT_GRACE, chain_length: int = DEFAULT_CHAIN,
                 random_bytes: Callable[[int], bytes] = _secrets.token_bytes, sid: Optional[str] = None,
                 chooser: Any = None) -> None:
        if role not in ROLES:
            raise PeerError(f"role must be 'host' or 'guest', got {role!r}")
        if not isinstance(name, str):
            raise PeerError("a name is text")
        if not isinstance(chain_length, int) or isinstance(chain_length, bool) or not 8 <= chain_length <= 4096:
            raise PeerError("the chain length is an integer 8..4096")
        self.role = role
        self.me = ROLES.index(role)
        self.them = 1 - self.me
        self.grace = float(grace)
        self.chooser = chooser
        self._random = random_bytes
        self._saved_secrets: dict = {}
        # protocol state (everything below is restored if a message is refused)
        self.names = ["", ""]
        self.names[self.me] = M.clean_text(name, M.MAX_NAME)
        self.settings = settings if role == "host" else None
        if role == "host" and self.settings is None:
            self.settings = Settings()
        self.chain_length = chain_length
        self.sid = sid or (random_bytes(8).hex() if role == "host" else None)
        self.seq_out = 0
        self.seq_in = 0
        self.stage = "hello"
        self.hello_from = [False, False]
        self.game_no = 1
        self.chain: Optional[Chain] = None
        self.commits: list = [None, None]
        self.last: list = [None, None]
        self.revealed: list = [None, None]
        self.k = 0
        self.opening: list = []
        self.roll_pending: Optional[int] = None
        self.next_commits: list = [None, None]
        self.next_chain: Optional[Chain] = None
        self.secrets_in: list = [None, None]
        self.renewals: list = []      # [host, guest] commitments of the renewed chains of this game (segment 1..)
        self.segs: list = []          # this side's renewed chains (segment 1..)
        self.seg_secrets: list = []   # [host, guest] secrets (hex) of the game's finished chains, seen in play
        self.throw_values: list = [None, None]  # the values of the last complete throw
        self.table: Optional[PeerTable] = None
        self.claimed_by: Optional[int] = None
        self.claim_points = 0
        self._pre_claim: Optional[tuple] = None  # our own claim, until the other side answers by acting
        self._replaying = False
        self.since = float(now)
        self.now = float(now)
        self.log: list = []      # [side, message dict] for every sequenced message applied, in order
        self._texts: list = []   # the text sent for each of our messages (resent on resume)
        self._events: list = []

    # ------------------------------------------------------------------------------------------ public
    def state(self) -> Optional[game.State]:
        """The table's state for this player (None before the opening roll of game 1). Only this player's own
        decisions are offered (``can_*`` and ``movable`` are empty when the peer must act or a reveal is awaited)."""
        if self.table is None:
            return None
        st = self.table.state()
        if self.my_decision():
            return st
        return replace(st, can_roll=False, can_double=False, can_take=False, can_pass=False, can_beaver=False,
                       can_undo=False, can_done=False, movable={}, can_resign=False, resign_offers={},
                       can_answer_resign=False, can_next_game=st.can_next_game
                       and self.stage == "over" and self.next_commits[self.me] is None)

    def my_decision(self) -> bool:
        """True when this player must act now (roll or double, move, take or pass)."""
        return self._actor() == (self.me, "decide")

    def waiting_for(self) -> Optional[tuple]:
        """(player, "decide" | "reveal" | "hello" | "secret") that the game waits for, or None."""
        return self._actor()

    def start(self, now: float) -> Outcome:
        """The texts to send when the channel opens for the first time (the host's hello)."""
        out = Outcome()
        self.now = float(now)
        if self.role == "host" and not self.hello_from[self.me]:
            self._local(out, self._hello())
        return out

    def resume_message(self) -> str:
        """What to send first on a new channel after a disconnect: our sequence numbers and state hash."""
        return M.encode({"v": M.VERSION, "t": "resume", "sid": self.sid or "0" * 16, "have": self.seq_in,
                         "sent": self.seq_out, "h": self.state_hash()})

    def receive(self, text: Any, now: float) -> Outcome:
        """A text from the peer. Refused messages change nothing: ``outcome.refused`` says why, and
        ``outcome.send`` carries the ``refused`` message that tells the peer."""
        out = Outcome()
        self.now = float(now)
        try:
            msg = M.decode(text)
            t = msg["t"]
            if t == "refused":
                out.notices.append(("peer_refused", "The other player's table refused a message: "
                                    + M.clean_text(msg["text"], M.MAX_TEXT)))
                return out
            if t == "resume":
                self._on_resume(msg, out)
                return out
            seq = msg["seq"]
            if seq <= self.seq_in:
                raise Refused("replayed", f"message {seq} was already received: a replayed or stale message")
            if seq > self.seq_in + 1:
                raise Refused("missing", f"message {self.seq_in + 1} is missing (got {seq})")
            if self._pre_claim is not None and self.stage == "claimed" and t != "claim":
                self._answered_claim(msg, out)
            else:
                self._transaction(msg, self.them)
        except Refused as exc:
            out.refused = exc
            out.notices.append((exc.code, "Refused a message from the other player: " + exc.message))
            ref = self.seq_in + 1
            out.send.append(M.encode({"v": M.VERSION, "t": "refused", "ref": min(ref, M.MAX_SEQ),
                                      "code": exc.code[:20], "text": exc.message[:M.MAX_TEXT]}))
            return out
        if msg["t"] == "claim" and self.stage == "claimed":
            out.notices.append(("claimed_against", f"The other player claimed the game: your time had run out "
                                                   f"({self.claim_points} points)."))
        self._collect(out)
        self._follow_up(out)
        return out

    def act(self, intent: I.Intent, now: float) -> Outcome:
        """This player's intent. Moves and undos stay local until Done (the whole play is sent); Roll sends this
        side's chain value (the dice appear when the peer's arrives). Raises ``NotYourTurn`` or
        ``game.NotAllowed`` and changes nothing when it is not allowed."""
        out = Outcome()
        self.now = float(now)
        if isinstance(intent, I.NextGame):
            if self.stage != "over" or self.next_commits[self.me] is not None:
                raise NotYourTurn("the next game cannot be started now")
            self._local(out, self._next_message())
            self._follow_up(out)
            return out
        if self.stage != "play" or not self.my_decision():
            raise NotYourTurn("it is not your turn" if self.stage == "play" else "the game is not in play")
        if isinstance(intent, (I.Move, I.Undo)):
            st = self.table.apply(intent, now)
            out.events.extend(st.events)
            return out
        if isinstance(intent, I.Done):
            st = self.table.state()
            if not st.can_done:
                raise game.NotAllowed("the play is not finished")
            msg = {"t": "play", "steps": [[s.frm, s.to, s.die] for s in st.steps]}
        elif isinstance(intent, I.Roll):
            if self.table.state().phase != game.ROLL:
                raise game.NotAllowed("Roll is not possible now")
            msg = {"t": "roll", "k": self.k, "value": self._my_value(self.k).hex()}
        elif isinstance(intent, (I.Double, I.Take, I.Pass, I.Beaver)):
            msg = {"t": type(intent).__name__.lower()}
        elif isinstance(intent, I.Resign):
            msg = self._resign_message(intent, now)
        elif isinstance(intent, (I.AcceptResign, I.DeclineResign)):
            msg = {"t": "accept" if isinstance(intent, I.AcceptResign) else "decline"}
        else:
            raise game.NotAllowed(f"{type(intent).__name__} is not an intent of a peer game")
        self._local(out, msg)
        self._follow_up(out)
        return out

    def tick(self, now: float) -> Outcome:
        """Time passes: when this player's own clock has run out, the table acts for them (it rolls, never
        doubles; plays and answers a double with the chooser) and sends that like any other action."""
        out = Outcome()
        self.now = float(now)
        clock = self.settings.clock if self.settings else 0
        if not clock or not self.my_decision() or now < self.since + clock:
            return out
        st = self.table.state()
        if st.offer is not None:  # the clock never resigns, nor answers a resignation (the other side may claim)
            return out
        if st.phase == game.ROLL:
            msg = {"t": "roll", "k": self.k, "value": self._my_value(self.k).hex()}
        elif st.phase == game.TAKE:
            pend = self.table.clock_pending(self.me)
            msg = {"t": "take" if self._chooser().answer(pend) == "take" else "pass"}
        else:
            pend = self.table.clock_pending(self.me)
            steps = list(st.steps) + list(self.table.completions()[self._chooser().play(pend)])
            msg = {"t": "play", "steps": [[s.frm, s.to, s.die] for s in steps]}
        out.notices.append(("clock", "Your time ran out: the table played for you."))
        self._local(out, msg)
        self._follow_up(out)
        return out

    def can_claim(self, now: float) -> bool:
        """True when the peer owes an action and has been silent past its limit and the grace (net.claims)."""
        return C.claimable(self, now)

    def claim(self, now: float) -> Outcome:
        """Claim the game against a silent peer (also one that does not reveal its dice): the game ends, won by
        this player for what it could still win (game.claims); the ``claim`` message tells the peer. If the
        peer answers by acting before it sees the claim, the claim is withdrawn and the game goes on."""
        if not self.can_claim(now):
            raise NotYourTurn("the other player still has time")
        out = Outcome()
        self.now = float(now)
        self._local(out, {"t": "claim"})
        out.notices.append(("claim_won", f"You claimed the game: {self.claim_points} points."))
        return out

    @property
    def result(self) -> Optional[tuple]:
        """(winner, how) once the session is decided: how "claim" or the table's result kind."""
        if self.claimed_by is not None:
            return self.claimed_by, "claim"
        if self.table is not None and self.table.state().result is not None:
            r = self.table.state().result
            return r.winner, r.kind
        return None

    # ------------------------------------------------------------------------------------- state hash, saving
    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of everything both sides must agree on (net.statehash)."""
        return _state_hash(self)

    def to_json(self) -> str:
        """The session as JSON for this device only (it holds this side's chain secrets): net.saving."""
        return saving.to_json(self)

    @classmethod
    def from_json(cls, text: str, now: float = 0.0, chooser: Any = None) -> "PeerSession":
        """A session from ``to_json`` text: PeerError if it cannot be read or its log does not replay."""
        return saving.from_json(cls, text, now, chooser)

    # ------------------------------------------------------------------------------------- internals
    def _chooser(self):
        if self.chooser is None:
            self.chooser = game.BotChooser()
        return self.chooser

    def _hello(self) -> dict:
        self.chain = self._new_chain(1)
        msg = {"t": "hello", "role": self.role, "sid": self.sid, "name": self.names[self.me],
               "commit": self.chain.commitment.hex(), "chain": self.chain_length}
        if self.role == "host":
            msg["settings"] = self.settings.to_wire()
        return msg

    def _actor(self) -> Optional[tuple]:
        if self.stage == "hello":
            return (HOST, "hello") if not self.hello_from[HOST] else (GUEST, "hello")
        renew = self._renewal_missing()
        if renew is not None:
            return renew, "renew"
        if self.stage == "opening":
            return (HOST if self.revealed[HOST] is None else GUEST), "reveal"
        if self.stage == "play":
            if self.roll_pending is not None:
                return 1 - self.roll_pending, "reveal"
            st = self.table.state()
            if st.actor is not None:
                return st.actor, "decide"
            return None
        if self.stage == "over":
            for p in (HOST, GUEST):
                if self.secrets_in[p] is None:
                    return p, "secret"
            if self.stage == "over" and (self.next_commits[HOST] is None) != (self.next_commits[GUEST] is None):
                return (HOST if self.next_commits[HOST] is None else GUEST), "next"
        return None

    def _local(self, out: Outcome, fields: dict) -> None:
        """Number, apply and send one of our messages (Refused here is this side's own mistake: NotAllowed)."""
        msg = {"v": M.VERSION, **fields}
        if msg["t"] in M.SEQUENCED:
            msg["seq"] = self.seq_out + 1
        if msg["t"] in M.HASHED:
            msg["h"] = "0" * 64  # replaced below, once applied
        M.check(msg)
        try:
            self._transaction(msg, self.me)
        except Refused as exc:
            raise game.NotAllowed(exc.message) from None
        text = M.encode(msg)
        self._texts.append(text)
        out.send.append(text)
        self._collect(out)

    def _transaction(self, msg: dict, side: int) -> None:
        saved = self._snapshot()
        try:
            self._apply(msg, side)
            if msg["t"] in M.HASHED:
                mine = self.state_hash()
                if side == self.me:
                    msg["h"] = mine
                elif msg["h"] != mine:
                    raise Refused("desync", "the two tables disagree about the game (state hashes differ)")
        except Refused:
            self._restore(saved)
            raise
        except (game.GameError, rules.RulesError) as exc:
            self._restore(saved)
            raise Refused("illegal", str(exc)) from None
        self._commit(msg, side)

    def _commit(self, msg: dict, side: int) -> None:
        if msg["t"] in M.SEQUENCED:
            if side == self.me:
                self.seq_out = msg["seq"]
            else:
                self.seq_in = msg["seq"]
            self.log.append([side, msg])
        self.since = self.now

    _STATE = ("names", "settings", "sid", "stage", "hello_from", "game_no", "chain", "commits", "last",
              "revealed", "k", "opening", "roll_pending", "next_commits", "next_chain", "secrets_in",
              "claimed_by", "claim_points", "chain_length", "_saved_secrets", "renewals", "segs", "seg_secrets",
              "throw_values")

    def _snapshot(self) -> tuple:
        """The protocol fields (copied) and the table with its value: the table's value is its whole state, so
        keeping it is the table's rollback."""
        fields = {k: copy.copy(getattr(self, k)) for k in self._STATE}
        return fields, self.table, (self.table.value if self.table is not None else None)

    def _restore(self, saved: tuple) -> None:
        fields, table, value = saved
        for k, v in fields.items():
            setattr(self, k, v)
        self.table = table
        if table is not None:
            table.restore(value)

    def _collect(self, out: Outcome) -> None:
        out.events.extend(self._events)
        self._events = []

    def _table_apply(self, intent: I.Intent) -> None:
        st = self.table.apply(intent, self.now)
        self._events.extend(st.events)

    def _follow_up(self, out: Outcome) -> None:
        """Send what this side must send by itself: a guest's hello, dice reveals, the secret after a game."""
        for _ in range(8):
            msg = self._due()
            if msg is None:
                return
            self._local(out, msg)

    def _due(self) -> Optional[dict]:
        me = self.me
        if self.stage == "hello":
            if self.role == "guest" and self.hello_from[HOST] and not self.hello_from[GUEST]:
                return self._hello()
            return None
        renew = self._renewal_missing()
        if renew is not None:
            if renew != me:
                return None
            seg = self.k // self.chain_length
            return {"t": "renew", "game": self.game_no, "seg": seg,
                    "commit": self._new_chain(self.game_no, seg).commitment.hex()}
        if self.stage == "opening":
            if (me == HOST and self.revealed[HOST] is None) or (me == GUEST and self.revealed[HOST] is not None
                                                                and self.revealed[GUEST] is None):
                return {"t": "reveal", "k": self.k, "value": self._my_value(self.k).hex()}
            return None
        if self.stage == "play" and self.roll_pending == self.them and self.revealed[me] is None:
            return {"t": "reveal", "k": self.k, "value": self._my_value(self.k).hex()}
        if self.stage in ("over", "match_over") and self.secrets_in[me] is None:
            return {"t": "secret", "game": self.game_no, "value": (self.segs or [self.chain])[-1].secret.hex()}
        return None

    # applying one message (from either side) --------------------------------------------------------------
    def _apply(self, msg: dict, side: int) -> None:
        t = msg["t"]
        if self.stage == "claimed":
            raise Refused("unexpected", "the game was claimed; nothing more can be played")
        handler = getattr(self, "_on_" + t)
        handler(msg, side)

    def _on_hello(self, msg: dict, side: int) -> None:
        if self.stage != "hello" or self.hello_from[side]:
            raise Refused("unexpected", "hello was already received")
        if msg["role"] != ROLES[side]:
            raise Refused("unexpected", f"the other side must be the {ROLES[side]}")
        if side == GUEST and not self.hello_from[HOST]:
            raise Refused("unexpected", "the guest speaks after the host's hello")
        if side == HOST:
            if "settings" not in msg:
                raise Refused("bad_schema", "the host's hello carries the settings")
            self.settings = Settings.from_wire(msg["settings"])
            self.sid = msg["sid"]
            self.chain_length = msg["chain"]
        else:
            if "settings" in msg:
                raise Refused("bad_schema", "only the host chooses the settings")
            if msg["sid"] != self.sid or msg["chain"] != self.chain_length:
                raise Refused("unexpected", "the guest's hello does not answer this host")
        if side != self.me:
            self.names[side] = M.clean_text(msg["name"], M.MAX_NAME)
        commit = bytes.fromhex(msg["commit"])
        if side == self.me and self.chain is None:  # replaying a saved log
            self.chain = self._new_chain(1)
        self.commits[side] = self.last[side] = commit
        self.hello_from[side] = True
        if all(self.hello_from):
            self.stage = "opening"

    def _decider(self, side: int, what: str) -> game.State:
        if self.stage != "play":
            raise Refused("unexpected", f"{what}: the game is not in play")
        if self.roll_pending is not None:
            raise Refused("out_of_turn", f"{what}: a throw is waiting for its second value")
        if self._renewal_missing() is not None:
            raise Refused("out_of_turn", f"{what}: the renewed chains must be exchanged first")
        st = self.table.state()
        if st.actor != side:
            raise Refused("out_of_turn", f"{what}: it is not the {ROLES[side]}'s turn")
        return st

    def _on_double(self, msg: dict, side: int) -> None:
        self._decider(side, "Double")
        self._table_apply(I.Double())

    def _on_take(self, msg: dict, side: int) -> None:
        self._decider(side, "Take")
        self._table_apply(I.Take())

    def _on_beaver(self, msg: dict, side: int) -> None:
        self._decider(side, "Beaver")
        self._table_apply(I.Beaver())

    def _resign_message(self, intent: I.Resign, now: float) -> dict:
        """A resignation is sent from the turn's start: steps made (still local) are taken back first."""
        st = self.table.state()
        if not st.can_resign or intent.points not in st.resign_offers.values():
            raise game.NotAllowed(f"a resignation for {intent.points!r} is not possible now")
        while st.steps:
            st = self.table.apply(I.Undo(), now)
        return {"t": "resign", "points": intent.points}

    def _on_resign(self, msg: dict, side: int) -> None:
        st = self._decider(side, "Resign")
        if st.offer is not None:
            raise Refused("out_of_turn", "Resign: a resignation already waits for its answer")
        if st.steps:
            raise Refused("illegal", "Resign: a resignation is made from the turn's start")
        self._table_apply(I.Resign(msg["points"]))

    def _on_accept(self, msg: dict, side: int) -> None:
        if self._decider(side, "Accept").offer is None:
            raise Refused("unexpected", "Accept: no resignation is offered")
        self._table_apply(I.AcceptResign())
        self._check_over()

    def _on_decline(self, msg: dict, side: int) -> None:
        if self._decider(side, "Decline").offer is None:
            raise Refused("unexpected", "Decline: no resignation is offered")
        self._table_apply(I.DeclineResign())

    def _on_pass(self, msg: dict, side: int) -> None:
        self._decider(side, "Pass")
        self._table_apply(I.Pass())
        self._check_over()

    def _on_play(self, msg: dict, side: int) -> None:
        st = self._decider(side, "Play")
        if st.phase != game.MOVING:
            raise Refused("out_of_turn", "Play: there is no roll to play")
        steps = [tuple(s) for s in msg["steps"]]
        made = [(s.frm, s.to, s.die) for s in st.steps]
        if made and made != steps[:len(made)]:
            raise Refused("illegal", "the play does not continue the steps already made")
        board = self.table.committed_board()
        turn = rules.Turn(rules.Position(board[side], board[1 - side]), st.dice)
        try:
            for frm, to, die in steps:
                turn = turn.apply(frm, to, die)
        except rules.RulesError as exc:
            raise Refused("illegal", f"illegal move: {exc}") from None
        if not turn.is_complete:
            raise Refused("illegal", "the play is not complete: a legal play uses more of the roll")
        for frm, to, die in steps[len(made):]:
            self._table_apply(I.Move(frm, to, die))
        self._table_apply(I.Done())
        self._check_over()

    def _check_over(self) -> None:
        phase = self.table.state().phase
        if phase in (game.GAME_OVER, game.MATCH_OVER):
            self.stage = "over" if phase == game.GAME_OVER else "match_over"
            self.secrets_in = [None, None]
            self._sync_record(final=True)

    def _on_resume(self, msg: dict, out: Outcome) -> None:
        if msg["sid"] != self.sid:
            raise Refused("not_same_game", "this connection is for another game")
        if msg["have"] > self.seq_out or msg["sent"] < self.seq_in:
            raise Refused("not_same_game", "the other side's game does not match this one")
        if msg["have"] == self.seq_out and msg["sent"] == self.seq_in and msg["h"] != self.state_hash():
            raise Refused("desync", "the two tables disagree about the game (state hashes differ)")
        out.send.extend(self._texts[msg["have"]:])
        out.notices.append(("resumed", "Connected again: the game continues."))
        self._follow_up(out)
