"""Hints, and the review of a finished game with its analysis.

One page is shared by the tests (booting is the slow part); the peer check opens two of its own."""
from __future__ import annotations

import json
import pathlib

import pytest

import helpers as H

ROOT = pathlib.Path(__file__).resolve().parent.parent

import bot
import rules


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def open_page(browser, url: str, init: str = ""):
    """As helpers.open_shared, with the CSP bypassed so that axe-core can be injected."""
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context(bypass_csp=True, viewport=DESKTOP)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    guard.watch_page(page)
    page.goto(url)
    wait_ready(page)
    return context, page, guard


def axe_violations(page) -> list:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (tags) => {
      const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
      return r.violations.map(v => `${v.id} (${v.impact}): ${v.help} -> ` +
        v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '));
    }""", TAGS)


def axe_both_layouts(page) -> dict:
    found = {}
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        bad = axe_violations(page)
        if bad:
            found[name] = bad
    page.set_viewport_size(DESKTOP)
    return found


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, guard = open_page(browser, H.table_url(base_url))
    yield context, page, guard
    context.close()


@pytest.fixture
def table(shared):
    context, page, guard = shared
    H.fresh_game(page, guard, "bot", "strong")
    yield page
    guard.check()


def test_hint_shows_the_bots_top_play_and_the_record_notes_it(table):
    page = table
    assert H.wait_for_turn(page) == "move"            # this seed: the person opens with 3-1
    hint = page.locator("#btn-hint")
    assert hint.is_visible() and hint.text_content() == "Hint"
    page.keyboard.press("h")
    panel = page.locator("#hint")
    page.wait_for_function("document.querySelector('#hint').dataset.best")
    best = panel.get_attribute("data-best")
    start = rules.Position.initial().to_id()
    assert best == bot.choose(start, (3, 1), "strong")
    items = panel.locator("li")
    assert items.count() == 3 and items.first.text_content().startswith("8/5 6/5")
    # the best play is marked on the board: from the 8 and the 6 to the 5
    marked = page.evaluate("""() => ({from: [...document.querySelectorAll('.hint-from')].map(e => e.dataset.point),
                                      to: [...document.querySelectorAll('.hint-to')].map(e => e.dataset.point)})""")
    assert sorted(marked["from"]) == ["6", "8"] and marked["to"] == ["5"]
    record = page.evaluate("() => JSON.parse(localStorage.getItem('gamao.table')).record")
    assert record["games"][0]["hints"] == [1, 0]
    # moving a checker makes the advice stale: it goes away
    H.point(page, "8").click()
    H.ring(page, "5").click()
    page.wait_for_selector("#hint", state="hidden")
    assert page.locator(".hint-from").count() == 0
    # and its answer with it: the next hint's answer is not to be confused with this one's
    assert page.locator("#hint").get_attribute("data-best") is None
    assert page.locator("#hint").get_attribute("data-kind") is None


def test_the_tables_position_analysed_from_the_top_bar(table):
    page = table
    assert H.wait_for_turn(page) == "move"            # this seed: the person opens with 3-1
    xgid = page.locator("#xgid").text_content()
    page.get_by_role("button", name="Analyse a position", exact=True).click()
    want = H.position_analysed(page, xgid)
    view = page.locator("[data-position-view]")
    rows = page.locator("[data-position-view] [data-candidate]")
    assert rows.count() == len(want) and rows.first.get_attribute("data-play") == want[0]["play"]
    # the plays scroll beside the board, which stays in view (on the last play, the rollout's panel below it)
    page.evaluate("() => { const d = document.querySelector('#dlg-position'); d.scrollTop = d.scrollHeight; }")
    assert page.evaluate("document.querySelector('#dlg-position').scrollTop") > 200
    board = page.locator("[data-position-view] .study-board").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= DESKTOP["height"], board
    page.locator("#position-close").click()
    view.wait_for(state="hidden")
    assert H.ui_state(page) == "move"                 # the table as it was


def test_hint_before_rolling_is_cube_advice_with_two_people(shared):
    context, page, guard = shared
    H.fresh_game(page, guard, "human")
    assert H.wait_for_turn(page) == "move"
    H.play_by_clicks(page, ("8", "5"), ("6", "5"))
    assert H.wait_for_turn(page) == "roll"
    page.locator("#btn-hint").click()
    page.wait_for_function("document.querySelector('#hint').dataset.best")
    assert page.locator("#hint").get_attribute("data-best") == "no_double"
    assert page.locator("#hint").get_attribute("data-kind") == "double"
    guard.check()


BOARD_JS = """() => Object.fromEntries([...document.querySelectorAll('[data-review] [data-point]')]
    .map(e => [e.dataset.point, Number(e.dataset.count)]))"""
ARROWS_JS = """kind => [...document.querySelectorAll(`[data-review] [data-arrow][data-kind=${kind}]`)]
    .map(a => [a.dataset.from, a.dataset.to, a.hasAttribute('data-hit')])"""
CURRENT_JS = """() => [...document.querySelectorAll('[data-review] [data-decision][aria-current]')].map(e => e.dataset.i)"""


def short_game(page) -> None:
    """Two people: White opens 3-1, Black rolls and plays, White doubles, Black passes."""
    H.new_game(page, "human")
    assert H.wait_for_turn(page) == "move"
    H.play_by_clicks(page, ("8", "5"), ("6", "5"))
    assert H.wait_for_turn(page) == "roll"
    page.locator("#btn-roll").click()
    while H.wait_for_turn(page) == "move":
        H.click_first_move(page)
    page.locator("#btn-done").click()
    assert H.wait_for_turn(page) == "roll"
    page.locator("#btn-double").click()
    assert H.wait_for_turn(page) == "take"
    page.locator("#btn-pass").click()
    page.locator("#pass-yes").click()
    page.wait_for_selector("#dlg-over[open]")


def expect_item(page, items, i: int) -> None:
    """The review shows decision ``i``: its board before the decision, its dice, the play made as arrows, and the
    list's ``aria-current`` on it."""
    page.wait_for_function(f"document.querySelector('[data-review]').dataset.step === '{i}'")
    it = items[i]
    assert page.evaluate(BOARD_JS) == it.counts, i
    assert page.evaluate(CURRENT_JS) == [str(i)]
    dice = page.locator("[data-review] [data-dice]")
    if it.dice:
        assert dice.get_attribute("data-dice") == f"{it.dice[0]},{it.dice[1]}"
    else:
        assert dice.count() == 0
    assert page.evaluate(ARROWS_JS, "played") == [list(s) for s in it.steps]


from ui.i18n import Texts  # noqa: E402

EN = Texts("en")


def said(page) -> str:
    return page.locator("#announce").text_content()


def test_a_game_reviewed_by_keyboard_only_with_its_analysis_and_axe(shared):
    from ui import review as R
    context, page, guard = shared
    page.evaluate("localStorage.removeItem('gamao.history'); localStorage.removeItem('gamao.analysis')")
    H.fresh_game(page, guard, "human")
    short_game(page)
    record = page.evaluate("() => JSON.parse(localStorage.getItem('gamao.last-record'))")
    items = R.items(record)
    assert [it.kind for it in items] == ["play", "play", "double", "pass"]
    # from the game-over dialog by keyboard: the review fills the page, over the table
    page.locator("#over-review").focus()
    page.keyboard.press("Enter")
    view = page.locator("[data-review]")
    view.wait_for(state="visible")
    assert not page.locator("#dlg-over").evaluate("d => d.open")
    box = view.bounding_box()
    assert box["width"] >= 1200 and box["height"] >= 780
    assert page.locator("[data-review] [data-point]").count() == 28
    # the table's point numbers on the board's frame, and the board with the steps' buttons on one screen
    numbers = page.locator("[data-review] .pnums span")
    assert numbers.all_text_contents() == [str(n) for n in (*range(13, 19), *range(12, 6, -1), *range(19, 25),
                                                            *range(6, 0, -1))]
    assert numbers.first.is_visible()
    board = page.locator("[data-review] .study-board").bounding_box()
    assert board["width"] >= 600 and board["y"] + board["height"] <= DESKTOP["height"]
    last_row = page.locator("#review-next-error").bounding_box()
    assert last_row["y"] + last_row["height"] <= DESKTOP["height"], last_row
    expect_item(page, items, 0)
    assert "8/5 6/5" in said(page)
    # the list is in the tab order at the shown decision; the arrows step, Home and End jump
    page.locator("[data-review] [data-decision][aria-current]").focus()
    for i in range(1, len(items)):
        page.keyboard.press("ArrowRight")
        expect_item(page, items, i)
        assert page.evaluate("document.activeElement.dataset.i") == str(i)   # focus follows in the list
    page.keyboard.press("ArrowRight")                                        # past the end: stays
    expect_item(page, items, len(items) - 1)
    assert said(page).endswith(R.item_text(items[-1], R.names(record, EN), EN))   # said to a screen reader
    page.keyboard.press("Home")
    expect_item(page, items, 0)
    page.keyboard.press("End")
    expect_item(page, items, len(items) - 1)
    page.keyboard.press("ArrowLeft")
    expect_item(page, items, len(items) - 2)
    # N with no analysis: said, and the review stays
    page.keyboard.press("n")
    assert page.locator("#review-analysis-status").text_content() == "Analyse the game to find its errors."
    expect_item(page, items, len(items) - 2)
    # the analysis, by keyboard
    page.locator("#review-analyse").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-review]').dataset.analysed === 'quick'", timeout=120_000)
    assert "Analysis done" in page.locator("#review-analysis-status").text_content()
    analysis = json.loads(page.evaluate("localStorage.getItem('gamao.analysis')")).popitem()[1]["quick"]
    R.join(items, analysis)
    marks = page.evaluate("() => [...document.querySelectorAll('[data-review] [data-decision]')].map(e => e.dataset.mark)")
    assert marks == [it.mark for it in items]
    words = {"none": "", "doubtful": "doubtful", "bad": "bad", "very-bad": "very bad"}
    for i, it in enumerate(items):
        text = page.locator(f"[data-review] [data-decision][data-i='{i}']").text_content()
        assert words[it.mark] in text and f"{it.loss:.3f}" in text
    # the graph: labelled axes, a point per analysed decision coloured by its mark
    graph = page.locator("[data-review] svg[data-graph]")
    axis = graph.locator("text").all_text_contents()
    assert {"0%", "50%", "100%"} <= set(axis) and "Turn" in axis and "Equity lost" in axis
    points = graph.locator("circle[data-i]")
    with_chances = [str(i) for i, it in enumerate(items) if any("chances" in d for d in it.analysed)]
    assert [points.nth(k).get_attribute("data-i") for k in range(points.count())] == with_chances
    assert page.locator("[data-review] svg[data-graph] line.mid").count() == 1
    # N and P: the errors of either player, in order
    errors = [i for i, it in enumerate(items) if it.mark != "none"]
    assert errors, [it.mark for it in items]
    page.locator("[data-review] [data-decision][aria-current]").focus()
    page.keyboard.press("Home")
    expect_item(page, items, 0)
    for i in errors:
        page.keyboard.press("n")
        expect_item(page, items, i)
        assert "Lost" in said(page)
    if len(errors) > 1:
        page.keyboard.press("p")
        expect_item(page, items, errors[-2])
    # the graph's points: Tab reaches the shown one, Enter on another goes there, its tooltip says what it is
    points.first.focus()
    tip = page.locator("[data-review] #tip")
    tip.wait_for(state="visible")
    assert tip.text_content() == points.first.get_attribute("aria-label") and "to win" in tip.text_content()
    page.keyboard.press("Enter")
    expect_item(page, items, int(with_chances[0]))
    points.last.hover()                                  # and on hover
    page.wait_for_function("document.querySelector('#tip').textContent.includes('turn 3')")
    # "Show the best play": the best play's arrows beside the play made (on a play whose best differs)
    best_at = next((i for i, it in enumerate(items) if R.best_steps(it)), None)
    page.keyboard.press("Home")
    if best_at is not None:
        for _ in range(best_at):
            page.keyboard.press("ArrowRight")
        expect_item(page, items, best_at)
        page.locator("#review-show-best").focus()
        page.keyboard.press("Enter")
        assert page.locator("#review-show-best").get_attribute("aria-pressed") == "true"
        assert page.evaluate(ARROWS_JS, "best") == [list(s) for s in R.best_steps(items[best_at])]
        assert page.evaluate(ARROWS_JS, "played") == [list(s) for s in items[best_at].steps]
        page.keyboard.press("Enter")
        assert page.locator("[data-review] [data-arrow][data-kind=best]").count() == 0
    found = axe_both_layouts(page)
    assert not found, found
    # Escape closes it; reopened from the History (by keyboard), the stored analysis is there at once
    page.keyboard.press("Escape")
    view.wait_for(state="hidden")
    page.locator("#btn-history").click()
    entry = page.locator("#dlg-history [data-review-entry]").first
    entry.focus()
    page.keyboard.press("Enter")
    view.wait_for(state="visible")
    assert view.get_attribute("data-analysed") == "quick"
    assert page.locator("[data-review] svg[data-graph] circle").count() == len(with_chances)
    assert view.get_attribute("data-running") is None
    page.locator("#review-close").click()
    guard.check()


from test_peer import _connect, peer_context  # noqa: E402,F401  (the fixture too)


def test_no_hint_in_a_peer_game(peer_context, new_page, base_url):  # noqa: F811
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    # one of the two is to act now (with a hint, were it allowed)
    host.wait_for_function("document.querySelector('[data-dice]') !== null")
    for _ in range(240):  # (the opening roll's exchange, slow when both test workers load the machine)
        if {H.ui_state(host), H.ui_state(guest)} != {"wait"}:
            break
        host.wait_for_timeout(250)
    assert {H.ui_state(host), H.ui_state(guest)} != {"wait"}
    for page in (host, guest):
        assert page.locator("#btn-hint").is_hidden()
        page.keyboard.press("h")
    host.wait_for_timeout(500)
    for page in (host, guest):
        assert page.locator("#hint").is_hidden()
        assert page.locator("#hint li").count() == 0
    # nor is the table's position analysed: the view opens, says why, and analyses nothing
    host.get_by_role("button", name="Analyse a position", exact=True).click()
    host.locator("[data-position-view]").wait_for(state="visible")
    assert "no hints" in host.locator("#position-status").text_content()
    assert host.get_by_label("Position to analyse").input_value() == ""
    assert host.locator("[data-position-view] [data-candidate], [data-cube-action]").count() == 0
    host.locator("#position-close").click()


LONGTASKS = """window.__longtasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
  .observe({type: 'longtask', buffered: true});"""


def sixty_decision_record() -> dict:
    """A game of the intermediate bot against the beginner with about 60 analysed decisions."""
    import game
    from bot import analysis
    for seed in range(1, 200):
        table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0), now=0)
        game.drive_bots(table, now=0)
        record = table.record()
        n = sum(len(g["decisions"]) for g in analysis.analyse_record(record, "quick")["games"])
        if 56 <= n <= 64:
            return record
    raise AssertionError("no game of about 60 decisions")


def test_review_from_the_verify_page_in_portuguese_with_the_figures(browser, base_url):
    import json
    import time
    record = sixty_decision_record()
    context, page, guard = open_page(browser, base_url + "verify.html?lang=pt", init=LONGTASKS)
    try:
        page.locator("#record-text").fill(json.dumps(record))
        page.locator("#verify-button").click()
        link = page.locator("#verify-review")
        link.wait_for(state="visible")
        assert link.text_content().startswith("Revisar este jogo")
        link.click()
        from conftest import wait_ready
        wait_ready(page)
        page.wait_for_selector("#dlg-review[open]")
        assert page.locator("#review-title").text_content() == "Revisão"
        assert page.locator("#review-step").text_content().startswith("Jogo 1")
        page.wait_for_function("document.documentElement.dataset.botWorker")  # the worker is up: time the work
        # a deep analysis cancelled after its first steps: nothing kept, the button ready again
        page.locator("#review-depth").select_option("deep")
        page.locator("#review-analyse").click()
        page.wait_for_function("Number(document.querySelector('#review-progress').value) >= 1", timeout=300_000)
        page.locator("#review-cancel").click()
        page.wait_for_function("!document.querySelector('#dlg-review').dataset.running", timeout=300_000)
        assert page.locator("#review-analysis-status").text_content() == "Análise cancelada."
        assert page.locator("#dlg-review").get_attribute("data-analysed") == ""
        assert page.locator("#review-analyse").is_enabled() and page.locator("#review-cancel").is_hidden()
        figures = {}
        for level in ("quick", "deep"):
            page.locator("#review-depth").select_option(level)
            page.evaluate("window.__longtasks = []")
            t0 = time.perf_counter()
            page.locator("#review-analyse").click()
            page.wait_for_function(f"document.querySelector('#dlg-review').dataset.analysed === '{level}'",
                                   timeout=300_000)
            figures[level] = (time.perf_counter() - t0, max(page.evaluate("window.__longtasks") or [0]))
        total = sum(len(g["decisions"]) for g in json.loads(page.evaluate(
            "localStorage.getItem('gamao.analysis')")).popitem()[1]["deep"]["games"])
        print(f"\nanalysis in Pyodide of a {total}-decision game: quick {figures['quick'][0]:.1f} s "
              f"(longest main-thread task {figures['quick'][1]:.0f} ms), deep {figures['deep'][0]:.1f} s "
              f"(longest main-thread task {figures['deep'][1]:.0f} ms)")
        assert "Análise concluída" in page.locator("#review-analysis-status").text_content()
        assert page.locator("#review-graph svg circle[data-i]").count() >= 40
        page.locator("#review-graph circle.mark-very-bad, #review-graph circle.mark-bad").first.click()
        assert page.locator("#review-decision .mark").first.text_content()
        # the best play beside the one made (at a marked checker play): its arrows, then off again
        marked = page.locator("#review-graph circle.mark-very-bad, #review-graph circle.mark-bad")
        for k in range(marked.count()):
            marked.nth(k).click()
            if page.locator("#review-show-best").is_enabled():
                break
        page.locator("#review-show-best").click()
        assert page.locator("#review-show-best").get_attribute("aria-pressed") == "true"
        assert page.locator("[data-review] [data-arrow][data-kind=best]").count() >= 1
        page.locator("#review-show-best").click()
        assert page.locator("[data-review] [data-arrow][data-kind=best]").count() == 0
        # the analysis exported as JSON: the stored result
        with page.expect_download() as download:
            page.locator("#review-export").click()
        exported = json.loads(pathlib.Path(download.value.path()).read_text())
        assert exported["format"] == "gamao-analysis" and exported["level"] == "deep"
        assert sum(len(g["decisions"]) for g in exported["games"]) == total
        found = axe_both_layouts(page)
        assert not found, found
        # the game behind the review (a new one, the person to move) waited: its clock did not run meanwhile
        page.locator("#review-close").click()
        page.wait_for_selector("#clock-bottom[data-clock]", state="attached")
        assert int(page.locator("#clock-bottom").get_attribute("data-clock")) >= 40
        guard.check()
    finally:
        context.close()
