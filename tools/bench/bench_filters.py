"""What the searching levels' move filters cost and save, from one pass of the batched search.

For every position of ``--games`` 0-ply self-play games (``--seed``): the 0-ply ranking; the 1-ply equity and
work (plays counted as ``bot.play.Work``) of the best 12 candidates within 0.24; the 2-ply equity and work
(no limit) of the 1-ply best three. Each filter to compare (``strong`` at most C candidates within M; ``expert``
the same, then 2-ply on the 1-ply best two within D under a limit L split between them) is then simulated
on those numbers: its work per move (p50, p95, max: think time is about proportional to it), how often the
2-ply completes, and its mean equity loss per move, judged by the widest search (1-ply of the 12 for strong,
2-ply of the three for expert). Loss × moves per game (about 27 a side) estimates the ppg a filter gives up.

    .venv/bin/python -m tools.bench.bench_filters --games 4 --seed 11 --save runs/r23-bench/filters.pkl
"""
from __future__ import annotations

import argparse
import pickle
import random
import time
from pathlib import Path

from bot import bearoff, network
from rules.board import START_BOARD, swap, winner_kind
from tools.bot import bot_batch

STRONG = ((8, .16), (6, .12), (5, .10), (5, .08), (4, .08), (3, .06))
EXPERT = ((10, .20, .10, 30000), (10, .20, .10, 0), (5, .08, .10, 30000), (5, .08, .10, 20000),
          (5, .08, .10, 16000), (5, .08, .10, 12000), (8, .16, .10, 20000))


def collect(games: int, seed: int) -> list[dict]:
    bearoff.load()
    bs = bot_batch.BatchSearch(bot_batch.from_weights(network.DEFAULT_WEIGHTS))
    rng = random.Random(seed)
    rows: list[dict] = []
    t0 = time.time()
    for g in range(games):
        b = START_BOARD
        while True:
            d = (rng.randint(1, 6), rng.randint(1, 6))
            ranked = bs.rank_0ply(b, d)
            if len(ranked) > 1:
                top = ranked[0][0]
                cands = [(e, r) for e, r in ranked[:12] if e >= top - 0.24]
                one = []
                for e0, r in cands:
                    if winner_kind(r):
                        one.append((e0, e0, 0))
                        continue
                    res, work = bs.one_ply([swap(r)])
                    one.append((e0, float(bs.tb.equity(bs.tb.invert(res))[0]), work))
                order = sorted(range(len(one)), key=lambda i: -one[i][1])
                two = {}
                for i in order[:3]:
                    o, w = bs.outputs_2ply(cands[i][1])
                    two[i] = (float(bs.tb.equity(o[None, :])[0]), w)
                rows.append({"one": one, "two": two})
            c = ranked[0][1]
            if winner_kind(c):
                break
            b = swap(c)
        print(f"game {g + 1}: {len(rows)} positions, {time.time() - t0:.0f} s", flush=True)
    return rows


def strong(row: dict, cands: int, margin: float) -> tuple[int, int]:
    one = row["one"]
    top = one[0][0]
    idx = [i for i in range(min(cands, len(one))) if one[i][0] >= top - margin]
    return max(idx, key=lambda i: (one[i][1], -i)), sum(one[i][2] for i in idx)


def expert(row: dict, cands: int, margin: float, deep_margin: float, limit: int):
    """(choice, work, whether a 2-ply was tried and completed: None = not tried)."""
    one = row["one"]
    top = one[0][0]
    idx = [i for i in range(min(cands, len(one))) if one[i][0] >= top - margin]
    work = sum(one[i][2] for i in idx)
    scored = sorted(idx, key=lambda i: (-one[i][1], i))
    if len(scored) == 1:
        return scored[0], work, None
    deep = [i for i in scored[:2] if one[i][1] >= one[scored[0]][1] - deep_margin]
    two = row["two"]
    if len(deep) < 2 or any(i not in two for i in deep):
        return scored[0], work, None
    share = limit // len(deep) if limit else 10 ** 9
    if any(two[i][1] > share for i in deep):
        return scored[0], work + 420 * len(deep), False  # about the replies evaluated before giving up
    return max(deep, key=lambda i: (two[i][0], -i)), work + sum(two[i][1] for i in deep), True


def q(xs: list[int], f: float) -> int:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(f * len(xs)))]


def report(rows: list[dict]) -> None:
    print(f"{len(rows)} positions")
    ref = [strong(r, 12, 0.24)[0] for r in rows]
    for c, m in STRONG:
        res = [strong(r, c, m) for r in rows]
        works = [w for _, w in res]
        loss = sum(r["one"][rf][1] - r["one"][ch][1] for r, rf, (ch, _) in zip(rows, ref, res)) / len(rows)
        differ = sum(ch != rf for rf, (ch, _) in zip(ref, res))
        print(f"strong {c} within {m}: work p50 {q(works, .5)} p95 {q(works, .95)} max {max(works)}; "
              f"{differ} other choices; loss {loss:.4f} a move")
    for c, m, dm, lim in EXPERT:
        works, loss, n, done, tried = [], 0.0, 0, 0, 0
        for r in rows:
            ch, w, st = expert(r, c, m, dm, lim)
            works.append(w)
            done += st is True
            tried += st is not None
            two = r["two"]
            if two and ch in two:
                loss += max(v for v, _ in two.values()) - two[ch][0]
                n += 1
        print(f"expert {c} within {m}, 2-ply within {dm}, limit {lim or 'none'}: work p50 {q(works, .5)} "
              f"p95 {q(works, .95)} max {max(works)}; 2-ply completes {done} of {tried}; "
              f"loss {loss / max(n, 1):.4f} a move")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--save", type=Path, default=None, help="keep the collected numbers (pickle)")
    ap.add_argument("--load", type=Path, default=None, help="report on numbers collected before")
    a = ap.parse_args()
    if a.load:
        rows = pickle.loads(a.load.read_bytes())
    else:
        rows = collect(a.games, a.seed)
        if a.save:
            a.save.write_bytes(pickle.dumps(rows))
    report(rows)


if __name__ == "__main__":
    main()
