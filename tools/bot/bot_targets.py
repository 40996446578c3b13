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

``--teacher rollout`` records a truncated rollout instead (``rollout_targets``): ``--trials`` games (36 by
default) played on from the position by the networks at 0-ply for ``--horizon`` plies, each ended by the
game's result, the exact bear-off table, or the 0-ply evaluation after its last play; the trials' outputs are
averaged. Variance reduction by stratified dice: at every ply the trials' rolls are a random permutation of
the 36 ordered rolls (the first ply: each roll exactly once), so each trial is an ordinary random game while
the luck of each ply averages out across the trials. All five outputs (gammons and backgammons included) come
from the games played on. A stopped run resumes (``--resume``): the data file keeps the generator's state.

Output: ``<out>-<seed>.npz`` with ``boards`` (N, 52) uint8 (mine[0..25] + theirs[0..25]) and ``targets``
(N, 5) float32, rewritten every ``--save-every`` positions so a stopped run keeps its data.

    nice .venv/bin/python -m tools.bot.bot_targets --checkpoint runs/td128/phase3_end.npz \\
        --out runs/distill/gen1 --seed 1 --positions 400000
"""
from __future__ import annotations

import argparse
import pickle
import random
import time
from pathlib import Path

import numpy as np

from bot import bearoff
from rules.board import START_BOARD, swap, winner_kind
from rules.movegen import result_boards as results

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


ORDERED_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def rollout_targets(ev: "BatchOnePly", boards: list, trials: int, horizon: int, rng: random.Random) -> np.ndarray:
    """Truncated rollouts of each board (side on roll first, before rolling): outputs for that side.

    All trials of all boards advance together, one ply at a time, so each ply's plays are evaluated in one
    pass. Trial ``i`` rolls ``ORDERED_ROLLS[perm[i % 36]]`` with one random permutation per ply and block of 36
    trials (the identity at the first ply)."""
    n = len(boards)
    res = np.zeros((n, 5))
    live = [(k, t, boards[k]) for k in range(n) for t in range(trials)]
    for ply in range(horizon):
        if not live:
            break
        perms = {}
        slots = []
        for k, t, b in live:
            key = (k, t // 36)
            if key not in perms:
                perms[key] = list(range(36)) if ply == 0 else rng.sample(range(36), 36)
            slots.append((b, ORDERED_ROLLS[perms[key][t % 36]]))
        rows, plays, _ = ev.generate(slots)
        outs, best = ev.pick(rows, plays)
        mine = ply % 2 == 0  # the mover is the root side
        nxt = []
        for j, (k, t, _b) in enumerate(live):
            r = best[j]
            o = outs[j]
            done = ply == horizon - 1 or winner_kind(r) or bearoff.outputs(swap(r)) is not None
            if done:
                res[k] += o if mine else ev.tb.invert(o[None, :])[0]
            else:
                nxt.append((k, t, swap(r)))
        live = nxt
    return res / trials


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True, help="file prefix; '-<seed>.npz' is appended")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=200000)
    ap.add_argument("--checkpoint", type=Path, required=True, help="training checkpoint (.npz) to evaluate with")
    ap.add_argument("--noise", default="0,0,0.05,0.1", help="per-game noise choices (equity sigma)")
    ap.add_argument("--save-every", type=int, default=5000)
    ap.add_argument("--teacher", choices=("1", "2", "rollout"), default="1",
                    help="plies of the target evaluation, or a truncated rollout")
    ap.add_argument("--trials", type=int, default=36, help="with --teacher rollout: games per position")
    ap.add_argument("--horizon", type=int, default=7, help="with --teacher rollout: plies per game")
    ap.add_argument("--resume", action="store_true", help="continue the data file (and its generator) if any")
    ap.add_argument("--stop-at", type=float, default=None, help="unix time to stop (saving first)")
    ap.add_argument("--top", type=int, default=1, help="with --teacher 2: 0-ply plays per roll looked at 1-ply")
    args = ap.parse_args(argv)

    ev = BatchSearch(from_checkpoint(args.checkpoint))
    if args.teacher == "1":
        teach = ev
    elif args.teacher == "rollout":
        trng = random.Random(args.seed + 1_000_003)

        def teach(game: list) -> np.ndarray:
            return rollout_targets(ev, game, args.trials, args.horizon, trng)
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
    if args.resume and out.exists():
        d = np.load(out)
        boards = d["boards"].astype(int).tolist()
        targets = [tuple(r) for r in d["targets"].astype(float).tolist()]
        if "rng" in d:
            states = pickle.loads(bytes(d["rng"]))
            rng.setstate(states[0])
            if args.teacher == "rollout":
                trng.setstate(states[1])
        print(f"resumed {len(boards)} positions from {out}", flush=True)
    t0 = time.time()
    n0 = len(boards)

    def save() -> None:
        tmp = out.with_suffix(".tmp.npz")
        states = (rng.getstate(), trng.getstate() if args.teacher == "rollout" else None)
        np.savez(tmp, boards=np.array(boards, dtype=np.uint8).reshape(-1, 52),
                 targets=np.array(targets, dtype=np.float32).reshape(-1, 5),
                 rng=np.frombuffer(pickle.dumps(states), dtype=np.uint8))
        tmp.replace(out)
        rate = (len(boards) - n0) / (time.time() - t0)
        print(f"{time.strftime('%H:%M:%S')} {len(boards)} positions, {rate:.1f}/s", flush=True)

    while len(boards) < args.positions:
        if args.stop_at is not None and time.time() >= args.stop_at:
            break
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
