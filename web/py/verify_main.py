"""Wiring of web/verify.html: read a pasted or opened record, verify it with game.verify, show the verdict. A match
file (.mat) is turned into a record by game.import_match first."""
import json
import time

from pyscript import document, when, window

from game.dice_stats import DiceStats, dice_stats
from game.mat_import import import_match
from game.verify import verify_record
from rules import MatFormatError
from ui import history, verify_view

lang = verify_view.pick_lang(str(window.location.search), str(window.navigator.language or ""))
view = verify_view.VerifyView(document, lang)
view.translate_page()

# Dice of every game checked on this page, by game (fingerprint and seed), for the chi-square over many games.
session: dict = {}


def game_stats(verdict) -> dict:
    """Per game whose every throw matched its seed: its fingerprint and the statistics of its dice."""
    out = {}
    for game in verdict.games:
        rolls = [r for r in verdict.rolls if r.game == game["index"]]
        if rolls and all(r.ok for r in rolls):
            out[game["fingerprint"]] = dice_stats(r.recorded for r in rolls)
    return out


def check(named_texts: list) -> None:
    view.status("working")
    start = time.perf_counter()
    results = []
    for name, text in named_texts:
        verdict = verify_record(text)
        results.append((name, verdict.record, verdict))
    elapsed = (time.perf_counter() - start) * 1000
    for _, _, verdict in results:
        session.update(game_stats(verdict))
    total = DiceStats()
    for stats in session.values():
        total = total.merge(stats)
    view.render(results, total, len(session), elapsed)
    offer_review(named_texts, results)
    view.status("ready")


def offer_review(named_texts: list, results: list) -> None:
    """One record that replays: the table page can review it (it reads it from localStorage)."""
    link = document.getElementById("verify-review")
    games = [v.games for _, _, v in results]
    ok = len(results) == 1 and isinstance(results[0][1], dict) and bool(games[0])
    if ok:
        try:
            window.localStorage.setItem("gamao.review", named_texts[0][1])
        except Exception:  # storage disabled: no review from here
            ok = False
    link.hidden = not ok
    link.setAttribute("href", f"index.html?lang={lang}&review=1")


@when("submit", "#verify-form")
def on_submit(event):
    event.preventDefault()
    check([("", str(document.getElementById("record-text").value))])


@when("change", "#record-file")
async def on_files(event):
    files = event.target.files
    named = []
    for i in range(files.length):
        file = files.item(i)
        named.append((str(file.name), str(await file.text())))
    if named:
        check(named)


@when("change", "#match-file")
async def on_match_file(event):
    """A .mat file: its record is checked and shown like any record (its dice cannot be verified), and offered
    for review. A file that cannot be read changes nothing but the error line."""
    files = event.target.files
    if not files.length:
        return
    file = files.item(0)
    error = document.getElementById("match-error")
    try:
        record = import_match(str(await file.text()))
    except MatFormatError as exc:
        error.textContent = view.t("match_error", why=str(exc))
        error.hidden = False
        return
    error.hidden = True
    error.textContent = ""
    check([(str(file.name), json.dumps(record, ensure_ascii=False))])


document.getElementById("verify-button").removeAttribute("disabled")
view.status("ready")


def _stored(key: str):
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage disabled
        return None
    return value if isinstance(value, str) else None


# Opened from the table with a stored record (?record=last, #history=<n>): fill it in and check it at once.
prefill = history.prefill_text(str(window.location.search), str(window.location.hash), _stored)
if prefill:
    document.getElementById("record-text").value = prefill
    check([("", prefill)])
document.documentElement.setAttribute("data-ready", "")
document.documentElement.setAttribute("data-loaded", "")  # nothing more to load: app.js completes the cache
