"""The site boots from its own files only, works offline after the first visit, and is never a blank page."""
import collections
import json
import pathlib

import pytest

from tools.site import serve

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"



def test_boots_with_no_request_to_another_host(page, base_url, ready):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + "?lang=en")
    ready(page)
    assert any(url.endswith("pyodide.asm.wasm") for url in requests)
    assert all(url.startswith("http://127.0.0.1") or url.startswith(("data:", "blob:")) for url in requests)


def test_skeleton_is_drawn_before_python_is_ready(context, new_page, base_url):
    page = new_page(context)
    # Hold the interpreter back: the board must already be on screen without it.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(base_url, wait_until="domcontentloaded")
    page.wait_for_selector('[data-point="24"]', state="visible")
    assert page.locator("html[data-ready]").count() == 0
    for point in [str(n) for n in range(1, 25)] + ["bar", "opp-bar", "off", "opp-off"]:
        box = page.locator(f'[data-point="{point}"]').bounding_box()
        assert box and box["width"] > 0 and box["height"] > 0, point
    page.unroute("**/pyodide.asm.wasm")


def _offline_ready(page):
    """The service worker has completed its cache (it posts back, and the page marks <html data-offline>)."""
    page.wait_for_selector("html[data-offline]", state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")  # the first visit is already under it


def test_reload_offline_reaches_ready(context, page, base_url, ready):
    page.goto(base_url)
    ready(page)
    _offline_ready(page)
    context.set_offline(True)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.onLine") is False


def test_second_page_opened_offline(context, page, new_page, base_url, ready):
    page.goto(base_url)
    ready(page)
    _offline_ready(page)
    context.set_offline(True)
    second = new_page(context)
    second.goto(base_url + "?lang=pt")
    ready(second)
    third = new_page(context)  # the verify page was not visited: the worker fetched it to complete its cache
    third.goto(base_url + "verify.html")
    ready(third)


@pytest.fixture
def counted_site():
    """The site on its own server, which counts the body bytes it sends per path."""
    sent = collections.Counter()
    server = serve.start(0, WEB, sent=sent)
    yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    server.shutdown()


def test_first_visit_downloads_each_file_once(browser, guard, ready, counted_site):
    url, sent = counted_site
    # A context without request routing: Playwright's routing turns the browser's HTTP cache off, and a real first
    # visit has one (the files loaded before the worker took control are completed from it).
    context = browser.new_context()
    page = context.new_page()
    guard.watch_page(page)
    requested = []
    context.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    ready(page)
    _offline_ready(page)
    context.close()
    assert requested and all(u.startswith(url) for u in requested), requested
    manifest = json.loads((WEB / "precache.js").read_text().removeprefix("self.PRECACHE = ").rstrip(";\n"))
    sizes = {name: (WEB / name).stat().st_size for name in manifest["files"] if name != "./"}
    # Everything the site needs was sent, and nothing twice: each file's bytes equal its size (the document is
    # the one exception: the navigation came before the worker existed, so it fetches "./" once more).
    assert {"/" + name for name in sizes} <= set(sent)
    twice = {name for name, size in sizes.items() if sent["/" + name] != size}
    assert twice == set(), {name: (sent["/" + name], sizes[name]) for name in twice}
    wasm = "/assets/vendor/pyodide/pyodide.asm.wasm"
    assert sent[wasm] == (WEB / wasm[1:]).stat().st_size > 5_000_000


def test_installable_manifest_and_icons(page, base_url, ready):
    page.goto(base_url)
    ready(page)
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.evaluate("(href) => fetch(href).then((r) => r.json())", href)
    assert manifest["display"] == "standalone" and manifest["start_url"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        status = page.evaluate("(src) => fetch(src).then((r) => r.status)", icon["src"])
        assert status == 200, icon["src"]
    registration_scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert registration_scope == base_url
