"""The whole table on the screen of a computer: at the common laptop and desktop sizes the board, both seats, the
dice, the cube and every control of the turn are inside the window with nothing to scroll, and the quiet notes
(the "works offline" note, the update bar) cover none of them.

One booted page (conftest's ``shared``); each size is set with ``helpers.resize``. Every button of the turn is
shown at once (the table shows only those of the moment: showing them all is the most they ever need).
"""
from __future__ import annotations

import pytest

from conftest import wait_ready
import helpers as H

SIZES = [(1024, 768), (1280, 720), (1366, 768), (1440, 900), (1536, 864), (1920, 1080)]
TURN_BUTTONS = ["Roll", "Double", "Resign", "Hint", "Undo", "Done", "Take", "Pass"]

# Show every button of the turn and both notes; then, for each thing that must be seen, whether it is inside the
# window and (for the controls) the thing a pointer would hit at its middle and near each corner.
CHECK_JS = """() => {
  for (const b of document.querySelectorAll('#controls button')) { b.hidden = false; b.disabled = false; }
  document.getElementById('offline-note').hidden = false;
  document.getElementById('update').hidden = false;
  const out = {scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
                        innerWidth, innerHeight], off: [], covered: [], buttons: []};
  const inside = r => r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 &&
                      r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const things = {board: '#board', seatTop: '#seat-top', seatBottom: '#seat-bottom', dice: '#dice-area .die',
                  cube: '#board .cube', status: '#status', notice: '#notice'};
  for (const [name, sel] of Object.entries(things)) {
    const el = document.querySelector(sel);
    if (!el || !inside(el.getBoundingClientRect())) out.off.push(name);
  }
  const controls = [...document.querySelectorAll('#controls button, .top-actions > *')]
    .filter(el => el.checkVisibility());
  for (const el of controls) {
    const name = el.textContent.trim();
    if (el.closest('#controls')) out.buttons.push(name);
    const r = el.getBoundingClientRect();
    if (!inside(r)) { out.off.push(name); continue; }
    const spots = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + 3], [r.right - 3, r.top + 3],
                   [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]];
    for (const [x, y] of spots) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) { out.covered.push(`${name} by ${hit && (hit.id || hit.className)}`); break; }
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def table(shared):
    page, guard = shared
    H.wait_for_turn(page)
    yield page, guard
    H.resize(page, {"width": 1280, "height": 720})


@pytest.mark.parametrize("width,height", SIZES)
def test_the_whole_table_is_on_the_screen_and_nothing_covers_a_control(table, width, height):
    page, guard = table
    H.resize(page, {"width": width, "height": height})
    page.reload()
    wait_ready(page)
    H.wait_for_turn(page)
    assert page.locator("#dice-area[data-dice]").count() == 1  # the opening roll is on the board
    got = page.evaluate(CHECK_JS)
    sw, sh, w, h = got["scroll"]
    assert (sw, sh) == (w, h), f"the page scrolls at {width}x{height}: {sw}x{sh}"
    assert not got["off"], f"off the screen at {width}x{height}: {got['off']}"
    assert not got["covered"], f"covered at {width}x{height}: {got['covered']}"
    assert set(TURN_BUTTONS) <= set(got["buttons"]), got["buttons"]  # every button of the turn was checked
    guard.check()


@pytest.mark.parametrize("width,height", [(1024, 768), (1280, 720)])
def test_opened_panels_beside_the_board_never_push_the_turns_buttons_under_other_controls(table, width, height):
    """The position IDs opened and the practice panel shown: the column beside the board holds more than its
    height, and still every button of the turn keeps its own place, in view and uncovered."""
    page, guard = table
    H.resize(page, {"width": width, "height": height})
    page.reload()
    wait_ready(page)
    H.wait_for_turn(page)
    page.evaluate("""() => { document.getElementById('ids').open = true;
                             document.getElementById('practice').hidden = false; }""")
    got = page.evaluate(CHECK_JS)
    assert not [c for c in got["covered"] if c.split(" by ")[0] in TURN_BUTTONS], got["covered"]
    assert not [o for o in got["off"] if o in TURN_BUTTONS + ["board", "seatTop", "seatBottom"]], got["off"]
    assert set(TURN_BUTTONS) <= set(got["buttons"]), got["buttons"]
    guard.check()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_tables_actions_take_one_line_at_1280(table, lang):
    """At 1280 px the top bar's actions fit on one line in either language, so the board keeps the height a
    second line would take from it."""
    page, guard = table
    H.resize(page, {"width": 1280, "height": 800})
    url = page.url
    page.goto(url.replace("lang=en", f"lang={lang}"))
    wait_ready(page)
    try:
        tops = page.evaluate("""() => [...document.querySelectorAll('.top-actions > *')]
            .filter(el => el.checkVisibility()).map(el => [el.textContent.trim(), el.getBoundingClientRect().top])""")
        assert len(tops) >= 9, tops
        assert len({round(t) for _, t in tops}) == 1, tops
    finally:
        page.goto(url)
        wait_ready(page)
    guard.check()
