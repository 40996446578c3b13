"""Issue #7: a whole game on a phone held upright (390x844, touch) played by tapping rows: the rotated board
is the layout in use and its rows are at least 44 CSS px tall; a long press shows a tooltip."""
from __future__ import annotations

import json

import helpers as H

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
BEGINNER = json.dumps({"opponent": "bot", "level": "beginner", "length": 0})

ROWS_JS = """() => {
  const board = document.getElementById('board');
  const m = new DOMMatrix(getComputedStyle(board).transform);
  const rows = [...board.querySelectorAll('.point')].map(e => e.getBoundingClientRect());
  return {rotated: Math.abs(m.a) < 1e-6 && Math.abs(m.b - 1) < 1e-6,
          minHeight: Math.min(...rows.map(r => r.height)),
          rowsWide: rows.every(r => r.width > 2 * r.height),
          boardWidth: board.getBoundingClientRect().width};
}"""


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
        rows = page.evaluate(ROWS_JS)
        assert rows["rotated"], "the board is not turned into rows"
        assert rows["rowsWide"], "points are not rows"
        assert rows["minHeight"] >= 44, f"rows are {rows['minHeight']} px tall"
        assert rows["boardWidth"] <= 390
        # a tap on a row lifts, a second tap on it puts the checker down
        assert H.wait_for_turn(page) == "move"
        H.point(page, "6").tap()
        assert H.dests(page)
        H.point(page, "6").tap()
        assert not H.dests(page)
        # the buttons are within the screen (the controls stay at the bottom edge)
        box = page.locator("#controls").bounding_box()
        assert box["y"] + box["height"] <= 844 + 1
        # a long press on the cube shows its tooltip
        page.locator("[data-cube]").scroll_into_view_if_needed()
        cube = page.locator("[data-cube]").bounding_box()
        x, y = cube["x"] + cube["width"] / 2, cube["y"] + cube["height"] / 2
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_selector("#tip:not([hidden])")
        assert "Doubling cube" in page.locator("#tip").inner_text()
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        for _ in range(2000):
            if tap_turn(page) == "over":
                break
        else:
            raise AssertionError("the game did not end")
        assert page.locator("#over-result").get_attribute("data-result")
        assert page.evaluate(ROWS_JS)["minHeight"] >= 44
        # turned on its side (and on a tablet) the normal board comes back, scaled to the screen
        for size in ({"width": 844, "height": 390}, {"width": 1024, "height": 768}):
            page.set_viewport_size(size)
            rows = page.evaluate(ROWS_JS)
            assert not rows["rotated"]
            assert rows["boardWidth"] <= size["width"]
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        guard.check()
    finally:
        context.close()
