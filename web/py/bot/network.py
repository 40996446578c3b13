"""Pure-Python evaluation of the trained networks (no numpy: this runs in the browser).

The weights file (see ``tools/bot/bot_export.py``) is checked against its SHA-256 before use. At load, each
network's first layer is folded with the input encoding of ``bot.features`` into tables
``table[slot][count] -> hidden pre-activation contribution``; evaluating a board is then one vector addition
per occupied slot, the hidden sigmoids, and five dot products.
"""
from __future__ import annotations

import base64
import copy
import hashlib
import sys
from array import array
import json
import math
from itertools import compress
from operator import add, mul, ne, truediv
from pathlib import Path
from typing import NamedTuple, Optional

from . import features, prune_scores
from rules.board import Board, is_race



class Outputs(NamedTuple):
    """The evaluator's five cubeless chances for one side (the side on roll, unless said otherwise): it wins,
    it wins a gammon, a backgammon (gammons include backgammons), it loses a gammon, a backgammon. A tuple (the
    search indexes it as one); the field names are those of ``bot.evaluate``'s dict."""
    win: float
    gammon_win: float
    backgammon_win: float
    gammon_loss: float
    backgammon_loss: float


def outputs(seq) -> Outputs:
    """Five chances in order (a list, a tuple or a generator) as :class:`Outputs`, without a Python-level call."""
    return _NEW(Outputs, seq)


_NEW = tuple.__new__

WEIGHTS_FORMAT = "gamao-bot-weights/1"
DEFAULT_WEIGHTS = Path(__file__).resolve().parent.parent.parent / "assets" / "bot" / "weights.json"


class WeightsError(ValueError):
    """The weights file is missing, malformed, or does not match its recorded SHA-256."""


EXTRAS_CACHE_SIZE = 2048
"""Distinct per-side input tuples whose first-layer contribution a network keeps (1 KB each)."""

FUSED_CACHE_SIZE = 4096  # distinct extra-input values whose summed row a network keeps (fused_extras; 1 KB each)

DIFFS_CACHE_SIZE = 1024  # distinct (slot, old count, new count) whose row a network keeps (_slot_changes; 8 KB each)

_SIG_FLOOR = 4.248354255291589e-18  # the sigmoid at -40 (1 / (1 + exp(40))): every pre-activation below -40's


class Network:
    """One network (contact, race, or the pruning network): folded first-layer tables, hidden biases, output
    layer (``outputs`` units: 5 sigmoid outputs, or the pruning network's one linear score)."""

    def __init__(self, spec: dict, inputs: int, hidden: int, outputs: int = 5, relu: bool = False):
        try:
            raw = base64.b64decode(spec["w1"], validate=True)
            scale = [float(s) for s in spec["w1_scale"]]
            b1 = [float(v) for v in spec["b1"]]
            w2 = [float(v) for v in spec["w2"]]
            b2 = [float(v) for v in spec["b2"]]
        except (KeyError, TypeError, ValueError) as e:
            raise WeightsError(f"malformed network: {e}") from None
        dtype = spec.get("w1_dtype", "int8")
        if dtype == "int16":
            q16 = array("h")
            if len(raw) % 2:
                raise WeightsError("int16 weights have an odd byte count")
            q16.frombytes(raw)
            if sys.byteorder == "big":
                q16.byteswap()
            q = list(q16)
        elif dtype == "int8":
            q = [v - 256 if v > 127 else v for v in raw]
        else:
            raise WeightsError(f"unknown w1_dtype {dtype!r}")
        if len(q) != inputs * hidden or len(scale) != inputs or len(b1) != hidden \
                or len(w2) != hidden * outputs or len(b2) != outputs:
            raise WeightsError("network arrays have the wrong sizes")
        rows = [[q[i * hidden + j] * scale[i] for j in range(hidden)] for i in range(inputs)]
        self.hidden = hidden
        self.relu = relu  # hidden units max(0, x) instead of sigmoids (a pruning network may have them)
        self.b1 = b1
        self._neg_b1 = [-x for x in b1]
        self.w2 = [[w2[j * outputs + k] for j in range(hidden)] for k in range(outputs)]
        self.b2 = b2
        # tables[slot][n]: the hidden contribution of n checkers on that slot (n = 0 contributes nothing).
        # Rows of the non-slot inputs (version 2 weights: the two hit shares; version 3: and the per-side
        # extras; version 4: and the hit statistics), applied per board.
        self.extra_rows = rows[features.N_BASE:inputs]
        # A network may leave the per-side inputs out by giving them zero weights (a pruning network trained
        # with ``--inputs hits``): then they are not computed, as adding their zero rows changes no float.
        self._sides_used = any(any(r) for r in self.extra_rows[2:2 + 2 * features.SIDE_EXTRAS])
        self._extras_cache: dict[tuple[float, ...], array] = {}
        self._fused_cache: dict[tuple, array] = {}
        self._diffs: dict[int, list[float]] = {}
        self._prune_scorer: Optional[prune_scores.PruneScorer] = None
        self._fixed: object = False  # its bot.fixed_layer.FixedLayer, built at first use (None: it has none)
        # Version 4's hit statistics (rows 0, 1 and N_V3 - N_BASE + 0..3 of extra_rows): per row, a table
        # from the statistic's integer count (features.hit_counts) to its contribution (at most 865 counts).
        k = features.N_V3 - features.N_BASE
        self._hit_tables: dict[int, dict[int, array]] = {i: {} for i in (0, 1, k, k + 1, k + 2, k + 3)}
        self.tables: list[list[list[float]]] = []
        for slot in range(features.SLOTS):
            side, point = divmod(slot, 26)
            base = slot * features.PER_SLOT
            pip_row = rows[features.PIP_MINE + side]
            pw = features.pip_weight(point)
            per_n: list[list[float]] = [[0.0] * hidden]
            for n in range(1, features.MAX_COUNT + 1):
                units = features.slot_units(point, n)
                acc = [0.0] * hidden
                for u, val in enumerate(units):
                    if val:
                        acc = list(map(add, acc, [val * w for w in rows[base + u]]))
                if pw:
                    acc = list(map(add, acc, [n * pw * w for w in pip_row]))
                per_n.append(acc)
            self.tables.append(per_n)
        self._side_tables = (self.tables[:26], self.tables[26:])

    def extra_vectors(self, board: Board) -> list:
        """The non-slot inputs' contributions to the hidden pre-activations, in the order they are added."""
        rows = self.extra_rows
        if not rows:
            return []
        mine, theirs = board
        summaries = features._SUMMARIES  # the features' caches, looked up here first
        sm = summaries.get(mine) or features.summary(mine)
        st = summaries.get(theirs) or features.summary(theirs)
        if len(rows) > features.N_V3 - features.N_BASE:
            hits = features._HITS
            out = self._hit_vectors(hits.get((sm[0], st[2])) or features.hit_counts_of(sm[0], st[2]),
                                    hits.get((st[0], sm[2])) or features.hit_counts_of(st[0], sm[2]))
        else:
            out = [[v * w for w in row] for v, row in ((features.hit_share(mine, theirs), rows[0]),
                                                        (features.hit_share(theirs, mine), rows[1])) if v]
        if self._sides_used:
            extras = features.side_extras_of
            out.append(self._side_row(extras(mine, sm, st) + extras(theirs, st, sm)))
        return out

    def _hit_vectors(self, mine: tuple[int, int, int], theirs: tuple[int, int, int]) -> list:
        """Version 4's hit statistics (``features.hit_counts_of`` of each side as the hitter), direct inputs
        like the hit shares, in the rows' order. Each is an integer count over a fixed divisor, so its
        contribution (value × row) is kept per count: a lookup instead of a row of multiplications, with the
        same floats."""
        (cm, tm, lm), (ct, tt, lt) = mine, theirs
        rows = self.extra_rows
        tables = self._hit_tables
        k = features.N_V3 - features.N_BASE
        out = []
        for c, i, div in ((cm, 0, 36.0), (ct, 1, 36.0), (tm, k, 36.0), (lm, k + 1, 864.0),
                          (tt, k + 2, 36.0), (lt, k + 3, 864.0)):  # the rows' order, as in the plain sum
            if c:
                table = tables[i]
                contrib = table.get(c)
                if contrib is None:
                    v = c / div  # hit_stats' value exactly (864.0 = 36.0 * 24.0)
                    table[c] = contrib = array("d", [v * w for w in rows[i]])
                out.append(contrib)
        return out

    def _side_row_of(self, board: Board, sm: tuple, st: tuple) -> array:
        """:meth:`_side_row` of ``board``'s per-side inputs, from both sides' ``features.summary``."""
        mine, theirs = board
        return self._side_row(features.side_extras_of(mine, sm, st) + features.side_extras_of(theirs, st, sm))

    def _side_row(self, sides: tuple[float, ...]) -> array:
        """The per-side inputs' summed contribution. They change little between the boards of one search, so
        it is kept per distinct value tuple (a bounded cache; the sum is the same whether cached or not)."""
        cache = self._extras_cache
        contrib = cache.get(sides)
        if contrib is None:
            used = [(v, row) for v, row in zip(sides, self.extra_rows[2:2 + 2 * features.SIDE_EXTRAS]) if v]
            if used:  # 0.0 + v0 * row0 + v1 * row1 ... per unit, in one pass (the same floats as row by row)
                contrib = _weighted(len(used))([v for v, _ in used], *[row for _, row in used])
            else:
                contrib = [0.0] * self.hidden
            if len(cache) >= EXTRAS_CACHE_SIZE:
                cache.clear()
            cache[sides] = contrib = array("d", contrib)
        return contrib

    def with_extras(self, pre: list[float], board: Board) -> list[float]:
        """Add the non-slot inputs' contribution to slot-only pre-activations."""
        vecs = self.extra_vectors(board)
        return _summed("+" * len(vecs))(pre, *vecs) if vecs else pre

    def hidden_pre(self, board: Board) -> list[float]:
        """First-layer pre-activations of ``board`` (side on roll = ``board[0]``), slot inputs only."""
        vecs = self._slot_vectors(board)
        return _summed("+" * len(vecs))(self.b1, *vecs)

    def negated_pre(self, vecs: list) -> list[float]:  # -(b1 + rows) as -b1 - r0 - ... (the same floats negated)
        return _summed("-" * len(vecs))(self._neg_b1, *vecs)

    def _slot_vectors(self, board: Board) -> list:
        mine, theirs = board
        tables = self.tables
        vecs = [tables[p][n] for p, n in enumerate(mine) if n]
        vecs.extend([tables[26 + p][n] for p, n in enumerate(theirs) if n])
        return vecs

    def _changes(self, base: Board, board: Board) -> tuple[str, list]:
        """The signs and rows that take ``base``'s slot pre-activations to ``board``'s, in order (per side,
        per changed slot from the lowest: the new count's row added, then the old count's subtracted)."""
        signs = ""
        vecs = []
        for side in (0, 1):
            new, old = board[side], base[side]
            if new == old:
                continue
            for row, n, o in zip(self._side_tables[side], new, old):
                if n == o:
                    continue
                if n:
                    signs += "+"
                    vecs.append(row[n])
                if o:
                    signs += "-"
                    vecs.append(row[o])
        return signs, vecs

    def hidden_pre_from(self, base: Board, base_pre: list[float], board: Board) -> list[float]:
        """Pre-activations of ``board`` computed from those of a similar ``base`` board (same result as
        :meth:`hidden_pre`, faster when only a few slots differ, as between the plays of one roll)."""
        signs, vecs = self._changes(base, board)
        return _summed(signs)(base_pre, *vecs)

    def outputs_from(self, base: Board, base_pre: list[float], board: Board) -> Outputs:
        """``outputs_from_pre(with_extras(hidden_pre_from(base, base_pre, board), board), board)`` in one pass over
        the hidden units, the search's path. With version 4 inputs the extra inputs are one summed row
        (:meth:`fused_extras`), so the floats may differ from that plain one's in the last bits (on every platform)."""
        signs, vecs = self._extended_changes(base, board)
        f = _HIDDEN.get(signs) or _hidden(signs)
        return self.outputs_from_hidden(f(base_pre, *vecs), board)

    def outputs_of(self, base: Board, base_pre: list[float], boards: list[Board]) -> list[Outputs]:
        """Each board's outputs from :meth:`denominators_of` (divided by: the floats may differ from
        :meth:`outputs_from`'s in the last bits). ``bot.play.rank_0ply``'s path."""
        dens, from_hidden = self.denominators_of(base, base_pre, boards), self.outputs_from_hidden
        return [from_hidden(d, b, truediv) for d, b in zip(dens, boards)]

    def denominators_of(self, base: Board, base_pre: list[float], boards: list[Board]) -> list[list[float]]:
        """Each board's hidden units as their sigmoids' denominators 1 + exp(-a) from ``base``'s pre-activations, a
        row per changed slot (:meth:`_slot_changes`), the extra inputs'."""
        slot_changes = self._slot_changes
        extras = self.fused_extras if len(self.extra_rows) > features.N_V3 - features.N_BASE else self.extra_vectors
        neg_pre = [-x for x in base_pre]
        out = []
        for board in boards:
            vecs = slot_changes(base, board)
            vecs += extras(board)
            out.append(_denominators_added(neg_pre, vecs))
        return out

    def _slot_changes(self, base: Board, board: Board) -> list:
        """The rows that take ``base``'s slot pre-activations to ``board``'s, one per changed slot (per side, from
        the lowest): the new count's row less the old count's. A slot that was empty takes the new count's table
        row itself; any other's row is computed once and kept, per slot and pair of counts, in a bounded cache
        (its floats are those of the subtraction, so a sum with it may differ in the last bits from adding the
        new count's row and subtracting the old's)."""
        vecs = []
        cache = self._diffs
        for side in (0, 1):
            new, old = board[side], base[side]
            if new == old:
                continue
            tables, keys = self._side_tables[side], _SLOT_KEYS[side]
            for p in compress(_SLOTS, map(ne, new, old)):  # the changed slots, found without a Python loop
                n, o = new[p], old[p]
                if o:
                    key = keys[p] | o << 4 | n
                    row = cache.get(key)
                    vecs.append(row if row is not None else self._diff_row(key, tables[p], o, n))
                else:
                    vecs.append(tables[p][n])
        return vecs

    def _diff_row(self, key: int, per_n: list[list[float]], o: int, n: int) -> list[float]:
        """The row from ``o`` to ``n`` checkers on one slot (``n`` may be 0: the old row negated), kept."""
        cache = self._diffs
        if len(cache) >= DIFFS_CACHE_SIZE:
            cache.clear()
        row = cache[key] = [x - y for x, y in zip(per_n[n], per_n[o])] if n else [-y for y in per_n[o]]
        return row

    def _extended_changes(self, base: Board, board: Board) -> tuple[str, list]:
        """The signs and rows from ``base``'s pre-activations to ``board``'s, extra inputs included."""
        signs, vecs = self._changes(base, board)
        extra = self.fused_extras(board) if len(self.extra_rows) > features.N_V3 - features.N_BASE \
            else self.extra_vectors(board)
        vecs.extend(extra)
        return signs + "+" * len(extra), vecs

    def score_from(self, base: Board, base_pre: list[float], board: Board) -> float:
        """The pruning network's score of ``board`` (its one linear output: the side on roll's equity as
        that network estimates it), computed from a similar ``base`` board as in :meth:`outputs_from`, with
        the extra inputs added as :meth:`fused_extras`' rows."""
        signs, vecs = self._extended_changes(base, board)
        if self.relu:  # the units at or below zero add nothing, so they are left out of the sum
            return self.b2[0] + sum([w * a for w, a in zip(self.w2[0], _summed(signs)(base_pre, *vecs)) if a > 0.0])
        return self.b2[0] + sum(map(mul, self.w2[0], _hidden(signs)(base_pre, *vecs)))

    def scores_from(self, base: Board, base_pre: list[float], boards: list[Board]) -> list[float]:
        """:meth:`score_from` of each board (the same floats), for the plays of one roll: the pruning network's
        path in the pruned reply choices and in a rollout's look at 21 rolls. A network of the shipped pruner's
        kind (max(0, x) units, no per-side inputs, version 4 inputs) scores them in one pass of its own
        (``bot.prune_scores``); any other, board by board."""
        if self.relu and not self._sides_used and len(self.extra_rows) > features.N_V3 - features.N_BASE:
            if self._prune_scorer is None:
                self._prune_scorer = prune_scores.PruneScorer(self)
            return self._prune_scorer.scores(base, base_pre, boards)
        return [self.score_from(base, base_pre, b) for b in boards]

    def fused_extras(self, board: Board) -> list:
        """:meth:`extra_vectors` (version 4 inputs) as at most two rows: the hit statistics' sum, kept per
        distinct pair of both sides' hit counts in a bounded cache, and the per-side inputs' (:meth:`_side_row`;
        not computed at all when their weights are zero). Two rows to add instead of up to seven, and each
        cache hits far more often than one keyed by both together would. The search's path (``outputs_from``,
        ``score_from``): the sum is in another order than the plain computation's, so the floats may differ
        from it in the last bits."""
        mine, theirs = board
        summaries, hit_cache = features._SUMMARIES, features._HITS  # their caches, looked up inline first
        sm = summaries.get(mine) or features.summary(mine)
        st = summaries.get(theirs) or features.summary(theirs)
        key = (hit_cache.get((sm[0], st[2])) or features.hit_counts_of(sm[0], st[2]),
               hit_cache.get((st[0], sm[2])) or features.hit_counts_of(st[0], sm[2]))
        hits = self._fused_cache.get(key)
        if hits is None:
            hits = self._fused_hits(key)
        out = [hits] if hits else []
        if self._sides_used:
            out.append(self._side_row_of(board, sm, st))
        return out

    def _fused_hits(self, key: tuple) -> "array | tuple":
        """The hit statistics' summed row for both sides' hit counts ``key``, put in the bounded cache."""
        cache = self._fused_cache
        vecs = self._hit_vectors(*key)
        hits = array("d", _summed("+" * (len(vecs) - 1))(*vecs)) if vecs else ()
        if len(cache) >= FUSED_CACHE_SIZE:
            cache.clear()
        cache[key] = hits
        return hits

    def outputs_from_pre(self, pre: list[float], board: Board) -> Outputs:
        return self.outputs_from_hidden(_hidden("")(pre), board)

    def outputs_from_hidden(self, h: list[float], board: Board, mul=mul) -> Outputs:
        """The outputs from the hidden units ``h``; with ``mul=operator.truediv``, from their sigmoids'
        denominators (``_denominators``)."""
        # the five sigmoids and _consistent written out (the same floats, no calls per output); a side's gammon
        # and backgammon outputs are not computed once _consistent makes them 0 (its opponent has borne off)
        w2, b2 = self.w2, self.b2
        exp = math.exp
        a = b2[0] + sum(map(mul, w2[0], h))
        w = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
        if board[1][0] == 0:
            a = b2[1] + sum(map(mul, w2[1], h))
            gw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gw = gw if gw < w else w
            a = b2[2] + sum(map(mul, w2[2], h))
            bw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bw = bw if bw < gw else gw
        else:
            gw = bw = 0.0
        if board[0][0] == 0:
            a = b2[3] + sum(map(mul, w2[3], h))
            gl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gl = gl if gl < 1.0 - w else 1.0 - w
            a = b2[4] + sum(map(mul, w2[4], h))
            bl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bl = bl if bl < gl else gl
        else:
            gl = bl = 0.0
        return _NEW(Outputs, (w, gw, bw, gl, bl))

    def win_chance(self, board: Board) -> float:
        """:meth:`evaluate`'s first output alone, the extra inputs as :meth:`fused_extras`' rows, each hidden unit as
        its sigmoid's denominator (as :meth:`outputs_of`): within 1e-12 of evaluate's, not always to the last bit.
        ``bot.fixed_layer.win_chance`` is the faster look that falls back on it."""
        extras = self.fused_extras(board) if len(self.extra_rows) > features.N_V3 - features.N_BASE \
            else self.extra_vectors(board)
        d = _denominators_added(self.negated_pre(self._slot_vectors(board)), extras)
        a = self.b2[0] + sum(map(truediv, self.w2[0], d))
        return 1.0 / (1.0 + math.exp(-a)) if a >= -40.0 else _SIG_FLOOR

    def evaluate(self, board: Board) -> Outputs:
        mine, theirs = board
        tables = self.tables
        vecs = [tables[p][n] for p, n in enumerate(mine) if n]  # _slot_vectors, written out
        vecs.extend([tables[26 + p][n] for p, n in enumerate(theirs) if n])
        vecs.extend(self.extra_vectors(board))
        signs = "+" * len(vecs)
        f = _HIDDEN.get(signs) or _hidden(signs)
        return self.outputs_from_hidden(f(self.b1, *vecs), board)


# A board's pre-activations are a starting vector plus and minus a few rows (the changed slots' table rows,
# the extra inputs' contributions), added one after the other. The loops doing that for a given sequence of
# signs are written once as Python source and compiled (cached per sequence): one list comprehension over
# the rows zipped together, ``x + r0 - r1 + r2 ...`` per hidden unit, which Python evaluates left to right, so
# the floats are those of adding the rows one by one. ``_hidden`` also applies the sigmoid in the same pass.

_SUMMED: dict = {}
_HIDDEN: dict = {}


def _compile(signs: str, body: str):
    names = [f"r{i}" for i in range(len(signs))]
    expr = "x" + "".join(f" {s} y{i}" for i, s in enumerate(signs))
    items = ", ".join(["x"] + [f"y{i}" for i in range(len(signs))])
    src = (f"def f(base, {', '.join(names)}):\n"
           f"    return [{body.format(expr=expr)} for {items} in zip(base, {', '.join(names)})]\n"
           if signs else f"def f(base):\n    return [{body.format(expr='x')} for x in base]\n")
    ns = {"exp": math.exp, "FLOOR": _SIG_FLOOR}
    exec(compile(src, f"<bot.network {signs or 'none'}>", "exec"), ns)  # noqa: S102 (our own source text)
    return ns["f"]


_WEIGHTED: dict = {}


def _weighted(k: int):
    """``f(vs, row0, ..., row{k-1})``: per unit ``0.0 + vs[0] * row0 + vs[1] * row1 ...``, added left to right."""
    f = _WEIGHTED.get(k)
    if f is None:
        rows = ", ".join(f"r{i}" for i in range(k))
        items = ", ".join(f"y{i}" for i in range(k))
        expr = "0.0" + "".join(f" + v{i} * y{i}" for i in range(k))
        src = (f"def f(vs, {rows}):\n    {', '.join(f'v{i}' for i in range(k))}, = vs\n"
               f"    return [{expr} for {items}, in zip({rows})]\n")
        ns: dict = {}
        exec(compile(src, f"<bot.network weighted {k}>", "exec"), ns)  # noqa: S102 (our own source text)
        f = _WEIGHTED[k] = ns["f"]
    return f


def _summed(signs: str):
    f = _SUMMED.get(signs)
    if f is None:
        f = _SUMMED[signs] = _compile(signs, "{expr}")
    return f


def _hidden(signs: str):
    """The hidden units (sigmoids, 1 / (1 + exp(-a)), or ``_SIG_FLOOR`` below -40) of the starting vector plus and
    minus the rows."""
    f = _HIDDEN.get(signs)
    if f is None:
        f = _HIDDEN[signs] = _compile(signs, "1.0 / (1.0 + exp(-a)) if (a := {expr}) >= -40.0 else FLOOR")
    return f


_DENOMS: dict = {}
_DENOMS_FLOORED: dict = {}
_DENOM_CAP = 1.0 + math.exp(40.0)
"""A unit's denominator below -40 (the pre-activation's floor, as ``_SIG_FLOOR``)."""


def _denominators(signs: str, floored: bool = False):
    """``f(neg_base, *rows)``: per hidden unit its sigmoid's denominator 1 + exp(-a), where a is the starting
    vector plus and minus the rows by ``signs`` and ``neg_base`` is that vector negated: -a is summed directly
    (the same floats negated, as negation is exact), so no unit is negated and none divided here. Below -40 a
    unit's share of an output (weight / denominator) is under the weight times ``_SIG_FLOOR`` instead of equal
    to it, so within 4.3e-18 of it; far below (about -709) ``exp`` overflows: then ``floored`` is the form that
    gives every unit below -40 the floor's denominator."""
    cache = _DENOMS_FLOORED if floored else _DENOMS
    f = cache.get(signs)
    if f is None:
        body = f"1.0 + exp(n) if (n := {{expr}}) <= 40.0 else {_DENOM_CAP!r}" if floored else "1.0 + exp({expr})"
        f = cache[signs] = _compile(signs.translate(_FLIP), body)
    return f


_FLIP = str.maketrans("+-", "-+")
_DENOMS_BY_COUNT: dict = {}


def _denominators_added(neg_base: list[float], rows: list) -> list[float]:
    """The denominators of ``neg_base`` (a starting vector negated) with each of ``rows`` added (``_denominators``,
    kept by the number of rows)."""
    f = _DENOMS_BY_COUNT.get(len(rows))
    if f is None:
        f = _DENOMS_BY_COUNT[len(rows)] = _denominators("+" * len(rows))
    try:
        return f(neg_base, *rows)
    except OverflowError:  # a unit far below -40 (none in play): each below -40 as its floor
        return _denominators("+" * len(rows), True)(neg_base, *rows)


# per side, each slot's key in Network._diffs (the slot, then 4 bits each for the old and the new count)
_SLOT_KEYS = (tuple(p << 8 for p in range(26)), tuple((26 + p) << 8 for p in range(26)))
_SLOTS = range(26)


def _consistent(o: list[float], board: Board) -> Outputs:
    """Clamp so that backgammons <= gammons <= wins (resp. losses), and no gammon is counted once the
    side that would suffer it has borne off a checker."""
    w = o[0]
    gw = min(o[1], w) if board[1][0] == 0 else 0.0
    bw = min(o[2], gw)
    gl = min(o[3], 1.0 - w) if board[0][0] == 0 else 0.0
    bl = min(o[4], gl)
    return _NEW(Outputs, (w, gw, bw, gl, bl))


class Evaluator:
    """The contact and race networks of one weights file, and its pruning network when it has one.

    ``prune`` is how many plays of a roll a search's reply choice evaluates with the full networks: 0 for all
    of them; otherwise only the ``prune`` best by the pruning network's score (see ``bot.play.best_reply``).
    :meth:`pruned` gives a view of the same networks with another ``prune``."""

    prune = 0

    def __init__(self, doc: dict):
        if not isinstance(doc, dict) or doc.get("format") != WEIGHTS_FORMAT:
            raise WeightsError(f"not a {WEIGHTS_FORMAT} document")
        inputs, hidden = doc.get("inputs"), doc.get("hidden")
        versions = (features.N_BASE, features.N_V2, features.N_V3, features.N_INPUTS)
        if inputs not in versions or not isinstance(hidden, int) or hidden <= 0:
            raise WeightsError(f"weights are for {inputs} inputs, the encoder has one of {versions}")
        nets = doc.get("nets")
        if not isinstance(nets, dict) or "contact" not in nets or "race" not in nets:
            raise WeightsError("weights need a 'contact' and a 'race' network")
        self.contact = Network(nets["contact"], inputs, hidden)
        self.race = Network(nets["race"], inputs, hidden)
        self.source = doc.get("source", {})
        self.pruner: Optional[Network] = None
        spec = doc.get("prune")
        if spec is not None:
            p_hidden = spec.get("hidden") if isinstance(spec, dict) else None
            if not isinstance(p_hidden, int) or p_hidden <= 0 or not isinstance(spec.get("net"), dict):
                raise WeightsError("the pruning network needs 'hidden' and 'net'")
            activation = spec.get("activation", "sigmoid")
            if activation not in ("sigmoid", "relu"):
                raise WeightsError(f"the pruning network's activation {activation!r} is not 'sigmoid' or 'relu'")
            p_inputs = spec.get("inputs", inputs)
            if p_inputs not in versions or p_inputs > inputs:
                raise WeightsError(f"the pruning network's {p_inputs!r} inputs are not one of {versions} up to {inputs}")
            # Over the slot and pip inputs only (features.N_BASE), a score needs no extra-input work.
            self.pruner = Network(spec["net"], p_inputs, p_hidden, outputs=1, relu=activation == "relu")
        self._views: dict[int, "Evaluator"] = {0: self}

    def pruned(self, k: int) -> "Evaluator":
        """These networks with reply choices pruned to the ``k`` best plays by the pruning network (0: none;
        also none when the weights have no pruning network). One view per ``k``, kept."""
        if self.pruner is None or k <= 0:
            return self._views[0]
        view = self._views.get(k)
        if view is None:
            view = self._views[k] = copy.copy(self)
            view.prune = k
        return view

    def net_for(self, board: Board) -> Network:
        return self.race if is_race(board) else self.contact

    def evaluate(self, board: Board) -> Outputs:
        """Outputs for the side on roll of ``board``."""
        return self.net_for(board).evaluate(board)


def parse_weights(data: bytes, expected_sha256: Optional[str]) -> Evaluator:
    """Build an evaluator from the weights file's bytes, checking the SHA-256 when one is given."""
    if expected_sha256 is not None:
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected_sha256:
            raise WeightsError(f"weights SHA-256 {digest} does not match the expected {expected_sha256}")
    try:
        doc = json.loads(data)
    except (ValueError, UnicodeDecodeError) as e:
        raise WeightsError(f"weights are not JSON: {e}") from None
    return Evaluator(doc)


def invert(o: Outputs) -> Outputs:
    """The same outputs seen by the other side."""
    return _NEW(Outputs, (1.0 - o[0], o[3], o[4], o[1], o[2]))


def equity(o: Outputs) -> float:
    """Cubeless money equity (points per game) of the side the outputs belong to."""
    return 2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]
