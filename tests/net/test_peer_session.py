"""Peer session: messages and schema, names as text, the clock playing for a player, saving, disconnect and
resume with state hashes compared."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import game
import game.verify
import net
from net import messages as M
from peer_harness import Link, fingerprint_of, play_game, random_turn

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=5),
                           max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_decode_any_json_is_checked_or_refused(value):
    try:
        msg = M.decode(json.dumps(value))
    except net.Refused as exc:
        assert exc.code in ("bad_schema", "bad_version", "too_large", "not_json") and exc.message
    else:
        assert isinstance(msg, dict) and msg["t"] in M.TYPES


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(M.TYPES)), st.dictionaries(st.sampled_from(
    ["k", "value", "h", "steps", "game", "commit", "role", "sid", "name", "chain", "settings", "have", "sent",
     "ref", "code", "text", "seq"]), json_values, max_size=6))
def test_messages_of_known_types_with_random_fields(t, fields):
    try:
        msg = M.decode(json.dumps({"v": 1, "t": t, **fields}))
    except net.Refused as exc:
        assert exc.code in ("bad_schema", "not_json")  # Infinity is not JSON
    else:  # accepted: every field is exactly what the type has
        assert set(msg) - {"v", "t", "seq", "h"} <= set(M.TYPES[t])


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_decode_random_bytes(raw):
    try:
        M.decode(raw)
    except net.Refused:
        pass


@pytest.mark.parametrize("text,code", [
    ("x" * (M.MAX_MESSAGE_BYTES + 1), "too_large"),
    ("é" * (M.MAX_MESSAGE_BYTES // 2 + 1), "too_large"),
    ("{", "not_json"), ("NaN", "not_json"), ('{"v":1,"t":"double","seq":1,"h":"' + "0" * 64 + '","x":1}',
                                             "bad_schema"),
    ('{"v":2,"t":"double"}', "bad_version"), ('{"v":true,"t":"double"}', "bad_version"),
    ('{"v":1,"t":"double","seq":0,"h":"' + "0" * 64 + '"}', "bad_schema"),
    ('{"v":1,"t":"double","seq":true,"h":"' + "0" * 64 + '"}', "bad_schema"),
    ('{"v":1,"t":"double","seq":1,"h":"' + "A" * 64 + '"}', "bad_schema"),
    ('{"v":1,"t":"play","seq":1,"h":"' + "0" * 64 + '","steps":[]}', "bad_schema"),
    ('{"v":1,"t":"play","seq":1,"h":"' + "0" * 64 + '","steps":[[6,6,1]]}', "bad_schema"),
    ('[]', "bad_schema"), ('"hello"', "bad_schema"),
])
def test_specific_refusals(text, code):
    with pytest.raises(net.Refused) as exc:
        M.decode(text)
    assert exc.value.code == code


def test_encode_refuses_what_decode_would():
    with pytest.raises(net.Refused):
        M.encode({"v": 1, "t": "double"})  # no seq, no hash
    text = M.encode({"v": 1, "t": "double", "seq": 3, "h": "0" * 64})
    assert M.decode(text)["seq"] == 3


def test_names_are_plain_text():
    host = net.PeerSession("host", "<img src=x onerror=alert(1)>\u202eAna\x00\n" + "z" * 100)
    guest = net.PeerSession("guest", "Bea")
    link = Link(0)
    link.host, link.guest = host, guest
    link.connect()
    name = guest.names[0]
    assert "\u202e" not in name and "\x00" not in name and "\n" not in name and len(name) <= M.MAX_NAME
    assert name.startswith("<img")  # kept as text: the UI sets textContent, never innerHTML
    assert guest.state().seats[0].name == name == host.names[0]


def test_peer_refusal_text_is_cleaned():
    link = Link(1)
    link.connect()
    out = link.host.receive(json.dumps({"v": 1, "t": "refused", "ref": 1, "code": "x",
                                        "text": "bad\u202e\x07 <b>thing</b>"}), 0)
    assert out.refused is None and out.notices[0][1].endswith("bad <b>thing</b>")


def test_local_clock_expiry_plays_for_the_player():
    link = Link(21, clock=45)
    link.connect()
    p = link.host.state().turn
    s = link.side(p)
    assert s.tick(s.since + 44).send == []
    out = s.tick(s.since + 45)
    assert out.notices[0][0] == "clock" and out.send
    link.send_from(p, out)
    link.now = s.since
    link.pump()
    assert link.refusals == [] and link.host.state_hash() == link.guest.state_hash()
    assert link.host.state().turn == 1 - p
    # the other player's clock runs out before rolling: the table rolls (never doubles) and then plays
    q = 1 - p
    t = link.side(q)
    out = t.tick(t.since + 45)
    link.send_from(q, out)
    link.pump()
    rolled = [json.loads(x)["t"] for x in out.send]
    assert rolled == ["roll"]
    assert t.state().phase == game.MOVING or t.state().turn == p
    if t.my_decision():
        link.send_from(q, t.tick(t.since + 45))
        link.pump()
    assert link.host.state_hash() == link.guest.state_hash() and link.host.state().turn == p


def test_clock_answers_a_double():
    link = Link(22, clock=30)
    link.connect()
    rng = random.Random(0)
    while True:
        who = [p for p in (0, 1) if link.side(p).my_decision()][0]
        st = link.side(who).state()
        if st.phase == game.ROLL and st.can_double:
            break
        random_turn(link, rng, double_rate=0)
    link.act(who, game.Double())
    taker = link.side(1 - who)
    assert taker.state().can_take
    link.send_from(1 - who, taker.tick(taker.since + 30))
    link.pump()
    assert link.refusals == []
    assert link.host.stage in ("play", "over") and link.host.state_hash() == link.guest.state_hash()


def test_session_saves_and_restores_mid_game():
    link = Link(31)
    link.connect()
    rng = random.Random(31)
    for _ in range(15):
        random_turn(link, rng)
    for p in (0, 1):
        s = link.side(p)
        again = net.PeerSession.from_json(s.to_json(), now=link.now)
        assert again.state_hash() == s.state_hash()
        assert again.seq_in == s.seq_in and again.seq_out == s.seq_out and again.me == s.me
        assert again.table.record() == s.table.record()
        assert again.chain.commitment == s.chain.commitment
    # the restored sessions go on playing the same game with each other
    link.host = net.PeerSession.from_json(link.host.to_json(), link.now, chooser=None)
    link.guest = net.PeerSession.from_json(link.guest.to_json(), link.now)
    play_game(link, rng)
    assert link.refusals == [] and game.verify.verify_record(link.host.table.record()).ok


def test_a_peer_table_is_saved_by_its_session_not_as_a_table():
    link = Link(32)
    link.connect()
    random_turn(link, random.Random(32))
    for p in (0, 1):
        table = link.side(p).table
        before = table.value
        with pytest.raises(game.SaveError, match="peer session"):
            game.table_to_json(table, link.now)  # its dice are the two players' chains: no seed to save
        assert table.value is before


@pytest.mark.parametrize("bad", ["", "{}", "[]", '{"format":"gamao-peer-session","version":1}',
                                 '{"format":"gamao-peer-session","version":1,"role":"host","name":"a",'
                                 '"settings":null,"sid":"00","grace":1,"chain":8,"secrets":{},"log":[[0,{}]]}'])
def test_bad_saves_are_refused(bad):
    with pytest.raises(net.PeerError):
        net.PeerSession.from_json(bad)


def test_disconnect_and_resume_continue_the_same_game():
    link = Link(41)
    link.connect()
    rng = random.Random(41)
    for _ in range(8):
        random_turn(link, rng)
    # the mover plays; its message is lost with the connection
    p = [q for q in (0, 1) if link.side(q).my_decision()][0]
    s = link.side(p)
    if s.state().phase == game.ROLL:
        out = s.act(game.Roll(), link.now)
    else:
        comp = s.table.completions()
        for step in comp[sorted(comp)[0]]:
            s.act(game.Move(step.frm, step.to, step.die), link.now)
        out = s.act(game.Done(), link.now)
    assert out.send  # ... never delivered
    assert link.host.state_hash() != link.guest.state_hash()
    # both sides are saved and reloaded (a reload of the page), then a new channel opens
    link.host = net.PeerSession.from_json(link.host.to_json(), link.now)
    link.guest = net.PeerSession.from_json(link.guest.to_json(), link.now)
    link.to_guest.append(link.host.resume_message())
    link.to_host.append(link.guest.resume_message())
    link.pump()
    assert link.refusals == []
    assert link.host.state_hash() == link.guest.state_hash()
    # and the game goes on to the end
    play_game(link, rng)
    assert link.refusals == [] and game.verify.verify_record(link.host.table.record()).ok


def test_resume_with_matching_hashes_and_with_another_game():
    link = Link(42)
    link.connect()
    r = link.guest.receive(link.host.resume_message(), 0)
    assert r.refused is None and r.send == [] and r.notices[0][0] == "resumed"
    other = Link(43)
    other.connect()
    r = link.guest.receive(other.host.resume_message(), 0)
    assert r.refused.code == "not_same_game"
    # same session but the hashes differ although both have seen everything: a desync
    msg = json.loads(link.host.resume_message())
    msg["h"] = "1" * 64
    before = fingerprint_of(link.guest)
    r = link.guest.receive(json.dumps(msg), 0)
    assert r.refused.code == "desync" and fingerprint_of(link.guest) == before


def test_settings_come_from_the_host():
    link = Link(5, settings=net.Settings(match_length=5, clock=20, jacoby=False, beavers=False))
    link.connect()
    assert link.guest.settings == link.host.settings
    st = link.guest.state()
    assert st.match_length == 5 and st.clock == 20
    with pytest.raises(net.PeerError):
        net.PeerSession("spectator")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_clean_text_is_idempotent_and_plain(text):
    once = M.clean_text(text, M.MAX_NAME)
    assert M.clean_text(once, M.MAX_NAME) == once and len(once) <= M.MAX_NAME
    assert not any(c in once for c in "\x00\n\r\t\u202e\u2066")
