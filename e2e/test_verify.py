"""The "Verify a game" page, offline: it accepts a good record and rejects each tampered one with a visible reason."""
from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest

from game import record as rec
from rules import dice
from rules.movegen import legal_plays
from rules.notation import format_play, parse_play
from rules.position import Position
from conftest import wait_ready


def played_game(base: int) -> dict:
    """A money game to the end between two players who pick random legal plays (CPython, like the table)."""
    rng = random.Random(base)
    gd = dice.GameDice(hashlib.sha256(b"e2e %d" % base).digest())
    b = rec.RecordBuilder(players=[{"name": "Ana <b>", "kind": "human"},
                                   {"name": "Bot", "kind": "bot", "level": "easy"}], fingerprint=gd.fingerprint)
    pairs = gd.opening()
    for pair in pairs:
        b.opening_roll(*pair)
    turn, roll, pos = (0 if pairs[-1][0] > pairs[-1][1] else 1), pairs[-1], Position.initial()
    while True:
        options = legal_plays(pos, roll)
        rng.shuffle(options)
        play, after = (), pos
        for candidate, result in options:
            try:  # a play the rules engine writes and reads back the same (see tests/game/test_record_verify.py)
                parse_play(format_play(candidate), pos, roll)
                play, after = candidate, result
                break
            except ValueError:
                pass
        if options and not play:
            return played_game(base + 1000)
        b.play(turn, format_play(play))
        if after.is_over():
            kind = after.winner_kind()
            b.result(turn, kind, {1: "single", 2: "gammon", 3: "backgammon"}[kind])
            b.reveal(gd.seed)
            return b.to_dict()
        pos, turn = after.swapped(), 1 - turn
        roll = gd.roll()
        b.roll(turn, *roll)


@pytest.fixture(scope="module")
def good() -> dict:
    return played_game(3)


def tampered(good: dict, how: str) -> str:
    r = copy.deepcopy(good)
    game = r["games"][0]
    if how == "die":
        i = [i for i, a in enumerate(game["actions"]) if a["type"] == "roll"][4]
        d1, d2 = game["actions"][i]["dice"]
        game["actions"][i]["dice"] = [d1, d2 % 6 + 1]
    elif how == "play":
        i = [i for i, a in enumerate(game["actions"]) if a["type"] == "play"][5]
        game["actions"][i]["play"] = "6/off"
    elif how == "seed":
        game["dice"]["seed"] = hashlib.sha256(b"not the seed").hexdigest()
    return json.dumps(r)


def verify_text(page, text: str) -> None:
    page.fill("#record-text", text)
    page.get_by_role("button", name="Verify").click() if page.locator("html[lang=en]").count() else \
        page.click("#verify-button")
    page.wait_for_selector("#verdict[data-verdict]")


def go_offline(context, page, base_url, ready) -> None:
    page.goto(base_url + "verify.html?lang=en")
    ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.onLine") is False


def test_offline_verify_good_and_tampered(context, page, base_url, ready, good):
    go_offline(context, page, base_url, ready)
    verdict = page.locator("#verdict")
    label = page.get_by_label("Paste a game record (JSON)")
    assert label.count() == 1

    verify_text(page, json.dumps(good))
    assert verdict.get_attribute("data-verdict") == "ok"
    assert "Verified" in verdict.inner_text()
    throws = sum(a["type"] in ("opening_roll", "roll") for a in good["games"][0]["actions"])
    assert page.locator("#rolls tbody tr").count() == throws
    assert page.locator('#rolls tr[data-roll="ok"]').count() == throws
    assert page.locator("#reasons li").count() == 0
    fp = good["games"][0]["dice"]["fingerprint"]
    assert fp in page.locator("#games").inner_text()
    assert good["games"][0]["dice"]["seed"] in page.locator("#games").inner_text()
    assert "Ana <b>" in page.locator("#rolls").inner_text()  # untrusted text shown as text, never as HTML
    assert page.locator("#result b").count() == 0
    assert "Chi-square" in page.locator("#stats").inner_text()
    faces = [int(page.locator(f'#stats td[data-face="{f}"]').inner_text()) for f in range(1, 7)]
    assert sum(faces) == 2 * throws

    cases = [
        ("die", "but the seed gives"),
        ("play", "'6/off' is not a legal play"),
        ("seed", "the seed does not match the fingerprint"),
    ]
    for how, words in cases:
        verify_text(page, tampered(good, how))
        assert verdict.get_attribute("data-verdict") == "fail", how
        assert "Not verified" in verdict.inner_text()
        reasons = page.locator("#reasons")
        assert reasons.is_visible()
        assert words in reasons.inner_text(), (how, reasons.inner_text())
        if how == "die":
            assert page.locator('#rolls tr[data-roll="bad"]').count() == 1
        if how == "seed":
            assert page.locator('#rolls tr[data-roll="unchecked"]').count() == throws

    for text, words in [("this is not json", "not JSON"), ('{"format": "gamao-record", "version": 9}',
                                                          "version 9 is not supported"), ("", "empty")]:
        verify_text(page, text)
        assert verdict.get_attribute("data-verdict") == "fail"
        assert words in page.locator("#reasons").inner_text()
    # every game checked on this page counts in the statistics over many games
    assert "1 game," in page.locator("#session").inner_text()


def test_file_input_several_records_in_portuguese(page, base_url, ready, good):
    page.goto(base_url + "verify.html?lang=pt")
    ready(page)
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    assert page.get_by_label("Cole o registro de um jogo (JSON)").count() == 1
    files = page.get_by_label("Ou abra arquivos de registro")
    files.set_input_files([
        {"name": "bom.json", "mimeType": "application/json", "buffer": json.dumps(good).encode()},
        {"name": "outro.json", "mimeType": "application/json", "buffer": json.dumps(played_game(11)).encode()},
    ])
    page.wait_for_selector("#verdict[data-verdict]")
    assert page.locator("#verdict").get_attribute("data-verdict") == "ok"
    assert "Verificado" in page.locator("#verdict").inner_text()
    files.set_input_files([
        {"name": "bom.json", "mimeType": "application/json", "buffer": json.dumps(good).encode()},
        {"name": "mexido.json", "mimeType": "application/json", "buffer": tampered(good, "die").encode()},
    ])
    page.wait_for_selector('#verdict[data-verdict="fail"]')
    reasons = page.locator("#reasons").inner_text()
    assert "mexido.json" in reasons and "mas a semente dá" in reasons
    assert "2 jogos" in page.locator("#session").inner_text()


def test_language_follows_the_browser(browser, base_url, guard):
    context = browser.new_context(locale="pt-BR")
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    page.goto(base_url + "verify.html")
    wait_ready(page)
    assert page.locator("#title").inner_text() == "Verificar um jogo"
    context.close()
