"""A browser without WebRTC (switched off in Firefox, Tor Browser, Safari's Lockdown Mode, a WebKitGTK built without
it), played in Chromium with every RTC* interface deleted before the page's scripts run: the table boots, the bot
gets its weights and plays, only Play a friend is missing (a line says so where its button would be), and a guest
opening an invite link is told why it cannot join. No console error anywhere (the guard fixture)."""
from __future__ import annotations

from conftest import wait_ready
from helpers import counts, table_url, ui_state, wait_for_turn

# What "WebRTC off" leaves: no RTCPeerConnection and none of its companions (RTCSessionDescription,
# RTCIceCandidate, RTCDataChannel, ...), prefixed or not.
NO_WEBRTC = """for (const name of Object.getOwnPropertyNames(window)) {
  if (/^(webkit|moz)?RTC/.test(name)) { try { delete window[name]; } catch (e) {} }
}"""

INVITE = "#join=" + "Ab-_" * 40


def test_without_webrtc_the_bot_plays_and_play_a_friend_says_why(context, new_page, base_url):
    context.add_init_script(NO_WEBRTC)
    page = new_page(context)
    page.goto(table_url(base_url))
    wait_ready(page)
    assert page.evaluate("typeof RTCPeerConnection") == "undefined"
    # the bot's weights still load (they used to wait on the WebRTC import, which threw)
    page.wait_for_selector("html[data-loaded]", state="attached")
    line = page.locator("#peer-unavailable")
    line.wait_for()
    assert "WebRTC" in line.text_content() and line.is_visible()
    assert page.get_by_role("button", name="Play a friend").count() == 0
    assert page.evaluate("document.documentElement.getAttribute('data-peer')") == "unavailable"
    # a game against the bot: after each of our turns the bot moves its checkers and it is our turn again
    bot_moved = 0
    for _ in range(40):
        state = wait_for_turn(page)
        if state == "answer":  # the bot offers to resign: declined
            page.locator("#resign-decline").click()
        elif state == "roll":
            page.locator("#btn-roll").click()
        elif state == "move":
            page.locator("#board [data-movable]").first.click()
            page.locator("#board [data-dest]").first.click()
        elif state == "done":
            before = counts(page)
            page.locator("#btn-done").click()
            page.wait_for_function("() => !document.querySelector('#btn-done:not([hidden])')")
            wait_for_turn(page)
            if counts(page) != before:
                bot_moved += 1
            if bot_moved >= 2:
                break
        else:
            raise AssertionError(f"unexpected table state {state}")
    assert bot_moved >= 2, "the bot did not play"
    assert ui_state(page) in ("roll", "move", "take")


def test_without_webrtc_an_invite_link_explains_why_it_cannot_join(context, new_page, base_url):
    context.add_init_script(NO_WEBRTC)
    page = new_page(context)
    page.goto(base_url + "?lang=pt&clock=0&pace=0" + INVITE)
    wait_ready(page)
    dialog = page.get_by_role("dialog", name="Jogar com um amigo")
    dialog.wait_for()
    why = page.locator("#peer-off-why").text_content()
    assert "WebRTC" in why and "outro navegador" in why and "bot" in why
    assert "#join=" not in page.url  # the unusable invite is dropped from the address
    assert "precisa de WebRTC" in page.locator("#peer-unavailable").text_content()
    dialog.get_by_role("button", name="Fechar").click()
    dialog.wait_for(state="detached")
    # the table is there to play: the bot's weights loaded and the board takes input
    page.wait_for_selector("html[data-loaded]", state="attached")
    assert ui_state(page) in ("roll", "move", "wait")


def test_without_webrtc_an_invite_opened_in_an_open_tab_explains_once(context, new_page, base_url):
    """An invite opened in a tab already showing the table (a hashchange, not a page load) gets the same dialog,
    and a second one does not stack another on it."""
    context.add_init_script(NO_WEBRTC)
    page = new_page(context)
    page.goto(table_url(base_url))
    wait_ready(page)
    page.locator("#peer-unavailable").wait_for()
    assert page.locator("#dlg-peer-off").count() == 0
    page.goto(page.url.split("#", 1)[0] + INVITE)
    page.locator("#dlg-peer-off").wait_for()
    assert "#join=" not in page.url
    page.goto(page.url.split("#", 1)[0] + INVITE.replace("Ab", "Cd"))
    page.wait_for_function("!location.hash")
    assert page.locator("#dlg-peer-off").count() == 1
