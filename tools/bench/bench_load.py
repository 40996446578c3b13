"""Load-time benchmark: the site against a bare PyScript page on the same vendored runtime, in the same browser.

    .venv/bin/python -m tools.bench.bench_load [--runs 3] [--cpu N] [--net 4g] [--baseline REV]

For the site and for the bare page (a page that only runs `print("hello")` with the same PyScript and Pyodide, and
npm's standard library), each run opens a fresh browser context (empty caches) and makes
- a first visit: the time from navigation to `html[data-ready]` (the table takes input) and to `html[data-loaded]`
  (the bot's weights are in too; the bare page has no such step, so its ready time stands for both); the site's
  first visit is over when its service worker has completed its cache (`html[data-offline]`) and its memory
  snapshot is kept (`html[data-snapshot]`): then the bytes the server sent (on the wire, gzip as a static host
  sends them, and what they are uncompressed) and the storage the origin uses (`navigator.storage.estimate()`);
- a repeat visit: a new page in the same context once the first visit is over (the site starts from its snapshot);
- a third visit, once the repeat visit's page is closed: Chromium keeps the code it compiled for the interpreter's
  WebAssembly as a page ran (its code cache); the repeat visit starts from what the first visit's snapshot maker
  kept, the third from what the repeat visit kept too.
Medians over the runs, and the ratios site/bare, beside the targets; "runs" gives the lowest and the highest of each
run's own ratio (the site's visit over the bare page's in the same run), as the machine's load moves both. The first
contentful paint of the site's skeleton is printed too.

``--cpu N`` slows the pages' CPU N times (Chromium's CPU throttling through the DevTools protocol, as a phone);
``--net 4g`` throttles the pages' network to Chromium DevTools' "Fast 4G" (9 Mbit/s down, 1.5 Mbit/s up, 60 ms).
``--baseline REV`` also builds the site of git revision REV (a temporary ``git worktree``, built by its own build
script with this checkout's npm packages) and measures it in the same runs, alternating with this tree's site.
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

NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
NETWORKS = {"4g": {"offline": False, "latency": 60, "downloadThroughput": 9_000_000 / 8,
                   "uploadThroughput": 1_500_000 / 8}}

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

# Records when html[data-ready] and html[data-loaded] appear, in the page's own clock (ms since navigation start).
PROBE = """
new MutationObserver(() => {
  const html = document.documentElement;
  if (!html) return;
  if (html.hasAttribute('data-ready') && window.__readyAt === undefined) window.__readyAt = performance.now();
  if (html.hasAttribute('data-loaded') && window.__loadedAt === undefined) window.__loadedAt = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready', 'data-loaded']});
"""


def bare_site(tmp: pathlib.Path) -> pathlib.Path:
    """The bare page: the site's vendored PyScript and Pyodide, with npm's own (source) standard library."""
    pyodide = tmp / "assets" / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    (tmp / "assets" / "vendor" / "pyscript").symlink_to(ROOT / "web" / "assets" / "vendor" / "pyscript")
    for name in PYODIDE_CORE:
        (pyodide / name).symlink_to(NODE_PYODIDE / name)
    (tmp / "bare.html").write_text(BARE_HTML)
    plugins = '["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey"]'
    (tmp / "bare.json").write_text(f'{{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", "plugins": {plugins}}}\n')
    return tmp


NOTES: collections.Counter = collections.Counter()  # the pages' console warnings about the snapshot


def throttled_page(context, cpu: int, net: str | None):
    page = context.new_page()
    page.on("console", lambda m: "snapshot" in m.text and NOTES.update([m.text.splitlines()[0][:200]]))
    page.add_init_script(PROBE)
    if cpu > 1 or net:
        cdp = context.new_cdp_session(page)
        if cpu > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        if net:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", NETWORKS[net])
    return page


def visit(context, url: str, cpu: int, net: str | None, timeout: float):
    """(page, ready ms, loaded ms, first contentful paint ms) of one navigation."""
    page = throttled_page(context, cpu, net)
    page.goto(url, timeout=timeout)
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
    if page.evaluate("document.title") != "bare":
        page.wait_for_function("window.__loadedAt !== undefined", timeout=timeout)
    ready, loaded = page.evaluate("[window.__readyAt, window.__loadedAt ?? window.__readyAt]")
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    return page, ready, loaded, fcp


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=1, help="CPU slowdown factor (Chromium's CPU throttling)")
    parser.add_argument("--net", choices=sorted(NETWORKS), default=None, help="network throttling")
    parser.add_argument("--baseline", metavar="REV", default=None,
                        help="also measure the site of git revision REV (e.g. main) in the same runs")
    args = parser.parse_args()
    timeout = 120_000 * max(1, args.cpu)
    build_site.main()  # the bundle and the precache list match the sources
    with contextlib.ExitStack() as stack:
        tmp = pathlib.Path(stack.enter_context(tempfile.TemporaryDirectory()))
        sites = {"site": ROOT / "web", "bare": bare_site(tmp)}
        if args.baseline:
            sites["base"] = stack.enter_context(baseline_rev.built_site(args.baseline))
        wire = {name: collections.Counter() for name in sites}
        raw = {name: collections.Counter() for name in sites}
        urls = {}
        for name, web in sites.items():
            server = serve.start(0, web, sent=wire[name], raw=raw[name], compress=True)
            stack.callback(server.shutdown)
            page = "bare.html" if name == "bare" else "?lang=en"
            urls[name] = f"http://127.0.0.1:{server.server_address[1]}/{page}"
        keys = ("first", "first_loaded", "repeat", "repeat_loaded", "third", "third_loaded", "fcp", "wire", "raw",
                "storage")
        results = {name: {k: [] for k in keys} for name in sites}
        boots = collections.Counter()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            for run in range(args.runs):
                order = [n for n in ("site", "base") if n in sites]
                for name in (order if run % 2 == 0 else order[::-1]) + ["bare"]:
                    r = results[name]
                    context = browser.new_context()
                    sent, unpacked = wire[name].total(), raw[name].total()
                    page, ready, loaded, fcp = visit(context, urls[name], args.cpu, args.net, timeout)
                    if name != "bare":
                        # The first visit is over when the service worker has completed its cache and the memory
                        # snapshot is kept (a site without snapshots has no html[data-boot]).
                        page.wait_for_selector("html[data-offline]", state="attached", timeout=timeout)
                        if page.get_attribute("html", "data-boot") == "normal":
                            page.wait_for_selector("html[data-snapshot]", state="attached", timeout=timeout)
                            boots[name, "made " + page.get_attribute("html", "data-snapshot")] += 1
                        r["fcp"].append(fcp)
                    r["wire"].append(wire[name].total() - sent)
                    r["raw"].append(raw[name].total() - unpacked)
                    r["storage"].append(page.evaluate("navigator.storage.estimate().then((e) => e.usage)"))
                    r["first"].append(ready)
                    r["first_loaded"].append(loaded)
                    page.close()
                    for key in ("repeat", "third"):
                        page, ready, loaded, _ = visit(context, urls[name], args.cpu, args.net, timeout)
                        boots[name, page.get_attribute("html", "data-boot")] += 1
                        r[key].append(ready)
                        r[key + "_loaded"].append(loaded)
                        page.close()
                    context.close()
            browser.close()
    report(args, results, boots)


def report(args, results: dict, boots: collections.Counter) -> None:
    core = sum((NODE_PYODIDE / f).stat().st_size for f in PYODIDE_CORE)
    med = {n: {k: statistics.median(v) for k, v in r.items() if v} for n, r in results.items()}
    base = args.baseline
    site, bare = med["site"], med["bare"]
    conditions = f"CPU {args.cpu}x slower" if args.cpu > 1 else "CPU unthrottled"
    conditions += f", network {args.net} {NETWORKS[args.net]}" if args.net else ", network unthrottled"
    print(f"runs: {args.runs} ({conditions}; medians, ms from navigation)"
          + (f"; baseline {baseline_rev.describe(base)}" if base else ""))
    print(f"{'':22}{'site':>9}" + (f"{base[:9]:>9}" if base else "") + f"{'bare':>9}{'ratio':>8}{'runs':>12}   target")
    rows = [("first visit, ready", "first", "first", "<= 0.6"),
            ("first visit, loaded", "first_loaded", "first", ""),
            ("repeat visit, ready", "repeat", "repeat", "<= 0.3"),
            ("repeat visit, loaded", "repeat_loaded", "repeat", "<= 0.4"),
            ("third visit, ready", "third", "third", ""),
            ("third visit, loaded", "third_loaded", "third", "")]
    for label, key, bare_key, target in rows:
        # (runs: the lowest and highest of each run's own ratio, the site's visit over the bare page's in that run)
        each = [s / b for s, b in zip(results["site"][key], results["bare"][bare_key])]
        print(f"{label:22}{site[key]:9.0f}" + (f"{med['base'][key]:9.0f}" if base else "")
              + f"{bare[bare_key]:9.0f}{site[key] / bare[bare_key]:8.2f}{f'{min(each):.2f}-{max(each):.2f}':>12}   {target}")
    starts = ", ".join(f"{how}: {n}" for (name, how), n in sorted(boots.items(), key=str) if name == "site")
    # ("made saved" / "made failed": what became of the snapshot each first visit made)
    print(f"repeat visits of the site by how the page's interpreter started: {starts}")
    for note, n in NOTES.items():
        print(f"  console ({n}x): {note}")
    print(f"first contentful paint of the skeleton: {site['fcp']:.0f} ms"
          + (f" ({base}: {med['base']['fcp']:.0f} ms)" if base else "") + "   target: < 300 ms")
    print(f"bytes of a first visit (page + precache), gzip on the wire: {site['wire'] / 1e6:.2f} MB, uncompressed "
          f"{site['raw'] / 1e6:.2f} MB" + (f" ({base}: {med['base']['wire'] / 1e6:.2f} / {med['base']['raw'] / 1e6:.2f} MB)" if base else "")
          + f"; bare page {bare['wire'] / 1e6:.2f} / {bare['raw'] / 1e6:.2f} MB")
    print(f"Pyodide core alone (uncompressed): {core / 1e6:.2f} MB; first visit on the wire / core "
          f"{site['wire'] / core:.3f}, uncompressed / core {site['raw'] / core:.3f}   target: on the wire <= 0.9")
    print(f"storage used after the first visit: {site['storage'] / 1e6:.1f} MB"
          + (f" ({base}: {med['base']['storage'] / 1e6:.1f} MB)" if base else "")
          + f"; bare page {bare['storage'] / 1e6:.1f} MB   target: < 100 MB")


if __name__ == "__main__":
    main()
