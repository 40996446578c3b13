"""Cube decisions of an imported match, one by one: our quick analysis against GNU Backgammon's 0-ply analysis of
the same ``.mat`` file (``bench_analysis.py --mat-vs-gnubg N --cube-diff``).

GNU Backgammon (only ever a reference) analyses the file at 0-ply and exports it as text; each of its cube
analyses (the cubeless chances and the cubeful equities of no double, double/pass, double/take, equivalent money
per unit of cube) is paired with our analysis's cube decision at the same position. Per decision three figures:
GNU's error, ours, and ours from GNU's own cubeless chances put through our cube model (``bot.cube``), which
tells a difference of cube model from a difference of network. Per player: the sums of each over the cube
decisions GNU Backgammon or we count.
"""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys

from tools.bench.mat_vs_gnubg import SETTINGS

_EQ = re.compile(r"^\d\. (No double|Double, pass|Double, take)\s+([-+]?\d+\.\d+)")
KEYS = {"No double": "no_double", "Double, pass": "double_pass", "Double, take": "double_take"}


def _export_worker(path: str, out: str, plies: int = 0) -> None:
    """Inside the GNU Backgammon process: import, analyse (checker play at ``plies``, cube decisions at 0-ply),
    export the analysed match as text."""
    import gnubg
    for s in SETTINGS:
        try:
            gnubg.command(s)
        except Exception:  # a setting this build lacks: the defaults do
            pass
    gnubg.command("set jacoby off")  # a money game's gammons count, as in our analysis
    gnubg.command(f"import mat {path}")
    gnubg.command("set jacoby off")
    gnubg.command(f"set analysis chequerplay evaluation plies {plies}")
    gnubg.command("set analysis cubedecision evaluation plies 0")
    gnubg.command("analyse match")
    gnubg.command(f"export match text {out}")


def gnubg_exports(path: pathlib.Path, plies: int = 0) -> list[pathlib.Path]:
    """GNU's analysis of the match in ``path`` (checker play at ``plies``) exported as text (``_export_worker``, in
    a process of its own), once per file and depth: the text files, one per game, in order."""
    out = path.with_suffix(".txt") if not plies else path.with_name(f"{path.stem}_{plies}ply.txt")
    if not out.exists():
        subprocess.run([sys.executable, "-m", "tools.bench.mat_cube_diff", str(path), str(out), str(plies)],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600, check=True)
    return [out] + sorted(out.parent.glob(out.stem + "_[0-9][0-9][0-9].txt"))  # GNU writes a file per game


def gnubg_cube_analyses(path: pathlib.Path) -> list[list[dict]]:
    """Per game, GNU's cube analyses in order: ``{"pid", "action", "outputs", "equities"}`` where action is
    "double", "take", "pass" or "roll" (a turn with no double) and outputs/equities are the deciding side's."""
    return [_parse(f.read_text().splitlines()) for f in gnubg_exports(path)]


def _parse(lines: list[str]) -> list[dict]:
    block: dict = {}
    found: list[dict] = []
    for i, ln in enumerate(lines):
        if ln.startswith("Move number"):
            block = {"action": "roll"}
        elif "Position ID:" in ln:
            block["pid"] = ln.split(":")[1].strip()
        elif ln.startswith("* "):
            w = ln.split()
            block["action"] = {"doubles": "double", "accepts": "take", "rejects": "pass"}.get(w[2], "roll")
        elif ln == "Cube analysis":
            block["outputs"] = [float(x) for x in lines[i + 2].replace("-", " ").split()]
            eq = {}
            for ln2 in lines[i + 4:i + 7]:
                m = _EQ.match(ln2)
                if m:
                    eq[KEYS[m.group(1)]] = float(m.group(2))
            block["equities"] = eq
            found.append(dict(block))
    return found


def _loss(kind: str, played: str, eq: dict) -> tuple[float, str]:
    """(error, right action) of a cube decision from the deciding side's equities."""
    if kind == "double":
        from bot import cube as C
        doubled = C.doubled(eq)
        best = "double" if doubled >= eq["no_double"] else "no_double"
        return (abs(doubled - eq["no_double"]) if played != best else 0.0), best
    take, drop = eq["double_take"], eq["double_pass"]
    best = "take" if take >= drop else "pass"
    return (abs(take - drop) if played != best else 0.0), best


def quick_analysis(text: str):
    """Our quick analysis of the .mat ``text``, finished (a ``bot.analysis.Analysis``: ``out`` per game its rows,
    ``pending`` the decisions they judge)."""
    import game
    from bot import analysis as A
    a = A.Analysis(game.import_match(text), "quick")
    while not a.finished:
        a.step(50)
    return a


def decisions(text: str, path: pathlib.Path) -> list[dict]:
    """Each cube decision of the match that both analyses judge: GNU's equities (``gnu``), ours (``ours``) and
    our model's on GNU's cubeless chances (``model``), each with its error and right action, whether each side
    counts it (GNU's close decisions, ours), and the deciding side's cube view."""
    from bot import analysis as A
    from bot import cube as C
    gnu_games = gnubg_cube_analyses(path)
    a = quick_analysis(text)
    out = []
    for gi, rows in enumerate(a.out):
        gnu = {(g["pid"], g["action"] in ("take", "pass")): g for g in gnu_games[gi]} if gi < len(gnu_games) else {}
        for d, r in zip(a.pending[gi], rows):
            if r["kind"] not in ("double", "take"):
                continue
            take = r["kind"] == "take"
            g = gnu.get((d["pos"].to_id(), take))
            if g is None or len(g["equities"]) < 3:
                continue
            geq = dict(g["equities"])
            if take:  # GNU shows the taker's view: take and pass are its "Double, take" / "Double, pass"
                geq = {"double_take": geq["double_take"], "double_pass": geq["double_pass"]}
            w6 = g["outputs"]  # GNU's cubeless chances, the deciding side's: win, gammon, backgammon - lose, ...
            o = (w6[0], w6[1], w6[2], w6[4], w6[5])
            ctx, x = d["ctx"], C.efficiency(d["pos"])
            a_, b_, v_, post = ctx.my_away, ctx.their_away, ctx.value, ctx.post_crawford
            if take and not ctx.match_length:
                p_, w_, l_ = C._w_l(o)
                meq = {"double_take": 2.0 * C.janowski(p_, w_, l_, C.MINE, x), "double_pass": -1.0}
            elif take:
                meq = {"double_take": A.emg(ctx, C.match_cubeful(o, a_, b_, 2 * v_, C.MINE, post, x)),
                       "double_pass": A.emg(ctx, A._met.mwc(a_, b_ - v_, post))}
            elif not ctx.match_length:
                meq = C.money_equities(o, ctx.owner, x)
            else:
                meq = {k: A.emg(ctx, v) for k, v in C.match_equities(o, ctx, x).items()}
            oeq = dict(r["equities"]) if not take else {"double_take": r["equities"]["take"],
                                                        "double_pass": r["equities"]["pass"]}
            gloss, gbest = _loss(r["kind"], r["played"], geq)
            mloss, mbest = _loss(r["kind"], r["played"], meq)
            out.append({"game": gi + 1, "player": r["player"], "kind": r["kind"], "played": r["played"], "ctx": ctx,
                        "chances": o, "gnu": geq, "gnu_loss": gloss, "gnu_best": gbest,
                        "ours": oeq, "loss": r["loss"], "best": r["best"],
                        "model": meq, "model_loss": mloss, "model_best": mbest,
                        "gnu_counts": take or r["played"] == "double" or gbest == "double" or (
                            geq["no_double"] - C.doubled(geq) < A.CLOSE_CUBE),
                        "our_counts": a.close_enough(r)})
    return out


def compare(text: str, path: pathlib.Path, label: str) -> list[dict]:
    """Print each cube decision where GNU's error, ours or our model's on GNU's chances is not nil or the right
    actions differ; then per player the sums over the decisions each side counts."""
    rows = decisions(text, path)
    sums = [{"gnu": 0.0, "ours": 0.0, "model": 0.0, "n_gnu": 0, "n_ours": 0} for _ in (0, 1)]
    for r in rows:
        s = sums[r["player"]]
        s["gnu"] += r["gnu_loss"] if r["gnu_counts"] else 0.0
        s["model"] += r["model_loss"] if r["gnu_counts"] else 0.0
        s["n_gnu"] += r["gnu_counts"]
        s["ours"] += r["loss"] if r["our_counts"] else 0.0
        s["n_ours"] += r["our_counts"]
        if max(r["gnu_loss"], r["loss"], r["model_loss"]) > 0.0 or r["gnu_best"] != r["best"]:
            keys = [k for k in ("no_double", "double_take", "double_pass") if k in r["gnu"]]
            fmt = lambda e: " ".join(f"{e[k]:+.3f}" for k in keys)  # noqa: E731
            c = r["ctx"]
            print(f"{label} g{r['game']} p{r['player']} {r['kind']:6} {r['played']:9} score {c.score} of "
                  f"{c.match_length} cube {c.value} {c.owner:8} crawford {c.crawford} "
                  f"| GNU best {r['gnu_best']:9} loss {r['gnu_loss']:.3f} [{fmt(r['gnu'])}] "
                  f"| ours best {r['best']:9} loss {r['loss']:.3f} [{fmt(r['ours'])}] "
                  f"| model on GNU chances best {r['model_best']:9} loss {r['model_loss']:.3f} [{fmt(r['model'])}] "
                  f"| GNU {' '.join(f'{x:.3f}' for x in r['chances'])}", flush=True)
    for p in (0, 1):
        s = sums[p]
        print(f"{label} p{p} cube: GNU {s['gnu']:.3f} over {s['n_gnu']}, ours {s['ours']:.3f} over {s['n_ours']}, "
              f"our model on GNU's chances {s['model']:.3f}", flush=True)
    return rows


if __name__ == "__main__":
    _export_worker(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)
