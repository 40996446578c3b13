"""Firefox smoke test: Debian's Firefox ESR over WebDriver BiDi (puppeteer-core, tools/site/firefox_page.py), under the
same guard as the Chromium tests (a request to any host but 127.0.0.1 is aborted and fails the test, as does a
console or page error).

1. One Firefox: the table boots, a game against the bot (the bot moves), the service worker completes its cache;
   a Chromium host (Playwright) invites it and the Firefox guest connects on this machine with no STUN server
   (same network; Firefox's host addresses not hidden behind mDNS names, see RAW_HOST_ADDRESSES), two turns are
   played with both boards agreeing; then the server is stopped and a reload is served by the service worker.
2. A Firefox with WebRTC switched off (media.peerconnection.enabled = false, what privacy guides and Tor Browser
   do): the bot still plays, a line replaces Play a friend, and an invite link says why it cannot join.
"""
from __future__ import annotations

import time

import pytest

from any_browser import (ANSWER, COUNTS_JS, INVITE, LOADED, OFFLINE, READY, PlaywrightPage, mirror,
                         one_peer_turn, play_the_bot)
from conftest import BOOT_TIMEOUT_MS, wait_ready
from helpers import SEED
from tools.site import firefox_page, serve

pytestmark = pytest.mark.skipif(firefox_page.missing() is not None, reason=str(firefox_page.missing()))

# Firefox offers its host addresses as they are rather than as mDNS names: Chromium then reaches it without
# resolving a name by multicast, which between two different browsers on this machine failed about one connection
# in three (Chromium's own mDNS names are kept; Firefox learns Chromium's address from its checks).
RAW_HOST_ADDRESSES = {"media.peerconnection.ice.obfuscate_host_addresses": False}


@pytest.fixture
def own_server(base_url):
    """A server this test can stop (base_url's build is reused): its URL, and a function that stops it."""
    server = serve.start(0)
    stopped = []

    def stop():
        if not stopped:
            server.shutdown()
            server.server_close()  # connections are refused from now on, as with no network
            stopped.append(True)

    yield f"http://127.0.0.1:{server.server_address[1]}/", stop
    stop()


def test_firefox_plays_the_bot_connects_to_chromium_and_reloads_offline(own_server, browser, guard, new_page):
    url, stop_server = own_server
    ff = firefox_page.FirefoxPage.launch(prefs=RAW_HOST_ADDRESSES)
    try:
        t0 = time.perf_counter()
        ff.goto(f"{url}?lang=en&seed={SEED}&clock=0&pace=0")
        ff.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        print(f"\n{ff.version}: boot to data-ready {time.perf_counter() - t0:.1f} s")
        ff.wait_for_function(LOADED)
        assert ff.evaluate("typeof RTCPeerConnection") == "function"
        assert ff.evaluate("!!document.getElementById('btn-peer')")
        play_the_bot(ff, 2)
        ff.wait_for_function(OFFLINE, timeout=60_000)

        # a Chromium host on the same network (iceServers empty) invites the Firefox guest
        ctx = browser.new_context(service_workers="block")
        ctx.set_default_timeout(BOOT_TIMEOUT_MS)
        guard.watch_context(ctx)
        try:
            host = new_page(ctx)
            host.goto(url + "?lang=en&clock=0&pace=0")
            wait_ready(host)
            host.get_by_role("button", name="Play a friend").click()
            host.wait_for_function(INVITE)
            link = host.get_by_label("Invite link", exact=True).input_value()
            ff.goto(link)
            ff.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
            ff.wait_for_function(ANSWER)
            code = ff.evaluate("() => document.getElementById('peer-answer').value")
            print(f"Chromium invite link {len(link)} chars, Firefox answer code {len(code)} chars")
            host.get_by_label("Paste answer code", exact=True).fill(code)
            host.get_by_role("button", name="Connect", exact=True).click()
            host.wait_for_function("document.documentElement.getAttribute('data-peer') === 'connected'",
                                   timeout=30_000)
            ff.wait_for_function("() => document.documentElement.getAttribute('data-peer') === 'connected'")
            host.wait_for_function("document.querySelector('[data-dice]') !== null")  # the opening roll
            ff.wait_for_function("() => document.querySelector('[data-dice]') !== null")
            assert host.evaluate(COUNTS_JS) == mirror(ff.evaluate(COUNTS_JS))
            one_peer_turn(PlaywrightPage(host), ff)
            one_peer_turn(PlaywrightPage(host), ff)

            # offline: nothing answers at the site's address any more; the service worker serves the reload
            # (reloaded before the host goes away: a peer that vanishes makes Firefox report "ICE failed")
            stop_server()
            t0 = time.perf_counter()
            ff.reload()
        finally:
            ctx.close()
        ff.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        ff.wait_for_function(LOADED)
        print(f"offline reload to data-ready {time.perf_counter() - t0:.1f} s")
        assert ff.evaluate("!!navigator.serviceWorker.controller")
        board = ff.evaluate(COUNTS_JS)
        assert sum(abs(v) for v in board.values()) == 30
        events = ff.events()
        assert not events["foreign"], f"requests to other hosts: {events['foreign']}"
        assert not events["errors"], "errors in the page:\n" + "\n".join(events["errors"])
    finally:
        ff.close()


def test_firefox_without_webrtc_plays_the_bot_and_explains_invites(base_url):
    ff = firefox_page.FirefoxPage.launch(prefs={"media.peerconnection.enabled": False})
    try:
        ff.goto(f"{base_url}?lang=en&seed={SEED}&clock=0&pace=0")
        ff.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        assert ff.evaluate("typeof RTCPeerConnection") == "undefined"
        ff.wait_for_function(LOADED)
        assert "WebRTC" in ff.evaluate("() => document.getElementById('peer-unavailable').textContent")
        assert not ff.evaluate("!!document.getElementById('btn-peer')")
        play_the_bot(ff, 1)
        ff.goto(f"{base_url}?lang=pt&clock=0&pace=0#join=" + "Ab-_" * 40)
        ff.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        ff.wait_for_function("() => { const d = document.getElementById('dlg-peer-off'); return d && d.open; }")
        assert "outro navegador" in ff.evaluate("() => document.getElementById('peer-off-why').textContent")
        events = ff.events()
        assert not events["foreign"], f"requests to other hosts: {events['foreign']}"
        assert not events["errors"], "errors in the page:\n" + "\n".join(events["errors"])
    finally:
        ff.close()
