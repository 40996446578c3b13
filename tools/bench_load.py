"""Load-time benchmark: the site against a bare PyScript page on the same vendored runtime, in the same browser.

    .venv/bin/python tools/bench_load.py [--runs 5]

Prints, for the site and for the baseline (a page that only runs `print("hello")` with the same PyScript and
Pyodide), the time from navigation to `html[data-ready]`, cold (a fresh browser context: empty caches) and warm
(a reload in the same context), as medians over the runs, and the ratio site/bare; the first contentful paint of
the site's board skeleton; and the bytes the server sent for a first visit (the page load plus what the service
worker fetched to complete its cache, until the page is marked html[data-offline]), compared with the size of the
Pyodide core alone.
"""
from __future__ import annotations

import argparse
import collections
import pathlib
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
import build_site  # noqa: E402
import serve  # noqa: E402
from conftest import LAUNCH_ARGS, chromium_path  # noqa: E402

PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/vendor/pyscript/core.css">
<script type="module" src="assets/vendor/pyscript/core.js"></script>
</head><body>
<mpy-config>{"plugins": ["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey"]}</mpy-config>
<script type="py" config="bare.json">
print("hello")
from pyscript import document
document.documentElement.setAttribute("data-ready", "")
</script>
</body></html>
"""

# Records when html[data-ready] appears, in the page's own clock (ms since navigation start).
READY_PROBE = """
new MutationObserver((_, obs) => {
  const html = document.documentElement;
  if (html && html.hasAttribute('data-ready')) { window.__readyAt = performance.now(); obs.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""


def bare_site(tmp: pathlib.Path) -> pathlib.Path:
    (tmp / "assets").symlink_to(ROOT / "web" / "assets")
    (tmp / "bare.html").write_text(BARE_HTML)
    plugins = '["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey"]'
    (tmp / "bare.json").write_text(f'{{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", "plugins": {plugins}}}\n')
    return tmp


def load(context, url: str) -> tuple[float, float | None]:
    page = context.new_page()
    page.add_init_script(READY_PROBE)
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    return page, ready, fcp


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    build_site.main()  # the bundle and the precache list match the sources
    site_counter, bare_counter = collections.Counter(), collections.Counter()
    site_server = serve.start(0, ROOT / "web", sent=site_counter)
    with tempfile.TemporaryDirectory() as tmp:
        bare_server = serve.start(0, bare_site(pathlib.Path(tmp)), sent=bare_counter)
        site_url = f"http://127.0.0.1:{site_server.server_address[1]}/?lang=en"
        bare_url = f"http://127.0.0.1:{bare_server.server_address[1]}/bare.html"
        results = {name: {"cold": [], "warm": []} for name in ("site", "bare")}
        fcps, first_visit_bytes = [], []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            for run in range(args.runs):
                for name, url, counter in (("site", site_url, site_counter), ("bare", bare_url, bare_counter)):
                    context = browser.new_context()
                    before = counter.total()
                    page, ready, fcp = load(context, url)
                    if name == "site":
                        # The first visit is over when the service worker has completed its cache.
                        page.wait_for_selector("html[data-offline]", state="attached", timeout=120_000)
                        first_visit_bytes.append(counter.total() - before)
                        fcps.append(fcp)
                    results[name]["cold"].append(ready)
                    page.close()
                    page, ready, _ = load(context, url)  # warm: same context, caches filled
                    results[name]["warm"].append(ready)
                    context.close()
            browser.close()
    core = sum((ROOT / "web/assets/vendor/pyodide" / f).stat().st_size for f in PYODIDE_CORE)
    med = {n: {k: statistics.median(v) for k, v in r.items()} for n, r in results.items()}
    print(f"runs: {args.runs} (medians, ms from navigation to html[data-ready])")
    print(f"{'':8}{'site':>10}{'bare':>10}{'ratio':>8}   target: ratio <= 1.15")
    for kind in ("cold", "warm"):
        print(f"{kind:8}{med['site'][kind]:10.0f}{med['bare'][kind]:10.0f}{med['site'][kind] / med['bare'][kind]:8.2f}")
    print(f"first contentful paint of the skeleton: {statistics.median(fcps):.0f} ms   target: < 300 ms")
    fv = statistics.median(first_visit_bytes)
    print(f"bytes on first visit (page + precache): {fv / 1e6:.2f} MB; Pyodide core alone: {core / 1e6:.2f} MB;"
          f" ratio {fv / core:.3f}   target: < 1.1")


if __name__ == "__main__":
    main()
