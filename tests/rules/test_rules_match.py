"""Scoring, the cube, matches with the Crawford rule, money play options, the opening roll."""

import pytest

import rules
from rules import CubeError, MatchState, Position

P = Position.from_points


def finished(loser: dict) -> Position:
    """``mine`` has borne off all 15; ``theirs`` is ``loser``."""
    return P({}, loser)


def test_winner_kind_single_gammon_backgammon():
    assert finished({"off": 1, "6": 14}).winner_kind() == 1
    assert finished({"6": 15}).winner_kind() == 2
    # a checker in the winner's home board (the loser's 19..24) or on the bar: backgammon
    assert finished({"19": 1, "6": 14}).winner_kind() == 3
    assert finished({"24": 1, "6": 14}).winner_kind() == 3
    assert finished({"bar": 1, "6": 14}).winner_kind() == 3
    assert finished({"18": 1, "6": 14}).winner_kind() == 2
    # one checker off saves the backgammon as well as the gammon
    assert finished({"off": 1, "bar": 1, "6": 13}).winner_kind() == 1
    assert finished({"6": 15}).winner() == 0
    assert finished({"6": 15}).swapped().winner() == 1
    assert finished({"6": 15}).swapped().winner_kind() == 2
    assert Position.initial().winner_kind() == 0 and Position.initial().winner() is None


def test_score_game_times_cube():
    assert rules.score_game(1) == 1
    assert rules.score_game(2, MatchState(cube=4, cube_owner=0)) == 8
    assert rules.score_game(3, MatchState(length=7, cube=2, cube_owner=1)) == 6
    assert rules.score_game(finished({"bar": 1, "6": 14}), MatchState(cube=2, cube_owner=1)) == 6
    with pytest.raises(CubeError):
        rules.score_game(Position.initial())
    with pytest.raises(CubeError):
        rules.score_game(4)


def test_jacoby_rule():
    jac = MatchState(jacoby=True)
    assert jac.points_for(2) == 1 and jac.points_for(3) == 1  # centred cube: no gammons
    assert jac.take(0).points_for(2) == 4  # once doubled gammons count
    assert MatchState().points_for(2) == 2  # off by default
    # Jacoby never applies to matches
    assert MatchState(length=5, jacoby=True).points_for(2) == 2


def test_cube_take_pass_owner_value():
    s = MatchState(length=7)
    assert s.can_double(0) and s.can_double(1)
    s2 = s.take(0)
    assert (s2.cube, s2.cube_owner) == (2, 1)
    assert not s2.can_double(0) and s2.can_double(1)
    with pytest.raises(CubeError):
        s2.take(0)
    s3 = s2.take(1)
    assert (s3.cube, s3.cube_owner) == (4, 0)
    # pass: the doubler wins the value before the double
    assert s3.pass_points(0) == 4
    after = s3.pass_double(0)
    assert after.score == (4, 0) and after.cube == 1 and after.cube_owner is None


def test_beavers_money_only_and_only_when_on():
    with pytest.raises(CubeError):
        MatchState().beaver(0)
    with pytest.raises(CubeError):
        MatchState(length=5, beavers=True).beaver(0)
    b = MatchState(beavers=True).beaver(0)
    assert (b.cube, b.cube_owner) == (4, 1)


def test_crawford_game_then_post_crawford():
    s = MatchState(length=5)
    s = s.after_game(0, 2)
    assert s.score == (2, 0) and not s.crawford
    s = s.after_game(0, 2)  # player 0 reaches 4 = length - 1: next game is the Crawford game
    assert s.score == (4, 0) and s.crawford and not s.post_crawford
    assert not s.can_double(0) and not s.can_double(1)
    s = s.after_game(1, 1)  # Crawford game lost by the leader
    assert s.score == (4, 1) and not s.crawford and s.post_crawford
    assert s.can_double(1) and s.can_double(0)
    s = s.after_game(1, 3)  # trailer reaches 4 too: no second Crawford game
    assert s.score == (4, 4) and not s.crawford and s.post_crawford
    s = s.after_game(0, 1)
    assert s.is_over and s.winner == 0 and not s.post_crawford
    with pytest.raises(CubeError):
        s.after_game(0, 1)
    assert not s.can_double(0)


def test_crawford_when_jumping_past_length_minus_one():
    s = MatchState(length=3).after_game(1, 2)  # 0-2 in a 3-point match: Crawford game
    assert s.crawford
    s = MatchState(length=3).after_game(1, 4)  # a gammon wins the match outright
    assert s.is_over and s.winner == 1 and not s.crawford
    s = MatchState(length=1)  # a 1-point match: no Crawford game; as in gnubg, both players
    assert not s.crawford and s.post_crawford  # are already 1-away ("post-Crawford")
    assert s.after_game(0, 1).is_over


def test_dead_cube_in_a_match():
    s = MatchState(length=5, score=(3, 0)).take(1)  # cube 2 owned by player 0, who is 2-away
    assert s.cube_is_dead(0) and not s.cube_is_dead(1)


def test_money_has_no_crawford_and_validation():
    with pytest.raises(CubeError):
        MatchState(crawford=True)
    with pytest.raises(CubeError):
        MatchState(cube=3)
    with pytest.raises(CubeError):
        MatchState(score=(1,))
    with pytest.raises(CubeError):
        MatchState(cube_owner=2)
    with pytest.raises(CubeError):
        MatchState().can_double(2)
    with pytest.raises(CubeError):
        MatchState().after_game(0, 0)


def test_opening_roll():
    assert rules.opening_roll(5, 2) == 0
    assert rules.opening_roll(1, 6) == 1
    assert rules.opening_roll(4, 4) is None
    for bad in [(0, 3), (7, 1), (True, 2)]:
        with pytest.raises(CubeError):
            rules.opening_roll(*bad)


def test_match_state_from_match_id():
    info = rules.decode_match_id("QYkqASAAIAAA")
    s = info.match_state()
    assert (s.length, s.score, s.cube, s.cube_owner) == (9, (2, 4), 2, 0)
    back = rules.MatchInfo.from_state(s, on_roll=info.on_roll, dice=info.dice)
    assert rules.encode_match_id(back) == "QYkqASAAIAAA"
