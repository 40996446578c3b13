"""The checked GNU Backgammon vectors in shared/vectors/id_vectors.json, and the contract example."""

import json
import pathlib

import pytest

import rules
from rules import Position

# A copy of shared/vectors/id_vectors.json, so the suite runs from any checkout.
VECTORS = json.loads((pathlib.Path(__file__).resolve().parent.parent / "data" / "id_vectors.json").read_text())


def _side(d):
    return Position.from_points(d, {}).mine


@pytest.mark.parametrize("vec", VECTORS["position_ids"], ids=lambda v: v["id"])
def test_position_id_vectors_decode_and_encode(vec):
    pos = Position.from_id(vec["id"])
    assert pos.mine == _side(vec["second"])  # the side on roll is encoded second
    assert pos.theirs == _side(vec["first"])
    assert Position.from_points(vec["second"], vec["first"]).to_id() == vec["id"]
    assert pos.to_id() == vec["id"]
    assert sum(pos.mine) == sum(pos.theirs) == 15


def test_pip_count_of_allabout_vector():
    pos = Position.from_id("0HPhATDg2+ABMA")
    assert pos.pips() == (160, 162)


_OWNER = {"p0": 0, "p1": 1, "centred": None}
_STATE = {"playing": 1}


@pytest.mark.parametrize("vec", VECTORS["match_ids"], ids=lambda v: v["id"])
def test_match_id_vectors(vec):
    info = rules.decode_match_id(vec["id"])
    assert info.cube == vec["cube"]
    assert info.cube_owner == _OWNER[vec["owner"]]
    assert info.on_roll == vec["on_roll"]
    assert info.dice == tuple(vec["dice"])
    assert info.length == vec["len"]
    assert info.score == tuple(vec["score"])
    for key, attr in (("crawford", "crawford"), ("turn", "turn"), ("double", "double_offered"),
                      ("resign", "resign")):
        if key in vec:
            assert int(getattr(info, attr)) == vec[key]
    if "state" in vec:
        assert info.state == _STATE[vec["state"]]
    if "bytes_hex" in vec:
        import base64
        assert base64.b64decode(vec["id"]).hex().upper() == vec["bytes_hex"]
    assert rules.encode_match_id(info) == vec["id"]


@pytest.mark.parametrize("pair", VECTORS["xgid_equivalents_under_gnubg_semantics"], ids=lambda p: p[1])
def test_xgid_equivalents(pair):
    xgid, gnubg = pair
    pos, info, extra = rules.parse_xgid(xgid)
    gpos, ginfo = rules.parse_gnubg_id(gnubg)
    assert pos == gpos
    assert (info.cube, info.cube_owner, info.on_roll, info.turn, info.dice, info.length,
            info.score, info.crawford) == (ginfo.cube, ginfo.cube_owner, ginfo.on_roll, ginfo.turn,
                                           ginfo.dice, ginfo.length, ginfo.score, ginfo.crawford)
    assert rules.gnubg_id(pos, info) == gnubg
    assert rules.to_xgid(pos, info, max_cube_log=extra[2]) == xgid


def test_bits_past_66_are_ignored():
    # gnubg sometimes ends these IDs in 'E' instead of 'A' (a bit past the 66th)
    a = rules.decode_match_id("cAkAAAAAAAAA")
    b = rules.decode_match_id("cAkAAAAAAAAE")
    assert a == b


def test_contract_example_and_result_orientation():
    res = rules.legal_results("4HPwATDgc/ABMA", (3, 1))
    assert "4HPwATCwZ/ABMA" in res
    assert len(res) == 16
    # the mover is still encoded second: its 8 and 6 lost one checker each, its 5 has two
    pos = Position.from_id("4HPwATCwZ/ABMA")
    assert pos.mine[5] == 2 and pos.mine[8] == 2 and pos.mine[6] == 4
    assert pos.theirs == Position.initial().theirs


def test_contract_hit_goes_to_other_bar():
    # mover's 24 against a blot on its 21 (the other side's 4 point)
    pos = Position.from_points({"24": 1, "6": 14}, {"4": 1, "6": 14})
    res = rules.legal_results(pos.to_id(), (3, 5))
    hits = [Position.from_id(r) for r in res if Position.from_id(r).theirs[25] == 1]
    assert hits and all(h.mine[21] or h.mine[16] for h in hits)


def test_contract_empty_when_nothing_can_be_played():
    closed = Position.from_points({"bar": 1, "6": 14},
                                  {str(p): 2 for p in range(1, 7)} | {"13": 3})
    assert rules.legal_results(closed.to_id(), (6, 6)) == set()
    assert rules.legal_plays(closed, (4, 2)) == []
