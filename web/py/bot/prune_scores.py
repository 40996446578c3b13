"""The pruning network's scores of the plays of one roll, in one pass (``Network.scores_from``'s path for the
shipped kind of pruning network: max(0, x) hidden units, inputs over the slots and the hit statistics only).

The plays of a roll differ from the starting board in a few slots of the mover's side (and, when they hit, the
other side's bar and one point). Per play this finds the changed slots from the two sides' bytes as integers
(one XOR instead of a loop over 26 slots), takes each changed slot's rows and mask bits from a table by its new
and old counts, keeps the occupied and blot masks of the mover's side up to date from them
(``features.summary``'s, without making a summary), and adds everything in one compiled expression that also
applies the units and the output weights. The hit counts (``features.hit_counts_uncached``) of a play that
does not hit depend on the side on roll's masks, the same for every play of the board, and on one mask of
the mover's side: they are kept per that mask for the plays of all the rolls from the board (two thirds of
them find it there). The six hit statistics' rows are summed among themselves per unit, in their order, once
per distinct set of counts (kept), so a play adds one row for them. The additions are those of
``Network.score_from`` in the same order (the changed slots' rows, then the hit statistics' rows summed among
themselves first; a subtraction as the addition of the negated row, which IEEE 754 defines it to be), so the
floats are the same. The expressions vary by the number of rows only, so a handful is compiled.
"""
from __future__ import annotations

from . import features
from rules.board import Board

_LANE_CLEAR = tuple(~(0xFF << (8 * i)) for i in range(26))
_BIT_CLEAR = tuple(~(1 << i) for i in range(26))
_OCC = tuple(1 << i if 1 <= i <= 25 else 0 for i in range(26))   # occupied: points and bar
_BLOT = tuple(1 << i if 1 <= i <= 24 else 0 for i in range(26))  # blots: points only
HITS_KEPT = 4096
"""Hit counts a scorer keeps per mask of each direction, and summed hit statistics' rows per set of counts (each
store cleared when it holds more)."""


def _changes(side: list, top: int) -> list:
    """Per slot of one side, new count and old count: the rows that slot's change adds, the new count's row and
    the old count's negated (each row one tuple, shared by every change that uses it)."""
    out = []
    for per_n in side:
        add = [tuple(r) for r in per_n]
        sub = [tuple([-v for v in r]) for r in per_n]
        out.append([[((add[n],) if n else ()) + ((sub[o],) if o else ()) for o in range(top)] for n in range(top)])
    return out


class PruneScorer:
    """The per-count rows of one pruning network's hit statistics, and its compiled score functions."""

    def __init__(self, net):
        k = features.N_V3 - features.N_BASE
        rows = net.extra_rows
        # (row, divisor, highest count) in the order Network._hit_vectors adds them: the side on roll's hits,
        # the other side's, then the side on roll's double shots and pip loss, the other side's
        zero = (0.0,) * net.hidden

        def table(i: int, div: float, top: int) -> list:
            return [zero] + [tuple([(c / div) * w for w in rows[i]]) for c in range(1, top + 1)]
        self.cm, self.ct = table(0, 36.0, 36), table(1, 36.0, 36)
        self.tm, self.lm = table(k, 36.0, 36), table(k + 1, 864.0, 864)
        self.tt, self.lt = table(k + 2, 36.0, 36), table(k + 3, 864.0, 864)
        self.w2, self.bias = net.w2[0], net.b2[0]
        # per side, slot and the new and old counts: the rows to add, the new count's and the old count's negated,
        # whose addition is the subtraction (IEEE 754 defines x - y as x + (-y)), so that every sum is of additions
        # only and the compiled expressions vary by the number of rows alone
        top = features.MAX_COUNT + 1
        self.changes0, self.changes1 = (_changes(side, top) for side in net._side_tables)
        # the mover's slot i going from o to n checkers: its rows, and its bit in the occupied and blot masks
        # (cleared, then set as n says)
        self.moves1 = [[[(self.changes1[i][n][o], _BIT_CLEAR[i], _OCC[i] if n else 0, _BLOT[i] if n == 1 else 0)
                         for o in range(top)] for n in range(top)] for i in range(26)]
        self._keys: tuple = ()
        self._mine: dict = {}
        self._theirs: dict = {}
        self._hit_rows: dict = {}
        self._fns: dict = {}

    def _fn(self, k: int):
        """``f(w2, pre, row0, ..., row{k-1}, hits)``: the sum over units of ``w * max(0, a)`` where
        ``a = pre + row0 + ... + hits``, added left to right (``hits``: the hit statistics' rows summed,
        ``_hit_row``)."""
        ys = [f"y{i}" for i in range(k)] + ["h"]
        expr = "x" + "".join(f" + {y}" for y in ys)
        src = (f"def f(w2, base, {', '.join(ys)}):\n"
               f"    return sum([w * a for w, x, {', '.join(ys)} in zip(w2, base, {', '.join(ys)})"
               f" if (a := {expr}) > 0.0])\n")
        ns: dict = {}
        exec(compile(src, f"<bot.prune_scores {k}>", "exec"), ns)  # noqa: S102 (our own source text)
        f = self._fns[k] = ns["f"]
        return f

    def _hit_row(self, key: tuple) -> tuple:
        """The hit statistics' rows summed per unit, ``cm + ct + tm + lm + tt + lt`` left to right, for the
        counts ``key`` = (cm, ct, tm, lm, tt, lt), kept (bounded): the same floats as adding them per play."""
        cm, ct, tm, lm, tt, lt = key
        row = tuple([a + b + c + d + e + f for a, b, c, d, e, f in
                     zip(self.cm[cm], self.ct[ct], self.tm[tm], self.lm[lm], self.tt[tt], self.lt[lt])])
        if len(self._hit_rows) >= HITS_KEPT:
            self._hit_rows.clear()
        self._hit_rows[key] = row
        return row

    def scores(self, base: Board, base_pre: list[float], boards: list[Board]) -> list[float]:
        b0, b1 = base
        s0, s1 = features.summary(b0), features.summary(b1)
        occ0, blots0, occ1, blots1 = s0[0], s0[2], s1[0], s1[2]
        # Hit counts from the side on roll's unchanged mask (a play that does not hit leaves it as it is):
        # kept per mask of the other side, for all the plays of the rolls from the same board (about two
        # thirds of them repeat one)
        if self._keys != (occ0, blots0):
            self._keys = (occ0, blots0)
            self._mine, self._theirs = {}, {}
        mine_counts, theirs_counts = self._mine, self._theirs
        if len(mine_counts) > HITS_KEPT or len(theirs_counts) > HITS_KEPT:
            mine_counts.clear()
            theirs_counts.clear()
        hit_rows, hit_row = self._hit_rows, self._hit_row
        k0, k1 = int.from_bytes(bytes(b0), "little"), int.from_bytes(bytes(b1), "little")
        changes0, moves1 = self.changes0, self.moves1
        hit_counts = features.hit_counts_uncached
        lane_clear = _LANE_CLEAR
        fns, fn, w2, bias = self._fns, self._fn, self.w2, self.bias
        out = []
        for board in boards:
            m, t = board
            vecs: list = []
            hit = m is not b0 and m != b0
            if hit:  # the other side's changed slots first, as Network._changes orders them
                x = int.from_bytes(bytes(m), "little") ^ k0
                while x:
                    i = ((x & -x).bit_length() - 1) >> 3
                    x &= lane_clear[i]
                    vecs += changes0[i][m[i]][b0[i]]
            occ_t, blots_t = occ1, blots1
            x = int.from_bytes(bytes(t), "little") ^ k1
            while x:  # the mover's changed slots, lowest first
                i = ((x & -x).bit_length() - 1) >> 3
                x &= lane_clear[i]
                rows, clear, occ, blot = moves1[i][t[i]][b1[i]]
                vecs += rows
                occ_t = (occ_t & clear) | occ
                blots_t = (blots_t & clear) | blot
            if hit:
                sm = features.summary(m)
                cm, tm, lm = hit_counts(sm[0], blots_t)
                ct, tt, lt = hit_counts(occ_t, sm[2])
            else:
                mine = mine_counts.get(blots_t)
                if mine is None:
                    mine = mine_counts[blots_t] = hit_counts(occ0, blots_t)
                theirs = theirs_counts.get(occ_t)
                if theirs is None:
                    theirs = theirs_counts[occ_t] = hit_counts(occ_t, blots0)
                cm, tm, lm = mine
                ct, tt, lt = theirs
            key = (cm, ct, tm, lm, tt, lt)
            h = hit_rows.get(key) or hit_row(key)
            f = fns.get(len(vecs)) or fn(len(vecs))
            out.append(bias + f(w2, base_pre, *vecs, h))
        return out

