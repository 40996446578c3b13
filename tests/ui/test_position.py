"""Analyse a position, its pure part (ui/position.py) and the review's file reader (ui/review_file.py): IDs read
for the board, dice, bad input refused with a reason, and the rows of a real analysis by the bot."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import bot
import rules
from rules.xgid import parse_position_text
from rules.position import Position
from ui import i18n
from ui import position as P
from ui.model import slot_counts
from ui.review_file import read_match_file
from tests.rules.rules_testkit import random_position

OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
OPENING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
EN = i18n.Texts("en")


def test_an_xgid_and_a_gnubg_id_of_the_same_position_read_alike():
    x = P.read(OPENING_31)
    assert x.counts == slot_counts(*Position.initial()) and x.dice == (3, 1)
    assert x.cube.value == 1 and x.cube.owner == "center" and not x.double_offered
    pos, info, _ = rules.parse_xgid(OPENING_31)
    g = P.read(rules.gnubg_id(pos, info))
    assert (g.counts, g.dice, g.position_id) == (x.counts, x.dice, x.position_id)
    assert P.read(OPENING).dice is None
    assert P.read(OPENING, "6-5").dice == (6, 5) and P.read(OPENING_31, " 4 2 ").dice == (4, 2)


@pytest.mark.parametrize("text,dice", [("", ""), ("hello", ""), ("XGID=abc:0:0", ""), ("4HPwATDgc/ABMA", ""),
                                       (OPENING, "7-1"), (OPENING, "31x"), (OPENING, "123")])
def test_bad_input_is_refused_with_a_reason(text, dice):
    with pytest.raises(P.PositionError) as err:
        P.read(text, dice)
    assert str(err.value)


def test_the_rows_of_a_real_analysis():
    with_dice = bot.analyse_position(OPENING_31, level="quick")
    rows = P.candidate_rows(with_dice, EN)
    assert [r["play"] for r in rows] == [c["play"] for c in with_dice["candidates"]]
    assert rows[0]["loss"] == 0 and all(a["equity"] >= b["equity"] for a, b in zip(rows, rows[1:]))
    assert all(r["text"].startswith("win ") and "%" in r["text"] for r in rows)
    setup = P.read(OPENING_31)
    assert P.play_steps(setup, rows[0]["play"]) and all(len(s) == 3 for s in P.play_steps(setup, rows[0]["play"]))
    cube = bot.analyse_position(OPENING, level="quick")
    words = P.cube_words(cube, EN)
    assert words[0][1] == cube["cube_action"]["action"] and len(words) == 4
    assert len(P.roll_rows(cube, EN)) == 21
    assert P.request(setup, "deep") == {"position": OPENING_31, "dice": [3, 1], "level": "deep"}


def test_the_hints_answer_reads_too():
    """The bot's hint (the fallback of a page whose bot has no position analysis) gives the same kind of rows."""
    from bot import analysis
    hint = analysis.hint("move", Position.initial().to_id(), (3, 1), level="quick")
    assert [r["play"] for r in P.candidate_rows(hint, EN)] == [o["play"] for o in hint["top"]]
    double = analysis.hint("double", Position.initial().to_id(), level="quick")
    assert P.cube_words(double, EN)[0][1] == double["best"]


def test_a_match_file_is_a_record_or_a_mat():
    record = {"format": "gamao-record", "version": 1, "games": []}
    assert read_match_file("\ufeff " + json.dumps(record)) == record
    for bad in ("{not json", "[1, 2]", json.dumps({"games": 3})):
        with pytest.raises(ValueError):
            read_match_file(bad)
    with pytest.raises(ValueError):
        read_match_file("this is not a match\n")


DICE_TYPED = [""] + [f"{a}{b}" for a in range(1, 7) for b in range(1, 7)]
positions = st.builds(lambda seed, kind: random_position(random.Random(seed), kind), st.integers(0, 10**9),
                      st.sampled_from(["any", "bar", "closed", "bearoff", "bearoff_contact", "race"]))


@st.composite
def match_infos(draw):
    """A game in play: money or a match (its score, Crawford), any cube and owner, dice rolled, not yet rolled or
    a double offered."""
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 11, 25]))
    score = (draw(st.integers(0, max(length - 1, 0))), draw(st.integers(0, max(length - 1, 0))))
    dice = draw(st.sampled_from([(0, 0)] + [(a, b) for a in range(1, 7) for b in range(1, 7)]))
    on_roll = draw(st.integers(0, 1))
    double = dice == (0, 0) and draw(st.booleans())
    return rules.MatchInfo(length=length, score=score, cube=1 << draw(st.integers(0, 6)),
                           cube_owner=draw(st.sampled_from([None, 0, 1])), on_roll=on_roll,
                           turn=(1 - on_roll) if double else on_roll,
                           crawford=bool(length) and length - 1 in score and draw(st.booleans()), state=1,
                           double_offered=double, dice=dice)


@settings(max_examples=400, deadline=None)
@given(positions, match_infos(), st.sampled_from(DICE_TYPED), st.booleans())
def test_a_positions_link_opens_that_position_again(pos, info, dice, as_xgid):
    """The link "Link to this position" gives, read by the page's own parameters and then as a pasted ID, the
    position shown: the board, the cube and its owner, the score and length, the dice (those typed beside the ID
    too), a double offered when no dice are typed."""
    from hypothesis import assume
    from ui.params import parse_params
    try:
        text = rules.to_xgid(pos, info) if as_xgid else rules.gnubg_id(pos, info)
    except rules.RulesError:
        assume(False)  # (a Match ID or an XGID this match info cannot be written as)
    try:
        setup = P.read(text, dice)
    except P.PositionError:
        assume(False)
    url = P.link(setup)
    assert url.startswith("index.html?analyse=XGID=")
    opened = parse_params(url.split("?", 1)[1])["analyse"]
    back = P.read(opened)
    assert (back.counts, back.position_id, back.cube, back.match_length) == \
        (setup.counts, setup.position_id, setup.cube, setup.match_length)
    assert back.dice == setup.dice
    assert back.double_offered == (setup.double_offered and not setup.dice)
    assert parse_position_text(opened)[1].score == parse_position_text(text)[1].score
