"""Rollouts from the hint panel in real Chromium: started, watched and cancelled; a finished one reproduced with
its seed, and equal to the same rollout in CPython (the dice come from the seed alone)."""
import pytest

import bot
import helpers as H
import rules

ROWS_JS = """() => [...document.querySelectorAll('#rollout-table tr[data-candidate]')]
    .map(r => [r.dataset.candidate, r.dataset.equity, r.dataset.ci])"""


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, guard = H.open_shared(browser, H.table_url(base_url))
    yield page, guard
    context.close()


def _hint(page):
    assert H.wait_for_turn(page) == "move"  # this seed: the person opens with 3-1
    page.keyboard.press("h")
    page.wait_for_selector("#rollout", state="visible")


def _set(page, trials: str, truncate: str, seed: str):
    page.select_option("#rollout-trials", trials)
    page.select_option("#rollout-truncate", truncate)
    page.fill("#rollout-seed", seed)


def test_rollout_started_watched_and_cancelled(shared):
    page, guard = shared
    H.fresh_game(page, guard, "bot", "intermediate")
    _hint(page)
    page.evaluate("""() => { window.__long = []; new PerformanceObserver(l => l.getEntries()
        .forEach(e => window.__long.push(e.duration))).observe({type: 'longtask'}); }""")
    _set(page, "324", "11", "7")
    page.locator("#btn-rollout").click()
    page.wait_for_function("Number(document.querySelector('#rollout')?.dataset.trials) >= 2")
    assert page.locator("#rollout").get_attribute("data-state") == "running"
    assert page.locator("#rollout-progress").is_visible()
    rows = page.evaluate(ROWS_JS)
    assert len(rows) == 2 and all(ci.startswith("±") for _, _, ci in rows)
    assert page.locator("#btn-rollout").is_disabled()
    cancel = page.locator("#btn-rollout-cancel")
    cancel.focus()
    page.keyboard.press("Enter")  # by keyboard
    page.wait_for_function("document.querySelector('#rollout').dataset.state === 'cancelled'")
    trials = int(page.locator("#rollout").get_attribute("data-trials"))
    assert 2 <= trials < 324
    assert "cancelled" in page.locator("#rollout-status").text_content()
    assert page.locator("#rollout-progress").is_hidden() and not page.locator("#btn-rollout").is_disabled()
    page.wait_for_timeout(1500)  # the worker is not asked for more
    assert int(page.locator("#rollout").get_attribute("data-trials")) == trials
    print("long main-thread tasks during the rollout (ms):", page.evaluate("window.__long"))
    guard.check()


def test_finished_rollout_reproduced_with_its_seed(shared):
    page, guard = shared
    H.fresh_game(page, guard, "bot", "intermediate")
    _hint(page)
    _set(page, "36", "3", "12345")
    page.locator("#btn-rollout").click()
    page.wait_for_function("document.querySelector('#rollout').dataset.state === 'done'", timeout=300_000)
    first = page.evaluate(ROWS_JS)
    status = page.locator("#rollout-status").text_content()
    assert "36 trials" in status and "seed 12345" in status
    best = page.locator("#rollout").get_attribute("data-best")
    # the same rollout in CPython gives the same figures
    start = rules.Position.initial().to_id()
    ids = [c for c, _, _ in first]
    ref = bot.rollout(start, dice=(3, 1), candidates=ids, trials=36, truncate=3, seed=12345)
    assert [[c["candidate"], f"{c['equity']:+.3f}", f"± {c['equity_ci']:.3f}"] for c in ref["candidates"]] == first
    assert ref["best"] == best
    # and again in the page with the seed typed in
    _set(page, "36", "3", "12345")
    page.locator("#btn-rollout").click()
    page.wait_for_function("document.querySelector('#rollout').dataset.state === 'running'")
    page.wait_for_function("document.querySelector('#rollout').dataset.state === 'done'", timeout=300_000)
    assert page.evaluate(ROWS_JS) == first
    # a bad seed is refused with a message, nothing runs
    page.fill("#rollout-seed", "-3")
    page.locator("#btn-rollout").click()
    assert "whole number" in page.locator("#rollout-status").text_content()
    assert page.evaluate(ROWS_JS) == first
    # moving a checker makes the advice stale: the rollout panel goes with it
    H.point(page, "8").click()
    H.ring(page, "5").click()
    page.wait_for_selector("#rollout", state="hidden")
    guard.check()


def test_rollout_panel_on_a_phone_in_portuguese(page, base_url, ready, guard):
    H.open_table(page, base_url, ready, lang="pt")
    H.resize(page, {"width": 360, "height": 740})
    _hint(page)
    assert page.locator("#btn-rollout").text_content() == "Fazer rollout"
    box = page.locator("#rollout").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    for sel in ("#rollout-trials", "#rollout-truncate", "#rollout-seed", "#btn-rollout"):
        b = page.locator(sel).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, sel
    guard.check()


FIGURES_JS = """() => [...document.querySelectorAll('#rollout-table tr[data-candidate]')]
    .map(r => [r.dataset.candidate, r.dataset.equity, r.textContent])"""


def _workers(page) -> str:
    return page.evaluate("document.documentElement.dataset.rolloutWorkers || ''")


def test_two_workers_give_the_figures_of_one_and_cancel(browser, base_url):
    """The same seed on one worker (?workers=1) and shared out over two (?workers=2): the very same figures;
    a rollout on two workers cancelled stops."""
    figures = {}
    for n in (2, 1):
        context, page, guard = H.open_shared(browser, H.table_url(base_url, workers=n))
        try:
            _hint(page)
            _set(page, "108", "3", "4242")
            page.locator("#btn-rollout").click()
            page.wait_for_function("document.querySelector('#rollout').dataset.state === 'done'", timeout=300_000)
            assert page.evaluate("document.documentElement.dataset.rolloutPlanned") == str(n)
            assert _workers(page) == str(n)  # every worker ran blocks of it
            figures[n] = (page.evaluate(FIGURES_JS), page.locator("#rollout").get_attribute("data-best"),
                          page.locator("#rollout-status").text_content())
            assert "108 trials" in figures[n][2] and "seed 4242" in figures[n][2]
            if n == 2:  # the extra worker is kept: the next rollout starts on both at once, and cancels
                _set(page, "324", "11", "9")
                page.locator("#btn-rollout").click()
                page.wait_for_function("""Number(document.querySelector('#rollout').dataset.trials) >= 4
                    && document.documentElement.dataset.rolloutWorkers === '2'""")
                page.locator("#btn-rollout-cancel").click()
                page.wait_for_function("document.querySelector('#rollout').dataset.state === 'cancelled'")
                trials = int(page.locator("#rollout").get_attribute("data-trials"))
                assert 4 <= trials < 324
                page.wait_for_timeout(1500)  # nothing more is merged
                assert int(page.locator("#rollout").get_attribute("data-trials")) == trials
                assert not page.locator("#btn-rollout").is_disabled()
            guard.check()
        finally:
            context.close()
    assert figures[2] == figures[1]
    # and CPython's bot.rollout gives them too
    ref = bot.rollout(rules.Position.initial().to_id(), dice=(3, 1), candidates=[c for c, _, _ in figures[1][0]],
                      trials=108, truncate=3, seed=4242)
    assert [[c["candidate"], f"{c['equity']:+.3f}"] for c in ref["candidates"]] == [r[:2] for r in figures[1][0]]
