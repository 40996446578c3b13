"""Issue #7: a whole game on a phone held upright (390x844, touch) played by tapping rows.

The layout in use is checked from the boxes the browser lays out: each of the 24 points is its own row across
the whole board (at least 90% of its width, at least 44 CSS px tall), 24 distinct rows that do not overlap, 24 at
the top down to 1 at the bottom, the checkers of a row side by side; the bar, trays, dice and cube stay on screen
above the buttons while the rows scroll. A long press shows a tooltip. Turned on its side (and on a tablet) the
normal board comes back, scaled.
"""
from __future__ import annotations

import json

import helpers as H

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
BEGINNER = json.dumps({"opponent": "bot", "level": "beginner", "length": 0})
# A practice position with a checker of each side on the bar, 8 of yours on the 6-point (more than a row shows),
# 4 of each side borne off; you are on roll with 3-1 and must enter (24 is blocked, 22 is open). You are the XGID's
# bottom player (upper-case letters), as in GNU Backgammon and eXtreme Gammon.
PRACTICE = "XGID=a----BH-------------g---cA:0:0:1:31:0:0:0:0:10"

# Every point's box, the board's inner box (inside its frame), and the boxes of the strip's cells.
LAYOUT_JS = """() => {
  const board = document.getElementById('board');
  const b = board.getBoundingClientRect(), cs = getComputedStyle(board);
  const inner = {left: b.left + parseFloat(cs.borderLeftWidth), width: board.clientWidth};
  const box = e => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, bottom: r.bottom, right: r.right}; };
  const points = {};
  for (let n = 1; n <= 24; n++) points[n] = box(board.querySelector(`[data-point="${n}"]`));
  const strip = {};
  for (const s of ['bar', 'opp-bar', 'off', 'opp-off']) strip[s] = box(board.querySelector(`[data-point="${s}"]`));
  strip.cube = box(board.querySelector('[data-cube]'));
  strip.dice = box(document.getElementById('dice-area'));
  return {inner, points, strip, controls: box(document.getElementById('controls')),
          scrollWidth: document.documentElement.scrollWidth, innerWidth, innerHeight};
}"""

# The centres of the checkers (or rings) drawn in one slot, in drawing order.
PIECES_JS = """([slot, sel]) => [...document.querySelectorAll(`#board [data-point="${slot}"] :is(${sel})`)].map(e => {
  const r = e.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2, text: e.textContent};
})"""

# The focused row: is the middle of its left end what a finger would touch there (nothing sticky over it)?
FOCUSED_ROW_JS = """() => {
  const e = document.activeElement, r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
  return {slot: e.dataset.point, visible: r.top >= 0 && r.bottom <= innerHeight && !!hit && e.contains(hit)};
}"""


def check_rows(page) -> dict:
    """Assert that each point is its own full-width row, at least 44 px tall, in order 24 (top) .. 1 (bottom)."""
    lay = page.evaluate(LAYOUT_JS)
    inner, pts = lay["inner"], lay["points"]
    for n, r in pts.items():
        assert r["w"] >= 0.9 * inner["width"], f"point {n} is {r['w']} px wide of {inner['width']}"
        assert r["h"] >= 44, f"point {n} is {r['h']} px tall"
        assert r["w"] > 4 * r["h"], f"point {n} is not a row: {r}"
    by_top = sorted(pts, key=lambda n: pts[n]["y"])
    assert [int(n) for n in by_top] == list(range(24, 0, -1)), f"rows in order {by_top}"
    for upper, lower in zip(by_top, by_top[1:]):
        assert pts[lower]["y"] >= pts[upper]["bottom"] - 0.5, f"rows {upper} and {lower} overlap"
    assert len({round(r["y"]) for r in pts.values()}) == 24
    assert lay["scrollWidth"] <= lay["innerWidth"], "the page scrolls sideways"
    return lay


def check_strip_in_reach(page) -> None:
    """Wherever the rows are scrolled, the bar, trays, dice and cube are on screen just above the buttons."""
    for js in ("window.scrollTo(0, 0)",  # the rows scrolled to the top, then down to the last row
               "document.querySelector('#board [data-point=\"1\"]').scrollIntoView({block: 'end'})"):
        page.evaluate(f"() => {js}")
        lay = page.evaluate(LAYOUT_JS)
        controls = lay["controls"]
        assert controls["bottom"] <= lay["innerHeight"] + 1 and controls["y"] >= lay["innerHeight"] / 2
        for name, r in lay["strip"].items():
            if name == "dice" and not r["h"]:
                continue
            assert r["y"] >= lay["innerHeight"] / 2, f"{name} is not in the lower half of the screen: {r}"
            if js.startswith("document"):  # the last row is shown whole, above the strip
                assert r["y"] >= lay["points"]["1"]["bottom"] - 0.5, f"{name} covers the last row: {r}"
            assert r["bottom"] <= controls["y"] + 1, f"{name} is under the buttons: {r}"
    page.evaluate("() => window.scrollTo(0, 0)")


def check_side_by_side(page, slot: str, sel: str = ".checker") -> list:
    pieces = page.evaluate(PIECES_JS, [slot, sel])
    ys = [p["y"] for p in pieces]
    xs = [p["x"] for p in pieces]
    assert max(ys) - min(ys) < 1, f"the pieces of {slot} are not in one line: {pieces}"
    assert xs == sorted(xs) and len(set(round(x) for x in xs)) == len(xs), f"{slot}: not side by side {pieces}"
    return pieces


def tap_turn(page) -> str:
    state = H.wait_for_turn(page)
    if state == "take":
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
    page.locator(selector).scroll_into_view_if_needed()
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


def test_whole_game_on_a_phone_by_tapping_rows(browser, base_url):
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context(**PHONE)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    context.add_init_script(f"localStorage.setItem('gamao.newgame', {json.dumps(BEGINNER)});")
    page = context.new_page()
    guard.watch_page(page)
    try:
        page.goto(H.table_url(base_url))
        wait_ready(page)
        assert H.wait_for_turn(page) == "move"
        check_rows(page)
        check_strip_in_reach(page)
        # the five checkers on the 6-point lie side by side along its row
        assert len(check_side_by_side(page, "6")) == 5
        # Tab through the movable rows (the keyboard on a phone): the focused row is never under the strip
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.locator("#pips-top").focus()
        seen = []
        for _ in range(len(H.movable(page))):
            page.keyboard.press("Tab")
            seen.append(page.evaluate(FOCUSED_ROW_JS))
        assert [s["slot"] for s in seen] == ["24", "13", "8", "6"], seen
        assert all(s["visible"] for s in seen), f"a focused row is hidden behind the strip or the buttons: {seen}"
        page.evaluate("() => document.activeElement.blur()")
        # a tap on a row lifts, a second tap on it puts the checker down
        H.point(page, "6").tap()
        assert sorted(d for d, _ in H.dests(page)) == ["2", "3", "5"]
        rings = check_side_by_side(page, "5", ".checker, .ring")
        assert len(rings) == 1
        H.point(page, "6").tap()
        assert not H.dests(page)
        # a long press on the cube and on your tray shows their tooltips
        assert "Doubling cube" in long_press(context, page, "[data-cube]")
        # The second press starts right after the first finger is lifted (its hide still pending).
        assert long_press(context, page, '#board [data-point="off"]')
        page.wait_for_selector("#tip", state="hidden")  # lifting the finger hides the tip (after 1.5 s)
        for _ in range(2000):
            if tap_turn(page) == "over":
                break
        else:
            raise AssertionError("the game did not end")
        assert page.locator("#over-result").get_attribute("data-result")
        page.locator("#over-close").tap()
        check_rows(page)
        # the bar, a tall stack and the trays in a set-up position: tap the bar in the strip, tap the ring on row 22
        page.locator("#ids summary").tap()
        page.locator("#paste-id").fill(PRACTICE)
        page.locator("#setup-id").tap()
        assert H.wait_for_turn(page) == "move"
        c = H.counts(page)
        assert (c["bar"], c["opp-bar"], c["6"], c["off"], c["opp-off"]) == (1, -1, 8, 4, -4)
        check_rows(page)
        check_strip_in_reach(page)
        shown = check_side_by_side(page, "6")
        assert len(shown) == 5 and shown[-1]["text"] == "8", "a tall stack shows five checkers and its count"
        slices = page.evaluate("""() => [...document.querySelectorAll('#board [data-point="off"] .slice')]
            .map(e => e.getBoundingClientRect().left)""")
        assert len(slices) == 4 and slices == sorted(slices) and len(set(slices)) == 4
        H.point(page, "bar").tap()
        assert "22" in [d for d, _ in H.dests(page)]
        H.ring(page, "22").tap()
        c = H.counts(page)
        assert (c["bar"], c["22"]) == (0, 1)
        # turned on its side (and on a tablet) the normal board comes back, scaled to the screen
        for size in ({"width": 844, "height": 390}, {"width": 1024, "height": 768}):
            page.set_viewport_size(size)
            lay = page.evaluate(LAYOUT_JS)
            assert all(r["h"] > r["w"] for r in lay["points"].values()), "points are rows on a wide screen"
            assert lay["inner"]["width"] <= size["width"]
            assert lay["scrollWidth"] <= size["width"]
        guard.check()
    finally:
        context.close()
