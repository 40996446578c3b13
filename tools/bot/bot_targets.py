"""Positions from self-play with their 1-ply evaluations: the data for distilling 1-ply into 0-ply.

The networks' 0-ply evaluation is improved by training it, supervised, towards its own 1-ply evaluation
(the average over the 21 rolls of the best 0-ply play): 1-ply plays better than 0-ply (see docs/bot.md),
so a network that predicts it plays closer to it at the cost of one evaluation. This script makes the data:
it plays self-play games with the pure-Python bot at 0-ply (each side of a game with its own Gaussian noise
on the play equities, drawn per game from ``--noise``, so positions off the best line are sampled too) and
records every position before a roll (side on roll first), with ``bot.play.evaluate_1ply_board`` as its
target. Pure bear-offs (exact in the table) and finished games are skipped.

``--teacher 2`` records a value one ply deeper instead (``BatchSearch.evaluate_2ply_board``: over the 21 rolls,
the best 1-ply value among the ``--top`` best plays at 0-ply), for when the networks have learnt what their 1-ply
can teach them. It costs about 20 times as much a position.

Output: ``<out>-<seed>.npz`` with ``boards`` (N, 52) uint8 (mine[0..25] + theirs[0..25]) and ``targets``
(N, 5) float32, rewritten every ``--save-every`` positions so a stopped run keeps its data.

    nice .venv/bin/python -m tools.bot.bot_targets --checkpoint /work/runs/td128/phase3_end.npz \\
        --out /work/runs/distill/gen1 --seed 1 --positions 400000
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from bot import bearoff
from bot.board import START_BOARD, results, swap, winner_kind

from tools.bot.bot_batch import BatchOnePly, BatchSearch, from_checkpoint
from tools.bot.train_bot import opening_roll


def noisy_choice(ev: "BatchOnePly", board, dice, noise: float, rng: random.Random):
    """The 0-ply best play, with Gaussian noise of ``noise`` added to every play's equity."""
    plays = results(board, dice[0], dice[1])
    if len(plays) == 1:
        return plays[0]
    eq = ev.tb.equity(ev.after_play(plays))
    if noise > 0.0:
        eq = eq + np.array([rng.gauss(0.0, noise) for _ in plays])
    return plays[int(np.argmax(eq))]


def game_positions(ev, rng: random.Random, noises: tuple[float, float]):
    """Yield the positions of one self-play game, before each roll (side on roll first)."""
    board = START_BOARD
    side = rng.randrange(2)
    dice = opening_roll(rng)
    for _ply in range(1000):
        yield board
        chosen = noisy_choice(ev, board, dice, noises[side], rng)
        if winner_kind(chosen):
            return
        board = swap(chosen)
        side = 1 - side
        dice = (rng.randint(1, 6), rng.randint(1, 6))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True, help="file prefix; '-<seed>.npz' is appended")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=200000)
    ap.add_argument("--checkpoint", type=Path, required=True, help="training checkpoint (.npz) to evaluate with")
    ap.add_argument("--noise", default="0,0,0.05,0.1", help="per-game noise choices (equity sigma)")
    ap.add_argument("--save-every", type=int, default=5000)
    ap.add_argument("--teacher", type=int, choices=(1, 2), default=1, help="plies of the target evaluation")
    ap.add_argument("--top", type=int, default=1, help="with --teacher 2: 0-ply plays per roll looked at 1-ply")
    args = ap.parse_args(argv)

    ev = BatchSearch(from_checkpoint(args.checkpoint))
    if args.teacher == 1:
        teach = ev
    else:
        def teach(game: list) -> np.ndarray:
            return np.array([ev.evaluate_2ply_board(b, args.top) for b in game])
    bearoff.load()
    noises = [float(s) for s in args.noise.split(",")]
    rng = random.Random(args.seed)
    out = args.out.parent / f"{args.out.name}-{args.seed}.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    boards: list[list[int]] = []
    targets: list[tuple[float, ...]] = []
    t0 = time.time()

    def save() -> None:
        tmp = out.with_suffix(".tmp.npz")
        np.savez(tmp, boards=np.array(boards, dtype=np.uint8).reshape(-1, 52),
                 targets=np.array(targets, dtype=np.float32).reshape(-1, 5))
        tmp.replace(out)
        print(f"{time.strftime('%H:%M:%S')} {len(boards)} positions, {len(boards) / (time.time() - t0):.0f}/s",
              flush=True)

    while len(boards) < args.positions:
        game = [b for b in game_positions(ev, rng, (rng.choice(noises), rng.choice(noises)))
                if bearoff.outputs(b) is None]  # pure bear-offs are exact already
        if not game:
            continue
        boards.extend(list(b[0]) + list(b[1]) for b in game)
        targets.extend(map(tuple, teach(game).tolist()))
        if len(boards) // args.save_every != (len(boards) - len(game)) // args.save_every:
            save()
    save()


if __name__ == "__main__":
    main()
