"""The table in the browser: the board as the test contract describes it, lifting, rings, moving by tap and by
drag, undo, Done, the cube. Seeded (helpers.SEED: the person opens with 3-1), no clock, no bot pacing."""
from __future__ import annotations

import json

from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
import helpers as H

INITIAL = {"6": 5, "8": 3, "13": 5, "24": 2, "19": -5, "17": -3, "12": -5, "1": -2}


def test_board_shows_the_opening_position_and_roll(table):
    page = table
    counts = H.counts(page)
    assert set(counts) == set(H.POINTS)
    assert {k: v for k, v in counts.items() if v} == INITIAL
    assert page.locator("[data-dice]").get_attribute("data-dice") == "3,1"
    assert page.locator("[data-fingerprint]").get_attribute("data-fingerprint") == H.SEED_FP
    assert sorted(H.movable(page), key=int) == ["6", "8", "13", "24"]
    assert page.locator("#pips-bottom").get_attribute("data-pips") == "167"
    assert page.locator("#badge-top").is_visible()  # the bot seat is marked
    assert not page.locator("#badge-bottom").is_visible()
    assert page.locator("[data-cube]").get_attribute("data-owner") == "center"
    for name in ("Undo", "Done", "New game"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1


def test_lift_shows_rings_labelled_with_dice_and_tap_moves(table):
    page = table
    H.point(page, "8").click()
    assert sorted(H.dests(page)) == [["4", "1+3"], ["5", "3"], ["7", "1"]]
    H.ring(page, "5").click()
    counts = H.counts(page)
    assert counts["8"] == 2 and counts["5"] == 1
    assert H.dests(page) == []
    # The 1 is left: lifting the 6 offers only 6/5; tapping the lifted checker again plays it.
    H.point(page, "6").click()
    assert H.dests(page) == [["5", "1"]]
    H.point(page, "6").click()
    counts = H.counts(page)
    assert counts["6"] == 4 and counts["5"] == 2
    assert page.locator("#btn-done").is_enabled()


def test_tap_elsewhere_puts_the_checker_down(table):
    page = table
    H.point(page, "13").click()
    assert H.dests(page)
    H.point(page, "20").click()  # not a destination
    assert H.dests(page) == []
    page.locator("#board [data-point='24']").click()
    assert H.dests(page)
    page.keyboard.press("Escape")
    assert H.dests(page) == []


def test_done_is_disabled_until_the_dice_are_used_and_undo_goes_back(table):
    page = table
    done, undo = page.locator("#btn-done"), page.locator("#btn-undo")
    assert done.is_visible() and done.is_disabled()
    assert undo.is_visible() and undo.is_disabled()
    used = page.locator("#dice-area .die.used")
    assert used.count() == 0
    H.point(page, "8").click()
    H.ring(page, "5").click()
    assert done.is_disabled() and undo.is_enabled()
    assert used.count() == 1 and used.get_attribute("aria-label") == "3"  # the die played is shown used
    H.point(page, "6").click()
    H.ring(page, "5").click()
    assert done.is_enabled() and used.count() == 2
    undo.click()
    assert done.is_disabled() and used.count() == 1
    assert H.counts(page)["6"] == 5 and H.counts(page)["5"] == 1
    undo.click()
    assert {k: v for k, v in H.counts(page).items() if v} == INITIAL
    assert undo.is_disabled()
    # A move using both dice at once is undone one die at a time.
    H.point(page, "24").click()
    H.ring(page, "20").click()
    assert H.counts(page)["20"] == 1 and done.is_enabled()
    undo.click()
    counts = H.counts(page)
    assert counts["20"] == 0 and counts["24"] == 1 and counts["21"] + counts["23"] == 1
    undo.click()
    assert {k: v for k, v in H.counts(page).items() if v} == INITIAL


def _centre(page, slot):
    box = H.point(page, slot).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_drag_and_drop_moves_and_an_illegal_drop_returns(table):
    page = table
    # An illegal drop (onto the opponent's 6-point... here point 19, closed) puts the checker back.
    x, y = _centre(page, "13")
    page.mouse.move(x, y + 40)
    page.mouse.down()
    tx, ty = _centre(page, "19")
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    assert {k: v for k, v in H.counts(page).items() if v} == INITIAL
    assert H.dests(page) == []
    # A legal drop moves it.
    x, y = _centre(page, "8")
    page.mouse.move(x, y + 40)
    page.mouse.down()
    tx, ty = _centre(page, "5")
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    counts = H.counts(page)
    assert counts["8"] == 2 and counts["5"] == 1


def test_keyboard_lifts_and_moves(table):
    page = table
    H.point(page, "6").focus()
    page.keyboard.press("Enter")
    assert [d for d, _ in H.dests(page)] == ["5", "3", "2"]
    page.keyboard.press("ArrowRight")  # from the first ring to the second
    page.keyboard.press("Enter")
    counts = H.counts(page)
    assert counts["6"] == 4 and counts["3"] == 1
    page.keyboard.press("u")  # U undoes
    assert H.counts(page)["6"] == 5


def test_double_and_take_against_the_bot(table):
    page = table
    H.point(page, "8").click(); H.ring(page, "5").click()
    H.point(page, "6").click(); H.ring(page, "5").click()
    page.get_by_role("button", name="Done").click()
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Double").click()
    # The bot takes an early double: the cube is at 2 on its side, and it is still the person's turn to roll.
    page.wait_for_selector("[data-cube='2'][data-owner='top']")
    assert H.wait_for_turn(page) == "roll"
    assert not page.locator("#btn-double").is_visible()


def test_reload_resumes_the_game_where_it_was(table):
    page = table
    H.point(page, "8").click()
    H.ring(page, "5").click()
    page.wait_for_function("(localStorage.getItem('gamao.table.steps') || '').includes('[[8,5,3]]')")
    # the step is saved as the turn's steps beside the whole save, which still has none
    assert json.loads(page.evaluate("localStorage.getItem('gamao.table')"))["steps"] == []
    page.reload()
    wait_ready(page)
    counts = H.counts(page)
    assert counts["8"] == 2 and counts["5"] == 1
    assert page.locator("[data-dice]").get_attribute("data-dice") == "3,1"
    assert page.locator("#btn-undo").is_enabled()
    assert "restored" in page.locator("#notice").text_content()


def test_a_corrupt_save_is_kept_aside_and_a_new_game_starts(table):
    page = table
    page.evaluate("localStorage.setItem('gamao.table', '{not json')")
    page.reload()
    wait_ready(page)
    assert "could not be read" in page.locator("#notice").text_content()
    assert page.evaluate("localStorage.getItem('gamao.table.corrupt')") == "{not json"
    assert {k: v for k, v in H.counts(page).items() if v} == INITIAL


def test_sound_mute_is_remembered(table):
    page = table
    button = page.locator("#btn-sound")
    assert button.get_attribute("aria-pressed") == "false"
    page.keyboard.press("m")
    assert button.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('gamao.muted')") == "1"
    page.reload()
    wait_ready(page)
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "true"


def test_ids_are_shown_and_a_pasted_id_sets_up_the_position(table):
    page = table
    page.locator("#ids summary").click()
    gnubg = page.locator("#gnubg-id").text_content()
    assert gnubg.startswith("4HPwATDgc/ABMA:")
    assert page.locator("#xgid").text_content().startswith("XGID=")
    # A bearing-off race: the person at the bottom has one checker left on the ace point, the bot three.
    page.get_by_label("Paste a GNU ID or XGID").fill("not an id")
    page.get_by_role("button", name="Set up").click()
    assert "not a position ID" in page.locator("#notice").text_content()
    page.get_by_label("Paste a GNU ID or XGID").fill("XGID=-A---------------------ab-:0:0:1:00:0:0:0:0:10")
    page.get_by_role("button", name="Set up").click()
    counts = H.counts(page)
    assert {k: v for k, v in counts.items() if v} == {"1": 1, "off": 14, "24": -2, "23": -1, "opp-off": -12}
    # The person (our player 0) is on roll: GNU Backgammon's player 1, the one it shows at the bottom too.
    assert page.locator("#gnubg-id").text_content() == "CwAAEAAAAAAAAA:cAkAAAAAAAAA"
    # The person rolls and bears off the last checker: the game is over.
    assert H.play_to_game_over(page) <= 4
    assert page.locator("#dlg-over [data-result]").get_attribute("data-result").startswith("0:")
    assert not page.locator("#over-next").is_visible()  # a practice position has no next game


def test_tooltips_on_the_tray_and_the_cube(table):
    page = table
    page.locator('#board [data-point="off"]').hover()
    tip = page.locator("#tip")
    assert tip.is_visible() and tip.text_content() == "Your tray: 0 borne off, 15 to go"
    page.locator("[data-cube]").focus()
    assert tip.text_content() == "Doubling cube at 1, in the middle: either player may double"
    page.locator("#badge-top").hover()
    assert tip.text_content() == "This seat is played by the computer"


def test_on_a_phone_the_board_turns_and_points_are_rows_you_can_tap(table):
    page = table
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        box = H.point(page, "8").bounding_box()
        assert box["width"] > 2 * box["height"]  # a row across the screen
        frame = page.locator(".board-frame").bounding_box()
        assert frame["width"] <= 390 and frame["height"] > frame["width"]
        H.point(page, "8").click()
        H.ring(page, "5").click()
        counts = H.counts(page)
        assert counts["8"] == 2 and counts["5"] == 1
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_portuguese_when_the_browser_prefers_it(browser, base_url):
    guard = Guard()
    context = browser.new_context(locale="pt-BR")
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(base_url + f"?seed={H.SEED}&clock=0&pace=0")
        wait_ready(page)
        assert page.locator("html").get_attribute("lang") == "pt-BR"
        for name in ("Desfazer", "Pronto", "Novo jogo"):
            assert page.get_by_role("button", name=name, exact=True).count() == 1
        assert "Sua jogada" in page.locator("#status").text_content()
        page.goto(base_url + f"?lang=en&seed={H.SEED}&clock=0&pace=0")  # ?lang= wins
        wait_ready(page)
        assert page.get_by_role("button", name="New game", exact=True).count() == 1
    finally:
        context.close()
    guard.check()
