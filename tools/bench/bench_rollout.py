"""Benchmark: rollouts (bot.rollout) against Open Sage's, and their speed in CPython and in Chromium.

    .venv/bin/python -m tools.bench.bench_rollout --reference          # Open Sage's rollouts of the positions
    .venv/bin/python -m tools.bench.bench_rollout --accuracy [--trials N]  # ours against them
    .venv/bin/python -m tools.bench.bench_rollout --speed              # trials/s in CPython
    .venv/bin/python -m tools.bench.bench_rollout --prune              # the pruning network's pass, per play
    .venv/bin/python -m tools.bench.bench_rollout --pyodide            # the default rollout in Chromium (make site)

Positions (``positions()``, 22, fixed): 6 opening replies, 6 contact plays and 4 race plays from the bots' games
(``bot.play.self_play`` with ``random.Random(2024)``), 6 cube decisions (money, cube centred) from the same games.

``--reference`` rolls each out with Open Sage (PyPI ``bgsage``, pinned in requirements-test.txt: a benchmark
reference only, never part of the site and never a source of training targets) with the same settings as our
default (324 trials, truncated after 11 plies, its 1-ply = our 0-ply, cubeful money play without the Jacoby rule):
for a play, the two best of its candidates (forced into the rollout); for a cube decision, no double and
double/take. Kept in ``rollout_reference.json`` beside this file (Open Sage's figures, not ours; slow: minutes).

``--accuracy`` rolls the same candidates out with ours and prints, per position, both equities of the two
candidates and which is best; then the mean absolute difference of the equities and the share of positions with
the same best candidate, overall and where Open Sage's two differ by more than its 95 % interval.

``--speed [--baseline REV]``: trials per second (CPU time) of one contact play at 0-ply leaves, three positions,
truncated after 11 plies and played to the end, and the interval width one CPU second of trials buys; with
``--baseline`` the same for another git revision (e.g. ``main``) measured in the same run, each in its own
interpreter. ``--kind KIND`` limits ``--accuracy`` to one kind of position.

``--prune [--trials N] [--baseline REV]``: the pruning network's pass alone (``bot/prune_scores.py``): the
scoring calls of one contact play's rollout (``--trials``, 6 is plenty) made again with a new scorer, CPU time per
play scored, for this checkout and that revision in turn, each in its own interpreter.

``--pyodide [--workers N[,M...]] [--baseline REV]``: the table page in Chromium, the hint for the opening 3-1,
then *Roll out* at its defaults (324 trials unless ``--trials``, 11 plies, the best two plays) on the page's
rollout workers (as many as the device gives, or each count of ``--workers`` in turn, ``?workers=N``): the
workers that ran blocks of it (and when the second joined), the wall time (and what it makes of 324 trials),
the load average before and after, and every main-thread task over 50 ms (when, how long); the rollout starts
once the page has made its memory snapshot (a worker of its own that would take a core); with
``--baseline`` the same for that revision's site, built in a temporary worktree; then the same rollout in
CPython (CPU time), for the ratio of the two interpreters.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import pathlib
import random
import statistics
import sys
import time
from typing import Optional

import bot
from bot import play
from rules import Position, legal_plays
from rules.board import START_BOARD, is_race

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = pathlib.Path(__file__).with_name("rollout_reference.json")
R = sys.modules["bot.rollout"]


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


# --- positions --------------------------------------------------------------------------------------------------

def positions() -> list[dict]:
    """The benchmark's positions: ``{"name", "kind", "position_id", "dice"}`` (dice None for a cube decision)."""
    out = []
    start = Position(*START_BOARD).to_id()
    for d in ((2, 1), (4, 3), (5, 2), (6, 4), (5, 4), (4, 1)):
        out.append({"name": f"opening {d[0]}{d[1]}", "kind": "opening", "position_id": start, "dice": list(d)})
    ev = bot.evaluator()
    rng = random.Random(2024)
    want = {"contact": 6, "race": 4, "cube": 6}
    game = 0
    while any(want.values()) and game < 200:
        game += 1
        moves = play.self_play(ev, rng)
        for ply, (b, d) in enumerate(moves):
            if ply < 6 or ply % 5:
                continue
            pos = Position(*b)
            if bot.bearoff.is_pure_bearoff(b):
                continue
            pid = pos.to_id()
            race = is_race(b)
            if len({r.to_id() for _, r in legal_plays(pos, d)}) >= 3:
                kind = "race" if race else "contact"
                if want[kind]:
                    want[kind] -= 1
                    out.append({"name": f"{kind} g{game} p{ply}", "kind": kind, "position_id": pid, "dice": list(d)})
                    continue
            w = bot.evaluate(pid)["win"]
            if want["cube"] and 0.64 <= w <= 0.82:
                want["cube"] -= 1
                out.append({"name": f"cube g{game} p{ply}", "kind": "cube", "position_id": pid, "dice": None})
    return out


def interleaved(ps: list[dict]) -> list[dict]:
    """The positions one kind after another in turn (the first opening, contact, race and cube, then the
    second of each...), so that a partial reference covers every kind."""
    kinds = ("opening", "contact", "race", "cube")
    groups = [[p for p in ps if p["kind"] == k] for k in kinds]
    return [g[i] for i in range(max(map(len, groups))) for g in groups if i < len(g)]


# --- Open Sage ----------------------------------------------------------------------------------------------------

def sage_board(pos: Position) -> list[int]:
    """Open Sage's board: from the side on roll, 1..24 its points (its checkers positive, the other's negative),
    25 its bar, 0 the other's bar."""
    mine, theirs = pos[0], pos[1]
    b = [0] * 26
    for i in range(1, 25):
        b[i] = mine[i] - theirs[25 - i]
    b[25], b[0] = mine[25], theirs[25]
    return b


def from_sage(b: list[int]) -> str:
    """Our Position ID of a board after a play, as Open Sage writes it (the mover's view)."""
    mine, theirs = [0] * 26, [0] * 26
    for i in range(1, 25):
        if b[i] > 0:
            mine[i] = b[i]
        elif b[i] < 0:
            theirs[25 - i] = -b[i]
    mine[25], theirs[25] = b[25], b[0]
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    return Position(tuple(mine), tuple(theirs)).to_id()


def reference(args) -> None:
    import bgsage
    analyzer = bgsage.create_analyzer("rollout", n_trials=args.trials, truncation_depth=args.truncate, seed=1,
                                      parallel_threads=args.threads, filter_max_moves=2, filter_threshold=10.0)
    done = json.loads(REFERENCE.read_text()) if REFERENCE.exists() else {}
    for p in interleaved(positions()):
        if p["name"] in done:
            continue
        t0 = time.time()
        board = sage_board(Position.from_id(p["position_id"]))
        if p["dice"]:
            r = analyzer.checker_play(board, *p["dice"], jacoby=False, beaver=False)
            rolled = [m for m in r.moves if m.eval_level == "Rollout"][:2]
            entry = {"candidates": [{"candidate": from_sage(m.board), "equity": m.equity,
                                     "se": m.std_error, "cubeless": m.cubeless_equity} for m in rolled]}
        else:
            c = analyzer.cube_action(board, jacoby=False, beaver=False)
            entry = {"candidates": [{"candidate": "no_double", "equity": c.equity_nd, "se": c.equity_nd_se},
                                    {"candidate": "double_take", "equity": c.equity_dt, "se": c.equity_dt_se}],
                     "action": c.optimal_action}
        entry.update(p, trials=args.trials, truncate=args.truncate, seconds=round(time.time() - t0, 1))
        done[p["name"]] = entry
        REFERENCE.write_text(json.dumps(done, indent=1) + "\n")
        print(f"{p['name']:18s} {time.time() - t0:6.1f} s  " +
              "  ".join(f"{c['candidate']} {c['equity']:+.3f}" for c in entry["candidates"]), flush=True)


# --- ours against it ---------------------------------------------------------------------------------------------

def accuracy(args) -> None:
    ref = json.loads(REFERENCE.read_text())
    rows = []
    print(f"ours: {args.trials} trials, truncated after {args.truncate} plies, seed {args.seed}; {load()}")
    print(f"{'position':18s} {'sage 1':>8s} {'sage 2':>8s} {'±sage':>6s} {'ours 1':>8s} {'ours 2':>8s} {'±ours':>6s} same")
    for p in interleaved(positions())[args.start:args.start + args.positions]:
        e = ref.get(p["name"])
        if args.kind and p["kind"] != args.kind:
            continue
        if e is None or len(e["candidates"]) < 2:
            continue
        cands = [c["candidate"] for c in e["candidates"]]
        t0 = time.process_time()
        res = bot.rollout(p["position_id"], dice=p["dice"], candidates=cands, trials=args.trials,
                          truncate=args.truncate, seed=args.seed)
        ours = {c["candidate"]: c for c in res["candidates"]}
        s1, s2 = (c["equity"] for c in e["candidates"])
        o1, o2 = ours[cands[0]]["equity"], ours[cands[1]]["equity"]
        ci_sage = 1.96 * ((e["candidates"][0]["se"] or 0) ** 2 + (e["candidates"][1]["se"] or 0) ** 2) ** 0.5
        same = (s1 >= s2) == (o1 >= o2)
        rows.append({"name": p["name"], "diff": [abs(s1 - o1), abs(s2 - o2)], "same": same,
                     "clear": abs(s1 - s2) > ci_sage, "cpu": time.process_time() - t0})
        print(f"{p['name']:18s} {s1:+8.3f} {s2:+8.3f} {ci_sage:6.3f} {o1:+8.3f} {o2:+8.3f} "
              f"{max(ours[c]['equity_ci'] for c in cands):6.3f} {'yes' if same else 'NO'}"
              f"   ({rows[-1]['cpu']:.0f} CPU s)", flush=True)
    summary(rows)


def summary(rows: list[dict]) -> None:
    diffs = [d for r in rows for d in r["diff"]]
    clear = [r for r in rows if r["clear"]]
    print(f"{len(rows)} positions: mean absolute difference {statistics.mean(diffs):.4f} "
          f"(max {max(diffs):.3f}); same best {sum(r['same'] for r in rows)} of {len(rows)}; "
          f"where Open Sage's two differ by more than its interval: same best {sum(r['same'] for r in clear)} "
          f"of {len(clear)}")
    for kind in ("opening", "contact", "race", "cube"):
        ds = [d for r in rows if r["name"].startswith(kind) for d in r["diff"]]
        if ds:
            print(f"  {kind:8s} mean absolute difference {statistics.mean(ds):.4f} over {len(ds) // 2} positions")


def summarise(logs: list[str]) -> None:
    """The summary of ``--accuracy`` runs over parts of the positions, from their printed rows."""
    rows = []
    for log in logs:
        for line in pathlib.Path(log).read_text().splitlines():
            f = line.split()  # name, sage 1, sage 2, ±sage, ours 1, ours 2, ±ours, same, (N CPU s)
            if len(f) >= 12 and f[0] in ("opening", "contact", "race", "cube") and f[-4] in ("yes", "NO"):
                s1, s2, ci, o1, o2 = (float(x) for x in f[-10:-5])
                rows.append({"name": " ".join(f[:-10]), "diff": [abs(s1 - o1), abs(s2 - o2)],
                             "same": f[-4] == "yes", "clear": abs(s1 - s2) > ci})
    summary(rows)


# --- speed -------------------------------------------------------------------------------------------------------

_MEASURE = r"""
import json, math, sys, time
import bot
R = sys.modules["bot.rollout"]
jobs = json.loads(sys.argv[1])
out = []
for job in jobs:
    t0 = time.process_time()
    r = R.Rollout(bot.evaluator(), job["position_id"], dice=tuple(job["dice"]), trials=job["trials"],
                  truncate=job["truncate"], seed=1)
    r.candidates = r.candidates[:1]
    r.step(job["trials"])
    cpu = time.process_time() - t0
    c, n = r.candidates[0], job["trials"]
    var = [max(c.squares[k] / n - (c.sums[k] / n) ** 2, 0.0) * n / (n - 1) for k in (0, 1)]
    out.append({"cpu": cpu, "trials": n, "var": var, "equity": c.sums[0] / n})
print(json.dumps(out))
"""


def _measure(tree: pathlib.Path, jobs: list[dict]) -> list[dict]:
    """The jobs' rollouts run by the code of ``tree`` in a fresh interpreter (its own ``bot``)."""
    import subprocess
    from tools.bench import baseline
    env = baseline.python_env(tree)
    done = subprocess.run([sys.executable, "-c", _MEASURE, json.dumps(jobs)], env=env, cwd=tree, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.splitlines()[-1])


def speed(args) -> None:
    """Trials per second of one contact play (three positions) truncated after 11 plies and played to the end,
    and the interval width per CPU second (1.96 standard deviations of a trial's cubeful equity times the square
    root of the CPU seconds a trial takes: the 95 % half-width that one CPU second of trials buys), for this
    checkout and, with ``--baseline REV``, that revision measured in the same run (alternately)."""
    from tools.bench import baseline
    contact = [p for p in positions() if p["kind"] == "contact"][:3]
    print(f"CPython, {load()}; one contact play, {len(contact)} positions, seed 1")
    trees = [("this checkout", ROOT)]
    stack = contextlib.ExitStack()
    with stack:
        if args.baseline:
            trees.append((f"baseline {baseline.describe(args.baseline)}",
                          stack.enter_context(baseline.worktree(args.baseline))))
        for truncate, trials in ((11, args.trials), (0, max(4, args.trials // 6))):
            jobs = [dict(p, trials=trials, truncate=truncate) for p in contact]
            what = f"truncated after {truncate} plies" if truncate else "to the end"
            for name, tree in trees:
                rows = _measure(tree, jobs)
                cpu = sum(r["cpu"] for r in rows)
                total = sum(r["trials"] for r in rows)
                eqs = " ".join(f"{r['equity']:+.3f}" for r in rows)
                width = statistics.mean(1.96 * math.sqrt(r["var"][0] * r["cpu"] / r["trials"]) for r in rows)
                print(f"  {what:25s} {name:28s} {total / cpu:6.2f} trials/s ({total} trials, {cpu:5.1f} CPU s); "
                      f"324 trials of two plays {2 * 324 * cpu / total:4.0f} CPU s; ±{width:.3f} per CPU s "
                      f"(equities {eqs}); {load()}", flush=True)


_PRUNE = r"""
import json, sys, time
import bot
from bot import network
R = sys.modules["bot.rollout"]
job = json.loads(sys.argv[1])
calls = []
scores_from = network.Network.scores_from
def kept(net, base, pre, boards):
    calls.append((net, base, pre, boards))
    return scores_from(net, base, pre, boards)
network.Network.scores_from = kept
r = R.Rollout(bot.evaluator(), job["position_id"], dice=tuple(job["dice"]), trials=job["trials"], truncate=11,
              seed=1)
r.candidates = r.candidates[:1]
r.step(job["trials"])
network.Network.scores_from = scores_from
best = None
for _ in range(3):
    for net, *_ in calls:
        net._prune_scorer = None  # a new scorer each time: nothing kept from the time before
    t0 = time.process_time()
    for net, base, pre, boards in calls:
        net.scores_from(base, pre, boards)
    cpu = time.process_time() - t0
    best = cpu if best is None else min(best, cpu)
print(json.dumps({"plays": sum(len(c[3]) for c in calls), "cpu": best}))
"""


def prune_speed(args) -> None:
    """The pruning network's pass (``Network.scores_from``, ``bot/prune_scores.py``) alone: the calls of one
    contact play's rollout (``--trials``, 11 plies) scored again, CPU time per play (the best of three), for
    this checkout and ``--baseline REV`` in turn, twice each, each in its own interpreter."""
    import subprocess
    from tools.bench import baseline
    job = dict([p for p in positions() if p["kind"] == "contact"][0], trials=args.trials)
    print(f"CPython, {load()}; the pruning network's scores of every play of a contact play's rollout "
          f"({job['name']}, {args.trials} trials)")
    with contextlib.ExitStack() as stack:
        trees = [("this checkout", ROOT)]
        if args.baseline:
            trees.append((f"baseline {baseline.describe(args.baseline)}",
                          stack.enter_context(baseline.worktree(args.baseline))))
        for _ in range(2):
            for name, tree in trees:
                env = baseline.python_env(tree)
                done = subprocess.run([sys.executable, "-c", _PRUNE, json.dumps(job)], env=env, cwd=tree,
                                      check=True, capture_output=True, text=True)
                r = json.loads(done.stdout.splitlines()[-1])
                print(f"  {name:28s} {1e6 * r['cpu'] / r['plays']:5.2f} µs per play ({r['plays']} plays, "
                      f"{r['cpu']:.2f} CPU s); {load()}", flush=True)


def _browser_cpu() -> float:
    """CPU seconds used so far by this process's descendants still running (the browser's processes), from
    /proc (Linux; -1 elsewhere): its growth over a rollout against the wall time shows how many cores worked."""
    try:
        stats = {}
        for d in pathlib.Path("/proc").iterdir():
            if d.name.isdigit():
                with contextlib.suppress(OSError):
                    f = (d / "stat").read_text().rsplit(")", 1)[1].split()
                    stats[int(d.name)] = (int(f[1]), int(f[11]) + int(f[12]))  # ppid, utime + stime
    except OSError:
        return -1.0
    mine, total, grew = {os.getpid()}, 0, True
    while grew:
        grew = False
        for pid, (ppid, _) in stats.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    total = sum(stats[p][1] for p in mine if p != os.getpid() and p in stats)
    return total / os.sysconf("SC_CLK_TCK")


def _pyodide_run(web: pathlib.Path, trials: int, workers: Optional[int] = None) -> tuple[float, list, list, str]:
    """The opening 3-1's default rollout in the page served from ``web`` (``workers``: the page's ``?workers=N``,
    None: the device's count): (wall seconds, main-thread tasks over 50 ms, the rows of the result table, the
    workers that ran blocks of it of those it could use)."""
    from tools.site import serve
    from tools.site.chromium import LAUNCH_ARGS, chromium_path
    from playwright.sync_api import sync_playwright
    server = serve.start(0, web)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?lang=en&seed={'ab' * 32}&clock=0&pace=0"
    if workers:
        url += f"&workers={workers}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(120_000)
            page.goto(url)
            page.wait_for_selector("html[data-ready]", state="attached")
            page.wait_for_selector("#board [data-movable]")
            page.keyboard.press("h")
            page.wait_for_selector("#rollout", state="visible")
            page.wait_for_function("(document.documentElement.dataset.botWorker || '').includes('bearoff')")
            # the memory snapshot is made once the page is idle (docs/offline.md), in a worker of its own: wait
            # for it, so that it takes neither a core nor the main thread from the rollout measured
            page.wait_for_function("document.documentElement.dataset.snapshot", timeout=180_000)
            page.select_option("#rollout-trials", str(trials))
            page.fill("#rollout-seed", "1")
            page.evaluate("""() => { window.__long = []; window.__t0 = performance.now(); window.__joined = [];
                new PerformanceObserver(l => l.getEntries().forEach(e => window.__long.push(
                    [Math.round((e.startTime - window.__t0) / 100) / 10, Math.round(e.duration)])))
                    .observe({type: 'longtask'});
                new MutationObserver(() => window.__joined.push([document.documentElement.dataset.rolloutWorkers,
                    Math.round((performance.now() - window.__t0) / 100) / 10]))
                    .observe(document.documentElement, {attributeFilter: ['data-rollout-workers']}); }""")
            cpu0 = _browser_cpu()
            t0 = time.perf_counter()
            page.locator("#btn-rollout").click()
            page.wait_for_function("document.querySelector('#rollout').dataset.state === 'done'", timeout=3_600_000)
            wall = time.perf_counter() - t0
            cpu = _browser_cpu() - cpu0
            page.wait_for_timeout(500)
            long = page.evaluate("window.__long")
            rows = page.evaluate("""() => [...document.querySelectorAll('#rollout-table tr[data-candidate]')]
                .map(r => r.textContent)""")
            used = page.evaluate("""() => { const d = document.documentElement.dataset;
                return `${d.rolloutWorkers || '1'} of ${d.rolloutPlanned || '1'}`; }""")
            joined = page.evaluate("window.__joined.filter(j => Number(j[0]) > 1)")
            if joined:
                used += " (the second from " + ", ".join(f"{t} s" for _, t in joined[:1]) + ")"
            if cpu >= 0:
                used += f", the browser's CPU {cpu:.1f} s"
        finally:
            browser.close()
            server.shutdown()
    return wall, long, rows, used


def pyodide(args) -> None:
    """The default rollout of the opening 3-1's best two plays in Chromium (wall time), this checkout's site
    (``web/``, built) and with ``--baseline REV`` that revision's (built in a temporary worktree), one after the
    other; then the same rollout in CPython (CPU time) for the ratio of the two interpreters."""
    from tools.bench import baseline
    print(f"Pyodide in Chromium: opening 3-1, the best two plays, {args.trials} trials each, 11 plies, seed 1")
    with contextlib.ExitStack() as stack:
        sites = [("this checkout", ROOT / "web")]
        if args.baseline:
            sites.append((f"baseline {baseline.describe(args.baseline)}",
                          stack.enter_context(baseline.built_site(args.baseline))))
        counts = args.workers or [None]
        for name, web in sites:
            for workers in counts:
                before = load()
                wall, long, rows, used = _pyodide_run(web, args.trials, workers)
                how = "forced" if workers else "the device's count"
                print(f"  {name:28s} workers {used} ({how}): "
                      f"{wall:6.1f} s wall, {2 * args.trials / wall:5.2f} trials/s; 324 trials of two plays about "
                      f"{648 * wall / (2 * args.trials):4.0f} s ({before} before, {load()} after)", flush=True)
                longest = max((d for _, d in long), default=0)
                print(f"    main-thread tasks over 50 ms: {len(long)}, longest {longest} ms; "
                      f"[s after the click, ms]: {long[:20]}")
                for r in rows:
                    print("    " + r)
    start = Position(*START_BOARD).to_id()
    t0 = time.process_time()
    bot.rollout(start, dice=(3, 1), trials=args.trials, seed=1)
    cpu = time.process_time() - t0
    print(f"  CPython, this checkout: the same rollout {cpu:.1f} CPU s ({2 * args.trials / cpu:.2f} trials/s; {load()})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reference", action="store_true")
    ap.add_argument("--accuracy", action="store_true")
    ap.add_argument("--speed", action="store_true")
    ap.add_argument("--pyodide", action="store_true")
    ap.add_argument("--prune", action="store_true", help="the pruning network's pass alone, CPU time per play")
    ap.add_argument("--trials", type=int, default=324)
    ap.add_argument("--baseline", metavar="REV",
                    help="also measure this git revision in the same run (--speed, --pyodide)")
    ap.add_argument("--workers", type=lambda v: [int(x) for x in v.split(",")], metavar="N[,M...]",
                    help="--pyodide: force the page's rollout workers (?workers=N), one run per count, e.g. 1,2")
    ap.add_argument("--truncate", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1, help="Open Sage's threads (--reference)")
    ap.add_argument("--positions", type=int, default=100, help="only N positions (--accuracy)")
    ap.add_argument("--kind", choices=("opening", "contact", "race", "cube"), help="only this kind (--accuracy)")
    ap.add_argument("--start", type=int, default=0, help="from the position at this index (--accuracy)")
    ap.add_argument("--summarise", nargs="*", metavar="LOG", help="the summary of --accuracy logs run in parts")
    args = ap.parse_args()
    if args.summarise:
        summarise(args.summarise)
    elif args.reference:
        reference(args)
    elif args.accuracy:
        accuracy(args)
    elif args.pyodide:
        pyodide(args)
    elif args.prune:
        prune_speed(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
