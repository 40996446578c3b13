"""The full networks as a rollout's looks evaluate them: the extra inputs added as rows kept per small key.

A look evaluates about 40 plays with the full networks at every ply of every trial, nearly all of them boards
seen once in the whole rollout. ``Network.outputs_from`` adds the version 4 extra inputs as two rows, the hit
statistics' sum and the per-side inputs' sum, each kept per distinct value of all of them together: in a rollout
half the hit rows and a quarter of the side rows are new, and making one costs about as much as the rest of the
evaluation. Here the same inputs are added as six rows, each kept per a key that seldom changes: per direction of
hitting, the hits and double shots together (at most 37 x 37 keys) and the pip loss (at most 865), and per side
its six inputs (``features.side_extras_of``, a few thousand). Each row is computed once and found again nearly
always; the hidden units add four rows more than ``outputs_from``'s. The first layer's sums are then in another
order than ``outputs_from``'s, so the outputs may differ from its in the last bits (``LookNet`` is the rollout's
alone: the bot's play, its analysis and the rollout's leaves keep ``Network``'s own path). Outputs are
deterministic per board: no float depends on what a cache held before.

When the network has a fixed-point first layer (``bot.fixed_layer``: version 4 inputs, a little-endian machine),
``LookNet.outputs_from`` sums it there instead, exact integers in any order, about a third less work again: the
outputs are within 1e-11 of ``outputs_from``'s. The six float rows remain the path of the networks without one and
of a board beyond its range.
"""
from __future__ import annotations

import copy
import math
from array import array
from operator import mul

from . import features, fixed_layer
from .fixed_layer import keep
from .network import _SIG_FLOOR, Evaluator, Network, Outputs, _hidden, _weighted

_NEW = tuple.__new__

ROWS_KEPT = 1024
"""Rows a ``LookNet`` keeps per store (hits and pip loss of each direction, at most 1,369 and 865 keys; each side's
inputs, a few thousand keys, twice as many), each store cleared when full. The hit rows are tuples, quicker to add
in Pyodide than arrays (8 KB each, most of the rows kept), the side rows arrays (2 KB each)."""


class LookNet:
    """One network (contact or race) with ``Network``'s interface for a look: ``hidden_pre``, ``evaluate`` and
    the other methods its own, ``outputs_from`` with the extra inputs as six kept rows."""

    def __init__(self, net: Network, fixed: bool = True):
        self.net = net
        self._fixed = fixed_layer.of(net) if fixed else None  # None: the float rows alone
        self._base: object = None  # the last starting board and its fixed-point first layer (FixedLayer.base)
        self._neg_base = 0
        k = features.N_V3 - features.N_BASE
        rows = net.extra_rows
        self._hit_rows = ((rows[0], rows[k]), (rows[1], rows[k + 2]))  # per direction: hits, double shots
        self._loss_rows = (rows[k + 1], rows[k + 3])                    # per direction: pip loss
        n = features.SIDE_EXTRAS
        self._side_weights = (rows[2:2 + n], rows[2 + n:2 + 2 * n])  # per side, its six inputs' rows
        self._hits: tuple[dict, dict] = ({}, {})
        self._losses: tuple[dict, dict] = ({}, {})
        self._sides: tuple[dict, dict] = ({}, {})

    def __getattr__(self, name):  # hidden_pre, evaluate, scores_from...: the network's own
        return getattr(self.net, name)

    def _hit_row(self, d: int, c: int, t: int) -> tuple:
        """Direction ``d``'s hits ``c`` and double shots ``t`` (of 36): c / 36 x row + t / 36 x row, per unit."""
        rc, rt = self._hit_rows[d]
        vc, vt = c / 36.0, t / 36.0
        return keep(self._hits[d], (c, t), tuple([vc * x + vt * y for x, y in zip(rc, rt)]), ROWS_KEPT)

    def _loss_row(self, d: int, lost: int) -> tuple:
        v = lost / 864.0
        return keep(self._losses[d], lost, tuple([v * x for x in self._loss_rows[d]]), ROWS_KEPT)

    def _side_row(self, s: int, values: tuple) -> array:
        """Side ``s``'s six inputs' contribution, 0.0 + v0 x row0 + ... over the nonzero ones."""
        used = [(v, row) for v, row in zip(values, self._side_weights[s]) if v]
        if used:
            row = array("d", _weighted(len(used))([v for v, _ in used], *[r for _, r in used]))
        else:
            row = array("d", bytes(8 * self.net.hidden))
        return keep(self._sides[s], values, row, 2 * ROWS_KEPT)

    def extras(self, board) -> list:
        """The extra inputs' rows of ``board`` (the side on roll first), the zero ones left out."""
        mine, theirs = board
        summaries, hit_cache = features._SUMMARIES, features._HITS
        sm = summaries.get(mine) or features.summary(mine)
        st = summaries.get(theirs) or features.summary(theirs)
        out = []
        for d, (hitter, target) in enumerate(((sm, st), (st, sm))):
            c, t, lost = hit_cache.get((hitter[0], target[2])) or features.hit_counts_of(hitter[0], target[2])
            if c:
                row = self._hits[d].get((c, t))
                out.append(row if row is not None else self._hit_row(d, c, t))
                row = self._losses[d].get(lost)
                out.append(row if row is not None else self._loss_row(d, lost))
        if self.net._sides_used:
            extras = features.side_extras_of
            for s, values in enumerate((extras(mine, sm, st), extras(theirs, st, sm))):
                row = self._sides[s].get(values)
                out.append(row if row is not None else self._side_row(s, values))
        return out

    def outputs_from(self, base, base_pre: list[float], board) -> Outputs:
        """The outputs of ``board`` from a similar ``base`` board's first layer (``Network.outputs_from``'s
        arguments): in fixed point when the network has a fixed-point layer and the board is in its range
        (``FixedLayer.hidden_from``, from ``base``'s packed first layer, kept for the next board from the same
        base), else a row per changed slot (``Network._slot_changes``) and the extra inputs as :meth:`extras`."""
        layer = self._fixed
        if layer is not None:
            if base != self._base:
                self._neg_base, self._base = layer.base(base), base
            try:
                h = layer.hidden_from(self._neg_base, base, board)
            except OverflowError:
                pass
            else:
                return self.outputs_from_hidden(h, board)
        vecs = self.net._slot_changes(base, board)
        vecs += self.extras(board)
        f = _ADDED.get(len(vecs)) or _added(len(vecs))
        return self.outputs_from_hidden(f(base_pre, *vecs), board)

    def outputs_from_hidden(self, h: list[float], board) -> Outputs:
        """``Network.outputs_from_hidden`` with each output unit's sum as ``_dot``'s."""
        w2, b2 = self.net.w2, self.net.b2
        exp = math.exp
        a = b2[0] + _dot(w2[0], h)
        w = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
        if board[1][0] == 0:
            a = b2[1] + _dot(w2[1], h)
            gw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gw = gw if gw < w else w
            a = b2[2] + _dot(w2[2], h)
            bw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bw = bw if bw < gw else gw
        else:
            gw = bw = 0.0
        if board[0][0] == 0:
            a = b2[3] + _dot(w2[3], h)
            gl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gl = gl if gl < 1.0 - w else 1.0 - w
            a = b2[4] + _dot(w2[4], h)
            bl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bl = bl if bl < gl else gl
        else:
            gl = bl = 0.0
        return _NEW(Outputs, (w, gw, bw, gl, bl))


def _sum_of_products(w: list[float], h: list[float]) -> float:
    return sum(map(mul, w, h))


_dot = getattr(math, "sumprod", None) or _sum_of_products
"""An output unit's weighted sum: ``math.sumprod`` (Python 3.12 and later, the page's Pyodide: one C loop, no
float made per product, a third faster there than ``sum(map(mul, ...))``, and as accurate or more), else the sum
of the products."""

_ADDED: dict = {}


def _added(k: int):
    """The hidden units of a starting vector plus ``k`` rows (``network._hidden``), kept by ``k``."""
    f = _ADDED[k] = _hidden("+" * k)
    return f


def supported(net: Network) -> bool:
    """The shipped kind: version 4 inputs (hit statistics and per-side inputs)."""
    return len(net.extra_rows) > features.N_V3 - features.N_BASE


_VIEWS: dict[int, tuple[Evaluator, Evaluator]] = {}


def look_evaluator(ev: Evaluator) -> Evaluator:
    """``ev``'s networks with their ``outputs_from`` as :class:`LookNet`'s (the pruning network as it is), kept
    per evaluator; ``ev`` itself when its networks are of another kind."""
    kept = _VIEWS.get(id(ev))
    if kept is not None and kept[0] is ev:
        return kept[1]
    base = ev.pruned(0)
    if not (supported(base.contact) and supported(base.race)):
        return ev
    view = copy.copy(base)
    view.contact, view.race = LookNet(base.contact), LookNet(base.race)
    view._views = {0: view}
    _VIEWS[id(ev)] = (ev, view)
    return view
