"""Checker plays of an imported match, one by one: our quick analysis against GNU Backgammon's 0-ply analysis of
the same ``.mat`` file (``bench_analysis.py --mat-vs-gnubg N --play-diff``).

GNU Backgammon (only ever a reference) analyses the file at 0-ply and exports it as text
(``mat_cube_diff.gnubg_exports``); each of its checker-play analyses lists the best plays and the play made
(``*``), each with its cubeful equity (equivalent money per unit of cube) and its cubeless chances. Each is
paired with our analysis's decision at the same position and roll. Per decision: GNU's loss, ours, and the value
our analysis gives the play made on GNU's own cubeless chances (``bot.analysis._play_value``), which tells a
difference of equity model from a difference of network. Per player: the sums of the losses over the unforced
plays both count.
"""
from __future__ import annotations

import pathlib
import re

_ROLL = re.compile(r"^Rolled (\d)(\d) ")
LISTED = 0.1
"""``compare`` lists the plays whose two losses differ by this much."""
_PLAY = re.compile(r"^([* ])\s+(\d+)\. Cubeful \d-ply\s+(.*?)\s+Eq\.: ([-+]\d+\.\d+)")


def _parse(lines: list[str]) -> dict:
    """GNU's checker-play analyses of one game's text: ``{(position id, dice): [play, ...]}`` in GNU's order,
    each ``{"made", "play", "equity", "outputs"}`` (outputs: the mover's win, gammon, backgammon, lose
    gammon, lose backgammon after the play, as our networks give them); both orders of the dice are keys."""
    found: dict = {}
    pid = None
    for i, ln in enumerate(lines):
        if "Position ID:" in ln:
            pid = ln.split(":")[1].strip()
        m = _ROLL.match(ln)
        if not m:
            continue
        plays = []
        for j in range(i + 1, len(lines) - 1):
            p = _PLAY.match(lines[j])
            if p:
                w = [float(x) for x in lines[j + 1].replace("-", " ").split()]
                plays.append({"made": p.group(1) == "*", "play": p.group(3), "equity": float(p.group(4)),
                              "outputs": (w[0], w[1], w[2], w[4], w[5])})
            elif lines[j].startswith("Move number"):
                break
        dice = (int(m.group(1)), int(m.group(2)))
        found[(pid, dice)] = found[(pid, dice[::-1])] = plays
    return found


def gnubg_play_analyses(path: pathlib.Path, plies: int = 0) -> list[dict]:
    """Per game, GNU's checker-play analyses of the match in ``path`` at ``plies`` (``_parse``)."""
    from tools.bench.mat_cube_diff import gnubg_exports
    return [_parse(f.read_text().splitlines()) for f in gnubg_exports(path, plies)]


def decisions(text: str, path: pathlib.Path) -> list[dict]:
    """Each unforced checker play of the match that GNU Backgammon analysed: ``gnu_loss`` (its cubeful equity of
    its best less the play made's), ``loss`` (ours), ``gnu_equity`` and ``model`` (the play made's value by GNU,
    and by our analysis on GNU's cubeless chances), ``cubeless`` (the latter without the cube), the player and
    the deciding side's cube view."""
    from bot import analysis as A
    from tools.bench.mat_cube_diff import quick_analysis
    gnu_games = gnubg_play_analyses(path)
    a = quick_analysis(text)
    out = []
    for gi, rows in enumerate(a.out):
        gnu = gnu_games[gi] if gi < len(gnu_games) else {}
        for d, r in zip(a.pending[gi], rows):
            if r["kind"] != "move" or r["forced"]:
                continue
            plays = gnu.get((r["position_id"], tuple(r["dice"])), [])
            made = [p for p in plays if p["made"]]
            if not made:
                continue
            o, ctx = made[0]["outputs"], d["ctx"]
            out.append({"game": gi + 1, "player": r["player"], "ctx": ctx, "play": r["play"],
                        "gnu_loss": plays[0]["equity"] - made[0]["equity"], "loss": r["loss"],
                        "gnu_equity": made[0]["equity"], "model": A._play_value(o, ctx, d["result"]),
                        "cubeless": A._cubeless_value(o, ctx)})
    return out


def compare(text: str, path: pathlib.Path, label: str) -> list[dict]:
    """Each play whose loss by GNU and by us differ by ``LISTED`` or more; then per player GNU's checker-play loss
    and ours over the plays both count, and how far our value of the play made on GNU's chances is from GNU's own
    (with the cube and without)."""
    rows = decisions(text, path)
    for r in rows:
        if abs(r["loss"] - r["gnu_loss"]) >= LISTED:
            c = r["ctx"]
            print(f"{label} g{r['game']} p{r['player']} {r['play']:24} GNU loss {r['gnu_loss']:.3f} ours "
                  f"{r['loss']:.3f} | score {c.score} of {c.match_length} cube {c.value} {c.owner} crawford "
                  f"{c.crawford} | the play made: GNU {r['gnu_equity']:+.3f}, ours on GNU's chances "
                  f"{r['model']:+.3f}", flush=True)
    for p in (0, 1):
        mine = [r for r in rows if r["player"] == p]
        if not mine:
            continue
        n = len(mine)
        print(f"{label} p{p} checker play over {n}: GNU {sum(r['gnu_loss'] for r in mine):.3f}, ours "
              f"{sum(r['loss'] for r in mine):.3f}; the play made on GNU's chances: mean |ours - GNU's| "
              f"{sum(abs(r['model'] - r['gnu_equity']) for r in mine) / n:.4f} (cubeless "
              f"{sum(abs(r['cubeless'] - r['gnu_equity']) for r in mine) / n:.4f})", flush=True)
    return rows
