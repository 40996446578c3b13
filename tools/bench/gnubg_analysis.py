"""GNU Backgammon's 2-ply judgement of checker plays, the reference ``bench_analysis.py --gnubg`` compares with.

Only ever a *reference* for a benchmark: nothing in the bot or the analysis learns from it (GNU Backgammon is
GPL; our bot is our own). ``gnubg`` from PyPI, a pinned test dependency.

For one checker play (the position before it, the dice, the result played) GNU Backgammon's analysis is
imitated with its own evaluator: every legal result is evaluated at 0-ply, the best ``FILTER`` within
``FILTER_MARGIN`` of the best (GNU's default 2-ply move filter keeps 8 within 0.16 at 0-ply) and the play made
are evaluated at ``plies`` (2 by default: ``gnubg.evaluate`` with lookahead 2 on the position after the play,
the opponent on roll, its pruning networks on); the loss is the best of those minus the play made. Cubeless
money equity, as the bot's checker-play analysis of money games is. A play that ends the game is worth
1, 2 or 3 points exactly.
"""
from __future__ import annotations

import gnubg

from rules.board import swap, winner_kind
from rules.movegen import result_boards
from rules.position import Position

from .gnubg_opponent import equity, to_gnubg

FILTER, FILTER_MARGIN = 8, 0.16
_CUBE = gnubg.cubeinfo()


def _value(result, plies: int) -> float:
    kind = winner_kind(result)
    if kind:
        return float(kind)
    ctx = gnubg.evalcontext(0, plies, 1, 1, 0.0)  # cubeless, deterministic, pruning on, no noise
    return -equity(tuple(gnubg.evaluate(to_gnubg(swap(result)), _CUBE, ctx)[:5]))


def judge(position_id: str, dice, played_id: str, plies: int = 2) -> dict:
    """GNU Backgammon's ``plies`` view of one checker play: ``{"loss", "best"}`` (best: the Position ID
    of its best result, the mover encoded second, as the analysis writes ``played``)."""
    pos = Position.from_id(position_id)
    played = tuple(Position.from_id(played_id))
    plays = result_boards((pos[0], pos[1]), int(dice[0]), int(dice[1]))
    ranked = sorted(((_value(r, 0), i, r) for i, r in enumerate(plays)), key=lambda t: (-t[0], t[1]))
    top = ranked[0][0]
    shortlist = [r for e, _, r in ranked[:FILTER] if e >= top - FILTER_MARGIN]
    if played not in shortlist:
        shortlist.append(played)
    deep = sorted(((_value(r, plies), i, r) for i, r in enumerate(shortlist)), key=lambda t: (-t[0], t[1]))
    mine = next(e for e, _, r in deep if r == played)
    best = deep[0]
    return {"loss": round(max(0.0, best[0] - mine), 6), "best": Position(*best[2]).to_id()}


# --- the comparison (bench_analysis.py --gnubg) ------------------------------------------------------------------

def _key(gi: int, action: int) -> str:
    return f"{gi}/{action}"


def reference(record_result: dict, plies: int = 2) -> dict:
    """GNU's judgement of every unforced checker play of an analysis result: ``{"game/action": {...}}``."""
    out = {}
    for g in record_result["games"]:
        for d in g["decisions"]:
            if d["kind"] == "move" and not d["forced"]:
                out[_key(g["index"], d["action"])] = judge(d["position_id"], d["dice"], d["played"], plies)
    return out


def one_game(seed: int, ref: dict | None) -> dict:
    """Quick and deep on the game of ``seed``, and GNU's judgement (``ref`` when cached): per unforced
    checker play (player, GNU's loss, quick's, deep's) and the CPU seconds of each depth."""
    import time

    import bot
    from bot import analysis as A
    from tools.bench.bench_analysis import played

    bot.evaluator()
    record = played(seed)
    t0 = time.process_time()
    rq = A.analyse_record(record, "quick")
    t1 = time.process_time()
    rd = A.analyse_record(record, "deep")
    t2 = time.process_time()
    if ref is None:
        ref = reference(rq)
    deep = {_key(g["index"], d["action"]): d for g in rd["games"] for d in g["decisions"]}
    moves = []
    for g in rq["games"]:
        for d in g["decisions"]:
            k = _key(g["index"], d["action"])
            if k in ref:
                moves.append((d["player"], ref[k]["loss"], d["loss"], deep[k]["loss"]))
    return {"seed": seed, "ref": ref, "moves": moves, "quick_s": t1 - t0, "deep_s": t2 - t1}


def _one(args):
    return one_game(*args)


def corr(xs, ys) -> float:
    import statistics
    if len(xs) < 2:
        return float("nan")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = sum((x - mx) ** 2 for x in xs) ** 0.5
    sy = sum((y - my) ** 2 for y in ys) ** 0.5
    return sxy / (sx * sy) if sx and sy else float("nan")


def compare(seeds, jobs: int = 1, cache: str | None = None, rows_file: str | None = None) -> list[dict]:
    """Quick, deep and GNU's judgement on the games of ``seeds``: GNU's kept in ``cache`` (JSON lines), each
    game's figures appended to ``rows_file`` as they come (``summarise`` reads them back)."""
    import contextlib
    import json
    import pathlib

    known = {}
    if cache and pathlib.Path(cache).exists():
        for line in pathlib.Path(cache).read_text().splitlines():
            if line:
                row = json.loads(line)
                known[row["seed"]] = row["ref"]
    rows = []
    with contextlib.ExitStack() as stack:
        work = [(s, known.get(s)) for s in seeds]
        if jobs > 1:
            import multiprocessing
            results = stack.enter_context(multiprocessing.Pool(jobs)).imap_unordered(_one, work)
        else:
            results = map(_one, work)
        for r in results:
            rows.append(r)
            if cache and r["seed"] not in known:
                with open(cache, "a") as f:
                    f.write(json.dumps({"seed": r["seed"], "ref": r["ref"]}) + "\n")
            if rows_file:
                with open(rows_file, "a") as f:
                    f.write(json.dumps({k: v for k, v in r.items() if k != "ref"}) + "\n")
            print(f"seed {r['seed']:4d}: {len(r['moves'])} unforced checker plays, quick {r['quick_s']:.1f} s, "
                  f"deep {r['deep_s']:.1f} s", flush=True)
    return sorted(rows, key=lambda r: r["seed"])


def summarise(rows: list[dict]) -> None:
    import statistics
    moves = [m for r in rows for m in r["moves"]]
    print(f"\n{len(rows)} games (seeds {rows[0]['seed']}..{rows[-1]['seed']}), {len(moves)} unforced checker plays; "
          f"CPU seconds quick {sum(r['quick_s'] for r in rows):.1f}, deep {sum(r['deep_s'] for r in rows):.1f}")
    print("| depth | r (error rates) | mean abs diff | blunders found (>= 0.08) | marked at all | "
          "false very bad | mean error rate (GNU) |")
    print("|---|---|---|---|---|---|---|")
    blunders = [m for m in moves if m[1] >= 0.08]
    for col, name in ((2, "quick"), (3, "deep")):
        ours, gnu = [], []
        for r in rows:
            for p in (0, 1):
                ms = [m for m in r["moves"] if m[0] == p]
                if ms:
                    gnu.append(1000 * sum(m[1] for m in ms) / len(ms))
                    ours.append(1000 * sum(m[col] for m in ms) / len(ms))
        found = sum(m[col] >= 0.08 for m in blunders)
        marked = sum(m[col] >= 0.04 for m in blunders)
        vb = [m for m in moves if m[col] >= 0.16]
        false = sum(m[1] < 0.08 for m in vb)
        print(f"| {name} | {corr(ours, gnu):.3f} | {statistics.fmean(abs(a - b) for a, b in zip(ours, gnu)):.2f} | "
              f"{found} of {len(blunders)} ({100 * found / max(len(blunders), 1):.1f}%) | "
              f"{marked} ({100 * marked / max(len(blunders), 1):.1f}%) | "
              f"{false} of {len(vb)} ({100 * false / max(len(vb), 1):.1f}%) | "
              f"{statistics.fmean(ours):.2f} ({statistics.fmean(gnu):.2f}) |")
