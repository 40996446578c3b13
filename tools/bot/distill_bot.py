"""Train the networks' 0-ply evaluation towards their 1-ply evaluation (data from ``tools/bot/bot_targets.py``).

Starts from a training checkpoint (``--init``; inputs it lacks start with zero weights, so the start is
exactly the old networks) or from a weights file (``--init web/assets/bot/weights.json``: the shipped
networks as the browser evaluates them, dequantised, its ``source`` carried on as the lineage; its pruning
network is left out, ``train_prune.py`` makes one for the result) and fits both networks, supervised, to the
recorded 1-ply outputs: cross-entropy through the output sigmoids, Adam, minibatches, the learning rate
decaying linearly to a tenth over the epochs. Positions where the armies have passed train the race
network, the others the contact network. A fixed 5% of the positions (by a seeded shuffle) is held out; the
held-out equity error is printed per epoch.
Writes a checkpoint in the trainer's format (``tools/bot/bot_export.py`` exports it).

    .venv/bin/python -m tools.bot.distill_bot --init runs/td128/phase3_end.npz \\
        --data 'runs/distill/gen1-*.npz' --out runs/distill/gen1.npz --epochs 6 --seed 1
"""
from __future__ import annotations

import argparse
import glob
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from tools.bot import bot_batch, train_bot as tb


def load_data(pattern: str) -> tuple[np.ndarray, np.ndarray]:
    files = sorted(glob.glob(pattern))
    if not files:
        raise SystemExit(f"no data files match {pattern}")
    parts = [np.load(f) for f in files]
    boards = np.concatenate([p["boards"] for p in parts]).astype(np.uint8)
    targets = np.concatenate([p["targets"] for p in parts]).astype(np.float32)
    return boards, targets


def race_mask(boards: np.ndarray) -> np.ndarray:
    """``rules.board.is_race`` over rows of 52 counts."""
    return tb._rearmost(boards[:, :26]) + tb._rearmost(boards[:, 26:]) <= 25


def encode_rows(boards: np.ndarray) -> np.ndarray:
    """The inputs of each row (float32: millions of positions fit in memory), by the C core when it builds
    (``tools/bot/fast``; the same floats as ``features.encode``), else by the numpy encoder."""
    try:
        from tools.bot import fast
        fast.lib()
    except (ImportError, OSError, RuntimeError):
        return tb.encode_batch([(tuple(r[:26]), tuple(r[26:])) for r in boards.tolist()]).astype(np.float32)
    out = np.empty((len(boards), tb.N_IN), dtype=np.float32)
    for s in range(0, len(boards), 100_000):
        out[s:s + 100_000] = fast.encode(boards[s:s + 100_000])
    return out


CHUNK = 1 << 18
"""Positions encoded at a time while training: the inputs of tens of millions of positions would not fit in
memory, their boards (52 bytes each) do."""
MAX_HELD_OUT = 400_000


class Adam:
    def __init__(self, net: tb.Net, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
        self.net, self.b1, self.b2, self.eps = net, b1, b2, eps
        self.m = {k: np.zeros_like(getattr(net, k)) for k in ("w1", "b1", "w2", "b2")}
        self.v = {k: np.zeros_like(getattr(net, k)) for k in ("w1", "b1", "w2", "b2")}
        self.t = 0

    def step(self, x: np.ndarray, y: np.ndarray, lr: float) -> None:
        net = self.net
        h, o = net.forward(x)
        dz2 = (o - y) / len(x)
        dh = (dz2 @ net.w2.T) * h * (1.0 - h)
        grads = {"w2": h.T @ dz2, "b2": dz2.sum(0), "w1": x.T @ dh, "b1": dh.sum(0)}
        self.t += 1
        c1 = 1.0 - self.b1 ** self.t
        c2 = 1.0 - self.b2 ** self.t
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1.0 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1.0 - self.b2) * g * g
            setattr(net, k, getattr(net, k) - lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + self.eps))


def equity_error(net: tb.Net, x: np.ndarray, y: np.ndarray) -> float:
    """The RMSE of the equities, nan when there are no positions (a small data set's race may have none held out)."""
    if not len(x):
        return float("nan")
    o = net.forward(x)[1]
    return float(np.sqrt(np.mean((tb.equity(o) - tb.equity(y)) ** 2)))


def widen(ev: tb.Evaluator, hidden: int, rng: np.random.Generator) -> None:
    """Give both networks ``hidden`` units: the new ones with small random input weights and zero output
    weights, so the widened networks start with exactly the old outputs."""
    for net in (ev.contact, ev.race):
        extra = hidden - net.w1.shape[1]
        if extra < 0:
            raise SystemExit(f"--widen {hidden} is fewer units than the networks' {net.w1.shape[1]}")
        net.w1 = np.hstack([net.w1, rng.normal(0.0, 0.01, (net.w1.shape[0], extra))])
        net.b1 = np.concatenate([net.b1, np.zeros(extra)])
        net.w2 = np.vstack([net.w2, np.zeros((extra, net.w2.shape[1]))])


def start(path: Path) -> tuple[tb.Evaluator, dict]:
    """The networks to start from and their lineage: a training checkpoint (.npz) or a weights file."""
    if path.suffix == ".json":
        doc = json.loads(path.read_bytes())
        return bot_batch.from_weights(path), dict(doc.get("source") or {}, init_weights=str(path))
    hidden = int(np.load(path)["contact_w1"].shape[1])
    ev, meta, _, _ = tb.load(path, hidden)
    return ev, meta


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--init", type=Path, required=True)
    ap.add_argument("--data", required=True, help="glob of bot_targets.py files")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep-best", action="store_true",
                    help="keep each network as it was after its best epoch on the held-out positions "
                         "(the start counts as epoch 0; on --val's positions when given)")
    ap.add_argument("--widen", type=int, default=0, help="start from the networks widened to this many units")
    ap.add_argument("--val", default=None,
                    help="glob of other data files to measure each epoch on (e.g. rollouts of more trials)")
    args = ap.parse_args(argv)

    ev, meta = start(args.init)
    if args.widen:
        widen(ev, args.widen, np.random.default_rng(args.seed + 2))
    boards, targets = load_data(args.data)
    order = np.random.default_rng(args.seed).permutation(len(boards))
    boards, targets = boards[order], targets[order]
    n_val = min(len(boards) // 20, MAX_HELD_OUT)
    race = race_mask(boards)
    t0 = time.time()
    print(f"{len(boards)} positions ({race.sum()} race)", flush=True)
    shuffle = np.random.default_rng(args.seed + 1)
    if args.val:
        vb, vt = load_data(args.val)
        vrace, vx = race_mask(vb), encode_rows(vb)
    for name, net, mask in (("contact", ev.contact, ~race), ("race", ev.race, race)):
        idx = np.nonzero(mask)[0]
        if not len(idx):
            print(f"{name}: no positions in the data; left as it started", flush=True)
            continue
        val = idx[idx < n_val]
        train = idx[idx >= n_val]
        xv, yv = encode_rows(boards[val]), targets[val]
        x_fit = encode_rows(boards[train[:20000]])
        other = None
        if args.val:
            vm = vrace if name == "race" else ~vrace
            other = (vx[vm], vt[vm])
        print(f"{name}: {len(train)} train, {len(val)} held out; start equity RMSE {equity_error(net, xv, yv):.4f}"
              + (f", on --val {equity_error(net, *other):.4f}" if other else ""), flush=True)
        opt = Adam(net)
        judge = other if other else (xv, yv)
        best = (equity_error(net, *judge), 0, {k: getattr(net, k).copy() for k in ("w1", "b1", "w2", "b2")})
        steps = args.epochs * ((len(train) + args.batch - 1) // args.batch)
        step = 0
        for epoch in range(args.epochs):
            perm = train[shuffle.permutation(len(train))]
            for c in range(0, len(perm), CHUNK):
                part = perm[c:c + CHUNK]
                x, y = encode_rows(boards[part]), targets[part]
                for s in range(0, len(part), args.batch):
                    lr = args.lr * (1.0 - 0.9 * step / max(1, steps))
                    opt.step(x[s:s + args.batch], y[s:s + args.batch], lr)
                    step += 1
            print(f"  epoch {epoch + 1}: held-out equity RMSE {equity_error(net, xv, yv):.4f} "
                  f"train {equity_error(net, x_fit, targets[train[:20000]]):.4f} "
                  + (f"--val {equity_error(net, *other):.4f} " if other else "")
                  + f"({time.time() - t0:.0f} s)", flush=True)
            err = equity_error(net, *judge)
            if err < best[0]:
                best = (err, epoch + 1, {k: getattr(net, k).copy() for k in ("w1", "b1", "w2", "b2")})
        if args.keep_best:
            for k, v in best[2].items():
                setattr(net, k, v)
            print(f"  kept epoch {best[1]}: {'--val' if other else 'held-out'} equity RMSE {best[0]:.4f}", flush=True)
    meta = dict(meta)
    meta["command"] = " ".join(sys.argv)
    meta.setdefault("distilled", []).append({"data": args.data, "positions": int(len(boards)),
                                             "epochs": args.epochs, "lr": args.lr, "seed": args.seed,
                                             "keep_best": args.keep_best})
    tb.save(args.out, ev, meta, random.Random(args.seed), np.random.default_rng(args.seed))
    print(json.dumps({"out": str(args.out)}))


if __name__ == "__main__":
    main()
