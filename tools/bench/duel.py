"""Two networks against each other in the C core (``tools/bot/fast``): cubeless paired games (pair i on the
dice of seed + i, each side starting once), points per game for the first with a 95% interval from the pair
sums. About a thousand games a second a core at 0-ply, so a difference of 0.01 ppg can be resolved in
minutes, where ``bench_bot.py`` (the browser's Python) needs hours for 0.05.

Each side is a weights file (.json) or a training checkpoint (.npz), optionally followed by ``@1ply`` (the
1-ply look on the best 4 plays within 0.08, as the strong level's filter, without its pruning) or
``@1ply:N:M`` (the 1-ply look on the best N within M).

    .venv/bin/python -m tools.bench.duel cand.json web/assets/bot/weights.json --pairs 50000 --jobs 2
"""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from tools.bot import fast


def engine(spec: str) -> tuple[fast.Engine, int, float]:
    path, _, mode = spec.partition("@")
    cands, margin = look(mode)
    eng = fast.Engine.from_checkpoint(path) if path.endswith(".npz") else fast.Engine.from_weights(path)
    return eng, cands, margin


def look(mode: str) -> tuple[int, float]:
    """A side's search as (candidates, margin): 0-ply is (1, 0.0); the C core looks 1-ply at up to 16."""
    if mode in ("", "0ply"):
        return 1, 0.0
    kind, _, shape = mode.partition(":")
    if kind == "1ply":
        cands, _, margin = shape.partition(":") if shape else ("4", "", "0.08")
        bad = SystemExit(f"bad 1-ply filter {shape!r} (N:M, 2 <= N <= 16, M >= 0; e.g. 4:0.08)")
        try:
            n, m = int(cands), float(margin)
        except ValueError:
            raise bad from None
        if not (2 <= n <= 16 and m >= 0):
            raise bad
        return n, m
    raise SystemExit(f"unknown mode {mode!r} (0ply, 1ply or 1ply:N:M)")


def _run(job: tuple[str, str, int, int, int]) -> np.ndarray:
    a, b, first, count, seed = job
    ea, ca, ma = engine(a)
    eb, cb, mb = engine(b)
    return ea.play_pairs(eb, count, seed + first, cands=(ca, cb), margin=(ma, mb))


def split_pairs(run, pairs: int, jobs: int, job) -> np.ndarray:
    """``run(job(first, count))`` for ``jobs`` consecutive spans of the pairs, each in its own process (one:
    in this one), the results concatenated in order: the same games as one process would play."""
    spans = np.linspace(0, pairs, jobs + 1).astype(int)
    work = [job(int(spans[i]), int(spans[i + 1] - spans[i])) for i in range(jobs)]
    if jobs == 1:
        return run(work[0])
    with ProcessPoolExecutor(jobs) as ex:
        return np.concatenate(list(ex.map(run, work)))


def duel(a: str, b: str, pairs: int, seed: int, jobs: int = 1) -> np.ndarray:
    """Points per game of ``a``, shape (pairs, 2)."""
    return split_pairs(_run, pairs, jobs, lambda first, count: (a, b, first, count, seed))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pairs", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=777_000_000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    t0 = time.time()
    pts = duel(args.a, args.b, args.pairs, args.seed, args.jobs)
    mean, half = fast.ppg(pts)
    wins = float((pts > 0).mean())
    print(f"{args.a} vs {args.b}: {2 * len(pts)} games, {mean:+.4f} +- {half:.4f} ppg, "
          f"win rate {wins:.3f} ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
