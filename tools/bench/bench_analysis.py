"""Benchmark: the analysis of game records (bot.analysis), quick against deep.

    .venv/bin/python -m tools.bench.bench_analysis                      # CPython: time per depth, baseline
    .venv/bin/python -m tools.bench.bench_analysis --games 10 --profile  # ... where deep's time goes (cProfile)
    .venv/bin/python -m tools.bench.bench_analysis --compare 50 --seed 1 --jobs 2  # quick against deep
    .venv/bin/python -m tools.bench.bench_analysis --pyodide             # in Chromium (build first: make site)
    .venv/bin/python -m tools.bench.bench_analysis --gnubg 30 --jobs 2 --cache gnubg.jsonl  # against GNU 2-ply
    .venv/bin/python -m tools.bench.bench_analysis --mat-vs-gnubg 20     # imported .mat, quick against GNU 0-ply
    .venv/bin/python -m tools.bench.bench_analysis --mat-vs-gnubg 20 --mat-source gnubg --mat-length 7  # ... of
                                                                         # GNU Backgammon's self-play
    .venv/bin/python -m tools.bench.bench_analysis --mat-vs-gnubg 2 --mat-source gnubg --mat-length 7 --cube-diff
                                                                         # ... and each cube decision against GNU's
                                                                         # (--play-diff: each checker play)
    .venv/bin/python -m tools.bench.bench_analysis --mat-vs-gnubg 1 --seed 15 --mat-source gnubg --mat-length 7 \
        --play-depths 324                                               # ... the plays where the two part, judged
                                                                         # deeper and rolled out (--baseline REV:
                                                                         # our figures by REV's code beside)
    .venv/bin/python -m tools.bench.bench_analysis --mat-vs-gnubg 20 --mat-source gnubg --mat-length 7 \
        --judges quick,gnubg:1,gnubg:2,sage:1ply,sage:2ply              # what the 20 % asks of other judges
    .venv/bin/python -m tools.bench.bench_analysis --match 7             # a 7-point match, quick and deep
    .venv/bin/python -m tools.bench.bench_analysis --pyodide --match 7   # ... in Chromium

The games are played by game.Table with the bots, the intermediate (player 0) against the beginner (player 1),
seeds ``--seed`` .. ``--seed + N - 1``.

CPython (default): for each game, decisions, CPU seconds per depth, both players' error rates; then the median
time of a 60-decision game at each depth (scaled per decision). Baseline measured in the same run: the bots
choosing a play in the same move positions (``bot.choose`` at "intermediate" = quick's 0-ply, "strong" = the
1-ply search deep runs), per unforced move.

``--compare N``: both depths on the same N games, without the baseline: per player the mean error rate at each
depth, their correlation, the mean absolute difference, how often the rating band is the same, and how often the
marks of the same decisions agree.

``--gnubg N``: quick and deep against GNU Backgammon's 2-ply judgement of the same checker plays
(``tools/bench/gnubg_analysis.py``) on N games: per player and game, the checker-play error rate of each (x1000)
and their correlation; of GNU's blunders (loss >= 0.08), the share each depth also finds (loss >= 0.08, and
marked at all); of each depth's "very bad" marks (>= 0.16), the share GNU calls no error of 0.08 (false). GNU's
judgements are kept in ``--cache`` (JSON lines per seed) and read back on the next run.

``--match L``: a whole L-point match of the two bots, analysed quick then deep: CPU seconds and decisions,
with the bots choosing their plays in the same positions as the baseline; with ``--pyodide`` that match is the
one analysed in Chromium.

``--pyodide``: the site served on 127.0.0.1 in one Chromium, a game of about 60 decisions opened in the review
(``index.html?review=1``), analysed quick then deep in the bot's worker. Prints the wall time of each, and every
main-thread task over 50 ms (PerformanceObserver "longtask") with what was running: the page's own work is
marked with User Timing measures ("gamao:review-draw", "gamao:review-tick", "gamao:review-result-parse", ...)
and marks ("gamao:worker-create", ...); a long task that overlaps none is attributed to the last mark before it.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import statistics
import time

import bot
import game
from bot import analysis as A
from game import intents as I

ROOT = pathlib.Path(__file__).resolve().parents[2]


def played(seed: int) -> dict:
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0), now=0)
    game.drive_bots(table, now=0)
    return table.record()


def sixty_decisions(start: int = 1) -> dict:
    """The first game from seed ``start`` on with 56..64 analysed decisions (a typical game)."""
    for seed in range(start, start + 200):
        record = played(seed)
        if 56 <= decisions(A.analyse_record(record, "quick")) <= 64:
            return record
    raise SystemExit("no game of about 60 decisions")


def decisions(result: dict) -> int:
    return sum(len(g["decisions"]) for g in result["games"])


def timed(fn):
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def corr(xs, ys) -> float:
    if len(xs) < 2:
        return float("nan")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = sum((x - mx) ** 2 for x in xs) ** 0.5
    sy = sum((y - my) ** 2 for y in ys) ** 0.5
    return sxy / (sx * sy) if sx and sy else float("nan")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


# --- CPython -----------------------------------------------------------------------------------------------------

def cpython(args) -> None:
    bot.evaluator()
    per_decision = {"quick": [], "deep": []}
    base = {"intermediate": [], "strong": []}
    print(f"CPython, {load()}")
    print("game decisions quick_s deep_s  quick_err(p0,p1)  deep_err(p0,p1)   choose_int_s choose_strong_s")
    for seed in range(args.seed, args.seed + args.games):
        record = played(seed)
        rq, tq = timed(lambda: A.analyse_record(record, "quick"))
        rd, td = timed(lambda: A.analyse_record(record, "deep"))
        n = decisions(rd)
        moves = [(d["position_id"], tuple(d["dice"])) for g in rd["games"] for d in g["decisions"]
                 if d["kind"] == "move" and not d["forced"]]
        _, ti = timed(lambda: [bot.choose(p, r, "intermediate") for p, r in moves])
        _, ts = timed(lambda: [bot.choose(p, r, "strong") for p, r in moves])
        per_decision["quick"].append(tq / max(n, 1))
        per_decision["deep"].append(td / max(n, 1))
        base["intermediate"].append(ti / max(len(moves), 1))
        base["strong"].append(ts / max(len(moves), 1))
        print(f"{seed:4d} {n:9d} {tq:7.2f} {td:7.2f}  "
              f"{rq['players'][0]['error_rate']:6.1f} {rq['players'][1]['error_rate']:6.1f}    "
              f"{rd['players'][0]['error_rate']:6.1f} {rd['players'][1]['error_rate']:6.1f}    "
              f"{ti:8.2f} {ts:8.2f}", flush=True)
    print()
    print(f"games: {args.games}, CPU seconds, CPython, {load()}")
    for level in ("quick", "deep"):
        print(f"{level:5s}: {60 * statistics.median(per_decision[level]):6.2f} s per 60 decisions (median)")
    print(f"baseline: bot.choose intermediate {1000 * statistics.median(base['intermediate']):.1f} ms, "
          f"strong {1000 * statistics.median(base['strong']):.1f} ms per unforced move (median)")


def profile(args) -> None:
    import cProfile
    import pstats
    bot.evaluator()
    records = [played(seed) for seed in range(args.seed, args.seed + args.games)]
    prof = cProfile.Profile()
    prof.enable()
    for record in records:
        A.analyse_record(record, "deep")
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


# --- quick against deep ------------------------------------------------------------------------------------------

def compare_one(seed: int) -> dict:
    """Both depths on the game of ``seed``: error rates, bands, marks of the same decisions, CPU seconds."""
    bot.evaluator()
    record = played(seed)
    rq, tq = timed(lambda: A.analyse_record(record, "quick"))
    rd, td = timed(lambda: A.analyse_record(record, "deep"))
    quick = {(g["index"], d["action"], d["kind"]): d for g in rq["games"] for d in g["decisions"]}
    pairs = [(quick[g["index"], d["action"], d["kind"]]["mark"], d["mark"]) for g in rd["games"]
             for d in g["decisions"] if (g["index"], d["action"], d["kind"]) in quick and not d["forced"]]
    return {"seed": seed, "decisions": decisions(rd), "quick_s": tq, "deep_s": td, "marks": pairs,
            "quick": [(p["error_rate"], p["rating"]) for p in rq["players"]],
            "deep": [(p["error_rate"], p["rating"]) for p in rd["players"]]}


def compare(args) -> None:
    seeds = range(args.seed, args.seed + args.compare)
    print(f"quick against deep, {args.compare} games from seed {args.seed}, CPython, {args.jobs} process(es), "
          f"{load()}")
    print("seed decisions  quick_err(p0,p1)  deep_err(p0,p1)")
    rows = []
    with contextlib.ExitStack() as stack:
        if args.jobs > 1:
            import multiprocessing
            results = stack.enter_context(multiprocessing.Pool(args.jobs)).imap_unordered(compare_one, seeds)
        else:
            results = map(compare_one, seeds)
        for r in results:
            rows.append(r)
            print(f"{r['seed']:4d} {r['decisions']:9d}  {r['quick'][0][0]:6.1f} {r['quick'][1][0]:6.1f}"
                  f"    {r['deep'][0][0]:6.1f} {r['deep'][1][0]:6.1f}", flush=True)
            if args.rows:
                with open(args.rows, "a") as f:
                    f.write(json.dumps(r) + "\n")
    summarise(rows)


def summarise(rows: list[dict]) -> None:
    n_dec = sum(r["decisions"] for r in rows)
    tq, td = sum(r["quick_s"] for r in rows), sum(r["deep_s"] for r in rows)
    print()
    print(f"{len(rows)} games (seeds {rows[0]['seed']}..{rows[-1]['seed']}), {n_dec} decisions; CPU seconds: "
          f"quick {tq:.1f}, deep {td:.1f} ({60 * td / max(n_dec, 1):.1f} s per 60 decisions); {load()}")
    print("| player | quick mean | deep mean | mean abs difference | correlation | same rating band |")
    print("|---|---|---|---|---|---|")
    names = ("0 (intermediate bot)", "1 (beginner bot)", "both")
    for who, players in ((0, (0,)), (1, (1,)), (2, (0, 1))):
        q = [r["quick"][p][0] for r in rows for p in players]
        d = [r["deep"][p][0] for r in rows for p in players]
        band = sum(r["quick"][p][1] == r["deep"][p][1] for r in rows for p in players)
        print(f"| {names[who]} | {statistics.fmean(q):.2f} | {statistics.fmean(d):.2f} | "
              f"{statistics.fmean(abs(a - b) for a, b in zip(q, d)):.2f} | {corr(q, d):.3f} | "
              f"{band} of {len(q)} |")
    pairs = [m for r in rows for m in r["marks"]]
    same = sum(a == b for a, b in pairs)
    either = sum(bool(a or b) for a, b in pairs)
    both = sum(bool(a and b) for a, b in pairs)
    print(f"marks of the same unforced decisions: identical {same} of {len(pairs)} "
          f"({100 * same / max(len(pairs), 1):.1f}%); marked at either depth {either}, at both {both} "
          f"({100 * both / max(either, 1):.1f}% of those); marked at quick only "
          f"{sum(bool(a and not b) for a, b in pairs)}, at deep only {sum(bool(b and not a) for a, b in pairs)}")


# --- Pyodide in Chromium -----------------------------------------------------------------------------------------

OBSERVE = """window.__longtasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
window.__outside = [];  // changes to the page outside the review dialog (the table behind it)
new MutationObserver(list => {
  for (const m of list) {
    const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    if (el && !el.closest('#dlg-review')) {
      window.__outside.push([performance.now(), (el.id || el.className || el.tagName) + ''].slice(0, 2));
      break;
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});"""

TIMELINE = """() => ({
  tasks: window.__longtasks,
  outside: window.__outside,
  marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime]),
  measures: performance.getEntriesByType('measure').filter(e => e.name.startsWith('gamao:'))
    .map(e => [e.name, e.startTime, e.duration]),
})"""


TRACE_CATEGORIES = ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline", "blink.user_timing"]


def trace_long_tasks(trace: dict, limit_ms: float = 50.0) -> list[str]:
    """The main thread's tasks over ``limit_ms`` in a Chromium trace, each with its biggest inner events."""
    events = trace.get("traceEvents", trace) if isinstance(trace, dict) else trace
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {k for k, v in names.items() if v == "CrRendererMain"}
    out = []
    complete = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e]
    for task in complete:
        if task["name"] not in ("RunTask", "ThreadControllerImpl::RunTask") or task["dur"] < limit_ms * 1000:
            continue
        t0, t1 = task["ts"], task["ts"] + task["dur"]
        inner = {}
        for e in complete:
            if e is not task and (e["pid"], e["tid"]) == (task["pid"], task["tid"]) and t0 <= e["ts"] < t1:
                label = e["name"]
                data = (e.get("args") or {}).get("data") or {}
                if data.get("functionName") or data.get("url"):
                    label += f" {data.get('functionName', '')} {data.get('url', '').rsplit('/', 1)[-1]}"
                elif data.get("type"):
                    label += f" {data['type']}"
                inner[label] = max(inner.get(label, 0), e["dur"])
        top = sorted(inner.items(), key=lambda kv: -kv[1])[:6]
        out.append(f"{task['dur'] / 1000:7.0f} ms at ts {t0 / 1e6:.2f}: " +
                   "; ".join(f"{k} {v / 1000:.0f} ms" for k, v in top))
    return out


def busy_stretches(profile: dict, limit_ms: float = 50.0) -> list[str]:
    """Stretches of the main thread's sampling profile (1 ms samples) with no idle sample for over
    ``limit_ms``: the long tasks, each with the functions that held most of its samples (self time) and the
    outermost named frames under them."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    idle = {"(idle)", "(program)", "(garbage collector)"}

    def name(i: int) -> str:
        f = nodes[i]["callFrame"]
        return (f["functionName"] or "(anonymous)") + (" " + f["url"].rsplit("/", 1)[-1] if f["url"] else "")

    def stack(i: int) -> list[str]:
        out = []
        while i in nodes and nodes[i]["callFrame"]["functionName"] != "(root)":
            out.append(name(i))
            i = parent.get(i, -1)
        return out

    out, run, t = [], [], 0.0
    for sample, dt in zip(profile["samples"], profile["timeDeltas"]):
        t += dt / 1000.0
        fn = nodes[sample]["callFrame"]["functionName"]
        if fn in idle and fn != "(garbage collector)":
            if run and run[-1][0] - run[0][0] >= limit_ms:
                selfs: dict[str, int] = {}
                outer: dict[str, int] = {}
                for _, s in run:
                    selfs[name(s)] = selfs.get(name(s), 0) + 1
                    st = stack(s)
                    for frame in st[-3:]:
                        outer[frame] = outer.get(frame, 0) + 1
                top = sorted(selfs.items(), key=lambda kv: -kv[1])[:5]
                bottom = sorted(outer.items(), key=lambda kv: -kv[1])[:5]
                out.append(f"{run[-1][0] - run[0][0]:6.0f} ms at {run[0][0] / 1000:.2f} s (profile time): self "
                           + "; ".join(f"{k} {v}" for k, v in top) + " | outer " +
                           "; ".join(f"{k} {v}" for k, v in bottom))
            run = []
        else:
            run.append((t, sample))
    return out


def attribute(task, marks, measures, outside=()) -> str:
    start, dur = task
    end = start + dur
    changed = sorted({what[:40] for t, what in outside if start <= t <= end + 5})
    if changed:
        return "the page behind the review changed: " + ", ".join(changed[:4])
    inside = sorted({name[6:] for name, s, d in measures if s < end and s + d > start})
    if inside:
        return "during " + ", ".join(inside)
    before = [(t, name) for name, t in marks if t <= start and not name.endswith(":start")]
    return "after " + (max(before)[1] if before else "navigation")


def pyodide(args) -> None:
    from tools.site import serve
    from tools.site.chromium import LAUNCH_ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    record = match_record(args.match, args.seed) if args.match else sixty_decisions(args.seed)
    server = serve.start(0, ROOT / "web")
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?lang=en"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(120_000)
            context.add_init_script(OBSERVE)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-ready]", state="attached")
            page.evaluate("r => localStorage.setItem('gamao.review', r)", json.dumps(record))
            page.goto(url + "&review=1")
            page.wait_for_selector("html[data-ready]", state="attached")
            page.wait_for_selector("#dlg-review[open]")
            page.evaluate("performance.mark('bench:review open')")
            page.wait_for_function("(document.documentElement.dataset.botWorker || '').includes('bearoff')")
            page.evaluate("performance.mark('bench:worker ready')")
            page.wait_for_timeout(1000)
            phases = [("boot", 0.0)]
            figures = {}
            if args.trace:
                browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            if args.cpu_profile:
                cdp = context.new_cdp_session(page)
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 1000})
                cdp.send("Profiler.start")
            for level in ("quick", "deep"):
                page.locator("#review-depth").select_option(level)
                phases.append((level, page.evaluate(f"(performance.mark('bench:{level}'), performance.now())")))
                t0 = time.perf_counter()
                page.locator("#review-analyse").click()
                page.wait_for_function(f"document.querySelector('#dlg-review').dataset.analysed === '{level}'",
                                       timeout=900_000)
                figures[level] = time.perf_counter() - t0
                page.wait_for_timeout(500)  # the observer reports a task after it ends
            # then stepping through the analysed game: each step draws the board, the decision and the graph
            phases.append(("stepping", page.evaluate("(performance.mark('bench:stepping'), performance.now())")))
            page.locator("#review-analyse").focus()
            for _ in range(20):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(500)
            timeline = page.evaluate(TIMELINE)
            if args.cpu_profile:
                busy = busy_stretches(cdp.send("Profiler.stop")["profile"])
            if args.trace:
                trace = json.loads(browser.stop_tracing())
                pathlib.Path(args.trace).write_text(json.dumps(trace))
            boot_ready = next(t for name, t in timeline["marks"] if name == "bench:review open")
            worker_ready = next(t for name, t in timeline["marks"] if name == "bench:worker ready")
            phases[1:1] = [("review open", boot_ready), ("worker start", worker_ready)]
            phases.sort(key=lambda p: p[1])
        finally:
            browser.close()
            server.shutdown()
    total = decisions(A.analyse_record(record, "quick"))
    what = f"{args.match}-point match of {len(record['games'])} games" if args.match else "game"
    print(f"Pyodide in Chromium, a {total}-decision {what} (intermediate bot against beginner), {load()}")
    print(f"analysis in the bot's worker: quick {figures['quick']:.1f} s, deep {figures['deep']:.1f} s (wall)")
    print("main-thread tasks over 50 ms (PerformanceObserver 'longtask'), by phase:")
    bounds = phases + [("end", float("inf"))]
    for (name, start), (_, end) in zip(bounds, bounds[1:]):
        tasks = [t for t in timeline["tasks"] if start <= t[0] < end]
        longest = max((t[1] for t in tasks), default=0.0)
        print(f"  {name:13s} longest {longest:6.0f} ms, {len(tasks)} over 50 ms")
        for t in sorted(tasks, key=lambda t: -t[1])[:args.top]:
            print(f"      {t[1]:6.0f} ms at {t[0] / 1000:7.2f} s  {attribute(t, timeline['marks'], timeline['measures'], timeline['outside'])}")
    marks = {name: t for name, t in timeline["marks"] if name.startswith("bench:")}
    print("phases start at: " + ", ".join(f"{name[6:]} {t / 1000:.2f} s" for name, t in marks.items()))
    if args.cpu_profile:
        print("busy stretches over 50 ms in the main thread's CPU profile (quick, deep, stepping):")
        for line in busy:
            print("  " + line)
    if args.trace:
        print("long tasks in the trace (quick, deep, stepping):")
        for line in trace_long_tasks(trace):
            print("  " + line)


def match_record(length: int, seed: int) -> dict:
    """A whole ``length``-point match of the intermediate bot against the beginner."""
    from game.state import MATCH_OVER
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0,
                                         match_length=length), now=0)
    for _ in range(100):
        if game.drive_bots(table, now=0).phase == MATCH_OVER:
            break
        table.apply(I.NextGame())
    return table.record()


def match_timing(length: int, seed: int) -> None:
    """A whole match of the two bots, analysed quick then deep (CPU seconds)."""
    bot.evaluator()
    record = match_record(length, seed)
    print(f"a {length}-point match, {len(record['games'])} games, CPython, {load()}")
    for level in ("quick", "deep"):
        result, t = timed(lambda: A.analyse_record(record, level))
        print(f"{level:5s}: {t:6.1f} s CPU, {decisions(result)} decisions")
    moves = [(d["position_id"], tuple(d["dice"])) for g in result["games"] for d in g["decisions"]
             if d["kind"] == "move" and not d["forced"]]
    for level in ("intermediate", "strong"):
        _, t = timed(lambda: [bot.choose(p, r, level) for p, r in moves])
        print(f"baseline: bot.choose {level} on the {len(moves)} unforced moves: {t:6.1f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games for the CPython timing (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    ap.add_argument("--compare", type=int, default=0, metavar="N", help="quick against deep on N games")
    ap.add_argument("--rows", metavar="FILE", help="--compare, --gnubg: also append each game's figures to FILE (JSON "
                    "lines); --summarise FILE prints the summary of those written so far")
    ap.add_argument("--summarise", metavar="FILE", help="the --compare summary of a --rows file")
    ap.add_argument("--jobs", type=int, default=1, help="--compare: processes (default 1)")
    ap.add_argument("--profile", action="store_true", help="cProfile of deep on --games games")
    ap.add_argument("--pyodide", action="store_true", help="in Chromium: time and longest main-thread task")
    ap.add_argument("--top", type=int, default=5, help="long tasks listed per phase (--pyodide)")
    ap.add_argument("--cpu-profile", action="store_true", help="--pyodide: also sample the main thread (CDP "
                    "Profiler) and list its busy stretches over 50 ms with the functions in them")
    ap.add_argument("--trace", metavar="FILE", help="--pyodide: also record a Chromium trace of the analyses "
                    "to FILE and list the main thread's long tasks in it with their biggest inner events")
    ap.add_argument("--gnubg", type=int, default=0, metavar="N", help="quick and deep against GNU Backgammon "
                    "2-ply on N games")
    ap.add_argument("--mat-vs-gnubg", type=int, default=0, metavar="N", help="N matches written as .mat: our "
                    "quick analysis of the imported file against GNU Backgammon's 0-ply analysis of it")
    ap.add_argument("--mat-length", type=int, default=5, help="--mat-vs-gnubg: the matches' length")
    ap.add_argument("--mat-source", choices=("bots", "gnubg"), default="bots", help="--mat-vs-gnubg: matches of "
                    "our intermediate bot against the beginner (bots) or GNU Backgammon's self-play (gnubg)")
    ap.add_argument("--cube-diff", action="store_true", help="--mat-vs-gnubg: also list each match's cube "
                    "decisions against GNU Backgammon's (tools/bench/mat_cube_diff.py)")
    ap.add_argument("--play-diff", action="store_true", help="--mat-vs-gnubg: also compare each match's checker "
                    "plays with GNU Backgammon's (tools/bench/mat_play_diff.py)")
    ap.add_argument("--cache", metavar="FILE", help="--gnubg: GNU's judgements, read and appended (JSON lines)")
    ap.add_argument("--gnubg-rows", action="store_true", help="--summarise FILE is a --gnubg --rows file")
    ap.add_argument("--match", type=int, default=0, metavar="L", help="time a whole L-point match")
    ap.add_argument("--play-depths", type=int, default=-1, metavar="T", help="--mat-vs-gnubg: also the checker "
                    "plays where quick and GNU 0-ply part, by GNU 2-ply and our 0/1/2-ply, and (T > 0) Open Sage "
                    "rollouts of T trials (tools/bench/mat_play_depths.py)")
    ap.add_argument("--judges", metavar="J,J", help="--mat-vs-gnubg on GNU Backgammon's self-play: instead, "
                    "each judge's error rates against GNU 0-ply's (quick, gnubg:N for its own N-ply analysis, "
                    "sage:1ply or sage:2ply for Open Sage's checker play; tools/bench/mat_vs_gnubg.py)")
    ap.add_argument("--baseline", metavar="REV", help="--mat-vs-gnubg: also our figures by revision REV's code "
                    "(a temporary git worktree), on the same files in the same run")
    args = ap.parse_args()
    if args.mat_vs_gnubg and args.judges:
        from tools.bench import mat_vs_gnubg
        mat_vs_gnubg.judges(args.mat_vs_gnubg, args.mat_length, args.seed, args.judges.split(","))
    elif args.mat_vs_gnubg:
        from tools.bench import mat_vs_gnubg
        mat_vs_gnubg.run(args.mat_vs_gnubg, args.mat_length, args.seed, args.mat_source, args.cube_diff,
                         args.play_diff, args.baseline, args.play_depths)
    elif args.gnubg:
        from tools.bench import gnubg_analysis
        print(f"against GNU Backgammon 2-ply, {args.gnubg} games from seed {args.seed}, {args.jobs} process(es), "
              f"{load()}")
        gnubg_analysis.summarise(gnubg_analysis.compare(range(args.seed, args.seed + args.gnubg), args.jobs,
                                                        args.cache, args.rows))
    elif args.match and not args.pyodide:
        match_timing(args.match, args.seed)
    elif args.summarise and args.gnubg_rows:
        from tools.bench import gnubg_analysis
        rows = [json.loads(line) for line in pathlib.Path(args.summarise).read_text().splitlines() if line]
        gnubg_analysis.summarise(sorted(rows, key=lambda r: r["seed"]))
    elif args.summarise:
        rows = [json.loads(line) for line in pathlib.Path(args.summarise).read_text().splitlines() if line]
        summarise(sorted(rows, key=lambda r: r["seed"]))
    elif args.pyodide:
        pyodide(args)
    elif args.compare:
        compare(args)
    elif args.profile:
        profile(args)
    else:
        cpython(args)


if __name__ == "__main__":
    main()
