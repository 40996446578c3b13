"""Benchmark: the analysis of game records (bot.analysis), quick against deep, in CPython.

    .venv/bin/python -m tools.bench.bench_analysis                 # 50 games (intermediate bot against beginner bot)
    .venv/bin/python -m tools.bench.bench_analysis --games 10

For each game (played by game.Table with the bots, seeds 1..N) it analyses the record at both depths and prints:
decisions, CPU seconds per depth, and both players' error rates. Then the summary: median time of a 60-decision
game at each depth (scaled per decision), and how the quick and deep error rates compare on the same games
(mean of each, mean absolute difference, correlation, and how often they give the same rating band).

Baseline measured in the same run: the strong bot choosing a play in the same move positions (``bot.choose``,
level "strong"), which is the search "deep" runs on each candidate, and the intermediate bot (0-ply) for quick.
The Pyodide figures (time in the browser and the longest main-thread task) come from the review page
(``e2e/test_review.py`` prints them); this script is CPython only.
"""
from __future__ import annotations

import argparse
import statistics
import time

import bot
import game
from bot import analysis as A


def played(seed: int) -> dict:
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0), now=0)
    game.drive_bots(table, now=0)
    return table.record()


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    args = ap.parse_args()
    bot.evaluator()
    per_decision = {"quick": [], "deep": []}
    base = {"intermediate": [], "strong": []}
    rates = {"quick": [], "deep": []}
    same_band = 0
    print("game decisions quick_s deep_s  quick_err(p0,p1)  deep_err(p0,p1)   choose_int_s choose_strong_s")
    for seed in range(1, args.games + 1):
        record = played(seed)
        rq, tq = timed(lambda: A.analyse_record(record, "quick"))
        rd, td = timed(lambda: A.analyse_record(record, "deep"))
        n = sum(len(g["decisions"]) for g in rd["games"])
        moves = [(d["position_id"], tuple(d["dice"])) for g in rd["games"] for d in g["decisions"]
                 if d["kind"] == "move" and not d["forced"]]
        _, ti = timed(lambda: [bot.choose(p, r, "intermediate") for p, r in moves])
        _, ts = timed(lambda: [bot.choose(p, r, "strong") for p, r in moves])
        per_decision["quick"].append(tq / max(n, 1))
        per_decision["deep"].append(td / max(n, 1))
        base["intermediate"].append(ti / max(len(moves), 1))
        base["strong"].append(ts / max(len(moves), 1))
        for level, r in (("quick", rq), ("deep", rd)):
            rates[level].extend(p["error_rate"] for p in r["players"])
        same_band += sum(rq["players"][p]["rating"] == rd["players"][p]["rating"] for p in (0, 1))
        print(f"{seed:4d} {n:9d} {tq:7.2f} {td:7.2f}  "
              f"{rq['players'][0]['error_rate']:6.1f} {rq['players'][1]['error_rate']:6.1f}    "
              f"{rd['players'][0]['error_rate']:6.1f} {rd['players'][1]['error_rate']:6.1f}    "
              f"{ti:8.2f} {ts:8.2f}", flush=True)
    q, d = rates["quick"], rates["deep"]
    print()
    print(f"games: {args.games}  (intermediate bot = player 0, beginner bot = player 1), CPU seconds, CPython")
    for level in ("quick", "deep"):
        print(f"{level:5s}: {60 * statistics.median(per_decision[level]):6.2f} s per 60 decisions (median)")
    print(f"baseline: bot.choose intermediate {1000 * statistics.median(base['intermediate']):.1f} ms, "
          f"strong {1000 * statistics.median(base['strong']):.1f} ms per unforced move (median)")
    print(f"error rate x1000, both players of every game: quick mean {statistics.fmean(q):.2f}, "
          f"deep mean {statistics.fmean(d):.2f}, mean |quick - deep| "
          f"{statistics.fmean(abs(a - b) for a, b in zip(q, d)):.2f}, correlation {corr(q, d):.3f}")
    print(f"player 0 (intermediate) quick {statistics.fmean(q[0::2]):.2f} deep {statistics.fmean(d[0::2]):.2f}; "
          f"player 1 (beginner) quick {statistics.fmean(q[1::2]):.2f} deep {statistics.fmean(d[1::2]):.2f}")
    print(f"same rating band at both depths: {same_band} of {2 * args.games}")


if __name__ == "__main__":
    main()
