"""A peer session is one immutable value (``session.value``): a refused or garbled message, in any order, leaves
the very value it found; the value cannot be changed in place; and sessions saved by earlier versions still load
and play on (tests/net/data/saved_sessions.json, made by tests/net/data/make_saved_sessions.py)."""
from __future__ import annotations

import dataclasses
import json
import pathlib
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import game
import game.verify
import net
from game import intents as I
from net.session_value import SessionValue
from peer_harness import Link, both_next, play_game, random_turn

SAVED = json.loads((pathlib.Path(__file__).parent / "data" / "saved_sessions.json").read_text())


class RecordingLink(Link):
    """Keeps, for every text delivered, the receiver, its value just before and its state hash just after."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.deliveries: list = []

    def pump(self, limit: int = 1000) -> None:
        for _ in range(limit):
            if not (self.to_guest or self.to_host):
                return
            p = 1 if self.to_guest else 0
            text = (self.to_guest if p == 1 else self.to_host).pop(0)
            s = self.side(p)
            before = s.value
            out = s.receive(text, self.now)
            assert out.refused is None, out.refused
            self.deliveries.append((p, before, text, self.now, s.state_hash()))
            self.send_from(p, out)
        raise AssertionError("the peers keep talking")


def _reference() -> RecordingLink:
    """A match to 3 with short chains (renewals every 8 throws), doubles and resignations, two games."""
    link = RecordingLink(25, settings=net.Settings(match_length=3, clock=45), chain_length=8)
    link.connect()
    rng = random.Random(25)
    for game_no in range(2):
        while random_turn(link, rng, double_rate=0.2, take_rate=0.8, resign_rate=0.05):
            pass
        if game_no == 0 and link.host.stage == "over":
            both_next(link)
    return link


REF = _reference()
KINDS = {json.loads(t)["t"] for _, _, t, _, _ in REF.deliveries}


def _session_at(i: int) -> net.PeerSession:
    """A session of the receiver of delivery ``i``, holding the value it had just before it (with the chain
    secrets it makes later in the match already saved, so that the chains it makes from here are the same)."""
    p, before, _, _, _ = REF.deliveries[i]
    s = net.PeerSession(net.session_value.ROLES[p], random_bytes=lambda n: bytes(n))
    s.restore(dataclasses.replace(before, secrets=REF.side(p).value.secrets))
    return s


def _mutated(rng: random.Random, text: str, s: net.PeerSession) -> str:
    """The real message with one field changed to a value of the right type (seq kept)."""
    msg = json.loads(text)
    key = rng.choice(sorted(k for k in msg if k not in ("v", "seq")))
    value = msg[key]
    if isinstance(value, bool):
        msg[key] = not value
    elif isinstance(value, int):
        msg[key] = value + rng.choice([-2, -1, 1, 2, 1000])
    elif isinstance(value, str) and len(value) == 64:
        msg[key] = value[:-1] + ("0" if value[-1] != "0" else "1")
    elif isinstance(value, list):
        msg[key] = value[:-1] if value else [[24, 20, 4]]
    else:
        msg[key] = "x" + str(value)
    return json.dumps(msg)


GARBAGE = hs.one_of(
    hs.text(max_size=60), hs.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    hs.dictionaries(hs.sampled_from(["v", "t", "seq", "k", "value", "h", "game", "steps", "points", "commit"]),
                    hs.one_of(hs.integers(-3, 1 << 40), hs.text(max_size=8), hs.none(), hs.booleans()),
                    max_size=7).map(json.dumps),
    hs.none(), hs.integers(), hs.lists(hs.integers(), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(i=hs.integers(0, len(REF.deliveries) - 1), garbage=GARBAGE, other=hs.integers(0, len(REF.deliveries) - 1),
       how=hs.sampled_from(["garbage", "other", "other_renumbered", "mutated", "replayed", "skipped"]),
       seed=hs.integers(0, 1 << 16))
def test_a_refused_or_garbled_message_leaves_the_value_identical(i, garbage, other, how, seed):
    p, _, text, now, hash_after = REF.deliveries[i]
    s = _session_at(i)
    before = s.value
    msg = json.loads(text)
    if how == "garbage":
        bad = garbage
    elif how in ("other", "other_renumbered"):  # a real message of the match, at another moment
        bad = REF.deliveries[other][2]
        if how == "other_renumbered" and "seq" in json.loads(bad):
            bad = json.dumps({**json.loads(bad), "seq": s.seq_in + 1})
    elif how == "mutated":
        bad = _mutated(random.Random(seed), text, s)
    elif how == "replayed":  # a message already received, again (or its sequence number)
        bad = json.dumps({**msg, "seq": s.seq_in})
    else:  # one message skipped
        bad = json.dumps({**msg, "seq": s.seq_in + 2})
    if _kind(bad) is not None and json.loads(bad) == msg:  # the real message itself
        return
    out = s.receive(bad, now)
    kind = _kind(bad)
    if out.refused is not None:
        assert s.value is before and s.value == before
        assert json.loads(out.send[-1])["t"] == "refused"
    elif kind in ("refused", "resume"):  # a notice, or a resume: no message is applied
        assert s.value == before
    else:
        # accepted: only a message whose content cannot be checked (a name, the chain length the host chose, a
        # commitment of a renewed chain or of the next game) may differ from the real one and still be taken
        assert how in ("other", "other_renumbered", "mutated") and kind in ("hello", "next", "renew"), bad
        return
    if how in ("garbage", "replayed", "skipped"):
        assert out.refused is not None or kind in ("refused", "resume"), bad
    # the real message is still taken afterwards, and leads where it led in the match
    s.restore(before)
    assert s.receive(text, now).refused is None
    assert s.state_hash() == hash_after


def _kind(text) -> object:
    try:
        msg = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return msg.get("t") if isinstance(msg, dict) else None


def test_the_reference_match_reaches_every_kind_of_message():
    assert {"hello", "reveal", "roll", "play", "double", "take", "pass", "renew", "secret", "next", "resign", "accept",
            "decline"} <= KINDS


def test_the_value_is_frozen():
    link = Link(3)
    link.connect()
    s = link.host
    v = s.value
    assert isinstance(v, SessionValue)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.stage = "over"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.stage = "over"
    for f in dataclasses.fields(v):  # every field is a value that cannot change in place
        x = getattr(v, f.name)
        assert isinstance(x, (str, int, float, bool, bytes, tuple, type(None), net.Settings, net.chains.Chain,
                              game.TableValue)), f.name
    assert s.stage == v.stage and s.k == v.k and s.table.value is v.table


def test_a_draft_has_every_field_of_the_value_and_freezes_to_an_equal_value():
    from net.session_value import Draft
    names = {f.name for f in dataclasses.fields(SessionValue)}
    assert names <= set(Draft.__annotations__)
    link = Link(8, chain_length=8)
    link.connect()
    rng = random.Random(8)
    for _ in range(12):
        random_turn(link, rng)
    for s in (link.host, link.guest):
        again = Draft(s.value).freeze()
        assert again == s.value and again is not s.value


def test_an_intent_that_is_not_allowed_leaves_the_value_identical():
    link = Link(4)
    link.connect()
    rng = random.Random(4)
    for _ in range(5):
        random_turn(link, rng)
    p = next(q for q in (0, 1) if link.side(q).my_decision())
    waiting = link.side(1 - p)
    for s, intent in ((waiting, I.Roll()), (waiting, I.Double()), (link.side(p), I.NextGame()),
                      (link.side(p), I.AcceptResign())):
        before = s.value
        with pytest.raises((net.NotYourTurn, game.NotAllowed)):
            s.act(intent, link.now)
        assert s.value is before


def test_a_value_kept_is_a_session_to_go_back_to():
    link = Link(6)
    link.connect()
    rng = random.Random(6)
    for _ in range(4):
        random_turn(link, rng)
    kept = (link.host.value, link.guest.value)
    hashes = (link.host.state_hash(), link.guest.state_hash())
    for _ in range(6):
        random_turn(link, rng)
    assert (link.host.state_hash(), link.guest.state_hash()) != hashes
    link.host.restore(kept[0])
    link.guest.restore(kept[1])
    assert (link.host.state_hash(), link.guest.state_hash()) == hashes
    play_game(link, rng)
    assert link.refusals == [] and game.verify.verify_record(link.host.table.record()).ok
    with pytest.raises(net.PeerError):
        link.host.restore(kept[1])  # the guest's value is not the host's


@pytest.mark.parametrize("saved", SAVED, ids=[f"{o['name']}-{o['side']}" for o in SAVED])
def test_a_session_saved_by_an_earlier_version_loads_as_it_was(saved):
    s = net.PeerSession.from_json(saved["saved"], saved["now"])
    assert s.state_hash() == saved["hash"]
    assert (s.seq_in, s.seq_out, s.stage, s.me) == (saved["seq_in"], saved["seq_out"], saved["stage"], saved["side"])
    assert (s.table.record() if s.table is not None else None) == saved["record"]
    assert s.to_json() == saved["saved"]  # and it saves the same text again


@pytest.mark.parametrize("name", sorted({o["name"] for o in SAVED} - {"claimed_unseen", "claimed"}))
def test_both_sides_of_an_earlier_save_play_on_to_the_end(name):
    host, guest = (o for o in SAVED if o["name"] == name)
    link = Link(0)
    link.now = host["now"]
    link.host = net.PeerSession.from_json(host["saved"], link.now)
    link.guest = net.PeerSession.from_json(guest["saved"], link.now)
    rng = random.Random(1)
    play_game(link, rng)  # the game saved is played to its end (its secrets revealed)
    assert link.refusals == [] and link.host.state_hash() == link.guest.state_hash()
    assert game.verify.verify_record(link.host.table.record()).ok


def test_an_earlier_save_with_a_claim_not_yet_seen_is_withdrawn_when_answered():
    claimant, accused = (net.PeerSession.from_json(o["saved"], o["now"]) for o in
                         sorted((o for o in SAVED if o["name"] == "claimed_unseen"), key=lambda o: o["stage"]))
    assert claimant.stage == "claimed" and accused.stage == "play"
    now = next(o["now"] for o in SAVED if o["name"] == "claimed_unseen")
    assert accused.my_decision()
    st = accused.state()
    out = accused.act(I.Roll() if st.phase == game.ROLL else I.Take(), now) if st.phase != game.MOVING else None
    if out is None:
        comp = accused.table.completions()
        for step in comp[sorted(comp)[0]]:
            accused.act(I.Move(step.frm, step.to, step.die), now)
        out = accused.act(I.Done(), now)
    answered = claimant.receive(out.send[0], now)
    assert answered.refused is None and claimant.stage == "play" and claimant.claimed_by is None
    assert [c for c, _ in answered.notices] == ["claim_answered"]
    for text in answered.send:  # the claimant's reveal of the throw: both tables agree again
        assert accused.receive(text, now).refused is None
    assert claimant.state_hash() == accused.state_hash()


@pytest.mark.parametrize("change", [{"grace": "x"}, {"chain": "8"}, {"role": "judge"}, {"name": 3},
                                    {"secrets": {"1": "zz"}}, {"log": [[2, {}]]}, {"settings": {"match": 1}}])
def test_a_save_with_a_field_of_the_wrong_kind_is_refused_clearly(change):
    saved = json.loads(next(o["saved"] for o in SAVED if o["side"] == 0))
    with pytest.raises(net.PeerError):
        net.PeerSession.from_json(json.dumps({**saved, **change}))
