"""Resigning in a peer game: the offer and its answer are sequenced, hashed messages (docs/peer-protocol.md),
applied by the same code on both sides; out of turn, for points the position does not allow, or answered when
nothing is offered, they are refused and change nothing. The clock never resigns or answers; a silent answerer
may be claimed against, and that record verifies."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import game
import net
from game.verify import verify_record
from peer_harness import Link, advance_until, fingerprint_of, forge, random_turn

from test_peer_cheats import _refused


def _on_roll(link, p):
    return link.side(p).my_decision() and link.side(p).state().phase == game.ROLL


@pytest.fixture
def link():
    lk = Link(21)
    lk.connect()
    return lk


def test_a_resignation_declined_then_one_accepted_both_ways(link):
    rng = random.Random(1)
    p = link.host.state().turn  # the opener is moving: it may resign before playing its roll
    resigner = link.side(p)
    assert resigner.state().can_resign and not link.side(1 - p).state().can_resign
    link.act(p, game.Resign(2))
    answerer = link.side(1 - p)
    assert answerer.state().can_answer_resign and answerer.state().offer == (p, 2)
    assert not resigner.state().can_answer_resign and not resigner.state().can_resign
    link.act(1 - p, game.DeclineResign())
    assert link.refusals == [] and link.host.state_hash() == link.guest.state_hash()
    assert resigner.state().phase == game.MOVING and resigner.state().offer is None
    with pytest.raises(game.NotAllowed):
        link.act(p, game.Resign(1))  # one offer a turn
    # the other player, on its turn, resigns a single game and it is accepted
    advance_until(link, rng, lambda lk: _on_roll(lk, 1 - p))
    link.act(1 - p, game.Resign(1))
    link.act(p, game.AcceptResign())
    assert link.refusals == [] and link.host.state_hash() == link.guest.state_hash()
    for s in (link.host, link.guest):
        assert s.result == (p, "resign") and s.stage == "over"
    record = link.host.table.record()
    assert record == link.guest.table.record()
    assert record["games"][0]["actions"][-1] == {"type": "resign", "player": 1 - p, "points": 1}
    verdict = verify_record(record)
    assert verdict.ok, verdict.reasons


def test_a_resignation_out_of_turn_or_not_allowed_is_refused(link):
    p = link.host.state().turn
    other = link.side(1 - p)
    _refused(link, p, forge(other, t="resign", points=1), "out_of_turn")
    _refused(link, 1 - p, forge(link.side(p), t="resign", points=5), "illegal")
    _refused(link, 1 - p, forge(link.side(p), t="accept"), "unexpected")
    _refused(link, p, forge(other, t="decline"), "out_of_turn")
    link.act(p, game.Resign(1))
    # while the offer waits: the resigner may not answer it, play on, or offer again; the answerer only answers
    _refused(link, 1 - p, forge(link.side(p), t="accept"), "out_of_turn")
    _refused(link, 1 - p, forge(link.side(p), t="resign", points=2), "out_of_turn")
    st = link.side(p).state()
    comp = link.side(p).table.completions()
    steps = [[s.frm, s.to, s.die] for s in comp[sorted(comp)[0]]]
    _refused(link, 1 - p, forge(link.side(p), t="play", steps=steps), "out_of_turn")
    _refused(link, p, forge(other, t="double"), "illegal")
    assert st.offer == (p, 1)


def test_steps_made_are_taken_back_before_the_offer_is_sent(link):
    p = link.host.state().turn
    s = link.side(p)
    frm = sorted(s.state().movable)[0]
    s.act(game.Move(frm, s.state().movable[frm][0].to), link.now)
    assert s.state().steps
    link.act(p, game.Resign(3))
    assert link.refusals == [] and s.state().steps == () and link.host.state_hash() == link.guest.state_hash()


def test_the_clock_never_answers_and_a_silent_answerer_is_claimed_in_a_record_that_verifies():
    link = Link(22, clock=30)
    link.connect()
    p = link.host.state().turn
    link.act(p, game.Resign(2))
    silent = link.side(1 - p)
    t0 = silent.since
    out = silent.tick(t0 + 500)  # its own clock ran out long ago: it sends nothing
    assert out.send == [] and silent.state().offer == (p, 2)
    resigner = link.side(p)
    assert resigner.waiting_for() == (1 - p, "decide")
    assert resigner.can_claim(t0 + 30 + resigner.grace)
    link.now = t0 + 30 + resigner.grace
    link.send_from(p, resigner.claim(link.now))
    link.pump()
    assert link.refusals == []
    record = resigner.table.record()
    assert record["games"][0]["actions"][-1]["offer"] == 2
    verdict = verify_record(record)
    assert verdict.ok, verdict.reasons


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5000), turns=st.integers(0, 30), sender=st.integers(0, 1),
       points=st.sampled_from([1, 2, 3, 4, 6, 8, 12]))
def test_a_resignation_is_taken_exactly_when_the_table_allows_it(seed, turns, sender, points):
    link = Link(seed)
    link.connect()
    rng = random.Random(seed)
    for _ in range(turns):
        if not random_turn(link, rng, resign_rate=0.1):
            break
    s, receiver = link.side(sender), link.side(1 - sender)
    if s.stage != "play":
        return
    st_ = s.table.state()
    allowed = (st_.actor == sender and st_.offer is None and st_.phase in (game.ROLL, game.MOVING)
               and not s.table.value.offered and s.roll_pending is None and points in st_.resign_offers.values())
    before = fingerprint_of(receiver)
    out = receiver.receive(forge(s, t="resign", points=points, h="0" * 64), link.now)
    assert out.refused is not None  # a hand-written hash never matches
    assert fingerprint_of(receiver) == before
    if allowed:
        assert out.refused.code == "desync"
        link.act(sender, game.Resign(points))
        assert link.refusals == [] and receiver.state().offer == (sender, points)
        assert link.host.state_hash() == link.guest.state_hash()
    else:
        assert out.refused.code in ("out_of_turn", "illegal", "unexpected"), out.refused
        with pytest.raises((game.NotAllowed, net.errors.NotYourTurn)):
            s.act(game.Resign(points), link.now)
