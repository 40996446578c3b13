"""The table follows the person's display settings: prefers-reduced-motion (nothing moves: no checker
animation, no transition), forced-colors (Windows high contrast: the sides still differ by shape, the points,
the lifted checker, its places, the movable marks and the focus ring stay visible in system colours) and browser
zoom to 200% (a 1280x800 window at 200% is a 640x400 CSS viewport: no sideways scrolling, every control
reachable by vertical scrolling, in the page and in the New game dialog).

One booted page (conftest's ``shared``) serves every test: the settings are switched with ``emulate_media`` and
``helpers.resize``, a new game is started through the New game dialog.
"""
from __future__ import annotations

import pytest

import helpers as H

DESKTOP = {"width": 1280, "height": 720}

# Count the Web Animations the page starts (the board animates a moved checker with Element.animate).
COUNT_ANIMATIONS_JS = """() => {
  if (window.__animations === undefined) {
    window.__animations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__animations++; return animate.apply(this, args); };
  }
  return window.__animations;
}"""

# The longest transition and animation (seconds) of each kind of moving thing on the table now.
MOTION_JS = """() => {
  const secs = v => Math.max(...v.split(',').map(s => parseFloat(s) * (s.trim().endsWith('ms') ? 0.001 : 1)));
  const kinds = {checker: '#board .checker', die: '#board .die', ring: '#board .ring', cube: '#board .cube',
                 dialog: 'dialog[open]', tip: '#tip'};
  const out = {};
  for (const [kind, sel] of Object.entries(kinds)) {
    const els = [...document.querySelectorAll(sel)];
    if (!els.length) continue;
    out[kind] = Math.max(...els.map(e => { const cs = getComputedStyle(e);
      return Math.max(secs(cs.transitionDuration), cs.animationName === 'none' ? 0 : secs(cs.animationDuration)); }));
  }
  return out;
}"""

# What a system colour keyword resolves to now.
SYSTEM_COLOUR_JS = """(name) => {
  const probe = document.createElement('span'); probe.style.color = name; document.body.appendChild(probe);
  const colour = getComputedStyle(probe).color; probe.remove(); return colour;
}"""

# The looks that must survive forced colours.
FORCED_JS = """() => {
  const cs = (sel, pseudo) => { const e = document.querySelector(sel); return e && getComputedStyle(e, pseudo); };
  const pick = (s, ...keys) => s && Object.fromEntries(keys.map(k => [k, s[k]]));
  return {
    adjust: cs('#board').forcedColorAdjust,
    topMark: pick(cs('#board .checker.top', '::after'), 'content', 'borderTopStyle', 'borderTopWidth', 'borderTopColor'),
    bottomMark: pick(cs('#board .checker.bottom', '::after'), 'content'),
    topChecker: pick(cs('#board .checker.top'), 'backgroundImage', 'forcedColorAdjust'),
    pointA: cs('#board [data-point="1"]', '::before').backgroundColor,
    pointB: cs('#board [data-point="2"]', '::before').backgroundColor,
    felt: cs('#board .half').backgroundImage,
    movable: pick(cs('#board [data-movable]', '::after'), 'content', 'backgroundColor'),
  };
}"""

# Every control of the page (or of ``root``) that is shown: scrolled into view, is it inside the viewport and
# the thing a finger or pointer would hit there? Returns the ones that are not.
REACH_JS = """(rootSel) => {
  const root = document.querySelector(rootSel);
  const sel = 'button, a[href], summary, input:not([type=hidden]), select, textarea';
  const bad = [], seen = [];
  for (const el of root.querySelectorAll(sel)) {
    if (!el.checkVisibility() || el.closest('dialog:not([open])')) continue;  // (not in a closed <details>)
    if (rootSel === 'body' && el.closest('dialog')) continue;
    seen.push(el.id);
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 8), y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const inside = r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
    if (!inside || !hit || !(hit === el || el.contains(hit) || (el.tagName === 'INPUT' && hit.tagName === 'LABEL' && hit.contains(el))))
      bad.push(`${el.tagName}#${el.id} "${(el.textContent || el.value || '').trim().slice(0, 30)}" at ` +
               `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} hit ${hit && hit.tagName}#${hit && hit.id}`);
  }
  return {checked: seen.length, bad, seen, scrollX: window.scrollX};
}"""


@pytest.fixture
def table(shared):
    """The shared page in the default settings, after the test: no emulated media, desktop size."""
    page, guard = shared
    yield page, guard
    page.emulate_media(reduced_motion="no-preference", forced_colors="none")
    H.resize(page, DESKTOP)
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    page.keyboard.press("Escape")
    guard.check()


def open_first_turn(page, guard) -> None:
    """A new game against the beginner bot; the seed gives you 3-1 to play."""
    H.fresh_game(page, guard, "bot", "beginner")
    assert H.wait_for_turn(page) == "move"


def play_opening_and_let_the_bot_move(page) -> None:
    """8/5 6/5 by clicking, Done, and wait for the bot's turn to end."""
    page.keyboard.press("Escape")  # put down a checker lifted before
    H.point(page, "6").click()
    H.ring(page, "5").click()
    H.point(page, "8").click()
    H.ring(page, "5").click()
    page.locator("#btn-done").click()
    assert H.wait_for_turn(page) in ("roll", "move")


def test_reduced_motion_stops_every_animation(table):
    page, guard = table
    page.emulate_media(reduced_motion="no-preference")
    open_first_turn(page, guard)
    start = page.evaluate(COUNT_ANIMATIONS_JS)
    H.point(page, "6").click()
    motion = page.evaluate(MOTION_JS)
    assert {"checker", "die", "ring", "cube"} <= set(motion)
    assert max(motion.values()) > 0, f"nothing would move even without reduced motion: {motion}"
    play_opening_and_let_the_bot_move(page)
    assert page.evaluate(COUNT_ANIMATIONS_JS) > start, "moved checkers are animated when motion is fine"

    page.emulate_media(reduced_motion="reduce")
    open_first_turn(page, guard)
    start = page.evaluate(COUNT_ANIMATIONS_JS)
    H.point(page, "6").click()
    motion = page.evaluate(MOTION_JS)
    assert {"checker", "die", "ring", "cube"} <= set(motion)
    assert all(v == 0 for v in motion.values()), f"things still move under reduced motion: {motion}"
    play_opening_and_let_the_bot_move(page)  # your moves and the bot's, checker by checker
    assert page.evaluate(COUNT_ANIMATIONS_JS) == start, "a checker was animated under reduced motion"
    page.get_by_role("button", name="New game", exact=True).first.click()
    motion = page.evaluate(MOTION_JS)
    assert motion.get("dialog") == 0 and all(v == 0 for v in motion.values()), motion
    page.locator("#ng-cancel").click()


def test_forced_colours_keep_the_board_readable(table):
    page, guard = table
    page.emulate_media(forced_colors="active")
    open_first_turn(page, guard)
    highlight = page.evaluate(SYSTEM_COLOUR_JS, "Highlight")
    canvas = page.evaluate(SYSTEM_COLOUR_JS, "Canvas")
    assert highlight != canvas
    looks = page.evaluate(FORCED_JS)
    # the board keeps its own colours: the felt, the two colours of points, the checkers' faces
    assert looks["adjust"] == "none"
    assert "gradient" in looks["felt"]
    assert looks["pointA"] != looks["pointB"] and canvas not in (looks["pointA"], looks["pointB"])
    assert "gradient" in looks["topChecker"]["backgroundImage"]
    # the two sides differ by shape: the top player's checkers carry a ring mark, the bottom player's none
    mark = looks["topMark"]
    assert mark["content"] != "none" and mark["borderTopStyle"] == "solid" and float(mark["borderTopWidth"][:-2]) >= 2
    assert "rgba(0, 0, 0, 0)" not in mark["borderTopColor"]
    assert looks["bottomMark"]["content"] == "none"
    # the movable points' marks, the lifted checker and its places are drawn in the system's highlight colour
    assert looks["movable"]["content"] != "none" and looks["movable"]["backgroundColor"] == highlight
    H.point(page, "6").click()
    lifted = page.evaluate("""() => { const s = getComputedStyle(document.querySelector(
        '#board .lifted .checker:last-of-type')); return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }""")
    assert lifted[0] == "solid" and float(lifted[1][:-2]) >= 2 and lifted[2] == highlight, lifted
    rings = page.evaluate("""() => [...document.querySelectorAll('#board [data-dest]')].map(e => {
        const s = getComputedStyle(e); return [s.borderTopColor, s.borderTopWidth, s.backgroundColor]; })""")
    assert len(rings) == 3
    for border, width, _background in rings:
        assert border == highlight and float(width[:-2]) >= 3, rings
    page.keyboard.press("Escape")
    # the focus ring: on a point reached by Tab, and on a button
    page.locator("#pips-top").focus()
    page.keyboard.press("Tab")
    ring = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return [e.dataset.point, e.matches(':focus-visible'), s.outlineStyle, s.outlineWidth, s.outlineColor]; }""")
    assert ring[0] in H.movable(page) and ring[1], ring
    assert ring[2] == "solid" and float(ring[3][:-2]) >= 2 and ring[4] == highlight, ring
    page.locator("#typed-move").focus()
    page.keyboard.press("Tab")
    ring = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return [e.tagName, e.matches(':focus-visible'), s.outlineStyle, s.outlineWidth, s.outlineColor]; }""")
    assert ring[0] == "BUTTON" and ring[1] and ring[2] == "solid" and ring[4] == highlight, ring
    # on a phone held upright the rows keep their triangles and numbers
    H.resize(page, {"width": 390, "height": 844})
    row = page.evaluate("""() => { const e = document.querySelector('#board [data-point="13"]');
        return [getComputedStyle(e).backgroundImage, getComputedStyle(e, '::before').content]; }""")
    assert "linear-gradient" in row[0] and row[1] == '"13"', row


def test_zoom_200_percent_no_sideways_scrolling_every_control_reachable(table):
    page, guard = table
    open_first_turn(page, guard)
    H.resize(page, {"width": 640, "height": 400})  # a 1280x800 window at 200% zoom
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    reach = page.evaluate(REACH_JS, "body")  # the table's own controls (the short screen's Menu closed)
    # the top bar's actions, the typed move and the IDs' controls are in the Menu on so short a screen
    H.open_menu(page)
    page.locator("#ids summary").click()
    assert page.locator("#setup-id").is_visible()
    in_menu = page.evaluate(REACH_JS, "#menu")
    assert reach["checked"] + in_menu["checked"] >= 15, (reach, in_menu)
    ids_controls = {"copy-gnubg", "copy-xgid", "paste-id", "setup-id"}
    assert ids_controls <= set(reach["seen"] + in_menu["seen"]), "the IDs' controls were not all checked"
    bad = reach["bad"] + in_menu["bad"]
    assert not bad, "controls out of reach at 200% zoom:\n" + "\n".join(bad)
    assert reach["scrollX"] == 0
    page.locator("#ids summary").click()
    # the New game dialog is taller than the screen: its controls are reached by scrolling inside it
    page.get_by_role("button", name="New game", exact=True).first.click()
    reach = page.evaluate(REACH_JS, "#dlg-new")
    assert reach["checked"] >= 9, reach
    assert not reach["bad"], "New game dialog controls out of reach at 200% zoom:\n" + "\n".join(reach["bad"])
    page.locator("#ng-cancel").click()
