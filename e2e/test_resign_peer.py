"""Resigning in a peer game, in two browser contexts: one player offers, the other declines (the game goes on),
then the other player offers and the first accepts; both pages end the game the same way and keep a record that
verifies."""
from __future__ import annotations

from helpers import play_turn, ui_state
from test_peer import _boards_agree, _connect, _revealed_record, peer_context  # noqa: F401  (the fixture is used by name)


def _offer(page, kind: str) -> None:
    page.get_by_role("button", name="Resign", exact=True).click()
    dialog = page.locator("#dlg-resign")
    dialog.get_by_role("radio", name=kind, exact=True).check()
    dialog.get_by_role("button", name="Offer", exact=True).click()


def _answer(page, button: str) -> None:
    page.wait_for_function("() => document.getElementById('dlg-resign-answer').open", timeout=30_000)
    page.locator("#dlg-resign-answer").get_by_role("button", name=button, exact=True).click()


def _can_resign(page) -> bool:
    return page.get_by_role("button", name="Resign", exact=True).is_visible()


def test_a_peer_game_resigned_both_ways(peer_context, new_page, base_url):  # noqa: F811 (the fixture)
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    _boards_agree(host, guest)
    for _ in range(300):  # the opener (whoever it is) may resign at once, once the opening has settled: the one
        # page offers Resign while the other waits (while the opening throw is exchanged both may show it briefly)
        first = next((p for p, q in ((host, guest), (guest, host)) if _can_resign(p) and ui_state(q) == "wait"),
                     None)
        if first is not None:
            break
        host.wait_for_timeout(100)
    assert first is not None
    other = guest if first is host else host
    _offer(first, "Gammon")
    _answer(other, "Decline")
    first.wait_for_function("() => document.getElementById('status').textContent.includes('declines')",
                            timeout=30_000)
    assert not first.get_by_role("button", name="Resign", exact=True).is_visible()  # one offer a turn
    # play on until the other player may resign; it offers a single game and the first player accepts
    for _ in range(200):
        if _can_resign(other) and ui_state(other) == "roll":
            break
        for page in (first, other):
            if ui_state(page) != "wait":
                play_turn(page)
                break
        else:
            first.wait_for_timeout(100)
    assert _can_resign(other)
    _offer(other, "Single game")
    _answer(first, "Accept")
    for page in (host, guest):
        page.wait_for_function("() => document.getElementById('dlg-over').open", timeout=30_000)
    rf = first.locator("#dlg-over [data-result]").get_attribute("data-result").split(":")
    ro = other.locator("#dlg-over [data-result]").get_attribute("data-result").split(":")
    assert rf[:2] == ["0", "1"] and ro[:2] == ["1", "1"]  # each seen from its own side: the first player won 1
    from game.verify import verify_record
    records = [_revealed_record(page) for page in (host, guest)]
    assert records[0] == records[1]
    game0 = records[0]["games"][0]
    assert game0["result"]["kind"] == "resign" and game0["actions"][-1]["type"] == "resign"
    assert not any(a["type"] == "resign" for a in game0["actions"][:-1])  # the declined offer is not recorded
    verdict = verify_record(records[0])
    assert verdict.ok, verdict.problems
