"""The screen reader's words: places named from the listener's side, events, the clock, the lifted checker."""
from __future__ import annotations

import pathlib
import re

import pytest
from hypothesis import given, strategies as st

from game.state import Event
from ui import announce as A
from ui import i18n
from ui.model import Dest, SLOTS

POINTS = [str(n) for n in range(1, 25)]
UI = pathlib.Path(A.__file__).parent
ANNOUNCING = "".join((UI / name).read_text() for name in ("announce.py", "access.py", "typed.py"))


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_sentence_is_in_both_languages(lang):
    # (the page's string table: both languages with the same keys and placeholders is tests/ui/test_i18n.py)
    for key in sorted(set(re.findall(r'\bsay\((?:self\.)?lang, "([a-z_0-9]+)"', ANNOUNCING))):
        assert key in i18n.EN and key in i18n.PT, key
        assert "{" not in A.say(lang, key, **{k: 1 for k in ("n", "name", "a", "b", "notation", "words", "frm",
                                                               "to", "value", "s", "result", "place", "places",
                                                               "dice", "why")})


def test_point_from_the_listeners_side():
    assert A.slot_label("13", 5, True, "Bot", "en") == "your 13-point, 5 of your checkers"
    assert A.slot_label("13", 5, True, "Bot", "en", movable=True) == "your 13-point, 5 of your checkers, can move"
    assert A.slot_label("19", -5, True, "Bot", "en") == "your 19-point, 5 of Bot's checkers"
    assert A.slot_label("7", 0, True, "Bot", "en") == "your 7-point, empty"
    assert A.slot_label("1", 1, True, "Bot", "en") == "your 1-point, 1 of your checkers"
    assert A.slot_label("13", 5, True, "Robô", "pt") == "sua casa 13, 5 peças suas"
    assert A.slot_label("19", -5, True, "Robô", "pt") == "sua casa 19, 5 peças de Robô"


def test_top_listener_numbers_from_its_own_side():
    # With two people, the player on turn at the top hears the screen's 12 as their 13-point.
    assert A.slot_label("12", -5, False, "White", "en") == "your 13-point, 5 of your checkers"
    assert A.slot_label("12", 5, False, "White", "en") == "your 13-point, 5 of White's checkers"
    assert A.slot_label("opp-bar", -2, False, "White", "en") == "your bar, 2 of your checkers"
    assert A.slot_label("bar", 1, False, "White", "en") == "White's bar, 1 of White's checkers"


def test_bar_and_trays():
    assert A.slot_label("bar", 2, True, "Bot", "en") == "your bar, 2 of your checkers"
    assert A.slot_label("opp-bar", -1, True, "Bot", "en") == "Bot's bar, 1 of Bot's checkers"
    assert A.slot_label("off", 3, True, "Bot", "en") == "your tray, 3 borne off"
    assert A.slot_label("opp-off", -15, True, "Bot", "en") == "Bot's tray, 15 borne off"
    assert A.slot_label("off", 3, True, "Robô", "pt") == "sua bandeja, 3 retiradas"


@given(st.sampled_from(SLOTS), st.integers(-15, 15), st.booleans(), st.sampled_from(["en", "pt"]))
def test_every_place_has_a_name(slot, count, bottom, lang):
    label = A.slot_label(slot, count, bottom, "Bot", lang)
    assert label and "{" not in label
    # the number told is the listener's own numbering
    if slot in POINTS:
        own = int(slot) if bottom else 25 - int(slot)
        assert f" {own}" in label.replace("-point", " -point").replace(",", " ,")


@pytest.mark.parametrize("slot,count", [("25", 0), ("0", 0), ("x", 0), ("13", 16), ("13", -16), ("13", True)])
def test_bad_places_are_refused(slot, count):
    with pytest.raises(ValueError):
        A.slot_label(slot, count, True, "Bot", "en")


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        A.say("fr", "point_empty")


def test_step_words():
    assert A.step_words(13, 8, False, "en") == "from the 13-point to the 8-point"
    assert A.step_words(25, 22, False, "en") == "from the bar to the 22-point"
    assert A.step_words(6, 0, False, "en") == "bearing off from the 6-point"
    assert A.step_words(8, 5, True, "en") == "from the 8-point to the 5-point, hitting a checker"
    assert A.step_words(25, 20, True, "pt") == "da barra para a casa 20, acertando uma peça"
    for frm, to in ((5, 8), (26, 3), (3, -1), (4, 4)):
        with pytest.raises(ValueError):
            A.step_words(frm, to, False, "en")


NAMES = ("You", "Bot (Beginner)")


@pytest.mark.parametrize("event,me,text", [
    (Event("rolled", player=0, dice=(3, 1)), 0, "You rolled 3 and 1."),
    (Event("rolled", player=1, dice=(6, 6)), 0, "Bot (Beginner) rolled 6 and 6."),
    (Event("moved", player=0, frm=8, to=5, hit=False, notation="8/5"), 0, "You: 8/5, from the 8-point to the 5-point."),
    (Event("moved", player=1, frm=24, to=18, hit=True, notation="24/18*"), 0,
     "Bot (Beginner): 24/18*, from the 24-point to the 18-point, hitting a checker."),
    (Event("moved", player=1, frm=25, to=20, hit=False), 0, "Bot (Beginner): bar/20, from the bar to the 20-point."),
    (Event("doubled", player=1, value=2), 0, "Bot (Beginner) doubles to 2."),
    (Event("doubled", player=0, value=4), 0, "You double to 4."),
    (Event("took", player=0, value=2), 0, "You take: the cube is at 2."),
    (Event("passed", player=1), 0, "Bot (Beginner) passes."),
    (Event("no_legal_move", player=0, dice=(6, 6)), 0, "You rolled 6 and 6: no move is possible."),
    (Event("undone", player=0, frm=8, to=5), 0, "Step taken back."),
    (Event("game_started"), 0, ""),
    (Event("rolled", player=0, dice=(3, 1)), None, "You rolled 3 and 1."),
])
def test_event_texts(event, me, text):
    names = NAMES if me is not None else ("White", "Black")
    expected = text if me is not None else text.replace("You rolled", "White rolled")
    assert A.event_text(event, names, me, "en") == expected


def test_event_text_portuguese():
    ev = Event("moved", player=0, frm=6, to=0, notation="6/off")
    assert A.event_text(ev, ("Você", "Robô"), 0, "pt") == "Você: 6/off, retirando da casa 6."


def test_clock_only_in_its_last_seconds():
    assert [s for s in range(0, 46) if A.clock_text(s, "en")] == [1, 2, 3, 5, 10]
    assert A.clock_text(10, "en") == "10 seconds left."
    assert A.clock_text(1, "en") == "1 second left."
    assert A.clock_text(5, "pt") == "Faltam 5 segundos."


def test_lifted_checker_and_its_places():
    dests = (Dest("5", (1,), False), Dest("3", (3,), False), Dest("off", (6,), False))
    text = A.lifted_text("6", dests, True, "Bot", "en")
    assert text == "Lifted a checker from your 6-point. 3 places: your 5-point using 1, your 3-point using 3, off using 6."
    one = A.lifted_text("bar", (Dest("22", (3,), True),), True, "Bot", "en")
    assert one == "Lifted a checker from your bar. 1 place: your 22-point using 3."


def test_game_over():
    assert A.game_over_text("You win 1 point (single game).", "en") == "Game over. You win 1 point (single game)."
