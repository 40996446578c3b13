"""Exact one-sided bear-off table: rolls to bear off, and rolls to bear off the first checker.

A *one-sided* position is one side's checkers on its home points 1..6 (the rest borne off). The shipped
table holds every position of at most 11 checkers (12,376 positions, 216 KB; ``--max-checkers 15`` of the
generator makes all 54,264, 1.1 MB). For each, ``tools/bot/make_bearoff.py`` computed (moves chosen to
minimise the expected number of rolls) the distribution of the number of rolls needed to bear them all off, and, for positions with
all 15 checkers still on the board, of the number of rolls needed to bear off the first one (moves chosen to
minimise that). With both sides in such a position (a *pure bear-off*: no contact, every checker home or
off) and both within the table, the cubeless outputs for the side on roll are exact given those distributions:

* it wins when it needs no more rolls than the other side (it rolls first): P = sum_n A(n) * P(B >= n);
* it wins a gammon when the other side has none off and it finishes no later than the other side's first
  checker: sum_n A(n) * P(F_B >= n); it loses a gammon when it has none off and the other side finishes
  before its first checker: sum_n B(n) * P(F_A > n); no backgammon is possible.

The table (``web/assets/bot/bearoff.bin``, see :func:`parse` for the format; or ``bearoff.bin`` beside this
module, or bytes given to :func:`load`) is loaded lazily on first use (about 2 ms in CPython) and
checked against ``bot.bearoff_sha256.BEAROFF_SHA256``. (With at most 11 checkers, both sides of a table
position have borne off 4 or more, so the gammon terms are 0 there; they apply to a 15-checker table.) When it is missing or does not match, the bot
falls back to its network (``outputs`` returns None) and :data:`LOAD_ERROR` says why.
"""
from __future__ import annotations

import hashlib
from array import array
from pathlib import Path
from typing import Optional, Sequence

from .network import Outputs

POINTS = 6
MAX_CHECKERS = 15
DEFAULT_PATH = Path(__file__).resolve().parent.parent.parent / "assets" / "bot" / "bearoff.bin"
BUNDLED_PATH = Path(__file__).resolve().parent / "bearoff.bin"
"""Where a site bundle may put the table (beside this module), tried when DEFAULT_PATH does not exist."""
MAGIC = b"GBO1"
SCALE = 65535


class BearoffError(ValueError):
    """The bear-off table is missing, malformed, or does not match its recorded SHA-256."""


def _comb(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


# _SKIP[i][rem][c]: how many positions precede, in the table's order, those with c checkers on point i + 1
# when at most rem checkers are still to place on points i + 1..6 (= the positions of points i + 2..6 with at
# most rem, rem - 1, ..., rem - c + 1 checkers).
_SKIP: list[list[list[int]]] = []
for _i in range(POINTS):
    _m = POINTS - _i - 1  # points after this one
    _rows = []
    for _rem in range(MAX_CHECKERS + 1):
        acc, row = 0, [0]
        for _c in range(_rem):
            acc += _comb(_rem - _c + _m, _m)
            row.append(acc)
        _rows.append(row)
    _SKIP.append(_rows)


def n_positions(max_checkers: int = MAX_CHECKERS) -> int:
    """One-sided positions with at most ``max_checkers`` checkers on the 6 points (54,264 for 15)."""
    return _comb(max_checkers + POINTS, POINTS)


def index(points: Sequence[int], max_checkers: int = MAX_CHECKERS) -> int:
    """Rank of a one-sided position ``points[0..5]`` = checkers on points 1..6 (total <= ``max_checkers``)
    among all such positions, 0-based. The order is lexicographic in (point 1, ..., point 6); index 0 is the
    empty (finished) side."""
    rem = max_checkers
    r = 0
    for i in range(POINTS):
        c = points[i]
        r += _SKIP[i][rem][c]
        rem -= c
    return r


def all_positions(max_checkers: int = MAX_CHECKERS) -> list[tuple[int, ...]]:
    """Every one-sided position with at most ``max_checkers`` checkers, in index order."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], rem: int) -> None:
        if len(prefix) == POINTS:
            out.append(prefix)
            return
        for c in range(rem + 1):
            rec(prefix + (c,), rem - c)
    rec((), max_checkers)
    return out


class Table:
    """The parsed table: per position, the start and probabilities of its two distributions."""

    def __init__(self, max_checkers: int, off_start: array, off_len: array, first_start: array,
                 first_len: array, offsets: array, probs: array):
        self.max_checkers = max_checkers
        self.off_start, self.off_len = off_start, off_len
        self.first_start, self.first_len = first_start, first_len
        self.offsets, self.probs = offsets, probs

    def _dist(self, idx: int, first: bool) -> tuple[int, list[float]]:
        o = self.offsets[idx]
        if first:
            o += self.off_len[idx]
            start, n = self.first_start[idx], self.first_len[idx]
        else:
            start, n = self.off_start[idx], self.off_len[idx]
        return start, [v / SCALE for v in self.probs[o:o + n]]

    def rolls_off(self, points: Sequence[int]) -> tuple[int, list[float]]:
        """(n0, [P(n0), P(n0 + 1), ...]): the distribution of the rolls needed to bear off every checker."""
        return self._dist(index(points, self.max_checkers), False)

    def rolls_first(self, points: Sequence[int]) -> tuple[int, list[float]]:
        """The same for bearing off the first checker (only for positions with all 15 checkers on the board;
        (0, [1.0]) otherwise: one is already off)."""
        if sum(points) < MAX_CHECKERS:
            return 0, [1.0]
        return self._dist(index(points, self.max_checkers), True)

    def expected_rolls(self, points: Sequence[int]) -> float:
        start, ps = self.rolls_off(points)
        return sum((start + i) * p for i, p in enumerate(ps)) / (sum(ps) or 1.0)


def parse(data: bytes, expected_sha256: Optional[str]) -> Table:
    """Parse the table file.

    Format: ``GBO1``, one byte: the most checkers a position holds (N <= 15), then for each position of at
    most N checkers (:func:`index` order) four bytes (start and length of the all-off
    distribution, start and length of the first-off distribution; lengths may be 0), then all the
    probabilities as little-endian uint16 (value / 65535), position by position, all-off first."""
    if expected_sha256 is not None:
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected_sha256:
            raise BearoffError(f"bear-off table SHA-256 {digest} does not match the expected {expected_sha256}")
    if data[:len(MAGIC)] != MAGIC or len(data) < len(MAGIC) + 1 or not 1 <= data[len(MAGIC)] <= MAX_CHECKERS:
        raise BearoffError("not a GBO1 bear-off table")
    max_checkers = data[len(MAGIC)]
    n = n_positions(max_checkers)
    head = len(MAGIC) + 1 + 4 * n
    if len(data) < head or (len(data) - head) % 2:
        raise BearoffError("the bear-off table is truncated")
    meta = data[len(MAGIC) + 1:head]
    off_start, off_len = array("B", meta[0::4]), array("B", meta[1::4])
    first_start, first_len = array("B", meta[2::4]), array("B", meta[3::4])
    offsets = array("l", [0]) * (n + 1)
    o = 0
    for i in range(n):
        offsets[i] = o
        o += off_len[i] + first_len[i]
    offsets[n] = o
    probs = array("H")
    probs.frombytes(data[head:])
    import sys
    if sys.byteorder == "big":
        probs.byteswap()
    if len(probs) != o:
        raise BearoffError(f"bear-off table holds {len(probs)} probabilities, its index needs {o}")
    return Table(max_checkers, off_start, off_len, first_start, first_len, offsets, probs)


_TABLE: Optional[Table] = None
_LOADED: Optional[tuple] = None  # (SHA-256 of the table's bytes, the SHA-256 it was checked against)
LOAD_ERROR: Optional[str] = None
_TRIED = False


def load(data: Optional[bytes] = None, path: Optional[Path] = None,
         expected_sha256: Optional[str] = None) -> Table:
    """Load (or replace) the table, checked against its recorded SHA-256. Raises :class:`BearoffError`. The very
    table loaded already is not parsed again."""
    global _TABLE, LOAD_ERROR, _TRIED
    if expected_sha256 is None:
        try:
            from .bearoff_sha256 import BEAROFF_SHA256
        except ImportError:
            raise BearoffError("no recorded SHA-256 for the bear-off table (bot/bearoff_sha256.py)") from None
        expected_sha256 = BEAROFF_SHA256
    if data is None:
        p = Path(path) if path is not None else DEFAULT_PATH
        if path is None and not p.exists() and BUNDLED_PATH.exists():
            p = BUNDLED_PATH
        try:
            data = p.read_bytes()
        except OSError as e:
            raise BearoffError(f"cannot read the bear-off table {p}: {e}") from None
    global _LOADED
    key = (hashlib.sha256(data).hexdigest(), expected_sha256)
    if _TABLE is not None and _LOADED == key:  # the same table again (as after a memory snapshot): kept
        return _TABLE
    t = parse(data, expected_sha256)
    _TABLE, LOAD_ERROR, _TRIED, _LOADED = t, None, True, key
    return t


def table() -> Optional[Table]:
    """The table, loading it on first use; None (and :data:`LOAD_ERROR` set) when it cannot be loaded."""
    global _TRIED, LOAD_ERROR
    if _TABLE is None and not _TRIED:
        _TRIED = True
        try:
            load()
        except BearoffError as e:
            LOAD_ERROR = str(e)
    return _TABLE


def is_pure_bearoff(board) -> bool:
    """True when every checker of both sides is on its home points 1..6 or borne off."""
    mine, theirs = board
    return not any(mine[7:]) and not any(theirs[7:])


def outputs(board) -> Optional[tuple[float, float, float, float, float]]:
    """Exact cubeless outputs for the side on roll of a pure bear-off ``board`` (see the module doc), or
    None when the board is not one (or the table is unavailable). Neither side may have finished."""
    mine, theirs = board
    if any(mine[7:]) or any(theirs[7:]):
        return None
    t = table()
    if t is None or mine[0] < 15 - t.max_checkers or theirs[0] < 15 - t.max_checkers:
        return None
    a_pts, b_pts = mine[1:7], theirs[1:7]
    a0, a = t.rolls_off(a_pts)
    b0, b = t.rolls_off(b_pts)
    # P(B >= n) for each n: tail sums of B.
    def tail(start: int, ps: list[float], n: int) -> float:
        if n <= start:
            return 1.0
        return sum(ps[n - start:])
    win = sum(p * tail(b0, b, a0 + i) for i, p in enumerate(a))
    gw = gl = 0.0
    if theirs[0] == 0:
        f0, f = t.rolls_first(b_pts)
        gw = sum(p * tail(f0, f, a0 + i) for i, p in enumerate(a))
    if mine[0] == 0:
        f0, f = t.rolls_first(a_pts)
        gl = sum(p * tail(f0, f, b0 + i + 1) for i, p in enumerate(b))
    win = min(max(win, 0.0), 1.0)
    return Outputs(win, min(gw, win), 0.0, min(gl, 1.0 - win), 0.0)
