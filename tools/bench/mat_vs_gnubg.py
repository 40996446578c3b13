"""An imported match's quick analysis against GNU Backgammon's own 0-ply analysis of the same ``.mat`` file
(``bench_analysis.py --mat-vs-gnubg N``).

N whole matches (seeds ``--seed`` ..), each a ``.mat`` file: by default of the intermediate bot against the
beginner, written by ``game.export.mat_text``; with ``--mat-source gnubg`` GNU Backgammon's own self-play,
both sides its 0-ply player with deterministic noise (``SELF_PLAY_NOISE``: its "intermediate" and "beginner" levels' 0.04
and 0.06), exported by GNU Backgammon (``export match mat``), so both players err by either judge. GNU Backgammon (PyPI ``gnubg``, a test dependency; only ever a reference)
imports each file, analyses it with checker play and cube decisions at 0-ply and prints its match statistics
(``show statistics match``), in a process of its own (its state is global and it prints on stdout). The same
file is read by ``game.import_match`` and analysed by ``bot.analyse_record`` at "quick". Per player: the
checker-play error rate (mEMG per unforced move) and the overall one (checker play and cube) of each, and
whether ours is within 20 % of GNU's.

``--judges`` (``judges``): the same rule applied to other judges of the same files, ours among them: GNU
Backgammon's own analysis at more plies, and Open Sage's analyser (checker play only), each against GNU's 0-ply.
"""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tempfile
import time

SETTINGS = ("set threads 1", "set display off", "set confirm new off", "set confirm save off",
            "set automatic game off", "set automatic roll off", "set automatic move off")
MARK = "=====statistics"
WITHIN = 0.20
SELF_PLAY_NOISE = (0.04, 0.06)
"""GNU Backgammon's noise for its self-play players 0 and 1 (its levels "intermediate" and "beginner")."""


def _gnubg_worker(path: str, plies: int = 0) -> None:
    """Inside the GNU Backgammon process: import, analyse checker play and cube at ``plies``, print the statistics
    after ``MARK``."""
    import gnubg
    for s in SETTINGS:
        try:
            gnubg.command(s)
        except Exception:  # a setting this build lacks: the defaults do
            pass
    gnubg.command(f"import mat {path}")
    gnubg.command(f"set analysis chequerplay evaluation plies {plies}")
    gnubg.command(f"set analysis cubedecision evaluation plies {plies}")
    gnubg.command("analyse match")
    sys.stdout.flush()
    print(MARK, flush=True)
    gnubg.command("show statistics match")


def _rates(text: str) -> dict:
    """GNU's ``Error rate mEMG`` lines of its statistics: the first is checker play, the last overall; each
    gives both players (sign dropped: GNU writes errors as negative)."""
    lines = [ln for ln in text.split(MARK, 1)[1].splitlines() if ln.startswith("Error rate mEMG")]
    if len(lines) < 3:
        raise RuntimeError("GNU Backgammon printed no statistics")

    def pair(line: str) -> list[float]:
        nums = re.findall(r"([-+]?\d+\.\d+)\s+\(", line)
        return [abs(float(x)) for x in nums[:2]]
    return {"checker": pair(lines[0]), "overall": pair(lines[-1])}


def _selfplay_worker(seed: int, length: int, out: str) -> None:
    """Inside the GNU Backgammon process: a ``length``-point match of its own players (0-ply, with noise; 0: a
    money game), dice from the Mersenne Twister seeded with ``seed``, exported as ``.mat`` to ``out``."""
    import gnubg
    cmds = list(SETTINGS[:4]) + ["set rng mersenne", f"set seed {seed}"]  # games, rolls and moves automatic
    for p, noise in enumerate(SELF_PLAY_NOISE):
        cmds += [f"set player {p} gnubg"]
        for part in ("chequerplay", "cubedecision"):
            cmds += [f"set player {p} {part} evaluation plies 0", f"set player {p} {part} evaluation noise {noise}",
                     f"set player {p} {part} evaluation deterministic on"]
    if not length:  # a money session of one game, gammons counting as in our analysis (no Jacoby rule)
        cmds += ["set automatic game off", "set jacoby off"]
    for c in cmds:
        gnubg.command(c)
    gnubg.command(f"new match {length}" if length else "new session")
    gnubg.command(f"export match mat {out}")


def gnubg_selfplay_mat(length: int, seed: int, path: pathlib.Path) -> str:
    """GNU Backgammon's self-play match (``_selfplay_worker``) in a process of its own; its ``.mat`` text."""
    subprocess.run([sys.executable, "-m", "tools.bench.mat_vs_gnubg", "--selfplay", str(seed), str(length),
                    str(path)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600, check=True)
    return path.read_text()


def gnubg_rates(path: pathlib.Path, plies: int = 0) -> dict:
    """GNU Backgammon's error rates of the match in ``path`` analysed at ``plies`` (``_gnubg_worker``)."""
    out = subprocess.run([sys.executable, "-m", "tools.bench.mat_vs_gnubg", str(path), str(plies)],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=3600, check=True)
    return _rates(out.stdout)


def our_rates(text: str) -> dict:
    import game
    from bot import analysis as A
    result = A.analyse_record(game.import_match(text), "quick")
    ps = result["players"]
    return {"checker": [p["checker"]["error_rate"] for p in ps], "overall": [p["error_rate"] for p in ps],
            "unforced": [p["checker"]["unforced"] for p in ps]}


def sage_rates(text: str, level: str) -> dict:
    """Open Sage's checker-play error rates (mEMG per unforced play) of the match in ``text``, each play of our
    import valued by its analyser at ``level`` ("1ply": its network alone, "2ply": one roll ahead) at the match
    score and cube, the play made always among those valued; no cube decisions (``overall`` is None)."""
    import bgsage
    from tools.bench.mat_cube_diff import quick_analysis
    from tools.bench.mat_play_depths import sage_checker_play
    an = bgsage.create_analyzer(level)
    a = quick_analysis(text)
    n, loss = [0, 0], [0.0, 0.0]
    for gi, rows in enumerate(a.out):
        for d, r in zip(a.pending[gi], rows):
            if r["kind"] != "move" or r["forced"]:
                continue
            moves, mine = sage_checker_play(an, d["pos"], d["dice"], d["result"], d["ctx"])
            n[r["player"]] += 1
            loss[r["player"]] += moves[0].equity - mine.equity
    return {"checker": [round(1000 * x / k, 1) if k else 0.0 for x, k in zip(loss, n)], "overall": None,
            "unforced": n}


def judge_rates(judge: str, text: str, path: pathlib.Path) -> dict:
    """The error rates of the match by ``judge``: "quick" (ours), "gnubg:N" (GNU Backgammon's own analysis at N
    plies) or "sage:LEVEL" (Open Sage's checker play, ``sage_rates``)."""
    kind, _, arg = judge.partition(":")
    if kind == "quick":
        return our_rates(text)
    if kind == "gnubg":
        return gnubg_rates(path, int(arg))
    if kind == "sage":
        return sage_rates(text, arg)
    raise ValueError(f"unknown judge {judge!r} (quick, gnubg:N or sage:LEVEL)")


def judges(n: int, length: int, seed: int, names: list[str]) -> None:
    """What the 20 % asks of any judge: on GNU Backgammon's self-play matches, each judge's error rates against
    GNU's own 0-ply analysis, per player, and per judge how many are within 20 %."""
    counts: dict[str, dict[str, list[bool]]] = {j: {"checker": [], "overall": []} for j in names}
    print(f"{n} {length}-point matches of GNU Backgammon's self-play (seeds {seed}..{seed + n - 1}), noise "
          f"{SELF_PLAY_NOISE[0]} (player 0) against {SELF_PLAY_NOISE[1]}; error rates in mEMG per decision, "
          "each judge's checker play / overall against GNU Backgammon 0-ply's")
    print("| seed | player | GNU 0-ply | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    with tempfile.TemporaryDirectory() as tmp:
        for s in range(seed, seed + n):
            path = pathlib.Path(tmp) / f"m{s}.mat"
            text = gnubg_selfplay_mat(length, s, path)
            gnu = gnubg_rates(path)
            got = {j: judge_rates(j, text, path) for j in names}
            for p in (0, 1):
                cells = []
                for j in names:
                    cell = []
                    for k in ("checker", "overall"):
                        if got[j][k] is None:
                            cell.append("—")
                            continue
                        ok = within(got[j][k][p], gnu[k][p])
                        counts[j][k].append(ok)
                        cell.append(f"{got[j][k][p]:.1f}" + ("" if ok else " ✗"))
                    cells.append(" / ".join(cell))
                print(f"| {s} | {p} | {gnu['checker'][p]:.1f} / {gnu['overall'][p]:.1f} | " + " | ".join(cells)
                      + " |", flush=True)
    for j in names:
        print(f"{j}: within 20 % of GNU 0-ply: " + "; ".join(
            f"{k} {sum(v)} of {len(v)}" for k, v in counts[j].items() if v))


_BASELINE = r"""
import json, sys, time
from tools.bench.mat_vs_gnubg import our_rates
t0 = time.process_time()
rates = our_rates(sys.stdin.read())
print(json.dumps({"rates": rates, "cpu": time.process_time() - t0}))
"""


def baseline_rates(tree: pathlib.Path, text: str) -> tuple[dict, float]:
    """``our_rates`` by another revision's code (checked out in ``tree``, ``tools.bench.baseline``), in a process of
    its own: the rates and its CPU seconds."""
    import json
    from tools.bench import baseline as B
    env = B.python_env(tree)
    out = subprocess.run([sys.executable, "-c", _BASELINE], input=text, capture_output=True, text=True, env=env,
                         cwd=tree, timeout=600, check=True)
    r = json.loads(out.stdout.splitlines()[-1])
    return r["rates"], r["cpu"]


def match_mat(length: int, seed: int) -> str:
    import game
    from game import intents as I
    from game.export import mat_text
    from game.state import MATCH_OVER
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{seed:064x}", clock=0,
                                         match_length=length), now=0)
    for _ in range(100):
        if game.drive_bots(table, now=0).phase == MATCH_OVER:
            break
        table.apply(I.NextGame())
    return mat_text(table.record())


def within(ours: float, gnu: float) -> bool:
    return abs(ours - gnu) <= WITHIN * abs(gnu)


def run(n: int, length: int, seed: int, source: str = "bots", cube_diff: bool = False,
        play_diff: bool = False, baseline: str | None = None, play_depths: int = -1) -> None:
    """The comparison (module docstring); with ``baseline`` (a git revision) our figures by that revision's code
    too, on the same files in the same run, printed after ours in each cell."""
    import contextlib
    with contextlib.ExitStack() as stack:
        tree = None
        if baseline:
            from tools.bench import baseline as B
            tree = stack.enter_context(B.worktree(baseline))
            print(f"baseline: {B.describe(baseline)}, after ours in each cell and line")
        _run(n, length, seed, source, cube_diff, play_diff, tree, play_depths)


def _run(n: int, length: int, seed: int, source: str, cube_diff: bool, play_diff: bool,
         tree: pathlib.Path | None, play_depths: int = -1) -> None:
    rows, base_rows = [], []
    t_ours = t_base = 0.0
    who = ("intermediate (player 0) against beginner" if source == "bots" else
           f"GNU Backgammon's self-play, noise {SELF_PLAY_NOISE[0]} (player 0) against {SELF_PLAY_NOISE[1]}")
    print(f"{n} {length}-point matches (seeds {seed}..{seed + n - 1}), {who}; "
          "error rates in mEMG per decision, ours quick, GNU Backgammon 0-ply")
    print("| seed | player | unforced | checker ours | checker GNU | within 20 % | overall ours | overall GNU | "
          "within 20 % |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for s in range(seed, seed + n):
            path = pathlib.Path(tmp) / f"m{s}.mat"
            if source == "bots":
                text = match_mat(length, s)
                path.write_text(text)
            else:
                text = gnubg_selfplay_mat(length, s, path)
            gnu = gnubg_rates(path)
            t1 = time.process_time()
            ours = our_rates(text)
            t_ours += time.process_time() - t1
            base = None
            if tree is not None:
                base, cpu = baseline_rates(tree, text)
                t_base += cpu
            if cube_diff:  # each cube decision against GNU's (our analysis done again, outside the CPU count)
                from tools.bench import mat_cube_diff
                mat_cube_diff.compare(text, path, f"seed {s}")
            if play_diff:  # each checker play against GNU's (likewise outside the CPU count)
                from tools.bench import mat_play_diff
                mat_play_diff.compare(text, path, f"seed {s}")
            if play_depths >= 0:  # the plays where the two part, judged deeper (0: no rollout; else its trials)
                from tools.bench import mat_play_depths
                mat_play_depths.compare(text, path, f"seed {s}", play_depths)
            for p in (0, 1):
                row = {k: (ours[k][p], gnu[k][p]) for k in ("checker", "overall")}
                rows.append(row)
                cells = {k: f"{ours[k][p]:.1f}" for k in ("checker", "overall")}
                ok = {k: "yes" if within(*row[k]) else "no" for k in ("checker", "overall")}
                if base is not None:
                    brow = {k: (base[k][p], gnu[k][p]) for k in ("checker", "overall")}
                    base_rows.append(brow)
                    for k in ("checker", "overall"):
                        cells[k] += f" / {base[k][p]:.1f}"
                        ok[k] += " / " + ("yes" if within(*brow[k]) else "no")
                print(f"| {s} | {p} | {ours['unforced'][p]} | {cells['checker']} | {gnu['checker'][p]:.1f} | "
                      f"{ok['checker']} | {cells['overall']} | {gnu['overall'][p]:.1f} | {ok['overall']} |",
                      flush=True)
    for label, rs in (("", rows), ("baseline ", base_rows)):
        if not rs:
            continue
        for k in ("checker", "overall"):
            good = sum(within(*r[k]) for r in rs)
            from tools.bench.gnubg_analysis import corr
            xs, ys = [r[k][0] for r in rs], [r[k][1] for r in rs]
            print(f"{label}{k}: {good} of {len(rs)} player figures within 20 % ({100 * good / len(rs):.0f}%); "
                  f"r = {corr(xs, ys):.3f}; mean ours {sum(xs) / len(xs):.1f}, GNU {sum(ys) / len(ys):.1f}")
    print(f"our quick analysis (import included): {t_ours:.1f} s CPU for {n} matches"
          + (f"; baseline {t_base:.1f} s" if base_rows else ""))


if __name__ == "__main__":
    if sys.argv[1] == "--selfplay":
        _selfplay_worker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        _gnubg_worker(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
