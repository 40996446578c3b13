"""Whole games in the browser, by clicking: against the bot to the end (result, seed, fingerprint), two people on
one device, doubling and passing with the confirmation, the next game of a match."""
from __future__ import annotations

import hashlib
import pathlib

import pytest

import helpers as H

import rules
from game.verify import verify_record


@pytest.fixture
def fresh(shared):
    """The shared page, reset: ``fresh(opponent, level, match)`` starts that game; guards checked after."""
    page, guard = shared

    def start(opponent="bot", level="beginner", match=0):
        H.fresh_game(page, guard, opponent, level, match)
        return page

    yield start
    guard.check()


def _over_dialog(page):
    page.wait_for_selector("#dlg-over[open]")
    return page.locator("#dlg-over")


def test_whole_game_against_the_bot_by_clicking(fresh):
    page = fresh("bot", "beginner")
    fingerprint = page.locator("[data-fingerprint]").get_attribute("data-fingerprint")
    assert fingerprint == H.SEED_FP
    actions = H.play_to_game_over(page)
    assert actions > 20
    dialog = _over_dialog(page)
    result = dialog.locator("[data-result]")
    winner, points, kind = result.get_attribute("data-result").split(":")
    assert winner in ("0", "1") and int(points) >= 1 and kind in ("single", "gammon", "backgammon", "pass")
    assert ("You win " if winner == "0" else "Bot (Beginner) wins ") in result.text_content()
    seed = dialog.locator("[data-seed]").get_attribute("data-seed")
    assert seed == H.SEED
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == fingerprint
    assert dialog.get_by_role("link", name="Verify this game").get_attribute("href").startswith("verify.html")
    counts = H.counts(page)
    assert counts["off"] == 15 or counts["opp-off"] == -15 or kind == "pass"
    # The record can be downloaded, and it is the one "Verify a game" reads.
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download the game record").click()
    assert download.value.suggested_filename.endswith(".json")
    record = pathlib.Path(download.value.path()).read_text()
    verdict = verify_record(record)
    assert verdict.ok, verdict.reasons
    assert page.evaluate("localStorage.getItem('gamao.last-record')") == record
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download .mat (GNU Backgammon)").click()
    assert download.value.suggested_filename.endswith(".mat")
    mat = rules.read_mat(pathlib.Path(download.value.path()).read_text())  # GNU Backgammon's format, replayed
    assert len(mat.games) == 1


def test_two_people_on_one_device_double_and_pass(fresh):
    page = fresh("human")
    assert not page.locator("#badge-top").is_visible() and not page.locator("#badge-bottom").is_visible()
    # The dialog remembers the last choices.
    page.get_by_role("button", name="New game", exact=True).first.click()
    assert page.locator("#dlg-new").get_by_label("Two people on this device").is_checked()
    page.locator("#dlg-new").get_by_role("button", name="Cancel").click()
    assert page.evaluate("JSON.parse(localStorage.getItem('gamao.newgame')).opponent") == "human"
    # White (bottom) opens with 3-1; then Black (top) moves its own checkers, which count negative.
    H.point(page, "8").click(); H.ring(page, "5").click()
    H.point(page, "6").click(); H.ring(page, "5").click()
    page.get_by_role("button", name="Done").click()
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Roll").click()
    assert H.wait_for_turn(page) == "move"
    assert all(H.counts(page)[p] < 0 for p in H.movable(page))
    before = sum(v for v in H.counts(page).values() if v < 0)
    H.play_turn(page)
    while H.ui_state(page) == "move":
        H.play_turn(page)
    assert sum(v for v in H.counts(page).values() if v < 0) == before
    page.get_by_role("button", name="Done").click()
    # White doubles; Black passes, asked first to confirm.
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Double").click()
    assert H.wait_for_turn(page) == "take"
    page.get_by_role("button", name="Pass").click()
    confirm = page.locator("#dlg-pass")
    assert confirm.is_visible()
    confirm.get_by_role("button", name="No, go back").click()
    assert H.ui_state(page) == "take"  # nothing happened
    page.get_by_role("button", name="Pass").click()
    confirm.get_by_role("button", name="Yes, pass").click()
    dialog = _over_dialog(page)
    assert dialog.locator("[data-result]").get_attribute("data-result") == "0:1:pass"
    assert "White wins 1 point" in dialog.locator("[data-result]").text_content()


def test_double_and_take_then_next_game_of_a_match(fresh):
    page = fresh("human", match=3)
    assert "Match to 3" in page.locator("#score").text_content()
    H.point(page, "8").click(); H.ring(page, "5").click()
    H.point(page, "6").click(); H.ring(page, "5").click()
    page.get_by_role("button", name="Done").click()
    page.get_by_role("button", name="Double").click()  # Black doubles before rolling
    page.get_by_role("button", name="Take").click()
    cube = page.locator("[data-cube]")
    assert cube.get_attribute("data-cube") == "2" and cube.get_attribute("data-owner") == "bottom"
    assert cube.get_attribute("data-tip") == "Doubling cube at 2, owned by White"
    assert H.wait_for_turn(page) == "roll"
    assert not page.locator("#btn-double").is_visible()  # Black's cube is White's now
    page.get_by_role("button", name="Roll").click()
    # White redoubles later: play Black's turn, then White doubles to 4 and Black passes.
    while H.ui_state(page) in ("move", "done"):
        H.play_turn(page)
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Double").click()
    page.get_by_role("button", name="Pass").click()
    page.locator("#dlg-pass").get_by_role("button", name="Yes, pass").click()
    dialog = _over_dialog(page)
    assert dialog.locator("[data-result]").get_attribute("data-result") == "0:2:pass"
    assert page.locator("#score").get_attribute("data-score") == "2,0"
    dialog.get_by_role("button", name="Next game").click()
    assert not page.locator("#dlg-over").is_visible()
    assert page.locator("[data-cube]").get_attribute("data-cube") == "1"
    assert H.wait_for_turn(page) in ("move", "roll")


def test_the_strong_bot_thinks_in_a_worker(fresh):
    page = fresh("bot", "expert")
    warnings = []  # ui.botproxy warns when the worker fails and the main thread decides instead
    page.on("console", lambda msg: msg.type == "warning" and "bot worker" in msg.text and warnings.append(msg.text))
    bot_turns = 0
    while bot_turns < 2:
        if H.play_turn(page) == "done":
            bot_turns += 1
    assert H.wait_for_turn(page) in ("roll", "take", "move")
    assert page.locator('script[name="bot"][worker]').count() == 1
    # The worker holds the networks and the exact bear-off table (it did not fall back to the main thread).
    page.wait_for_selector('html[data-bot-worker="weights+bearoff"]', state="attached")
    # While the bot is not thinking, the page answers at once and the board offers the person's moves.
    assert page.evaluate("1 + 1") == 2
    assert warnings == []  # every decision came back from the worker (Pending.to_dict there, a decision back)


def test_the_clock_counts_down_and_plays_for_a_player_who_runs_out(page, base_url, ready):
    H.open_table(page, base_url, ready, clock=12)
    clock = page.locator("#clock-bottom")
    assert clock.is_visible()
    first = int(clock.get_attribute("data-clock"))
    assert 0 < first <= 12
    page.wait_for_selector("#clock-bottom.warn")  # the calm warning in the last 10 seconds
    assert int(clock.get_attribute("data-clock")) <= 10
    assert "seconds left" in clock.get_attribute("data-tip")
    # Nobody moves: the table plays the 3-1 for the person, then the bot plays, and it is the person's turn.
    page.wait_for_function("() => document.querySelector('#board [data-point=\"8\"]').dataset.count !== '3' "
                           "|| document.querySelector('#board [data-point=\"6\"]').dataset.count !== '5' "
                           "|| document.querySelector('#board [data-point=\"13\"]').dataset.count !== '5' "
                           "|| document.querySelector('#board [data-point=\"24\"]').dataset.count !== '2'",
                           timeout=60_000)
    assert H.wait_for_turn(page) in ("roll", "take")
    assert sum(v for v in H.counts(page).values() if v > 0) == 15
