"""A network's first layer in fixed point: every hidden unit's pre-activation summed exactly, all units at once.

A board's first layer is the hidden biases plus one row per occupied slot plus the extra inputs' rows (see
``bot.network``). Here each row is rounded to a multiple of ``2 ** -frac`` and kept as one Python integer whose
8-byte lanes hold the units, ``sum(lane_j << 64 * j)``; adding or subtracting two rows is then one integer
operation (done in C over all 256 units), exact, in any order. The lanes of a sum are read back as floats without a
loop: a lane holding ``MAGIC + v`` (|v| < 2 ** 51) is, as the bits of a double, exactly ``1.5 * 2 ** 52 + v``, so
the bytes of the sum read as an ``array('d')`` give each unit by one subtraction and one scaling by a power of
two, both exact. The first layer of a board is its starting board's (``base``, from scratch, a subtraction per
occupied slot) less a row per changed slot and the extra inputs' two rows (``Network.fused_extras``), then 256
sigmoid denominators ``1 + exp(-a)`` in one list comprehension: about half the work of the float path
(``Network.denominators_of``), which adds the float rows one by one.

The floats differ from the float path's in the last bits; :attr:`FixedLayer.logit_error` bounds how much an
output unit's pre-activation may differ from the float path's (and from ``Network.evaluate``'s), and
:attr:`FixedLayer.equity_error` a cubeless equity (both computed from the weights, see :meth:`FixedLayer._bounds`).
``bot.play.best_0ply`` takes the fixed-point choice only when the best result is ahead of every other by more than
twice that bound, so it is the play the float ranking (``bot.play.rank_0ply``) puts first; otherwise it ranks
in floats. Only networks with version 4 inputs (the shipped kind) have one; on a big-endian machine none.
"""
from __future__ import annotations

import math
import sys
import weakref
from array import array
from itertools import compress
from math import exp
from operator import ne, truediv
from typing import TYPE_CHECKING, Optional

from . import features
from .network import _SIG_FLOOR
from rules.board import Board

if TYPE_CHECKING:
    from .network import Network

_HALF_BIG = 6755399441055744.0  # 1.5 * 2 ** 52: its double's bits are MAGIC; each integer up to 2 ** 51 off exact
_MAGIC = 0x4338000000000000
_SLOTS = range(26)
_ULP = 2.0 ** -53  # the unit roundoff of a double
_SLACK = 1.0 + 2.0 ** -30  # an extra row's bound, allowing for the rounding of its own sum

ROWS_KEPT = 4096
"""Packed rows a layer keeps per kind (changed slots, hit statistics, per-side inputs); each store is cleared when it
holds more (2 KB a row)."""

SLOTS_PER_BOARD = 30
"""At most this many slots of a board hold checkers (15 a side), so a first layer sums at most that many slot rows."""

CHANGED_PER_PLAY = 13
"""At most this many slots change in one play: the mover's four checkers leave and reach eight, and up to four of
the opponent's blots go to its bar."""


class FixedLayer:
    """One network's rows in fixed point (packed as the module says), its denominators function and its error bounds."""

    def __init__(self, net: "Network"):
        self.net = net
        hidden = net.hidden
        # Every pre-activation (and every partial sum of the float path) is within ``bound`` of zero: the bias, one row
        # per slot at most, each extra input at most 1 (shares and normalised counts)
        bound = [abs(b) for b in net.b1]
        for per_n in net.tables:
            for j in range(hidden):
                bound[j] += max(abs(r[j]) for r in per_n)
        self._extras_bound = [sum(abs(r[j]) for r in net.extra_rows) for j in range(hidden)]
        bound = [b + e for b, e in zip(bound, self._extras_bound)]
        self.span = math.frexp(max(bound))[1]  # every |pre-activation| < 2 ** span
        self.frac = 50 - self.span  # |lane| < 2 ** 50: half the room the reading needs
        self._scale = 2.0 ** self.frac
        self._nbytes = 8 * hidden
        self._magic = int.from_bytes(array("q", [_MAGIC] * hidden).tobytes(), "little")
        self.neg_b1 = self._magic + self.pack([-x for x in net.b1])
        self._rows: dict[int, int] = {}    # slot << 4 | count -> that slot's packed table row
        self._diffs: dict[int, int] = {}   # slot << 8 | old << 4 | new -> the new count's row less the old's
        self._hits: dict[tuple, int] = {}  # both sides' hit counts -> the hit statistics' packed row
        self._sides: dict[tuple, int] = {}  # the per-side inputs -> their packed row
        src = (f"def f(a):\n    return [1.0 + exp((x - {_HALF_BIG!r}) * {2.0 ** -self.frac!r}) for x in a]\n")
        ns: dict = {"exp": exp}
        exec(compile(src, "<bot.fixed_layer denominators>", "exec"), ns)  # noqa: S102 (our own source text)
        self._denominators = ns["f"]
        self._bounds()

    def _bounds(self) -> None:
        """The error bounds, against the float path (or ``Network.evaluate``), each the worst case:

        - a pre-activation: each of at most ``SLOTS_PER_BOARD`` + 3 rounded rows (the bias, the slots, the two extra
          rows) is off by at most half a step ``2 ** -frac``; the float path rounds each of at most 64 additions and
          subtractions (a from-scratch sum, a row per changed slot and its subtraction, the extra rows), each by at
          most ``_ULP`` times a partial sum, each below ``2 ** span``;
        - an output's pre-activation (``logit_error``): the sigmoid's slope is at most 1/4, so each hidden unit moves
          by at most a quarter of that, times the unit's output weight; plus each path's rounding of its denominators,
          quotients and sum (at most hidden + 5 roundings of at most the sum of the weights' magnitudes);
        - an output (``win_error``): at most a quarter of that and its own rounding; min() (the gammons' clamps) adds
          nothing;
        - an equity (``equity_error``): six outputs' worth (a winning chance counts twice), and its own rounding."""
        net = self.net
        pre = (SLOTS_PER_BOARD + 3) * 2.0 ** (-self.frac - 1) + 64 * _ULP * 2.0 ** self.span
        self.pre_error = pre
        self.logit_error = max(sum(map(abs, w)) * (pre / 4 + 2 * (net.hidden + 5) * _ULP) + 4 * _ULP * abs(b)
                               for w, b in zip(net.w2, net.b2))
        self.win_error = self.logit_error / 4 + 8 * _ULP  # an output's
        self.equity_error = 6 * self.win_error + 64 * _ULP

    def pack(self, row) -> int:
        """``row`` (floats) as lanes, each rounded to the nearest step (adding 1.5 * 2 ** 52 rounds the scaled value to
        an integer, as the bits of the double hold it)."""
        scale = self._scale
        return int.from_bytes(array("d", [v * scale + _HALF_BIG for v in row]).tobytes(), "little") - self._magic

    def _row(self, slot: int, n: int) -> int:
        key = slot << 4 | n
        row = self._rows.get(key)
        if row is None:
            rows = self._rows
            if len(rows) >= ROWS_KEPT:
                rows.clear()
            row = rows[key] = self.pack(self.net.tables[slot][n])
        return row

    def _diff(self, key: int, slot: int, old: int, new: int) -> int:
        diffs = self._diffs
        if len(diffs) >= ROWS_KEPT:
            diffs.clear()
        row = diffs[key] = (self._row(slot, new) if new else 0) - (self._row(slot, old) if old else 0)
        return row

    def base(self, board: Board) -> int:
        """``board``'s slot pre-activations negated, ``-(b1 + the occupied slots' rows)``, with the reading's offset."""
        s = self.neg_b1
        rows, row = self._rows, self._row
        for p in compress(_SLOTS, board[0]):
            n = board[0][p]
            s -= rows.get(p << 4 | n) or row(p, n)
        for p in compress(_SLOTS, board[1]):
            n = board[1][p]
            s -= rows.get((26 + p) << 4 | n) or row(26 + p, n)
        return s

    def _extra(self, store: dict, key: tuple, row) -> int:
        """``row`` (an extra inputs' row) packed and kept by ``key``; ``OverflowError`` when it is larger than extra
        inputs of at most 1 give (then the lanes could overflow: the caller takes the float path)."""
        if any(abs(v) > b * _SLACK for v, b in zip(row, self._extras_bound)):
            raise OverflowError("an extra inputs' row beyond its bound")
        if len(store) >= ROWS_KEPT:
            store.clear()
        packed = store[key] = self.pack(row) if len(row) else 0
        return packed

    def extras(self, board: Board) -> int:
        """The extra inputs' packed rows summed: the hit statistics' and the per-side inputs' (``Network.fused_extras``'
        two rows, each packed once and kept by the same key)."""
        net = self.net
        mine, theirs = board
        summaries, hit_cache = features._SUMMARIES, features._HITS  # their caches, looked up inline first
        sm = summaries.get(mine) or features.summary(mine)
        st = summaries.get(theirs) or features.summary(theirs)
        key = (hit_cache.get((sm[0], st[2])) or features.hit_counts_of(sm[0], st[2]),
               hit_cache.get((st[0], sm[2])) or features.hit_counts_of(st[0], sm[2]))
        out = self._hits.get(key)
        if out is None:
            out = self._extra(self._hits, key, net._fused_cache.get(key) or net._fused_hits(key))
        if net._sides_used:
            sides = features.side_extras_of(mine, sm, st) + features.side_extras_of(theirs, st, sm)
            row = self._sides.get(sides)
            out += row if row is not None else self._extra(self._sides, sides, net._side_row(sides))
        return out

    def win_chance(self, board: Board) -> float:
        """``Network.evaluate(board)``'s first output, the side on roll's winning chance, within :attr:`win_error`
        (``OverflowError``: a unit beyond the fixed point's range)."""
        net = self.net
        a = net.b2[0] + sum(map(truediv, net.w2[0], self.denominators(self.base(board) - self.extras(board))))
        return 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR

    def denominators(self, neg_pre: int) -> list[float]:
        """The sigmoid denominators ``1 + exp(-a)`` of the negated pre-activations ``neg_pre`` (as :meth:`base`
        gives, rows subtracted); ``OverflowError`` for a unit far below -700 (then the float path)."""
        return self._denominators(array("d", neg_pre.to_bytes(self._nbytes, "little")))

    def win_looks(self, base: Board, idx: list[int], boards: list[Board], looks: list) -> None:
        """Append ``(win, i, board, denominators, w2, b2)`` for each board (and its index ``i``) reached from ``base``:
        the side on roll's winning chance, the sigmoid denominators of its hidden units (the network's weights with
        them, for the other outputs). ``OverflowError`` when a board cannot be done in fixed point."""
        net = self.net
        neg = self.base(base)
        w2, b2 = net.w2, net.b2
        w20, b20 = w2[0], b2[0]
        base0, base1 = base
        diffs, diff, extras = self._diffs, self._diff, self.extras
        nbytes, denominators = self._nbytes, self._denominators
        for i, sb in zip(idx, boards):
            s0, s1 = sb
            s = neg
            if s0 != base0:  # the opponent's checkers hit
                for p in compress(_SLOTS, map(ne, s0, base0)):
                    o, n = base0[p], s0[p]
                    key = p << 8 | o << 4 | n
                    s -= diffs.get(key) or diff(key, p, o, n)
            for p in compress(_SLOTS, map(ne, s1, base1)):
                o, n = base1[p], s1[p]
                key = (26 + p) << 8 | o << 4 | n
                s -= diffs.get(key) or diff(key, 26 + p, o, n)
            s -= extras(sb)
            d = denominators(array("d", s.to_bytes(nbytes, "little")))
            a = b20 + sum(map(truediv, w20, d))
            looks.append((1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR, i, sb, d, w2, b2))


_LAYERS: "weakref.WeakKeyDictionary[Network, Optional[FixedLayer]]" = weakref.WeakKeyDictionary()


def of(net: "Network") -> Optional[FixedLayer]:
    """``net``'s fixed-point layer (built at first use, kept), or None: not a network with version 4 inputs, or a
    big-endian machine (the lanes are read as little-endian doubles)."""
    try:
        return _LAYERS[net]
    except KeyError:
        pass
    usable = sys.byteorder == "little" and len(net.extra_rows) > features.N_V3 - features.N_BASE and net.w2 \
        and len(net.w2) == 5 and not net.relu
    layer = _LAYERS[net] = FixedLayer(net) if usable else None
    return layer


def win_chance(net: "Network", board: Board) -> float:
    """``net.evaluate(board)``'s first output, within :func:`win_error` of it: by the fixed-point layer when ``net`` has
    one and ``board`` is in its range, else ``Network.win_chance``."""
    layer = of(net)
    if layer is not None:
        try:
            return layer.win_chance(board)
        except OverflowError:
            pass
    return net.win_chance(board)


def win_error(net: "Network") -> float:
    """How far :func:`win_chance` may be from ``net.evaluate``'s first output: the fixed-point layer's bound, or
    ``Network.win_chance``'s 1e-12."""
    layer = of(net)
    return max(layer.win_error, 1e-12) if layer is not None else 1e-12
