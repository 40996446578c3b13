"""Hints, and the review of a finished game with its analysis (issue 22).

One page is shared by the tests (booting is the slow part); the peer check opens two of its own."""
from __future__ import annotations

import pathlib
import sys

import pytest

import helpers as H

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))

import bot  # noqa: E402
import rules  # noqa: E402


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, guard = H.open_shared(browser, H.table_url(base_url))
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
