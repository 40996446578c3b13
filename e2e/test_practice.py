"""Practice in real Chromium: a list imported (a bad file refused first), a roll answered by clicking the
checkers, a cube decision answered by keyboard, and the schedule kept across a reload."""
import json

import helpers as H
import rules
from game import practice as P

START = rules.Position.initial().to_id()
BEST_31 = "4HPwATCwZ/ABMA"   # 8/5 6/5
OTHER_31 = "4HPwATDgc+IBKA"  # 24/23 13/10


def deck() -> dict:
    move = {"player": 0, "kind": "move", "action": 1, "position_id": START, "dice": [3, 1], "played": OTHER_31,
            "best": BEST_31, "loss": 0.12, "forced": False, "mark": "bad", "play": "24/23 13/10",
            "best_play": "8/5 6/5", "top": [{"play": "8/5 6/5", "position_id": BEST_31, "equity": 0.15},
                                            {"play": "24/23 13/10", "position_id": OTHER_31, "equity": 0.03}]}
    double = {"player": 0, "kind": "double", "action": 7, "position_id": START, "dice": None,
              "played": "no_double", "best": "double", "loss": 0.2, "forced": False, "mark": "very bad",
              "equities": {"no_double": 0.6, "double_take": 0.8, "double_pass": 1.0}}
    d = P.opt_in(P.new_deck(), "Ana")
    d = P.collect(d, {"players": [{"name": "Ana"}, {"name": "Bot"}]}, {"games": [{"decisions": [move]}]}, "r1", 0)
    return P.collect(d, {"players": [{"name": "Ana"}, {"name": "Bot"}]}, {"games": [{"decisions": [double]}]},
                     "r2", 1)


def _open(page):
    H.open_menu(page)
    page.locator("#btn-practice").click()
    page.wait_for_selector("#practice", state="visible")


def test_practice_round_by_clicks_and_keyboard_survives_a_reload(page, base_url, ready, guard, tmp_path):
    H.open_table(page, base_url, ready)
    page.evaluate("localStorage.removeItem('gamao.practice')")
    _open(page)
    panel = page.locator("#practice")
    assert panel.get_attribute("data-total") == "0"
    assert "Nothing to practise" in page.locator("#practice-question").text_content()
    page.locator("#practice-settings summary").click()
    # a bad file: refused with the reason, nothing changes
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "gamao-practice", "version": 1, "players": [], "items": [{"id": 3}]}))
    page.set_input_files("#practice-import", str(bad))
    page.wait_for_function("document.querySelector('#practice').dataset.import === 'refused'")
    assert "nothing changed" in page.locator("#practice-msg").text_content()
    assert page.evaluate("localStorage.getItem('gamao.practice')") is None
    good = tmp_path / "practice.json"
    good.write_text(P.to_json(deck()))
    page.set_input_files("#practice-import", str(good))
    page.wait_for_function("document.querySelector('#practice').dataset.import === 'ok'")
    assert panel.get_attribute("data-total") == "2" and "Ana" in page.locator("#practice-players").text_content()
    # the roll first (due first): played with the checkers, by clicks
    page.locator("#btn-practice-next").click()
    page.wait_for_function("document.querySelector('#practice').dataset.kind === 'move'")
    assert "3-1" in page.locator("#practice-question").text_content()
    assert H.wait_for_turn(page) == "move"
    H.play_by_clicks(page, ("8", "5"), ("6", "5"))
    page.wait_for_function("document.querySelector('#practice').dataset.verdict === 'right'")
    lines = page.locator("#practice-feedback li").all_text_contents()
    assert lines[0] == "8/5 6/5 (equity +0.150)" and lines[-1] == "Your play: 8/5 6/5"
    # the cube decision next, by keyboard: Next, then Roll (not doubling: wrong here)
    page.locator("#btn-practice-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#practice').dataset.kind === 'double'")
    assert H.wait_for_turn(page) == "roll"
    page.locator("#btn-roll").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#practice').dataset.verdict === 'wrong'")
    lines = page.locator("#practice-feedback li").all_text_contents()
    assert lines[0] == "Best: double" and lines[-1] == "You chose: no double"
    # both rescheduled: nothing due now, and so after a reload
    assert panel.get_attribute("data-due") == "0"
    page.reload()
    ready(page)
    _open(page)
    assert panel.get_attribute("data-due") == "0" and panel.get_attribute("data-total") == "2"
    saved = json.loads(page.evaluate("localStorage.getItem('gamao.practice')"))
    by_kind = {it["kind"]: it for it in saved["items"]}
    assert by_kind["move"]["right"] == 1 and by_kind["move"]["interval"] == P.FIRST
    assert by_kind["double"]["wrong"] == 1 and by_kind["double"]["interval"] == 0
    assert "Nothing to practise" in page.locator("#practice-question").text_content()
    guard.check()


def test_practice_panel_in_portuguese_on_a_phone(page, base_url, ready, guard):
    H.open_table(page, base_url, ready, lang="pt")
    H.resize(page, {"width": 360, "height": 740})
    H.open_menu(page)
    assert page.locator("#btn-practice").text_content() == "Treinar"
    page.locator("#btn-practice").click()
    page.wait_for_selector("#practice", state="visible")
    assert page.locator("#practice-title").text_content() == "Treine seus erros"
    page.locator("#practice-settings summary").click()
    for sel in ("#btn-practice-next", "#btn-practice-close", "#practice-name", "#btn-practice-optin",
                "#btn-practice-export", "#practice-import"):
        b = page.locator(sel).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, sel
    page.fill("#practice-name", "Zé")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the opt-in button, by keyboard
    assert "Zé" in page.locator("#practice-players").text_content()
    guard.check()
