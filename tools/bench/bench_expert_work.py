"""How much work expert's 2-ply needs: plays evaluated per move, and how often a 2-ply fits a work limit.

Plays intermediate self-play games (fixed seed) and, at every move, follows expert's search with the batched
twin (``tools/bot/bot_batch.py``): the 0-ply ranking, the 1-ply shortlist, and the 2-ply of the 1-ply best two
when they are within the level's ``deep_margin``. The work of each 2-ply (plays counted as ``bot.play.Work``
counts them) is then compared with per-candidate limits: how many 2-ply searches would complete, and the
plays the whole move would evaluate (a move whose 2-ply is given up counts at most the limit per candidate).
Work is a count, not a clock, so the figures are the same on any machine; think time is about proportional
to it (see docs/bot.md).

    .venv/bin/python -m tools.bench.bench_expert_work --games 6
"""
from __future__ import annotations

import argparse
import random

import numpy as np

from tools.bench import bench_bot
import bot
from tools.bot import bot_batch
from bot import levels, play
from rules.board import START_BOARD, swap, winner_kind

CAPS = (5000, 7500, 10000, 15000, 20000, None)


def move_work(search: bot_batch.BatchSearch, board, dice, level: levels.Level) -> tuple[int, list[int]]:
    """Plays evaluated by the 0-ply and 1-ply parts of expert's search, and the work of each 2-ply it asks."""
    ranked = search.rank_0ply(board, dice)
    shallow = len(ranked)
    if len(ranked) == 1:
        return shallow, []
    short = play.shortlist(ranked, level)
    if len(short) == 1:
        return shallow, []
    # A limit below any work makes one_ply count the plays without evaluating them (the 1-ply is evaluated next).
    shallow += search.one_ply([swap(b) for b in short if not winner_kind(b)], limit=-1)[1]
    eq1 = search.tb.equity(search.outputs_1ply(short))
    scored = sorted(((float(eq1[i]), i, b) for i, b in enumerate(short)), key=lambda t: (-t[0], t[1]))
    deep = play.deep_list(scored, level)
    if len(deep) == 1:
        return shallow, []
    return shallow, [search.outputs_2ply(b)[1] for _, b in deep]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    path = bot.network.DEFAULT_WEIGHTS
    bot.load_weights(path.read_bytes())
    bot.load_bearoff()
    search = bot_batch.BatchSearch(bot_batch.from_weights(path))
    level = levels.PLAY["expert"]
    rng = random.Random(a.seed)
    moves: list[tuple[int, list[int]]] = []
    for _ in range(a.games):
        board, dice = START_BOARD, bench_bot.opening(rng)
        while True:
            moves.append(move_work(search, board, dice, level))
            chosen = search.rank_0ply(board, dice)[0][1]
            if winner_kind(chosen):
                break
            board = swap(chosen)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    asked = [w for _, w in moves if w]
    print(f"expert {level}: {len(moves)} moves from {a.games} games (seed {a.seed}); "
          f"2-ply asked in {len(asked)}")
    each = [x for w in asked for x in w]
    print("one candidate's 2-ply: p50 {:.0f} p90 {:.0f} p95 {:.0f} max {} plays".format(
        *np.percentile(each, [50, 90, 95]), max(each)))
    for cap in CAPS:
        done = sum(1 for w in asked if cap is None or max(w) <= cap)
        total = [s + (sum(w) if w and (cap is None or max(w) <= cap) else min(sum(w), len(w) * cap) if w else 0)
                 for s, w in moves]
        shipped = " (shipped)" if cap == level.deep_budget // 2 else ""
        print(f"limit per candidate {cap or 'none':>6}{shipped}: 2-ply completes in {done}/{len(asked)} "
              f"({done / len(asked):.0%}); plays per move p50 {np.percentile(total, 50):.0f} "
              f"p95 {np.percentile(total, 95):.0f} max {max(total)}")


if __name__ == "__main__":
    main()
