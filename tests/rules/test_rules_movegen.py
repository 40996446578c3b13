"""Legal plays: cross-checked against a brute-force reference, properties, and rule cases."""

import random

import pytest
from hypothesis import given, settings, strategies as st

import rules
from rules import IllegalMoveError, Position, Step
from rules_testkit import mixed_sample, random_game_positions, random_position, reference_results

P = Position.from_points


def results(pos, dice):
    return {r for _, r in rules.legal_plays(pos, dice)}


def dice_used(play):
    return len(play)


# ----------------------------------------------------------------------------- reference
@pytest.mark.parametrize("chunk", range(4))
def test_matches_reference_generator_on_20000_positions(chunk):
    """20,000 positions and rolls (5,000 per chunk): half from random games, the rest bar,
    closed-board, bear-off (with and without hits), race and arbitrary positions."""
    sample = mixed_sample(1000 + chunk, 5000)
    kinds = {"bar": 0, "double": 0, "bearoff": 0}
    for pos, dice in sample:
        assert results(pos, dice) == reference_results(pos, dice), (pos, dice)
        kinds["bar"] += pos.mine[25] > 0
        kinds["double"] += dice[0] == dice[1]
        kinds["bearoff"] += not any(pos.mine[7:])
    assert kinds["bar"] > 800 and kinds["double"] > 800 and kinds["bearoff"] > 800


# ----------------------------------------------------------------------------- properties
def _sample(seed=5, n=3000):
    return mixed_sample(seed, n)


def test_properties_over_random_positions():
    for pos, dice in _sample():
        plays = rules.legal_plays(pos, dice)
        res = [r for _, r in plays]
        assert len(res) == len(set(res)), "duplicate results"
        if not plays:
            continue
        counts = {dice_used(p) for p, _ in plays}
        assert len(counts) == 1, "some legal play uses fewer dice than another"
        for i, (play, r) in enumerate(plays):
            assert sum(r.mine) == 15 and sum(r.theirs) == 15
            assert all(c >= 0 for c in r.mine + r.theirs)
            if i < 2:  # replaying the play step by step lands on the result
                turn = rules.Turn(pos, dice)
                for s in play:
                    turn = turn.apply_step(s)
                assert turn.position == r and turn.is_complete
            assert r.pips()[1] >= pos.pips()[1]  # hits only ever add to the other side's pips
            assert pos.pips()[0] - r.pips()[0] <= (4 * dice[0] if dice[0] == dice[1] else sum(dice))


def test_higher_die_rule_over_random_positions():
    seen = 0
    for pos, dice in _sample(6, 4000):
        d1, d2 = dice
        if d1 == d2:
            continue
        plays = rules.legal_plays(pos, dice)
        if plays and len(plays[0][0]) == 1:
            used = {p[0].die for p, _ in plays}
            hi = max(dice)
            # if the higher die can be played alone at all, every play uses it
            hi_alone = rules.legal_plays(pos, (hi, hi))
            if hi_alone:
                seen += 1
                assert used == {hi}
            else:
                assert used == {min(dice)}
    assert seen > 20


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["any", "bar", "closed", "bearoff",
                                                          "bearoff_contact", "race"]),
       d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_hypothesis_random_positions_match_reference(seed, kind, d1, d2):
    pos = random_position(random.Random(seed), kind)
    assert results(pos, (d1, d2)) == reference_results(pos, (d1, d2))
    assert results(pos, (d1, d2)) == results(pos, (d2, d1))
    ids = rules.legal_results(pos.to_id(), (d1, d2))
    assert ids == {r.to_id() for r in results(pos, (d1, d2))}


# ----------------------------------------------------------------------------- known counts
# Distinct resulting positions for each opening roll, checked against the reference generator
# and against published counts (e.g. 21: 15, 31: 16, 66: 8? see the reference).
@pytest.mark.parametrize("d1", range(1, 7))
@pytest.mark.parametrize("d2", range(1, 7))
def test_opening_rolls_match_reference(d1, d2):
    start = Position.initial()
    assert results(start, (d1, d2)) == reference_results(start, (d1, d2))


def test_opening_31_has_16_results_and_the_point_play():
    res = rules.legal_plays(Position.initial(), (3, 1))
    assert len(res) == 16
    assert P({"5": 2, "6": 4, "8": 2, "13": 5, "24": 2}, {"6": 5, "8": 3, "13": 5, "24": 2}) in {r for _, r in res}


# ----------------------------------------------------------------------------- rule cases
def test_bar_must_enter_first():
    pos = P({"bar": 1, "13": 14}, {"6": 15})
    for play, _ in rules.legal_plays(pos, (4, 2)):
        assert play[0].frm == 25


def test_blocked_on_bar_loses_the_turn():
    home = {str(p): 2 for p in range(1, 7)}
    home["13"] = 3
    pos = P({"bar": 1, "13": 14}, home)
    assert rules.legal_plays(pos, (6, 5)) == []
    turn = rules.Turn(pos, (6, 5))
    assert turn.is_complete and turn.options() == {}


def test_two_on_bar_only_one_enters_rest_lost():
    # entry points 24..19 for dice 1..6; the opponent holds its 1..5 points (our 24..20)
    opp = {str(p): 2 for p in range(1, 6)}
    opp["13"] = 5
    pos = P({"bar": 2, "13": 13}, opp)
    plays = rules.legal_plays(pos, (6, 5))
    assert [[(s.frm, s.to) for s in p] for p, _ in plays] == [[(25, 19)]]
    for play, _ in rules.legal_plays(pos, (6, 6)):  # both enter, then two more sixes
        assert [(s.frm, s.to) for s in play[:2]] == [(25, 19), (25, 19)] and len(play) == 4


def test_enter_then_play_the_other_die():
    pos = P({"bar": 1, "13": 14}, {"6": 15})
    for play, _ in rules.legal_plays(pos, (4, 2)):
        assert len(play) == 2


def test_one_checker_both_dice_needs_open_intermediate():
    # only checker on 24; opponent holds our 18 (its 7) and 20 (its 5): 6-4 from 24 is blocked
    pos = P({"24": 1, "1": 14}, {"7": 2, "5": 2, "12": 11})
    # from 24: 6 -> 18 blocked, 4 -> 20 blocked. The checkers on 1 cannot move (not all home).
    assert rules.legal_plays(pos, (6, 4)) == []
    # open the 20: 24/20/14 is possible through 20
    pos2 = P({"24": 1, "1": 14}, {"7": 2, "12": 13})
    plays = rules.legal_plays(pos2, (6, 4))
    assert {r.mine[14] for _, r in plays} == {1}


def test_higher_die_when_only_one_can_be_played():
    # a single checker on 10 with everything else borne... only one die playable: the higher
    pos = P({"10": 1, "1": 14}, {"22": 2, "19": 2, "11": 11})  # our 3 and 6 closed (their 22, 19)
    # 6: 10->4 open; 4: 10->6 blocked (their 19 = our 6). After 10->4, 4 with die 4 -> 0 bears
    # off? not all home? all home then (4 and 1s) -> so both can be played; adjust: block 4->0 not
    plays = rules.legal_plays(pos, (6, 4))
    assert plays and all(len(p) == 2 for p, _ in plays)
    pos = P({"10": 1, "13": 14}, {"19": 2, "21": 2, "1": 11})  # our 6 and 4 closed
    # 6: 10->4 blocked; 3: 10->7 open then 7->1 with 6 open -> both playable via 3 first
    plays = rules.legal_plays(pos, (6, 3))
    assert all(len(p) == 2 for p, _ in plays)


def test_higher_die_rule_textbook():
    # either die alone, not both: must play the higher
    # checker on 8; opponent holds our 2 (its 23) and our 1...: 8/2 (6) blocked? build directly:
    # one checker on 8, the rest on 24 with our 19 and 18 closed (the opponent's 6 and 7):
    # 8/2 or 8/3, but never both (the 24s keep us from bearing off), so the 6 must be played
    pos = P({"8": 1, "24": 14}, {"6": 2, "7": 2, "13": 11})
    plays = rules.legal_plays(pos, (6, 5))
    assert [[(s.frm, s.to, s.die) for s in p] for p, _ in plays] == [[(8, 2, 6)]]
    assert {r for _, r in plays} == reference_results(pos, (6, 5))
    turn = rules.Turn(pos, (5, 6))
    assert list(turn.options()) == [8] and [o.to for o in turn.options()[8]] == [2]
    with pytest.raises(IllegalMoveError):
        turn.apply(8, 3)


def test_bear_off_exact_higher_point_first_and_from_highest():
    pos = P({"5": 1, "3": 1, "2": 13}, {"1": 15})
    # a 6: bears off from the highest point (5) since none is higher
    plays = rules.legal_plays(pos, (6, 6))
    assert all(r.mine[0] > pos.mine[0] for _, r in plays)
    # a 4 with a checker on 5: must move from the higher point (5->1), cannot bear off from 3
    turn = rules.Turn(pos, (4, 4))
    opts = turn.options()
    assert 3 not in opts or all(o.to != 0 for o in opts[3][:1])
    first_steps = {(s.frm, s.to) for p, _ in rules.legal_plays(pos, (4, 4)) for s in p[:1]}
    assert (3, 0) not in first_steps and (5, 1) in first_steps


def test_bear_off_not_while_a_checker_is_outside():
    pos = P({"7": 1, "1": 14}, {"1": 15})
    for play, _ in rules.legal_plays(pos, (6, 1)):
        # the 1 cannot bear off before the 7 is home
        assert play[0].frm == 7 or all(s.to != 0 for s in play[:1])


def test_bear_off_with_hit_checker_must_come_home():
    # bearing off; we hit a blot, it does not change us; then we are hit: on the bar we must enter
    pos = P({"bar": 1, "1": 14}, {"1": 14, "12": 1})
    plays = rules.legal_plays(pos, (6, 5))
    assert plays
    for play, r in plays:
        assert play[0].frm == 25
        assert all(s.to != 0 for s in play)  # cannot bear off with a checker outside home


def test_hit_while_bearing_off():
    pos = P({"6": 2, "3": 13}, {"23": 1, "10": 14})  # a blot on our 2 (its 23)
    plays = rules.legal_plays(pos, (3, 1))
    assert any(r.theirs[25] == 1 for _, r in plays)


def test_doubles_four_moves_as_many_as_possible():
    start = Position.initial()
    for play, _ in rules.legal_plays(start, (6, 6)):
        assert len(play) == 4
    # only two sixes playable
    pos = P({"24": 2, "1": 13}, {"13": 2, "10": 13})  # our 12 closed: 24/18(2) and no more
    plays = rules.legal_plays(pos, (6, 6))
    assert plays and {len(p) for p, _ in plays} == {2}


def test_bad_dice_raise():
    for dice in [(0, 3), (7, 1), (1,), "31", (1.0, 2), None, (True, 2)]:
        with pytest.raises(IllegalMoveError):
            rules.legal_plays(Position.initial(), dice)


def test_random_games_terminate_and_keep_15_checkers():
    rng = random.Random(3)
    positions = random_game_positions(rng, 20)
    assert len(positions) > 500
    for pos, _ in positions:
        assert sum(pos.mine) == 15 and sum(pos.theirs) == 15


# ----------------------------------------------------------------------------- apply_play
def test_apply_play_gives_each_legal_plays_result():
    checked = 0
    for pos, dice in mixed_sample(77, 1500):
        for play, result in rules.legal_plays(pos, dice):
            assert rules.apply_play(pos, play) == result
            checked += 1
    assert checked > 10000


def test_apply_play_refuses_what_the_board_does_not_allow():
    start = Position.initial()
    blot = P({"8": 2, "6": 2, "13": 11}, {"20": 1, "18": 1, "1": 13})  # their blots on our 5 and 7
    for pos, play in [(start, (Step(5, 3),)),  # no checker on 5
                      (start, (Step(13, 12),)),  # our 12 is their 13: held
                      (start, (Step(6, 4, hit=True),)),  # nothing to hit
                      (blot, (Step(8, 5),)),  # a blot on 5 must be hit
                      (start, (Step(6, 5), Step(5, 4), Step(5, 3))),  # the checker moved on already
                      (start, ((6, 5, False, 1),)),  # not a Step
                      ]:
        with pytest.raises(IllegalMoveError):
            rules.apply_play(pos, play)
    with pytest.raises(IllegalMoveError):
        rules.apply_play(tuple(start), (Step(6, 5),))
    assert rules.apply_play(blot, (Step(8, 5, hit=True),)).theirs[25] == 1
    assert rules.apply_play(start, ()) == start
