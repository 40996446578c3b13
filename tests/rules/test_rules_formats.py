"""Position ID, Match ID, GNUbg ID, XGID and move notation: round trips and errors."""

import base64
import random

import pytest
from hypothesis import given, settings, strategies as st

import rules
from rules import (IllegalMoveError, MatchIdError, MatchInfo, NotationError, Position,
                   PositionIdError, Step, XgidError)
from rules_testkit import mixed_sample, random_position

KINDS = ["any", "bar", "closed", "bearoff", "bearoff_contact", "race"]
positions = st.builds(lambda seed, kind: random_position(random.Random(seed), kind),
                      st.integers(0, 10**9), st.sampled_from(KINDS))


@st.composite
def match_infos(draw):
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 11, 25, 32767]))
    hi = max(length, 1) * 2
    dice = draw(st.sampled_from([(0, 0)] + [(a, b) for a in range(1, 7) for b in range(1, 7)]))
    on_roll = draw(st.integers(0, 1))
    double = dice == (0, 0) and draw(st.booleans())
    return MatchInfo(
        length=length, score=(draw(st.integers(0, min(hi, 32767))), draw(st.integers(0, min(hi, 32767)))),
        cube=1 << draw(st.integers(0, 15)), cube_owner=draw(st.sampled_from([None, 0, 1])),
        on_roll=on_roll, turn=(1 - on_roll) if double else on_roll,
        crawford=draw(st.booleans()) if length else False,
        state=draw(st.integers(0, 4)), double_offered=double, resign=draw(st.integers(0, 3)),
        dice=dice)


# ----------------------------------------------------------------------------- Position ID
@settings(max_examples=400, deadline=None)
@given(positions)
def test_position_id_round_trip(pos):
    pid = pos.to_id()
    assert len(pid) == 14
    assert Position.from_id(pid) == pos
    # swapping sides swaps the halves of the bit string
    assert Position.from_id(pos.swapped().to_id()) == pos.swapped()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 49), max_size=30))
def test_position_id_bits_follow_the_layout(checkers):
    """The ID's 80 bits, read back one by one, are the documented layout: the side not on roll first, per slot
    (points 1..24, bar) one 1 per checker, then a 0; also with more than 15 checkers on a slot (no valid position
    has them; the encoder still writes their bits)."""
    from rules.posid import encode_position_id
    counts = [0] * 50
    for slot in checkers:
        counts[slot] += 1
    theirs, mine = (0, *counts[:25]), (0, *counts[25:])
    want = [bit for c in counts for bit in [1] * c + [0]]
    raw = base64.b64decode(encode_position_id(mine, theirs) + "==")
    assert [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)] == want + [0] * (80 - len(want))


def test_position_id_round_trip_on_game_positions():
    for pos, _ in mixed_sample(21, 2000):
        assert Position.from_id(pos.to_id()) == pos


@pytest.mark.parametrize("bad,why", [
    ("", "14 characters"), ("4HPwATDgc/ABM", "14 characters"), ("4HPwATDgc/ABMAA", "14 characters"),
    ("4HPwATDgc/AB!A", "outside base64"), ("4HPwATDgc/AB=A", "outside base64"),
    ("//////////////", "before all 50 slots"),  # all ones
    (__import__("base64").b64encode(((1 << 16) - 1).to_bytes(10, "little")).decode()[:14],
     "16 checkers"),
    ("AAAAAAAAAAAAAA", None),  # all zeros is an empty board: allowed (all off)
])
def test_bad_position_ids(bad, why):
    if why is None:
        assert Position.from_id(bad).off() == (15, 15)
        return
    with pytest.raises(PositionIdError, match=why):
        Position.from_id(bad)


def test_position_id_both_sides_on_one_point_is_rejected():
    # mine 1 checker on its 1 point, theirs 1 checker on its 24 point (the same point)
    theirs = [0] * 26
    theirs[24] = 1
    mine = [0] * 26
    mine[1] = 1
    from rules.posid import encode_position_id
    pid = encode_position_id(tuple(mine), tuple(theirs))
    with pytest.raises(PositionIdError, match="both sides"):
        Position.from_id(pid)


def test_position_constructor_validates():
    with pytest.raises(PositionIdError):
        Position((0,) * 26, (0,) * 26)
    with pytest.raises(PositionIdError):
        Position((15,) + (0,) * 24, Position.initial().theirs)
    with pytest.raises(PositionIdError):
        Position.from_points({"6": 16}, {})
    with pytest.raises(PositionIdError):
        Position.from_points({"x": 1}, {})


# ----------------------------------------------------------------------------- Match ID
@settings(max_examples=400, deadline=None)
@given(match_infos())
def test_match_id_round_trip(info):
    mid = rules.encode_match_id(info)
    assert len(mid) == 12
    assert rules.decode_match_id(mid) == info


@pytest.mark.parametrize("bad,why", [
    ("cAkAAAAAAAA", "12 characters"), ("cAkAAAAAAAAAA", "12 characters"),
    ("cAk!AAAAAAAA", "outside base64"),
])
def test_bad_match_ids(bad, why):
    with pytest.raises(MatchIdError, match=why):
        rules.decode_match_id(bad)


def test_match_id_impossible_fields():
    good = rules.decode_match_id("QYkqASAAIAAA")
    import base64
    raw = bytearray(base64.b64decode("QYkqASAAIAAA"))
    raw[0] = (raw[0] & ~0x30) | 0x20  # cube owner = 2
    with pytest.raises(MatchIdError, match="owner"):
        rules.decode_match_id(base64.b64encode(bytes(raw)).decode())
    bits = int.from_bytes(base64.b64decode("QYkqASAAIAAA"), "little") | (7 << 15)  # die 1 = 7
    raw = bits.to_bytes(9, "little")
    with pytest.raises(MatchIdError, match="dice"):
        rules.decode_match_id(base64.b64encode(bytes(raw)).decode())
    assert good.dice == (5, 2)


@settings(max_examples=200, deadline=None)
@given(positions, match_infos())
def test_gnubg_id_round_trip(pos, info):
    if info.cube > rules.MAX_CUBE:  # a Match ID holds it, but GNU Backgammon refuses it: so do we
        with pytest.raises(MatchIdError, match="beyond 4096"):
            rules.gnubg_id(pos, info)
        info = info.replace(cube=rules.MAX_CUBE)
    gid = rules.gnubg_id(pos, info)
    assert rules.parse_gnubg_id(gid) == (pos, info)
    assert rules.parse_gnubg_id("GNUbg ID: " + gid) == (pos, info)


@pytest.mark.parametrize("log", range(13, 16))
def test_ids_refuse_a_cube_beyond_max_cube_and_change_nothing(log):
    pos = Position.initial()
    info = MatchInfo(length=0, cube=1 << log, cube_owner=0, on_roll=0, turn=0, state=1, dice=(3, 1))
    with pytest.raises(MatchIdError, match=f"cube {1 << log} is beyond 4096"):
        rules.gnubg_id(pos, info)
    with pytest.raises(XgidError, match=f"cube {1 << log} is beyond 4096"):
        rules.to_xgid(pos, info)
    at_max = info.replace(cube=4096)
    assert rules.parse_gnubg_id(rules.gnubg_id(pos, at_max)) == (pos, at_max)
    assert rules.parse_xgid(rules.to_xgid(pos, at_max))[1].cube == 4096


def test_bad_gnubg_ids():
    with pytest.raises(MatchIdError):
        rules.parse_gnubg_id("4HPwATDgc/ABMA")
    with pytest.raises(PositionIdError):
        rules.parse_gnubg_id("4HPwATDgc/AB:cAkAAAAAAAAA")
    with pytest.raises(MatchIdError):
        rules.parse_gnubg_id("4HPwATDgc/ABMA:cAk")


# ----------------------------------------------------------------------------- XGID
@settings(max_examples=300, deadline=None)
@given(positions, match_infos(), st.booleans(), st.booleans(), st.integers(0, 15))
def test_xgid_round_trip(pos, info, jacoby, beavers, max_cube):
    info = info.replace(state=1, resign=0)  # not held by an XGID
    if info.double_offered:
        info = info.replace(dice=(0, 0))
    if info.length:
        jacoby = beavers = False
    if info.cube > rules.MAX_CUBE:  # the field holds it, but GNU Backgammon refuses it: so do we
        with pytest.raises(XgidError, match="beyond 4096"):
            rules.to_xgid(pos, info, jacoby=jacoby, beavers=beavers, max_cube_log=max_cube)
        info = info.replace(cube=rules.MAX_CUBE)
    x = rules.to_xgid(pos, info, jacoby=jacoby, beavers=beavers, max_cube_log=max_cube)
    p2, i2, extra = rules.parse_xgid(x)
    assert p2 == pos
    assert i2 == info
    assert tuple(extra) == (jacoby, beavers, max_cube)


@pytest.mark.parametrize("bad,why", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", None),  # 9 fields: max cube default
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0", "10 fields"),
    ("XGID=-b----E-C---eE---c-e---B-:0:0:1:00:0:0:0:0:10", "26 characters"),
    ("XGID=-b----E-C---eE---c-e----B?:0:0:1:00:0:0:0:0:10", "board character"),
    ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube"),
    ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube position"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "turn"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10", "dice"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10", "dice"),
    ("XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "board character"),
    ("XGID=-b----O-O---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "checkers"),
    ("XGID=bb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "17 checkers"),
    ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "bar"),
])
def test_bad_xgids(bad, why):
    if why is None:
        rules.parse_xgid(bad)
        return
    with pytest.raises(XgidError, match=why):
        rules.parse_xgid(bad)


# ----------------------------------------------------------------------------- notation
def test_format_examples():
    S = Step
    assert rules.format_play((S(24, 18), S(13, 11))) == "24/18 13/11"
    assert rules.format_play((S(25, 22, True),)) == "bar/22*"
    assert rules.format_play((S(6, 0),)) == "6/off"
    assert rules.format_play((S(3, 0, die=5),)) == "3/off"
    assert rules.format_play((S(8, 5), S(8, 5))) == "8/5(2)"
    assert rules.format_play((S(24, 18, True), S(18, 13))) == "24/18*/13"
    assert rules.format_play((S(24, 18), S(18, 13))) == "24/13"
    assert rules.format_play((S(13, 7), S(13, 7), S(7, 1), S(7, 1))) == "13/1(2)"
    assert rules.format_play(()) == ""


def test_parse_examples():
    start = Position.initial()
    assert rules.parse_play("8/5 6/5", start, (3, 1)) == (Step(8, 5), Step(6, 5))
    assert rules.parse_play("6/5 8/5", start, (1, 3)) in {(Step(8, 5), Step(6, 5))}
    assert rules.format_play(rules.parse_play("13/7(2) 8/2(2)", start, (6, 6))) == "13/7(2) 8/2(2)"
    assert rules.format_play(rules.parse_play("24/13", start, (6, 5))) == "24/13"
    assert rules.format_play(rules.parse_play("BAR/22* 13/11", Position.from_points(
        {"bar": 1, "13": 14}, {"3": 1, "6": 14}), (3, 2))) == "bar/22* 13/11"


@pytest.mark.parametrize("text", ["24-18", "24/18/", "x/3", "24/30", "18/24", "off/3", "6/bar",
                                  "24/18(5)", "24/18((2)", "*24/18", "24/18 13/11 junk"])
def test_parse_garbage_raises_notation_error(text):
    with pytest.raises(NotationError):
        rules.parse_play(text, Position.initial(), (6, 2))


@pytest.mark.parametrize("text", ["24/18", "24/15", "24/14", "13/5 13/7", "6/off 6/4", "8/2 6/4 6/4",
                                  "24/18 13/11 6/4"])
def test_parse_illegal_raises_illegal_move(text):
    with pytest.raises(IllegalMoveError):
        rules.parse_play(text, Position.initial(), (6, 2))


def test_notation_round_trip_on_every_legal_play():
    n = 0
    for pos, dice in mixed_sample(31, 400):
        plays = rules.legal_plays(pos, dice)
        if not plays:
            assert rules.parse_play("", pos, dice) == ()
            continue
        for play, res in plays:
            text = rules.format_play(play)
            back = rules.parse_play(text, pos, dice)
            assert rules.format_play(back) == text
            t = rules.Turn(pos, dice)
            for s in back:
                t = t.apply_step(s)
            assert t.position == res, (pos, dice, text)
            n += 1
    assert n > 2000


def test_parse_plain_gnubg_mat_style():
    start = Position.initial()
    play = rules.parse_play("25/22 13/11", Position.from_points({"bar": 1, "13": 14}, {"6": 15}), (3, 2))
    assert rules.format_play(play) == "bar/22 13/11"
    assert rules.format_play(rules.parse_play("6/0 6/0", Position.from_points({"6": 2}, {"6": 15}), (6, 6))) == "6/off(2)"
    assert rules.parse_play("Cannot Move", Position.from_points(
        {"bar": 1, "13": 14}, {str(p): 2 for p in range(1, 7)} | {"13": 3}), (6, 5)) == ()
    with pytest.raises(IllegalMoveError):
        rules.parse_play("", start, (3, 1))


@settings(max_examples=300, deadline=None)
@given(positions, st.integers(1, 6), st.integers(1, 6), st.integers(0, 10**6))
def test_hypothesis_notation_round_trip(pos, d1, d2, pick):
    plays = rules.legal_plays(pos, (d1, d2))
    if not plays:
        assert rules.format_play(()) == "" and rules.parse_play("", pos, (d1, d2)) == ()
        return
    play, res = plays[pick % len(plays)]
    text = rules.format_play(play)
    back = rules.parse_play(text, pos, (d1, d2))
    assert rules.format_play(back) == text
    assert {r for p, r in plays if rules.format_play(p) == text} == {res}
    # the same text with the dice given the other way round denotes the same play
    assert rules.format_play(rules.parse_play(text, pos, (d2, d1))) == text


def test_match_info_turn_defaults_to_the_player_answering_a_double():
    info = MatchInfo(on_roll=0, double_offered=True, length=5)
    assert info.turn == 1
    pos = Position.initial()
    p2, i2, _ = rules.parse_xgid(rules.to_xgid(pos, info))
    assert (p2, i2) == (pos, info)
    assert "XGID=" in rules.to_xgid(pos, info) and ":D:" in rules.to_xgid(pos, info)
