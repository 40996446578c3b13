"""Checker plays where our quick analysis and GNU Backgammon's 0-ply part, judged deeper by both and rolled out
(``bench_analysis.py --mat-vs-gnubg N --mat-source gnubg --play-depths``).

For each match (GNU Backgammon's self-play, as ``mat_vs_gnubg``), each unforced checker play whose loss by our
quick analysis and by GNU's 0-ply differ by ``LISTED`` or more: GNU's loss at 0-ply and at 2-ply (its own analysis
of the file, checker play at that depth, exported as text: ``mat_cube_diff.gnubg_exports``), ours by the network
alone (0-ply), at 1 ply (the 0-ply candidates within 0.16, at most 8, and the play made, reply choices pruned as
deep's) and at 2 plies (the 1-ply best three and the play made), each valued cubeful at the score as the analysis
values plays (``bot.analysis._play_value``); with ``--rollout T`` also Open Sage's cubeful rollout at the score (T
trials, played to the end, its 1-ply checker play; its two best by its filter and the play made). Then per player
the totals of GNU's losses at 0 and 2 plies and of quick's over the plays GNU analysed at both depths. GNU
Backgammon and Open Sage are references only.
"""
from __future__ import annotations

import json
import pathlib

LISTED = 0.08


def our_losses(pos, dice, made, ctx) -> dict:
    """Our loss of the play ``made`` (a result board) at 0, 1 and 2 plies, and each depth's best play."""
    from bot import analysis as A
    from bot import play as P
    from rules.movegen import legal_plays
    from rules.notation import format_play
    ev = A._evaluator()
    scored = sorted(((A._play_value(P.after_play_outputs(ev, r), ctx, r), i, format_play(s), r)
                     for i, (s, r) in enumerate(legal_plays(pos, dice))), key=lambda t: (-t[0], t[1]))
    name = {r: n for _, _, n, r in scored}
    v0 = {r: v for v, _, _, r in scored}
    shortlist = [r for v, _, _, r in scored[:A.DEEP_CANDIDATES] if v >= scored[0][0] - A.DEEP_MARGIN]
    shortlist += [made] if made not in shortlist else []
    pruned = ev.pruned(A.DEEP_PRUNE)
    v1 = {r: A._play_value(P.outputs_1ply(pruned, r, {}), ctx, r) for r in shortlist}
    top = sorted(v1, key=lambda r: -v1[r])[:3]
    v2 = {r: A._play_value(P.outputs_2ply(pruned, r, None, {}), ctx, r) for r in set(top) | {made}}
    out = {}
    for k, v in (("0", v0), ("1", v1), ("2", v2)):
        best = max(v, key=lambda r: v[r])
        out[k] = {"loss": round(v[best] - v[made], 3), "best": name[best]}
    return out


def sage_rollout(pos, dice, made, ctx, trials: int) -> dict:
    """Open Sage's cubeful rollout (match score and cube of ``ctx``) of its two best plays and the play made: the
    loss of the play made against the best rolled out and its 95 % interval."""
    import bgsage
    an = bgsage.create_analyzer("rollout", n_trials=trials, truncation_depth=0, seed=1, parallel_threads=1,
                                filter_max_moves=2, filter_threshold=10.0)
    moves, mine = sage_checker_play(an, pos, dice, made, ctx)
    best = [m for m in moves if m.eval_level == "Rollout"][0]
    return {"loss": round(best.equity - mine.equity, 3),
            "ci": round(1.96 * ((best.std_error or 0) ** 2 + (mine.std_error or 0) ** 2) ** 0.5, 3)}


def sage_checker_play(an, pos, dice, made, ctx) -> tuple[list, object]:
    """Open Sage's analyser ``an`` on the plays of ``dice`` from ``pos`` (a board, the mover's) at the match score
    and cube of ``ctx``, the play made (``made``, a result board) always among those valued: its moves, best
    first, and the play made's."""
    from tools.bench.bench_rollout import from_sage, sage_board
    owner = {"me": "player", "opponent": "opponent"}.get(str(ctx.owner), "centered")
    r = an.checker_play(_sage_pos(sage_board, pos), dice[0], dice[1], cube_value=ctx.value, cube_owner=owner,
                        away1=ctx.my_away, away2=ctx.their_away, is_crawford=bool(ctx.crawford),
                        force_boards=[_sage_pos(sage_board, made)])
    made_id = _id(made)
    return r.moves, next(m for m in r.moves if from_sage(m.board) == made_id)


def _sage_pos(sage_board, board):
    from rules.position import Position
    return sage_board(Position(board[0], board[1]))


def _id(board) -> str:
    from rules.position import Position
    return Position(board[0], board[1]).to_id()


def compare(text: str, path: pathlib.Path, label: str, rollout: int = 0) -> None:
    from tools.bench.mat_cube_diff import quick_analysis
    from tools.bench.mat_play_diff import gnubg_play_analyses
    g0, g2 = gnubg_play_analyses(path, 0), gnubg_play_analyses(path, 2)
    a = quick_analysis(text)
    totals: dict = {}
    for gi, rows in enumerate(a.out):
        for d, r in zip(a.pending[gi], rows):
            if r["kind"] != "move" or r["forced"]:
                continue
            key = (r["position_id"], tuple(r["dice"]))
            made0 = [p for p in (g0[gi].get(key, []) if gi < len(g0) else []) if p["made"]]
            made2 = [p for p in (g2[gi].get(key, []) if gi < len(g2) else []) if p["made"]]
            if not made0 or not made2:
                continue
            gnu0 = g0[gi][key][0]["equity"] - made0[0]["equity"]
            gnu2 = g2[gi][key][0]["equity"] - made2[0]["equity"]
            t = totals.setdefault(r["player"], [0, 0.0, 0.0, 0.0])
            t[0] += 1
            t[1] += gnu0
            t[2] += gnu2
            t[3] += r["loss"]
            if abs(r["loss"] - gnu0) < LISTED:
                continue
            ctx = d["ctx"]
            row = {"match": label, "game": gi + 1, "player": r["player"], "position_id": r["position_id"],
                   "dice": r["dice"], "score": list(ctx.score), "cube": ctx.value, "owner": str(ctx.owner),
                   "play": r["play"], "quick": r["loss"], "gnu0": round(gnu0, 3), "gnu2": round(gnu2, 3),
                   "gnu2_best": g2[gi][key][0]["play"], "ours": our_losses(d["pos"], tuple(d["dice"]),
                                                                            d["result"], ctx)}
            if rollout:
                row["rollout"] = sage_rollout(d["pos"], tuple(d["dice"]), d["result"], ctx, rollout)
            print(json.dumps(row), flush=True)
    for p, (n, gnu0, gnu2, quick) in sorted(totals.items()):
        print(f"{label} p{p}: {n} unforced plays; loss per play x1000: GNU 0-ply {1000 * gnu0 / n:.1f}, "
              f"GNU 2-ply {1000 * gnu2 / n:.1f}, quick {1000 * quick / n:.1f}", flush=True)
