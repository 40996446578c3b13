"""The Settings panel: board direction (the home board on the left: a clockwise board, on the desktop and on a
phone held upright), animation speed, point numbers, sound and language, each remembered across a reload; a
clockwise game played by clicks and by keyboard; and the turn clock standing still while one of the page's own
dialogs is open.

The tests that reload share nothing; the rest use one page each (conftest's ``page``).
"""
from __future__ import annotations

import json

import helpers as H

# Where each point is drawn: its middle, and its rectangle's top and bottom.
GEOMETRY_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-point]')].map(e => {
  const r = e.getBoundingClientRect(); return [e.dataset.point, {x: r.left + r.width / 2, y: r.top + r.height / 2}];
}))"""

# Record the duration of every Web Animation the board starts (a moved checker's glide).
GLIDES_JS = """() => {
  window.__glides = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, opts) {
    window.__glides.push(typeof opts === 'number' ? opts : (opts && opts.duration));
    return animate.apply(this, arguments);
  };
}"""


def open_settings(page):
    H.open_menu(page)
    page.get_by_role("button", name="Settings", exact=True).click()
    dialog = page.locator("#dlg-settings")
    assert dialog.evaluate("d => d.open")
    return dialog


def reload(page, ready) -> None:
    page.reload()
    ready(page)
    H.wait_for_turn(page)


def test_settings_take_effect_at_once_and_are_remembered(page, base_url, ready):
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    root = page.locator("html")
    assert (root.get_attribute("data-home"), root.get_attribute("data-numbers")) == ("right", "on")
    assert page.locator("#board .pnums").first.is_visible()  # point numbers on the desktop board by default
    geo = page.evaluate(GEOMETRY_JS)
    assert geo["1"]["x"] > geo["12"]["x"] and geo["24"]["x"] > geo["13"]["x"]  # home board on the right
    dialog = open_settings(page)
    assert dialog.get_by_label("Home board on the right").is_checked()
    assert dialog.get_by_label("Animation").input_value() == "normal"
    assert dialog.get_by_label("Sound").is_checked()
    dialog.get_by_label("Home board on the left").check()
    dialog.get_by_label("Animation").select_option("fast")
    dialog.get_by_label("Point numbers on the board").uncheck()
    dialog.get_by_label("Sound").uncheck()
    assert root.get_attribute("data-home") == "left"  # at once, behind the dialog
    dialog.get_by_role("button", name="Close").click()
    assert not page.locator("#board .pnums").first.is_visible()
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "true"
    geo = page.evaluate(GEOMETRY_JS)
    assert geo["1"]["x"] < geo["6"]["x"] < geo["7"]["x"] < geo["12"]["x"]  # the bottom row from the left
    assert geo["24"]["x"] < geo["19"]["x"] < geo["18"]["x"] < geo["13"]["x"]
    assert geo["1"]["y"] > geo["24"]["y"]
    saved = json.loads(page.evaluate("localStorage.getItem('gamao.settings')"))
    assert saved == {"home": "left", "animation": "fast", "numbers": False}
    reload(page, ready)
    assert (root.get_attribute("data-home"), root.get_attribute("data-numbers")) == ("left", "off")
    dialog = open_settings(page)
    assert dialog.get_by_label("Home board on the left").is_checked()
    assert dialog.get_by_label("Animation").input_value() == "fast"
    assert not dialog.get_by_label("Point numbers on the board").is_checked()
    assert not dialog.get_by_label("Sound").is_checked()
    # the language: the page in Portuguese now, and on the next visit without ?lang=
    with page.expect_navigation():
        dialog.get_by_label("Language").select_option("pt")
    ready(page)
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    page.goto(base_url + f"?seed={H.SEED}&clock=0&pace=0")
    ready(page)
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    assert page.get_by_role("button", name="Configurações", exact=True).count() == 1


def test_animation_speed_sets_the_glide(page, base_url, ready):
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    page.evaluate(GLIDES_JS)
    glides = []
    for speed, expect in (("slow", 360), ("instant", None), ("normal", 180)):
        dialog = open_settings(page)
        dialog.get_by_label("Animation").select_option(speed)
        dialog.get_by_role("button", name="Close").click()
        page.evaluate("() => { window.__glides = []; }")
        H.point(page, "8").click()
        H.ring(page, "5").click()
        got = page.evaluate("window.__glides")
        glides.append(got)
        assert got == ([] if expect is None else [expect]), (speed, got)
        page.locator("#btn-undo").click()
    transition = page.evaluate("() => getComputedStyle(document.querySelector('#board .cube')).transitionDuration")
    assert transition != "0s"  # normal: the cube still slides
    open_settings(page).get_by_label("Animation").select_option("instant")
    page.keyboard.press("Escape")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#board .cube')).transitionDuration") == "0s"


def test_reduced_motion_makes_instant_the_default(page, base_url, ready):
    page.emulate_media(reduced_motion="reduce")
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    assert open_settings(page).get_by_label("Animation").input_value() == "instant"


def _play_clockwise_opening(page, by_keyboard: bool) -> None:
    """White's 3-1 opening (8/5 6/5) on the mirrored board, then the rest of the game to its end."""
    if by_keyboard:
        for src, dest in (("8", "5"), ("6", "5")):
            H.point(page, src).focus()
            page.keyboard.press("Enter")
            for _ in range(6):
                if page.evaluate("() => document.activeElement.dataset.dest") == dest:
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        page.keyboard.press("d")
    else:
        for src, dest in (("8", "5"), ("6", "5")):
            H.point(page, src).click()
            H.ring(page, dest).click()
        page.locator("#btn-done").click()


def test_a_clockwise_game_by_clicks_and_by_keyboard(page, base_url, ready):
    page.add_init_script("localStorage.setItem('gamao.settings', JSON.stringify({home: 'left'}))")
    for by_keyboard in (False, True):
        H.open_table(page, base_url, ready)
        page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")  # the last game's end
        H.new_game(page, "bot", "beginner")
        assert H.wait_for_turn(page) == "move"
        geo = page.evaluate(GEOMETRY_JS)
        assert geo["1"]["x"] < geo["12"]["x"]
        _play_clockwise_opening(page, by_keyboard)
        H.wait_for_turn(page)
        c = H.counts(page)
        assert (c["8"], c["6"], c["5"]) == (2, 4, 2), c
        # and on to the end of the game, by the same hands
        for _ in range(3000):
            state = H.wait_for_turn(page)
            if state == "over":
                break
            if not by_keyboard:
                H.play_turn(page)
            elif state in ("roll", "done"):
                page.keyboard.press("r" if state == "roll" else "d")
            elif state == "take":
                page.locator("#btn-take").focus()
                page.keyboard.press("Enter")
            else:
                page.locator("#board [data-movable]").first.focus()
                page.keyboard.press("Enter")
                page.keyboard.press("Enter")
        else:
            raise AssertionError("the game did not end")
        assert page.locator("#over-result").get_attribute("data-result")


def test_the_phone_board_turns_with_the_direction(page, base_url, ready):
    H.resize(page, {"width": 360, "height": 740})
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    geo = page.evaluate(GEOMETRY_JS)
    assert geo["12"]["y"] < geo["1"]["y"] and geo["off"]["y"] > geo["1"]["y"]  # trays at the bottom end
    open_settings(page).get_by_label("Home board on the left").check()
    page.keyboard.press("Escape")
    geo = page.evaluate(GEOMETRY_JS)
    assert geo["off"]["y"] < geo["1"]["y"] < geo["6"]["y"] < geo["bar"]["y"] < geo["7"]["y"] < geo["12"]["y"]
    assert geo["opp-off"]["y"] < geo["24"]["y"] < geo["19"]["y"] < geo["18"]["y"] < geo["13"]["y"]
    assert geo["1"]["x"] < geo["24"]["x"]  # the bottom player's side still the left column
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    H.point(page, "8").click()  # and the rows still take taps
    H.ring(page, "5").click()
    assert H.counts(page)["5"] == 1


def test_the_clock_stands_still_while_a_dialog_of_ours_is_open(page, base_url, ready):
    H.open_table(page, base_url, ready, clock=30)
    H.wait_for_turn(page)
    clock = page.locator("#clock-bottom")
    page.wait_for_function("() => Number(document.getElementById('clock-bottom').dataset.clock) < 30")
    for name, dialog in (("New game", "#dlg-new"), ("History", "#dlg-history"), ("Keys (?)", "#dlg-keys"),
                         ("Settings", "#dlg-settings")):
        H.open_menu(page)
        page.get_by_role("button", name=name, exact=True).first.click()
        assert page.locator(dialog).evaluate("d => d.open")
        before = int(clock.get_attribute("data-clock"))
        page.wait_for_timeout(2500)
        assert int(clock.get_attribute("data-clock")) == before, f"the clock ran behind {name}"
        page.evaluate(f"() => document.querySelector('{dialog}').close()")
        page.wait_for_function(f"() => Number(document.getElementById('clock-bottom').dataset.clock) < {before}",
                               timeout=5000)
    # a dialog that is part of the game (the pass confirmation: an answer the clock may press for) leaves it going
    page.evaluate("() => document.getElementById('dlg-pass').showModal()")
    before = int(clock.get_attribute("data-clock"))
    page.wait_for_function(f"() => Number(document.getElementById('clock-bottom').dataset.clock) < {before}",
                           timeout=5000)
