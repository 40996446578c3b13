"""The bot's evaluation and search in C, for the tools: training targets, self-play and matches at about a
hundred times the speed of the numpy twin (``tools/bot/bot_batch.py``), so that data and comparisons can be
made at the scale the strength goals need.

``core.c`` holds the same definitions as the Python code (rules, inputs version 4, the networks, exact
bear-offs, 0-, 1- and 2-ply); ``tests/bot/test_fast_core.py`` checks them against it. It is compiled on
first use with the system's C compiler (``cc``, or ``$CC``) into ``_build/`` beside this file, named by a
hash of the source and the flags, and loaded with ctypes: no Python headers and no build step in the
Makefile. The browser never uses it.

    from tools.bot import fast
    eng = fast.Engine.from_weights("web/assets/bot/weights.json")
    eng.evaluate(boards, plies=1)              # boards: (N, 52) uint8, mine[0..25] + theirs[0..25]
    pts = eng.play_pairs(other, pairs=1000, seed=1)
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "core.c"
BUILD = HERE / "_build"
FLAGS = ["-O3", "-march=native", "-ffast-math", "-fPIC", "-std=c11"]
# Linked in a separate step without -ffast-math: linking with it adds crtfastmath.o, whose constructor
# sets flush-to-zero in the whole process once the library loads, and Python's own floats (and
# hypothesis, in the same test run) would lose their subnormals.
LINK = ["-shared"]
N_INPUTS = 228

_LIB: Optional[ctypes.CDLL] = None

u8p = np.ctypeslib.ndpointer(dtype=np.uint8, flags="C_CONTIGUOUS")
f64p = np.ctypeslib.ndpointer(dtype=np.float64, flags="C_CONTIGUOUS")
i32p = np.ctypeslib.ndpointer(dtype=np.int32, flags="C_CONTIGUOUS")


class BuildError(RuntimeError):
    """The C core could not be compiled (no compiler, or it failed)."""


def library_path() -> Path:
    cc = os.environ.get("CC", "cc")
    digest = hashlib.sha256(SOURCE.read_bytes() + " ".join([cc] + FLAGS + LINK).encode()).hexdigest()[:16]
    return BUILD / f"core-{digest}.so"


def build() -> Path:
    """Compile ``core.c`` unless the library for this source and these flags exists; returns its path."""
    path = library_path()
    if path.exists():
        return path
    BUILD.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".so", dir=BUILD)
    os.close(fd)
    obj = tmp[:-3] + ".o"
    cc = os.environ.get("CC", "cc")
    try:
        for cmd in ([cc, *FLAGS, "-c", "-o", obj, str(SOURCE)], [cc, *LINK, "-o", tmp, obj, "-lm"]):
            try:
                done = subprocess.run(cmd, capture_output=True, text=True)
            except OSError as e:
                raise BuildError(f"cannot run the C compiler {cmd[0]!r}: {e}") from None
            if done.returncode:
                raise BuildError(f"{' '.join(cmd)} failed:\n{done.stderr}")
        os.replace(tmp, path)  # atomic: parallel builders leave one complete file
    finally:
        for leftover in (tmp, obj):
            if os.path.exists(leftover):
                os.unlink(leftover)
    return path


def lib() -> ctypes.CDLL:
    global _LIB
    if _LIB is None:
        L = ctypes.CDLL(str(build()))
        vp = ctypes.c_void_p
        L.gen_results.argtypes = [u8p, ctypes.c_int, ctypes.c_int, u8p, ctypes.c_int]
        L.gen_results.restype = ctypes.c_int
        L.encode_many.argtypes = [u8p, ctypes.c_int, f64p]
        L.eval_new.argtypes = [ctypes.c_int] + [f64p] * 8
        L.eval_new.restype = vp
        L.eval_free.argtypes = [vp]
        L.net_outputs.argtypes = [vp, u8p, ctypes.c_int, f64p]
        L.evaluate_many.argtypes = [vp, u8p, ctypes.c_int, ctypes.c_int, f64p]
        L.best_plays.argtypes = [vp, u8p, i32p, ctypes.c_int, u8p, f64p]
        L.choose_plays.argtypes = [vp, u8p, i32p, ctypes.c_int, ctypes.c_int, ctypes.c_double, u8p]
        L.bearoff_load.argtypes = [ctypes.c_int, ctypes.c_int, u8p, u8p, u8p, u8p, i32p, f64p, ctypes.c_int]
        L.bearoff_outputs.argtypes = [u8p, f64p]
        L.bearoff_outputs.restype = ctypes.c_int
        L.play_pairs.argtypes = [vp, vp, ctypes.c_int, ctypes.c_uint64, i32p, f64p, f64p, i32p]
        L.selfplay_positions.argtypes = [vp, ctypes.c_int, ctypes.c_uint64, f64p, ctypes.c_int, u8p, ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_int)]
        L.selfplay_positions.restype = ctypes.c_int
        L.rollout_many.argtypes = [vp, u8p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_uint64, f64p]
        L.vr_games.argtypes = [vp, ctypes.c_int, ctypes.c_uint64, u8p, ctypes.c_int, f64p, ctypes.c_int,
                               ctypes.c_int, ctypes.c_double, ctypes.c_int, u8p, f64p, ctypes.c_int,
                               ctypes.POINTER(ctypes.c_int)]
        L.vr_games.restype = ctypes.c_int
        L.is_race.argtypes = [u8p]
        L.winner_kind.argtypes = [u8p]
        _LIB = L
        load_bearoff()
    return _LIB


def load_bearoff() -> bool:
    """Give the C core ``bot.bearoff``'s table (the shipped file, checked against its hash). False, and the
    networks for pure bear-offs too, when the table cannot be loaded."""
    from bot import bearoff
    t = bearoff.table()
    if t is None:
        return False
    n = len(t.off_start)
    lib().bearoff_load(t.max_checkers, n, np.frombuffer(t.off_start, dtype=np.uint8).copy(),
                       np.frombuffer(t.off_len, dtype=np.uint8).copy(),
                       np.frombuffer(t.first_start, dtype=np.uint8).copy(),
                       np.frombuffer(t.first_len, dtype=np.uint8).copy(),
                       np.array(t.offsets, dtype=np.int32), np.array(t.probs, dtype=np.float64) / bearoff.SCALE,
                       len(t.probs))
    return True


def as_rows(boards) -> np.ndarray:
    """(N, 52) uint8 rows from an array or from ``(mine, theirs)`` pairs."""
    if isinstance(boards, np.ndarray):
        return np.ascontiguousarray(boards, dtype=np.uint8).reshape(-1, 52)
    return np.array([list(m) + list(t) for m, t in boards], dtype=np.uint8).reshape(-1, 52)


def as_board(row) -> tuple[tuple[int, ...], tuple[int, ...]]:
    r = [int(v) for v in row]
    return tuple(r[:26]), tuple(r[26:])


def results(board, d1: int, d2: int) -> list:
    """``rules.movegen.result_boards`` from the C core (a list of pairs; another order)."""
    out = np.empty((4096, 52), dtype=np.uint8)
    n = lib().gen_results(as_rows([board])[0], d1, d2, out, 4096)
    return [as_board(r) for r in out[:n]]


def encode(boards) -> np.ndarray:
    """``bot.features.encode`` of each board, (N, 228)."""
    rows = as_rows(boards)
    x = np.empty((len(rows), N_INPUTS))
    lib().encode_many(rows, len(rows), x)
    return x


def bearoff_outputs(board) -> Optional[np.ndarray]:
    o = np.empty(5)
    return o if lib().bearoff_outputs(as_rows([board])[0], o) else None


def _rows_and_dice(boards, dice) -> tuple[np.ndarray, np.ndarray]:
    """The (N, 52) rows and (N, 2) int32 dice the C core's per-move calls take."""
    return as_rows(boards), np.ascontiguousarray(np.array(dice, dtype=np.int32).reshape(-1, 2))


class Engine:
    """One pair of networks (contact, race) in the C core."""

    def __init__(self, arrays: dict):
        w1 = np.asarray(arrays["contact_w1"], dtype=np.float64)
        if w1.shape[0] != N_INPUTS:
            raise ValueError(f"the C core evaluates {N_INPUTS} inputs, these networks have {w1.shape[0]}")
        self.hidden = int(w1.shape[1])
        parts = [np.ascontiguousarray(arrays[f"{net}_{k}"], dtype=np.float64)
                 for net in ("contact", "race") for k in ("w1", "b1", "w2", "b2")]
        self._parts = parts
        self._ptr = lib().eval_new(self.hidden, *parts)
        if not self._ptr:
            raise ValueError(f"hidden size {self.hidden} is not supported")

    def __del__(self):
        if getattr(self, "_ptr", None) and _LIB is not None:
            _LIB.eval_free(self._ptr)
            self._ptr = None

    @classmethod
    def from_evaluator(cls, ev) -> "Engine":
        """From a ``train_bot.Evaluator`` (a checkpoint's or a weights file's networks)."""
        return cls({f"{name}_{k}": getattr(getattr(ev, name), k)
                    for name in ("contact", "race") for k in ("w1", "b1", "w2", "b2")})

    @classmethod
    def from_weights(cls, path) -> "Engine":
        from tools.bot import bot_batch
        return cls(bot_batch.weight_arrays(__import__("json").loads(Path(path).read_bytes())))

    @classmethod
    def from_checkpoint(cls, path) -> "Engine":
        d = np.load(path)
        return cls({k: d[k] for k in d.files if k.startswith(("contact_", "race_"))})

    def net_outputs(self, boards) -> np.ndarray:
        rows = as_rows(boards)
        out = np.empty((len(rows), 5))
        lib().net_outputs(self._ptr, rows, len(rows), out)
        return out

    def evaluate(self, boards, plies: int = 0) -> np.ndarray:
        """Outputs for the side on roll of each board: 0-ply (the bear-off table where exact, else the
        networks), 1-ply (``bot.play.evaluate_1ply_board``) or 2-ply (``BatchSearch.evaluate_2ply_board``)."""
        if plies not in (0, 1, 2):
            raise ValueError("plies is 0, 1 or 2")
        rows = as_rows(boards)
        out = np.empty((len(rows), 5))
        lib().evaluate_many(self._ptr, rows, len(rows), plies, out)
        return out

    def best_plays(self, boards, dice: Sequence[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
        """The best 0-ply play of each (board, dice): result rows (not turned round), the mover's outputs."""
        rows, d = _rows_and_dice(boards, dice)
        best = np.empty_like(rows)
        out = np.empty((len(rows), 5))
        lib().best_plays(self._ptr, rows, d, len(rows), best, out)
        return best, out

    def choose(self, boards, dice: Sequence[tuple[int, int]], cands: int = 1, margin: float = 0.0) -> np.ndarray:
        """The play of each (board, dice) as ``play_pairs`` chooses it: result rows (not turned round). cands 1:
        the 0-ply's best; more: the 1-ply look on that many plays within ``margin`` (strong's filter)."""
        rows, d = _rows_and_dice(boards, dice)
        best = np.empty_like(rows)
        lib().choose_plays(self._ptr, rows, d, len(rows), cands, margin, best)
        return best

    def play_pairs(self, other: "Engine", pairs: int, seed: int, cands=(1, 1), margin=(0.0, 0.0),
                   noise=(0.0, 0.0)) -> np.ndarray:
        """Cubeless game pairs against ``other`` (pair i on the dice of seed + i, each side starting once):
        this engine's points per game, shape (pairs, 2). ``cands``/``margin`` per side: 1 plays the 0-ply
        choice, more looks at that many plays within ``margin`` at 1-ply; ``noise``: equity sigma at 0-ply."""
        pts = np.zeros(2 * pairs, dtype=np.int32)
        lib().play_pairs(self._ptr, other._ptr, pairs, seed, np.array(cands, dtype=np.int32),
                         np.array(margin, dtype=np.float64), np.array(noise, dtype=np.float64), pts)
        return pts.reshape(pairs, 2)

    def selfplay_positions(self, games: int, seed: int, noises=(0.0, 0.0, 0.05, 0.1),
                           cap: int = 1_000_000) -> np.ndarray:
        """Positions before each roll of ``games`` noisy 0-ply self-play games (pure bear-offs skipped)."""
        out = np.empty((cap, 52), dtype=np.uint8)
        done = ctypes.c_int(0)
        n = lib().selfplay_positions(self._ptr, games, seed, np.array(noises, dtype=np.float64), len(noises),
                                     out, cap, ctypes.byref(done))
        return out[:n].copy()

    def rollouts(self, boards, trials: int = 36, horizon: int = 0, vr: bool = True, seed: int = 1) -> np.ndarray:
        """Rollouts at 0-ply of each board (side on roll, before rolling); see ``core.c``'s rollout_many."""
        rows = as_rows(boards)
        out = np.empty((len(rows), 5))
        lib().rollout_many(self._ptr, rows, len(rows), trials, horizon, int(vr), seed, out)
        return out

    def vr_games(self, games: int, seed: int, starts=None, noises=(0.05, 0.1, 0.2), max_noisy: int = 40,
                 lam: float = 1.0, cands: int = 1, cap: int = 2_000_000) -> tuple[np.ndarray, np.ndarray]:
        """Positions of self-play games, each with a one-trial rollout target from the game itself (the
        outcome less the luck of every later roll; see ``core.c``'s ``vr_games``): boards (N, 52) and
        targets (N, 5). Each game plays its first k plies (k from 0 to ``max_noisy``) with equity noise of
        a sigma from ``noises``, then greedily to the end; ``starts``: the boards games start from (the
        start of a game by default); ``lam`` < 1 weights the rest of the game by it (0: the 1-ply);
        ``cands`` > 1: the games follow the 1-ply look on that many plays within 0.08 (strong's choice)
        instead of the 0-ply."""
        starts_rows = as_rows([START] if starts is None else starts)
        out = np.empty((cap, 52), dtype=np.uint8)
        tg = np.empty((cap, 5))
        done = ctypes.c_int(0)
        n = lib().vr_games(self._ptr, games, seed, starts_rows, len(starts_rows),
                           np.array(noises, dtype=np.float64), len(noises), max_noisy, lam, cands, out, tg, cap,
                           ctypes.byref(done))
        return out[:n].copy(), tg[:n].copy()


START = (tuple([0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]),) * 2


def ppg(pts: np.ndarray) -> tuple[float, float]:
    """Mean points per game and the 95% half-interval from the pair sums."""
    pair = pts.reshape(len(pts), -1).mean(axis=1)
    return float(pair.mean()), float(1.96 * pair.std(ddof=1) / np.sqrt(len(pair)))
