"""A whole game against the bot with the keyboard only (not one mouse or touch event), the
announcements read from the live region; the keys' help; no keyboard trap; shortcuts quiet in a field."""
from __future__ import annotations

import json

import pytest

import helpers as H

NO_POINTER_JS = """() => { window.__pointer = 0;
  for (const kind of ['pointerdown', 'mousedown', 'touchstart', 'mouseup', 'pointerup'])
    document.addEventListener(kind, () => { window.__pointer += 1; }, true); }"""

BEGINNER = json.dumps({"opponent": "bot", "level": "beginner", "length": 0})


def announced(page) -> str:
    return page.evaluate("() => document.getElementById('announce').innerText")


def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
      return {id: e.id || '', point: e.dataset ? (e.dataset.point || '') : '', dest: e.dataset ? (e.dataset.dest || '') : '',
              movable: !!(e.hasAttribute && e.hasAttribute('data-movable')), tag: e.tagName}; }""")


def tab_until(page, test, limit: int = 80) -> dict:
    """Press Tab until ``test(focused)`` holds; the focused element's facts."""
    for _ in range(limit):
        f = focused(page)
        if test(f):
            return f
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached the element; last focus {focused(page)}")


def boot_keyboard_page(browser, base_url):
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context()
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    context.add_init_script(f"localStorage.setItem('gamao.newgame', {json.dumps(BEGINNER)});")
    page = context.new_page()
    guard.watch_page(page)
    page.goto(H.table_url(base_url))
    wait_ready(page)
    page.evaluate(NO_POINTER_JS)
    return context, page, guard


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, guard = boot_keyboard_page(browser, base_url)
    yield page, guard
    context.close()


def fresh(shared):
    """A fresh beginner game on the shared page (the same dice as a fresh load), the live region emptied and
    the pointer counter reset (setting the game up clicks)."""
    page, guard = shared
    page.evaluate("() => document.getElementById('announce').replaceChildren()")
    H.fresh_game(page, guard, "bot", "beginner")
    page.evaluate("() => { window.__pointer = 0; document.activeElement && document.activeElement.blur(); }")
    page.evaluate("() => { window.__used = true; }")
    return page, guard


def test_whole_game_by_keyboard_only(shared):
    page, guard = shared
    if page.evaluate("() => window.__used === true"):
        fresh(shared)
    page.evaluate("() => { window.__used = true; }")
    moves = 0
    for _ in range(3000):
        state = H.wait_for_turn(page)
        if state == "over":
            break
        if state == "answer":  # the bot offers to resign: declined by keyboard, so the game is played out
            tab_until(page, lambda f: f["id"] == "resign-decline")
            page.keyboard.press("Enter")
        elif state == "roll":
            page.keyboard.press("r")
        elif state == "done":
            page.keyboard.press("d")
        elif state == "take":
            tab_until(page, lambda f: f["id"] == "btn-take")
            page.keyboard.press("Enter")
        elif state == "move":
            f = tab_until(page, lambda f: f["movable"])
            page.keyboard.press("Enter")  # lift: focus goes to the first place
            lifted = focused(page)
            assert lifted["dest"], f"Enter on {f} did not put focus on a place"
            assert "Lifted a checker from your" in announced(page)
            page.keyboard.press("Enter")  # move there
            moves += 1
    else:
        raise AssertionError("the game did not end")
    text = announced(page)
    assert "Game over." in text
    assert page.evaluate("window.__pointer") == 0, "a pointer event reached the page"
    assert moves > 10
    log = page.evaluate("() => [...document.querySelectorAll('#announce p')].map(p => p.textContent)")
    assert log, "the live region is empty"
    guard.check()


def test_announcements_of_a_turn(shared):
    """The first turn (3-1 for you): the roll, the lifted checker's places, each step in notation and words."""
    page, guard = fresh(shared)
    assert H.wait_for_turn(page) == "move"
    assert page.locator("[data-dice]").get_attribute("data-dice") == "3,1"
    f = tab_until(page, lambda f: f["movable"])
    assert f["point"] == "24", "Tab reaches the mover's back checkers first"
    page.keyboard.press("Tab")
    assert focused(page)["point"] == "13"
    page.keyboard.press("Shift+Tab")
    assert focused(page)["point"] == "24"
    label = page.locator('#board [data-point="13"]').get_attribute("aria-label")
    assert label == "your 13-point, 5 of your checkers, can move"
    label = page.locator('#board [data-point="19"]').get_attribute("aria-label")
    assert label == "your 19-point, 5 of Bot (Beginner)'s checkers"
    page.keyboard.press("ArrowDown")  # arrows also go between movable points
    assert focused(page)["point"] == "13"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert focused(page)["point"] == "6"
    page.keyboard.press("Enter")
    assert ("Lifted a checker from your 6-point. 3 places: your 5-point using 1, your 3-point using 3, "
            "your 2-point using 1+3.") in announced(page)
    page.keyboard.press("Escape")
    assert "Checker put down." in announced(page)
    assert focused(page)["point"] == "6"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # 6/3
    assert "Opening roll: 3 for you" in announced(page)
    assert "You: 6/3, from the 6-point to the 3-point." in announced(page)
    assert focused(page)["movable"], "focus stays on the board after a move"
    page.keyboard.press("u")
    assert "Step taken back." in announced(page)
    # the whole opening by keyboard: 8/5 6/5
    for src, dst in (("8", "5"), ("6", "5")):
        tab_until(page, lambda f, src=src: f["point"] == src)
        page.keyboard.press("Enter")
        tab_until(page, lambda f, dst=dst: f["dest"] == dst)
        page.keyboard.press("Enter")
    page.keyboard.press("d")
    H.wait_for_turn(page)
    text = announced(page)
    assert "Bot (Beginner) rolled" in text
    assert "Bot (Beginner): " in text and "-point" in text
    guard.check()


def test_keys_help_no_trap_and_quiet_in_fields(shared):
    page, guard = fresh(shared)
    start = H.counts(page)
    tab_until(page, lambda f: f["movable"])
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # one step made: U would take it back
    moved = H.counts(page)
    assert moved != start
    page.keyboard.press("?")
    dlg = page.locator("#dlg-keys")
    assert dlg.evaluate("d => d.open")
    assert "undo one step" in dlg.inner_text()
    page.keyboard.press("u")  # letters do nothing behind the help
    assert H.counts(page) == moved
    page.keyboard.press("Escape")
    assert not dlg.evaluate("d => d.open")
    page.keyboard.press("u")  # and work again once it is closed
    assert H.counts(page) != moved
    for _ in range(3):  # the first place may have used both dice (two steps)
        if H.counts(page) != start:
            page.keyboard.press("u")
    assert H.counts(page) == start
    # Tab leaves the board after the last movable point: no trap.
    tab_until(page, lambda f: f["movable"])
    seen = set()
    for _ in range(40):
        page.keyboard.press("Tab")
        f = focused(page)
        if not f["point"]:
            break
        seen.add(f["point"])
    else:
        raise AssertionError("Tab never left the board")
    assert seen == {"13", "8", "6"}
    # typing in the typed-move field: letters are text, not shortcuts
    page.keyboard.press("t")
    assert focused(page)["id"] == "typed-move"
    page.keyboard.type("dur")
    assert page.locator("#typed-move").input_value() == "dur"
    assert H.ui_state(page) == "move"
    # the New game dialog by keyboard: Tab to its button, arrows through the radios, Enter on Start
    page.keyboard.press("Escape")
    page.locator("#typed-move").blur()
    tab_until(page, lambda f: f["id"] == "btn-new")
    page.keyboard.press("Enter")
    assert page.locator("#dlg-new").evaluate("d => d.open")
    tab_until(page, lambda f: f["tag"] == "INPUT")  # the opponent radios
    page.keyboard.press("ArrowDown")  # two people on this device
    tab_until(page, lambda f: f["id"] == "ng-start")
    page.keyboard.press("Enter")
    assert not page.locator("#dlg-new").evaluate("d => d.open")
    H.wait_for_turn(page)
    assert page.locator("#name-top").inner_text() == "Black"
    assert page.evaluate("window.__pointer") == 0
    guard.check()


def test_the_clock_counts_down_aloud(browser, base_url):
    """The live region tells the clock's last seconds (10, 5, ...) on the person's own turn."""
    context, page, guard = H.open_shared(browser, H.table_url(base_url, clock=12))
    try:
        page.wait_for_function("() => document.getElementById('announce').innerText.includes('10 seconds left.')")
        page.wait_for_function("() => document.getElementById('announce').innerText.includes('5 seconds left.')")
        guard.check()
    finally:
        context.close()


def test_double_and_pass_by_keyboard(shared):
    """Two people: White plays, Black doubles with O, White answers Pass in the dialogs by keyboard alone."""
    page, guard = fresh(shared)
    H.new_game(page, "human")
    page.evaluate("() => { window.__pointer = 0; document.activeElement && document.activeElement.blur(); }")
    assert H.wait_for_turn(page) == "move"
    page.get_by_label("Type a move").fill("8/5 6/5")
    page.get_by_label("Type a move").press("Enter")
    page.keyboard.press("Escape")
    page.locator("#typed-move").blur()
    page.keyboard.press("d")
    assert H.wait_for_turn(page) == "roll"
    page.keyboard.press("o")
    assert H.wait_for_turn(page) == "take"
    assert "Black doubles to 2." in announced(page)
    tab_until(page, lambda f: f["id"] == "btn-pass")
    page.keyboard.press("Enter")
    assert page.locator("#dlg-pass").evaluate("d => d.open")
    tab_until(page, lambda f: f["id"] == "pass-yes")
    page.keyboard.press("Enter")
    assert H.wait_for_turn(page) == "over"
    assert "White passes." in announced(page) and "Game over. Black wins 1 point" in announced(page)
    page.keyboard.press("Escape")  # the game-over dialog closes with Escape
    assert not page.locator("#dlg-over").evaluate("d => d.open")
    assert page.evaluate("window.__pointer") == 0
    guard.check()


def test_screen_reader_activation_lifts_and_moves(shared):
    """A screen reader activates a control with a click that has no pointer behind it (``el.click()``)."""
    page, guard = fresh(shared)
    assert H.wait_for_turn(page) == "move"
    H.point(page, "8").evaluate("e => e.click()")
    assert [d for d, _ in H.dests(page)] and focused(page)["dest"]
    H.ring(page, "5").evaluate("e => e.click()")
    c = H.counts(page)
    assert (c["8"], c["5"]) == (2, 1)
    assert "You: 8/5, from the 8-point to the 5-point." in announced(page)
    assert page.evaluate("window.__pointer") == 0
    guard.check()
