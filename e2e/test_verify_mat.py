"""A match file exported by GNU Backgammon, opened on "Verify a game" ("Open a match file"): shown game by game with
its plays checked and its dice reported as not verifiable, then reviewed and analysed; a file that cannot be read
says why and changes nothing."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import game
import rules
from game.export import mat_match
from game import intents as I

pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")

PROBE = pathlib.Path(__file__).parents[1] / "tests" / "gnubg" / "gnubg_probe.py"


@pytest.fixture(scope="module")
def gnubg_mat(tmp_path_factory) -> str:
    """GNU Backgammon's export of a 3-point match between two bots, stopped inside its last game."""
    tmp = tmp_path_factory.mktemp("gnubg_e2e")
    for seed in range(1, 100):  # a match of three games or more
        table = game.Table(game.Options.bots("beginner", seed=f"{seed:064x}", clock=0, match_length=3), now=0)
        while game.drive_bots(table, now=0).phase == game.GAME_OVER:
            table.apply(I.NextGame())
        m = mat_match(table.record())
        if len(m.games) >= 3:
            break
    last = m.games[-1]
    cut = rules.MatGame(last.score, last.actions[:len(last.actions) // 2], None, 0)
    ours = tmp / "ours.mat"
    ours.write_text(rules.write_mat(rules.MatMatch(length=m.length, players=m.players, games=m.games[:-1] + (cut,))))
    job, out, export = tmp / "job.json", tmp / "out.json", tmp / "gnubg.mat"
    job.write_text(json.dumps({"mats": [{"path": str(ours), "export": str(export)}], "ids": []}))
    subprocess.run([sys.executable, str(PROBE), str(job), str(out)], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=True, cwd=tmp)
    return export.read_text()


def test_a_gnubg_match_file_is_shown_reviewed_and_analysed(page, base_url, ready, gnubg_mat):
    record = game.import_match(gnubg_mat)
    games = len(record["games"])
    throws = sum(a["type"] in ("opening_roll", "roll") for g in record["games"] for a in g["actions"])
    page.goto(base_url + "verify.html?lang=en")
    ready(page)
    files = page.get_by_label("Open a match file")
    files.set_input_files({"name": "gnubg.mat", "mimeType": "text/plain", "buffer": gnubg_mat.encode()})
    verdict = page.locator("#verdict")
    page.wait_for_selector("#verdict[data-verdict]")
    assert verdict.get_attribute("data-verdict") == "unverified"
    assert "the dice cannot be verified" in verdict.inner_text()
    assert page.locator("#reasons li").count() == 0
    assert page.locator("#games section").count() == games > 1
    assert page.locator("#games").inner_text().count("no seed: the dice cannot be verified") == games
    assert "not finished" in page.locator("#games section").last.inner_text()
    assert page.locator('#rolls tr[data-roll="unchecked"]').count() == throws
    assert page.locator("#match-error").is_hidden()

    # a file that cannot be read: the reason with its line, the shown match unchanged
    bad = gnubg_mat.replace("Game 2", "Game 7", 1)
    files.set_input_files({"name": "bad.mat", "mimeType": "text/plain", "buffer": bad.encode()})
    error = page.locator("#match-error")
    error.wait_for(state="visible")
    assert "cannot be read" in error.inner_text() and "line " in error.inner_text()
    assert error.get_attribute("role") == "alert"
    assert verdict.get_attribute("data-verdict") == "unverified"
    assert page.locator("#games section").count() == games

    # reviewed on the table's page, and analysed there
    files.set_input_files({"name": "gnubg.mat", "mimeType": "text/plain", "buffer": gnubg_mat.encode()})
    page.wait_for_function("document.querySelector('#match-error').hidden")
    link = page.locator("#verify-review")
    link.wait_for(state="visible")
    link.click()
    from conftest import wait_ready
    wait_ready(page)
    page.wait_for_selector("#dlg-review[open]")
    assert page.locator("#review-step").text_content().startswith("Game 1")
    note = page.locator("#review-dice-note")
    assert note.is_visible() and "its dice cannot be verified" in note.text_content()
    page.locator("#review-depth").select_option("quick")
    page.locator("#review-analyse").click()
    page.wait_for_function("document.querySelector('#dlg-review').dataset.analysed === 'quick'", timeout=300_000)
    assert page.locator("#review-graph svg circle").count() > 10


def test_open_a_match_file_in_portuguese_on_a_phone(browser, base_url, gnubg_mat):
    """On a phone, in Portuguese: the match is shown without sideways scrolling, and axe-core finds nothing (the
    page's CSP is bypassed only to inject axe)."""
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    from test_a11y import axe_violations
    guard = Guard()
    context = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    try:
        page.goto(base_url + "verify.html?lang=pt")
        wait_ready(page)
        files = page.get_by_label("Abrir um arquivo de partida")
        files.set_input_files({"name": "gnubg.mat", "mimeType": "text/plain", "buffer": gnubg_mat.encode()})
        page.wait_for_selector('#verdict[data-verdict="unverified"]')
        assert "os dados não podem ser verificados" in page.locator("#verdict").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
        assert axe_violations(page) == []
        files.set_input_files({"name": "x.mat", "mimeType": "text/plain", "buffer": b"not a match"})
        page.locator("#match-error").wait_for(state="visible")
        assert "Não foi possível ler este arquivo de partida" in page.locator("#match-error").inner_text()
        assert axe_violations(page) == []
        guard.check()
    finally:
        context.close()
