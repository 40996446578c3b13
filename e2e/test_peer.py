"""Play a friend, in two browser contexts on 127.0.0.1 (the test contract of docs/peer-protocol.md §7):

"Play a friend" -> the invite link (read-only, labelled "Invite link") -> the guest opens it -> its answer code
(read-only, labelled "Answer code") -> the host pastes it into "Paste answer code" and presses "Connect"; then a
whole game by clicking with both boards compared after every turn (each numbered from its own player's side); a
disconnect mid-game and a resume; a peer that sends an illegal move is refused.
"""
from __future__ import annotations

import json
import pathlib
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import BOOT_TIMEOUT_MS, wait_ready
from helpers import POINTS, UI_STATE_JS, counts, play_turn, ui_state

ROOT = pathlib.Path(__file__).resolve().parent.parent



@pytest.fixture
def peer_context(browser, guard):
    """A context like conftest's, without the service worker (each page talks to the server directly)."""
    made = []

    def make():
        ctx = browser.new_context(service_workers="block")
        ctx.set_default_timeout(BOOT_TIMEOUT_MS)
        guard.watch_context(ctx)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def _mirror(c: dict) -> dict:
    """The other player's view of a board: points 1..24 swapped end to end, bars and trays exchanged, signs
    flipped."""
    out = {str(25 - int(k)): -v for k, v in c.items() if k.isdigit()}
    for a, b in (("bar", "opp-bar"), ("off", "opp-off")):
        out[a], out[b] = -c[b], -c[a]
    return out


def _invite(host) -> str:
    """Open "Play a friend" on the host and return its invite link."""
    host.get_by_role("button", name="Play a friend").click()
    host.wait_for_function("document.getElementById('peer-invite') && document.getElementById('peer-invite')"
                           ".value.includes('#join=')")
    return host.get_by_label("Invite link", exact=True).input_value()


def _answer(guest) -> str:
    guest.wait_for_function("document.getElementById('peer-answer') && "
                            "document.getElementById('peer-answer').value.length > 20")
    return guest.get_by_label("Answer code", exact=True).input_value()


def _connect(peer_context, new_page, base_url):
    host = new_page(peer_context())
    guest = new_page(peer_context())
    host.goto(base_url + "?lang=en&clock=0&pace=0&stun=none")  # stun=none: test-only, no public STUN
    wait_ready(host)
    link = _invite(host)
    assert host.get_by_label("Invite link", exact=True).get_attribute("readonly") is not None
    guest.goto(link)
    wait_ready(guest)
    code = _answer(guest)
    assert guest.get_by_label("Answer code", exact=True).get_attribute("readonly") is not None
    host.get_by_label("Paste answer code", exact=True).fill(code)
    t0 = time.perf_counter()
    host.get_by_role("button", name="Connect", exact=True).click()
    for page in (host, guest):
        page.wait_for_function("document.querySelector('[data-dice]') !== null", timeout=30_000)
    first_roll = time.perf_counter() - t0
    print(f"\npeer: invite link {len(link)} chars, answer code {len(code)} chars, Connect -> first roll "
          f"{first_roll * 1000:.0f} ms")
    return host, guest, link, code


def _boards_agree(host, guest) -> None:
    deadline = time.time() + 20
    while True:
        h, g = counts(host), counts(guest)
        if h == _mirror(g):
            return
        if time.time() > deadline:
            assert h == _mirror(g), (h, g)
        time.sleep(0.1)


def _lost(page) -> bool:
    return page.evaluate("document.documentElement.getAttribute('data-peer')") == "lost"


def _still_can_act(page) -> bool:
    """A state read a moment ago may have passed (a page that was catching up with its peer): check it again
    briefly rather than wait a minute on a page whose turn it is not."""
    try:
        page.wait_for_function(f"({UI_STATE_JS})() !== 'wait'", timeout=2_000)
        return True
    except PlaywrightTimeout:
        return False


def _play_one_turn(host, guest) -> str:
    """Whoever may act plays one action; returns "over" when both show the game over."""
    deadline = time.time() + 60
    while time.time() < deadline:
        assert not (_lost(host) or _lost(guest)), "the connection was lost during the game"
        hs, gs = ui_state(host), ui_state(guest)
        if hs == "over" and gs == "over":
            return "over"
        for page, st in ((host, hs), (guest, gs)):
            if st not in ("wait", "over") and _still_can_act(page):
                try:
                    play_turn(page)
                except PlaywrightTimeout:
                    raise AssertionError(f"a turn did not come: {[_describe(p) for p in (host, guest)]}") from None
                return st
        time.sleep(0.05)
    raise AssertionError(f"nobody could act: {[_describe(p) for p in (host, guest)]}")


def _describe(page) -> tuple:
    """What a page shows, for a failure message."""
    return (page.evaluate("() => window.gamaoPeerInfo ? gamaoPeerInfo() : ''"), ui_state(page),
            page.locator("#notice").text_content(), page.locator("#status").text_content(),
            page.evaluate("document.documentElement.getAttribute('data-peer')"))


def test_invite_answer_connect_and_a_whole_game(peer_context, new_page, base_url):
    host, guest, link, code = _connect(peer_context, new_page, base_url)
    assert "#join=" in link and len(code) < 150
    for page in (host, guest):  # after connecting, the page says how the game runs: here, the local network
        page.wait_for_function("document.documentElement.getAttribute('data-peer-path') === 'local'")
        assert page.locator("#peer-path").text_content() == "Connected directly, over the local network."
    assert set(POINTS) <= set(counts(host))
    _boards_agree(host, guest)
    fp_host = host.locator("[data-fingerprint]").first.get_attribute("data-fingerprint")
    assert fp_host and fp_host == guest.locator("[data-fingerprint]").first.get_attribute("data-fingerprint")
    actions = 0
    turns = 0
    while True:
        did = _play_one_turn(host, guest)
        if did == "over":
            break
        actions += 1
        if did == "done":  # a turn ended: both boards show the same position
            turns += 1
            _boards_agree(host, guest)
        assert actions < 3000
    print(f"peer: a whole game by clicking, {turns} turns, {actions} actions")
    for page in (host, guest):
        result = page.locator("#dlg-over [data-result]").get_attribute("data-result")
        assert result
    # the result, from each side: the winner is "0" (bottom) on exactly one of them
    rh = host.locator("#dlg-over [data-result]").get_attribute("data-result").split(":")
    rg = guest.locator("#dlg-over [data-result]").get_attribute("data-result").split(":")
    assert rh[0] != rg[0] and rh[1:] == rg[1:]
    # both pages keep the record for "Verify a game"; with both chain secrets in it, it verifies
    from game.verify import verify_record
    records = []
    for page in (host, guest):
        records.append(_revealed_record(page))
        seed = page.locator("#dlg-over [data-seed]").get_attribute("data-seed")
        assert seed and len(seed) == 128
    assert records[0] == records[1]
    verdict = verify_record(records[0])
    assert verdict.ok, verdict.problems
    assert records[0]["games"][0]["dice"]["scheme"] == "gamao/peer-dice/v1"
    saved = host.evaluate("localStorage.getItem('gamao.peer')")
    assert saved and json.loads(saved)["format"] == "gamao-peer-session"


def _revealed_record(page) -> dict:
    """The record the page keeps for "Verify a game" (``gamao.last-record``), once both chain secrets are in it."""
    page.wait_for_function("""() => { try {
        const r = JSON.parse(localStorage.getItem('gamao.last-record'));
        return !!(r.games[0].dice.host_secret && r.games[0].dice.guest_secret);
    } catch (e) { return false; } }""")
    return json.loads(page.evaluate("localStorage.getItem('gamao.last-record')"))

def _play_turns(host, guest, n: int) -> None:
    done = 0
    while done < n:
        did = _play_one_turn(host, guest)
        assert did != "over"
        if did == "done":
            done += 1
            _boards_agree(host, guest)


def test_disconnect_and_resume(peer_context, new_page, base_url):
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    _play_turns(host, guest, 4)
    before = counts(host)
    # the guest's tab is closed: the host is told at once, and keeps the game
    guest_context = guest.context
    guest.close()
    host.wait_for_function("document.documentElement.getAttribute('data-peer') === 'lost'", timeout=30_000)
    assert "lost" in host.locator("#notice").text_content()
    assert counts(host) == before
    # a new invite from the host; the guest opens it in a new tab of the same browser (its saved game)
    link = _invite(host)
    guest = new_page(guest_context)
    guest.goto(link)
    wait_ready(guest)
    code = _answer(guest)
    host.get_by_label("Paste answer code", exact=True).fill(code)
    host.get_by_role("button", name="Connect", exact=True).click()
    for page in (host, guest):
        page.wait_for_function("document.documentElement.getAttribute('data-peer') === 'connected'")
    _boards_agree(host, guest)
    assert counts(host) == before  # the same game, where it was
    for page in (host, guest):
        page.wait_for_function("document.getElementById('notice').textContent.includes('continues')")
    _play_turns(host, guest, 3)  # and it goes on


def test_an_invite_link_opened_in_a_tab_already_showing_the_table(peer_context, new_page, base_url):
    """Opening an invite in a tab that is already open changes only the address's fragment (no new page load):
    the table answers it as it answers a page opened with it, and a second invite replaces the first's dialog."""
    host = new_page(peer_context())
    guest = new_page(peer_context())
    for page in (host, guest):
        page.goto(base_url + "?lang=en&clock=0&pace=0&stun=none")
        wait_ready(page)
    first = _invite(host)
    guest.goto(first)  # the same document: a hashchange
    first_answer = _answer(guest)
    assert "#join=" not in guest.url  # dropped from the address, as when the page opens with it
    host.get_by_role("button", name="Close", exact=True).click()
    host.locator("#peer-dialog").wait_for(state="detached")
    second = _invite(host)
    assert second != first
    guest.goto(second)  # another invite while the first one's dialog is still open
    guest.wait_for_function("id => document.getElementById('peer-answer') && "
                            "document.getElementById('peer-answer').value.length > 20 && "
                            "document.getElementById('peer-answer').value !== id", arg=first_answer)
    assert guest.locator("#peer-dialog").count() == 1
    host.get_by_label("Paste answer code", exact=True).fill(_answer(guest))
    host.get_by_role("button", name="Connect", exact=True).click()
    for page in (host, guest):
        page.wait_for_function("document.documentElement.getAttribute('data-peer') === 'connected'")
        page.wait_for_function("document.querySelector('[data-dice]') !== null", timeout=30_000)
    _boards_agree(host, guest)


def test_illegal_move_from_the_peer_is_refused(peer_context, new_page, base_url):
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    for page in (host, guest):
        page.wait_for_function("() => window.gamaoPeerInfo !== undefined")
    mover = host if ui_state(host) == "move" else guest
    other = guest if mover is host else host
    assert ui_state(mover) == "move" and ui_state(other) == "wait"
    before_other, before_mover = counts(other), counts(mover)
    info = json.loads(mover.evaluate("gamaoPeerInfo()"))
    cheat = {"v": 1, "t": "play", "seq": info["seq_out"] + 1, "h": "0" * 64, "steps": [[6, 0, 6]]}  # bear off now
    mover.evaluate("text => gamaoPeerSendRaw(text)", json.dumps(cheat))
    other.wait_for_function("document.getElementById('notice').textContent.includes('Refused a message')")
    assert "illegal" in other.locator("#notice").text_content()
    mover.wait_for_function("document.getElementById('notice').textContent.includes('refused a message')")
    assert counts(other) == before_other and counts(mover) == before_mover
    # a replayed message is refused too, and the honest game goes on
    _play_turns(host, guest, 2)


def test_a_claim_at_once_is_refused_and_both_players_see_it(peer_context, new_page, base_url):
    """The claim-at-once attack: connect, then send {"v":1,"t":"claim","seq":<next>} at once. The honest side refuses
    it (its time has not run out), says so in its language, and the game goes on."""
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    for page in (host, guest):
        page.wait_for_function("() => window.gamaoPeerInfo !== undefined")
    before_host, before_guest = counts(host), counts(guest)
    info = json.loads(guest.evaluate("gamaoPeerInfo()"))
    guest.evaluate("text => gamaoPeerSendRaw(text)", json.dumps({"v": 1, "t": "claim", "seq": info["seq_out"] + 1}))
    host.wait_for_function("document.getElementById('notice').textContent.includes('claimed the game before')")
    assert "the game goes on" in host.locator("#notice").text_content()
    guest.wait_for_function("document.getElementById('notice').textContent.includes('refused a message')")
    assert counts(host) == before_host and counts(guest) == before_guest
    assert host.get_by_role("button", name="Claim the game").count() == 0
    _play_turns(host, guest, 2)


def test_after_a_disconnect_the_bot_can_take_the_seat(peer_context, new_page, base_url):
    host, guest, _, _ = _connect(peer_context, new_page, base_url)
    _play_turns(host, guest, 2)
    before = counts(host)
    guest.close()
    host.wait_for_function("document.documentElement.getAttribute('data-peer') === 'lost'", timeout=30_000)
    bot = host.get_by_role("button", name="Play the bot from here")
    bot.wait_for(timeout=10_000)
    assert counts(host) == before
    bot.click()  # the same position, now against the bot (which may move at once)
    host.locator("#badge-top:not([hidden])").wait_for(timeout=10_000)
    assert host.evaluate("localStorage.getItem('gamao.peer')") is None
    # and the game goes on against the bot
    for _ in range(3):
        try:
            play_turn(host)
        except PlaywrightTimeout:
            raise AssertionError(f"the table did not go on against the bot: {_describe(host)}") from None


def test_connection_settings_make_a_new_invite_at_once_and_are_remembered(peer_context, new_page, base_url):
    """The panel says what a STUN server learns and offers "Same network only"; a change of the choice or of the
    servers field makes a new invite and is saved; a field that cannot be read is explained and changes nothing.
    (Same network only is on before the panel opens: nothing here asks a STUN server on the internet.)"""
    from net import ice, sdpcode

    page = new_page(peer_context())
    page.goto(base_url + "?lang=en&clock=0&pace=0")
    wait_ready(page)
    page.evaluate("localStorage.setItem('gamao.ice.lan', '1')")
    page.get_by_role("button", name="Play a friend").click()
    invite_ready = ("document.getElementById('peer-invite') && "
                    "document.getElementById('peer-invite').value.includes('#join=')")
    page.wait_for_function(invite_ready)
    first = page.locator("#peer-invite").input_value()
    assert sdpcode.offer_stun(sdpcode.code_from_text(first)) == ()
    lan = page.get_by_label("Same network only (no outside server)")
    assert lan.is_checked()
    note = page.locator("#peer-stun-note").text_content()
    assert "public addresses, nothing of the game" in note and lan.get_attribute("aria-describedby") == "peer-stun-note"
    page.get_by_text("Connection settings").click()
    field = page.get_by_label("STUN / TURN servers (one per line: url [username credential])")
    assert field.input_value() == "\n".join(ice.DEFAULT_STUN)  # the defaults, before anything is saved
    # a line that is no server: said, and neither the invite nor what is saved changes
    field.fill(field.input_value() + "\nhttp://stun.example.org")
    page.wait_for_function("document.getElementById('peer-status').textContent.includes('line 3')")
    assert "not a STUN or TURN address" in page.locator("#peer-status").text_content()
    assert page.locator("#peer-invite").input_value() == first
    assert page.evaluate("localStorage.getItem('gamao.ice')") is None
    # a good field: saved, and a new invite at once
    field.fill("stun:stun.l.google.com:19302")
    page.wait_for_function(f"({invite_ready}) && document.getElementById('peer-invite').value !== {first!r}")
    assert page.evaluate("localStorage.getItem('gamao.ice')") == "stun:stun.l.google.com:19302"
    # remembered: a new visit (in Portuguese) shows the same choice and field
    page.goto(base_url + "?lang=pt&clock=0&pace=0")
    wait_ready(page)
    page.get_by_role("button", name="Jogar com um amigo").click()
    page.wait_for_function(invite_ready)
    assert page.get_by_label("Só na mesma rede (sem servidor externo)").is_checked()
    assert page.locator("#peer-ice").input_value() == "stun:stun.l.google.com:19302"
    assert "nada do jogo" in page.locator("#peer-stun-note").text_content()


def test_the_host_plays_a_friend_with_the_jacoby_rule_and_beavers(peer_context, new_page, base_url):
    """The host's money-game rules ("Jacoby rule", "Beavers" in the match settings, remembered) reach the guest:
    both score lines say them and both positions' XGIDs carry them; a match offers neither."""
    host = new_page(peer_context())
    guest = new_page(peer_context())
    host.goto(base_url + "?lang=en&clock=0&pace=0&stun=none")
    wait_ready(host)
    link = _invite(host)
    dialog = host.locator("#peer-dialog")
    dialog.get_by_label("Match", exact=True).select_option("3")
    assert dialog.get_by_label("Jacoby rule").is_disabled() and dialog.get_by_label("Beavers").is_disabled()
    dialog.get_by_label("Match", exact=True).select_option("0")
    dialog.get_by_label("Jacoby rule").check()
    dialog.get_by_label("Beavers").check()
    assert json.loads(host.evaluate("localStorage.getItem('gamao.peer.rules')")) == {"jacoby": True, "beavers": True}
    guest.goto(link)
    wait_ready(guest)
    host.get_by_label("Paste answer code", exact=True).fill(_answer(guest))
    host.get_by_role("button", name="Connect", exact=True).click()
    for page in (host, guest):
        page.wait_for_function("document.querySelector('[data-dice]') !== null", timeout=30_000)
        page.wait_for_function("document.getElementById('score').textContent"
                               ".includes('Money game · Jacoby rule · Beavers')", timeout=30_000)
        assert page.locator("#xgid").text_content().split(":")[7] == "3"
