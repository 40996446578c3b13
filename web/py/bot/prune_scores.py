"""The pruning network's scores of the plays of one roll, in one pass (``Network.scores_from``'s path for the
shipped kind of pruning network: max(0, x) hidden units, inputs over the slots and the hit statistics only).

The plays of a roll differ from the starting board in a few slots of the mover's side (and, when they hit, the
other side's bar and one point). Per play this finds the changed slots from the two sides' bytes as integers
(one XOR instead of a loop over 26 slots), keeps the occupied and blot masks of the mover's side up to date
from them (``features.summary``'s, without making a summary), computes both directions' hit counts
(``features.hit_counts_uncached``: they seldom repeat, so they are not cached), and adds everything in one
compiled expression that also applies the units and the output weights. The additions are those of
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
        # per side, slot and count: the row to add, and the row negated, whose addition is the subtraction
        # (IEEE 754 defines x - y as x + (-y)), so that every sum is of additions only and the compiled
        # expressions vary by the number of rows alone
        self.tables0, self.tables1 = ([[tuple(r) for r in per_n] for per_n in side] for side in net._side_tables)
        self.neg0, self.neg1 = ([[tuple([-v for v in r]) for r in per_n] for per_n in side] for side in net._side_tables)
        self._fns: dict = {}

    def _fn(self, k: int):
        """``f(w2, pre, row0, ..., row{k-1}, hit0, ..., hit5)``: the sum over units of ``w * max(0, a)`` where
        ``a = pre + row0 + ... + (hit0 + ... + hit5)``, added left to right."""
        ys = [f"y{i}" for i in range(k)] + [f"z{i}" for i in range(6)]
        expr = "x" + "".join(f" + y{i}" for i in range(k)) + " + (" + " + ".join(f"z{i}" for i in range(6)) + ")"
        src = (f"def f(w2, base, {', '.join(ys)}):\n"
               f"    return sum([w * a for w, x, {', '.join(ys)} in zip(w2, base, {', '.join(ys)})"
               f" if (a := {expr}) > 0.0])\n")
        ns: dict = {}
        exec(compile(src, f"<bot.prune_scores {k}>", "exec"), ns)  # noqa: S102 (our own source text)
        f = self._fns[k] = ns["f"]
        return f

    def scores(self, base: Board, base_pre: list[float], boards: list[Board]) -> list[float]:
        b0, b1 = base
        s0, s1 = features.summary(b0), features.summary(b1)
        occ0, blots0, occ1, blots1 = s0[0], s0[2], s1[0], s1[2]
        k1 = int.from_bytes(bytes(b1), "little")
        tables0, tables1, neg0, neg1 = self.tables0, self.tables1, self.neg0, self.neg1
        cm_rows, ct_rows, tm_rows, lm_rows, tt_rows, lt_rows = self.cm, self.ct, self.tm, self.lm, self.tt, self.lt
        hit_counts = features.hit_counts_uncached
        lane_clear, bit_clear, occ_bits, blot_bits = _LANE_CLEAR, _BIT_CLEAR, _OCC, _BLOT
        fns, fn, w2, bias = self._fns, self._fn, self.w2, self.bias
        out = []
        for board in boards:
            m, t = board
            vecs = []
            if m is b0 or m == b0:
                occ_m, blots_m = occ0, blots0
            else:  # a hit: the other side's changed slots first, as Network._changes orders them
                for row, neg, n, o in zip(tables0, neg0, m, b0):
                    if n == o:
                        continue
                    if n:
                        vecs.append(row[n])
                    if o:
                        vecs.append(neg[o])
                sm = features.summary(m)
                occ_m, blots_m = sm[0], sm[2]
            occ_t, blots_t = occ1, blots1
            x = int.from_bytes(bytes(t), "little") ^ k1
            while x:  # the mover's changed slots, lowest first
                i = ((x & -x).bit_length() - 1) >> 3
                x &= lane_clear[i]
                n, o = t[i], b1[i]
                if n:
                    vecs.append(tables1[i][n])
                if o:
                    vecs.append(neg1[i][o])
                occ_t = (occ_t & bit_clear[i]) | (occ_bits[i] if n else 0)
                blots_t = (blots_t & bit_clear[i]) | (blot_bits[i] if n == 1 else 0)
            cm, tm, lm = hit_counts(occ_m, blots_t)
            ct, tt, lt = hit_counts(occ_t, blots_m)
            # the six rows always (a zero row for a zero count: adding 0.0 changes no float that a unit keeps,
            # only the sign of a zero), so that the compiled expressions vary by the changed slots only
            k = len(vecs)
            vecs.append(cm_rows[cm])
            vecs.append(ct_rows[ct])
            vecs.append(tm_rows[tm])
            vecs.append(lm_rows[lm])
            vecs.append(tt_rows[tt])
            vecs.append(lt_rows[lt])
            f = fns.get(k) or fn(k)
            out.append(bias + f(w2, base_pre, *vecs))
        return out
