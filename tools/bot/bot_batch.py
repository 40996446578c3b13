"""The bot's search in numpy, batched: for the tools that need many evaluations (distillation targets,
benchmarks of the searching levels).

The browser's bot (``bot.play``) is pure Python and evaluates one board at a time. This module computes the
same things (the same definitions, the same tie-breaks, the same work limit) with all the boards of a search
evaluated in one numpy pass per network:

* ``BatchOnePly(ev)(boards)``: ``bot.play.evaluate_1ply_board`` of many boards;
* ``BatchSearch(ev).choose_board(board, dice, level)``: ``bot.play.choose_board`` for the levels without
  noise (0-, 1- and 2-ply).

The floats differ from the pure-Python ones in the last bits (another order of additions), so two plays
whose equities agree to about 1e-12 could be ordered differently; ``tests/bot/test_bot_batch.py`` and
``tools/bench/bench_bot.py --batch`` (which re-checks a sample of its moves with ``bot.play``) check that the
choices agree.

``ev`` is a ``train_bot.Evaluator``: from a training checkpoint (``from_checkpoint``) or from a weights file
(``from_weights``, the dequantised networks the browser uses).

    from tools.bot import bot_batch
    search = bot_batch.BatchSearch(bot_batch.from_weights(bot.network.DEFAULT_WEIGHTS))
    board = search.choose_board(board, dice, bot.levels.PLAY["strong"])
"""
from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Optional

import numpy as np

from bot import bearoff, levels, play
from rules.board import ALL_ROLLS, Board, swap, winner_kind
from rules.movegen import result_boards as results
from bot.network import WEIGHTS_FORMAT, WeightsError, invert

from tools.bot import train_bot

ROLL_WEIGHTS = np.array([1 if a == b else 2 for a, b in ALL_ROLLS], dtype=np.float64)


def from_checkpoint(checkpoint: Path) -> train_bot.Evaluator:
    """The float networks of a training checkpoint."""
    hidden = int(np.load(checkpoint)["contact_w1"].shape[1])
    return train_bot.load(checkpoint, hidden)[0]


def _dequantised(spec: dict, inputs: int, hidden: int, outputs: int, name: str) -> dict[str, np.ndarray]:
    dtype = "<i2" if spec.get("w1_dtype", "int8") == "int16" else "i1"
    q = np.frombuffer(base64.b64decode(spec["w1"]), dtype=dtype).astype(np.float64).reshape(inputs, hidden)
    return {name + "_w1": q * np.array(spec["w1_scale"], dtype=np.float64)[:, None],
            name + "_b1": np.array(spec["b1"], dtype=np.float64),
            name + "_w2": np.array(spec["w2"], dtype=np.float64).reshape(hidden, outputs),
            name + "_b2": np.array(spec["b2"], dtype=np.float64)}


def weight_arrays(doc: dict) -> dict[str, np.ndarray]:
    """The dequantised arrays of a weights document, named as in a training checkpoint
    (``contact_w1`` ... ``race_b2``, and ``prune_w1`` ... ``prune_b2`` when it has a pruning network)."""
    if not isinstance(doc, dict) or doc.get("format") != WEIGHTS_FORMAT:
        raise WeightsError(f"not a {WEIGHTS_FORMAT} document")
    hidden, inputs = doc["hidden"], doc["inputs"]
    arrays = {}
    for name in ("contact", "race"):
        arrays.update(_dequantised(doc["nets"][name], inputs, hidden, 5, name))
    if "prune" in doc:
        spec = doc["prune"]
        arrays.update(_dequantised(spec["net"], spec.get("inputs", inputs), spec["hidden"], 1, "prune"))
        arrays["prune_relu"] = np.array(spec.get("activation", "sigmoid") == "relu")
    return arrays


def from_weights(path: Path) -> train_bot.Evaluator:
    """The networks of a weights file, as the browser evaluates them (dequantised); its pruning network, if
    any, as ``ev.pruner`` (w1, b1, w2, b2, relu)."""
    arrays = weight_arrays(json.loads(Path(path).read_bytes()))
    ev = train_bot.Evaluator(arrays["contact_b1"].shape[0], np.random.default_rng(0))
    ev.contact.load(arrays, "contact_")
    ev.race.load(arrays, "race_")
    ev.pruner = tuple(arrays["prune_" + k] for k in ("w1", "b1", "w2", "b2", "relu")) if "prune_w1" in arrays else None
    return ev


class BatchOnePly:
    """1-ply evaluations of many positions at once.

    The same definition as ``bot.play.evaluate_1ply_board`` (best 0-ply play of each of the 21 rolls, exact
    bear-offs and finished games, averaged with weights 1/36 and 2/36), batched: the plays of every roll of
    every position are generated first, then all evaluated in one pass per network."""

    prune = 0
    """As ``bot.network.Evaluator.prune``: 0, or how many plays of a roll ``pick`` considers (the best by the
    pruning network; set for a level's search by ``BatchSearch.choose_board``)."""

    def __init__(self, ev: train_bot.Evaluator):
        self.tb = train_bot
        self.ev = ev
        self.pruner = getattr(ev, "pruner", None)

    def net_outputs(self, boards: list) -> np.ndarray:
        """Network outputs for the side on roll of each board, made consistent as ``bot.network`` does."""
        o = self.ev.outputs(boards)
        my_off = np.array([b[0][0] for b in boards])
        their_off = np.array([b[1][0] for b in boards])
        w = o[:, 0]
        gw = np.where(their_off == 0, np.minimum(o[:, 1], w), 0.0)
        bw = np.minimum(o[:, 2], gw)
        gl = np.where(my_off == 0, np.minimum(o[:, 3], 1.0 - w), 0.0)
        bl = np.minimum(o[:, 4], gl)
        return np.stack([w, gw, bw, gl, bl], axis=1)

    def after_play(self, plays: list) -> np.ndarray:
        """Outputs for the mover after each play (not swapped): won games and exact bear-offs included."""
        return self._after_play(plays)[0]

    def _after_play(self, plays: list) -> tuple[np.ndarray, list[int], list]:
        """``after_play``, and the indices and swapped boards of the plays the networks evaluated."""
        outs, idx, to_eval = self._exact_after_play(plays)
        if to_eval:
            outs[idx] = self.tb.invert(self.net_outputs(to_eval))
        return outs, idx, to_eval

    @staticmethod
    def _exact_after_play(plays: list) -> tuple[np.ndarray, list[int], list]:
        """``_after_play`` before the networks: the outputs of won games and exact bear-offs filled in, and
        the indices and swapped boards of the other plays (their rows of the outputs left unset)."""
        outs = np.empty((len(plays), 5))
        to_eval, idx = [], []
        for j, r in enumerate(plays):
            k = winner_kind(r)
            if k:
                outs[j] = play.WIN_OUTPUTS[k]
                continue
            sb = swap(r)
            exact = bearoff.outputs(sb)
            if exact is not None:
                outs[j] = invert(exact)
            else:
                to_eval.append(sb)
                idx.append(j)
        return outs, idx, to_eval

    def prune_scores(self, boards: list) -> np.ndarray:
        """The pruning network's score of each board (side on roll), as ``bot.network.Network.score_from``."""
        w1, b1, w2, b2, relu = self.pruner
        z = self.tb.encode_batch(boards)[:, :w1.shape[0]] @ w1 + b1
        h = np.maximum(z, 0.0) if relu else 1.0 / (1.0 + np.exp(-z))
        return (h @ w2)[:, 0] + b2[0]

    @staticmethod
    def generate(slots: list[tuple[Board, tuple[int, int]]]) -> tuple[list[int], list[Board], list[int]]:
        """The plays of each (board, dice): the slot index of every play, the plays, the count per slot."""
        rows: list[int] = []
        plays: list[Board] = []
        counts: list[int] = []
        for s, (board, (d1, d2)) in enumerate(slots):
            rs = results(board, d1, d2)
            rows.extend([s] * len(rs))
            plays.extend(rs)
            counts.append(len(rs))
        return rows, plays, counts

    def pick(self, rows: list[int], plays: list[Board]) -> tuple[np.ndarray, list[Board]]:
        """The best play of each slot (from ``generate``): its outputs for the mover and its result board.
        The first of equal equities in generation order wins, as in ``bot.play.best_reply``; with ``prune``,
        only the plays ``bot.play._pruned`` keeps are candidates."""
        rows_a = np.array(rows)
        if self.prune:
            outs, idx, to_eval = self._exact_after_play(plays)
            eq = np.full(len(plays), -np.inf)
            exact = np.ones(len(plays), dtype=bool)
            exact[idx] = False
            if idx:
                # Of the plays for the networks, each slot keeps its ``prune`` lowest scores (the first in
                # generation order among equals); only those are evaluated, the others cannot be chosen.
                idx_a = np.array(idx)
                sc = self.prune_scores(to_eval)
                o = np.lexsort((idx_a, sc, rows_a[idx_a]))
                r_sorted = rows_a[idx_a][o]
                start = np.r_[True, r_sorted[1:] != r_sorted[:-1]]
                pos = np.arange(len(o))
                rank = pos - np.maximum.accumulate(np.where(start, pos, 0))
                kept = np.sort(o[rank < self.prune])  # positions in to_eval, in generation order
                rows_kept = idx_a[kept]
                outs[rows_kept] = self.tb.invert(self.net_outputs([to_eval[k] for k in kept]))
                eq[rows_kept] = self.tb.equity(outs[rows_kept])
            eq[exact] = self.tb.equity(outs[exact])
        else:
            outs, idx, to_eval = self._after_play(plays)
            eq = self.tb.equity(outs)
        order = np.lexsort((np.arange(len(rows)), -eq, rows_a))
        first = np.ones(len(order), dtype=bool)
        first[1:] = rows_a[order][1:] != rows_a[order][:-1]
        best = order[first]  # one per slot, in slot order
        return outs[best], [plays[j] for j in best]

    def best_plays(self, slots: list[tuple[Board, tuple[int, int]]]) -> tuple[np.ndarray, list[Board], list[int]]:
        """For each (board, dice): the outputs for the mover after its best 0-ply play, that play's result
        board (not swapped), and the number of plays it chose from."""
        rows, plays, counts = self.generate(slots)
        outs, best = self.pick(rows, plays)
        return outs, best, counts

    def __call__(self, boards: list) -> np.ndarray:
        """``evaluate_1ply_board`` of each board."""
        return self.one_ply(boards)[0]

    def one_ply(self, boards: list, limit: Optional[int] = None) -> tuple[Optional[np.ndarray], int]:
        """``evaluate_1ply_board`` of each board (exact in a pure bear-off), and the plays they count
        against a ``bot.play.Work`` limit (none for an exact one). Over ``limit``, no outputs (None): the
        plays are counted before any is evaluated."""
        res = np.empty((len(boards), 5))
        todo = []
        for i, b in enumerate(boards):
            exact = bearoff.outputs(b)
            if exact is not None:
                res[i] = exact
            else:
                todo.append(i)
        if not todo:
            return res, 0
        rows, plays, counts = self.generate([(boards[i], roll) for i in todo for roll in ALL_ROLLS])
        work = sum(counts)
        if limit is not None and work > limit:
            return None, work
        outs, _ = self.pick(rows, plays)
        w = np.tile(ROLL_WEIGHTS, len(todo))[:, None]
        res[todo] = (outs * w).reshape(len(todo), len(ALL_ROLLS), 5).sum(axis=1) / 36.0
        return res, work


class BatchSearch(BatchOnePly):
    """``bot.play.choose_board`` for the levels without noise, batched."""

    def rank_0ply(self, board: Board, dice: tuple[int, int]) -> list[tuple[float, Board]]:
        plays = results(board, dice[0], dice[1])
        eq = self.tb.equity(self.after_play(plays))
        order = sorted(range(len(plays)), key=lambda i: -eq[i])  # stable, as bot.play.rank_0ply
        return [(float(eq[i]), plays[i]) for i in order]

    def outputs_1ply(self, plays: list[Board]) -> np.ndarray:
        """``bot.play.outputs_1ply`` of each result board: outputs for its mover."""
        res = np.empty((len(plays), 5))
        live = []
        for i, r in enumerate(plays):
            k = winner_kind(r)
            if k:
                res[i] = play.WIN_OUTPUTS[k]
            else:
                live.append(i)
        if live:
            res[live] = self.tb.invert(self.one_ply([swap(plays[i]) for i in live])[0])
        return res

    def evaluate_2ply_board(self, board: Board, top: int = 1) -> np.ndarray:
        """Outputs for the side on roll of ``board`` before rolling, two plies deep: over its 21 rolls, the best
        1-ply value (``outputs_1ply``) among its ``top`` best plays at 0-ply. With ``top=1`` it is the 1-ply
        value of the 0-ply play; a larger ``top`` follows the strong level's choice more closely. A teacher for
        distillation one ply deeper than ``BatchOnePly``; exact bear-offs come from the table."""
        exact = bearoff.outputs(board)
        if exact is not None:
            return np.array(exact)
        spans, plays = [], []
        for roll in ALL_ROLLS:
            best = [b for _, b in self.rank_0ply(board, roll)[:top]]
            spans.append((len(plays), len(plays) + len(best)))
            plays.extend(best)
        outs = self.outputs_1ply(plays)
        eq = self.tb.equity(outs)
        chosen = np.array([outs[a + int(np.argmax(eq[a:b]))] for a, b in spans])
        return (chosen * ROLL_WEIGHTS[:, None]).sum(axis=0) / 36.0

    def outputs_2ply(self, result: Board, limit: Optional[int] = None) -> tuple[Optional[np.ndarray], int]:
        """``bot.play.outputs_2ply`` of a result board, and the plays it counts against a ``bot.play.Work``
        limit. Over ``limit`` (where ``bot.play`` raises ``OverBudget``), no outputs (None)."""
        k = winner_kind(result)
        if k:
            return np.array(play.WIN_OUTPUTS[k]), 0
        opp = swap(result)
        exact = bearoff.outputs(opp)
        if exact is not None:
            return np.array(invert(exact)), 0
        _, replies, counts = self.best_plays([(opp, roll) for roll in ALL_ROLLS])
        work = sum(counts)
        if limit is not None and work > limit:
            return None, work
        mine = np.empty((len(ALL_ROLLS), 5))
        live = []
        for i, reply in enumerate(replies):
            kind = winner_kind(reply)
            if kind:
                mine[i] = invert(play.WIN_OUTPUTS[kind])
            else:
                live.append(i)
        if live:
            ones, inner = self.one_ply([swap(replies[i]) for i in live], None if limit is None else limit - work)
            work += inner
            if ones is None:
                return None, work
            mine[live] = ones
        return (mine * ROLL_WEIGHTS[:, None]).sum(axis=0) / 36.0, work

    def choose_board(self, board: Board, dice: tuple[int, int], level: levels.Level) -> Board:
        """The result board the level plays (``level.noise`` must be 0)."""
        if level.noise:
            raise ValueError("the batched search has no noisy levels")
        saved = self.prune
        self.prune = level.prune if self.pruner is not None else 0
        try:
            return self._choose_board(board, dice, level)
        finally:
            self.prune = saved

    def _choose_board(self, board: Board, dice: tuple[int, int], level: levels.Level) -> Board:
        ranked = self.rank_0ply(board, dice)
        if len(ranked) == 1 or level.plies == 0:
            return ranked[0][1]
        short = play.shortlist(ranked, level)
        if len(short) == 1:
            return short[0]
        eq1 = self.tb.equity(self.outputs_1ply(short))
        scored = sorted(((float(eq1[i]), i, b) for i, b in enumerate(short)), key=lambda t: (-t[0], t[1]))
        if level.plies < 2 or level.deep < 2:
            return scored[0][2]
        deep = play.deep_list(scored, level)
        if len(deep) == 1:
            return deep[0][1]
        limit: Optional[int] = level.deep_budget // len(deep) if level.deep_budget else None
        rescored = []
        for i, b in deep:
            o, _ = self.outputs_2ply(b, limit)
            if o is None:
                return scored[0][2]  # bot.play gives up the 2-ply here: the 1-ply choice
            rescored.append((float(self.tb.equity(o)), i, b))
        rescored.sort(key=lambda t: (-t[0], t[1]))
        return rescored[0][2]
