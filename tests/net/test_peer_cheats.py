"""Cheating peers are detected: each bad message is refused with a clear reason, changes nothing on the receiving
side, and the honest side tells the cheater (a ``refused`` message that its player sees)."""
from __future__ import annotations

import json
import random

import pytest

import game
import net
from peer_harness import Link, advance_until, forge, fingerprint_of, random_turn


def _on_roll(p):
    return lambda link: link.side(p).my_decision() and link.side(p).state().phase == game.ROLL


def _refused(link: Link, receiver: int, text: str, code: str) -> net.Refused:
    s = link.side(receiver)
    before = fingerprint_of(s)
    out = s.receive(text, link.now)
    assert out.refused is not None, "the message was accepted"
    assert out.refused.code == code, (out.refused.code, out.refused.message)
    assert fingerprint_of(s) == before
    # the cheater is told, in words, and its own state does not change either
    assert len(out.send) == 1 and json.loads(out.send[0])["t"] == "refused"
    cheater = link.side(1 - receiver)
    cb = fingerprint_of(cheater)
    back = cheater.receive(out.send[0], link.now)
    assert back.notices and back.notices[0][0] == "peer_refused" and out.refused.message[:40] in back.notices[0][1]
    assert fingerprint_of(cheater) == cb
    assert out.notices and out.notices[0][0] == code
    return out.refused


@pytest.fixture
def link():
    lk = Link(3)
    lk.connect()
    return lk


def _roller(link, rng):
    p = link.host.state().turn
    advance_until(link, rng, _on_roll(1 - p))
    return 1 - p


def test_forged_dice_value_is_refused(link):
    p = _roller(link, random.Random(1))
    cheater = link.side(p)
    text = forge(cheater, t="roll", k=cheater.k, value="ab" * 32)
    r = _refused(link, 1 - p, text, "bad_dice")
    assert "forged" in r.message


def test_wrong_reveal_is_refused(link):
    p = _roller(link, random.Random(2))
    roller, other = link.side(p), link.side(1 - p)
    link.send_from(p, roller.act(game.Roll(), link.now))   # the roll goes out, the reveal must come back
    text = link.to_guest.pop(0) if p == 0 else link.to_host.pop(0)
    out = other.receive(text, link.now)
    assert out.refused is None and len(out.send) == 1     # the honest reveal, held back
    honest = out.send[0]
    seq = json.loads(honest)["seq"]
    k = roller.k
    # instead, the other side tries values that are not its value for throw k
    later = other.chain.value_for(k + 1).hex()           # a real chain value, but for a later throw
    earlier = other.chain.commitment.hex()
    link.now += 1
    for value in (later, earlier, "00" * 32):
        _refused(link, p, forge(other, seq, t="reveal", k=k, value=value), "bad_dice")
    # the wrong throw number
    _refused(link, p, forge(other, seq, t="reveal", k=k + 1, value=later), "unexpected")
    _refused(link, p, forge(other, seq, t="reveal", k=k - 1, value=later), "replayed")
    # and the real one is accepted: the roll is made on both sides
    out = roller.receive(honest, link.now)
    assert out.refused is None
    assert roller.state_hash() == other.state_hash()


def test_illegal_move_is_refused(link):
    st = link.host.state()
    p = st.turn
    mover = link.side(p)
    board = mover.table.committed_board()
    d1, d2 = st.dice
    # a checker moved from an empty point, a move onto a closed point, a play that does not use the whole roll
    empty = next(i for i in range(24, 0, -1) if board[p][i] == 0 and i - d1 > 0)
    _refused(link, 1 - p, forge(mover, t="play", steps=[[empty, empty - d1, d1]]), "illegal")
    _refused(link, 1 - p, forge(mover, t="play", steps=[[24, 24 - d1, d2 if d2 != d1 else 7 - d1]]),
             "illegal")
    # the opening roll is never a double and always plays in full: its first step alone is a partial play
    assert d1 != d2
    comp = mover.table.completions()
    full = comp[sorted(comp)[0]]
    assert len(full) == 2
    _refused(link, 1 - p, forge(mover, t="play", steps=[[s.frm, s.to, s.die] for s in full[:1]]), "illegal")
    # five steps, a step backwards, a bar step out of range: the schema refuses them
    _refused(link, 1 - p, forge(mover, t="play", steps=[[6, 5, 1]] * 5), "bad_schema")
    _refused(link, 1 - p, forge(mover, t="play", steps=[[5, 6, 1]]), "bad_schema")
    _refused(link, 1 - p, forge(mover, t="play", steps=[[26, 20, 6]]), "bad_schema")


def test_moving_out_of_turn_is_refused(link):
    st = link.host.state()
    p = st.turn
    other = link.side(1 - p)
    _refused(link, p, forge(other, t="play", steps=[[24, 24 - st.dice[0], st.dice[0]]]), "out_of_turn")
    _refused(link, p, forge(other, t="roll", k=other.k, value=other.chain.value_for(other.k).hex()),
             "out_of_turn")


def test_replayed_and_stale_messages_are_refused(link):
    rng = random.Random(5)
    for _ in range(6):
        random_turn(link, rng, double_rate=0)
    for receiver in (0, 1):
        s = link.side(receiver)
        sender = link.side(1 - receiver)
        old = [m for side, m in s.log if side == 1 - receiver]
        for msg in (old[0], old[-1], old[len(old) // 2]):
            _refused(link, receiver, json.dumps(msg), "replayed")
        # a message from the future (one skipped)
        _refused(link, receiver, json.dumps({**old[-1], "seq": sender.seq_out + 2}), "missing")


def test_double_out_of_turn_is_refused(link):
    rng = random.Random(6)
    st = link.host.state()
    p = st.turn
    # the player not on turn doubles; the player on turn doubles while moving
    _refused(link, p, forge(link.side(1 - p), t="double", h="0" * 64), "out_of_turn")
    _refused(link, 1 - p, forge(link.side(p), t="double", h="0" * 64), "illegal")
    # after a take the cube is the taker's: the doubler may not double again
    q = _roller(link, rng)
    link.act(q, game.Double())
    link.act(1 - q, game.Take())
    assert link.side(q).state().cube == 2 and link.side(q).state().cube_owner == 1 - q
    assert link.side(q).my_decision() and link.side(q).state().phase == game.ROLL
    _refused(link, 1 - q, forge(link.side(q), t="double"), "illegal")
    # answering a double that was never offered
    _refused(link, q, forge(link.side(1 - q), t="take"), "out_of_turn")


def test_wrong_state_hash_is_a_desync(link):
    st = link.host.state()
    p = st.turn
    mover = link.side(p)
    comp = mover.table.completions()
    steps = [[s.frm, s.to, s.die] for s in comp[sorted(comp)[0]]]
    _refused(link, 1 - p, forge(mover, t="play", steps=steps, h="f" * 64), "desync")
    # the same play with the right hash is accepted
    for s in steps:
        mover.act(game.Move(*s), link.now)
    link.act(p, game.Done())
    assert link.refusals == [] and link.host.state_hash() == link.guest.state_hash()


def test_forged_secret_after_the_game_is_refused():
    link = Link(11)
    link.connect()
    rng = random.Random(11)
    # play to the end but hold back the guest's secret
    while link.host.stage == "play":
        random_turn(link, rng, double_rate=0.3, take_rate=0.0)
    assert link.host.stage == "over" and link.host.table.record()["games"][0]["dice"]["guest_secret"]
    # a second secret, or one for another game, is refused
    g = link.guest
    _refused(link, 0, forge(g, t="secret", game=1, value="11" * 32), "replayed")
    _refused(link, 0, forge(g, t="secret", game=2, value="11" * 32), "unexpected")


def test_a_wrong_secret_is_refused():
    link = Link(12)
    link.connect()
    rng = random.Random(12)
    while link.host.stage == "play":
        random_turn(link, rng, double_rate=0.3, take_rate=0.0)
    # rebuild the moment before the guest's secret arrived: a fresh host from the log without it
    host = link.host
    log = [(side, m) for side, m in host.log if not (side == 1 and m["t"] == "secret")]
    data = json.loads(host.to_json())
    data["log"] = log
    h2 = net.PeerSession.from_json(json.dumps(data), link.now)
    assert h2.secrets_in[1] is None
    g = link.guest
    bad = {"v": 1, "t": "secret", "seq": [m for s, m in g.log if s == 1 and m["t"] == "secret"][0]["seq"],
           "game": 1, "value": "22" * 32}
    before = fingerprint_of(h2)
    out = h2.receive(json.dumps(bad), link.now)
    assert out.refused.code == "bad_dice" and fingerprint_of(h2) == before


def test_silent_mover_can_be_claimed_after_clock_and_grace():
    link = Link(14, clock=45)
    link.connect()
    p = link.host.state().turn
    waiting = link.side(1 - p)
    t0 = waiting.since
    assert waiting.waiting_for() == (p, "decide")
    assert not waiting.can_claim(t0 + 45)
    assert not waiting.can_claim(t0 + 45 + waiting.grace - 0.5)
    assert waiting.can_claim(t0 + 45 + waiting.grace)
    assert not link.side(p).can_claim(t0 + 1000)  # the player who must act cannot claim
