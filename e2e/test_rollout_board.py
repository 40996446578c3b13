"""Rollouts from "Analyse a position" (a position link, offline) and from the review's shown decision, in real
Chromium: plays ticked, started, watched (trials advance, intervals shown), cancelled by keyboard; finished ones
equal to the same rollout in CPython with the same seed; the panel on a phone in Portuguese."""
from __future__ import annotations

import json

import pytest

import bot
import helpers as H
import rules
from test_analysis_board import OPENING, OPENING_31, PHONE, axe
from test_review import open_page

ROWS_JS = """(sel) => [...document.querySelectorAll(sel + ' tr[data-candidate]')]
    .map(r => [r.dataset.candidate, r.dataset.equity, r.dataset.ci])"""


def _rows(page, panel: str) -> list:
    return page.evaluate(ROWS_JS, panel)


def _ticked(page, panel: str) -> list:
    return page.evaluate("(sel) => [...document.querySelectorAll(sel + ' input[type=checkbox]')]"
                         ".filter(b => b.checked).map(b => b.value)", panel)


def _set(page, key: str, trials: str, truncate: str, seed: str) -> None:
    page.select_option(f"#{key}-rollout-trials", trials)
    page.select_option(f"#{key}-rollout-truncate", truncate)
    page.fill(f"#{key}-rollout-seed", seed)


def _state(page, panel: str, state: str, timeout: float = 300_000) -> None:
    page.wait_for_function(f"document.querySelector('{panel}').dataset.state === '{state}'", timeout=timeout)


def _expected(ref: dict) -> list:
    return [[c["candidate"], f"{c['equity']:+.3f}", f"± {c['equity_ci']:.3f}"] for c in ref["candidates"]]


@pytest.fixture(scope="module")
def reviewed():
    """A game of the intermediate bot against the beginner and its quick analysis, as the review stores it."""
    import game
    from ui import review as R
    table = game.Table(game.Options.bots("intermediate", "beginner", seed="12" * 32, clock=0), now=0)
    game.drive_bots(table, now=0)
    record = table.record()
    analysis = bot.analyse_record(record, "quick")
    stored = R.store_analysis(None, R.record_key(record), analysis)
    return record, analysis, stored


def test_a_rollout_from_a_position_link_offline(browser, base_url):
    context, page, guard = open_page(browser, base_url)
    try:
        page.wait_for_selector("html[data-offline]", state="attached", timeout=60_000)
        context.set_offline(True)
        page.goto(base_url + "index.html?lang=en&analyse=" + OPENING_31)
        from conftest import wait_ready
        wait_ready(page)
        panel = "#position-rollout"
        page.wait_for_selector(panel, state="visible", timeout=120_000)
        want = bot.analyse_position(OPENING_31, level="quick")["candidates"]
        boxes = page.locator(f"{panel} input[type=checkbox]")
        assert boxes.count() == min(len(want), 8)
        assert _ticked(page, panel) == [c["position_id"] for c in want[:2]]   # the best two
        assert page.get_by_label(f"{want[0]['play']} (best)").is_checked()
        # a third play ticked by keyboard
        boxes.nth(2).focus()
        page.keyboard.press("Space")
        assert _ticked(page, panel) == [c["position_id"] for c in want[:3]]
        page.evaluate("""() => { window.__long = []; new PerformanceObserver(l => l.getEntries()
            .forEach(e => window.__long.push(e.duration))).observe({type: 'longtask'}); }""")
        _set(page, "position", "324", "11", "7")
        page.locator("#position-btn-rollout").click()
        page.wait_for_function(f"Number(document.querySelector('{panel}').dataset.trials) >= 2", timeout=120_000)
        assert page.locator(panel).get_attribute("data-state") == "running"
        assert page.locator("#position-rollout-progress").is_visible()
        assert page.locator("#position-btn-rollout").is_disabled() and boxes.nth(0).is_disabled()
        rows = _rows(page, panel)
        assert [r[0] for r in rows] == [c["position_id"] for c in want[:3]]
        assert all(ci.startswith("±") for _, _, ci in rows)
        first = int(page.locator(panel).get_attribute("data-trials"))
        page.wait_for_function(f"Number(document.querySelector('{panel}').dataset.trials) > {first}")  # advancing
        cancel = page.locator("#position-btn-rollout-cancel")
        cancel.focus()
        page.keyboard.press("Enter")
        _state(page, panel, "cancelled")
        trials = int(page.locator(panel).get_attribute("data-trials"))
        assert 2 < trials < 324
        assert "cancelled" in page.locator("#position-rollout-status").text_content()
        assert page.locator("#position-rollout-status").get_attribute("aria-live") == "polite"
        assert page.locator("#position-rollout-progress").is_hidden()
        assert not page.locator("#position-btn-rollout").is_disabled()
        page.wait_for_timeout(1500)  # the worker is not asked for more
        assert int(page.locator(panel).get_attribute("data-trials")) == trials
        print("long main-thread tasks during the rollout (ms):", page.evaluate("window.__long"))
        # no play ticked: nothing runs, the page says why
        for k in range(3):
            boxes.nth(k).uncheck()
        assert page.locator("#position-btn-rollout").is_disabled()
        assert "at least one" in page.locator("#position-rollout-status").text_content()
        assert page.evaluate("navigator.onLine") is False
        guard.check()
    finally:
        context.close()


def test_a_cube_decision_rolled_out_and_reproduced_with_its_seed(browser, base_url):
    context, page, guard = open_page(browser, base_url + "index.html?lang=en&analyse=" + OPENING)
    try:
        panel = "#position-rollout"
        page.wait_for_selector("[data-cube-action]", timeout=120_000)
        page.wait_for_selector(panel, state="visible")
        assert page.locator(panel).get_attribute("data-kind") == "cube"
        assert page.locator(f"{panel} input[type=checkbox]").count() == 0
        _set(page, "position", "36", "3", "12345")
        page.locator("#position-btn-rollout").click()
        _state(page, panel, "done")
        got = _rows(page, panel)
        ref = bot.rollout(rules.Position.initial().to_id(), trials=36, truncate=3, seed=12345)
        assert got == _expected(ref)
        assert [r[0] for r in got] == ["no_double", "double_take", "double_pass"]
        status = page.locator("#position-rollout-status").text_content()
        assert "36 trials" in status and "seed 12345" in status
        assert page.locator(panel).get_attribute("data-best") == ref["best"]
        found = axe(page)
        assert not found, found
        # a match's cube decision: the panel says why it cannot be rolled out, and offers nothing to run
        page.get_by_label("Position to analyse").fill(OPENING.replace(":0:0:0:10", ":0:0:5:10"))
        page.get_by_role("button", name="Analyse", exact=True).click()
        page.wait_for_function("document.querySelector('#position-rollout-status').textContent"
                               ".includes('cannot be rolled out')", timeout=120_000)
        assert page.locator("#position-btn-rollout").is_hidden() and page.locator("#position-rollout-seed").is_hidden()
        assert _rows(page, panel) == []
        guard.check()
    finally:
        context.close()


def test_the_reviews_shown_decision_rolled_out(browser, base_url, reviewed):
    from ui import review as R
    record, analysis, stored = reviewed
    items = R.items(record)
    R.join(items, analysis)
    i = next(k for k, it in enumerate(items) if it.kind == "play" and R.move_row(it)
             and R.move_row(it)["best"] != R.move_row(it)["played"])
    move = R.move_row(items[i])
    init = (f"localStorage.setItem('gamao.review', {json.dumps(json.dumps(record))});"
            f"localStorage.setItem('{R.ANALYSIS_KEY}', {json.dumps(stored)});")
    context, page, guard = open_page(browser, H.table_url(base_url) + "&review=1", init=init)
    try:
        panel = "#review-rollout"
        page.locator("[data-review]").wait_for(state="visible")
        page.locator(f"[data-review] [data-decision][data-i='{i}']").click()
        page.wait_for_function(f"document.querySelector('[data-review]').dataset.step === '{i}'")
        page.wait_for_selector(panel, state="visible")
        assert page.locator(panel).get_attribute("data-kind") == "move"
        assert set(_ticked(page, panel)) == {move["best"], move["played"]}   # the best and the play made
        _set(page, "review", "36", "3", "99")
        page.locator("#review-btn-rollout").click()
        _state(page, panel, "done")
        got = _rows(page, panel)
        candidates = [r[0] for r in got]
        assert set(candidates) == {move["best"], move["played"]}
        ref = bot.rollout(items[i].position_id, dice=tuple(items[i].dice), candidates=candidates, trials=36,
                          truncate=3, seed=99)
        assert got == _expected(ref)
        # another decision: the rollout goes with the one it was on; a double offers the cube decision
        d = next(k for k, it in enumerate(items) if it.kind == "double")
        page.locator(f"[data-review] [data-decision][data-i='{d}']").click()
        page.wait_for_function(f"document.querySelector('[data-review]').dataset.step === '{d}'")
        assert page.locator(panel).get_attribute("data-kind") == "cube"
        assert _rows(page, panel) == [] and page.locator(f"{panel} input[type=checkbox]").count() == 0
        # started and cancelled there, by keyboard
        _set(page, "review", "324", "11", "5")
        page.locator("#review-btn-rollout").click()
        page.wait_for_function(f"Number(document.querySelector('{panel}').dataset.trials) >= 2", timeout=120_000)
        assert all(ci.startswith("±") for _, _, ci in _rows(page, panel)[:2])
        page.locator("#review-btn-rollout-cancel").focus()
        page.keyboard.press("Enter")
        _state(page, panel, "cancelled")
        # the review's keys still step (the rollout is no trap)
        page.locator(f"[data-review] [data-decision][data-i='{d}']").focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('[data-review]').dataset.step === '{d + 1}'")
        guard.check()
    finally:
        context.close()


def test_the_panel_on_a_phone_in_portuguese(browser, base_url):
    context, page, guard = open_page(browser, base_url + "index.html?lang=pt&analyse=" + OPENING_31)
    try:
        page.set_viewport_size(PHONE)
        panel = "#position-rollout"
        page.wait_for_selector(panel, state="visible", timeout=120_000)
        assert page.locator("#position-btn-rollout").text_content() == "Fazer rollout"
        assert "(a melhor)" in page.locator(f"{panel} fieldset").text_content()
        _set(page, "position", "36", "3", "3")
        page.locator("#position-btn-rollout").click()
        page.wait_for_function(f"Number(document.querySelector('{panel}').dataset.trials) >= 2", timeout=120_000)
        for sel in (panel, "#position-rollout-trials", "#position-rollout-truncate", "#position-rollout-seed",
                    "#position-btn-rollout", f"{panel} fieldset", "#position-rollout-table"):
            page.locator(sel).scroll_into_view_if_needed()
            b = page.locator(sel).bounding_box()
            assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 0.5, sel
        assert page.evaluate("() => { const d = document.querySelector('[data-position-view]');"
                             " return d.scrollWidth <= d.clientWidth && document.documentElement.scrollWidth <= 360; }")
        _state(page, panel, "done")
        assert "partidas" in page.locator("#position-rollout-status").text_content()
        found = axe(page)
        assert not found, found
        guard.check()
    finally:
        context.close()
