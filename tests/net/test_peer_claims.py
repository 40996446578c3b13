"""Claims (docs/peer-protocol.md section 5): refused when the accused side does not owe an action or its time has
not run out by its own clock; honoured when justified, at several moments, in money play and in a match, scored
by what the claimant could still win; withdrawn when the accused answers by acting; the record of a claimed game
verifies without the absent side's secret."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

import game
import net
from game.claims import claim_points, largest_result
from game.verify import verify_record
from peer_harness import Link, advance_until, fingerprint_of, forge, play_game, random_turn

CLOCK, GRACE = 45, 15.0


def _link(seed, match=0, jacoby=False, clock=CLOCK, **kw):
    link = Link(seed, settings=net.Settings(match_length=match, clock=clock, jacoby=jacoby), **kw)
    link.connect()
    return link


def _deliver(link, claimant, out, at):
    """The claim reaches the accused at time ``at``; returns the accused's outcome."""
    link.now = at
    res = link.side(1 - claimant).receive(out.send[0], at)
    link.send_from(1 - claimant, res)
    return res


def _assert_honoured(link, claimant, points):
    a, b = link.side(claimant), link.side(1 - claimant)
    assert a.stage == b.stage == "claimed"
    assert a.result == b.result == (claimant, "claim")
    assert a.claim_points == b.claim_points == points
    if a.table is not None:
        assert a.table.record() == b.table.record()
        for s in (a, b):
            text = game.record_json(s.table.value.record)
            text.encode("utf-8")
            v = verify_record(text)
            assert v.ok, v.reasons
        with pytest.raises(net.NotYourTurn):
            b.act(game.Roll(), link.now)


def _play_out(link, rng):
    """Random legal play without doubling until the game is over."""
    while random_turn(link, rng, double_rate=0.0):
        pass


def _on(p, phase):
    return lambda link: link.side(p).my_decision() and link.side(p).state().phase == phase


# --- refused ------------------------------------------------------------------------------------------------
def test_the_reported_attack_a_claim_at_once_is_refused_and_the_game_goes_on():
    link = _link(1)
    p = link.host.state().turn          # the opening winner must move: the host owes nothing or a move
    host_before = fingerprint_of(link.host)
    text = forge(link.guest, t="claim")
    out = link.host.receive(text, link.now + 1)
    assert out.refused is not None and out.refused.code == "bad_claim"
    assert fingerprint_of(link.host) == host_before and link.host.stage == "play"
    assert out.notices[0][0] == "bad_claim"
    back = link.guest.receive(out.send[0], link.now + 1)  # the cheater is told
    assert back.notices[0][0] == "peer_refused"
    # the honest guest's own claim is not even sent
    with pytest.raises(net.NotYourTurn):
        link.guest.claim(link.now + 1)
    assert p in (0, 1)


@pytest.mark.parametrize("phase", [game.ROLL, game.MOVING, game.TAKE])
def test_a_claim_by_the_side_that_must_act_is_refused(phase):
    link = _link(2)
    rng = random.Random(2)
    p = _reach(link, rng, phase)
    actor = link.side(p)
    before = fingerprint_of(link.side(1 - p))
    out = link.side(1 - p).receive(forge(actor, t="claim"), link.now + 10_000)
    assert out.refused.code == "bad_claim" and "itself must act" in out.refused.message
    assert fingerprint_of(link.side(1 - p)) == before
    assert not actor.can_claim(link.now + 10_000)


def _reach(link, rng, phase):
    """Random play until someone must decide in ``phase``; returns that player."""
    if phase == game.TAKE:
        for _ in range(400):
            p = next(q for q in (0, 1) if link.side(q).my_decision())
            st = link.side(p).state()
            if st.phase == game.ROLL and st.can_double:
                link.now += 1
                link.act(p, game.Double())
                return 1 - p
            assert random_turn(link, rng, double_rate=0.0)
        raise AssertionError("no double")
    if phase == game.MOVING:
        for _ in range(400):
            p = next(q for q in (0, 1) if link.side(q).my_decision())
            if link.side(p).state().phase == game.MOVING:
                return p
            assert random_turn(link, rng, double_rate=0.0)
        raise AssertionError("no move")
    advance_until(link, rng, lambda lk: _on(0, game.ROLL)(lk) or _on(1, game.ROLL)(lk))
    return next(q for q in (0, 1) if link.side(q).my_decision())


def test_a_claim_too_early_by_the_accused_sides_clock_is_refused():
    """The claimant's clock says clock + grace, but the last message reached the accused late: by its own clock
    its time has not run out, so it refuses, acts, and the claimant withdraws the claim."""
    link = _link(3)
    rng = random.Random(3)
    p = _reach(link, rng, game.ROLL)            # p must roll
    accused, claimant = link.side(p), link.side(1 - p)
    t = claimant.since
    # the message that started p's turn arrived 50 s late
    accused.restore(dataclasses.replace(accused.value, since=t + 50))
    assert claimant.can_claim(t + CLOCK + GRACE)
    out = claimant.claim(t + CLOCK + GRACE)
    assert claimant.stage == "claimed" and out.notices[-1][0] == "claim_won"
    res = _deliver(link, 1 - p, out, t + CLOCK + GRACE + 1)
    assert res.refused.code == "bad_claim" and "has not run out" in res.refused.message
    assert accused.stage == "play" and accused.my_decision()
    # both see what happened: the claimant is told of the refusal, and then the accused answers by acting
    back = claimant.receive(res.send[0], link.now)
    assert back.notices[0][0] == "peer_refused"
    link.to_guest.clear(), link.to_host.clear()
    link.act(p, game.Roll())
    assert claimant.stage == "play" and [r.code for _, r in link.refusals] == ["bad_claim"]
    assert claimant.state_hash() == accused.state_hash()
    assert claimant.seq_out == accused.seq_in


def test_a_claim_crossing_the_accused_sides_action_is_withdrawn():
    link = _link(4)
    rng = random.Random(4)
    p = _reach(link, rng, game.ROLL)
    accused, claimant = link.side(p), link.side(1 - p)
    t = claimant.since
    # the accused's clock ran out: its own table rolls for it at t + 45 ...
    link.now = t + CLOCK
    roll = accused.tick(link.now)
    assert roll.send and roll.notices[0][0] == "clock"
    # ... but that message is slow; the claimant claims at t + 60, before it arrives
    claim = claimant.claim(t + CLOCK + GRACE)
    # the accused no longer owes: the claim is refused
    res = _deliver(link, 1 - p, claim, t + CLOCK + GRACE + 1)
    assert res.refused.code == "bad_claim"
    # the roll arrives at the claimant: the claim is withdrawn and the roll applied
    out = claimant.receive(roll.send[0], link.now)
    assert out.refused is None and any(code == "claim_answered" for code, _ in out.notices)
    link.send_from(1 - p, out)
    claimant.receive(res.send[0], link.now)
    link.pump()
    assert claimant.stage == accused.stage == "play"
    assert claimant.state_hash() == accused.state_hash()
    assert [r.code for _, r in link.refusals] == ["bad_claim"]
    play_game(link, rng)
    assert link.host.state_hash() == link.guest.state_hash()


def test_a_finished_money_game_cannot_be_claimed():
    link = _link(5)
    play_game(link, random.Random(5))
    link.act(0, game.NextGame())
    s = link.guest
    assert not s.can_claim(link.now + 10_000)
    out = s.receive(forge(link.host, t="claim"), link.now + 10_000)
    assert out.refused.code == "bad_claim"


# --- honoured ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", [game.ROLL, game.MOVING, game.TAKE])
def test_a_justified_claim_is_honoured_on_both_sides_money(phase):
    link = _link(6)
    rng = random.Random(6)
    p = _reach(link, rng, phase)
    claimant, accused = link.side(1 - p), link.side(p)
    t = claimant.since
    assert not claimant.can_claim(t + CLOCK + GRACE - 1)
    cube_before = accused.table.match_state().cube
    board = claimant.table.committed_board()
    out = claimant.claim(t + CLOCK + GRACE)
    res = _deliver(link, 1 - p, out, t + CLOCK + GRACE + 0.5)
    assert res.refused is None and res.notices[0][0] == "claimed_against"
    expected = largest_result(board[1 - p], board[p]) * cube_before
    _assert_honoured(link, 1 - p, expected)
    st = accused.table.state()
    assert st.result.winner == 1 - p and st.result.kind == "claimed" and st.result.points == expected
    assert st.score[1 - p] == expected


def test_a_claim_in_a_match_wins_the_match_and_the_record_verifies():
    link = _link(7, match=5)
    rng = random.Random(7)
    p = _reach(link, rng, game.MOVING)
    claimant = link.side(1 - p)
    out = claimant.claim(claimant.since + CLOCK + GRACE)
    _deliver(link, 1 - p, out, link.now + CLOCK + GRACE + 1)
    _assert_honoured(link, 1 - p, 5)
    st = claimant.table.state()
    assert st.phase == game.MATCH_OVER and st.score[1 - p] >= 5
    rec = claimant.table.record()
    assert rec["result"]["winner"] == 1 - p and rec["result"]["complete"]


def test_a_silent_side_that_never_hears_the_claim_the_claimants_record_verifies_alone():
    link = _link(8)
    rng = random.Random(8)
    for _ in range(6):
        assert random_turn(link, rng, double_rate=0.0)
    p = _reach(link, rng, game.ROLL)
    claimant = link.side(1 - p)
    link.now = claimant.since + CLOCK + GRACE
    claimant.claim(link.now)                    # never delivered: the other side left
    rec = claimant.table.record()
    g = rec["games"][-1]
    assert g["dice"]["host_secret"] is None and g["dice"]["guest_secret"] is None
    assert g["actions"][-1] == {"type": "claim", "player": 1 - p, "owed": "decide"}
    assert g["result"]["kind"] == "claimed" and g["dice"]["host_last"] and g["dice"]["guest_last"]
    v = verify_record(game.record_json(claimant.table.value.record))
    assert v.ok, v.reasons
    assert all(r.ok for r in v.rolls) and len(v.rolls) == claimant.k
    # the record cannot be bent: a changed die or a changed last value is caught
    bad = json.loads(game.record_json(claimant.table.value.record))
    roll = next(a for a in bad["games"][0]["actions"] if a["type"] == "roll")
    roll["dice"] = [roll["dice"][0] % 6 + 1, roll["dice"][1]]
    assert "die_mismatch" in {pr.code for pr in verify_record(bad).problems}
    bad = json.loads(game.record_json(claimant.table.value.record))
    bad["games"][0]["dice"]["guest_last"] = "00" * 32
    assert "seed_mismatch" in {pr.code for pr in verify_record(bad).problems}
    bad = json.loads(game.record_json(claimant.table.value.record))
    bad["games"][0]["result"]["points"] += 1
    assert "result_mismatch" in {pr.code for pr in verify_record(bad).problems}


def test_a_silent_reveal_can_be_claimed_after_the_grace():
    """The second revealer sees the roll first; if it goes silent instead of revealing, the roller claims after
    the grace alone (a reveal has no clock of its own). A lost reveal is not a silent side: after a resume the
    reveal arrives and the claim is withdrawn."""
    link = _link(9)
    rng = random.Random(9)
    p = _reach(link, rng, game.ROLL)
    roller, other = link.side(p), link.side(1 - p)
    link.now = 100.0
    out = roller.act(game.Roll(), link.now)
    reveal = other.receive(out.send[0], link.now)     # its reveal never arrives
    assert roller.waiting_for() == (1 - p, "reveal")
    assert not roller.can_claim(link.now + GRACE - 1)
    claim = roller.claim(link.now + GRACE)
    assert roller.stage == "claimed" and roller.result == (p, "claim")
    assert verify_record(game.record_json(roller.table.value.record)).ok
    # the other side did reveal, so when it hears the claim it refuses it; on a new channel it resends
    res = other.receive(claim.send[0], link.now + GRACE)
    assert res.refused.code == "bad_claim"
    back = roller.receive(other.resume_message(), link.now + GRACE)
    assert back.refused is None
    again = other.receive(roller.resume_message(), link.now + GRACE)
    assert reveal.send[0] in again.send
    for text in again.send:
        roller.receive(text, link.now + GRACE)
    assert roller.stage == "play" and roller.state_hash() == other.state_hash()
    assert roller.seq_out == other.seq_in


def test_between_games_of_a_match_a_side_that_never_starts_the_next_game_loses_the_match():
    link = _link(10, match=7)
    rng = random.Random(10)
    _play_out(link, rng)
    assert link.host.stage == "over"  # (a 7-point match is not decided by one game with the cube at most 4 here)
    link.act(0, game.NextGame())
    host, guest = link.host, link.guest
    assert host.waiting_for() == (1, "next")
    t = host.since
    assert not host.can_claim(t + net.claims.NO_CLOCK_LIMIT + GRACE - 1)
    early = host.receive(forge(guest, t="claim"), t + 5)
    assert early.refused.code == "bad_claim"
    out = host.claim(t + net.claims.NO_CLOCK_LIMIT + GRACE)
    _deliver(link, 0, out, t + net.claims.NO_CLOCK_LIMIT + GRACE + 1)
    score = host.table.state().score
    _assert_honoured(link, 0, 7 - score[0])
    rec = host.table.record()
    assert rec["result"]["winner"] == 0 and rec["result"]["claimed_by"] == 0


def test_a_claim_in_the_opening_of_a_later_game():
    link = _link(11, match=9)
    rng = random.Random(11)
    _play_out(link, rng)
    host, guest = link.host, link.guest
    # the guest's commitment arrives, the host's first reveal of game 2 never leaves the host
    link.send_from(0, host.act(game.NextGame(), link.now))
    link.pump()
    out = guest.act(game.NextGame(), link.now)
    assert guest.stage == "opening" and guest.waiting_for() == (0, "reveal")
    host.receive(out.send[0], link.now)           # host applies it and reveals; that reveal is lost
    out = guest.claim(link.now + GRACE)
    score = guest.table.state().score
    assert guest.claim_points == 9 - score[1]
    assert host.receive(out.send[0], link.now + GRACE).refused.code == "bad_claim"
    v = verify_record(game.record_json(guest.table.value.record))
    assert v.ok, v.reasons


# --- the scoring rule ----------------------------------------------------------------------------------------
def _side(points: dict, off: int = 0) -> list:
    s = [0] * 26
    for p, n in points.items():
        s[p] = n
    s[0] = 15 - sum(points.values())
    assert s[0] >= 0 and s[0] == off or not off
    return s


def test_largest_result_still_possible():
    import rules
    start = rules.Position.initial()
    assert largest_result(start.mine, start.theirs) == 3         # contact: anything can still happen
    # no contact, the other side has borne off nothing and is out of my home board: gammon at most
    mine = _side({1: 5, 2: 5, 3: 5})
    theirs = _side({1: 5, 2: 5, 3: 5})
    assert largest_result(mine, theirs) == 2
    # ... with a checker of theirs still in my home board (their 19..24) or on the bar: backgammon
    assert largest_result(mine, _side({1: 5, 2: 5, 3: 4, 20: 1})) == 3
    assert largest_result(mine, _side({1: 5, 2: 5, 3: 4, 25: 1})) == 3
    # they bore off a checker: single
    assert largest_result(mine, _side({1: 5, 2: 5, 3: 4})) == 1
    # contact: their checker on their 10 (my 15) behind my checker on my 20
    assert largest_result(_side({20: 1, 1: 14}), _side({10: 1, 1: 14})) == 3


def test_claim_points_cube_jacoby_and_match():
    import rules
    start = rules.Position.initial()
    assert claim_points(start.mine, start.theirs, 1, None, False, 0, 0) == 3
    assert claim_points(start.mine, start.theirs, 4, 1, False, 0, 0) == 12
    assert claim_points(start.mine, start.theirs, 1, None, True, 0, 0) == 1     # Jacoby, cube centred
    assert claim_points(start.mine, start.theirs, 2, 0, True, 0, 0) == 6        # Jacoby, cube turned
    assert claim_points(start.mine, start.theirs, 1, None, False, 7, 2) == 5    # a match: the points needed
    assert claim_points(start.mine, start.theirs, 8, 0, False, 7, 5) == 24


def test_a_claimed_game_is_never_worth_less_than_playing_it_out():
    """Walking away never pays: for random positions of real games, what a claim scores is at least what the
    claimant wins if the game is played out from there (the same cube, no more doubling)."""
    rng = random.Random(12)
    for seed in range(6):
        link = _link(40 + seed)
        for _ in range(rng.randrange(5, 60)):
            if not random_turn(link, rng, double_rate=0.0) or link.host.stage != "play":
                break
        if link.host.stage != "play":
            continue
        s = link.host
        board = s.table.committed_board()
        claim = {p: claim_points(board[p], board[1 - p], 1, None, False, 0, 0) for p in (0, 1)}
        _play_out(link, rng)
        r = s.table.state().result
        assert r.points <= claim[r.winner]
