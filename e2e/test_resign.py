"""Resigning in the browser: the Resign button and its dialog, the bot accepting or declining as its evaluation
says (computed here with the same bot), the bot offering to resign a lost game, two people on one device, a
resigned game verified on the Verify page, and the phone layout. Positions are set up by pasting a GNUbg ID."""
from __future__ import annotations

import pytest

import game
import rules
from bot.resign import resign_answer

from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
import helpers as H


def side(d: dict) -> tuple:
    s = [0] * 26
    for k, v in d.items():
        s[k] = v
    return tuple(s)


def practice_id(mine: dict, bots: dict, on_roll: int) -> str:
    """The GNUbg ID of a money position, the person (player 0) with ``mine``, the bot with ``bots``."""
    t = game.Table.practice(game.Options.against_bot("intermediate"), (side(mine), side(bots)),
                            rules.MatchState(), on_roll)
    return t.state().gnubg_id()


# The person on roll with every checker in the bot's home board; the bot has two checkers left on its ace point.
ALL_BACK = ({19: 3, 20: 3, 21: 3, 22: 3, 23: 3}, {0: 13, 1: 2})
# The bot on roll with 15 checkers on its ace point; the person has one checker left: the bot cannot win.
BOT_LOST = ({1: 1, 0: 14}, {1: 15})


def set_up(page, gnubg_id: str) -> None:
    page.locator("#ids summary").click()
    page.get_by_label("Paste a GNU ID or XGID").fill(gnubg_id)
    page.get_by_role("button", name="Set up").click()
    page.evaluate("() => { document.getElementById('ids').open = false; }")


def offer(page, kind: str, key: bool = False) -> None:
    if key:
        page.keyboard.press("g")  # the key opens the same dialog
    else:
        page.get_by_role("button", name="Resign", exact=True).click()
    dialog = page.locator("#dlg-resign")
    assert dialog.evaluate("d => d.open")
    dialog.get_by_role("radio", name=kind, exact=True).check()
    dialog.get_by_role("button", name="Offer", exact=True).click()


def test_the_bot_declines_a_resignation_worth_less_than_its_position_and_the_game_goes_on(table):
    page = table
    set_up(page, practice_id(*ALL_BACK, on_roll=0))
    assert H.wait_for_turn(page) == "roll"
    pid = rules.Position(side(ALL_BACK[0]), side(ALL_BACK[1])).to_id()
    assert resign_answer(pid, 1, level="intermediate") == "decline"  # what the bot's evaluation implies
    page.get_by_role("button", name="Resign", exact=True).click()
    dialog = page.locator("#dlg-resign")
    for kind in ("Single game", "Gammon", "Backgammon"):
        assert dialog.get_by_role("radio", name=kind, exact=True).is_enabled()
    assert dialog.get_by_role("radio", name="Single game", exact=True).is_checked()
    dialog.get_by_role("button", name="Offer", exact=True).click()
    page.wait_for_function("() => document.getElementById('status').textContent.includes('declines')")
    assert "declines the resignation (a single game): the game goes on" in page.locator("#status").text_content()
    assert H.wait_for_turn(page) == "roll"  # the game goes on; one offer a turn
    assert not page.get_by_role("button", name="Resign", exact=True).is_visible()


def test_the_bot_accepts_a_resignation_worth_its_position(table):
    page = table
    set_up(page, practice_id(*ALL_BACK, on_roll=0))
    assert H.wait_for_turn(page) == "roll"
    pid = rules.Position(side(ALL_BACK[0]), side(ALL_BACK[1])).to_id()
    assert resign_answer(pid, 3, level="intermediate") == "accept"
    offer(page, "Backgammon", key=True)
    assert H.wait_for_turn(page) == "over"
    assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("1:3")
    assert "accepts the resignation" in page.locator("#status").text_content()


def test_only_what_can_still_be_lost_is_offered(table):
    page = table
    set_up(page, practice_id({6: 14, 0: 1}, {6: 15}, on_roll=0))  # one checker off: a single game only
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Resign", exact=True).click()
    dialog = page.locator("#dlg-resign")
    assert dialog.get_by_role("radio", name="Single game", exact=True).is_enabled()
    assert dialog.get_by_role("radio", name="Gammon", exact=True).is_disabled()
    assert dialog.get_by_role("radio", name="Backgammon", exact=True).is_disabled()
    dialog.get_by_role("button", name="Cancel").click()
    assert not dialog.evaluate("d => d.open")


@pytest.mark.parametrize("accept", [False, True])
def test_the_bot_offers_to_resign_a_lost_game_and_the_person_answers(table, accept):
    page = table
    set_up(page, practice_id(*BOT_LOST, on_roll=1))
    answer = page.locator("#dlg-resign-answer")
    page.wait_for_function("() => document.getElementById('dlg-resign-answer').open", timeout=60_000)
    assert "offers to resign: a single game, 1 point to you" in answer.text_content()
    answer.get_by_role("button", name="Accept" if accept else "Decline", exact=True).click()
    if accept:
        assert H.wait_for_turn(page) == "over"
        assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("0:1")
    else:  # the bot plays on (it does not offer again this game) and loses the race
        H.play_to_game_over(page)
        assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("0:1")


def test_two_people_the_other_one_answers_and_the_resigned_game_verifies(table):
    page = table
    H.new_game(page, "human")
    assert H.wait_for_turn(page) == "move"  # White rolled the opening 3-1 and may resign before playing it
    offer(page, "Gammon")
    answer = page.locator("#dlg-resign-answer")
    assert answer.evaluate("d => d.open")
    assert "White offers Black to resign: a gammon, 2 points" in answer.text_content()
    answer.get_by_role("button", name="Accept", exact=True).click()
    assert H.wait_for_turn(page) == "over"
    assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("1:2")
    page.goto(page.url.split("?")[0].rsplit("/", 1)[0] + "/verify.html?lang=en&record=last")
    page.wait_for_selector("#verdict[data-verdict]", state="visible", timeout=60_000)
    assert page.locator("#verdict").get_attribute("data-verdict") == "ok"
    assert "resigned" in page.locator("#games").inner_text() + page.locator("#result").inner_text()
    page.goto(H.table_url(page.url.split("verify.html")[0]))
    wait_ready(page)


def test_the_resign_button_works_on_a_phone(table):
    page = table
    H.resize(page, {"width": 360, "height": 740})
    try:
        button = page.get_by_role("button", name="Resign", exact=True)
        assert button.is_visible()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        button.click()
        dialog = page.locator("#dlg-resign")
        dbox = dialog.bounding_box()
        assert dbox["x"] >= 0 and dbox["x"] + dbox["width"] <= 360
        dialog.get_by_role("button", name="Cancel").click()
    finally:
        H.resize(page, {"width": 1280, "height": 720})


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_axe_finds_nothing_in_the_resign_dialogs(browser, base_url, lang):
    from test_a11y import AXE, axe_violations
    assert AXE.exists(), "run `npm ci` for axe-core"
    guard = Guard()
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    try:
        page.goto(H.table_url(base_url, lang=lang))
        wait_ready(page)
        assert H.wait_for_turn(page) == "move"
        page.locator("#btn-resign").click()
        assert page.locator("#dlg-resign").evaluate("d => d.open")
        found = {"resign dialog": axe_violations(page)}
        page.locator("#resign-cancel").click()
        page.evaluate("() => { document.getElementById('ids').open = true; }")
        page.locator("#paste-id").fill(practice_id(*BOT_LOST, on_roll=1))
        page.locator("#setup-id").click()
        page.wait_for_function("() => document.getElementById('dlg-resign-answer').open", timeout=60_000)
        found["answer dialog"] = axe_violations(page)
        found = {k: v for k, v in found.items() if v}
        assert not found, "axe violations:\n" + "\n".join(f"{k}: {v}" for k, v in found.items())
        guard.check()
    finally:
        context.close()
