"""The match cube model (bot.cube): take points worked out from the match equity table, by hand, and the
cubeful MWC built on them (its ends, its limits, its continuity)."""
import pytest
from hypothesis import given, settings, strategies as st

from bot import cube, met
from bot.cube import CENTER, MINE, THEIRS, match_cubeful, take_point
from bot.network import invert

M = met.mwc


def outs(p, gw=0.0, gl=0.0, bw=0.0, bl=0.0):
    return (p, gw, bw, gl, bl)


def test_dead_cube_take_point_at_two_away_two_away():
    # 2-away vs 2-away: the taker's cube at 2 is dead (a win at 2 wins the match); pass leaves it 2-away against
    # the Crawford game's 1-away; take plays for the match: TP = pass MWC.
    assert take_point(outs(0.5), 2, 2, 1, False) == pytest.approx(M(2, 1, False))
    assert take_point(outs(0.5), 2, 2, 1, False) == pytest.approx(1 - 0.67736)


def test_live_cube_take_point_at_four_away_four_away():
    # 4-away vs 4-away, no gammons. The taker owns the cube at 2 and can redouble to 4; the opponent's take
    # of that redouble (its cube at 4 dead) needs M(4, 2) (pass) against a match won / lost: tY = M(4, 2).
    # The taker's cash point is 1 - tY; its MWC rises from M(4, 2) (a game lost at 2) to M(2, 4) (a cash at
    # 2) there, so TP = (1 - tY) * (M(4, 3) - M(4, 2)) / (M(2, 4) - M(4, 2)).
    t_y = M(4, 2, False)
    lost = M(4, 2, False)
    expected = (1 - t_y) * (M(4, 3, False) - lost) / (M(2, 4, False) - lost)
    assert take_point(outs(0.5), 4, 4, 1, False) == pytest.approx(expected)
    assert 0.18 < expected < 0.21  # a live cube takes far wider than the dead cube's
    dead = (M(4, 3, False) - lost) / (M(2, 4, False) - lost)  # a dead cube at 2: no redouble, no cash
    assert expected < dead


def test_take_point_counts_the_doublers_gammons_through_the_table():
    # The taker 3-away, the doubler 5-away, doubled from 1 to 2: a single loss at 2 leaves the doubler 3-away,
    # a gammon 1-away. Gammons for the doubler make a loss worse and so raise the take point.
    plain = take_point(outs(0.5), 3, 5, 1, False)
    gammony = take_point(outs(0.5, gl=0.25), 3, 5, 1, False)
    assert gammony > plain
    # By hand for the gammony one: the taker's cube at 2 can be redoubled to 4 (2 < 3).
    lost = (0.25 * M(3, 3, False) + 0.25 * M(3, 1, False)) / 0.5
    t_y = take_point(invert(outs(0.5, gl=0.25)), 5, 3, 2, False)
    assert gammony == pytest.approx((1 - t_y) * (M(3, 4, False) - lost) / (M(1, 5, False) - lost))


def test_money_like_score_approaches_janowski():
    # Far from the end of a long match the table is nearly linear in points and the recursion tends to money's
    # live take point, Janowski's (L - 1/2) / (W + L + 1/2) = 0.2 without gammons.
    t = take_point(outs(0.5), 25, 25, 1, False)
    assert t == pytest.approx(0.2, abs=0.02)


def test_no_take_point_when_a_pass_loses_the_match():
    # The opponent 1-away: passing loses the match, so any chance takes (the formula; the rules allow no such
    # double in the Crawford game, and after it the leader's double is pointless).
    assert take_point(outs(0.5), 3, 1, 1, False) == 0.0


def test_cubeful_is_the_cubeless_mwc_with_a_dead_cube():
    o = outs(0.6, gw=0.2, gl=0.1)
    wins = [M(4 - k, 5, False) for k in (1, 2, 3)]
    losses = [M(4, 5 - k, False) for k in (1, 2, 3)]
    cubeless = (0.4 * wins[0] + 0.2 * wins[1]) + (0.3 * losses[0] + 0.1 * losses[1])
    assert match_cubeful(o, 4, 5, 1, CENTER, False, x=0.0) == pytest.approx(cubeless)
    # A cube at 4 its owner (4-away) cannot use and the opponent (5-away) does not hold: dead at any x.
    assert match_cubeful(o, 4, 5, 4, MINE, False) == pytest.approx(
        0.4 * M(0, 5, False) + 0.2 + 0.3 * M(4, 1, False) + 0.1 * M(4, -3, False))


def test_live_centred_cube_ends_are_the_pass_and_the_cash():
    a, b = 5, 4
    o_at = lambda p: outs(p)  # noqa: E731
    tp = take_point(o_at(0.5), a, b, 1, False)
    cp = 1 - take_point(invert(o_at(0.5)), b, a, 1, False)
    assert match_cubeful(o_at(tp), a, b, 1, CENTER, False, x=1.0) == pytest.approx(M(a, b - 1, False), abs=1e-6)
    assert match_cubeful(o_at(cp), a, b, 1, CENTER, False, x=1.0) == pytest.approx(M(a - 1, b, False), abs=1e-6)
    mid = (tp + cp) / 2
    assert match_cubeful(o_at(mid), a, b, 1, CENTER, False, x=1.0) == pytest.approx(
        (M(a, b - 1, False) + M(a - 1, b, False)) / 2, abs=1e-6)


def test_three_away_two_away_trailer_two_away_cube_is_dead():
    # 3-away (on roll) vs 2-away: the 2-away side's cube at 2 is dead, so doubling hands it a dead cube: the
    # double/take MWC is the cubeless one at 2 whatever x.
    o = outs(0.58, gw=0.18, gl=0.1)
    won = (0.40 * M(1, 2, False) + 0.18 * 1.0) / 0.58
    lost = 0.0
    assert match_cubeful(o, 3, 2, 2, THEIRS, False) == pytest.approx(0.58 * won + 0.42 * lost)


def test_post_crawford_is_dead():
    o = outs(0.4)
    assert match_cubeful(o, 3, 1, 1, CENTER, True) == pytest.approx(match_cubeful(o, 3, 1, 1, CENTER, True, x=0.0))


@settings(max_examples=150, deadline=None)
@given(a=st.integers(1, 11), b=st.integers(1, 11), v=st.sampled_from([1, 2, 4]),
       owner=st.sampled_from([CENTER, MINE, THEIRS]), gw=st.floats(0, 0.3), gl=st.floats(0, 0.3),
       x=st.floats(0, 1))
def test_cubeful_rises_with_the_chances_and_stays_between_losing_and_winning(a, b, v, owner, gw, gl, x):
    prev = None
    for i in range(1, 100):
        p = i / 100
        o = outs(p, gw=min(gw, p), gl=min(gl, 1 - p))
        m = match_cubeful(o, a, b, v, owner, False, x)
        assert -1e-9 <= m <= 1 + 1e-9
        if prev is not None and gw == 0 and gl == 0:
            assert m >= prev - 1e-9
        prev = m
    for p in (0.1, 0.5, 0.9):
        t = take_point(outs(p, gw=min(gw, p), gl=min(gl, 1 - p)), a, b, v, False)
        assert 0.0 <= t <= 1.0


def test_owning_the_cube_is_worth_at_least_a_centred_one_to_its_owner():
    for a, b in ((7, 7), (5, 3), (3, 5), (9, 4)):
        for p in (0.3, 0.5, 0.7):
            o = outs(p, gw=0.1, gl=0.1)
            assert match_cubeful(o, a, b, 1, MINE, False) >= match_cubeful(o, a, b, 1, CENTER, False) - 1e-9
            assert match_cubeful(o, a, b, 1, CENTER, False) >= match_cubeful(o, a, b, 1, THEIRS, False) - 1e-9


def test_doubling_decisions_at_match_scores():
    from rules import CubeInfo
    # 2-away vs 2-away: the cube is dead for the taker, so the doubler gives up no recube; at 60% it is a
    # double and a take (the take point is 32%, the pass's MWC).
    s = CubeInfo(match_length=7, score=(5, 5))
    assert cube.should_double(outs(0.6), s) is True
    assert cube.should_take(outs(0.6), s) is True
    # 7-away vs 7-away, 60% without gammons: too early to double, as in money play.
    assert cube.should_double(outs(0.6), CubeInfo(match_length=7)) is False


def test_past_the_cash_point_the_side_plays_on_and_cashes_if_it_falls_back():
    # Fully live (x = 1): past our cash point we play on for a game won (gammons included) and cash when our
    # chances fall back to the cash point, so the MWC is the line from (CP, cash) to (1, a game won).
    a, b, p = 5, 5, 0.85
    o = outs(p, gw=0.4)
    cp = 1 - take_point(invert(o), b, a, 1, False)
    won = ((p - 0.4) * M(4, 5, False) + 0.4 * M(3, 5, False)) / p
    assert p > cp
    expected = M(4, 5, False) + (won - M(4, 5, False)) * (p - cp) / (1 - cp)
    assert match_cubeful(o, a, b, 1, CENTER, False, x=1.0) == pytest.approx(expected)
    assert expected > M(4, 5, False)  # worth more than cashing: too good to double


def test_below_the_opponents_cash_point_it_plays_on_and_cashes_when_we_recover():
    a, b, p = 5, 5, 0.12
    o = outs(p, gl=0.5)
    tp = take_point(o, a, b, 1, False)
    lost = (0.38 * M(5, 4, False) + 0.5 * M(5, 3, False)) / 0.88
    assert p < tp
    assert match_cubeful(o, a, b, 1, CENTER, False, x=1.0) == pytest.approx(lost + (M(5, 4, False) - lost) * p / tp)


P = __import__("rules").Position


@pytest.mark.parametrize("mine, theirs, x", [
    (None, None, 0.76),                                            # the opening: contact
    ({"7": 2, "3": 13}, {"7": 2, "3": 13}, 0.60 + 0.0025 * 53),     # a race, 53 pips for the side on roll
    ({"13": 10, "6": 5}, {"2": 15}, 0.80),                          # a long race: capped at 0.80
    ({"7": 1}, {"1": 15}, 0.60 + 0.0025 * 7),                        # a short race
    ({"6": 5, "5": 5}, {"4": 7}, 0.60),                              # both sides bearing off
])
def test_efficiency_by_position_class(mine, theirs, x):
    pos = P.from_id("4HPwATDgc/ABMA") if mine is None else P.from_points(mine, theirs)
    assert cube.efficiency(pos) == pytest.approx(x)
    assert cube.efficiency((pos[0], pos[1])) == pytest.approx(x)


def test_the_analysis_weighs_a_race_cube_with_the_races_efficiency():
    from bot import analysis as A
    from rules import CubeInfo
    pos = P.from_points({"7": 2, "3": 13}, {"8": 3, "4": 12})
    ctx = CubeInfo(match_length=7, score=(2, 3))
    o = A._outputs_on_roll(pos, "quick")
    got = A.cube_options(pos, "quick", ctx)["equities"]
    x = cube.efficiency(pos)
    assert x != cube.CONTACT_EFFICIENCY
    want = {k: A.emg(ctx, v) for k, v in cube.match_equities(o, ctx, x).items()}
    assert got == pytest.approx(want)
    assert got != pytest.approx({k: A.emg(ctx, v) for k, v in cube.match_equities(o, ctx).items()})
