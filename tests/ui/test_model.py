"""The board view's model: slot names both ways, counts, stacks, ring labels, destinations from rules.Turn."""
import pytest
from hypothesis import given, strategies as st

import rules
from ui import model
from ui.model import SlotError


@given(st.integers(0, 25), st.booleans())
def test_slot_and_point_round_trip(point, bottom):
    assert model.point_of(model.slot_of(point, bottom), bottom) == point


def test_top_player_points_are_mirrored():
    assert model.slot_of(24, False) == "1"
    assert model.slot_of(1, False) == "24"
    assert model.slot_of(25, False) == "opp-bar"
    assert model.slot_of(0, False) == "opp-off"
    assert model.slot_of(25, True) == "bar"
    assert model.slot_of(0, True) == "off"


@pytest.mark.parametrize("bad", [-1, 26, "3", None, True, 2.0])
def test_bad_point_is_refused(bad):
    with pytest.raises(SlotError):
        model.slot_of(bad, True)


@pytest.mark.parametrize("slot,bottom", [("0", True), ("25", True), ("07", True), ("x", True), ("bar", False),
                                         ("opp-off", True), ("", True), (None, True)])
def test_bad_slot_is_refused(slot, bottom):
    with pytest.raises(SlotError):
        model.point_of(slot, bottom)


def test_counts_of_the_initial_position():
    pos = rules.Position.initial()
    counts = model.slot_counts(pos.mine, pos.theirs)
    assert set(counts) == set(model.SLOTS)
    assert counts["6"] == 5 and counts["8"] == 3 and counts["13"] == 5 and counts["24"] == 2
    assert counts["19"] == -5 and counts["17"] == -3 and counts["12"] == -5 and counts["1"] == -2
    assert counts["bar"] == counts["off"] == counts["opp-bar"] == counts["opp-off"] == 0
    assert sum(c for c in counts.values() if c > 0) == 15
    assert sum(c for c in counts.values() if c < 0) == -15


def test_counts_with_bar_and_off():
    pos = rules.Position.from_points(mine={"bar": 1, "6": 2}, theirs={"bar": 2, "1": 3})
    counts = model.slot_counts(pos.mine, pos.theirs)
    assert counts["bar"] == 1 and counts["off"] == 12
    assert counts["opp-bar"] == -2 and counts["opp-off"] == -10 and counts["24"] == -3


def test_counts_need_26_slots():
    with pytest.raises(SlotError):
        model.slot_counts((0,) * 25, (0,) * 26)


@pytest.mark.parametrize("count,expected", [(0, (0, "")), (5, (5, "")), (-5, (5, "")), (6, (5, "6")),
                                            (-15, (5, "15"))])
def test_stack(count, expected):
    assert model.stack(count) == expected


def test_destinations_of_an_opening_roll_for_the_bottom_player():
    turn = rules.Turn(rules.Position.initial(), (6, 5))
    dests = model.destinations(turn.options(), bottom=True)
    assert set(dests) == {"24", "13", "8"}  # 6/1 is blocked
    assert [d.slot for d in dests["24"]] == ["18", "13"]  # 24/19 is blocked
    assert [d.label for d in dests["24"]] == ["6", "6+5"]


def test_destinations_for_the_top_player_are_mirrored():
    turn = rules.Turn(rules.Position.initial(), (6, 5))
    dests = model.destinations(turn.options(), bottom=False)
    assert set(dests) == {"1", "12", "17"}
    assert [d.slot for d in dests["1"]] == ["7", "12"]


def test_destinations_bar_and_off():
    pos = rules.Position.from_points(mine={"bar": 1, "6": 14}, theirs={"1": 2})
    dests = model.destinations(rules.Turn(pos, (3, 4)).options(), bottom=True)
    assert set(dests) == {"bar"}
    pos = rules.Position.from_points(mine={"1": 1}, theirs={"20": 2})
    dests = model.destinations(rules.Turn(pos, (3, 4)).options(), bottom=False)
    assert list(dests) == ["24"] and [d.slot for d in dests["24"]] == ["opp-off"]


def test_hit_is_reported():
    pos = rules.Position.from_points(mine={"8": 2}, theirs={"20": 1, "1": 14})
    dests = model.destinations(rules.Turn(pos, (3, 1)).options(), bottom=True)
    hits = [d for d in dests["8"] if d.slot == "5"]
    assert hits and hits[0].hit


@given(st.integers(0, 15), st.booleans())
def test_cube_face(logv, centered):
    value = 1 << min(logv, 12)
    cube = model.CubeView(value, "center" if centered else "bottom")
    assert cube.face == ("64" if value == 1 and centered else str(value))


@pytest.mark.parametrize("value,owner", [(3, "center"), (0, "center"), (2, "left")])
def test_bad_cube(value, owner):
    with pytest.raises(ValueError):
        model.CubeView(value, owner)


def test_after_step_replays_a_play_to_the_rules_result():
    pos = rules.Position.from_points(mine={"8": 2, "6": 2, "13": 11}, theirs={"20": 1, "18": 1, "1": 13})
    plays = rules.legal_plays(pos, (3, 1))
    assert any(s.hit for play, _ in plays for s in play)
    for bottom in (True, False):
        for play, result in plays:
            board = (pos.mine, pos.theirs) if bottom else (pos.theirs, pos.mine)
            for s in play:
                board = model.after_step(board, bottom, s.frm, s.to, s.hit)
            assert board == ((result.mine, result.theirs) if bottom else (result.theirs, result.mine))


def test_after_step_refuses_a_step_the_board_does_not_allow():
    start = rules.Position.initial()
    board = (start.mine, start.theirs)
    for frm, to, hit in ((5, 3, False), (6, 4, True), (13, 12, False), (24, 19, False)):
        with pytest.raises(rules.IllegalMoveError):
            model.after_step(board, True, frm, to, hit)
    assert board == (start.mine, start.theirs)
