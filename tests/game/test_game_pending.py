"""``Pending.to_dict``/``from_dict``: the bot worker's one conversion. A decision read back is the same decision,
and the worker's answer turned into an intent is the intent the main thread would make."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import game
import rules
from game.kinds import DECISION_KINDS, LEVELS, REASONS
from game.state import Pending

position_ids = st.integers(0, 2**32 - 1).map(
    lambda seed: _random_position(random.Random(seed)).to_id())


def _random_position(rng: random.Random) -> rules.Position:
    pos = rules.Position.initial()
    for _ in range(rng.randint(0, 40)):
        plays = rules.legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            _, pos = rng.choice(plays)
        if pos.is_over():
            return rules.Position.initial()
        pos = pos.swapped()
    return pos


@st.composite
def cubes(draw) -> rules.CubeInfo:
    length = draw(st.integers(0, 25))
    top = length - 1 if length else 24
    score = (draw(st.integers(0, top)), draw(st.integers(0, top)))
    crawford = bool(length) and length - 1 in score and draw(st.booleans())
    return rules.CubeInfo(draw(st.sampled_from([1, 2, 4, 8, 64])), draw(st.sampled_from(["center", "me", "opponent"])),
                          length, score, crawford, draw(st.booleans()), draw(st.booleans()))


pendings = st.builds(
    Pending, player=st.sampled_from([0, 1]), kind=st.sampled_from(DECISION_KINDS),
    reason=st.sampled_from(REASONS), level=st.sampled_from(LEVELS), position_id=position_ids,
    dice=st.one_of(st.just(()), st.tuples(st.integers(1, 6), st.integers(1, 6))),
    candidates=st.lists(position_ids, max_size=6, unique=True).map(tuple), cube=st.one_of(st.just(rules.CubeInfo()), cubes()))


@settings(max_examples=200, deadline=None)
@given(p=pendings)
def test_a_pending_decision_survives_json(p):
    back = Pending.from_dict(json.loads(json.dumps(p.to_dict())))
    assert back == p
    assert back.cube == p.cube  # not part of ==: checked on its own
    assert back.to_dict() == p.to_dict()


@settings(max_examples=100, deadline=None)
@given(p=pendings, seed=st.integers(0, 1000))
def test_the_decision_made_from_the_copy_is_the_decision_made_from_the_original(p, seed):
    if p.kind == "play" and not p.candidates:
        return
    here = game.answer_for(p, game.RandomChooser(seed))
    there = Pending.from_dict(json.loads(json.dumps(p.to_dict())))
    assert p.intent(game.decision_for(there, game.RandomChooser(seed))) == here


def test_real_pending_decisions_of_a_game_round_trip():
    table = game.Table(game.Options(seats=(game.Seat("bot", "beginner"), game.Seat("bot", "strong")),
                                    match_length=3), now=0)
    chooser, kinds_seen = game.RandomChooser(7), set()
    for _ in range(400):
        p = table.pending()
        if p is None:
            break
        back = Pending.from_dict(json.loads(json.dumps(p.to_dict())))
        assert back == p and back.cube == p.cube
        kinds_seen.add(p.kind)
        table.apply(back.intent(game.decision_for(back, chooser)), 0)
    assert kinds_seen == {"cube", "play", "answer"}


def test_the_worker_answers_with_the_decision_the_main_thread_would_make():
    import bot_worker
    table = game.Table(game.Options(seats=(game.Seat("bot", "beginner"), game.Seat("bot", "intermediate"))),
                       now=0)
    for _ in range(12):
        p = table.pending()
        if p is None:
            break
        decision = bot_worker.decide(json.dumps(p.to_dict()))
        assert p.intent(decision) == game.answer_for(p, game.BotChooser())
        table.apply(p.intent(decision), 0)


@pytest.mark.parametrize("bad, words", [
    ([], "an object"),
    ({"player": 0}, "needs kind, reason, level, position_id"),
    ({"player": 2, "kind": "play", "reason": "bot", "level": "beginner", "position_id": "x"}, "player"),
    ({"player": 0, "kind": "move", "reason": "bot", "level": "beginner", "position_id": "x"}, "kind"),
    ({"player": 0, "kind": "play", "reason": "bot", "level": "grandmaster", "position_id": "x"}, "level"),
    ({"player": 0, "kind": "play", "reason": "bot", "level": "beginner", "position_id": "x", "dice": "66"},
     "dice"),
    ({"player": 0, "kind": "play", "reason": "bot", "level": "beginner", "position_id": "x",
      "candidates": [1]}, "candidates"),
    ({"player": 0, "kind": "play", "reason": "bot", "level": "beginner", "position_id": "x",
      "cube": {"value": 3}}, "cube value"),
    ({"player": 0, "kind": "play", "reason": "bot", "level": "beginner", "position_id": "x",
      "cube": {"cube_value": 2}}, "unknown cube field"),
])
def test_what_is_not_a_pending_decision_is_refused_by_name(bad, words):
    with pytest.raises(game.GameError, match=words):
        Pending.from_dict(bad)


def test_an_unknown_kind_has_no_intent():
    with pytest.raises(game.NotAllowed):
        Pending(0, "move", "bot", "beginner", "x").intent("13/8")
