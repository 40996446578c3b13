"""The Settings panel's choices as data (``ui.prefs``): defaults, what is saved, what a damaged save becomes."""
import json

import pytest
from hypothesis import given, strategies as st

from ui.prefs import ANIMATIONS, HOMES, Prefs, load


def test_defaults_follow_the_browser_until_a_speed_is_chosen():
    p = load(None)
    assert (p.home, p.numbers, p.clockwise) == ("right", True, False)
    assert p.speed(False) == "normal" and p.speed(True) == "instant"
    assert p.glide_ms(False) == 180 and p.glide_ms(True) == 0
    assert p.pace_factor(True) == pytest.approx(1 / 3)  # as under reduced motion before: the bot still paced
    chosen = p.replace(animation="slow")
    assert chosen.speed(True) == "slow" and chosen.glide_ms(True) == 360 and chosen.pace_factor(True) > 1
    assert json.loads(p.to_json()) == {"home": "right", "numbers": True}  # no speed saved until one is chosen


def test_speeds_are_ordered():
    glides = [Prefs(animation=a).glide_ms() for a in ANIMATIONS]
    paces = [Prefs(animation=a).pace_factor() for a in ANIMATIONS]
    assert glides == sorted(glides, reverse=True) and glides[-1] == 0
    assert paces == sorted(paces, reverse=True)


@given(st.sampled_from(HOMES), st.sampled_from((None,) + ANIMATIONS), st.booleans())
def test_what_is_saved_loads_back(home, animation, numbers):
    p = Prefs(home=home, animation=animation, numbers=numbers)
    assert load(p.to_json()) == p
    assert load(p.to_json()).clockwise == (home == "left")


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", json.dumps({"home": "up", "animation": "warp",
                                                                            "numbers": "yes"})])
def test_a_damaged_save_gives_the_defaults(text):
    assert load(text) == Prefs()


def test_a_partly_damaged_save_keeps_what_is_good():
    assert load(json.dumps({"home": "left", "animation": 3, "numbers": False})) == Prefs(home="left", numbers=False)


@pytest.mark.parametrize("kw", [{"home": "top"}, {"animation": "warp"}, {"numbers": 1}])
def test_bad_values_are_refused(kw):
    with pytest.raises(ValueError):
        Prefs(**kw)
