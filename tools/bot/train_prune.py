"""Train the pruning network: a small network that ranks the plays of one roll as the full networks would.

A 1-ply or 2-ply search chooses the opponent's (and at 2-ply the mover's) best reply to each roll by
evaluating every play of the roll with the full networks; that choice is most of a search's time. The
pruning network (the same 228 inputs, ``--hidden`` sigmoid units, one linear output) scores all of them
for a fraction of the cost, and only the best few by its score are evaluated fully (``bot.play._pruned``,
``Level.prune``), as GNU Backgammon's search does with its own pruning networks.

It is trained, supervised, on the full networks' own equities (``--weights``, the shipped file by default):
self-play positions at 0-ply (as ``bot_targets.py`` samples them, noise per game from 0, 0, 0.05, 0.1), every
roll of each, and every play of the roll that the networks would evaluate (not a win, not a pure bear-off),
seen by the opponent then on roll. Only the order within a roll matters, so the loss is the squared error of
the scores and the targets each centred on its roll's mean (Adam, minibatches of whole rolls, the learning
rate falling linearly to a tenth). A tenth of the rolls (by a seeded shuffle) is held out; per epoch it prints,
for K = 1..6, how often the full networks' best play is among the K best by score and the mean equity given up
when the best of those K is played instead.

With ``--inputs base`` it sees only the slot and pip inputs (``features.N_BASE``): a score then costs no
extra-input work at all (the shipped choice; see docs/bot.md).

Output: an ``.npz`` with ``prune_w1`` (inputs x hidden), ``prune_b1``, ``prune_w2`` (hidden x 1),
``prune_b2`` and ``meta``; ``tools/bot/bot_export.py --prune FILE`` puts it in the weights file.

    OMP_NUM_THREADS=1 .venv/bin/python -m tools.bot.train_prune --out runs/prune/prune16.npz \\
        --seed 1 --positions 6000 --hidden 16 --epochs 12
"""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from bot import bearoff, features, network
from rules.board import ALL_ROLLS, swap, winner_kind
from rules.movegen import result_boards as results

from tools.bot import train_bot as tb
from tools.bot.bot_batch import BatchSearch, from_weights
from tools.bot.bot_targets import game_positions

REPORT_K = (1, 2, 3, 4, 5, 6)


def sample(search: BatchSearch, positions: int, seed: int, noise: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(inputs, target equities, roll index) of every net-evaluated play of every roll of ``positions``
    self-play positions; the rows of one roll are consecutive."""
    rng = random.Random(seed)
    boards: list = []
    groups: list[int] = []
    g = 0
    done = 0
    while done < positions:
        for b in game_positions(search, rng, (rng.choice(noise), rng.choice(noise))):
            if bearoff.outputs(b) is not None:
                continue
            done += 1
            for roll in ALL_ROLLS:
                sbs = [swap(r) for r in results(b, roll[0], roll[1])]
                sbs = [sb for sb in sbs if not winner_kind(swap(sb)) and bearoff.outputs(sb) is None]
                if len(sbs) < 2:
                    continue
                boards.extend(sbs)
                groups.extend([g] * len(sbs))
                g += 1
            if done >= positions:
                break
    x = np.empty((len(boards), tb.N_IN), dtype=np.float32)
    y = np.empty(len(boards))
    step = 100_000
    for i in range(0, len(boards), step):
        part = boards[i:i + step]
        x[i:i + step] = tb.encode_batch(part)
        y[i:i + step] = tb.equity(search.net_outputs(part))
    return x, y, np.array(groups)


class Pruner:
    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator, activation: str = "sigmoid"):
        self.relu = activation == "relu"
        self.params = [rng.normal(0.0, 0.1, (inputs, hidden)), np.zeros(hidden), rng.normal(0.0, 0.1, hidden)]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.steps = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w1, b1, w2 = self.params
        z = x @ w1 + b1
        h = np.maximum(z, 0.0) if self.relu else 1.0 / (1.0 + np.exp(-z))
        return h, h @ w2

    def step(self, x: np.ndarray, y: np.ndarray, g: np.ndarray, lr: float) -> None:
        h, p = self.forward(x)
        _, inv = np.unique(g, return_inverse=True)
        counts = np.bincount(inv)
        err = p - y
        err = err - (np.bincount(inv, weights=err) / counts)[inv]  # centred on each roll's mean
        dp = err / len(x)
        dh = np.outer(dp, self.params[2]) * ((h > 0.0) if self.relu else h * (1.0 - h))
        grads = [x.T @ dh, dh.sum(0), h.T @ dp]
        self.steps += 1
        for j, gr in enumerate(grads):
            self.m[j] = 0.9 * self.m[j] + 0.1 * gr
            self.v[j] = 0.999 * self.v[j] + 0.001 * gr * gr
            mh = self.m[j] / (1.0 - 0.9 ** self.steps)
            vh = self.v[j] / (1.0 - 0.999 ** self.steps)
            self.params[j] -= lr * mh / (np.sqrt(vh) + 1e-8)


def report(scores: np.ndarray, y: np.ndarray, g: np.ndarray) -> dict[int, tuple[float, float]]:
    """Per K: (the share of rolls whose fully evaluated best play is among the K best by score, the mean
    equity given up by playing the best of those K instead). Scores and ``y`` are the opponent's equity, so
    the mover's best play is the lowest."""
    order = np.lexsort((scores, g))
    gs, ys = g[order], y[order]
    first = np.r_[True, gs[1:] != gs[:-1]]
    rank = np.arange(len(gs)) - np.maximum.accumulate(np.where(first, np.arange(len(gs)), 0))
    ng = int(g.max()) + 1
    best = np.full(ng, 9.0)
    np.minimum.at(best, g, y)
    present = np.unique(g)
    out = {}
    for k in REPORT_K:
        top = np.full(ng, 9.0)
        sel = rank < k
        np.minimum.at(top, gs[sel], ys[sel])
        loss = top[present] - best[present]
        out[k] = (float((loss <= 1e-12).mean()), float(loss.mean()))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--weights", type=Path, default=network.DEFAULT_WEIGHTS, help="the full networks to mimic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=6000, help="self-play positions (every roll of each)")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--inputs", choices=("base", "hits", "all"), default="all",
                    help="base: only the slot and pip inputs (features.N_BASE), so a score skips the extra "
                         "inputs' work; hits: those and the hit inputs (the per-side inputs' weights are "
                         "zero, so a score skips them); all: the full networks' inputs")
    ap.add_argument("--activation", choices=("sigmoid", "relu"), default="sigmoid",
                    help="of the hidden units (relu: max(0, x), cheaper to compute in the browser)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--batch-rolls", type=int, default=128, help="rolls per minibatch")
    ap.add_argument("--noise", default="0,0,0.05,0.1", help="per-game noise choices of the self-play")
    a = ap.parse_args(argv)

    t0 = time.time()
    bearoff.load()
    search = BatchSearch(from_weights(a.weights))
    x, y, g = sample(search, a.positions, a.seed, tuple(float(s) for s in a.noise.split(",")))
    if a.inputs == "base":
        x = x[:, :features.N_BASE]
    side = slice(features.N_BASE + 2, features.N_BASE + 2 + 2 * features.SIDE_EXTRAS)  # features.extras' order
    if a.inputs == "hits":
        x[:, side] = 0.0
    ng = int(g.max()) + 1
    print(f"{len(x)} plays of {ng} rolls of {a.positions} positions ({time.time() - t0:.0f} s)", flush=True)
    rng = np.random.default_rng(a.seed)
    rolls = rng.permutation(ng)
    held, train = np.sort(rolls[:ng // 10]), rolls[ng // 10:]
    starts = np.searchsorted(g, np.arange(ng))
    ends = np.searchsorted(g, np.arange(ng), side="right")

    def rows(gs: np.ndarray) -> np.ndarray:
        return np.concatenate([np.arange(starts[i], ends[i]) for i in gs])

    held_rows = rows(held)
    net = Pruner(x.shape[1], a.hidden, rng, a.activation)
    if a.inputs == "hits":
        net.params[0][side] = 0.0  # their inputs are zero, so these weights never move from here
    for epoch in range(a.epochs):
        lr = a.lr * (1.0 - 0.9 * epoch / max(1, a.epochs - 1))
        rng.shuffle(train)
        for i in range(0, len(train), a.batch_rolls):
            r = rows(train[i:i + a.batch_rolls])
            net.step(x[r].astype(np.float64), y[r], g[r], lr)
        rep = report(net.forward(x[held_rows].astype(np.float64))[1], y[held_rows], g[held_rows])
        print(f"epoch {epoch + 1}: held out, best play among the K best / equity given up: "
              + " ".join(f"K={k} {s:.3f}/{l:.4f}" for k, (s, l) in rep.items())
              + f" ({time.time() - t0:.0f} s)", flush=True)
    w1, b1, w2 = net.params
    meta = {"hidden": a.hidden, "activation": a.activation, "inputs_used": a.inputs, "inputs": int(x.shape[1]), "seed": a.seed, "positions": a.positions, "plays": int(len(x)), "rolls": ng,
            "epochs": a.epochs, "weights": str(a.weights), "held_out": {str(k): v for k, v in rep.items()}}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(a.out, prune_w1=w1, prune_b1=b1, prune_w2=w2[:, None], prune_b2=np.zeros(1),
             meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    print(json.dumps({"out": str(a.out), "seconds": round(time.time() - t0)}))


if __name__ == "__main__":
    main()
