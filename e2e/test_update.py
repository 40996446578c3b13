"""A new deploy is noticed: the page offers "Update", taking it reloads into the new version and old caches go."""
import pathlib
import re
import shutil

import pytest


import serve

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"


@pytest.fixture
def deploy(tmp_path):
    """A copy of the site on its own server, so the test can publish a 'new version' of it."""
    root = tmp_path / "site"
    shutil.copytree(WEB, root, ignore=shutil.ignore_patterns("__pycache__"))
    server = serve.start(0, root)
    yield root, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_new_deploy_offers_update_and_drops_old_cache(context, new_page, ready, deploy):
    root, url = deploy
    page = new_page(context)
    page.goto(url)
    ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    old = page.evaluate("caches.keys()")
    assert len(old) == 1 and old[0].startswith("gamao-")
    assert page.locator("#update").is_hidden()

    precache = root / "precache.js"
    text = precache.read_text()
    new_version = "feedfacecafe0001"
    precache.write_text(re.sub(r'"version": "[0-9a-f]+"', f'"version": "{new_version}"', text))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")

    page.locator("#update").wait_for(state="visible")
    with page.expect_navigation():
        page.get_by_role("button", name="Update").click()
    ready(page)
    keys = None
    for _ in range(100):  # the old cache is deleted when the new worker activates
        keys = page.evaluate("caches.keys()")
        if keys == [f"gamao-{new_version}"]:
            break
        page.wait_for_timeout(100)
    assert keys == [f"gamao-{new_version}"]
