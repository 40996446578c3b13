"""What pruning the reply choices (``Level.prune``, the pruning network) saves and costs at strong and expert.

On the positions of ``--games`` 0-ply self-play games (``--seed``), each searching level chooses its play twice
with ``bot.play`` (pure Python, as in the browser): as shipped, and with its reply choices unpruned
(``prune=0``, every play of every roll evaluated by the full networks). It prints the CPU time of both (p50,
p95, the total: the same positions, interleaved), how often they choose the same play, and, where they do
not, the equity the pruned choice gives up judged by the unpruned search (for strong, its 1-ply; for
expert, whichever depth it decided at).

    .venv/bin/python -m tools.bench.bench_prune --games 6 --seed 9 [--levels strong,expert]
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import time

import bot
from bot import bearoff, levels, play
from bot.network import equity


def positions(games: int, seed: int) -> list:
    rng = random.Random(seed)
    return [m for _ in range(games) for m in play.self_play(bot.evaluator(), rng)]


def pct(xs: list[float], f: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(f * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--levels", default="strong,expert")
    a = ap.parse_args()
    bot.load_weights()
    bearoff.load()
    ev = bot.evaluator()
    if ev.pruner is None:
        raise SystemExit("the weights have no pruning network")
    pos = positions(a.games, a.seed)
    print(f"{len(pos)} positions of {a.games} games (seed {a.seed}); pruning network {ev.pruner.hidden} hidden units")
    for name in a.levels.split(","):
        shipped = levels.PLAY[name]
        plain = dataclasses.replace(shipped, name=name + "-unpruned", prune=0)
        t_p, t_u, same, loss, searched = [], [], 0, 0.0, 0
        for i, (b, d) in enumerate(pos):
            runs = [(shipped, t_p), (plain, t_u)] if i % 2 == 0 else [(plain, t_u), (shipped, t_p)]
            chosen = {}
            for lv, acc in runs:
                t = time.process_time()
                chosen[lv.name] = play.choose_board(ev, b, d, lv)
                acc.append(time.process_time() - t)
            searched += len(play.shortlist(play.rank_0ply(ev, b, d), shipped)) > 1
            cp, cu = chosen[shipped.name], chosen[plain.name]
            if cp == cu:
                same += 1
            else:
                loss += equity(play.outputs_1ply(ev, cu)) - equity(play.outputs_1ply(ev, cp))
        n = len(pos)
        print(f"{name:>7}: prune {shipped.prune}: CPU p50/p95/total {pct(t_p, .5) * 1e3:.1f}/{pct(t_p, .95) * 1e3:.0f}/"
              f"{sum(t_p):.1f}s; unpruned {pct(t_u, .5) * 1e3:.1f}/{pct(t_u, .95) * 1e3:.0f}/{sum(t_u):.1f}s "
              f"({sum(t_u) / sum(t_p):.2f}x); same play {same}/{n} ({searched} searched); where not, "
              f"1-ply equity given up {loss / max(1, n - same):.4f} (total {loss:.3f}, {loss / n:.5f} a move)",
              flush=True)


if __name__ == "__main__":
    main()
