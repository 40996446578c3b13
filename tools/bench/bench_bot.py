"""Benchmark the shipped bot: strength against pubeval, GNU Backgammon and level against level, and think
times.

Cubeless single games (a gammon counts 2, a backgammon 3). Games come in pairs that use the same dice
stream, once with each side starting, so luck partly cancels; seeds are fixed. Prints points per game
with a 95% interval, the win rate, and the bot's think time per move (p50/p95) in CPython, measured in the
same run as the baseline (pubeval's own move time).

    .venv/bin/python -m tools.bench.bench_bot --levels intermediate --games 2000
    .venv/bin/python -m tools.bench.bench_bot --levels intermediate --games 6000 --vs gnubg --jobs 2
    .venv/bin/python -m tools.bench.bench_bot --levels strong,expert --games 400 --vs below --jobs 2
    .venv/bin/python -m tools.bench.bench_bot --levels intermediate --weights new.json --vs-weights old.json
    .venv/bin/python -m tools.bench.bench_bot --levels strong,expert --games 2000 --jobs 2 --batch
    .venv/bin/python -m tools.bench.bench_bot --pyodide --levels beginner,intermediate,strong,expert
    .venv/bin/python -m tools.bench.bench_bot --think-cpython --levels strong,expert --baseline main

``--batch`` plays strong and expert with ``tools/bot/bot_batch.py`` (the same search in numpy, several times
faster in CPython) and re-checks every ``--check-every``-th of those moves against ``bot.play``.

``--pyodide`` times ``bot.choose`` inside Pyodide in Chromium (Playwright, Debian's Chromium, a static
server on 127.0.0.1 started here) on positions from a few self-play games. ``--think-cpython`` times the
same code on the same positions in this CPython: the two runs side by side give Pyodide's cost against
CPython's on this machine (``--think-cpython`` counts the process's CPU time, ``--pyodide`` wall time).
``--baseline REV`` times the bot of another git revision on the same positions
in the same run (alternating position by position) and counts the positions where it plays differently.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

import bot
from bot import levels as bot_levels, play
from rules.board import START_BOARD, Board, swap, winner_kind

from tools.bench import pubeval

ORDER = list(bot.LEVELS)


def opening(rng: random.Random) -> tuple[int, int]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return a, b


class Player:
    """A level of the bot (``bot.play``), pubeval, or GNU Backgammon (``gnubg``: its ``gnubg_plies``
    evaluation choosing among all legal plays, ``tools/bench/gnubg_opponent.py``).

    With ``batch`` (a ``bot_batch.BatchSearch``) a searching level is played by the batched numpy twin of
    ``bot.play.choose_board`` instead, and every ``check_every``-th of its moves is chosen again by
    ``bot.play`` and compared (``checks``: [moves checked, moves that agree])."""

    def __init__(self, name: str, ev=None, label: str = "", batch=None, check_every: int = 50,
                 gnubg_plies: int = 0):
        self.gnubg = None
        if name == "gnubg":
            from tools.bench import gnubg_opponent
            self.gnubg, self.gnubg_plies = gnubg_opponent, gnubg_plies
            label = label or f"{gnubg_plies}ply"
        self.name = name + label
        self.times: list[float] = []
        self.level = bot_levels.PLAY.get(name)
        self.ev = (ev or bot.evaluator()) if self.level else None
        self.batch = batch if self.level is not None and self.level.plies > 0 else None
        self.check_every = check_every
        self.checks = [0, 0]
        self.moves = 0

    def move(self, board: Board, dice: tuple[int, int], game_seed: int, ply: int) -> Board:
        t = time.perf_counter()
        if self.gnubg is not None:
            r = self.gnubg.choose(board, dice, self.gnubg_plies)
        elif self.level is None:
            r = pubeval.choose(board, *dice)
        elif self.batch is not None:
            r = self.batch.choose_board(board, dice, self.level)
        else:
            rng = random.Random(game_seed * 1000 + ply) if self.level.noise else None
            r = play.choose_board(self.ev, board, dice, self.level, rng)
        self.times.append(time.perf_counter() - t)
        if self.batch is not None:
            self.moves += 1
            if self.moves % self.check_every == 0:
                self.checks[0] += 1
                self.checks[1] += play.choose_board(self.ev, board, dice, self.level) == r
        return r


def play_game(first: Player, second: Player, seed: int) -> int:
    """Points won by ``first`` (negative when it loses)."""
    rng = random.Random(seed)
    board = START_BOARD
    players = (first, second)
    turn = 0
    dice = opening(rng)
    for ply in range(2000):
        chosen = players[turn].move(board, dice, seed, ply)
        kind = winner_kind(chosen)
        if kind:
            return kind if turn == 0 else -kind
        board = swap(chosen)
        turn ^= 1
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    raise RuntimeError("game did not end")


def _pairs(a: Player, b: Player, first: int, stop: int, seed: int) -> list[int]:
    """Points for ``a`` in the game pairs ``first`` .. ``stop - 1`` (pair i uses seed + i)."""
    pts: list[int] = []
    for i in range(first, stop):
        s = seed + i
        pts.append(play_game(a, b, s))
        pts.append(-play_game(b, a, s))
    return pts


_JOB: dict = {}


def _job(span: tuple[int, int]) -> tuple[list[int], list[float], list[float], list[int], list[int]]:
    a, b, seed = _JOB["a"], _JOB["b"], _JOB["seed"]
    for p in (a, b):
        p.times.clear()
        p.checks = [0, 0]
    pts = _pairs(a, b, span[0], span[1], seed)
    return pts, list(a.times), list(b.times), a.checks, b.checks


def match(a: Player, b: Player, games: int, seed: int, jobs: int = 1) -> tuple[float, float, float]:
    """(ppg for a, half-width of its 95% interval, a's win rate) over ``games`` (pairs of games).

    With ``jobs`` > 1 the pairs are split into contiguous blocks played by forked processes; every game
    still uses its own seed, so the points (and the figures) are identical to one process's."""
    npairs = games // 2
    if jobs <= 1 or npairs < 2:
        pts = _pairs(a, b, 0, npairs, seed)
    else:
        import multiprocessing
        # Small blocks, handed out in order: the processes stay busy to the end; results come back in order.
        step = max(1, min(10, npairs // (jobs * 4) or 1))
        spans = [(i, min(npairs, i + step)) for i in range(0, npairs, step)]
        _JOB.update(a=a, b=b, seed=seed)
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            parts = pool.map(_job, spans, chunksize=1)
        pts = []
        for p, ta, tb, ca, cb in parts:
            pts.extend(p)
            a.times.extend(ta)
            b.times.extend(tb)
            for player, c in ((a, ca), (b, cb)):
                player.checks = [player.checks[0] + c[0], player.checks[1] + c[1]]
    n = len(pts)
    mean = sum(pts) / n
    # Interval from the pair sums (the two games of a pair share dice, so they are not independent).
    pairs = [pts[i] + pts[i + 1] for i in range(0, n, 2)]
    sd = statistics.pstdev(pairs) if len(pairs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(pairs)) / 2.0
    return mean, half, sum(1 for p in pts if p > 0) / n


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run_cpython(levels: list[str], games: int, seed: int, vs: str, jobs: int = 1, vs_weights=None,
                batch=None, check_every: int = 50, gnubg_plies: int = 0) -> None:
    for lv in levels:
        me = Player(lv, batch=batch, check_every=check_every)
        if vs_weights is not None:
            if batch is not None:
                raise SystemExit("--batch plays the weights in use only; leave out --vs-weights")
            ev = bot.network.parse_weights(vs_weights.read_bytes(), None)
            opp = Player(lv, ev, f"[{vs_weights.name}]")
        elif vs == "pubeval":
            opp = Player("pubeval")
        elif vs == "gnubg":
            opp = Player("gnubg", gnubg_plies=gnubg_plies)
        else:
            i = ORDER.index(lv)
            if i == 0:
                continue
            opp = Player(ORDER[i - 1], batch=batch, check_every=check_every)
        t0 = time.time()
        mean, half, wr = match(me, opp, games, seed, jobs)
        el = time.time() - t0
        print(f"{lv:>12} vs {opp.name:<12} games={games} ppg={mean:+.3f} ±{half:.3f} (95%) win={wr:.3f} "
              f"think p50={pct(me.times, .5) * 1000:.1f}ms p95={pct(me.times, .95) * 1000:.1f}ms "
              f"max={max(me.times) * 1000:.0f}ms | {opp.name} p50={pct(opp.times, .5) * 1000:.2f}ms "
              f"| {el:.0f}s", flush=True)
        for p in (me, opp):
            if p.batch is not None:
                print(f"{'':>12}    {p.name}: batched search (think times above are the batch's); "
                      f"{p.checks[0]} moves re-chosen by bot.play, {p.checks[1]} agree", flush=True)


PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import { loadPyodide } from "/pyodide/pyodide.mjs";
window.runBench = async (files, code) => {
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  for (const [path, url] of files) {
    const data = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const dir = path.substring(0, path.lastIndexOf("/"));
    py.FS.mkdirTree(dir);
    py.FS.writeFile(path, data);
  }
  return py.runPython(code);
};
window.benchReady = true;
</script></body></html>"""

PY_CODE = """
import sys, time, json, random
sys.path.insert(0, "/home/pyodide/web/py")
import bot, rules
from rules.board import START_BOARD, swap, winner_kind
from bot import levels, play
t = time.perf_counter(); bot.load_weights(path="/home/pyodide/web/assets/bot/weights.json"); load = time.perf_counter() - t
t = time.perf_counter(); bot.load_bearoff(); load_bearoff = time.perf_counter() - t
ev = bot.evaluator()
rng = random.Random(5)
samples = []
for g in range(__GAMES__):
    b = START_BOARD
    while True:
        d = (rng.randint(1, 6), rng.randint(1, 6))
        samples.append((rules.Position(*b).to_id(), d))
        c = play.choose_board(ev, b, d, levels.PLAY["intermediate"])
        if winner_kind(c):
            break
        b = swap(c)
out = {"load_s": load, "bearoff_s": load_bearoff, "positions": len(samples)}
base = None
if __BASE__:
    import bot_base  # the baseline revision's bot package (--baseline), timed on the same positions
    bot_base.load_weights(path="__BASE_WEIGHTS__")  # the baseline revision's own weights file
    bot_base.load_bearoff(path="/home/pyodide/web/assets/bot/bearoff.bin")
    base = bot_base
for lv in __LEVELS__:
    ts, tb = [], []
    for i, (pid, d) in enumerate(samples[::__STRIDE__]):
        # Baseline and new code alternate position by position (and which goes first), so both see the
        # same load on a shared machine.
        order = [(bot, ts), (base, tb)] if i % 2 == 0 else [(base, tb), (bot, ts)]
        chosen = []
        for mod, acc in order:
            if mod is None:
                continue
            t = __CLOCK__(); chosen.append(mod.choose(pid, d, lv)); acc.append(__CLOCK__() - t)
        if len(set(chosen)) > 1:
            out.setdefault("differ", {}).setdefault(lv, []).append([pid, list(d)])
    for name, xs in ((lv, ts), ("base:" + lv, tb)):
        if xs:
            xs.sort()
            out[name] = [xs[len(xs) // 2], xs[min(len(xs) - 1, int(0.95 * len(xs)))], xs[-1], len(xs), sum(xs)]
json.dumps(out)
"""


def baseline_package(rev: str) -> Path:
    """The ``web/py/bot`` package of git revision ``rev``, written to a temporary directory as ``bot_base``
    (its imports are relative, so it loads beside the new ``bot``), with that revision's weights file in it
    as ``weights.json`` (its hash module expects that file)."""
    import subprocess
    import tempfile
    import atexit
    import shutil
    tmp = tempfile.mkdtemp(prefix="bench_bot_base_")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    out = Path(tmp) / "bot_base"
    out.mkdir()
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{rev}:web/py/bot"],
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        if name.endswith(".py"):
            data = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:web/py/bot/{name}"], check=True,
                                  capture_output=True).stdout
            (out / name).write_bytes(data)
    (out / "weights.json").write_bytes(subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:web/assets/bot/weights.json"], check=True,
        capture_output=True).stdout)
    return out


def print_think(where: str, out: dict, levels: list[str], rev) -> None:
    for lv in levels:
        for name, label in ((lv, lv), ("base:" + lv, f"{lv}@{rev}")):
            if name in out:
                p50, p95, mx, n, total = out[name]
                print(f"{where} {label:>18}: think p50={p50 * 1000:.1f}ms p95={p95 * 1000:.1f}ms "
                      f"max={mx * 1000:.0f}ms total={total:.2f}s (n={n})")
        if rev is not None:
            differ = out.get("differ", {}).get(lv, [])
            print(f"{where} {'':>18}  {lv}: {len(differ)} positions where the baseline chose another play "
                  f"{differ[:3]}")


def run_pyodide(levels: list[str], games: int, stride: int, baseline=None, rev=None) -> None:
    import http.server
    import json
    import os
    import shutil
    import socketserver
    import tempfile
    import threading

    from playwright.sync_api import sync_playwright

    from tools.site.chromium import LAUNCH_ARGS, chromium_path

    pyodide_dir = ROOT / "node_modules" / "pyodide"  # npm's package: the site's vendored copy has no python_stdlib.zip
    tmp = Path(tempfile.mkdtemp(prefix="bench_bot_"))
    (tmp / "index.html").write_text(PAGE)
    os.symlink(pyodide_dir, tmp / "pyodide")
    os.symlink(ROOT / "web", tmp / "web")
    files = []
    for pkg in ("bot", "rules"):
        for f in sorted((ROOT / "web" / "py" / pkg).glob("*.py")):
            files.append((f"/home/pyodide/web/py/{pkg}/{f.name}", f"/web/py/{pkg}/{f.name}"))
    if baseline is not None:
        (tmp / "base").symlink_to(baseline)
        for f in sorted(baseline.glob("*.py")) + [baseline / "weights.json"]:
            files.append((f"/home/pyodide/web/py/bot_base/{f.name}", f"/base/{f.name}"))
    files.append(("/home/pyodide/web/assets/bot/weights.json", "/web/assets/bot/weights.json"))
    files.append(("/home/pyodide/web/assets/bot/bearoff.bin", "/web/assets/bot/bearoff.bin"))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(tmp), **k)

        def log_message(self, *a):
            pass

        def guess_type(self, path):
            if str(path).endswith(".mjs"):
                return "text/javascript"
            return super().guess_type(path)

    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Quiet)
    port = srv.server_address[1]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    code = (PY_CODE.replace("__GAMES__", str(games)).replace("__STRIDE__", str(stride))
            .replace("__LEVELS__", repr(levels)).replace("__BASE__", str(baseline is not None))
            .replace("__CLOCK__", "time.perf_counter")
            .replace("__BASE_WEIGHTS__", "/home/pyodide/web/py/bot_base/weights.json"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            page = browser.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(f"http://127.0.0.1:{port}/")
                       else r.abort())
            page.goto(f"http://127.0.0.1:{port}/index.html")
            page.wait_for_function("window.benchReady === true")
            raw = page.evaluate("([f, c]) => window.runBench(f, c)", [files, code])
            browser.close()
    finally:
        srv.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    out = json.loads(raw)
    print(f"pyodide: weights load {out['load_s'] * 1000:.0f}ms, bear-off table load {out['bearoff_s'] * 1000:.1f}ms, "
          f"{out['positions']} positions, every {stride}th timed")
    print_think("pyodide", out, levels, rev)


def run_think_cpython(levels: list[str], games: int, stride: int, baseline=None, rev=None) -> None:
    """The think times of ``--pyodide`` measured in this CPython, on the same positions (the same code)."""
    code = PY_CODE.replace('sys.path.insert(0, "/home/pyodide/web/py")\n', "")  # here bot is importable already
    if baseline is not None:
        code = code.replace("__BASE_WEIGHTS__", str(baseline / "weights.json"))
    code = code.replace("/home/pyodide/web", str(ROOT / "web")).replace("__GAMES__", str(games)) \
        .replace("__STRIDE__", str(stride)).replace("__LEVELS__", repr(levels)) \
        .replace("__BASE__", str(baseline is not None)).replace("__CLOCK__", "time.process_time")
    if baseline is not None:  # the baseline revision's bot package, as the module bot_base
        import importlib.util
        spec = importlib.util.spec_from_file_location("bot_base", baseline / "__init__.py",
                                                      submodule_search_locations=[str(baseline)])
        sys.modules["bot_base"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["bot_base"])
    ns: dict = {}
    exec(compile(code, "think", "exec"), ns)
    out = ns["out"]
    print(f"cpython: {out['positions']} positions, every {stride}th timed (CPU time of this process, so "
          f"other load on the machine does not count)")
    print_think("cpython", out, levels, rev)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default=",".join(ORDER))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--vs", choices=["pubeval", "below", "gnubg"], default="pubeval",
                    help="the opponent: pubeval, the level below, or GNU Backgammon (gnubg from PyPI, "
                         "cubeless, choosing by its --gnubg-plies evaluation)")
    ap.add_argument("--gnubg-plies", type=int, default=0, help="GNU Backgammon's search depth (0: quick)")
    ap.add_argument("--weights", type=Path, default=None,
                    help="a weights file to use instead of the shipped one (e.g. a snapshot)")
    ap.add_argument("--vs-weights", type=Path, default=None,
                    help="play each level against the same level with this weights file (e.g. the previous one)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes playing the game pairs (same seeds, same totals as one process)")
    ap.add_argument("--no-bearoff", action="store_true",
                    help="evaluate bear-offs with the network instead of the exact table (to measure the table)")
    ap.add_argument("--batch", action="store_true",
                    help="play strong and expert with the batched numpy twin of their search (tools/bot/bot_batch.py), "
                         "several times faster; every --check-every-th move is re-chosen by bot.play and compared")
    ap.add_argument("--check-every", type=int, default=50)
    ap.add_argument("--pyodide", action="store_true", help="think times in Pyodide in Chromium instead")
    ap.add_argument("--think-cpython", action="store_true",
                    help="the --pyodide think-time measurement in this CPython instead (same positions)")
    ap.add_argument("--baseline", default=None, metavar="REV",
                    help="with --pyodide or --think-cpython: also time the bot of git revision REV (e.g. main) "
                         "on the same positions, alternating with the new code, and count the plays that differ")
    ap.add_argument("--pyodide-games", type=int, default=4)
    ap.add_argument("--pyodide-stride", type=int, default=3)
    a = ap.parse_args()
    levels = [x for x in a.levels.split(",") if x]
    for lv in levels:
        if lv not in ORDER:
            ap.error(f"unknown level {lv!r}")
    import hashlib
    path = a.weights or bot.network.DEFAULT_WEIGHTS
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    ev = bot.load_weights(data, expected_sha256=digest if a.weights else None)
    print(f"weights {path.name} sha256 {digest[:16]}... trained {ev.source.get('games')} self-play games")
    if a.no_bearoff:
        bot.bearoff._TRIED = True  # never load: the bot falls back to its network in bear-offs
        print("bear-off table: off (network in bear-offs)")
    else:
        t = bot.load_bearoff() or bot.bearoff.table()
        print(f"bear-off table: up to {t.max_checkers} checkers, sha256 {bot.bearoff_sha256.BEAROFF_SHA256[:16]}...")
    if (a.pyodide or a.think_cpython) and a.weights:
        ap.error("--pyodide and --think-cpython use the shipped weights")
    base = baseline_package(a.baseline) if a.baseline and (a.pyodide or a.think_cpython) else None
    if a.pyodide:
        run_pyodide(levels, a.pyodide_games, a.pyodide_stride, base, a.baseline)
    elif a.think_cpython:
        run_think_cpython(levels, a.pyodide_games, a.pyodide_stride, base, a.baseline)
    else:
        batch = None
        if a.batch:
            from tools.bot import bot_batch
            batch = bot_batch.BatchSearch(bot_batch.from_weights(path))
        run_cpython(levels, a.games, a.seed, a.vs, a.jobs, a.vs_weights, batch, a.check_every, a.gnubg_plies)


if __name__ == "__main__":
    main()
