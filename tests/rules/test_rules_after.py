"""``Position.after(play)``: the position a play leads to, as the move generator computes it (the record verifier
moves checkers with it)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import rules
from rules import IllegalMoveError, Position, Step
from rules_testkit import random_position

KINDS = ("any", "bar", "closed", "bearoff", "bearoff_contact", "race")


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(KINDS), d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_after_gives_every_legal_plays_result(seed, kind, d1, d2):
    pos = random_position(random.Random(seed), kind)
    for play, result in rules.legal_plays(pos, (d1, d2)):
        assert pos.after(play) == result
        assert pos.after(play).to_id() == result.to_id()


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_after_a_parsed_play_is_the_result_it_names(seed, d1, d2):
    pos = random_position(random.Random(seed))
    results = {r for _, r in rules.legal_plays(pos, (d1, d2))}
    for play, _ in rules.legal_plays(pos, (d1, d2)):
        again = rules.parse_play(rules.format_play(play), pos, (d1, d2))
        assert pos.after(again) in results


def test_after_no_play_is_the_same_position():
    pos = Position.initial()
    assert pos.after(()) == pos


@pytest.mark.parametrize("step, what", [
    (Step(20, 14, False, 6), "no checker"),      # nobody on 20 at the start
    (Step(13, 8, True, 5), "without a single"),  # the mover's own point, nothing to hit
])
def test_after_refuses_a_step_the_board_cannot_make(step, what):
    pos = Position.initial()
    with pytest.raises(IllegalMoveError, match=what):
        pos.after((step,))
