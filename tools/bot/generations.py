"""Generations of the networks, each taught by its own play: the loop behind the shipped weights since soup2
(docs/bot.md, "How to train"; docs/bot-history.md).

Generation g, starting from the previous networks (a checkpoint or weights file; the first from ``--start``):

1. ``--jobs`` processes of ``tools.bot.fast_targets --teacher games --lam LAM`` make ``--positions``
   positions each (seeds ``seed * 1000 + g * 10 + j``): every position of self-play games played greedily by
   the previous networks after a noisy start, with its variance-reduced lambda-return;
2. ``tools.bot.distill_bot`` fits the previous networks to them (``--epochs``, ``--lr``, minibatches of 1,024,
   the held-out positions choosing the epoch kept) into ``gen<g>.npz``;
3. ``tools.bench.duel`` plays the new networks against the previous ones (``--duel-pairs`` pairs) and writes
   the result to ``gen<g>.json``.

Every step is skipped when its output exists, and the targets resume by chunk, so running the same command
again continues where it stopped. Everything is in ``--run-dir``; its ``log.txt`` records each command.

    OMP_NUM_THREADS=1 .venv/bin/python -m tools.bot.generations --start web/assets/bot/weights.json \\
        --run-dir runs/gens --generations 3 --seed 30 --positions 3000000 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


ONE_THREAD = {**os.environ, "OMP_NUM_THREADS": "1"}


def logged(cmd: list[str], log: Path) -> list[str]:
    """``cmd``, after writing it with the time to the run's log."""
    with open(log, "a") as f:
        f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {' '.join(cmd)}\n")
    return cmd


def run(cmd: list[str], log: Path) -> None:
    subprocess.run(logged(cmd, log), check=True, env=ONE_THREAD)


def source_flag(path: Path) -> list[str]:
    return ["--checkpoint", str(path)] if path.suffix == ".npz" else ["--weights", str(path)]


def lineage(weights: Path) -> dict:
    """A checkpoint's meta for the networks of a weights file: the file's own record of how they were trained
    (self-play games, every fit), so that what descends from them keeps it."""
    source = json.loads(Path(weights).read_text()).get("source", {})
    meta = {k: source[k] for k in ("games", "positions", "seed", "hidden", "distilled", "soup") if k in source}
    meta.setdefault("games", 0)
    meta["source"] = f"{weights} dequantised"
    return meta


def checkpoint_of(path: Path, run_dir: Path) -> Path:
    """A training checkpoint of a weights file (the networks dequantised), for distill_bot's --init."""
    if path.suffix == ".npz":
        return path
    out = run_dir / "start.npz"
    if not out.exists():
        import random

        import numpy as np

        from tools.bot import bot_batch, train_bot
        train_bot.save(out, bot_batch.from_weights(path), lineage(path), random.Random(1), np.random.default_rng(1))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--start", type=Path, required=True, help="weights file or checkpoint of generation 0")
    ap.add_argument("--run-dir", type=Path, required=True)
    ap.add_argument("--generations", type=int, default=1)
    ap.add_argument("--first", type=int, default=1, help="number of the first generation made")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=3_000_000, help="positions per process and generation")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lam", type=float, default=0.9)
    ap.add_argument("--noise", default="0.05,0.1,0.2")
    ap.add_argument("--max-noisy", type=int, default=40)
    ap.add_argument("--policy-cands", type=int, default=1,
                    help="the games follow the 1-ply look on this many best plays (fast_targets --policy-cands)")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--duel-pairs", type=int, default=25000)
    args = ap.parse_args(argv)

    args.run_dir.mkdir(parents=True, exist_ok=True)
    log = args.run_dir / "log.txt"
    py = sys.executable
    prev = args.start
    for g in range(args.first, args.first + args.generations):
        gdir = args.run_dir / f"gen{g}"
        gdir.mkdir(exist_ok=True)
        out = args.run_dir / f"gen{g}.npz"
        if not out.exists():
            procs = []
            for j in range(args.jobs):
                cmd = [py, "-m", "tools.bot.fast_targets", *source_flag(prev), "--teacher", "games",
                       "--lam", str(args.lam), "--noise", args.noise, "--max-noisy", str(args.max_noisy),
                       "--policy-cands", str(args.policy_cands),
                       "--out", str(gdir / "g"), "--seed", str(args.seed * 1000 + g * 10 + j),
                       "--positions", str(args.positions), "--chunk-games", "200"]
                procs.append(subprocess.Popen(logged(cmd, log), env=ONE_THREAD,
                                              stdout=open(gdir / f"targets-{j}.txt", "a"), stderr=subprocess.STDOUT))
            if any(p.wait() for p in procs):
                raise SystemExit(f"generation {g}: a targets process failed (see {gdir}/targets-*.txt)")
            run([py, "-m", "tools.bot.distill_bot", "--init", str(checkpoint_of(prev, args.run_dir)),
                 "--data", str(gdir / "g-*.npz"), "--out", str(out), "--epochs", str(args.epochs),
                 "--batch", "1024", "--lr", str(args.lr), "--seed", str(args.seed), "--keep-best"], log)
        result = args.run_dir / f"gen{g}.json"
        if not result.exists():
            from tools.bench import duel
            from tools.bot import fast
            pts = duel.duel(str(out), str(prev), args.duel_pairs, 777_000_000, args.jobs)
            mean, half = fast.ppg(pts)
            result.write_text(json.dumps({"generation": g, "against": str(prev), "games": int(pts.size),
                                          "ppg": mean, "half_interval": half}) + "\n")
        print(result.read_text().strip(), flush=True)
        prev = out


if __name__ == "__main__":
    main()
