"""Training data from the C core (``tools/bot/fast``): positions of noisy 0-ply self-play, each with a target
evaluation, at about a hundred times the speed of ``tools/bot/bot_targets.py``.

The positions are those of ``bot_targets.py`` (every position before a roll of self-play games at 0-ply,
each side of a game with Gaussian noise on its play equities drawn from ``--noise``, pure bear-offs skipped);
the teachers:

* ``--teacher 1`` / ``2``: the 1-ply or 2-ply evaluation (``bot.play.evaluate_1ply_board``,
  ``BatchSearch.evaluate_2ply_board`` with top 1);
* ``--teacher rollout``: ``--trials`` rollouts at 0-ply for ``--horizon`` plies (0: to the end), with the
  luck of every roll subtracted when ``--vr`` is given (see ``core.c``'s ``rollout_many``);
* ``--teacher games``: other positions and targets: self-play games played greedily after a noisy start of
  up to ``--max-noisy`` plies, every position with the game's outcome less the luck of each later roll
  (``Engine.vr_games``): a one-trial rollout of each position, unbiased, with most of the dice's variance
  removed, about 4,000 a second a core.

Work goes in chunks of ``--chunk-games`` games, chunk ``k`` seeded by ``seed * 1_000_003 + k``, appended to
``<out>-<seed>.npz`` (``boards`` (N, 52) uint8, ``targets`` (N, 5) float32, ``chunks``) after each chunk, so
a stopped run resumes where it stopped with the same data it would have made (run the same command again).

    .venv/bin/python -m tools.bot.fast_targets --weights web/assets/bot/weights.json --teacher 2 \\
        --out runs/t2/gen1 --seed 1 --positions 300000
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from tools.bot import fast


def engine_for(weights: Path | None, checkpoint: Path | None) -> fast.Engine:
    if (weights is None) == (checkpoint is None):
        raise SystemExit("give one of --weights or --checkpoint")
    return fast.Engine.from_weights(weights) if weights else fast.Engine.from_checkpoint(checkpoint)


def targets_of(eng: fast.Engine, boards: np.ndarray, teacher: str, trials: int, horizon: int, vr: bool,
               seed: int) -> np.ndarray:
    if teacher in ("0", "1", "2"):
        return eng.evaluate(boards, int(teacher))
    return eng.rollouts(boards, trials=trials, horizon=horizon, vr=vr, seed=seed)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", type=Path, help="a weights file (.json) to play and teach with")
    ap.add_argument("--checkpoint", type=Path, help="or a training checkpoint (.npz)")
    ap.add_argument("--out", type=Path, required=True, help="file prefix; '-<seed>.npz' is appended")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=100000)
    ap.add_argument("--teacher", choices=("1", "2", "rollout", "games"), default="2")
    ap.add_argument("--max-noisy", type=int, default=40, help="with --teacher games: noisy plies at most")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="with --teacher games: the weight of each later roll's return (0: the 1-ply)")
    ap.add_argument("--policy-cands", type=int, default=1,
                    help="with --teacher games: the games follow the 1-ply look on this many plays (1: the 0-ply)")
    ap.add_argument("--trials", type=int, default=36)
    ap.add_argument("--horizon", type=int, default=0)
    ap.add_argument("--vr", action="store_true")
    ap.add_argument("--noise", default="0,0,0.05,0.1", help="per-game noise choices (equity sigma)")
    ap.add_argument("--chunk-games", type=int, default=50)
    ap.add_argument("--stop-at", type=float, default=None, help="unix time to stop (after a chunk)")
    args = ap.parse_args(argv)

    eng = engine_for(args.weights, args.checkpoint)
    noises = [float(s) for s in args.noise.split(",")]
    out = args.out.parent / f"{args.out.name}-{args.seed}.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    boards = np.zeros((0, 52), dtype=np.uint8)
    targets = np.zeros((0, 5), dtype=np.float32)
    chunks = 0
    if out.exists():
        d = np.load(out)
        boards, targets, chunks = d["boards"], d["targets"], int(d["chunks"])
        print(f"resumed {len(boards)} positions ({chunks} chunks) from {out}", flush=True)
    meta = {"command": " ".join(sys.argv), "teacher": args.teacher, "trials": args.trials,
            "max_noisy": args.max_noisy, "lam": args.lam, "policy_cands": args.policy_cands,
            "horizon": args.horizon, "vr": args.vr, "noise": noises, "chunk_games": args.chunk_games}
    t0, n0 = time.time(), len(boards)
    parts_b, parts_t = [boards], [targets]
    last_save = time.time()
    while sum(len(p) for p in parts_b) < args.positions:
        if args.stop_at is not None and time.time() >= args.stop_at:
            break
        s = args.seed * 1_000_003 + chunks
        if args.teacher == "games":
            pos, tg = eng.vr_games(args.chunk_games, s, noises=noises, max_noisy=args.max_noisy, lam=args.lam,
                                   cands=args.policy_cands)
        else:
            pos = eng.selfplay_positions(args.chunk_games, s, noises)
            tg = targets_of(eng, pos, args.teacher, args.trials, args.horizon, args.vr, s)
        parts_b.append(pos)
        parts_t.append(tg.astype(np.float32))
        chunks += 1
        if time.time() - last_save > 60:
            _save(out, parts_b, parts_t, chunks, meta, t0, n0)
            last_save = time.time()
    _save(out, parts_b, parts_t, chunks, meta, t0, n0)


def _save(out: Path, parts_b: list, parts_t: list, chunks: int, meta: dict, t0: float, n0: int) -> None:
    boards, targets = np.concatenate(parts_b), np.concatenate(parts_t)
    parts_b[:] = [boards]
    parts_t[:] = [targets]
    tmp = out.with_suffix(".tmp.npz")
    np.savez(tmp, boards=boards, targets=targets, chunks=np.array(chunks),
             meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    tmp.replace(out)
    rate = (len(boards) - n0) / max(1e-9, time.time() - t0)
    print(f"{time.strftime('%H:%M:%S')} {len(boards)} positions, {chunks} chunks, {rate:.1f}/s", flush=True)


if __name__ == "__main__":
    main()
