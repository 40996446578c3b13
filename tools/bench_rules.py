"""Benchmark of the rules engine: legal-play generations per second.

    .venv/bin/python tools/bench_rules.py [--seconds 3] [--no-browser]

The workload is a fixed, varied set of positions and rolls (4,000): positions met in seeded
random games (plays chosen by the sorted Position IDs of the results, so the set does not depend
on the generator's order) plus bar, closed-board and bear-off positions. Each generation is one
``rules.legal_plays(pos, dice)`` call (every distinct result as a Position, with its play);
also timed: the search alone (packed ints) and ``rules.result_boards`` (the bot's results-only path).

Printed, all measured in this run (wall-clock rates; in CPython also per CPU second, which
is steadier when other work shares the machine):
- CPython: rules.legal_plays, and a straightforward pure-Python generator (lists, every die
  order, de-duplication by resulting board) as the baseline;
- Pyodide in Chromium (headless, local files only): the same workload and the same baseline,
  loading web/assets/vendor/pyodide/pyodide.mjs (or node_modules/pyodide/pyodide.mjs), the
  rules package written into Pyodide's file system.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import pathlib
import random
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))

import rules  # noqa: E402
from rules import Position  # noqa: E402

# ----------------------------------------------------------------------------- workload
def _random_side(rng: random.Random, points: list, n: int) -> list:
    s = [0] * 26
    for _ in range(n):
        s[rng.choice(points)] += 1
    return s


def _synthetic(rng: random.Random, kind: str) -> Position:
    while True:
        if kind == "bar":
            m = _random_side(rng, list(range(1, 25)), rng.randint(5, 13))
            m[25] = rng.randint(1, 2)
            t = _random_side(rng, list(range(1, 25)), rng.randint(8, 15))
        elif kind == "closed":
            m = _random_side(rng, list(range(1, 25)), rng.randint(5, 13))
            m[25] = rng.randint(1, 2)
            t = [0] * 26
            for p in rng.sample(range(1, 7), 5):
                t[p] = 2
            t = [a + b for a, b in zip(t, _random_side(rng, list(range(1, 25)), 4))]
        else:  # bearoff
            m = _random_side(rng, list(range(1, 7)), rng.randint(4, 15))
            t = _random_side(rng, list(range(1, 19)) + [19, 20], rng.randint(6, 15))
        for p in range(1, 25):
            if m[p] and t[25 - p]:
                t[25 - p] = 0
        if sum(m[1:]) <= 15 and sum(t[1:]) <= 15:
            m[0] = 15 - sum(m[1:])
            t[0] = 15 - sum(t[1:])
            return Position(tuple(m), tuple(t))


def workload(n_games: int = 30, n_game_positions: int = 3000, n_synthetic: int = 1000) -> list:
    """``[(position_id, d1, d2), ...]``: the fixed benchmark set."""
    rng = random.Random(20240601)
    out = []
    for _ in range(n_games):
        pos = Position.initial()
        for _ in range(300):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos.to_id(), dice[0], dice[1]))
            plays = sorted(rules.legal_plays(pos, dice), key=lambda pr: pr[1].to_id())
            if plays:
                pos = plays[rng.randrange(len(plays))][1]
            if pos.is_over():
                break
            pos = pos.swapped()
    rng.shuffle(out)
    out = out[:n_game_positions]
    kinds = ["bar", "closed", "bearoff"]
    for i in range(n_synthetic):
        pos = _synthetic(rng, kinds[i % 3])
        out.append((pos.to_id(), rng.randint(1, 6), rng.randint(1, 6)))
    return out


# The timing code below runs unchanged in CPython and in Pyodide (it is sent as text).
TIMING = r'''
import time
import rules
from rules import Position


def baseline_plays(pos, dice):
    """A straightforward generator: lists, every die order, every checker, partial states
    de-duplicated, keep the plays using the most dice (the higher die when only one)."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    found = {}

    def legal(m, t, src, d):
        if m[src] == 0 or (m[25] and src != 25):
            return None
        dst = src - d
        if dst >= 1:
            if t[25 - dst] >= 2:
                return None
            return dst
        if any(m[7:26]):
            return None
        if dst < 0 and any(m[src + 1:7]):
            return None
        return 0

    seen = set()

    def rec(m, t, rest, used):
        state = (tuple(m), tuple(t), rest)
        if state in seen:
            return
        seen.add(state)
        moved = False
        if rest:
            d = rest[0]
            for src in range(25, 0, -1):
                dst = legal(m, t, src, d)
                if dst is None:
                    continue
                moved = True
                m2 = m[:]
                t2 = t[:]
                m2[src] -= 1
                m2[dst] += 1
                if dst and t2[25 - dst] == 1:
                    t2[25 - dst] = 0
                    t2[25] += 1
                rec(m2, t2, rest[1:], used + (d,))
        if not moved:
            key = (tuple(m), tuple(t))
            if key not in found or len(used) > len(found[key]):
                found[key] = used

    for order in orders:
        rec(list(pos.mine), list(pos.theirs), order, ())
    most = max(len(u) for u in found.values())
    if most == 0:
        return []
    keep = [k for k, u in found.items() if len(u) == most]
    if d1 != d2 and most == 1:
        hi = [k for k in keep if found[k] == (max(d1, d2),)]
        keep = hi or keep
    return [Position(m, t) for m, t in keep]


def run_core(work, seconds):
    """The search alone: packed boards in, result keys and plays out (no Position objects)."""
    from rules.movegen import generate, pack
    items = [(pack(Position.from_id(pid)), a, b) for pid, a, b in work]
    n = 0
    t0 = time.perf_counter()
    while True:
        for k, a, b in items:
            generate(k, a, b)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"generations": n, "seconds": dt, "per_second": n / dt}


def run_boards(work, seconds):
    """The bot's results-only path: plain (mine, theirs) pairs in and out (rules.result_boards)."""
    items = [(tuple(Position.from_id(pid)), a, b) for pid, a, b in work]
    n = 0
    t0 = time.perf_counter()
    while True:
        for board, a, b in items:
            rules.result_boards(board, a, b)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"generations": n, "seconds": dt, "per_second": n / dt}


def run(work, seconds, which):
    items = [(Position.from_id(pid), (a, b)) for pid, a, b in work]
    fn = rules.legal_plays if which == "rules" else baseline_plays
    n = 0
    results = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while True:
        for pos, dice in items:
            results += len(fn(pos, dice))
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            cpu = time.process_time() - c0
            return {"generations": n, "seconds": dt, "per_second": n / dt, "results": results,
                    "per_cpu_second": n / cpu if cpu > 0 else 0.0}
'''


def run_cpython(work: list, seconds: float) -> dict:
    ns: dict = {}
    exec(compile(TIMING, "bench_timing", "exec"), ns)
    ns["run"](work[:50], 0.05, "rules")  # warm up
    out = {w: ns["run"](work, seconds if w == "rules" else seconds / 2, w) for w in ("rules", "baseline")}
    out["core"] = ns["run_core"](work, seconds / 2)
    out["boards"] = ns["run_boards"](work, seconds / 2)
    return out


# ----------------------------------------------------------------------------- Pyodide
class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


PAGE = "<!doctype html><meta charset=utf-8><link rel=icon href='data:,'><title>bench</title>"


def run_pyodide(work: list, seconds: float) -> dict:
    from playwright.sync_api import sync_playwright

    vendor = ROOT / "web" / "assets" / "vendor" / "pyodide" / "pyodide.mjs"
    mjs = vendor if vendor.exists() else ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    if not mjs.exists():
        raise RuntimeError("no pyodide.mjs in web/assets/vendor/pyodide or node_modules/pyodide")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    files = {str(p.relative_to(ROOT / "web" / "py")): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "web" / "py" / "rules").glob("*.py"))}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page()
            offsite = []

            def route(r):
                if r.request.url.startswith(base):
                    if r.request.url == base + "/bench.html":
                        return r.fulfill(body=PAGE, content_type="text/html")
                    return r.continue_()
                offsite.append(r.request.url)
                return r.abort()

            page.route("**/*", route)
            page.goto(base + "/bench.html")
            url = base + "/" + str(mjs.relative_to(ROOT))
            t0 = time.perf_counter()
            out = page.evaluate(
                """async ([url, files, timing, work, seconds]) => {
                    const { loadPyodide } = await import(url);
                    const py = await loadPyodide({ indexURL: url.slice(0, url.lastIndexOf('/') + 1) });
                    py.FS.mkdirTree('/bench/rules');
                    for (const [name, text] of Object.entries(files)) py.FS.writeFile('/bench/' + name, text);
                    py.runPython("import sys; sys.path.insert(0, '/bench')");
                    py.runPython(timing);
                    py.globals.set('work_json', JSON.stringify(work));
                    py.globals.set('seconds', seconds);
                    const res = py.runPython(`
import json, sys
work = json.loads(work_json)
run(work[:50], 0.05, "rules")
json.dumps({"rules": run(work, seconds, "rules"), "baseline": run(work, seconds / 2, "baseline"),
            "core": run_core(work, seconds / 2), "boards": run_boards(work, seconds / 2),
            "python": sys.version.split()[0],
            "int_digit_bits": sys.int_info.bits_per_digit})`);
                    return res;
                }""",
                [url, files, TIMING, work, seconds],
            )
            boot = time.perf_counter() - t0
            browser.close()
    finally:
        server.shutdown()
    if offsite:
        raise RuntimeError(f"requests outside 127.0.0.1: {offsite[:3]}")
    res = json.loads(out)
    res["load_and_run_seconds"] = boot
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="timing length per measurement")
    ap.add_argument("--no-browser", action="store_true", help="skip the Pyodide measurement")
    args = ap.parse_args()
    work = workload()
    n_double = sum(1 for _, a, b in work if a == b)
    n_bar = sum(1 for pid, _, _ in work if Position.from_id(pid).mine[25])
    print(f"workload: {len(work)} positions and rolls ({n_double} doubles, {n_bar} with the mover on the bar)")
    cp = run_cpython(work, args.seconds)
    print(f"CPython {sys.version.split()[0]}: rules.legal_plays {cp['rules']['per_second']:,.0f}/s "
          f"(per CPU second {cp['rules']['per_cpu_second']:,.0f}) "
          f"({cp['rules']['results'] / cp['rules']['generations']:.1f} results per generation); "
          f"baseline straightforward generator {cp['baseline']['per_second']:,.0f}/s; "
          f"speed-up {cp['rules']['per_second'] / cp['baseline']['per_second']:.1f}x; "
          f"search alone {cp['core']['per_second']:,.0f}/s; "
          f"rules.result_boards (the bot's) {cp['boards']['per_second']:,.0f}/s")
    if args.no_browser:
        return
    py = run_pyodide(work, args.seconds)
    print(f"Pyodide (Python {py['python']}) in Chromium: rules.legal_plays {py['rules']['per_second']:,.0f}/s; "
          f"baseline {py['baseline']['per_second']:,.0f}/s; "
          f"search alone {py['core']['per_second']:,.0f}/s; "
          f"rules.result_boards {py['boards']['per_second']:,.0f}/s; "
          f"CPython/Pyodide ratio {cp['rules']['per_second'] / py['rules']['per_second']:.2f}x "
          f"(int digits {py['int_digit_bits']} bits; load + run {py['load_and_run_seconds']:.1f} s)")


if __name__ == "__main__":
    main()
