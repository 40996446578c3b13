"""Cube decisions: the documented model on given probabilities, and the bot on hand-made positions."""
import pytest
from hypothesis import given, settings, strategies as st

import bot
import rules
from bot import cube, met
from bot.cube import should_double, should_take
from rules import CubeInfo

P = rules.Position.from_points


def outs(p, gw=0.0, gl=0.0):
    return (p, gw, 0.0, gl, 0.0)


# --- the model (money) -------------------------------------------------------------------------------------

@pytest.mark.parametrize("p, double, take", [
    (0.50, False, True),   # even game
    (0.60, False, True),   # too early
    (0.75, True, True),    # clear double / take
    (0.90, True, False),   # clear double / pass
    (0.99, True, False),
])
def test_money_without_gammons(p, double, take):
    s = CubeInfo()
    assert should_double(outs(p), s) is double
    assert should_take(outs(p), s) is take


def test_too_good_to_double_plays_on_for_the_gammon():
    o = (0.97, 0.65, 0.05, 0.0, 0.0)
    assert should_double(o, CubeInfo()) is False
    assert should_take(o, CubeInfo()) is False


def test_owning_the_cube_makes_doubling_later():
    # Near the double point a centred cube doubles before an owned one (the owner keeps cube access).
    o = outs(0.70)
    assert should_double(o, CubeInfo()) is True
    assert should_double(o, CubeInfo(2, "me")) is False


def test_take_point_moves_with_gammons():
    # 24% to win is a take without gammons, a pass when a fifth of the losses are gammons.
    assert should_take(outs(0.76), CubeInfo()) is True
    assert should_take(outs(0.76, gw=0.3), CubeInfo()) is False


def test_janowski_live_and_dead_limits():
    # Dead cube (x = 0): cubeless equity. Fully live centred cube: -1 at the take point, +1 at the cash point.
    assert cube.janowski(0.6, 1.0, 1.0, "center", x=0.0) == pytest.approx(0.2)
    assert cube.janowski(0.2, 1.0, 1.0, "center", x=1.0) == pytest.approx(-1.0)
    assert cube.janowski(0.8, 1.0, 1.0, "center", x=1.0) == pytest.approx(1.0)
    assert cube.janowski(0.0, 1.0, 1.5, "me", x=1.0) == pytest.approx(-1.5)


def test_too_good_to_double_plays_on_and_keeps_the_cash():
    """Past the cash point the side that could cash but is too good (gammons likely) plays on, and cashes only if
    its chances fall back to the cash point: the live equity is the line from +1 at CP to W at p = 1, worth more
    than the cubeless equity; likewise from -L at p = 0 to -1 at TP for the other side."""
    p, w, l_ = 0.9, 2.0, 1.0  # every win a gammon: cubeless 0.9 * 2 - 0.1 = 1.7
    cp = (l_ + 1.0) / (w + l_ + 0.5)  # 4/7
    live = 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)  # 1.7667
    assert live == pytest.approx(1.7666667, abs=1e-6)
    for owner in ("center", "me"):
        for x in (0.0, 0.5, 0.68, 1.0):
            assert cube.janowski(p, w, l_, owner, x) == pytest.approx(x * live + (1 - x) * 1.7)
    tp = (2.0 - 0.5) / (1.0 + 2.0 + 0.5)  # the other side's take point with L = 2: 3/7
    low = -2.0 + 0.1 / tp  # -1.7667
    for owner in ("center", "opponent"):
        assert cube.janowski(0.1, 1.0, 2.0, owner, 0.68) == pytest.approx(0.68 * low + 0.32 * -1.7)
    # Short of the too-good point (cubeless 0.95 here) the line past the cash point is worth more than +1 too.
    assert cube.janowski(0.65, 2.0, 1.0, "center", 1.0) == pytest.approx(1.0 + (0.65 - cp) / (1.0 - cp))


@settings(max_examples=200, deadline=None)
@given(st.floats(1.0, 3.0), st.floats(1.0, 3.0), st.sampled_from(["center", "me", "opponent"]),
       st.floats(0.0, 1.0))
def test_janowski_is_continuous_and_rises_with_the_chances(w, l_, owner, x):
    """No jump where the model's pieces meet (take, cash and too-good points): a small step in p moves the
    equity by at most the steepest piece's slope times the step, and never down."""
    steps = [i / 400 for i in range(401)]
    eq = [cube.janowski(p, w, l_, owner, x) for p in steps]
    slope = max(w + l_, 2.0 / ((l_ + 1.0) / (w + l_ + 0.5) - (l_ - 0.5) / (w + l_ + 0.5)), (1.0 + l_) * 2,
                (w + 1.0) * 2 / 0.5)
    for a, b in zip(eq, eq[1:]):
        assert -1e-9 <= b - a <= slope / 400 + 1e-9


@pytest.mark.parametrize("bad", [
    dict(value=3), dict(value=0), dict(value=8192), dict(owner="nobody"), dict(match_length=-1),
    dict(match_length=5, score=(-1, 3)), dict(match_length=5, score=(5, 0)), dict(score=(0,)),
    dict(match_length=5, score=(3, 3), crawford=True), dict(crawford=True),
])
def test_bad_states_raise(bad):
    with pytest.raises(rules.CubeError):
        CubeInfo(**bad)


def test_cannot_double_the_opponents_cube():
    with pytest.raises(cube.CubeError):
        should_double(outs(0.8), CubeInfo(2, "opponent"))


# --- the model (match) -------------------------------------------------------------------------------------

def test_met_is_the_kazaross_xg2_table():
    assert met.mwc(1, 2, post_crawford=False) == pytest.approx(0.67736)  # the Crawford game, 1-away 2-away
    assert met.mwc(2, 1, post_crawford=True) == pytest.approx(0.48803)   # trailer 2-away after Crawford
    assert met.mwc(5, 5, False) == 0.5
    assert met.mwc(3, 7, False) + met.mwc(7, 3, False) == pytest.approx(1.0)
    assert met.mwc(0, 4, False) == 1.0 and met.mwc(4, 0, False) == 0.0
    for a in range(1, 25):
        for b in range(1, 25):
            assert met.mwc(a, b, False) > met.mwc(a + 1, b, False)


def test_crawford_game_has_no_doubling():
    s = CubeInfo(match_length=5, score=(2, 4), crawford=True)
    with pytest.raises(cube.CubeError):
        should_double(outs(0.9), s)


def test_post_crawford_trailer_doubles_at_once():
    s = CubeInfo(match_length=5, score=(1, 4))
    assert s.post_crawford and (s.my_away, s.their_away) == (4, 1)
    assert should_double(outs(0.3), s) is True


def test_post_crawford_leader_takes_or_passes_by_exact_mwc():
    # Leader 1-away facing the trailer (4-away): pass leaves the trailer 3-away; take plays for the match.
    s = CubeInfo(match_length=5, score=(4, 1))
    assert should_take(outs(0.5), s) is True    # leader wins 50%: take
    assert should_take(outs(0.9), s) is False   # leader wins 10%: pass


def test_no_double_when_a_single_win_already_wins_the_match():
    s = CubeInfo(2, "me", 7, (5, 2))
    assert should_double(outs(0.8), s) is False


def test_match_take_and_pass_at_an_even_score():
    s = CubeInfo(match_length=7)
    assert should_double(outs(0.5), s) is False
    assert should_take(outs(0.7), s) is True
    assert should_take(outs(0.95), s) is False
    assert should_double(outs(0.95), s) is True


# --- the bot on positions ----------------------------------------------------------------------------------

CERTAIN_WIN = P({"1": 2}, {"6": 3, "5": 2})         # on roll, off next roll; they have borne off ten
ALSO_CERTAIN = P({"1": 1, "2": 1}, {"6": 3, "5": 2, "4": 3})


@pytest.mark.parametrize("level", bot.LEVELS)
def test_obvious_double_pass(level):
    for pos in (CERTAIN_WIN, ALSO_CERTAIN):
        assert bot.cube_action(pos.to_id(), level=level) == "double"
        assert bot.take_decision(pos.to_id(), level=level) == "pass"


@pytest.mark.parametrize("level", bot.LEVELS)
def test_opening_position_no_double_and_take(level):
    pid = rules.Position.initial().to_id()
    assert bot.cube_action(pid, level=level) == "no_double"
    assert bot.take_decision(pid, level=level) == "take"


def test_obvious_take_when_slightly_behind_in_a_race():
    # The doubler leads 60 to 66 pips... but it is the *taker* here who leads: a certain take.
    pos = P({"6": 4, "5": 4, "4": 3, "3": 2, "2": 2}, {"6": 3, "5": 3, "4": 3, "3": 3, "2": 3})
    for level in bot.LEVELS:
        assert bot.take_decision(pos.to_id(), level=level) == "take"
        assert bot.cube_action(pos.to_id(), level=level) == "no_double"


def test_crawford_and_cube_ownership_through_the_api():
    pid = CERTAIN_WIN.to_id()
    assert bot.cube_action(pid, CubeInfo(match_length=5, score=(2, 4), crawford=True)) == "no_double"
    assert bot.cube_action(pid, CubeInfo(2, "opponent")) == "no_double"
    with pytest.raises(bot.BotError):
        bot.take_decision(pid, CubeInfo(match_length=5, score=(4, 2), crawford=True))
    with pytest.raises(bot.BotError):
        bot.take_decision(pid, CubeInfo(2, "me"))
    with pytest.raises(bot.BotError):
        bot.cube_action(pid, {"match_length": 5, "score": (2, 0)})  # a cube is a CubeInfo, not its fields


def test_match_play_through_the_api():
    pid = CERTAIN_WIN.to_id()
    # 3-away vs 5-away: doubling a certain win is right (they pass; cube 1 -> 2-away).
    assert bot.cube_action(pid, CubeInfo(match_length=7, score=(4, 2))) == "double"
    # 1-away vs 4-away after Crawford: the leader's cube is worthless; a win at cube 1 wins the match.
    assert bot.cube_action(pid, CubeInfo(match_length=7, score=(6, 3))) == "no_double"
    # Facing a (pointless) double from the 1-away leader, passing loses the match: always take.
    assert bot.take_decision(pid, CubeInfo(match_length=7, score=(3, 6))) == "take"
    # 2-away vs 4-away, cube 1: passing a certain loss costs one point, taking may cost the match.
    assert bot.take_decision(pid, CubeInfo(match_length=7, score=(5, 3))) == "pass"
