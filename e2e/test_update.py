"""A new deploy is noticed: the page offers "Update", taking it reloads into the new version and old caches go."""
import collections
import hashlib
import pathlib
import re
import shutil

import pytest

from tools.site import serve

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"


@pytest.fixture
def deploy(tmp_path):
    """A copy of the site on its own server, so the test can publish a 'new version' of it."""
    root = tmp_path / "site"
    shutil.copytree(WEB, root, ignore=shutil.ignore_patterns("__pycache__"))
    sent = collections.Counter()
    server = serve.start(0, root, sent=sent)
    yield root, f"http://127.0.0.1:{server.server_address[1]}/", sent
    server.shutdown()


# The deploy's caches: not the memory snapshot's ("gamao-snapshot", made by the page after it has loaded; a new
# deploy's worker deletes it with the old caches, and the new deploy's page makes its own).
CACHES_JS = "caches.keys().then((keys) => keys.filter((k) => k !== 'gamao-snapshot'))"


def test_new_deploy_offers_update_and_drops_old_cache(context, new_page, ready, deploy):
    root, url, sent = deploy
    page = new_page(context)
    page.goto(url)
    ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    old = page.evaluate(CACHES_JS)
    assert len(old) == 1 and old[0].startswith("gamao-")
    assert page.locator("#update").is_hidden()

    page.wait_for_selector("html[data-offline]", state="attached")
    wasm = "/assets/vendor/pyodide/pyodide.asm.wasm"
    assert sent[wasm] == (root / wasm[1:]).stat().st_size

    # The new deploy changes one file (and its hash in the manifest) and the version.
    css = root / "assets/css/verify.css"
    changed = css.read_text() + "\n/* deploy 2 */\n"
    css.write_text(changed)
    old_css_sent = sent["/assets/css/verify.css"]
    precache = root / "precache.js"
    text = precache.read_text()
    new_version = "feedfacecafe0001"
    text = re.sub(r'"version": "[0-9a-f]+"', f'"version": "{new_version}"', text)
    new_hash = hashlib.sha256(changed.encode()).hexdigest()[:16]
    precache.write_text(re.sub(r'("assets/css/verify.css": )"[0-9a-f]+"', rf'\1"{new_hash}"', text))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")

    page.locator("#update").wait_for(state="visible")
    with page.expect_navigation():
        page.get_by_role("button", name="Update").click()
    ready(page)
    keys = None
    for _ in range(100):  # the old cache is deleted when the new worker activates
        keys = page.evaluate(CACHES_JS)
        if keys == [f"gamao-{new_version}"]:
            break
        page.wait_for_timeout(100)
    assert keys == [f"gamao-{new_version}"]
    assert page.get_attribute("html", "data-boot") == "normal"  # never the old deploy's snapshot
    # Only the changed file was downloaded again; the rest was copied from the old cache.
    assert sent[wasm] == (root / wasm[1:]).stat().st_size
    assert sent["/assets/css/verify.css"] == old_css_sent + len(changed.encode())
    served = page.evaluate("caches.open(%r).then((c) => c.match('assets/css/verify.css')).then((r) => r.text())"
                           % f"gamao-{new_version}")
    assert served == changed
