"""Resignation at the table: what may be offered (game.resign), offering, accepting and declining through
intents, the record, the .mat file and the verifier agreeing, saves, and the clock standing still meanwhile."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import game
import rules
from game.resign import losable, offers, refusal
from game.verify import verify_record

from game_helpers import human_act, play_human_turn
from game import intents as I


def humans(**kw) -> game.Options:
    return game.Options(seats=(game.Seat("human"), game.Seat("human")), **kw)


def side(d: dict) -> tuple:
    s = [0] * 26
    for k, v in d.items():
        s[k] = v
    return tuple(s)


def _random_turn(table: game.Table, rng: random.Random, acts: int) -> game.State:
    """Play ``acts`` human decisions (never ending the game on purpose); the state reached."""
    st_ = table.state()
    for _ in range(acts):
        if st_.phase not in (game.ROLL, game.MOVING, game.TAKE):
            break
        st_ = human_act(table, rng, double_rate=0.2, take_rate=0.9)
    return st_


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), acts=st.integers(0, 60))
def test_what_is_offered_is_never_more_than_the_game_can_still_cost(seed, acts):
    rng = random.Random(seed)
    t = game.Table(humans(seed=f"{seed:064x}"))
    st_ = _random_turn(t, rng, acts)
    if st_.phase not in (game.ROLL, game.MOVING):
        return
    resigner = st_.turn
    pos = t.value.position(resigner)
    most = max(offers(t.value.match, pos).values())
    assert set(offers(t.value.match, pos).values()) <= {t.value.match.cube * k for k in (1, 2, 3)}
    # play the game out many ways: whenever the resigner loses, it never loses more (by the board) than offered
    for k in range(4):
        t2 = game.Table.from_value(t.value)
        if t2.state().phase == game.MOVING:
            play_human_turn(t2, random.Random(k))
        r = random.Random(seed * 7 + k)
        s2 = t2.state()
        while s2.phase in (game.ROLL, game.MOVING, game.TAKE):
            if s2.phase == game.ROLL:
                s2 = t2.apply(I.Roll())
            elif s2.phase == game.TAKE:
                s2 = t2.apply(I.Take())
            else:
                s2 = play_human_turn(t2, r)
        res = s2.result
        if res.winner != resigner and res.kind in ("gammon", "backgammon", "single"):
            kind = {"single": 1, "gammon": 2, "backgammon": 3}[res.kind]
            assert kind in losable(pos), (pos, res)
            assert res.points // s2.cube <= most // t.value.match.cube or t.value.match.cube != s2.cube


def test_losable_by_the_board():
    start = rules.Position.initial()
    assert losable(start) == (1, 2, 3)
    one_off = rules.Position(side({0: 1, 6: 14}), side({6: 15}))
    assert losable(one_off) == (1,)
    race_home = rules.Position(side({6: 15}), side({6: 15}))
    assert losable(race_home) == (1, 2)
    stuck_back = rules.Position(side({24: 1, 6: 14}), side({6: 15}))  # in the opponent's home board
    assert losable(stuck_back) == (1, 2, 3)
    jacoby = rules.MatchState(jacoby=True)
    assert offers(jacoby, start) == {"single": 1}
    assert offers(jacoby.take(0), start) == {"single": 2, "gammon": 4, "backgammon": 6}
    assert refusal(rules.MatchState(), one_off, 2) and refusal(rules.MatchState(), one_off, 1) is None
    assert refusal(rules.MatchState(), start, True) and refusal(rules.MatchState(), start, "1")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), acts=st.integers(0, 40), pick=st.integers(0, 2), length=st.sampled_from([0, 3, 5]))
def test_an_accepted_resignation_ends_the_game_and_record_mat_and_verifier_agree(seed, acts, pick, length):
    rng = random.Random(seed)
    t = game.Table(humans(seed=f"{seed:064x}", match_length=length))
    st_ = _random_turn(t, rng, acts)
    if st_.phase not in (game.ROLL, game.MOVING):
        return
    resigner, score = st_.turn, st_.score
    values = sorted(st_.resign_offers.values())
    points = values[min(pick, len(values) - 1)]
    before = t.value
    st_ = t.apply(I.Resign(points))
    assert st_.offer == (resigner, points) and st_.can_answer_resign and not st_.can_roll and not st_.movable
    with pytest.raises(game.NotAllowed):
        t.apply(I.Roll()) if before.phase == game.ROLL else t.apply(I.Undo())
    declined = t.apply(I.DeclineResign())
    assert declined.phase == before.phase and declined.board == t.state().board and t.record() == \
        game.Table.from_value(before).record()
    t.restore(before)
    t.apply(I.Resign(points))
    st_ = t.apply(I.AcceptResign())
    assert st_.result == game.Result(1 - resigner, points, "resign")
    expect = list(score)
    expect[1 - resigner] += points
    assert st_.score == tuple(expect)
    verdict = verify_record(t.record())
    assert verdict.ok, verdict.reasons
    g = rules.read_mat(game.mat_text(t.value.record)).games[-1]
    assert (g.winner, g.points) == (1 - resigner, points)
    assert g.actions[-1] == rules.MatAction(resigner, "resign", value=points)
    if length:
        assert st_.phase == (game.MATCH_OVER if expect[1 - resigner] >= length else game.GAME_OVER)
        if st_.phase == game.GAME_OVER:
            st_ = t.apply(I.NextGame())
            assert st_.crawford == (length - 1 in expect and length - 1 not in score)


def test_offers_out_of_turn_twice_or_for_the_wrong_points_are_refused():
    t = game.Table(humans(seed="ab" * 32))
    st_ = t.state()
    p = st_.turn
    with pytest.raises(game.NotAllowed, match="not possible now"):
        t.apply(I.Resign(4))
    play_human_turn(t, random.Random(0))
    t.apply(I.Double())
    with pytest.raises(game.NotAllowed, match="Resign is not possible now"):
        t.apply(I.Resign(1))  # the doubled player passes or takes; no resignation while a double waits
    t.apply(I.Take())
    st_ = t.state()
    assert st_.turn == 1 - p and st_.resign_offers == {"single": 2, "gammon": 4, "backgammon": 6}
    for bad in (1, 3, 8, 0, -2):
        with pytest.raises(game.NotAllowed):
            t.apply(I.Resign(bad))
    t.apply(I.Resign(2))
    for intent in (game.intents.Roll(), game.intents.Double(), game.intents.Resign(2), game.intents.NextGame()):
        with pytest.raises(game.NotAllowed, match="waits for its answer"):
            t.apply(intent)
    t.apply(I.DeclineResign())
    with pytest.raises(game.NotAllowed, match="no resignation is offered"):
        t.apply(I.AcceptResign())
    with pytest.raises(game.NotAllowed, match="in this turn already"):
        t.apply(I.Resign(4))


def test_the_clock_stands_still_while_a_resignation_is_answered_and_never_resigns():
    t = game.Table(humans(seed="cd" * 32, clock=30), now=0.0)
    play_human_turn(t, random.Random(3), now=10.0)
    st_ = t.state()
    assert st_.deadline == 40.0
    t.apply(I.Resign(1), now=25.0)  # 15 s left
    st_ = t.apply(I.Tick(500.0))
    assert st_.offer is not None and not [e for e in st_.events if e.kind == "clock_expired"]
    st_ = t.apply(I.DeclineResign(), now=600.0)
    assert st_.deadline == pytest.approx(615.0)
    st_ = t.apply(I.Tick(616.0))
    assert [e.kind for e in st_.events][:1] == ["clock_expired"]
    assert not any(e.kind.startswith("resign") for e in st_.events)


def test_a_table_with_an_offer_saves_and_loads():
    t = game.Table(humans(seed="ef" * 32, clock=20), now=0.0)
    t.apply(I.Resign(2), now=5.0)
    back = game.table_from_json(game.table_to_json(t, now=7.0), now=100.0)
    assert back.state().offer == t.state().offer
    st_ = back.apply(I.DeclineResign(), now=100.0)
    assert st_.deadline == pytest.approx(115.0)
    assert back.value.declined[st_.turn] == 2
    import json
    data = json.loads(game.table_to_json(t, now=7.0))
    data["offer"][1] = 5
    with pytest.raises(game.SaveError, match="not possible"):
        game.table_from_json(json.dumps(data))


def test_a_bot_answers_an_offer_and_the_pending_carries_it_to_a_worker():
    opts = game.Options.against_bot("intermediate")
    human = side({19: 3, 20: 3, 21: 3, 22: 3, 23: 3})
    bot = side({0: 13, 1: 2})
    t = game.Table.practice(opts, (human, bot), rules.MatchState(), 0)
    t.apply(I.Resign(1))
    pend = t.pending()
    assert (pend.kind, pend.player, pend.offer, pend.reason) == ("resign", 1, 1, "bot")
    assert game.Pending.from_dict(pend.to_dict()) == pend
    with pytest.raises(game.NotAllowed, match="bot's decision"):
        t.apply(I.AcceptResign())
    chooser = game.RandomChooser(1)
    st_ = game.drive_bots(t, chooser=chooser)
    kinds = [e.kind for e in st_.events]
    assert kinds[0] in ("resign_accepted", "resign_declined")
    with pytest.raises(game.NotAllowed, match="accept or decline"):
        t2 = game.Table.practice(opts, (human, bot), rules.MatchState(), 0)
        t2.apply(I.Resign(1))
        t2.apply(game.intents.BotResignAnswer("maybe"))


def test_a_bot_may_offer_only_what_the_table_allows_and_only_once_declined():
    opts = game.Options.against_bot("intermediate")
    t = game.Table.practice(opts, (side({1: 1, 0: 14}), side({1: 15})), rules.MatchState(), 1)
    pend = t.pending()
    assert pend.kind == "cube" and pend.resign == (1, 2)
    assert isinstance(pend.intent("resign 1"), game.intents.BotResign)
    with pytest.raises(game.NotAllowed):
        t.apply(game.intents.BotResign(3))
    st_ = t.apply(pend.intent("resign 1"))
    assert st_.offer == (1, 1) and st_.can_answer_resign and st_.actor == 0
    st_ = t.apply(I.DeclineResign())
    assert t.pending().kind == "cube" and t.pending().resign == ()
