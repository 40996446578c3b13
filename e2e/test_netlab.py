"""Play a friend across a network lab (e2e/netlab.py): two homes behind two NAT routers on a simulated internet with
a real coturn, Chromium running inside each home's namespace, each page served by the site's own server there.

Scenarios, each a real connection made by clicking (and, when it connects, a game of a few turns with both boards
compared):

1. cone NAT on both sides, the default STUN servers (the lab's coturn stands in for them through the test-only
   page parameter ``stun``): connects directly (srflx);
2. symmetric NAT on both sides, STUN only: gives up within the bound and says why (both found public addresses,
   the routers let nothing through: add a TURN server);
3. symmetric NAT, the host alone adds a TURN line: connects through the relay, and the page says so;
4. both browsers on home A's LAN, "Same network only": connects over the LAN;
5. the STUN server unreachable: the invite is still ready within the bound, and the LAN game still connects.

Skipped, with the reason, where the lab cannot run (not root, no network namespaces, no nft or turnserver).
``pytest -s e2e/test_netlab.py`` prints the figures (time to the invite, Connect -> first roll, paths, lengths).
"""
from __future__ import annotations

import time

import pytest

import netlab
import test_peer as steps
from conftest import BOOT_TIMEOUT_MS, LAUNCH_ARGS, chromium_path
from net import peer_texts, sdpcode
from net.ice import GATHER_TIMEOUT, OPEN_TIMEOUT

FIGURES: list = []
INVITE = "document.getElementById('peer-invite') && document.getElementById('peer-invite').value.includes('#join=')"


def _url(stun: str) -> str:
    return f"http://127.0.0.1:{netlab.PORT}/?lang=en&clock=0&pace=0&stun={stun}"


@pytest.fixture(scope="module")
def lab(base_url):
    """The lab, built once for the module and removed after it (also when a test or the build fails)."""
    reason = netlab.unavailable()
    if reason:
        pytest.skip(reason)
    stale = netlab.remove_stale()
    if stale:
        print(f"\nnetlab: removed namespaces left by an earlier run: {stale}")
    made = netlab.Lab()
    try:
        made.build()
        yield made
    finally:
        made.close()
        if FIGURES:
            print("\nnetlab figures:")
            for row in FIGURES:
                print("  " + ", ".join(f"{k} {v}" for k, v in row.items()))


@pytest.fixture(scope="module")
def browsers(lab, playwright):
    """One Chromium per home namespace, started when first needed and shared by the scenarios."""
    made = {}

    def get(home: str):
        if home not in made:
            wrapper = lab.chromium_wrapper(home, chromium_path() or "/usr/bin/chromium")
            made[home] = playwright.chromium.launch(executable_path=wrapper, args=LAUNCH_ARGS)
        return made[home]

    yield get
    for browser in made.values():
        browser.close()


@pytest.fixture
def open_page(browsers, guard, new_page):
    """A fresh context (its own storage) in the browser of a home, on the site served in that home."""
    contexts = []

    def open_(home: str, url: str):
        ctx = browsers(home).new_context(service_workers="block")
        ctx.set_default_timeout(BOOT_TIMEOUT_MS)
        guard.watch_context(ctx)
        contexts.append(ctx)
        page = new_page(ctx)
        page.goto(url)
        # a browser's first page boots Pyodide cold: on a busy shared machine that took over a minute
        page.wait_for_selector("html[data-ready]", state="attached", timeout=3 * BOOT_TIMEOUT_MS)
        return page

    yield open_
    for ctx in contexts:
        ctx.close()


def _gathered(page) -> str:
    return page.evaluate("document.documentElement.getAttribute('data-peer-gather')") + " s"


def _invite(host) -> tuple:
    """Press Play a friend; the invite link and the seconds until it was ready."""
    t0 = time.perf_counter()
    host.get_by_role("button", name="Play a friend").click()
    host.wait_for_function(INVITE)
    return host.locator("#peer-invite").input_value(), time.perf_counter() - t0


def _new_invite(host, change) -> tuple:
    """Change the settings; the new invite (made at once, without pressing anything else) and its seconds."""
    old = host.locator("#peer-invite").input_value()
    t0 = time.perf_counter()
    change()
    host.wait_for_function(f"old => ({INVITE}) && document.getElementById('peer-invite').value !== old", arg=old)
    return host.locator("#peer-invite").input_value(), time.perf_counter() - t0


def _answer(guest) -> str:
    guest.wait_for_function("document.getElementById('peer-answer') && "
                            "document.getElementById('peer-answer').value.length > 20")
    return guest.locator("#peer-answer").input_value()


def _kinds(code: str) -> str:
    return "+".join(sorted({c.kind for c in sdpcode.decode_signal(code).candidates}))


def _press_connect(host, code: str) -> float:
    host.get_by_label("Paste answer code", exact=True).fill(code)
    host.get_by_role("button", name="Connect", exact=True).click()
    return time.perf_counter()


def _connected(host, guest, t0: float) -> float:
    for page in (host, guest):
        page.wait_for_function("document.querySelector('[data-dice]') !== null",
                               timeout=(OPEN_TIMEOUT + 15) * 1000)
    return time.perf_counter() - t0


def _path(page) -> str:
    page.wait_for_function("document.documentElement.getAttribute('data-peer-path')")
    return page.evaluate("document.documentElement.getAttribute('data-peer-path')")


def _game(host, guest, expected_path: str, row: dict) -> None:
    """Both pages show the path; a few turns with both boards compared after each."""
    paths = (_path(host), _path(guest))
    row["path"] = "/".join(paths)
    assert paths == (expected_path, expected_path), paths
    text = host.locator("#peer-path").text_content()
    assert text == peer_texts.text("en", "path_" + expected_path)
    steps._boards_agree(host, guest)
    steps._play_turns(host, guest, 3)


def _figures(row: dict, link: str, code: str, host) -> None:
    """Add the codes' figures (and the host's last gathering time) to the scenario's row and keep it."""
    offer = sdpcode.code_from_text(link)
    row.update({"of which gathering": _gathered(host), "invite link": f"{len(link)} chars", "answer code": f"{len(code)} chars",
                "STUN in invite": list(sdpcode.offer_stun(offer)) or "none",
                "host candidates": _kinds(offer), "guest candidates": _kinds(code)})
    FIGURES.append(row)


def test_1_cone_nat_connects_directly_with_the_default_stun(lab, open_page):
    lab.set_nat("cone")
    host = open_page("a1", _url(netlab.STUN_URL))
    link, ready = _invite(host)
    assert sdpcode.offer_stun(sdpcode.code_from_text(link)) == (netlab.STUN_URL,)  # the defaults (lab override)
    assert "srflx" in _kinds(sdpcode.code_from_text(link))
    guest = open_page("b1", link)
    code = _answer(guest)
    row = {"scenario": "1 cone NAT, default STUN", "invite ready": f"{ready:.2f} s"}
    first_roll = _connected(host, guest, _press_connect(host, code))
    row["connected"], row["Connect -> first roll"] = True, f"{first_roll:.2f} s"
    _figures(row, link, code, host)
    _game(host, guest, "direct", row)


def test_2_symmetric_nat_with_stun_only_fails_in_time_and_says_why(lab, open_page):
    lab.set_nat("symmetric")
    host = open_page("a1", _url(netlab.STUN_URL))
    link, ready = _invite(host)
    guest = open_page("b1", link)
    code = _answer(guest)
    t0 = _press_connect(host, code)
    host.wait_for_function("document.getElementById('peer-status').textContent.startsWith('Could not')",
                           timeout=(OPEN_TIMEOUT + 15) * 1000)
    gave_up = time.perf_counter() - t0
    status = host.locator("#peer-status").text_content()
    both = {"host", "srflx"}
    assert status == peer_texts.diagnosis("en", "diag_strict_nat", both, both), status
    assert "TURN server" in status and "same Wi-Fi" in status
    assert guest.evaluate("document.documentElement.getAttribute('data-peer')") != "connected"
    row = {"scenario": "2 symmetric NAT, STUN only", "invite ready": f"{ready:.2f} s", "connected": False,
           "gave up after": f"{gave_up:.1f} s", "path": "none",
           "guest says": (guest.locator("#peer-status").text_content() or "")[:70]}
    _figures(row, link, code, host)


def test_3_symmetric_nat_the_host_adds_turn_and_the_game_runs_through_the_relay(lab, open_page):
    lab.set_nat("symmetric")
    host = open_page("a1", _url(netlab.STUN_URL))
    _invite(host)
    host.get_by_text("Connection settings").click()
    field = host.get_by_label("STUN / TURN servers (one per line: url [username credential])")
    link, ready = _new_invite(host, lambda: field.fill(field.input_value() + "\n" + netlab.TURN_LINE))
    offer = sdpcode.code_from_text(link)
    assert "relay" in _kinds(offer)
    assert sdpcode.offer_stun(offer) == (netlab.STUN_URL,) and netlab.TURN_PASSWORD not in link  # no credentials
    assert netlab.TURN_LINE in host.evaluate("localStorage.getItem('gamao.ice')")  # saved as it changed
    guest = open_page("b1", link)  # the guest has no TURN server of its own
    code = _answer(guest)
    assert "relay" not in _kinds(code)
    row = {"scenario": "3 symmetric NAT, host adds TURN", "invite ready (after the change)": f"{ready:.2f} s"}
    first_roll = _connected(host, guest, _press_connect(host, code))
    row["connected"], row["Connect -> first roll"] = True, f"{first_roll:.2f} s"
    _figures(row, link, code, host)
    _game(host, guest, "relay", row)


def _lan_game(lab, open_page, stun: str, scenario: str, same_network_only: bool) -> None:
    lab.set_nat("cone")
    host = open_page("a1", _url(stun))
    link, ready = _invite(host)
    row = {"scenario": scenario, "invite ready": f"{ready:.2f} s"}
    if same_network_only:
        link, again = _new_invite(host, lambda: host.get_by_label("Same network only (no outside server)").check())
        row["invite ready (after the change)"] = f"{again:.2f} s"
        assert sdpcode.offer_stun(sdpcode.code_from_text(link)) == ()
        assert _kinds(sdpcode.code_from_text(link)) == "host"
        assert host.evaluate("localStorage.getItem('gamao.ice.lan')") == "1"
    else:
        # behaviour, not speed: the gathering is cut at GATHER_TIMEOUT (an unbounded one waits ~40 s for a dead
        # STUN server); the margin is for a busy machine
        assert ready < GATHER_TIMEOUT + 8, ready
    guest = open_page("a2", link)
    code = _answer(guest)
    first_roll = _connected(host, guest, _press_connect(host, code))
    row["connected"], row["Connect -> first roll"] = True, f"{first_roll:.2f} s"
    _figures(row, link, code, host)
    _game(host, guest, "local", row)


def test_4_one_lan_with_same_network_only_connects(lab, open_page):
    _lan_game(lab, open_page, netlab.STUN_URL, "4 one LAN, Same network only", same_network_only=True)


def test_5_stun_unreachable_the_invite_is_still_ready_and_the_lan_game_connects(lab, open_page):
    _lan_game(lab, open_page, netlab.DEAD_STUN_URL, "5 STUN unreachable, one LAN", same_network_only=False)
