"""This side's own messages, on a :class:`~net.session_value.Draft`: what an intent of this player sends
(:func:`intent_message`), what the clock sends for a player whose time ran out (:func:`clock_message`), what the
table sends by itself (:func:`follow_up`: the guest's hello, dice reveals, renewals, the secret after a game), and
:func:`send`, which numbers one of our messages, applies it (``net.session_handlers``) and encodes it. Pure.
"""
from __future__ import annotations

from typing import Any, Optional

import game
from game import intents as I

from . import messages as M
from .chainflow import my_value, table_apply
from .errors import NotYourTurn, Refused
from .statehash import state_hash
from .session_handlers import apply_message
from .session_value import GUEST, HOST, Draft, Outcome, actor, known, renewal_missing

__all__ = ["send", "follow_up", "hello", "intent_message", "clock_message", "my_decision", "answer",
           "resume"]

Msg = dict[str, Any]


def my_decision(d: Draft) -> bool:
    """True when this player must act now (roll or double, move, take or pass)."""
    return actor(d) == (d.me, "decide")


def send(d: Draft, fields: Msg) -> str:
    """Number, apply and encode one of our messages (Refused here is this side's own mistake: NotAllowed)."""
    msg = {"v": M.VERSION, **fields}
    if msg["t"] in M.SEQUENCED:
        msg["seq"] = d.seq_out + 1
    if msg["t"] in M.HASHED:
        msg["h"] = "0" * 64  # replaced once applied
    M.check(msg)
    try:
        apply_message(d, msg, d.me)
    except Refused as exc:
        raise game.NotAllowed(exc.message) from None
    return M.encode(msg)


def follow_up(d: Draft) -> list[str]:
    """Send what this side must send by itself: a guest's hello, dice reveals, renewals, the secret after a game."""
    texts = []
    for _ in range(8):
        msg = _due(d)
        if msg is None:
            break
        texts.append(send(d, msg))
    return texts


def hello(d: Draft) -> Msg:
    d.chain = d.new_chain(1)
    msg: Msg = {"t": "hello", "role": d.role, "sid": d.sid, "name": d.names[d.me], "commit": d.chain.commitment.hex(),
           "chain": d.chain_length}
    if d.role == "host":
        msg["settings"] = known(d.settings).to_wire()
    return msg


def _reveal(d: Draft) -> Msg:
    return {"t": "reveal", "k": d.k, "value": my_value(d, d.k).hex()}


def _due(d: Draft) -> Optional[Msg]:
    me = d.me
    if d.stage == "hello":
        if d.role == "guest" and d.hello_from[HOST] and not d.hello_from[GUEST]:
            return hello(d)
        return None
    renew = renewal_missing(d)
    if renew is not None:
        if renew != me:
            return None
        seg = d.k // d.chain_length
        return {"t": "renew", "game": d.game_no, "seg": seg, "commit": d.new_chain(d.game_no, seg).commitment.hex()}
    if d.stage == "opening":
        if (me == HOST and d.revealed[HOST] is None) or (me == GUEST and d.revealed[HOST] is not None
                                                         and d.revealed[GUEST] is None):
            return _reveal(d)
        return None
    if d.stage == "play" and d.roll_pending == d.them and d.revealed[me] is None:
        return _reveal(d)
    if d.stage in ("over", "match_over") and d.secrets_in[me] is None:
        return {"t": "secret", "game": d.game_no, "value": (d.segs or (known(d.chain),))[-1].secret.hex()}
    return None


def intent_message(d: Draft, intent: I.Intent) -> Optional[Msg]:
    """The message for this player's intent, or None for a move or an undo (applied to the table only: the whole
    play is sent on Done). NotYourTurn or game.NotAllowed when it is not allowed now."""
    if isinstance(intent, I.NextGame):
        if d.stage != "over" or d.next_commits[d.me] is not None:
            raise NotYourTurn("the next game cannot be started now")
        d.next_chain = d.new_chain(d.game_no + 1)
        return {"t": "next", "game": d.game_no + 1, "commit": d.next_chain.commitment.hex()}
    if d.stage != "play" or not my_decision(d):
        raise NotYourTurn("it is not your turn" if d.stage == "play" else "the game is not in play")
    assert d.table is not None
    st = d.table.state()
    if isinstance(intent, (I.Move, I.Undo)):
        table_apply(d, intent)
        return None
    if isinstance(intent, I.Done):
        if not st.can_done:
            raise game.NotAllowed("the play is not finished")
        return {"t": "play", "steps": [[s.frm, s.to, s.die] for s in st.steps]}
    if isinstance(intent, I.Roll):
        if st.phase != game.ROLL:
            raise game.NotAllowed("Roll is not possible now")
        return {"t": "roll", "k": d.k, "value": my_value(d, d.k).hex()}
    if isinstance(intent, (I.Double, I.Take, I.Pass, I.Beaver)):
        return {"t": type(intent).__name__.lower()}
    if isinstance(intent, I.Resign):
        # a resignation is sent from the turn's start: steps made (still local) are taken back first
        if not st.can_resign or intent.points not in st.resign_offers.values():
            raise game.NotAllowed(f"a resignation for {intent.points!r} is not possible now")
        while st.steps:
            st = d.table.apply(I.Undo(), d.now)
        return {"t": "resign", "points": intent.points}
    if isinstance(intent, (I.AcceptResign, I.DeclineResign)):
        return {"t": "accept" if isinstance(intent, I.AcceptResign) else "decline"}
    raise game.NotAllowed(f"{type(intent).__name__} is not an intent of a peer game")


def clock_message(d: Draft, chooser: Any) -> Optional[Msg]:
    """When this player's own clock has run out, what the table sends for them (it rolls, never doubles; plays
    and answers a double with ``chooser``); None when the clock has not run out or does not act now."""
    clock = d.settings.clock if d.settings else 0
    if not clock or not my_decision(d) or d.now < d.since + clock:
        return None
    assert d.table is not None
    st = d.table.state()
    if st.offer is not None:  # the clock never resigns, nor answers a resignation (the other side may claim)
        return None
    if st.phase == game.ROLL:
        return {"t": "roll", "k": d.k, "value": my_value(d, d.k).hex()}
    pend = d.table.clock_pending(d.me)
    if st.phase == game.TAKE:
        return {"t": "take" if chooser.answer(pend) == "take" else "pass"}
    steps = list(st.steps) + list(d.table.completions()[chooser.play(pend)])
    return {"t": "play", "steps": [[s.frm, s.to, s.die] for s in steps]}


def answer(d: Draft, msg: Msg, out: Outcome, answered: bool) -> None:
    """Apply the peer's message and send what follows; ``answered``: it answers our own claim by acting (the
    draft is of the value before that claim)."""
    apply_message(d, msg, d.them)
    if answered:
        d.pre_claim = None
        out.notices.append(("claim_answered", "The other player answered in time: the claim is withdrawn and "
                                              "the game goes on."))
    if msg["t"] == "claim" and d.stage == "claimed":
        out.notices.append(("claimed_against", f"The other player claimed the game: your time had run out "
                                               f"({d.claim_points} points)."))
    out.send.extend(follow_up(d))


def resume(d: Draft, msg: Msg, out: Outcome) -> None:
    """The peer's ``resume`` on a new channel: our messages it has not seen are sent again."""
    if msg["sid"] != d.sid:
        raise Refused("not_same_game", "this connection is for another game")
    if msg["have"] > d.seq_out or msg["sent"] < d.seq_in:
        raise Refused("not_same_game", "the other side's game does not match this one")
    if msg["have"] == d.seq_out and msg["sent"] == d.seq_in and msg["h"] != state_hash(d):
        raise Refused("desync", "the two tables disagree about the game (state hashes differ)")
    ours = [M.encode(m) for side, m in d.log if side == d.me]
    out.send.extend(ours[msg["have"]:])
    out.notices.append(("resumed", "Connected again: the game continues."))
    out.send.extend(follow_up(d))
