"""axe-core finds no WCAG 2.2 A/AA violation on the table's screens (start page, New game dialog,
a checker lifted, a double offered, game over, the verify page) in both languages and both layouts; typed moves.
And on every panel at phone size: the Menu, History, the keys' help, Play a friend (its connection
settings open) and the verify page's results.

axe-core comes from npm (package.json devDependencies, pinned) and is injected by the tests only; the site never
serves it. One page boot per language and layout: every screen is reached from it.
"""
from __future__ import annotations

import pathlib

import pytest

import helpers as H

AXE = pathlib.Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
WORDS = {
    "en": {"new": "New game", "two": "Two people on this device", "start": "Start", "pass": "Pass",
           "yes": "Yes, pass", "history": "History", "keys": "Keys (?)", "friend": "Play a friend",
           "settings": "Settings"},
    "pt": {"new": "Novo jogo", "two": "Duas pessoas neste aparelho", "start": "Começar", "pass": "Recusar",
           "yes": "Sim, recusar", "history": "Histórico", "keys": "Teclas (?)", "friend": "Jogar com um amigo",
           "settings": "Configurações"},
}


def axe_violations(page) -> list:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (tags) => {
      const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
      return r.violations.map(v => `${v.id} (${v.impact}): ${v.help} -> ` +
        v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '));
    }""", TAGS)


def check(page, where: str, found: dict) -> None:
    bad = axe_violations(page)
    if bad:
        found[where] = bad


@pytest.mark.skipif(not AXE.exists(), reason="run `npm ci` for axe-core")
@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("layout", ["desktop", "phone"])
def test_no_axe_violations(browser, base_url, lang, layout):
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context(bypass_csp=True, **(PHONE if layout == "phone" else DESKTOP))
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    w = WORDS[lang]
    found: dict = {}
    try:
        page.goto(H.table_url(base_url, lang=lang))
        wait_ready(page)
        H.wait_for_turn(page)
        check(page, "start page", found)
        if layout == "desktop":  # browser zoom to 200% on a 1280x800 screen: no sideways scrolling
            H.resize(page, {"width": 640, "height": 400})
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
            check(page, "zoom 200%", found)
            H.resize(page, DESKTOP["viewport"])
        if layout == "phone":  # the top bar's Menu and the panels it opens
            H.open_menu(page)
            assert page.locator("#menu").is_visible()
            check(page, "menu", found)
            for name, dialog in ((w["history"], "#dlg-history"), (w["keys"], "#dlg-keys"),
                                 (w["friend"], "#peer-dialog")):
                H.open_menu(page)
                page.get_by_role("button", name=name, exact=True).click()
                assert page.locator(dialog).evaluate("d => d.open")
                if dialog == "#peer-dialog":
                    page.wait_for_function("() => document.getElementById('peer-invite').value.length > 0")
                    page.locator("#peer-dialog summary").click()
                check(page, name, found)
                page.evaluate(f"() => document.querySelector('{dialog}').close()")
        H.open_menu(page)  # the Settings panel, on every layout
        page.get_by_role("button", name=w["settings"], exact=True).click()
        assert page.locator("#dlg-settings").evaluate("d => d.open")
        check(page, "settings", found)
        page.locator("#dlg-settings").get_by_role("radio").last.check()  # the mirrored board
        page.locator("#dlg-settings").get_by_role("button").click()
        check(page, "mirrored board", found)
        H.open_menu(page)
        page.get_by_role("button", name=w["new"], exact=True).first.click()
        assert page.locator("#dlg-new").evaluate("d => d.open")
        check(page, "new game dialog", found)
        page.locator("#form-new").get_by_role("radio").last.check()  # a match: the money-game rules disabled
        check(page, "new game dialog, a match", found)
        page.locator("#form-new").get_by_role("radio").nth(2).check()
        dialog = page.locator("#dlg-new")
        dialog.get_by_label(w["two"]).check()
        dialog.get_by_role("button", name=w["start"]).click()
        # White opens with 3-1: lift a checker.
        assert H.wait_for_turn(page) == "move"
        H.point(page, "6").click()
        assert H.dests(page)
        check(page, "a checker lifted", found)
        H.ring(page, "5").click()
        H.point(page, "8").click()
        H.ring(page, "5").click()
        page.locator("#btn-done").click()
        # Black doubles before rolling.
        assert H.wait_for_turn(page) == "roll"
        page.locator("#btn-double").click()
        assert H.wait_for_turn(page) == "take"
        check(page, "a double offered", found)
        page.get_by_role("button", name=w["pass"], exact=True).click()
        check(page, "pass confirmation", found)
        page.get_by_role("button", name=w["yes"]).click()
        assert H.wait_for_turn(page) == "over"
        check(page, "game over", found)
        page.goto(base_url + f"verify.html?lang={lang}&record=last")  # the game just played, verified
        page.wait_for_selector("#verdict[data-verdict]", state="visible", timeout=60_000)
        check(page, "verify page", found)
        assert not found, "axe violations:\n" + "\n".join(f"{k}: {v}" for k, v in found.items())
        guard.check()
    finally:
        context.close()


# -- typed moves ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def typed_page(browser, base_url):
    context, page, guard = H.open_shared(browser, H.table_url(base_url))
    yield page, guard
    context.close()


def typed(page, text: str) -> str:
    field = page.get_by_label("Type a move")
    field.fill(text)
    field.press("Enter")
    return page.locator("#typed-why").inner_text()


def test_typed_moves_legal_and_illegal(typed_page):
    page, guard = typed_page
    H.fresh_game(page, guard, "bot", "beginner")
    assert H.wait_for_turn(page) == "move"
    before = H.counts(page)
    why = typed(page, "24/21")
    assert why.startswith("That move is not legal with 3-1")
    assert H.counts(page) == before, "a refused typed move changes nothing"
    assert why in page.locator("#announce").inner_text()
    why = typed(page, "banana")
    assert "not a move I can read" in why and "13/8 6/5" in why
    assert H.counts(page) == before
    # half a play by hand, then the whole play typed: it is played from the start of the turn
    H.point(page, "24").click()
    H.ring(page, "23").click()
    why = typed(page, "8/5 6/5")
    assert why == "Played 8/5 6/5."
    c = H.counts(page)
    assert (c["8"], c["6"], c["5"], c["24"]) == (2, 4, 2, 2)
    assert page.locator("#typed-move").input_value() == ""
    assert H.ui_state(page) == "done"
    guard.check()


def test_typed_move_when_not_moving(typed_page):
    page, guard = typed_page
    H.fresh_game(page, guard, "human")
    H.wait_for_turn(page)
    # White opens with 3-1 and plays it typed; then Black must roll first: typing is refused with a reason.
    assert typed(page, "8/5 6/5") == "Played 8/5 6/5."
    page.locator("#btn-done").click()
    assert H.wait_for_turn(page) == "roll"
    assert typed(page, "13/8") == "You cannot move now."
    guard.check()
