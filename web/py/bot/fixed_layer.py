"""A network's first layer in fixed point: every hidden unit's pre-activation summed exactly, all units at once.

A board's first layer is the hidden biases plus one row per occupied slot plus one row per extra input, the input's
value times its weights (see ``bot.network``). Here each such row is rounded to multiples of ``2 ** -frac`` and kept
as one Python integer whose 8-byte lanes hold the units, ``sum(lane_j << 64 * j)``; adding or subtracting two rows
is one integer operation, done in C over all 256 units, exact and in any order. The lanes of a sum are read back as
floats without a loop: a lane holding ``OFFSET + v`` (|v| < 2 ** 51) is, as the bits of a double, exactly
``1.5 * 2 ** (52 - frac) + v * 2 ** -frac``, so the bytes of the sum read as an ``array('d')`` give each unit by one
exact subtraction. A board's first layer is its starting board's (from scratch, a subtraction per occupied slot)
less a row per changed slot (kept per slot and pair of counts) and the extra inputs' rows (kept per input and
value, and their sums per board's hit counts and per-side inputs), then 256 sigmoid denominators ``1 + exp(-a)`` in
one list comprehension: about half the work of the float path (``Network.denominators_of``), which adds float rows
one by one, and an extra inputs' row not seen before costs a few integer additions instead of a sum of rows.

The floats differ from the float path's in the last bits; the bounds :meth:`FixedLayer._bounds` computes from the
weights say how much at most. ``bot.play.best_0ply`` takes the fixed-point choice only when the best result is ahead
of every other by more than twice :attr:`FixedLayer.equity_error`, so it is the play the float ranking
(``bot.play.rank_0ply``) puts first; otherwise it ranks in floats. Only networks with version 4 inputs (the shipped
kind) have a fixed-point layer; on a big-endian machine none does.
"""
from __future__ import annotations

import math
import sys
from array import array
from itertools import compress
from math import exp
from operator import add, ne, truediv
from typing import TYPE_CHECKING, Optional

from . import features
from .network import _SIG_FLOOR
from rules.board import Board

if TYPE_CHECKING:
    from .network import Network

_ROUNDER = 6755399441055744.0  # 1.5 * 2 ** 52: adding it rounds a double below 2 ** 51 to an integer, in its bits
_ULP = 2.0 ** -53  # the unit roundoff of a double
_SLOTS = range(26)

ROWS_KEPT = 1024
"""Packed rows a layer keeps per kind (changed slots, extra inputs' sums); each store is cleared when it holds more
(2 KB a row)."""

def keep(store: dict, key, row, limit: Optional[int] = None):
    """``row`` kept in ``store`` under ``key`` (a store holding ``limit`` rows, by default ``ROWS_KEPT``, is cleared
    first); returned."""
    if len(store) >= (ROWS_KEPT if limit is None else limit):
        store.clear()
    store[key] = row
    return row


SLOTS_PER_BOARD = 30
"""At most this many slots of a board hold checkers (15 a side): a first layer sums at most that many slot rows."""


class FixedLayer:
    """One network's rows in fixed point (packed as the module says), its denominators function and its error
    bounds."""

    def __init__(self, net: "Network"):
        self.net = net
        hidden = net.hidden
        # Every pre-activation, and every partial sum of the float path, is below ``bound`` in magnitude: the bias, a
        # row per slot at most, each extra input between 0 and 1 (shares and normalised counts, checked as packed)
        bound = list(map(abs, net.b1))
        for per_n in net.tables:  # per unit, the largest of the slot's rows
            bound = list(map(add, bound, map(max, *[map(abs, r) for r in per_n])))
        for r in net.extra_rows:
            bound = list(map(add, bound, map(abs, r)))
        self.span = math.frexp(max(bound))[1]  # every |pre-activation| < 2 ** span
        self.frac = 50 - self.span  # |lane| < 2 ** 50: half the room the reading has
        self._scale = 2.0 ** self.frac
        self._nbytes = 8 * hidden
        self._rounder = self._lanes(array("d", [_ROUNDER] * hidden))
        reader = 1.5 * 2.0 ** (52 - self.frac)  # a lane's double less it: the lane's integer times 2 ** -frac
        self.neg_b1 = self._lanes(array("d", [reader] * hidden)) + self.pack([-x for x in net.b1])
        self._rows: dict[int, int] = {}    # slot << 4 | count -> that slot's packed table row
        self._diffs: dict[int, int] = {}   # slot << 8 | old << 4 | new -> the new count's row less the old's
        self._inputs: list[dict[float, int]] = [{} for _ in net.extra_rows]  # per extra input: value -> its row
        self._hits: dict[tuple, int] = {}  # both sides' hit counts -> the hit statistics' rows summed
        self._sides: dict[tuple, int] = {}  # the per-side inputs' values -> their rows summed
        k = features.N_V3 - features.N_BASE
        # the hit statistics' inputs in Network._hit_vectors' order: (extra row, divisor), the side on roll's count
        # first, then the other side's
        self._hit_inputs = ((0, 36.0), (k, 36.0), (k + 1, 864.0)), ((1, 36.0), (k + 2, 36.0), (k + 3, 864.0))
        src = f"def f(a):\n    return [1.0 + exp(x - {reader!r}) for x in a]\n"
        ns: dict = {"exp": exp}
        exec(compile(src, "<bot.fixed_layer denominators>", "exec"), ns)  # noqa: S102 (our own source text)
        self._denominators = ns["f"]
        src = f"def f(a):\n    return [1.0 / (1.0 + exp(x - {reader!r})) for x in a]\n"
        exec(compile(src, "<bot.fixed_layer hidden>", "exec"), ns)  # noqa: S102 (our own source text)
        self._hidden = ns["f"]
        self._bounds()

    def _bounds(self) -> None:
        """The error bounds against the float path (or ``Network.evaluate``), each the worst case:

        - a pre-activation (``pre_error``): each of at most ``SLOTS_PER_BOARD`` + 19 rounded rows (the bias, the slots,
          the 18 extra inputs) is off by at most half a step ``2 ** -frac``; the float path rounds each of at most 128
          operations (a from-scratch sum, a row per changed slot and its subtraction, the extra inputs' products and
          sums), each by at most ``_ULP`` times a value below ``2 ** span``;
        - an output's pre-activation (``logit_error``): a sigmoid's slope is at most 1/4, so a hidden unit moves by at
          most a quarter of that, times the unit's output weight; plus each path's rounding of its denominators,
          quotients and sum (at most hidden + 5 roundings of at most the weights' magnitudes summed);
        - an output (``win_error``): at most a quarter of that and its own rounding; min() (the gammons' clamps) adds
          nothing;
        - a cubeless equity (``equity_error``): six outputs' worth (a winning chance counts twice), and its own
          rounding."""
        net = self.net
        pre = (SLOTS_PER_BOARD + 19) * 2.0 ** (-self.frac - 1) + 128 * _ULP * 2.0 ** self.span
        self.pre_error = pre
        self.logit_error = max(sum(map(abs, w)) * (pre / 4 + 2 * (net.hidden + 5) * _ULP) + 4 * _ULP * abs(b)
                               for w, b in zip(net.w2, net.b2))
        self.win_error = self.logit_error / 4 + 8 * _ULP
        self.equity_error = 6 * self.win_error + 64 * _ULP

    def _lanes(self, doubles: array) -> int:
        return int.from_bytes(doubles.tobytes(), "little")

    def pack(self, row) -> int:
        """``row`` (floats, each below ``2 ** span`` in magnitude) as lanes, each rounded to the nearest step (adding
        1.5 * 2 ** 52 rounds the scaled value to an integer, which the double's bits then hold)."""
        scale = self._scale
        return self._lanes(array("d", [v * scale + _ROUNDER for v in row])) - self._rounder

    def _row(self, slot: int, n: int) -> int:
        return keep(self._rows, slot << 4 | n, self.pack(self.net.tables[slot][n]) if n else 0)

    def _diff(self, key: int, slot: int, old: int, new: int) -> int:
        rows = self._rows
        return keep(self._diffs, key, (rows.get(slot << 4 | new) or self._row(slot, new))
                     - (rows.get(slot << 4 | old) or self._row(slot, old)))

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

    def _input(self, k: int, value: float) -> int:
        """Extra input ``k``'s row at ``value``: the products ``value * weight`` the float path makes, packed and
        kept; ``OverflowError`` for a value outside 0..1 (beyond the bound the lanes were sized for)."""
        if not 0.0 <= value <= 1.0:
            raise OverflowError(f"extra input {k} is {value}, beyond 0..1")
        row = self._inputs[k][value] = self.pack([value * w for w in self.net.extra_rows[k]])
        return row

    def _hit_row(self, key: tuple) -> int:
        """The hit statistics' rows summed for both sides' counts ``key`` (``features.hit_counts_of`` of each side as
        the hitter), kept."""
        out = 0
        for counts, inputs in zip(key, self._hit_inputs):
            for c, (k, div) in zip(counts, inputs):
                if c:
                    v = c / div
                    out += self._inputs[k].get(v) or self._input(k, v)
        return keep(self._hits, key, out)

    def _side_row(self, values: tuple) -> int:
        """The per-side inputs' rows summed for their ``values`` (``features.side_extras_of`` of each side), kept."""
        out = 0
        for k, v in enumerate(values, 2):
            if v:
                out += self._inputs[k].get(v) or self._input(k, v)
        return keep(self._sides, values, out)

    def denominators(self, neg_pre: int) -> list[float]:
        """The sigmoid denominators ``1 + exp(-a)`` of the negated pre-activations ``neg_pre`` (as :meth:`base`
        gives, rows subtracted); ``OverflowError`` for a unit far below -700 (then the float path)."""
        return self._denominators(array("d", neg_pre.to_bytes(self._nbytes, "little")))

    def hidden_from(self, neg_base: int, base: Board, board: Board) -> list[float]:
        """``board``'s hidden units (sigmoids) from a similar ``base`` board's :meth:`base`: the changed slots' and
        the extra inputs' rows subtracted, as :meth:`win_looks` does, then ``1 / (1 + exp(-a))`` per unit (a unit
        below -40 is not floored: its value differs from ``_SIG_FLOOR`` by less than 4.3e-18). ``OverflowError``
        when the board cannot be done in fixed point. The rollout's full-network path (``bot.rollout_eval``)."""
        s = neg_base - self._changes(base, board)
        return self._hidden(array("d", s.to_bytes(self._nbytes, "little")))

    def _changes(self, base: Board, sb: Board) -> int:
        """The rows ``sb``'s negated pre-activations lose against ``base``'s: a row per changed slot, the extra
        inputs' rows."""
        diffs, diff = self._diffs, self._diff
        base0, base1 = base
        s0, s1 = sb
        s = 0
        if s0 != base0:
            for p in compress(_SLOTS, map(ne, s0, base0)):
                o, n = base0[p], s0[p]
                key = p << 8 | o << 4 | n
                s += diffs.get(key) or diff(key, p, o, n)
        for p in compress(_SLOTS, map(ne, s1, base1)):
            o, n = base1[p], s1[p]
            key = (26 + p) << 8 | o << 4 | n
            s += diffs.get(key) or diff(key, 26 + p, o, n)
        summaries, hit_cache = features._SUMMARIES, features._HITS
        sm = summaries.get(s0) or features.summary(s0)
        st = summaries.get(s1) or features.summary(s1)
        hk = (hit_cache.get((sm[0], st[2])) or features.hit_counts_of(sm[0], st[2]),
              hit_cache.get((st[0], sm[2])) or features.hit_counts_of(st[0], sm[2]))
        row = self._hits.get(hk)
        s += row if row is not None else self._hit_row(hk)
        if self.net._sides_used:
            sk = features.side_extras_of(s0, sm, st) + features.side_extras_of(s1, st, sm)
            row = self._sides.get(sk)
            s += row if row is not None else self._side_row(sk)
        return s

    def win_chance(self, board: Board) -> float:
        """``Network.evaluate(board)``'s first output, the side on roll's winning chance, within :attr:`win_error`
        (``OverflowError``: a unit beyond the fixed point's range): :meth:`win_looks` of the board from itself."""
        looks: list = []
        self.win_looks(board, [0], [board], looks)
        return looks[0][0]

    def win_looks(self, base: Board, idx: list[int], boards: list[Board], looks: list) -> None:
        """Append ``(win, i, board, denominators, w2, b2)`` for each board (and its index ``i``) reached from ``base``:
        the side on roll's winning chance, the sigmoid denominators of its hidden units (the network's weights with
        them, for the other outputs). ``OverflowError`` when a board cannot be done in fixed point."""
        net = self.net
        neg = self.base(base)
        w2, b2 = net.w2, net.b2
        w20, b20 = w2[0], b2[0]
        changes, nbytes, denominators = self._changes, self._nbytes, self._denominators
        for i, sb in zip(idx, boards):
            s = neg - changes(base, sb)
            d = denominators(array("d", s.to_bytes(nbytes, "little")))
            a = b20 + sum(map(truediv, w20, d))
            looks.append((1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR, i, sb, d, w2, b2))


def of(net: "Network") -> Optional[FixedLayer]:
    """``net``'s fixed-point layer (built at first use, kept with the network), or None: not a network with version
    4 inputs, or a big-endian machine (the lanes are read as little-endian doubles)."""
    layer = net._fixed
    if layer is False:
        usable = sys.byteorder == "little" and len(net.extra_rows) > features.N_V3 - features.N_BASE \
            and len(net.w2) == 5 and not net.relu
        layer = net._fixed = FixedLayer(net) if usable else None
    return layer  # type: ignore[return-value]


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
