"""Load-time benchmark: the site against a bare PyScript page on the same vendored runtime, in the same browser.

    .venv/bin/python -m tools.bench.bench_load [--runs 5] [--baseline REV]

Prints, for the site and for the baseline (a page that only runs `print("hello")` with the same PyScript and
Pyodide), the time from navigation to `html[data-ready]`, cold (a fresh browser context: empty caches) and warm
(a reload in the same context), as medians over the runs, and the ratio site/bare; the first contentful paint of
the site's board skeleton; and the bytes the server sent for a first visit (the page load plus what the service
worker fetched to complete its cache, until the page is marked html[data-offline]), compared with the size of the
Pyodide core alone.

``--baseline REV`` also builds the site of git revision REV (a temporary ``git worktree``, built by its own build
script with this checkout's npm packages) and measures it in the same runs, alternating with this tree's site
(which goes first alternates too), and prints its column beside this tree's.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import pathlib
import statistics
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
from tools.bench import baseline as baseline_rev
from tools.site import build_site
from tools.site import serve
from tools.site.chromium import LAUNCH_ARGS, chromium_path

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
    parser.add_argument("--baseline", metavar="REV", default=None,
                        help="also measure the site of git revision REV (e.g. main) in the same runs")
    args = parser.parse_args()
    build_site.main()  # the bundle and the precache list match the sources
    with contextlib.ExitStack() as stack:
        tmp = pathlib.Path(stack.enter_context(tempfile.TemporaryDirectory()))
        sites = {"site": ROOT / "web", "bare": bare_site(tmp)}
        if args.baseline:
            sites["base"] = stack.enter_context(baseline_rev.built_site(args.baseline))
        counters = {name: collections.Counter() for name in sites}
        urls = {}
        for name, web in sites.items():
            server = serve.start(0, web, sent=counters[name])
            stack.callback(server.shutdown)
            page = "bare.html" if name == "bare" else "?lang=en"
            urls[name] = f"http://127.0.0.1:{server.server_address[1]}/{page}"
        results = {name: {"cold": [], "warm": [], "fcp": [], "bytes": []} for name in sites}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            for run in range(args.runs):
                order = [n for n in ("site", "base") if n in sites]
                for name in (order if run % 2 == 0 else order[::-1]) + ["bare"]:
                    context = browser.new_context()
                    before = counters[name].total()
                    page, ready, fcp = load(context, urls[name])
                    if name != "bare":
                        # The first visit is over when the service worker has completed its cache.
                        page.wait_for_selector("html[data-offline]", state="attached", timeout=120_000)
                        results[name]["bytes"].append(counters[name].total() - before)
                        results[name]["fcp"].append(fcp)
                    results[name]["cold"].append(ready)
                    page.close()
                    page, ready, _ = load(context, urls[name])  # warm: same context, caches filled
                    results[name]["warm"].append(ready)
                    context.close()
            browser.close()
    core = sum((ROOT / "web/assets/vendor/pyodide" / f).stat().st_size for f in PYODIDE_CORE)
    med = {n: {k: statistics.median(v) for k, v in r.items() if v} for n, r in results.items()}
    base = f"{args.baseline}" if args.baseline else None
    print(f"runs: {args.runs} (medians, ms from navigation to html[data-ready])"
          + (f"; baseline {baseline_rev.describe(args.baseline)}" if base else ""))
    print(f"{'':8}{'site':>10}" + (f"{base[:10]:>10}" if base else "") + f"{'bare':>10}{'ratio':>8}"
          "   target: ratio (site/bare) <= 1.15")
    for kind in ("cold", "warm"):
        print(f"{kind:8}{med['site'][kind]:10.0f}" + (f"{med['base'][kind]:10.0f}" if base else "")
              + f"{med['bare'][kind]:10.0f}{med['site'][kind] / med['bare'][kind]:8.2f}")
    print(f"first contentful paint of the skeleton: {med['site']['fcp']:.0f} ms"
          + (f" ({base}: {med['base']['fcp']:.0f} ms)" if base else "") + "   target: < 300 ms")
    fv = med["site"]["bytes"]
    print(f"bytes on first visit (page + precache): {fv / 1e6:.2f} MB"
          + (f" ({base}: {med['base']['bytes'] / 1e6:.2f} MB)" if base else "")
          + f"; Pyodide core alone: {core / 1e6:.2f} MB; ratio {fv / core:.3f}   target: < 1.1")


if __name__ == "__main__":
    main()
