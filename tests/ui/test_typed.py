"""Typed moves: read through the rules into steps, or refused with a reason that says why."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import rules
from ui.keys import shortcuts_quiet, tab_order
from ui.typed import TypedMoveError, notation, plan

START = rules.Position.initial()


def test_legal_opening_plays():
    steps = plan("13/8 6/5", START, (5, 1), "en")
    assert {(s.frm, s.to, s.die) for s in steps} == {(13, 8, 5), (6, 5, 1)}
    assert notation(steps) == "13/8 6/5"
    assert len(plan("8/5 6/5", START, (3, 1), "en")) == 2
    assert len(plan("  24/18 , 13/8 ", START, (6, 5), "en")) == 2


def test_bar_and_off():
    theirs = START.theirs
    mine = [0] * 26
    mine[25], mine[6], mine[8], mine[13] = 1, 5, 3, 6
    steps = plan("bar/22 6/5", rules.Position(tuple(mine), theirs), (3, 1), "en")
    assert {(s.frm, s.to, s.die) for s in steps} == {(25, 22, 3), (6, 5, 1)}
    home = [0] * 26
    home[6], home[5] = 2, 13
    steps = plan("6/off 6/off 5/off 5/off", rules.Position(tuple(home), theirs), (6, 6), "en")
    assert [s.to for s in steps] == [0, 0, 0, 0]
    assert notation(steps).startswith("6/off")


@pytest.mark.parametrize("text,dice,words", [
    ("13/8 6/5", (3, 1), "not legal with 3-1"),
    ("24/21", (3, 1), "not legal with 3-1"),
    ("6/1 6/1", (5, 5), "not legal with 5-5"),
])
def test_illegal_plays_say_why(text, dice, words):
    with pytest.raises(TypedMoveError) as err:
        plan(text, START, dice, "en")
    assert words in str(err.value)


@pytest.mark.parametrize("text", ["hello", "13-8", "13/", "/8", "99/90"])
def test_unreadable_text_says_how_to_write_it(text):
    with pytest.raises(TypedMoveError) as err:
        plan(text, START, (3, 1), "en")
    assert "13/8 6/5" in str(err.value)


def test_empty_and_not_now():
    with pytest.raises(TypedMoveError, match="Type a move first"):
        plan("   ", START, (3, 1), "en")
    with pytest.raises(TypedMoveError, match="cannot move now"):
        plan("13/8", START, None, "en")
    with pytest.raises(TypedMoveError, match="não pode mover"):
        plan("13/8", None, (3, 1), "pt")
    with pytest.raises(TypedMoveError, match="não é legal com 3-1"):
        plan("13/8 6/5", START, (3, 1), "pt")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_every_legal_play_typed_back_gives_the_same_result(d1, d2, data):
    plays = rules.legal_plays(START, (d1, d2))
    play, result = data.draw(st.sampled_from(plays))
    steps = plan(rules.format_play(play), START, (d1, d2), "en")
    again = tuple(rules.Step(s.frm, s.to, s.hit, s.die) for s in steps)
    assert {r for p, r in plays if rules.format_play(p) == rules.format_play(again)} == {result}


def test_tab_order_from_the_movers_side():
    assert tab_order(["6", "24", "bar", "13", "8"], True) == ["bar", "24", "13", "8", "6"]
    assert tab_order(["1", "12", "opp-bar", "19"], False) == ["opp-bar", "1", "12", "19"]
    with pytest.raises(ValueError):
        tab_order(["25"], True)
    with pytest.raises(ValueError):
        tab_order(["x"], True)


def test_shortcuts_quiet_while_typing():
    assert shortcuts_quiet("INPUT")
    assert shortcuts_quiet("textarea")
    assert shortcuts_quiet("div", editable=True)
    assert shortcuts_quiet("button", dialog_open=True)
    assert not shortcuts_quiet("BUTTON")
    assert not shortcuts_quiet("div")
