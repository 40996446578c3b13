"""One side of a peer game: :class:`PeerSession` speaks the protocol of docs/peer-protocol.md over any ordered,
reliable channel that carries text.

Its whole state is one immutable :class:`~net.session_value.SessionValue` (``session.value``). Everything that
changes the game is a sequenced message, applied by the same handlers whichever side sent it
(``net.session_handlers``): a local intent becomes a message that is checked and applied here and then sent
(``net.session_local``); a message from the peer is checked (size, schema, sequence number, stage, whose turn, the
rules engine, the dice chains) and applied, and the state hash it carries must equal ours afterwards. Each call
works on a :class:`~net.session_value.Draft` of the value and keeps the draft's new value only if all went well:
a refused message leaves the value it found, and is reported to both players.

Pure: no js, no clock reads (time comes in as ``now``), no I/O: methods return the texts to send.
"""
from __future__ import annotations

import secrets as _secrets
from dataclasses import fields, replace
from typing import Any, Callable, Optional

import game
from game import intents as I

from . import claims as C
from . import messages as M
from . import saving
from .errors import NotYourTurn, PeerError, Refused
from .peertable import PeerTable
from .session_local import answer, clock_message, follow_up, hello, intent_message, my_decision, resume, send
from .session_value import GUEST, HOST, ROLES, Draft, Outcome, SessionValue, Settings, actor
from .statehash import state_hash as _state_hash

__all__ = ["HOST", "GUEST", "Settings", "Outcome", "PeerSession", "SessionValue", "DEFAULT_GRACE", "SAVE_FORMAT"]

DEFAULT_GRACE = 15.0
DEFAULT_CHAIN = 1024
SAVE_FORMAT = saving.SAVE_FORMAT
_FIELDS = frozenset(f.name for f in fields(SessionValue)) - {"table"} | {"me", "them"}


class PeerSession:
    """This side of a peer game. ``role`` "host" (player 0, chooses the settings) or "guest" (player 1).

    ``start(now)`` gives the first texts to send once the channel is open (the host's hello; a guest answers the
    host's hello); then ``receive(text, now)`` for every text from the peer, ``act(intent, now)`` for this
    player's intents, ``tick(now)`` about once a second. Each returns an :class:`Outcome`.

    The value's fields read through the session (``session.stage`` is ``session.value.stage``); ``table`` is a
    :class:`~net.peertable.PeerTable` over the value's table (a view of the current value: read it again after
    each call).
    """

    __slots__ = ("_value", "_table", "_random", "chooser")

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
        me = ROLES.index(role)
        mine = M.clean_text(name, M.MAX_NAME)
        names = (mine, "") if me == HOST else ("", mine)
        if role == "host" and settings is None:
            settings = Settings()
        self._random = random_bytes
        self.chooser = chooser
        self._table: Optional[PeerTable] = None
        self._value = SessionValue(role=role, grace=float(grace), chain_length=chain_length, secrets=(),
                                   names=names, settings=settings if role == "host" else None,
                                   sid=sid or (random_bytes(8).hex() if role == "host" else None), since=float(now))

    # ------------------------------------------------------------------------------------------ the value
    @property
    def value(self) -> SessionValue:
        """The whole state of this side, immutable: keep it to go back to it with :meth:`restore`."""
        return self._value

    def restore(self, value: SessionValue) -> None:
        """Back to a value this session had."""
        if not isinstance(value, SessionValue) or value.role != self._value.role:
            raise PeerError("restore takes a net.SessionValue of this side")
        self._value, self._table = value, None

    def __getattr__(self, name: str) -> Any:
        if name in _FIELDS:
            return getattr(self._value, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def table(self) -> Optional[PeerTable]:
        """The peer table (None before the opening roll of game 1): read it; intents go through :meth:`act`."""
        if self._table is None and self._value.table is not None:
            self._table = PeerTable.from_value(self._value.table)
        return self._table

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
        return my_decision(self._draft(0.0))

    def waiting_for(self) -> Optional[tuple[int, str]]:
        """(player, "decide" | "reveal" | "hello" | "renew" | "secret" | "next") that the game waits for, or None."""
        return actor(self._draft(0.0))

    def start(self, now: float) -> Outcome:
        """The texts to send when the channel opens for the first time (the host's hello)."""
        def run(d: Draft, out: Outcome) -> None:
            if d.role == "host" and not d.hello_from[d.me]:
                out.send.append(send(d, hello(d)))
        return self._run(now, run)

    def resume_message(self) -> str:
        """What to send first on a new channel after a disconnect: our sequence numbers and state hash."""
        v = self._value
        return M.encode({"v": M.VERSION, "t": "resume", "sid": v.sid or "0" * 16, "have": v.seq_in,
                         "sent": v.seq_out, "h": self.state_hash()})

    def receive(self, text: Any, now: float) -> Outcome:
        """A text from the peer. Refused messages change nothing: ``outcome.refused`` says why, and
        ``outcome.send`` carries the ``refused`` message that tells the peer."""
        v = self._value
        try:
            msg = M.decode(text)
            t = msg["t"]
            if t == "refused":
                told = Outcome()
                told.notices.append(("peer_refused", "The other player's table refused a message: "
                                     + M.clean_text(msg["text"], M.MAX_TEXT)))
                return told
            if t == "resume":
                return self._run(now, lambda d, out: resume(d, msg, out))
            if msg["seq"] <= v.seq_in:
                raise Refused("replayed", f"message {msg['seq']} was already received: a replayed or stale message")
            if msg["seq"] > v.seq_in + 1:
                raise Refused("missing", f"message {v.seq_in + 1} is missing (got {msg['seq']})")
            # a message from the side we claimed against, sent before it saw the claim (or after refusing it): it
            # answered by acting, so our claim is withdrawn and the message applied to the value before the claim
            # (if it is refused, the claim stands)
            answered = v.pre_claim is not None and v.stage == "claimed" and t != "claim"
            return self._run(now, lambda d, out: answer(d, msg, out, answered),
                             base=v.pre_claim if answered else None)
        except Refused as exc:
            out = Outcome(refused=exc)
            out.notices.append((exc.code, "Refused a message from the other player: " + exc.message))
            out.send.append(M.encode({"v": M.VERSION, "t": "refused", "ref": min(v.seq_in + 1, M.MAX_SEQ),
                                      "code": exc.code[:20], "text": exc.message[:M.MAX_TEXT]}))
            return out

    def act(self, intent: I.Intent, now: float) -> Outcome:
        """This player's intent. Moves and undos stay local until Done (the whole play is sent); Roll sends this
        side's chain value (the dice appear when the peer's arrives). Raises ``NotYourTurn`` or
        ``game.NotAllowed`` and changes nothing when it is not allowed."""
        def run(d: Draft, out: Outcome) -> None:
            msg = intent_message(d, intent)
            if msg is not None:
                out.send.append(send(d, msg))
                out.send.extend(follow_up(d))
        return self._run(now, run)

    def tick(self, now: float) -> Outcome:
        """Time passes: when this player's own clock has run out, the table acts for them (it rolls, never
        doubles; plays and answers a double with the chooser) and sends that like any other action."""
        msg = clock_message(self._draft(now), self._chooser())
        if msg is None:
            return Outcome()

        def run(d: Draft, out: Outcome) -> None:
            out.notices.append(("clock", "Your time ran out: the table played for you."))
            out.send.append(send(d, msg))
            out.send.extend(follow_up(d))
        return self._run(now, run)

    def can_claim(self, now: float) -> bool:
        """True when the peer owes an action and has been silent past its limit and the grace (net.claims)."""
        return C.claimable(self._draft(now), now)

    def claim(self, now: float) -> Outcome:
        """Claim the game against a silent peer (also one that does not reveal its dice): the game ends, won by
        this player for what it could still win (game.claims); the ``claim`` message tells the peer. If the
        peer answers by acting before it sees the claim, the claim is withdrawn and the game goes on."""
        if not self.can_claim(now):
            raise NotYourTurn("the other player still has time")

        def run(d: Draft, out: Outcome) -> None:
            out.send.append(send(d, {"t": "claim"}))
            out.notices.append(("claim_won", f"You claimed the game: {d.claim_points} points."))
        return self._run(now, run)

    @property
    def result(self) -> Optional[tuple[int, str]]:
        """(winner, how) once the session is decided: how "claim" or the table's result kind."""
        if self.claimed_by is not None:
            return self.claimed_by, "claim"
        r = self.table.state().result if self.table is not None else None
        return None if r is None else (r.winner, r.kind)

    # ------------------------------------------------------------------------------------- state hash, saving
    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of everything both sides must agree on (net.statehash)."""
        return _state_hash(self)

    def to_json(self) -> str:
        """The session as JSON for this device only (it holds this side's chain secrets): net.saving."""
        return saving.to_json(self._value)

    @classmethod
    def from_json(cls, text: str, now: float = 0.0, chooser: Any = None) -> "PeerSession":
        """A session from ``to_json`` text: PeerError if it cannot be read or its log does not replay."""
        data = saving.read(text)
        s: PeerSession = saving.readable(lambda: cls(
            data["role"], data["name"], saving.settings_of(data), now=now, grace=data["grace"],
            chain_length=data["chain"], sid=data["sid"], chooser=chooser))
        s.restore(saving.replay(replace(s._value, secrets=data["secrets"]), data["log"], now, s._random))
        return s

    # ------------------------------------------------------------------------------------- internals
    def _chooser(self) -> Any:
        if self.chooser is None:
            self.chooser = game.BotChooser()
        return self.chooser

    def _draft(self, now: float) -> Draft:
        """A draft to read (never to change: it shares this session's table)."""
        return Draft(self._value, self.table, now=now, random=self._random)

    def _run(self, now: float, change: Callable[[Draft, Outcome], None],
             base: Optional[SessionValue] = None) -> Outcome:
        """Run ``change`` on a draft of the value (or of ``base``) and keep the draft's value; if it raises, the
        draft is dropped and the session keeps the value it had."""
        table = self.table if base is None else None
        self._table = None  # the draft works on this table: kept with the draft's value, or dropped with it
        d = Draft(self._value if base is None else base, table, now=now, random=self._random)
        out = Outcome()
        change(d, out)
        self._value, self._table = d.freeze(), d.table
        out.events.extend(d.events)
        return out
