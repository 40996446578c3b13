"""The dice of a peer game as messages (docs/peer-protocol.md section 3, docs/fair-dice.md section 7): this
side's hash chains and their renewal every N throws, the reveals that make each throw, the secrets after a game
and the commitments of the next one. Handlers ``on_<type>(draft, msg, side)`` of ``net.session_handlers`` and
the helpers they share, on a :class:`~net.session_value.Draft`. Pure.
"""
from __future__ import annotations

from typing import Any, Optional

import game
from game import intents as I
from rules import dice as _dice

from .chains import Chain, check_reveal, check_secret, hex_or_none as _hex
from .errors import Refused
from .peertable import PeerDice, PeerTable
from .session_value import GUEST, HOST, ROLES, Draft, known, put, renewal_missing

__all__ = ["my_value", "sync_record", "table_apply", "check_over", "decider", "on_reveal",
           "on_roll", "on_secret", "on_next", "on_renew"]

Msg = dict[str, Any]


def my_value(d: Any, k: int) -> bytes:
    """This side's chain value for throw k (throws from k = s·N on use the s-th renewed chain)."""
    seg, i = divmod(k, d.chain_length)
    chain: Chain = d.chain if seg == 0 else d.segs[seg - 1]
    return chain.value_for(i)


def table_apply(d: Draft, intent: I.Intent) -> None:
    assert d.table is not None
    st = d.table.apply(intent, d.now)
    d.events.extend(st.events)


def sync_record(d: Draft, final: bool = False) -> None:
    """The current game's renewals (and, once it ended, its last throw's values) into its record."""
    if d.table is None or len(d.table.value.record["games"]) != d.game_no:
        return
    entries = [{"host_commitment": _hex(h), "guest_commitment": _hex(g),
                "host_secret": None, "guest_secret": None} for h, g in d.renewals]
    for i, entry in enumerate(entries):
        if i + 1 < len(d.seg_secrets):
            entry["host_secret"], entry["guest_secret"] = d.seg_secrets[i + 1]
    first = list(d.seg_secrets[0]) if d.seg_secrets else None
    last: list[Optional[str]] = [_hex(v) for v in d.throw_values] if final else [None, None]
    d.table.set_peer_dice(entries, first, last)


def decider(d: Draft, side: int, what: str) -> game.State:
    """The table's state when ``side`` may decide now (roll or double, play, answer); else Refused."""
    if d.stage != "play":
        raise Refused("unexpected", f"{what}: the game is not in play")
    if d.roll_pending is not None:
        raise Refused("out_of_turn", f"{what}: a throw is waiting for its second value")
    if renewal_missing(d) is not None:
        raise Refused("out_of_turn", f"{what}: the renewed chains must be exchanged first")
    assert d.table is not None
    st = d.table.state()
    if st.actor != side:
        raise Refused("out_of_turn", f"{what}: it is not the {ROLES[side]}'s turn")
    return st


def check_over(d: Draft) -> None:
    assert d.table is not None
    phase = d.table.state().phase
    if phase in (game.GAME_OVER, game.MATCH_OVER):
        d.stage = "over" if phase == game.GAME_OVER else "match_over"
        d.secrets_in = (None, None)
        sync_record(d, final=True)


def _reveal_value(d: Draft, msg: Msg, side: int) -> bytes:
    if msg["k"] != d.k:
        raise Refused("replayed" if msg["k"] < d.k else "unexpected",
                      f"a value for throw {msg['k']} came while throw {d.k} is being made")
    if d.revealed[side] is not None:
        raise Refused("unexpected", f"throw {d.k}: this side's value was already revealed")
    if renewal_missing(d) is not None:
        raise Refused("unexpected", f"throw {d.k} needs both sides' renewed chains first")
    value = bytes.fromhex(msg["value"])
    check_reveal(value, known(d.last[side]), ROLES[side], d.k)
    return value


def _throw(d: Draft) -> tuple[int, int]:
    pair = _dice.peer_roll(known(d.revealed[HOST]), known(d.revealed[GUEST]))
    d.last = d.throw_values = d.revealed
    d.revealed = (None, None)
    d.k += 1
    return pair


def on_reveal(d: Draft, msg: Msg, side: int) -> None:
    if d.stage == "opening":
        if side == GUEST and d.revealed[HOST] is None:
            raise Refused("out_of_turn", "the host reveals first for an opening throw")
        d.revealed = put(d.revealed, side, _reveal_value(d, msg, side))
        if side == HOST:
            return
        pair = _throw(d)
        d.opening = d.opening + (pair,)
        if pair[0] == pair[1]:
            return
        dice = PeerDice(known(d.commits[HOST]), known(d.commits[GUEST]), d.chain_length, d.opening)
        if d.table is None:
            s = known(d.settings)
            opts = game.Options(seats=(game.Seat("peer", name=d.names[HOST]), game.Seat("peer", name=d.names[GUEST])),
                                match_length=s.match_length, jacoby=s.jacoby, beavers=s.beavers, clock=s.clock,
                                seed=None)
            d.table = PeerTable(opts, d.now, dice)
            d.events.extend(d.table.state().events)
        else:
            d.table.prepare_game(dice)
            table_apply(d, I.NextGame())
        d.opening = ()
        d.stage = "play"
        sync_record(d)
        return
    if d.stage != "play" or d.roll_pending is None:
        raise Refused("unexpected", "no throw is waiting for a value")
    if side == d.roll_pending:
        raise Refused("out_of_turn", "the roller's value is already in; the other side reveals now")
    d.revealed = put(d.revealed, side, _reveal_value(d, msg, side))
    assert d.table is not None
    d.table.push_throw(_throw(d))
    d.roll_pending = None
    table_apply(d, I.Roll())
    check_over(d)


def on_roll(d: Draft, msg: Msg, side: int) -> None:
    st = decider(d, side, "Roll")
    if st.phase != game.ROLL:
        raise Refused("out_of_turn", "Roll: the dice are already rolled")
    d.revealed = put(d.revealed, side, _reveal_value(d, msg, side))
    d.roll_pending = side


def on_secret(d: Draft, msg: Msg, side: int) -> None:
    if d.stage not in ("over", "match_over") or msg["game"] != d.game_no:
        raise Refused("unexpected", "a secret is revealed only when its game is over")
    if d.secrets_in[side] is not None:
        raise Refused("replayed", "this secret was already revealed")
    secret = bytes.fromhex(msg["value"])
    seg = len(d.renewals)  # the secret of the game's last chain
    commit = d.renewals[-1][side] if seg else d.commits[side]
    check_secret(secret, known(commit), d.chain_length, ROLES[side])
    d.secrets_in = put(d.secrets_in, side, secret)
    if all(s is not None for s in d.secrets_in):
        assert d.table is not None
        d.table.reveal_secrets(known(d.secrets_in[HOST]), known(d.secrets_in[GUEST]), seg)


def on_next(d: Draft, msg: Msg, side: int) -> None:
    if d.stage != "over" or msg["game"] != d.game_no + 1:
        raise Refused("unexpected", "the next game can start only after a game is over")
    if d.secrets_in[side] is None:
        raise Refused("unexpected", "the secret of the last game must be revealed before the next game")
    if d.next_commits[side] is not None:
        raise Refused("replayed", "the next game's commitment was already sent")
    d.next_commits = put(d.next_commits, side, bytes.fromhex(msg["commit"]))
    if side == d.me and d.next_chain is None:  # replaying a saved log
        d.next_chain = d.new_chain(d.game_no + 1)
    if all(c is not None for c in d.next_commits):
        d.game_no += 1
        d.commits = d.last = d.next_commits
        d.next_commits = d.revealed = d.secrets_in = d.throw_values = (None, None)
        d.k = 0
        d.opening = ()
        d.chain, d.next_chain = d.next_chain, None
        d.renewals, d.segs, d.seg_secrets = (), (), ()
        d.stage = "opening"


def on_renew(d: Draft, msg: Msg, side: int) -> None:
    seg = d.k // d.chain_length
    if (d.stage not in ("opening", "play") or msg["game"] != d.game_no or seg == 0
            or d.k % d.chain_length or msg["seg"] != seg):
        raise Refused("unexpected", f"a renewed chain is sent only when throw {seg * d.chain_length or ''} "
                                    "is the next throw of the game")
    pairs = list(d.renewals) + [(None, None)] * (seg - len(d.renewals))
    if pairs[seg - 1][side] is not None:
        raise Refused("replayed", "this side's chain was already renewed")
    commit = bytes.fromhex(msg["commit"])
    pairs[seg - 1] = put(pairs[seg - 1], side, commit)
    d.renewals = tuple(pairs)
    d.last = put(d.last, side, commit)
    if side == d.me and len(d.segs) < seg:
        d.segs = d.segs + (d.new_chain(d.game_no, seg),)
    if None not in pairs[seg - 1]:  # the chain before is used up: its last value was its secret
        d.seg_secrets = d.seg_secrets + ((_hex(d.throw_values[HOST]), _hex(d.throw_values[GUEST])),)
        sync_record(d)
