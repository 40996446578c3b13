"""rules.CubeInfo: one player's view of the cube and score (GNU Backgammon's cubeinfo), the one shape every cube,
take and resignation question of the bot is asked with."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import CubeInfo, MatchState


@st.composite
def match_states(draw) -> MatchState:
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 11]))
    top = length - 1 if length else 30
    score = (draw(st.integers(0, top)), draw(st.integers(0, top)))
    crawford = bool(length) and length - 1 in score and draw(st.booleans())
    money = not length
    return MatchState(length, score, crawford, money and draw(st.booleans()), money and draw(st.booleans()),
                      draw(st.sampled_from([1, 2, 4, 64, 4096])), draw(st.sampled_from([None, 0, 1])))


@settings(max_examples=300, deadline=None)
@given(m=match_states(), player=st.sampled_from([0, 1]))
def test_a_player_s_view_of_a_match(m, player):
    c = CubeInfo.of_match(m, player)
    other = CubeInfo.of_match(m, 1 - player)
    assert c.flipped() == other and other.flipped() == c
    assert c.value == m.cube and c.match_length == m.length and c.crawford == m.crawford
    assert (c.jacoby, c.beavers) == (m.jacoby, m.beavers)
    assert c.owner == ("center" if m.cube_owner is None else "me" if m.cube_owner == player else "opponent")
    assert c.score == (m.score[player], m.score[1 - player])
    assert c.post_crawford == m.post_crawford and c.is_money == m.is_money
    if m.length:
        assert (c.my_away, c.their_away) == (m.away(player), m.away(1 - player))
    else:
        assert (c.my_away, c.their_away) == (0, 0)
    assert CubeInfo.seen_by(player, m.cube, m.cube_owner, m.length, m.score, m.crawford, m.jacoby, m.beavers) == c


@settings(max_examples=200, deadline=None)
@given(m=match_states(), player=st.sampled_from([0, 1]))
def test_plain_data_reads_back_as_the_same_view(m, player):
    c = CubeInfo.of_match(m, player)
    assert CubeInfo.from_dict(json.loads(json.dumps(c.to_dict()))) == c


def test_missing_fields_take_their_defaults_and_none_is_money():
    assert CubeInfo.from_dict({}) == CubeInfo() == CubeInfo.from_dict(None)
    assert CubeInfo.from_dict({"value": 2, "owner": "me"}) == CubeInfo(2, "me")
    assert CubeInfo() == rules.cubeinfo.MONEY and CubeInfo().is_money


@pytest.mark.parametrize("bad, words", [
    ([], "an object"), ({"value": 3}, "power of two"), ({"value": 8192}, "power of two"),
    ({"owner": "nobody"}, "owner"), ({"match_length": -1}, "match length"), ({"value": True}, "power of two"),
    ({"score": [1]}, "score"), ({"score": [1, -1]}, "score"), ({"match_length": 5, "score": [5, 0]}, "not a score"),
    ({"crawford": True}, "money play has no Crawford"), ({"match_length": 5, "score": [2, 2], "crawford": True},
                                                          "1 away"),
    ({"cube_value": 2}, "unknown cube field"),
])
def test_what_is_not_a_cube_is_refused_by_name(bad, words):
    with pytest.raises(rules.CubeError, match=words):
        CubeInfo.from_dict(bad)


def test_post_crawford_is_a_game_after_the_crawford_game_only():
    assert not CubeInfo(match_length=5, score=(4, 2), crawford=True).post_crawford
    assert CubeInfo(match_length=5, score=(4, 2)).post_crawford
    assert not CubeInfo(match_length=5, score=(3, 2)).post_crawford
    assert CubeInfo(match_length=1).post_crawford  # as GNU Backgammon: a 1-point match is post-Crawford


@given(m=match_states(), player=st.sampled_from([0, 1]))
def test_a_view_may_double_exactly_when_the_match_lets_its_player_double(m, player):
    view = CubeInfo.of_match(m, player)
    assert view.may_double == m.can_double(player)
    # a dead cube: in a match, the cube's value already brings the player to the match's end
    assert view.cube_is_dead == (bool(m.length) and m.length - m.score[player] <= m.cube)
