"""The whole state of one side of a peer game as one immutable value: :class:`SessionValue`, and its working
copy :class:`Draft`.

A :class:`~net.session.PeerSession` holds one ``SessionValue`` and replaces it after each call that changes it;
a message that is refused leaves the old value, so rollback is keeping the old value (as ``game.TableValue`` is
for a table). Each call runs the handlers (``net.session_handlers``) on a :class:`Draft`, a working copy with
plain attributes and a live :class:`~net.peertable.PeerTable`, and :meth:`Draft.freeze` makes the new value.
Nothing inside a value is changed once it is made. Pure.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar

from .chains import Chain
from .errors import Refused
from .peertable import PeerTable

__all__ = ["HOST", "GUEST", "ROLES", "Settings", "Outcome", "SessionValue", "Draft", "put", "known", "renewal_missing", "actor"]

if TYPE_CHECKING:
    import game

HOST, GUEST = 0, 1
ROLES = ("host", "guest")
T = TypeVar("T")
Bytes2 = tuple[Optional[bytes], Optional[bytes]]  # (host's, guest's)
Hex2 = tuple[Optional[str], Optional[str]]
Msg = dict[str, Any]


@dataclass(frozen=True)
class Settings:
    """The host's choice for the match: ``match_length`` (0 money), ``clock`` seconds per decision (0 none)."""

    match_length: int = 0
    clock: int = 45
    jacoby: bool = False
    beavers: bool = False

    def to_wire(self) -> dict[str, Any]:
        return {"match": self.match_length, "clock": self.clock, "jacoby": self.jacoby, "beavers": self.beavers}

    @classmethod
    def from_wire(cls, d: dict[str, Any]) -> "Settings":
        return cls(d["match"], d["clock"], d["jacoby"], d["beavers"])


@dataclass
class Outcome:
    """What one call produced: ``send`` (texts for the channel, in order), ``refused`` (the peer's message we
    refused, if any), ``notices`` (plain-text lines for the player: refusals either way, claims, resumes),
    ``events`` (the table's events, in order)."""

    send: list[str] = field(default_factory=list)
    refused: Optional[Refused] = None
    notices: list[tuple[str, str]] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)


def put(pair: tuple[T, T], side: int, value: T) -> tuple[T, T]:
    """``pair`` with ``value`` at ``side``."""
    return (value, pair[GUEST]) if side == HOST else (pair[HOST], value)


def known(x: Optional[T]) -> T:
    """``x``, which this step needs and the stage promises (Refused if it is missing: nothing changes)."""
    if x is None:
        raise Refused("unexpected", "this message needs what the game has not settled yet")
    return x


class _Sides:
    role: str

    @property
    def me(self) -> int:
        """This side's player number: 0 the host, 1 the guest."""
        return ROLES.index(self.role)

    @property
    def them(self) -> int:
        return 1 - ROLES.index(self.role)


@dataclass(frozen=True)
class SessionValue(_Sides):
    """Everything one side of a peer game knows, as of its last message (read it; never change what it holds).

    This side: ``role``, ``grace`` (seconds a claim waits beyond a limit), ``chain_length``, ``secrets`` (this
    side's chain secrets by key, "<game>" or "<game>.<segment>", as ``((key, bytes), ...)``). The protocol (both
    sides agree on it: net.statehash): ``names``, ``settings``, ``sid``, ``stage``, ``hello_from``, ``game_no``,
    ``commits`` / ``last`` / ``revealed`` (per side: the game's commitments, the last values revealed, the values
    of the throw being made), ``k`` (the throw being made), ``opening`` (tied opening throws so far),
    ``roll_pending`` (the side whose roll waits for the other's value), ``next_commits``, ``secrets_in`` (the
    secrets revealed after a game), ``renewals`` (per renewed chain, both commitments), ``seg_secrets`` (both
    secrets of each finished chain of the game, hex), ``throw_values`` (the values of the last complete throw),
    ``table`` (the peer table's ``game.TableValue``, None before the first opening throw), ``claimed_by`` and
    ``claim_points``. This side's chains: ``chain``, ``next_chain``, ``segs`` (renewed ones). The channel:
    ``seq_out``, ``seq_in``, ``log`` (``(side, message)`` for every sequenced message applied, in order),
    ``since`` (when the last one was applied) and ``pre_claim`` (the value before our own claim, until the other
    side answers it).
    """

    role: str
    grace: float
    chain_length: int
    secrets: tuple[tuple[str, bytes], ...]
    names: tuple[str, str]
    settings: Optional[Settings]
    sid: Optional[str]
    stage: str = "hello"
    hello_from: tuple[bool, bool] = (False, False)
    game_no: int = 1
    chain: Optional[Chain] = None
    commits: Bytes2 = (None, None)
    last: Bytes2 = (None, None)
    revealed: Bytes2 = (None, None)
    k: int = 0
    opening: tuple[tuple[int, int], ...] = ()
    roll_pending: Optional[int] = None
    next_commits: Bytes2 = (None, None)
    next_chain: Optional[Chain] = None
    secrets_in: Bytes2 = (None, None)
    renewals: tuple[Bytes2, ...] = ()
    segs: tuple[Chain, ...] = ()
    seg_secrets: tuple[Hex2, ...] = ()
    throw_values: Bytes2 = (None, None)
    table: Optional["game.TableValue"] = None
    claimed_by: Optional[int] = None
    claim_points: int = 0
    seq_out: int = 0
    seq_in: int = 0
    log: tuple[tuple[int, Msg], ...] = ()
    since: float = 0.0
    pre_claim: Optional["SessionValue"] = None

    def secret_for(self, key: str) -> Optional[bytes]:
        return next((v for k, v in self.secrets if k == key), None)


_NAMES = tuple(f.name for f in fields(SessionValue))


class Draft(_Sides):
    """A working copy of a :class:`SessionValue` for one message: its fields as plain attributes (set them to new
    values; never change what they hold), ``table`` a :class:`PeerTable` over the value's table (the handlers
    apply intents to it), ``now`` the time of the call, ``events`` the table's events so far, ``random`` this
    side's source of secrets, ``replaying`` while a saved log is replayed. :meth:`freeze` makes the new value;
    a draft that a handler refused is simply dropped."""

    role: str
    grace: float
    chain_length: int
    secrets: tuple[tuple[str, bytes], ...]
    names: tuple[str, str]
    settings: Optional[Settings]
    sid: Optional[str]
    stage: str
    hello_from: tuple[bool, bool]
    game_no: int
    chain: Optional[Chain]
    commits: Bytes2
    last: Bytes2
    revealed: Bytes2
    k: int
    opening: tuple[tuple[int, int], ...]
    roll_pending: Optional[int]
    next_commits: Bytes2
    next_chain: Optional[Chain]
    secrets_in: Bytes2
    renewals: tuple[Bytes2, ...]
    segs: tuple[Chain, ...]
    seg_secrets: tuple[Hex2, ...]
    throw_values: Bytes2
    table: Optional[PeerTable]  # (the value's: its game.TableValue)
    claimed_by: Optional[int]
    claim_points: int
    seq_out: int
    seq_in: int
    log: tuple[tuple[int, Msg], ...]
    since: float
    pre_claim: Optional[SessionValue]

    def __init__(self, value: SessionValue, table: Optional[PeerTable] = None, *, now: float = 0.0,
                 random: Optional[Callable[[int], bytes]] = None, replaying: bool = False) -> None:
        self.__dict__.update(value.__dict__)
        if table is None and value.table is not None:
            table = PeerTable.from_value(value.table)
        self.table = table
        self.before = value
        self.now = float(now)
        self.random = random
        self.replaying = replaying
        self.events: list[Any] = []

    def new_chain(self, game_no: int, seg: int = 0) -> Chain:
        """This side's chain for a game (seg 0) or its seg-th renewal, from the saved secret or a new one."""
        key = str(game_no) if seg == 0 else f"{game_no}.{seg}"
        secret = next((v for k, v in self.secrets if k == key), None)
        if secret is None:
            if self.random is None:
                raise Refused("unexpected", "no secret is saved for this chain")
            secret = self.random(32)
            self.secrets = self.secrets + ((key, secret),)
        return Chain(secret, self.chain_length)

    def freeze(self) -> SessionValue:
        state = self.__dict__
        values = {name: state[name] for name in _NAMES}
        values["table"] = self.table.value if self.table is not None else None
        value = object.__new__(SessionValue)  # the fields as they are (the frozen __init__ would set each in turn)
        value.__dict__.update(values)
        return value


def renewal_missing(v: Any) -> Optional[int]:
    """The side whose renewed chain throw k still needs (host first), or None (``v`` a value or a draft)."""
    if v.stage not in ("opening", "play"):
        return None
    seg = v.k // v.chain_length
    if seg == 0:
        return None
    if len(v.renewals) < seg:
        return HOST
    pair = v.renewals[seg - 1]
    return next((p for p in (HOST, GUEST) if pair[p] is None), None)


def actor(d: Draft) -> Optional[tuple[int, str]]:
    """(player, "decide" | "reveal" | "hello" | "renew" | "secret" | "next") that the game waits for, or None."""
    if d.stage == "hello":
        return (HOST, "hello") if not d.hello_from[HOST] else (GUEST, "hello")
    renew = renewal_missing(d)
    if renew is not None:
        return renew, "renew"
    if d.stage == "opening":
        return (HOST if d.revealed[HOST] is None else GUEST), "reveal"
    if d.stage == "play":
        if d.roll_pending is not None:
            return 1 - d.roll_pending, "reveal"
        assert d.table is not None
        who = d.table.state().actor
        return None if who is None else (who, "decide")
    if d.stage == "over":
        for p in (HOST, GUEST):
            if d.secrets_in[p] is None:
                return p, "secret"
        if (d.next_commits[HOST] is None) != (d.next_commits[GUEST] is None):
            return (HOST if d.next_commits[HOST] is None else GUEST), "next"
    return None
