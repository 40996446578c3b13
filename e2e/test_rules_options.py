"""The rules' options of a money game: "Jacoby rule" and "Beavers" in the New game dialog, remembered, shown on
the table, and honoured by it (a beaver answers a double, the XGID carries both, the record names them); a
match offers neither and says its Crawford rule instead."""
from __future__ import annotations

import json

import helpers as H


def start_two_players(page, jacoby: bool, beavers: bool) -> None:
    H.open_menu(page)
    page.get_by_role("button", name="New game", exact=True).first.click()
    dialog = page.locator("#dlg-new")
    dialog.get_by_label("Two people on this device").check()
    dialog.get_by_label("Money game").check()
    dialog.get_by_label("Jacoby rule").set_checked(jacoby)
    dialog.get_by_label("Beavers").set_checked(beavers)
    dialog.get_by_role("button", name="Start").click()


def white_opens_and_black_doubles(page) -> None:
    assert H.wait_for_turn(page) == "move"
    for src, dest in (("8", "5"), ("6", "5")):
        H.point(page, src).click()
        H.ring(page, dest).click()
    page.locator("#btn-done").click()
    assert H.wait_for_turn(page) == "roll"
    page.get_by_role("button", name="Double", exact=True).click()
    assert H.wait_for_turn(page) == "take"


def test_jacoby_and_beavers_chosen_remembered_and_honoured(page, base_url, ready):
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    start_two_players(page, jacoby=True, beavers=True)
    assert "Jacoby rule · Beavers" in page.locator("#score").text_content()
    assert page.locator("#xgid").text_content().split(":")[7] == "3"  # money: 1 Jacoby + 2 beavers
    white_opens_and_black_doubles(page)
    beaver = page.get_by_role("button", name="Beaver", exact=True)
    assert beaver.is_visible()
    beaver.click()
    cube = page.locator("#board .cube")
    assert (cube.get_attribute("data-cube"), cube.get_attribute("data-owner")) == ("4", "bottom")
    assert "beaver" in page.locator("#notice").text_content().lower()
    record = json.loads(page.evaluate("localStorage.getItem('gamao.table')"))
    assert record["options"]["jacoby"] is True and record["options"]["beavers"] is True
    # remembered for the next New game, after a reload too
    page.reload()
    ready(page)
    H.open_menu(page)
    page.get_by_role("button", name="New game", exact=True).first.click()
    dialog = page.locator("#dlg-new")
    assert dialog.get_by_label("Jacoby rule").is_checked() and dialog.get_by_label("Beavers").is_checked()
    # a match: neither is offered, and the Crawford rule is said
    dialog.get_by_label("Match", exact=True).check()
    assert dialog.get_by_label("Jacoby rule").is_disabled() and dialog.get_by_label("Beavers").is_disabled()
    assert "Crawford" in page.locator("#ng-crawford-help").text_content()
    assert page.locator("#ng-crawford-help").is_visible()
    dialog.get_by_label("Match to (points)").fill("3")
    dialog.get_by_role("button", name="Start").click()
    H.wait_for_turn(page)
    assert page.locator("#xgid").text_content().split(":")[7] == "0"  # a match's field: the Crawford flag
    assert "Jacoby" not in page.locator("#score").text_content()


def test_without_beavers_a_double_is_only_taken_or_passed(page, base_url, ready):
    H.open_table(page, base_url, ready)
    H.wait_for_turn(page)
    start_two_players(page, jacoby=False, beavers=False)
    assert page.locator("#xgid").text_content().split(":")[7] == "0"
    assert "Jacoby" not in page.locator("#score").text_content()
    white_opens_and_black_doubles(page)
    assert page.get_by_role("button", name="Take", exact=True).is_visible()
    assert page.locator("#btn-beaver").is_hidden()
    assert page.locator("#board .cube").get_attribute("data-cube") == "1"
