"""The table's history, automation options, a corrupt save's download, the short clock and tooltips by touch.

One page is shared by the tests that need no other URL (booting is the slow part); the clock and the touch tests
open their own."""
from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
import helpers as H

BEAR_OFF_XGID = "XGID=-A---------------------ab-:0:0:1:00:0:0:0:0:10"  # the person has one checker left


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, guard = H.open_shared(browser, H.table_url(base_url))
    yield context, page, guard
    context.close()


@pytest.fixture
def table(shared):
    context, page, guard = shared
    H.fresh_game(page, guard, "bot", "beginner")
    yield page
    guard.check()


def automation(page, roll: bool, play: bool, start: bool = True) -> None:
    """Open the New game dialog, set the two automation options (and start a game against the beginner bot)."""
    page.get_by_role("button", name="New game", exact=True).first.click()
    dialog = page.locator("#dlg-new")
    dialog.get_by_label("The bot").check()
    dialog.get_by_label("Bot level").select_option("beginner")
    dialog.get_by_label("Money game").check()
    dialog.get_by_label("Roll automatically when doubling is not possible or sensible").set_checked(roll)
    dialog.get_by_label("Play forced moves automatically").set_checked(play)
    if start:
        dialog.get_by_role("button", name="Start").click()


def test_automation_is_off_by_default_then_rolls_for_the_person_and_is_remembered(table):
    page = table
    dialog = page.locator("#dlg-new")
    try:
        # Off by default: after the opening 3-1 and the bot's reply, the person is asked to roll.
        assert H.wait_for_turn(page) == "move"
        H.play_by_clicks(page, ("8", "5"), ("6", "5"))
        assert H.wait_for_turn(page) == "roll"
        # Roll automatically: the same game from the same seed, and the person's next turn starts rolled.
        automation(page, roll=True, play=False)
        assert H.wait_for_turn(page) == "move"
        H.play_by_clicks(page, ("8", "5"), ("6", "5"))
        assert H.wait_for_turn(page) == "move"
        assert page.locator("[data-dice]").count() == 1
        assert not page.locator("#btn-roll").is_visible()
        saved = json.loads(page.evaluate("localStorage.getItem('gamao.newgame')"))
        assert saved["auto_roll"] is True and saved["auto_play"] is False
        page.get_by_role("button", name="New game", exact=True).first.click()
        assert dialog.get_by_label("Roll automatically when doubling is not possible or sensible").is_checked()
        assert not dialog.get_by_label("Play forced moves automatically").is_checked()
        dialog.get_by_role("button", name="Cancel").click()
    finally:
        page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        automation(page, roll=False, play=False)


def test_a_forced_roll_plays_itself(table):
    page = table
    try:
        automation(page, roll=False, play=True)
        page.locator("#ids summary").click()
        page.get_by_label("Paste a GNU ID or XGID").fill(BEAR_OFF_XGID)
        page.get_by_role("button", name="Set up").click()
        assert H.wait_for_turn(page) == "roll"
        page.locator("#btn-roll").click()  # every roll bears the last checker off: one legal play
        page.wait_for_selector("#dlg-over[open]")
        assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("0:")
        # A practice position is not a game the verifier can check: its link opens the empty verifier.
        assert page.locator("#over-verify").get_attribute("href") == "verify.html?lang=en"
    finally:
        page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        page.locator("#ids summary").click()
        automation(page, roll=False, play=False)


def test_a_finished_game_is_kept_in_the_history_exported_and_verified(table, shared):
    context, page, guard = shared[0], table, shared[2]
    page.evaluate("localStorage.removeItem('gamao.history')")
    # A short real game: two people; White opens, Black doubles, White passes. (A whole game against the bot
    # by clicking is in test_game.py.)
    H.new_game(page, "human")
    H.play_by_clicks(page, ("8", "5"), ("6", "5"))
    page.locator("#btn-double").click()
    page.locator("#btn-pass").click()
    page.get_by_role("button", name="Yes, pass").click()
    page.wait_for_selector("#dlg-over[open]")
    assert page.locator("#over-verify").get_attribute("href") == "verify.html?lang=en&record=last"
    assert page.locator("#link-verify").get_attribute("href") == "verify.html?lang=en&record=last"
    last = json.loads(page.evaluate("localStorage.getItem('gamao.last-record')"))
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="History").click()
    rows = page.locator("#history-list [data-history]")
    assert rows.count() == 1
    assert "White 0–1 Black (Money game, games: 1)" in rows.first.text_content()
    verify = rows.first.get_by_role("link", name="Verify")
    assert verify.get_attribute("href") == "verify.html?lang=en#history=1"
    with page.expect_download() as info:
        page.get_by_role("button", name="Download all (JSON)").click()
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert exported["format"] == "gamao-history" and len(exported["records"]) == 1
    kept = exported["records"][0]
    assert kept["games"] == last["games"] and kept["created"].endswith("Z")
    page.get_by_role("button", name="Close").click()
    # The verify page opens the kept record and checks it at once.
    other = context.new_page()
    guard.watch_page(other)
    try:
        other.goto(page.url.split("?")[0] + "verify.html?lang=en#history=1")
        wait_ready(other)
        other.wait_for_selector("#verdict[data-verdict]")
        assert json.loads(other.locator("#record-text").input_value())["games"] == last["games"]
        assert other.locator("#verdict").get_attribute("data-verdict") == "ok"
        assert other.locator("#verdict").inner_text().startswith("Verified")
    finally:
        other.close()


def test_a_corrupt_save_is_told_and_can_be_downloaded(table):
    page = table
    page.evaluate("localStorage.setItem('gamao.table', '{broken save')")
    page.reload()
    wait_ready(page)
    assert "could not be read" in page.locator("#notice").text_content()
    dialog = page.locator("#dlg-corrupt")
    assert dialog.is_visible() and "could not be read" in dialog.text_content()
    with page.expect_download() as info:
        dialog.get_by_role("button", name="Download the unreadable save").click()
    assert open(info.value.path(), encoding="utf-8").read() == "{broken save"
    dialog.get_by_role("button", name="Close").click()
    assert not dialog.is_visible() and H.wait_for_turn(page) == "move"  # a new game is on the board
    page.get_by_role("button", name="History").click()
    assert page.locator("#dlg-history").get_by_role("button", name="Download the unreadable save").is_visible()
    page.locator("#dlg-history").get_by_role("button", name="Close").click()


def test_a_short_clock_runs_out_and_the_table_plays_for_the_person(page, base_url, ready):
    H.open_table(page, base_url, ready, clock=3)
    assert int(page.locator("#clock-bottom").get_attribute("data-clock")) <= 3
    page.wait_for_function("() => document.querySelector('#notice').textContent.includes('Your time ran out')",
                           timeout=30_000)
    # The notice comes as the clock runs out; the table's play for the person follows once it has chosen.
    page.wait_for_function("""() => ['8', '6', '13', '24'].map(n =>
        document.querySelector(`#board [data-point="${n}"]`).dataset.count).join() !== '3,5,5,2'""",
                           timeout=30_000)  # the 3-1 was played; the save is written in the same render
    saved = json.loads(page.evaluate("localStorage.getItem('gamao.table')"))
    assert 'clock_expired' in json.dumps(saved)  # the record notes the expiry


def test_a_long_press_on_a_touch_screen_shows_the_tooltips(browser, base_url):
    guard = Guard()
    context = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 800, "height": 600})
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(H.table_url(base_url))
        wait_ready(page)
        cdp = context.new_cdp_session(page)
        tip = page.locator("#tip")
        for selector, text in (('#board [data-point="off"]', "Your tray: 0 borne off, 15 to go"),
                               ("[data-cube]", "Doubling cube at 1, in the middle: either player may double"),
                               ("#pips-bottom", "Pip count: 167 to bear off")):
            box = page.locator(selector).bounding_box()
            point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            page.wait_for_function(f"() => !document.querySelector('#tip').hidden "
                                   f"&& document.querySelector('#tip').textContent === {json.dumps(text)}")
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            assert tip.text_content() == text
            page.wait_for_selector("#tip", state="hidden")  # it goes away after the finger is lifted
    finally:
        context.close()
    guard.check()


def test_two_people_see_whose_turn_it_is_in_their_colour(shared):
    context, page, guard = shared
    H.fresh_game(page, guard, "human")
    try:
        chip = page.locator("#turn-chip")
        assert chip.text_content() == "White to play" and "bottom" in chip.get_attribute("class")
        assert page.locator("#table").get_attribute("data-turn") == "bottom"
        H.play_by_clicks(page, ("8", "5"), ("6", "5"))
        page.wait_for_selector("#turn-chip.top")
        assert chip.text_content() == "Black to play"
        assert page.locator("#table").get_attribute("data-turn") == "top"
        page.locator("#btn-double").click()  # White answers the double
        page.wait_for_selector("#turn-chip.bottom")
        assert chip.text_content() == "White to play"
        H.fresh_game(page, guard, "bot", "beginner")
        assert chip.is_hidden()  # against the bot the status line says it
    finally:
        guard.check()


def test_the_language_switch_keeps_the_game(table):
    page = table
    H.point(page, "8").click()
    H.ring(page, "5").click()
    before = H.counts(page)
    link = page.locator("#link-lang")
    assert link.text_content() == "Português" and link.get_attribute("hreflang") == "pt-BR"
    link.click()
    page.wait_for_url("**lang=pt**")
    wait_ready(page)
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    assert page.get_by_role("button", name="Novo jogo", exact=True).count() == 1
    assert H.counts(page) == before and f"seed={H.SEED}" in page.url
    page.get_by_role("button", name="Desfazer", exact=True).click()  # the step made survived the reload
    assert H.counts(page)["8"] == 3 and H.counts(page)["5"] == 0
    page.locator("#link-lang").click()  # and back, for the other tests of this module
    page.wait_for_url("**lang=en**")
    wait_ready(page)
    assert page.get_by_role("button", name="New game", exact=True).count() == 1


def test_a_reload_does_not_give_a_fresh_clock(page, base_url, ready):
    H.open_table(page, base_url, ready, clock=45)
    clock = page.locator("#clock-bottom")
    page.wait_for_function("() => Number(document.querySelector('#clock-bottom').dataset.clock) <= 40",
                           timeout=30_000)
    page.reload()
    ready(page)
    assert H.ui_state(page) == "move"
    assert int(clock.get_attribute("data-clock")) <= 41
