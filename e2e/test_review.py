"""Hints, and the review of a finished game with its analysis.

One page is shared by the tests (booting is the slow part); the peer check opens two of its own."""
from __future__ import annotations

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


def test_hint_before_rolling_is_cube_advice_with_two_people(shared):
    context, page, guard = shared
    H.fresh_game(page, guard, "human")
    assert H.wait_for_turn(page) == "move"
    H.point(page, "8").click()
    H.ring(page, "5").click()
    H.point(page, "6").click()
    H.ring(page, "5").click()
    page.locator("#btn-done").click()
    assert H.wait_for_turn(page) == "roll"
    page.locator("#btn-hint").click()
    page.wait_for_function("document.querySelector('#hint').dataset.best")
    assert page.locator("#hint").get_attribute("data-best") == "no_double"
    assert page.locator("#hint").get_attribute("data-kind") == "double"
    guard.check()


BOARD_JS = """() => Object.fromEntries([...document.querySelectorAll('#review-board [data-point]')]
    .map(e => [e.dataset.point, Number(e.dataset.count)]))"""


def short_game(page) -> None:
    """Two people: White opens 3-1, Black rolls and plays, White doubles, Black passes."""
    H.new_game(page, "human")
    assert H.wait_for_turn(page) == "move"
    H.point(page, "8").click()
    H.ring(page, "5").click()
    H.point(page, "6").click()
    H.ring(page, "5").click()
    page.locator("#btn-done").click()
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


def expect_board(page, want: dict, i: int) -> None:
    page.wait_for_function(f"document.querySelector('#dlg-review').dataset.step === '{i}'")
    assert page.evaluate(BOARD_JS) == want, i


def test_review_steps_analysis_graph_history_and_axe(shared):
    from ui import review as R
    context, page, guard = shared
    page.evaluate("localStorage.removeItem('gamao.history'); localStorage.removeItem('gamao.analysis')")
    H.fresh_game(page, guard, "human")
    short_game(page)
    record = page.evaluate("() => JSON.parse(localStorage.getItem('gamao.last-record'))")
    steps = R.steps(record)
    assert len(steps) == len(record["games"][0]["actions"]) + 1
    page.locator("#over-review").click()
    dlg = page.locator("#dlg-review")
    page.wait_for_selector("#dlg-review[open]")
    assert not page.locator("#dlg-over").evaluate("d => d.open")
    # by keyboard: the arrow keys from the first step to the last, the board matching the replay at each step
    page.locator("#review-first").focus()
    expect_board(page, steps[0].counts, 0)
    for i in range(1, len(steps)):
        page.keyboard.press("ArrowRight")
        expect_board(page, steps[i].counts, i)
    page.keyboard.press("ArrowRight")                   # past the end: stays on the last step
    expect_board(page, steps[-1].counts, len(steps) - 1)
    page.keyboard.press("Home")
    expect_board(page, steps[0].counts, 0)
    # by clicks, and back
    for i in range(1, len(steps)):
        page.locator("#review-next").click()
        expect_board(page, steps[i].counts, i)
    assert "passes" in page.locator("#review-step").text_content()
    assert page.locator("#review-step").get_attribute("aria-live") == "polite"
    page.locator("#review-prev").click()
    expect_board(page, steps[-2].counts, len(steps) - 2)
    page.locator("#review-first").click()
    expect_board(page, steps[0].counts, 0)
    page.locator("#review-slider").evaluate("(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", "2")
    expect_board(page, steps[2].counts, 2)
    assert page.locator("#review-facts [data-fact=dice]").text_content() == "Dice 3-1" or steps[2].dice is None
    # the analysis, deep, with its progress bar, to the end
    page.locator("#review-depth").select_option("deep")
    page.locator("#review-analyse").click()
    page.wait_for_selector("#review-progress", state="visible")
    page.wait_for_function("document.querySelector('#dlg-review').dataset.analysed === 'deep'", timeout=120_000)
    assert page.locator("#review-progress").is_hidden()
    assert "Analysis done" in page.locator("#review-analysis-status").text_content()
    assert page.locator("#review-players li").count() == 2
    assert page.locator("#review-graph svg circle").count() >= 3
    # the double and the pass are analysed and marked (the mark's text beside what was done)
    page.locator("#review-last").click()
    answer = page.locator("#review-decision p[data-kind=take]")
    assert answer.count() == 1 and "passes" not in answer.text_content() and "pass" in answer.text_content()
    page.locator("#review-prev").click()              # the step of the double (the last is the pass)
    double = page.locator("#review-decision p[data-kind=double]")
    assert double.count() == 1
    mark = double.get_attribute("data-mark")
    words = {"": "no error", "doubtful": "doubtful", "bad": "bad", "very bad": "very bad"}
    assert words[mark] in double.locator(".mark").text_content()
    # a point of the graph jumps to its move
    first_point = page.locator("#review-graph circle").first
    target = first_point.get_attribute("data-step")
    first_point.click()
    page.wait_for_function(f"document.querySelector('#dlg-review').dataset.step === '{target}'")
    assert page.locator("#review-decision .review-top li").count() == 3
    found = axe_both_layouts(page)
    assert not found, found
    # reopening from the History: the stored analysis at once
    page.locator("#review-close").click()
    page.locator("#btn-history").click()
    page.locator("#dlg-history [data-review]").first.click()
    page.wait_for_selector("#dlg-review[open]")
    assert dlg.get_attribute("data-analysed") == "deep"
    assert page.locator("#review-graph svg circle").count() >= 3
    assert dlg.get_attribute("data-running") is None
    page.locator("#review-close").click()
    guard.check()


from test_peer import _connect, peer_context  # noqa: E402,F401  (the fixture too)


def test_no_hint_in_a_peer_game(peer_context, new_page, base_url):  # noqa: F811
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    # one of the two is to act now (with a hint, were it allowed)
    host.wait_for_function("document.querySelector('[data-dice]') !== null")
    for _ in range(60):
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
        assert page.locator("#review-graph svg circle").count() >= 40
        page.locator("#review-graph circle.mark-very-bad, #review-graph circle.mark-bad").first.click()
        assert page.locator("#review-decision .mark").first.text_content()
        # the best play beside the one made (at a marked checker play): the best's result, then the play made
        marked = page.locator("#review-graph circle.mark-very-bad, #review-graph circle.mark-bad")
        for k in range(marked.count()):
            marked.nth(k).click()
            if page.locator("#review-show-best").is_visible():
                break
        made = page.locator("#review-board").evaluate(
            "b => [...b.querySelectorAll('[data-count]')].map(e => e.dataset.count).join()")
        page.locator("#review-show-best").click()
        assert page.locator("#review-show-best").get_attribute("aria-pressed") == "true"
        best = page.locator("#review-board").evaluate(
            "b => [...b.querySelectorAll('[data-count]')].map(e => e.dataset.count).join()")
        assert best != made
        page.locator("#review-show-best").click()
        assert page.locator("#review-board").evaluate(
            "b => [...b.querySelectorAll('[data-count]')].map(e => e.dataset.count).join()") == made
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
