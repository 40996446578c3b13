"""The whole table on one phone screen.

Upright (360x740, 390x844, 412x915, touch) the board is turned a quarter: two columns of 12 rows, each point a
row half the board wide and at least 44 CSS px tall (40 px at 360 px wide), the bar a band across the middle,
the trays at the bottom end. The whole board, both seats (name, pips, clock) and the buttons are inside the
viewport and the page does not scroll, in both languages, with a checker lifted and after a move. On its side
(844x390) the normal board fits the height and shows all 24 points. A whole game is played by taps at 390x844
without the page ever scrolling; a long press shows a tooltip; the bar, a tall stack and the trays work in a
set-up position. The top bar's actions are in a Menu (a popover) that the keyboard opens and Escape closes.
The site says once, quietly, that it works offline, and offers "Install" where the browser offers installing.

Screenshots of each layout and panel go to test-results/screenshots/ (git-ignored).
"""
from __future__ import annotations

import json
import pathlib

import pytest

import helpers as H

SHOTS = pathlib.Path(__file__).resolve().parent.parent / "test-results" / "screenshots"
TOUCH = {"has_touch": True, "is_mobile": True, "device_scale_factor": 1}
UPRIGHT = [(360, 740), (390, 844), (412, 915)]
SIDEWAYS = (844, 390)
BEGINNER = json.dumps({"opponent": "bot", "level": "beginner", "length": 0})
HUMANS = json.dumps({"opponent": "human", "length": 0})
# A practice position with a checker of each side on the bar, 8 of yours on the 6-point (more than a row shows),
# 4 of each side borne off; you are on roll with 3-1 and must enter (24 is blocked, 22 is open). You are the XGID's
# bottom player (upper-case letters), as in GNU Backgammon and eXtreme Gammon.
PRACTICE = "XGID=a----BH-------------g---cA:0:0:1:31:0:0:0:0:10"

# The boxes that matter: every point, the bar, trays, dice and cube, the seats' parts, the buttons, the page.
LAYOUT_JS = """() => {
  const board = document.getElementById('board');
  const box = e => { if (!e || !e.getClientRects().length) return null; const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, bottom: r.bottom, right: r.right}; };
  const points = {};
  for (let n = 1; n <= 24; n++) points[n] = box(board.querySelector(`[data-point="${n}"]`));
  const other = {};
  for (const s of ['bar', 'opp-bar', 'off', 'opp-off']) other[s] = box(board.querySelector(`[data-point="${s}"]`));
  other.cube = box(board.querySelector('[data-cube]'));
  other.dice = box(document.getElementById('dice-area'));
  const seats = {};
  for (const side of ['top', 'bottom'])
    for (const part of ['name', 'pips', 'clock']) seats[`${part}-${side}`] = box(document.getElementById(`${part}-${side}`));
  const buttons = [...document.querySelectorAll('#controls button')].filter(b => !b.hidden).map(box);
  const b = board.getBoundingClientRect();
  return {board: box(board), inner: board.clientWidth, points, other, seats, buttons,
          controls: box(document.getElementById('controls')), menu: box(document.getElementById('btn-menu')),
          scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
          innerWidth, innerHeight};
}"""

# The centres of the checkers (or rings) drawn in one slot, in drawing order.
PIECES_JS = """([slot, sel]) => [...document.querySelectorAll(`#board [data-point="${slot}"] :is(${sel})`)].map(e => {
  const r = e.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2, text: e.textContent};
})"""


def inside(r: dict, lay: dict) -> bool:
    return r["x"] >= -0.5 and r["y"] >= -0.5 and r["right"] <= lay["innerWidth"] + 0.5 \
        and r["bottom"] <= lay["innerHeight"] + 0.5


def check_fits(page, what: str, clock: bool = False, buttons: bool = True) -> dict:
    """Everything of the table on the screen and the page not scrolling, in both directions."""
    lay = page.evaluate(LAYOUT_JS)
    assert lay["scrollHeight"] <= lay["innerHeight"], f"{what}: the page scrolls by {lay['scrollHeight'] - lay['innerHeight']} px"
    assert lay["scrollWidth"] <= lay["innerWidth"], f"{what}: the page scrolls sideways"
    off = [n for n, r in lay["points"].items() if not inside(r, lay)]
    assert not off, f"{what}: points off screen: {off}"
    for name, r in {**lay["other"], **lay["seats"]}.items():
        if r is not None:
            assert inside(r, lay), f"{what}: {name} is off screen: {r}"
    for part in ("name-top", "name-bottom", "pips-top", "pips-bottom"):
        assert lay["seats"][part] is not None, f"{what}: {part} is not shown"
    if clock:  # the clock of the player who acts now
        assert lay["seats"]["clock-bottom"] or lay["seats"]["clock-top"], f"{what}: no clock shown"
    assert lay["buttons"] or not buttons, f"{what}: no button shown"
    for r in lay["buttons"]:
        assert inside(r, lay), f"{what}: a button is off screen: {r}"
        assert r["y"] >= lay["board"]["bottom"] - 0.5 or r["x"] >= lay["board"]["right"] - 0.5, \
            f"{what}: a button is over the board: {r}"
    assert inside(lay["menu"], lay)
    return lay


def check_quarter_turn(lay: dict, min_row: float, what: str) -> None:
    """Two columns of 12 rows: 12..1 down the left, 13..24 down the right, the bar band between 7/6 and 18/19,
    the trays under 1 and 24; each row half the board wide and at least ``min_row`` tall."""
    pts, half = lay["points"], lay["inner"] / 2
    for n, r in pts.items():
        assert r["h"] >= min_row, f"{what}: point {n} is {r['h']:.1f} px tall"
        assert 0.44 * lay["inner"] <= r["w"] <= half + 0.5, f"{what}: point {n} is {r['w']:.1f} px of {lay['inner']}"
        assert r["w"] > 2.5 * r["h"], f"{what}: point {n} is not a row: {r}"
    left, right = [str(n) for n in range(12, 0, -1)], [str(n) for n in range(13, 25)]
    for col in (left, right):
        assert len({round(pts[n]["x"]) for n in col}) == 1, f"{what}: a column is not straight"
        for upper, lower in zip(col, col[1:]):
            assert pts[lower]["y"] >= pts[upper]["bottom"] - 0.5, f"{what}: {upper} is not above {lower}"
    assert pts["1"]["x"] < pts["24"]["x"] and pts["12"]["right"] <= pts["13"]["x"] + 0.5
    for a, b in (("12", "13"), ("7", "18"), ("6", "19"), ("1", "24")):
        assert abs(pts[a]["y"] - pts[b]["y"]) < 1, f"{what}: {a} and {b} are not side by side"
    o = lay["other"]
    for bar in ("bar", "opp-bar"):
        assert o[bar]["y"] >= pts["7"]["bottom"] - 0.5 and o[bar]["bottom"] <= pts["6"]["y"] + 0.5, f"{what}: {bar}"
    assert o["bar"]["x"] < o["opp-bar"]["x"]
    for tray in ("off", "opp-off"):
        assert o[tray]["y"] >= pts["1"]["bottom"] - 0.5, f"{what}: {tray} is not at the bottom end"
    assert o["off"]["x"] < o["opp-off"]["x"], "your tray is under your home board"
    if o["dice"] is not None and o["dice"]["h"]:
        assert o["dice"]["y"] >= pts["7"]["bottom"] - 0.5 and o["dice"]["bottom"] <= pts["6"]["y"] + 0.5


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_context(browser, newgame: str, **extra):
    from conftest import BOOT_TIMEOUT_MS, Guard
    guard = Guard()
    context = browser.new_context(**TOUCH, **extra)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    context.add_init_script(f"localStorage.setItem('gamao.newgame', {json.dumps(newgame)});")
    page = context.new_page()
    guard.watch_page(page)
    return context, page, guard


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_whole_table_fits_every_phone(browser, base_url, lang):
    from conftest import wait_ready
    context, page, guard = open_context(browser, HUMANS, viewport={"width": 390, "height": 844})
    try:
        page.goto(H.table_url(base_url, lang=lang, clock=600))  # a clock, so the seats show it
        wait_ready(page)
        assert H.wait_for_turn(page) == "move"  # White opens with 3-1
        for w, h in UPRIGHT + [SIDEWAYS]:
            page.set_viewport_size({"width": w, "height": h})
            what = f"{w}x{h} {lang}"
            lay = check_fits(page, what, clock=True)
            if h > w:
                check_quarter_turn(lay, 40 if w < 390 else 44, what)
            else:  # the normal board: points are columns, all 24 on screen
                assert all(r["h"] > r["w"] for r in lay["points"].values()), what
            shot(page, f"table-{w}x{h}-{lang}")
            # a checker lifted: its rings on screen, the buttons too
            H.point(page, "6").tap()
            assert sorted(d for d, _ in H.dests(page)) == ["2", "3", "5"]
            check_fits(page, what + " lifted", clock=True)
            rings = page.evaluate(PIECES_JS, ["5", ".ring"]) + page.evaluate(PIECES_JS, ["3", ".ring"])
            assert all(0 <= r["y"] <= h and 0 <= r["x"] <= w for r in rings), rings
            shot(page, f"lifted-{w}x{h}-{lang}")
            H.ring(page, "5").tap()
            assert H.counts(page)["5"] == 1
            check_fits(page, what + " after a move", clock=True)
            page.locator("#btn-undo").tap()
            assert H.counts(page)["5"] == 0 and H.counts(page)["6"] == 5
        guard.check()
    finally:
        context.close()


def check_side_by_side(page, slot: str, sel: str = ".checker", outward: int = 1) -> list:
    """The pieces of ``slot`` in one line, from the outer edge inwards (``outward`` 1: from the left)."""
    pieces = page.evaluate(PIECES_JS, [slot, sel])
    ys = [p["y"] for p in pieces]
    xs = [outward * p["x"] for p in pieces]
    assert max(ys) - min(ys) < 1, f"the pieces of {slot} are not in one line: {pieces}"
    assert xs == sorted(xs) and len(set(round(x) for x in xs)) == len(xs), f"{slot}: not side by side {pieces}"
    return pieces


def tap_turn(page) -> str:
    state = H.wait_for_turn(page)
    if state == "answer":  # the bot offers to resign: declined, so the game is played out
        page.locator("#resign-decline").tap()
    elif state == "take":
        page.locator("#btn-take").tap()
    elif state == "roll":
        page.locator("#btn-roll").tap()
    elif state == "move":
        page.locator("#board [data-movable]").first.tap()
        page.locator("#board [data-dest]").first.tap()
    elif state == "done":
        page.locator("#btn-done").tap()
    return state


def long_press(context, page, selector: str) -> str:
    """Hold a finger on ``selector`` until its tooltip shows; returns the tooltip's text."""
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    text = page.locator(selector).get_attribute("data-tip")
    page.wait_for_function("(text) => { const tip = document.getElementById('tip'); "
                           "return !tip.hidden && tip.textContent === text; }", arg=text)
    # Still held past the 1.5 s hide that the previous press's lift scheduled: that hide was cancelled.
    page.wait_for_timeout(1700)
    assert page.locator("#tip").is_visible() and page.locator("#tip").inner_text() == text
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    return text


def test_whole_game_by_taps_without_scrolling(browser, base_url):
    from conftest import wait_ready
    context, page, guard = open_context(browser, BEGINNER, viewport={"width": 390, "height": 844})
    try:
        page.goto(H.table_url(base_url))
        wait_ready(page)
        assert H.wait_for_turn(page) == "move"
        check_quarter_turn(check_fits(page, "start"), 44, "start")
        # the five checkers on the 6-point lie side by side from the left edge; the 13-point's from the right
        assert len(check_side_by_side(page, "6")) == 5
        assert len(check_side_by_side(page, "13", outward=-1)) == 5
        # a tap on a row lifts, a second tap on it puts the checker down
        H.point(page, "6").tap()
        assert sorted(d for d, _ in H.dests(page)) == ["2", "3", "5"]
        assert len(check_side_by_side(page, "5", ".checker, .ring")) == 1
        H.point(page, "6").tap()
        assert not H.dests(page)
        # a long press on the cube and on your tray shows their tooltips
        assert "Doubling cube" in long_press(context, page, "[data-cube]")
        assert long_press(context, page, '#board [data-point="off"]')
        page.wait_for_selector("#tip", state="hidden")  # lifting the finger hides the tip (after 1.5 s)
        scrolled = []
        for n in range(2000):
            state = tap_turn(page)
            if state == "over":
                break
            if n % 10 == 0:
                scrolled.append(page.evaluate("() => document.documentElement.scrollHeight - innerHeight"))
        else:
            raise AssertionError("the game did not end")
        assert scrolled and max(scrolled) <= 0, f"the page scrolled during the game: {max(scrolled)} px"
        assert page.locator("#over-result").get_attribute("data-result")
        shot(page, "game-over-390x844-en")
        page.locator("#over-close").tap()
        check_fits(page, "after the game", buttons=False)  # nothing to press until a new game
        # the bar, a tall stack and the trays in a set-up position (the IDs are in the menu on a phone)
        page.locator("#btn-menu").tap()
        page.locator("#ids summary").tap()
        page.locator("#paste-id").fill(PRACTICE)
        page.locator("#setup-id").tap()
        assert H.wait_for_turn(page) == "move"
        assert not page.locator("#menu").evaluate("m => m.matches(':popover-open')"), "choosing closes the menu"
        c = H.counts(page)
        assert (c["bar"], c["opp-bar"], c["6"], c["off"], c["opp-off"]) == (1, -1, 8, 4, -4)
        lay = check_fits(page, "practice")
        check_quarter_turn(lay, 44, "practice")
        shown = check_side_by_side(page, "6")
        assert len(shown) == 5 and shown[-1]["text"] == "8", "a tall stack shows five checkers and its count"
        assert shown[-1]["x"] < lay["points"]["6"]["right"] - 10, "the count is on the row"
        slices = page.evaluate("""() => [...document.querySelectorAll('#board [data-point="off"] .slice')]
            .map(e => e.getBoundingClientRect().left)""")
        assert len(slices) == 4 and slices == sorted(slices) and len(set(slices)) == 4
        shot(page, "practice-390x844-en")
        H.point(page, "bar").tap()
        assert "22" in [d for d, _ in H.dests(page)]
        H.ring(page, "22").tap()
        c = H.counts(page)
        assert (c["bar"], c["22"]) == (0, 1)
        guard.check()
    finally:
        context.close()


def test_the_menu_by_keyboard_and_touch(browser, base_url):
    """The Menu button opens the top bar's actions (and the typed move, fingerprint, IDs); Escape closes it and
    focus is back on the button; T opens it to type a move. Each panel it opens gets a screenshot."""
    from conftest import wait_ready
    context, page, guard = open_context(browser, BEGINNER, viewport={"width": 390, "height": 844})
    try:
        page.goto(H.table_url(base_url, lang="pt"))
        wait_ready(page)
        H.wait_for_turn(page)
        menu = page.locator("#menu")
        assert not menu.is_visible() and not page.locator("#btn-new").is_visible()
        button = page.get_by_role("button", name="Menu")
        assert button.get_attribute("aria-expanded") is None or button.get_attribute("aria-expanded") == "false"
        button.focus()
        page.keyboard.press("Enter")
        assert menu.is_visible()
        names = ["Sem som", "Jogar com um amigo", "Novo jogo", "Histórico", "Verificar um jogo", "English",
                 "Teclas (?)"]
        for name in names:
            item = menu.get_by_role("link" if name in ("Verificar um jogo", "English") else "button", name=name,
                                    exact=True)
            box = item.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["height"] >= 40, name
        shot(page, "menu-390x844-pt")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('menu').contains(document.activeElement)")
        page.keyboard.press("Escape")
        assert not menu.is_visible()
        assert page.evaluate("() => document.activeElement.id") == "btn-menu"
        # T: the typed-move field, in the menu on a phone
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("t")
        assert menu.is_visible() and page.evaluate("() => document.activeElement.id") == "typed-move"
        page.keyboard.press("Escape")
        # the panels, opened from the menu by touch
        for opener, dialog, name in (("#btn-new", "#dlg-new", "new-game"), ("#btn-history", "#dlg-history", "history"),
                                     ("#btn-keys", "#dlg-keys", "keys"), ("#btn-peer", "#peer-dialog", "play-a-friend")):
            page.locator("#btn-menu").tap()
            page.locator(opener).tap()
            assert page.locator(dialog).evaluate("d => d.open")
            assert not menu.is_visible()
            if dialog == "#peer-dialog":
                page.wait_for_function("() => document.getElementById('peer-invite').value.length > 0")
                page.locator("#peer-dialog summary").tap()
            box = page.locator(dialog).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{name} is wider than the screen: {box}"
            shot(page, f"{name}-390x844-pt")
            page.evaluate(f"() => document.querySelector('{dialog}').close()")
        guard.check()
    finally:
        context.close()


def test_offline_note_once_and_install_button(browser, base_url):
    """First visit: when the worker has cached the site, "Gamão now works offline" shows (and goes); the next
    visit does not say it again. Where the browser offers installing (beforeinstallprompt), the menu's Install
    button shows and asks the browser's prompt."""
    from conftest import wait_ready
    context, page, guard = open_context(browser, BEGINNER, viewport={"width": 390, "height": 844})
    try:
        page.goto(H.table_url(base_url))
        wait_ready(page)
        page.wait_for_selector("html[data-offline]", state="attached", timeout=60_000)
        note = page.locator("#offline-note")
        assert note.is_visible() and note.inner_text() == "Gamão now works offline."
        assert note.get_attribute("role") == "status"
        shot(page, "offline-note-390x844-en")
        note.tap()
        assert not note.is_visible()
        assert not page.locator("#btn-install").is_visible()
        page.evaluate("""() => { window.asked = 0; const e = new Event('beforeinstallprompt', {cancelable: true});
            e.prompt = async () => { window.asked++; return {outcome: 'accepted'}; }; window.dispatchEvent(e); }""")
        page.locator("#btn-menu").tap()
        install = page.get_by_role("button", name="Install", exact=True)
        assert install.is_visible()
        install.tap()
        assert page.evaluate("() => window.asked") == 1
        assert not install.is_visible()
        page.reload()
        wait_ready(page)
        page.wait_for_selector("html[data-offline]", state="attached", timeout=60_000)
        page.wait_for_timeout(200)
        assert not note.is_visible(), "the offline note is said once"
        guard.check()
    finally:
        context.close()
