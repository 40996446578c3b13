"""Shared helpers for the table's browser tests: open a seeded table, read what it shows, play by clicking.

The page's test contract is in docs/testing.md.
"""
from __future__ import annotations

import hashlib

SEED = "ab" * 32  # the human (bottom) opens this game with 3-1
SEED_FP = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
POINTS = [str(n) for n in range(1, 25)] + ["bar", "opp-bar", "off", "opp-off"]

# What the person at the table can do now: "over" (game-over dialog open), "answer" (a resignation offered to
# them, the answer dialog open), "take" (a double to answer),
# "roll", "move" (a checker can be lifted), "done" (Done enabled, nothing to move), or "wait" (bot/animation).
UI_STATE_JS = """() => {
  const over = document.querySelector('#dlg-over');
  if (over && over.open) return 'over';
  const answer = document.querySelector('#dlg-resign-answer');
  if (answer && answer.open) return 'answer';
  const shown = id => { const b = document.getElementById(id); return b && !b.hidden && !b.disabled; };
  if (shown('btn-take')) return 'take';
  if (shown('btn-roll')) return 'roll';
  if (document.querySelector('#board [data-movable]')) return 'move';
  if (shown('btn-done')) return 'done';
  return 'wait';
}"""


def table_url(base_url: str, seed: str = SEED, lang: str = "en", clock: int = 0, pace: int = 0, **extra) -> str:
    query = f"?lang={lang}&seed={seed}&clock={clock}&pace={pace}"
    for key, value in extra.items():
        query += f"&{key}={value}"
    return base_url + query


def open_table(page, base_url: str, ready, **kw) -> None:
    page.goto(table_url(base_url, **kw))
    ready(page)


def open_shared(browser, url: str):
    """A page to share between the tests of a module (booting is the slow part), under the same guards as
    conftest's ``page`` fixture: returns (context, page, guard); call ``guard.check()`` after each test."""
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context()
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    page.goto(url)
    wait_ready(page)
    return context, page, guard


def fresh_game(page, guard, opponent: str = "bot", level: str = "intermediate", match: int = 0) -> None:
    """Reset a shared page for the next test: close dialogs, put any checker down, start a new game."""
    guard.foreign.clear()
    guard.errors.clear()
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    page.keyboard.press("Escape")
    new_game(page, opponent, level, match)


def ui_state(page) -> str:
    return page.evaluate(UI_STATE_JS)


def wait_for_turn(page, timeout: float = 60_000) -> str:
    """Wait until the person at the table can act (or the game is over); return what they can do."""
    page.wait_for_function(f"({UI_STATE_JS})() !== 'wait'", timeout=timeout)
    return ui_state(page)


def counts(page) -> dict:
    """Signed checker counts of every slot as the board shows them."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board [data-point]')]
        .map(e => [e.dataset.point, Number(e.dataset.count)]))""")


def movable(page) -> list:
    return page.evaluate("() => [...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point)")


def dests(page) -> list:
    """The rings shown: (slot, label) pairs."""
    return page.evaluate("""() => [...document.querySelectorAll('#board [data-dest]')]
        .map(e => [e.dataset.dest, e.textContent])""")


def point(page, slot: str):
    return page.locator(f'#board [data-point="{slot}"]')


def ring(page, slot: str):
    return page.locator(f'#board [data-dest="{slot}"]')


def play_by_clicks(page, *moves: tuple) -> None:
    """Play ``(from, to)`` checker steps by clicking the point, then the ring; then Done."""
    for frm, to in moves:
        point(page, frm).click()
        ring(page, to).click()
    page.locator("#btn-done").click()


def click_first_move(page) -> None:
    """Lift the first movable checker and play it to its first destination."""
    page.locator("#board [data-movable]").first.click()
    page.locator("#board [data-dest]").first.click()


def resize(page, size: dict) -> None:
    """Set the viewport and let the page answer it: a media query's change event (web/py/ui/compact.py moves
    the table's extras into the Menu on it) is fired in the next rendering update, not by the resize itself, so
    wait two animation frames; without that, a check made at once sees the new styles on the old placement."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_menu(page) -> None:
    """On a phone (or a short screen) the top bar's actions are in the Menu popover: open it if it is there."""
    if page.locator("#btn-menu").is_visible() and not page.locator("#menu").is_visible():
        page.locator("#btn-menu").click()


def new_game(page, opponent: str = "bot", level: str = "beginner", match: int = 0) -> None:
    """Start a new game through the New game dialog."""
    open_menu(page)
    page.get_by_role("button", name="New game", exact=True).first.click()
    dialog = page.locator("#dlg-new")
    dialog.get_by_label("Two people on this device" if opponent == "human" else "The bot").check()
    if opponent == "bot":
        dialog.get_by_label("Bot level").select_option(level)
    if match:
        dialog.get_by_label("Match", exact=True).check()
        dialog.get_by_label("Match to (points)").fill(str(match))
    else:
        dialog.get_by_label("Money game").check()
    dialog.get_by_role("button", name="Start").click()


def play_turn(page) -> str:
    """Play whatever the person must do next by clicking (first offered destination each time; takes every
    double; never doubles; declines a resignation the bot offers, so the game is played out). Returns the state
    it acted on."""
    state = wait_for_turn(page)
    if state == "answer":
        page.locator("#resign-decline").click()
    elif state == "take":
        page.locator("#btn-take").click()
    elif state == "roll":
        page.locator("#btn-roll").click()
    elif state == "move":
        click_first_move(page)
    elif state == "done":
        page.locator("#btn-done").click()
    return state


def play_to_game_over(page, max_actions: int = 2000) -> int:
    """Click through the game until the game-over dialog opens; returns the number of actions."""
    for n in range(max_actions):
        if play_turn(page) == "over":
            return n
    raise AssertionError("the game did not end")


def position_analysed(page, xgid: str) -> list:
    """Wait for Analyse a position to show ``xgid`` in its field and finish its quick analysis; the candidates
    ``bot.analyse_position`` gives for it (what the rows should show)."""
    import bot
    page.locator("[data-position-view]").wait_for(state="visible")
    assert page.get_by_label("Position to analyse").input_value() == xgid
    page.wait_for_function("document.querySelector('[data-position-view]').dataset.analysed === 'quick'",
                           timeout=120_000)
    return bot.analyse_position(xgid, level="quick")["candidates"]
