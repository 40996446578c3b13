"""Steps that work the same in any browser driver with ``evaluate``, ``wait_for_function`` and ``click(selector)``:
a Playwright page wrapped in :class:`PlaywrightPage`, or a Firefox page (tools/site/firefox_page.py). Used by
e2e/test_firefox.py and tools/bench/bench_browsers.py (which imports it as ``e2e.any_browser``)."""
from __future__ import annotations

import time

from e2e.helpers import UI_STATE_JS

READY = "() => document.documentElement.hasAttribute('data-ready')"
LOADED = "() => document.documentElement.hasAttribute('data-loaded')"
OFFLINE = "() => document.documentElement.hasAttribute('data-offline')"
INVITE = "() => (document.getElementById('peer-invite') || {value: ''}).value.includes('#join=')"
ANSWER = "() => (document.getElementById('peer-answer') || {value: ''}).value.length > 20"
COUNTS_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-point]')]
    .map(e => [e.dataset.point, Number(e.dataset.count)]))"""
TABLE_MS = "() => performance.getEntriesByName('gamao:table')[0].startTime"  # just before html[data-ready]


class PlaywrightPage:
    """A Playwright page with the calls of tools/site/firefox_page.FirefoxPage."""

    def __init__(self, page) -> None:
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, js: str, arg=None):
        return self.page.evaluate(js, arg)

    def wait_for_function(self, js: str, arg=None, timeout: float = 60_000) -> None:
        self.page.wait_for_function(js, arg=arg, timeout=timeout)

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def fill(self, selector: str, text: str) -> None:
        self.page.locator(selector).first.fill(text)


def ui_state(page) -> str:
    return page.evaluate(UI_STATE_JS)


def wait_for_turn(page, timeout: float = 60_000) -> str:
    page.wait_for_function(f"() => ({UI_STATE_JS})() !== 'wait'", timeout=timeout)
    return ui_state(page)


def act(page, state: str) -> None:
    """What a person does in this state: roll, play the first offered move, take, press Done."""
    if state == "answer":  # the bot offers to resign: declined, so the game is played out
        page.click("#resign-decline")
    elif state == "roll":
        page.click("#btn-roll")
    elif state == "take":
        page.click("#btn-take")
    elif state == "move":
        page.click("#board [data-movable]")
        page.click("#board [data-dest]")
    elif state == "done":
        page.click("#btn-done")


def mirror(c: dict) -> dict:
    """The other player's view of a board (see e2e/test_peer.py)."""
    out = {str(25 - int(k)): -v for k, v in c.items() if k.isdigit()}
    for a, b in (("bar", "opp-bar"), ("off", "opp-off")):
        out[a], out[b] = -c[b], -c[a]
    return out


def play_the_bot(page, bot_turns: int) -> None:
    """Play against the bot (a page on a game against it) until the bot has moved its checkers ``bot_turns``
    times."""
    moved = 0
    for _ in range(60):
        state = wait_for_turn(page)
        assert state != "over", "the game ended in a few moves"
        before = page.evaluate(COUNTS_JS)
        act(page, state)
        if state == "done":
            page.wait_for_function("() => !document.querySelector('#btn-done:not([hidden])')")
            wait_for_turn(page)
            moved += page.evaluate(COUNTS_JS) != before
            if moved >= bot_turns:
                return
    raise AssertionError(f"the bot moved {moved} times")


def connect(host, guest, guest_goto) -> tuple:
    """Host invites (its dialog must be open), the guest opens the link (``guest_goto(link)``) and answers, the
    host connects; returns (invite link, answer code, seconds from Connect to the dice on both boards)."""
    host.wait_for_function(INVITE)
    link = host.evaluate("() => document.getElementById('peer-invite').value")
    guest_goto(link)
    guest.wait_for_function(READY, timeout=120_000)
    guest.wait_for_function(ANSWER)
    code = guest.evaluate("() => document.getElementById('peer-answer').value")
    host.fill("#peer-answer-in", code)
    t0 = time.perf_counter()
    host.click("#peer-connect")
    for page in (host, guest):
        page.wait_for_function("() => document.querySelector('[data-dice]') !== null", timeout=30_000)
    return link, code, time.perf_counter() - t0


def one_peer_turn(host, guest) -> None:
    """Whoever may act plays until their turn ends; then both boards show the same position."""
    deadline = time.time() + 90
    while time.time() < deadline:
        for page in (host, guest):
            state = ui_state(page)
            if state not in ("wait", "over"):
                act(page, state)
                if state == "done":
                    for _ in range(100):  # the move reaches the other side
                        if host.evaluate(COUNTS_JS) == mirror(guest.evaluate(COUNTS_JS)):
                            return
                        time.sleep(0.1)
                    raise AssertionError((host.evaluate(COUNTS_JS), guest.evaluate(COUNTS_JS)))
                break
        time.sleep(0.1)
    raise AssertionError("no turn was played")
