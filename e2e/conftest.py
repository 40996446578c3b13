"""Browser tests: the served site in real Chromium, with every request to another host aborted and failing the test.

Fixtures: `base_url` (the site, served from web/ on 127.0.0.1), `browser`, `context` (a fresh browser context whose
non-127.0.0.1 requests are aborted and recorded), `page` (a page of that context; a console error or an uncaught
page error fails the test), `new_page(context)` to open more pages under the same guards, and `ready(page)` to
wait for `html[data-ready]`.
"""
from __future__ import annotations

import urllib.parse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from tools.site import build_site, serve
from tools.site.chromium import LAUNCH_ARGS, chromium_path

BOOT_TIMEOUT_MS = 60_000


def pytest_sessionstart(session):
    """Build web/ once, before any test serves it, so the Python bundle and precache list match the sources under
    test. Under pytest-xdist (`make test` runs two workers) only the controlling process builds: workers build
    nothing, so no worker's server reads a file another is writing."""
    if not hasattr(session.config, "workerinput"):
        build_site.main()


@pytest.fixture(scope="session")
def base_url():
    server = serve.start(0)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    """The one Playwright driver of the session (a second one cannot start in the same thread)."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
    yield browser
    browser.close()


class Guard:
    """What a context did that a test must not allow: requests to other hosts, console errors, page errors."""

    def __init__(self) -> None:
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def watch_context(self, context) -> None:
        def route(route):
            host = urllib.parse.urlsplit(route.request.url).hostname
            if host == "127.0.0.1" or route.request.url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                self.foreign.append(route.request.url)
                route.abort()

        context.route("**/*", route)

    def watch_page(self, page) -> None:
        said: list[str] = []
        page.gamao_console = said  # what the page said, for a boot that never ends (wait_ready reports it)
        page.on("console", lambda msg: said.append(f"{msg.type}: {msg.text}"))
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(f"console: {msg.text}"))
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))

    def check(self) -> None:
        assert not self.foreign, f"requests to other hosts: {self.foreign}"
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


@pytest.fixture
def guard():
    guard = Guard()
    yield guard
    guard.check()


@pytest.fixture
def context(browser, guard):
    context = browser.new_context()
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    yield context
    context.close()


@pytest.fixture
def new_page(guard):
    def open_page(context):
        page = context.new_page()
        guard.watch_page(page)
        return page

    return open_page


@pytest.fixture
def page(context, new_page):
    return new_page(context)


def wait_ready(page) -> None:
    """Wait for `html[data-ready]`; a boot that never gets there fails with where it stopped (<html>'s attributes,
    the page's address) and what the page said on its console."""
    try:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeout:
        try:
            where = page.evaluate("[location.href, ...Array.from(document.documentElement.attributes,"
                                  " (a) => `${a.name}=${a.value}`)]")
        except PlaywrightError as exc:  # the page's process has gone (a renderer crash): say so, as not ready
            where = f"({exc.message})"
        said = "\n".join(getattr(page, "gamao_console", [])[-40:])
        raise AssertionError(f"the page was not ready in {BOOT_TIMEOUT_MS} ms: {where}\nits console:\n{said}") from None


@pytest.fixture
def ready():
    return wait_ready


@pytest.fixture(scope="module")
def shared(browser, base_url):
    """One booted table page shared by the tests of a module (booting is the slow part): (page, guard)."""
    import helpers

    context, page, guard = helpers.open_shared(browser, helpers.table_url(base_url))
    yield page, guard
    context.close()


@pytest.fixture
def table(shared):
    """The shared page with a fresh seeded game against the intermediate bot, the person to move (the same start
    as a fresh load). A module that needs another start defines its own ``table``."""
    import helpers

    page, guard = shared
    helpers.fresh_game(page, guard, "bot", "intermediate")
    assert helpers.wait_for_turn(page) == "move"
    yield page
    guard.check()
