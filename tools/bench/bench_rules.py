"""Benchmark of the rules engine: legal-play generations per second.

    .venv/bin/python -m tools.bench.bench_rules [--seconds 3] [--no-browser] [--baseline REV]

The workload is a fixed, varied set of positions and rolls (4,000): positions met in seeded
random games (plays chosen by the sorted Position IDs of the results, so the set does not depend
on the generator's order) plus bar, closed-board and bear-off positions. Each generation is one
``rules.legal_plays(pos, dice)`` call (every distinct result as a Position, with its play).

Printed, all measured in this run (wall-clock rates; in CPython also per CPU second, which
is steadier when other work shares the machine):
- CPython: rules.legal_plays, and as the baseline the rules tests' reference generator
  (``reference_results`` of tests/rules/rules_testkit.py: lists, every die order, every checker, the
  rule text literally), and the search alone (``rules.movegen.generate`` on packed boards);
- Pyodide in Chromium (headless, local files only): the same workload and the same baseline,
  loading node_modules/pyodide/pyodide.mjs, the
  rules package written into Pyodide's file system.

``--baseline REV`` also measures the rules package of git revision REV (checked out in a temporary
``git worktree``) on the same workload: in CPython in its own process beside this tree's, in Pyodide in a
second interpreter of the same page, the two alternating in ``--rounds`` rounds, and prints both.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import threading
import time

import rules
from rules import Position

from tools.bench import baseline as baseline_rev

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTKIT = ROOT / "tests" / "rules" / "rules_testkit.py"  # the reference generator: the baseline


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


# The timing code below runs unchanged in CPython and in Pyodide (it is sent as text). The harness sets
# REFERENCE to rules_testkit.reference_results where the baseline generator is measured.
TIMING = r'''
import time
import rules
from rules import Position

REFERENCE = None


def run_core(work, seconds):
    """The search alone: packed boards in, result keys and plays out (no Position objects)."""
    try:
        from rules.movegen import generate, pack
    except ImportError:  # a revision without that internal
        return None
    items = [(pack(Position.from_id(pid)), a, b) for pid, a, b in work]
    n = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while True:
        for k, a, b in items:
            generate(k, a, b)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"generations": n, "seconds": dt, "cpu": time.process_time() - c0, "results": 0}


def run(work, seconds, which):
    if which == "core":
        return run_core(work, seconds)
    items = [(Position.from_id(pid), (a, b)) for pid, a, b in work]
    fn = rules.legal_plays if which == "rules" else REFERENCE
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
            return {"generations": n, "seconds": dt, "cpu": time.process_time() - c0, "results": results}
'''

# A CPython process measuring one tree's rules package (PYTHONPATH), on commands read from stdin.
WORKER = r'''
import importlib.util, json, sys
exec(compile(sys.argv[3], "bench_timing", "exec"))
work = json.load(open(sys.argv[1]))
if sys.argv[2]:
    spec = importlib.util.spec_from_file_location("rules_testkit", sys.argv[2])
    testkit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(testkit)
    REFERENCE = testkit.reference_results
run(work[:50], 0.05, "rules")  # warm up
print(json.dumps({"python": sys.version.split()[0]}), flush=True)
for line in sys.stdin:
    which, seconds = json.loads(line)
    print(json.dumps(run(work, seconds, which)), flush=True)
'''


def plan(labels: list[str], measures: dict, rounds: int) -> list[tuple[int, str, float]]:
    """(version index, measure, seconds) in the order they run: each measure split into ``rounds`` rounds, the
    versions alternating (and which goes first), so both see the same load on a shared machine."""
    steps = []
    for r in range(rounds):
        order = list(range(len(labels))) if r % 2 == 0 else list(reversed(range(len(labels))))
        for which, (seconds, only_first) in measures.items():
            for i in order:
                if i == 0 or not only_first:
                    steps.append((i, which, seconds / rounds))
    return steps


def total(parts: list) -> dict | None:
    parts = [p for p in parts if p is not None]
    if not parts:
        return None
    n = sum(p["generations"] for p in parts)
    dt = sum(p["seconds"] for p in parts)
    cpu = sum(p["cpu"] for p in parts)
    return {"generations": n, "per_second": n / dt, "per_cpu_second": n / cpu if cpu > 0 else 0.0,
            "results": sum(p["results"] for p in parts)}


def gather(labels: list[str], steps: list, outs: list) -> list[dict]:
    return [{which: total([o for (j, w, _), o in zip(steps, outs) if j == i and w == which])
             for which in ("rules", "baseline", "core")} for i in range(len(labels))]


def measures(seconds: float) -> dict:
    """measure -> (seconds in all, this tree only)."""
    return {"rules": (seconds, False), "baseline": (seconds / 2, True), "core": (seconds / 2, False)}


def run_cpython(work: list, seconds: float, trees: list[pathlib.Path], rounds: int) -> tuple[str, list[dict]]:
    with tempfile.TemporaryDirectory() as tmp:
        wfile = pathlib.Path(tmp) / "work.json"
        wfile.write_text(json.dumps(work))
        procs = []
        for i, tree in enumerate(trees):
            env = {**os.environ, "PYTHONPATH": str(tree / "web" / "py")}
            procs.append(subprocess.Popen(
                [sys.executable, "-c", WORKER, str(wfile), str(TESTKIT) if i == 0 else "", TIMING],
                env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
        try:
            version = [json.loads(p.stdout.readline())["python"] for p in procs][0]
            steps = plan([str(t) for t in trees], measures(seconds), rounds)
            outs = []
            for i, which, secs in steps:
                procs[i].stdin.write(json.dumps([which, secs]) + "\n")
                procs[i].stdin.flush()
                outs.append(json.loads(procs[i].stdout.readline()))
        finally:
            for p in procs:
                p.stdin.close()
                p.wait()
    return version, gather([str(t) for t in trees], steps, outs)


# ----------------------------------------------------------------------------- Pyodide
class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


PAGE = "<!doctype html><meta charset=utf-8><link rel=icon href='data:,'><title>bench</title>"

# One interpreter per tree in the same page; then the plan's steps, alternating between them.
PAGE_JS = """async ([url, trees, testkit, timing, work, steps]) => {
    const { loadPyodide } = await import(url);
    const pys = [];
    for (const [i, files] of trees.entries()) {
        const py = await loadPyodide({ indexURL: url.slice(0, url.lastIndexOf('/') + 1) });
        py.FS.mkdirTree('/bench/rules');
        for (const [name, text] of Object.entries(files)) py.FS.writeFile('/bench/' + name, text);
        py.FS.writeFile('/bench/rules_testkit.py', testkit);
        py.runPython("import sys; sys.path.insert(0, '/bench')");  // this interpreter's own file system
        py.runPython(timing);
        if (i === 0) py.runPython("import rules_testkit; REFERENCE = rules_testkit.reference_results");
        py.globals.set('work_json', JSON.stringify(work));
        py.runPython("import json; work = json.loads(work_json); run(work[:50], 0.05, 'rules')");
        pys.push(py);
    }
    const outs = [];
    for (const [i, which, seconds] of steps) {
        outs.push(pys[i].runPython(`json.dumps(run(work, ${seconds}, "${which}"))`));
    }
    const info = pys[0].runPython("import sys; json.dumps([sys.version.split()[0], sys.int_info.bits_per_digit])");
    return [info, outs];
}"""


def run_pyodide(work: list, seconds: float, trees: list[pathlib.Path], rounds: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tools.site.chromium import LAUNCH_ARGS, chromium_path

    # npm's package (the site's vendored copy has no python_stdlib.zip: the site loads its own, precompiled)
    mjs = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    if not mjs.exists():
        raise RuntimeError("no pyodide.mjs in node_modules/pyodide: run `npm ci`")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    files = [{str(p.relative_to(tree / "web" / "py")): p.read_text(encoding="utf-8")
              for p in sorted((tree / "web" / "py" / "rules").glob("*.py"))} for tree in trees]
    steps = plan([str(t) for t in trees], measures(seconds), rounds)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
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
            info, outs = page.evaluate(PAGE_JS, [url, files, TESTKIT.read_text(encoding="utf-8"), TIMING, work,
                                                 steps])
            boot = time.perf_counter() - t0
            browser.close()
    finally:
        server.shutdown()
    if offsite:
        raise RuntimeError(f"requests outside 127.0.0.1: {offsite[:3]}")
    python, bits = json.loads(info)
    return {"python": python, "int_digit_bits": bits, "load_and_run_seconds": boot,
            "trees": gather([str(t) for t in trees], steps, [json.loads(o) for o in outs])}


def _rate(r: dict | None, cpu: bool = False) -> str:
    if r is None:
        return "n/a"
    return f"{r['per_second']:,.0f}/s" + (f" (per CPU second {r['per_cpu_second']:,.0f})" if cpu else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="timing length per measurement")
    ap.add_argument("--no-browser", action="store_true", help="skip the Pyodide measurement")
    ap.add_argument("--baseline", metavar="REV", default=None,
                    help="also measure the rules package of git revision REV (e.g. main), interleaved")
    ap.add_argument("--rounds", type=int, default=None,
                    help="rounds the measurements are split into, versions alternating (default 1, 3 with --baseline)")
    args = ap.parse_args()
    rounds = args.rounds or (3 if args.baseline else 1)
    work = workload()
    n_double = sum(1 for _, a, b in work if a == b)
    n_bar = sum(1 for pid, _, _ in work if Position.from_id(pid).mine[25])
    print(f"workload: {len(work)} positions and rolls ({n_double} doubles, {n_bar} with the mover on the bar)")
    with contextlib.ExitStack() as stack:
        trees, labels = [ROOT], ["this tree"]
        if args.baseline:
            trees.append(stack.enter_context(baseline_rev.worktree(args.baseline)))
            labels.append(baseline_rev.describe(args.baseline))
        version, cp = run_cpython(work, args.seconds, trees, rounds)
        mine = cp[0]
        print(f"CPython {version}: rules.legal_plays {_rate(mine['rules'], cpu=True)} "
              f"({mine['rules']['results'] / mine['rules']['generations']:.1f} results per generation); "
              f"baseline reference generator {_rate(mine['baseline'])}; "
              f"speed-up {mine['rules']['per_second'] / mine['baseline']['per_second']:.1f}x; "
              f"search alone {_rate(mine['core'])}")
        for label, r in zip(labels[1:], cp[1:]):
            print(f"CPython {version} at {label}: rules.legal_plays {_rate(r['rules'], cpu=True)}; "
                  f"search alone {_rate(r['core'])}; this tree / {args.baseline}: "
                  f"{mine['rules']['per_cpu_second'] / r['rules']['per_cpu_second']:.2f}x per CPU second")
        if args.no_browser:
            return
        py = run_pyodide(work, args.seconds, trees, rounds)
        pm = py["trees"][0]
        print(f"Pyodide (Python {py['python']}) in Chromium: rules.legal_plays {_rate(pm['rules'])}; "
              f"baseline {_rate(pm['baseline'])}; search alone {_rate(pm['core'])}; "
              f"CPython/Pyodide ratio {mine['rules']['per_second'] / pm['rules']['per_second']:.2f}x "
              f"(int digits {py['int_digit_bits']} bits; load + run {py['load_and_run_seconds']:.1f} s)")
        for label, r in zip(labels[1:], py["trees"][1:]):
            print(f"Pyodide at {label}: rules.legal_plays {_rate(r['rules'])}; search alone {_rate(r['core'])}; "
                  f"this tree / {args.baseline}: {pm['rules']['per_second'] / r['rules']['per_second']:.2f}x")


if __name__ == "__main__":
    main()
