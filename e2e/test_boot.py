"""The site boots from its own files only, works offline after the first visit, and is never a blank page."""


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


def _controlled(page):
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)


def test_reload_offline_reaches_ready(context, page, base_url, ready):
    page.goto(base_url)
    ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now under the service worker's control
    ready(page)
    _controlled(page)
    context.set_offline(True)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.onLine") is False


def test_second_page_opened_offline(context, page, new_page, base_url, ready):
    page.goto(base_url)
    ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    ready(page)
    _controlled(page)
    context.set_offline(True)
    second = new_page(context)
    second.goto(base_url + "?lang=pt")
    ready(second)


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
