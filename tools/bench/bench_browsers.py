"""What works in which browser, and how long each takes to boot: Chromium (Playwright) and Firefox ESR
(puppeteer-core over WebDriver BiDi), each with WebRTC and without it (Chromium: every RTC* interface deleted by an
init script; Firefox: media.peerconnection.enabled = false, the real switch).

    .venv/bin/python -m tools.bench.bench_browsers [--only chromium,firefox,chromium-no-webrtc,firefox-no-webrtc]

Per browser, in a fresh profile and against its own server on 127.0.0.1:
  boot       first visit, navigation start -> the table accepts input (the "gamao:table" mark, just before
             html[data-ready]), measured in the page, median of --boots fresh profiles; Chromium with WebRTC
             is the baseline of the same run
  bot        a game against the bot: the bot moves its checkers twice
  offline    the server stopped, a reload served by the service worker (and its boot time)
  peer       with WebRTC: this browser hosts a Chromium guest, then is the guest of a Chromium host (loopback, no
             STUN); one turn each way with both boards agreeing; the lengths of the codes it makes (offer code: the
             invite link's part after #join=; the link adds the page's address, here with ?seed=...). Without: the
             line where "Play a friend" was, and an invite link that explains why it cannot join.
Every request not to 127.0.0.1 is aborted and counted, as are console errors.
"""
from __future__ import annotations

import argparse
import statistics
import time

from e2e.any_browser import (LOADED, OFFLINE, READY, TABLE_MS, PlaywrightPage, connect, one_peer_turn,
                             play_the_bot)
from e2e.helpers import SEED
from tools.site import build_site, firefox_page, serve

NO_WEBRTC_JS = """for (const name of Object.getOwnPropertyNames(window)) {
  if (/^(webkit|moz)?RTC/.test(name)) { try { delete window[name]; } catch (e) {} }
}"""
VARIANTS = ("chromium", "chromium-no-webrtc", "firefox", "firefox-no-webrtc")


class Chromium:
    """Fresh Playwright contexts (profiles) under a guard like e2e/conftest.py's."""

    def __init__(self, pw) -> None:
        from tools.site.chromium import LAUNCH_ARGS, chromium_path
        self.browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        self.version = "chromium/" + self.browser.version
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def page(self, no_webrtc: bool = False, service_workers: str = "allow") -> PlaywrightPage:
        ctx = self.browser.new_context(service_workers=service_workers)
        ctx.set_default_timeout(120_000)
        if no_webrtc:
            ctx.add_init_script(NO_WEBRTC_JS)

        def route(r):
            if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
                r.continue_()
            else:
                self.foreign.append(r.request.url)
                r.abort()

        ctx.route("**/*", route)
        page = ctx.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return PlaywrightPage(page)

    def events(self) -> dict:
        out = {"foreign": self.foreign[:], "errors": self.errors[:]}
        self.foreign.clear()
        self.errors.clear()
        return out


def _try(row: dict, key: str, fn) -> None:
    try:
        value = fn()
        row[key] = "yes" if value is None else value
    except Exception as exc:  # a figure, not a test: say what failed and go on
        row[key] = "NO (" + str(exc).splitlines()[0][:80] + ")"


def run(variant: str, chromium: Chromium) -> dict:
    server = serve.start(0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    no_webrtc = variant.endswith("no-webrtc")
    ff = None
    if variant.startswith("firefox"):
        ff = firefox_page.FirefoxPage.launch(prefs={"media.peerconnection.enabled": False} if no_webrtc else {})
        page, version = ff, ff.version
    else:
        page, version = chromium.page(no_webrtc), chromium.version
    row = {"browser": variant, "version": version}
    try:
        page.goto(f"{url}?lang=en&seed={SEED}&clock=0&pace=0")
        page.wait_for_function(READY, timeout=180_000)
        row["boot_ms"] = round(page.evaluate(TABLE_MS))
        row["webrtc"] = page.evaluate("typeof RTCPeerConnection") == "function"
        _try(row, "bot", lambda: (page.wait_for_function(LOADED, timeout=120_000), play_the_bot(page, 2))[1])
        _try(row, "offline_ready", lambda: page.wait_for_function(OFFLINE, timeout=120_000))
        if no_webrtc:
            _try(row, "peer", lambda: "no: line shown" if page.evaluate(
                "() => !!document.getElementById('peer-unavailable') && !document.getElementById('btn-peer')")
                else "NO (no line)")
            page.goto(f"{url}?lang=en&clock=0&pace=0#join=" + "Ab-_" * 40)
            page.wait_for_function(READY, timeout=180_000)
            _try(row, "invite_explained", lambda: page.wait_for_function(
                "() => { const d = document.getElementById('dlg-peer-off'); return d && d.open; }", timeout=30_000))
        else:
            _try(row, "peer", lambda: _peer_both_ways(page, chromium, url, row))
        server.shutdown()
        server.server_close()
        t0 = time.perf_counter()

        def offline():
            page.reload()
            page.wait_for_function(READY, timeout=180_000)
            page.wait_for_function(LOADED, timeout=120_000)
            row["offline_boot_ms"] = round(page.evaluate(TABLE_MS))
            row["offline_wall_s"] = round(time.perf_counter() - t0, 1)
        _try(row, "offline", offline)
        ev = page.events() if ff else chromium.events()
        row["foreign_requests"] = len(ev["foreign"])
        row["console_errors"] = len(ev["errors"])
        if ev["errors"]:
            row["first_error"] = ev["errors"][0][:160]
    finally:
        if ff:
            ff.close()
        else:
            page.page.context.close()
    return row


def boot_once(variant: str, chromium: Chromium) -> float:
    """One more first visit in a fresh profile: ms to the table accepting input."""
    server = serve.start(0)
    url = f"http://127.0.0.1:{server.server_address[1]}/?lang=en&seed={SEED}&clock=0&pace=0"
    no_webrtc = variant.endswith("no-webrtc")
    if variant.startswith("firefox"):
        page = firefox_page.FirefoxPage.launch(prefs={"media.peerconnection.enabled": False} if no_webrtc else {})
    else:
        page = chromium.page(no_webrtc)
    try:
        page.goto(url)
        page.wait_for_function(READY, timeout=180_000)
        return round(page.evaluate(TABLE_MS))
    finally:
        page.close() if variant.startswith("firefox") else page.page.context.close()
        server.shutdown()
        server.server_close()


def _offer(link: str) -> str:
    return link.split("#join=", 1)[1]


def _peer_both_ways(page, chromium: Chromium, url: str, row: dict) -> str:
    """This page hosts a Chromium guest, then is the guest of a Chromium host; one turn each time."""
    other = chromium.page(service_workers="block")
    try:
        page.click("#btn-peer")
        link, code, secs = connect(page, other, other.goto)
        one_peer_turn(page, other)
        row["offer_chars_as_host"], row["answer_chars_of_chromium"] = len(_offer(link)), len(code)
        row["invite_link_chars_as_host"] = len(link)
        row["connect_to_roll_s_as_host"] = round(secs, 2)
        host = chromium.page(service_workers="block")
        try:
            host.goto(url + "?lang=en&clock=0&pace=0")
            host.wait_for_function(READY, timeout=180_000)
            host.click("#btn-peer")
            link, code, secs = connect(host, page, page.goto)
            one_peer_turn(host, page)
            row["answer_chars_as_guest"], row["offer_chars_of_chromium"] = len(code), len(_offer(link))
            row["connect_to_roll_s_as_guest"] = round(secs, 2)
        finally:
            host.page.context.close()
    finally:
        other.page.context.close()
    return "yes"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=",".join(VARIANTS), help="comma-separated: " + ", ".join(VARIANTS))
    ap.add_argument("--boots", type=int, default=3, help="first visits timed per browser (median; default 3)")
    args = ap.parse_args()
    wanted = [v for v in args.only.split(",") if v]
    unknown = set(wanted) - set(VARIANTS)
    if unknown:
        ap.error(f"unknown browsers: {', '.join(sorted(unknown))}")
    if any(v.startswith("firefox") for v in wanted) and firefox_page.missing():
        ap.error(firefox_page.missing())
    build_site.main()
    from playwright.sync_api import sync_playwright
    rows = []
    with sync_playwright() as pw:
        chromium = Chromium(pw)
        for variant in wanted:
            row = run(variant, chromium)
            times = [row["boot_ms"]] + [boot_once(variant, chromium) for _ in range(args.boots - 1)]
            row["boots_ms"], row["boot_ms"] = times, statistics.median(times)
            rows.append(row)
            print(rows[-1], flush=True)
        chromium.browser.close()
    base = next((r["boot_ms"] for r in rows if r["browser"] == "chromium"), None)
    print(f"\nboot: median of {args.boots} first visits, each in a fresh profile; baseline: chromium")
    print(f"{'browser':<19} {'version':<24} {'boot':>7} {'vs base':>8} {'offline boot':>13}  bot  offline  peer")
    for r in rows:
        ratio = f"{r['boot_ms'] / base:.2f}x" if base else "-"
        offline = f"{r['offline_boot_ms'] / 1000:.1f} s" if "offline_boot_ms" in r else "-"
        print(f"{r['browser']:<19} {r['version']:<24} {r['boot_ms'] / 1000:5.1f} s {ratio:>8} {offline:>13}  "
              f"{str(r.get('bot'))[:4]:<4} {str(r.get('offline'))[:4]:<8} {r.get('peer')}")


if __name__ == "__main__":
    main()
