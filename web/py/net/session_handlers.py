"""What each sequenced message does: ``HANDLERS[msg["t"]](draft, msg, side)``, the same code whichever side sent
it, on a working copy of the session's value (:class:`~net.session_value.Draft`). A refused message raises
:class:`~net.errors.Refused` and its draft is dropped: the session keeps the value it had.

:func:`apply_message` is one whole step: the handler, the state hash check (docs/peer-protocol.md section 4) and
the sequence number and log. The dice's handlers are in ``net.chainflow``, the claim's in ``net.claims``. Pure.
"""
from __future__ import annotations

from typing import Any, Callable

import game
import rules
from game import intents as I

from . import messages as M
from .chainflow import check_over, decider, on_next, on_renew, on_reveal, on_roll, on_secret, table_apply
from .claims import on_claim
from .errors import Refused
from .session_value import GUEST, HOST, ROLES, Draft, Settings, put
from .statehash import state_hash

__all__ = ["HANDLERS", "apply_message"]

Msg = dict[str, Any]
Handler = Callable[[Draft, Msg, int], None]


def on_hello(d: Draft, msg: Msg, side: int) -> None:
    if d.stage != "hello" or d.hello_from[side]:
        raise Refused("unexpected", "hello was already received")
    if msg["role"] != ROLES[side]:
        raise Refused("unexpected", f"the other side must be the {ROLES[side]}")
    if side == GUEST and not d.hello_from[HOST]:
        raise Refused("unexpected", "the guest speaks after the host's hello")
    if side == HOST:
        if "settings" not in msg:
            raise Refused("bad_schema", "the host's hello carries the settings")
        d.settings = Settings.from_wire(msg["settings"])
        d.sid = msg["sid"]
        d.chain_length = msg["chain"]
    else:
        if "settings" in msg:
            raise Refused("bad_schema", "only the host chooses the settings")
        if msg["sid"] != d.sid or msg["chain"] != d.chain_length:
            raise Refused("unexpected", "the guest's hello does not answer this host")
    if side != d.me:
        d.names = put(d.names, side, M.clean_text(msg["name"], M.MAX_NAME))
    commit = bytes.fromhex(msg["commit"])
    if side == d.me and d.chain is None:  # replaying a saved log
        d.chain = d.new_chain(1)
    d.commits = put(d.commits, side, commit)
    d.last = put(d.last, side, commit)
    d.hello_from = put(d.hello_from, side, True)
    if all(d.hello_from):
        d.stage = "opening"


def _decision(intent: I.Intent, name: str, ends: bool = False) -> Handler:
    """A handler for a decision that is the table's intent as it is (double, take, beaver, pass)."""
    def handler(d: Draft, msg: Msg, side: int) -> None:
        decider(d, side, name)
        table_apply(d, intent)
        if ends:
            check_over(d)
    return handler


def on_resign(d: Draft, msg: Msg, side: int) -> None:
    st = decider(d, side, "Resign")
    if st.offer is not None:
        raise Refused("out_of_turn", "Resign: a resignation already waits for its answer")
    if st.steps:
        raise Refused("illegal", "Resign: a resignation is made from the turn's start")
    table_apply(d, I.Resign(msg["points"]))


def on_accept(d: Draft, msg: Msg, side: int) -> None:
    if decider(d, side, "Accept").offer is None:
        raise Refused("unexpected", "Accept: no resignation is offered")
    table_apply(d, I.AcceptResign())
    check_over(d)


def on_decline(d: Draft, msg: Msg, side: int) -> None:
    if decider(d, side, "Decline").offer is None:
        raise Refused("unexpected", "Decline: no resignation is offered")
    table_apply(d, I.DeclineResign())


def on_play(d: Draft, msg: Msg, side: int) -> None:
    st = decider(d, side, "Play")
    if st.phase != game.MOVING:
        raise Refused("out_of_turn", "Play: there is no roll to play")
    assert d.table is not None
    steps = [tuple(s) for s in msg["steps"]]
    made = [(s.frm, s.to, s.die) for s in st.steps]
    if made and made != steps[:len(made)]:
        raise Refused("illegal", "the play does not continue the steps already made")
    board = d.table.committed_board()
    turn = rules.Turn(rules.Position(board[side], board[1 - side]), st.dice)
    try:
        for frm, to, die in steps:
            turn = turn.apply(frm, to, die)
    except rules.RulesError as exc:
        raise Refused("illegal", f"illegal move: {exc}") from None
    if not turn.is_complete:
        raise Refused("illegal", "the play is not complete: a legal play uses more of the roll")
    for frm, to, die in steps[len(made):]:
        table_apply(d, I.Move(frm, to, die))
    table_apply(d, I.Done())
    check_over(d)


HANDLERS: dict[str, Handler] = {
    "hello": on_hello, "reveal": on_reveal, "roll": on_roll, "secret": on_secret, "next": on_next,
    "renew": on_renew, "claim": on_claim, "double": _decision(I.Double(), "Double"),
    "take": _decision(I.Take(), "Take"), "beaver": _decision(I.Beaver(), "Beaver"),
    "pass": _decision(I.Pass(), "Pass", ends=True), "resign": on_resign, "accept": on_accept,
    "decline": on_decline, "play": on_play,
}


def apply_message(d: Draft, msg: Msg, side: int) -> None:
    """Apply one sequenced message from ``side`` to the draft: its handler, then (for a hashed message) the state
    hash, ours written into our own message or checked against the peer's; then its sequence number and log.
    Refused when it is not allowed (the rules engine's and the table's refusals as ``illegal``); the draft is then
    to be dropped."""
    if d.stage == "claimed":
        raise Refused("unexpected", "the game was claimed; nothing more can be played")
    try:
        HANDLERS[msg["t"]](d, msg, side)
        if msg["t"] in M.HASHED and not d.replaying:  # a saved log is not hashed again
            mine = state_hash(d)
            if side == d.me:
                msg["h"] = mine
            elif msg["h"] != mine:
                raise Refused("desync", "the two tables disagree about the game (state hashes differ)")
    except (game.GameError, rules.RulesError) as exc:
        raise Refused("illegal", str(exc)) from None
    if side == d.me:
        d.seq_out = msg["seq"]
    else:
        d.seq_in = msg["seq"]
    d.log = d.log + ((side, msg),)
    d.since = d.now

