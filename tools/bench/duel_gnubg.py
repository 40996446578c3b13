"""Our networks in the C core (``tools/bot/fast``) against GNU Backgammon's 0-ply, cubeless paired games: the
same match as ``bench_bot.py --vs gnubg`` (GNU Backgammon chooses as ``gnubg_opponent.choose``), with our
side's play chosen by the C core instead of the browser's Python. About ten times the games a second, so that
networks can be compared against GNU Backgammon to ± 0.015 ppg in minutes rather than hours; the figures the
issue asks for still come from ``bench_bot.py`` (the bot as it ships).

Pair i plays twice on the dice of ``random.Random(seed + i)``, each side starting once. A side is a weights
file (.json) or a training checkpoint (.npz), optionally followed by ``@1ply`` (as ``duel.py``), or
``gnubg:N``: GNU Backgammon itself choosing at N plies, a calibration (what a deeper look gives its own evaluator
against its 0-ply: ``gnubg:0`` against it scores exactly 0, every pair the same game with the seats swapped), or
``mix:PHASE:SIDE``: GNU Backgammon's 0-ply choice in the positions of one phase of the game (``PHASES``: race,
bearoff, crashed, contact) and SIDE's everywhere else. Beside SIDE on the same dice, its difference is what
SIDE's play in that phase costs against GNU Backgammon's there: where the games are lost.

    .venv/bin/python -m tools.bench.duel_gnubg web/assets/bot/weights.json --pairs 10000 --jobs 2
"""
from __future__ import annotations

import argparse
import random
import time

import numpy as np

from bot.bearoff import is_pure_bearoff
from rules.board import Board, is_race, swap, winner_kind
from tools.bench import gnubg_opponent
from tools.bench.duel import engine, split_pairs
from tools.bot import fast


def play_game(choose_ours, first: int, dice: random.Random, plies: int = 0) -> int:
    """One cubeless game, ``first`` (0: ours, 1: GNU Backgammon) on roll first: our points (±1, 2, 3)."""
    board = fast.START
    d1, d2 = 0, 0
    while d1 == d2:
        d1, d2 = dice.randint(1, 6), dice.randint(1, 6)
    turn = first
    for _ in range(2000):
        r = choose_ours(board, d1, d2) if turn == 0 else gnubg_opponent.choose(board, (d1, d2), plies)
        kind = winner_kind(r)
        if kind:
            return kind if turn == 0 else -kind
        board, turn = swap(r), 1 - turn
        d1, d2 = dice.randint(1, 6), dice.randint(1, 6)
    return 0


def gnubg_plies(spec: str) -> int | None:
    """N for a side ``gnubg:N`` (GNU Backgammon at N plies, 0 to 2), None for one of our networks."""
    if not spec.startswith("gnubg:"):
        return None
    n = spec[len("gnubg:"):]
    if n not in ("0", "1", "2"):
        raise SystemExit(f"{spec}: GNU Backgammon as a side is gnubg:0, gnubg:1 or gnubg:2")
    return int(n)


def _crashed_side(side: tuple[int, ...]) -> bool:
    """At most 6 checkers left in play besides the spares (all but one) on its ace and deuce points."""
    return sum(side[1:26]) - max(side[1] - 1, 0) - max(side[2] - 1, 0) <= 6


def is_crashed(board: Board) -> bool:
    """Contact, with a side whose board has crashed (few checkers left to play with, piled deep)."""
    return not is_race(board) and (_crashed_side(board[0]) or _crashed_side(board[1]))


PHASES = {
    "race": is_race,  # every position without contact, bear-offs included
    "bearoff": is_pure_bearoff,  # both sides with every checker left on their home points
    "crashed": is_crashed,
    "contact": lambda board: not is_race(board) and not is_crashed(board),
}
"""The phases of ``mix:PHASE:SIDE``: tests of the board our side is to play from (it on roll)."""


def _chooser(spec: str):
    """Our side's choice of a result board for (board, d1, d2)."""
    if spec.startswith("mix:"):
        phase, _, rest = spec[len("mix:"):].partition(":")
        if phase not in PHASES or not rest:
            raise SystemExit(f"{spec}: a mixed side is mix:PHASE:SIDE, PHASE one of {', '.join(PHASES)}")
        test, gnubg, elsewhere = PHASES[phase], _chooser("gnubg:0"), _chooser(rest)
        return lambda board, d1, d2: (gnubg if test(board) else elsewhere)(board, d1, d2)
    n = gnubg_plies(spec)
    if n is not None:
        return lambda board, d1, d2: gnubg_opponent.choose(board, (d1, d2), n)
    eng, cands, margin = engine(spec)
    return lambda board, d1, d2: fast.as_board(eng.choose([board], [(d1, d2)], cands, margin)[0])


def _run(job: tuple[str, int, int, int, int]) -> np.ndarray:
    spec, first, count, seed, plies = job
    ours = _chooser(spec)

    pts = np.zeros((count, 2), dtype=np.int32)
    for i in range(count):
        for g in range(2):
            pts[i, g] = play_game(ours, g, random.Random(seed + first + i), plies)
    return pts


def duel(spec: str, pairs: int, seed: int, jobs: int = 1, plies: int = 0) -> np.ndarray:
    """Our points per game, shape (pairs, 2)."""
    return split_pairs(_run, pairs, jobs, lambda first, count: (spec, first, count, seed, plies))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ours", nargs="+", help="one or more sides, each played on the same dice")
    ap.add_argument("--pairs", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=555_000_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--gnubg-plies", type=int, default=0)
    args = ap.parse_args(argv)
    first = None
    for spec in args.ours:
        t0 = time.time()
        pts = duel(spec, args.pairs, args.seed, args.jobs, args.gnubg_plies)
        mean, half = fast.ppg(pts)
        line = f"{spec} vs gnubg {args.gnubg_plies}-ply: {2 * len(pts)} games, {mean:+.4f} +- {half:.4f} ppg"
        if first is None:
            first = pts
        else:  # the same dice: the difference from the first side, with its own (smaller) interval
            d, dh = fast.ppg(pts - first)
            line += f"; against {args.ours[0]} {d:+.4f} +- {dh:.4f}"
        print(f"{line} ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
