"""A rollout's statistics, kept per block of trials so that its figures do not depend on who ran which trials.

The trials of a rollout are independent (each one's dice come from the seed and the trial's number alone), so a
rollout may be split over several interpreters: the page's workers (docs/analysis.md, "Rollouts"). A sum of
floating-point numbers depends on the order of its terms, so the statistics are summed in a fixed shape: the
trials ``BLOCK * b`` to ``BLOCK * (b + 1) - 1`` of block ``b`` in trial order from zero, then the blocks in block
order from zero. Any partition of whole blocks over workers, each block run by one of them in trial order and
the blocks finished in any order, merges to the very floats of one run. A block half done merges the same way
(progress); the figures are final once every block is whole.

``Tally`` is the merging side: built from a rollout's ``header()`` (what it rolls out, no evaluator needed), fed
the ``block()`` reports of the workers, it gives the same ``result()`` as the ``Rollout`` that ran them all.
Pure Python, standard library only.
"""
from __future__ import annotations

import math
from typing import Optional

STATS = ("equity", "cubeless_equity", "win", "gammon_win", "backgammon_win", "gammon_loss", "backgammon_loss")
Z95 = 1.959963984540054
BLOCK = 6
"""Trials per block: small, so that the blocks share out evenly over a few workers (324 trials make 54 blocks)
and progress shows often; 36 is a multiple, so a round of the stratified first roll is six whole blocks."""


def blocks(total: int) -> int:
    """How many blocks ``total`` trials make (the last may be short)."""
    return -(-total // BLOCK)


def block_range(total: int, b: int) -> range:
    """The trials of block ``b``."""
    return range(BLOCK * b, min(total, BLOCK * (b + 1)))


class Stats:
    """One candidate's trials: per block, the number of trials and per statistic the sum of the values and of
    their squares, each summed in trial order."""
    __slots__ = ("fixed", "_blocks")

    def __init__(self, fixed: Optional[float] = None):
        self.fixed = fixed  # double/pass: a known value, trials only counted
        self._blocks: dict[int, tuple[int, list, list]] = {}

    def add(self, b: int, values: Optional[list]) -> None:
        """One more trial in block ``b`` (``values`` None for a fixed candidate)."""
        n, sums, squares = self._blocks.get(b) or (0, [0.0] * len(STATS), [0.0] * len(STATS))
        if values is not None:
            for k, v in enumerate(values):
                sums[k] += v
                squares[k] += v * v
        self._blocks[b] = (n + 1, sums, squares)

    def put(self, b: int, n: int, sums: list, squares: list) -> None:
        """Block ``b`` as a worker reported it (replacing what it reported before)."""
        if len(sums) != len(STATS) or len(squares) != len(STATS):
            raise ValueError(f"a block's sums hold {len(STATS)} statistics")
        self._blocks[b] = (int(n), [float(x) for x in sums], [float(x) for x in squares])

    def block(self, b: int) -> tuple[int, list, list]:
        n, sums, squares = self._blocks.get(b) or (0, [0.0] * len(STATS), [0.0] * len(STATS))
        return n, list(sums), list(squares)

    def totals(self) -> tuple[int, list, list]:
        """(trials, sums, sums of squares) over the blocks, added in block order."""
        n, sums, squares = 0, [0.0] * len(STATS), [0.0] * len(STATS)
        for b in sorted(self._blocks):
            bn, bs, bq = self._blocks[b]
            n += bn
            for k in range(len(STATS)):
                sums[k] += bs[k]
                squares[k] += bq[k]
        return n, sums, squares

    @property
    def trials(self) -> int:
        return sum(n for n, _, _ in self._blocks.values())

    def summary(self, name: str, play: Optional[str], cubeful: bool) -> dict:
        n, sums, squares = self.totals()
        out: dict = {"candidate": name, "trials": n}
        if play is not None:
            out["play"] = play
        for k, stat in enumerate(STATS):
            if self.fixed is not None:
                mean, ci = (self.fixed if stat in ("equity", "cubeless_equity") else 0.0), 0.0
                if stat == "win":
                    mean = 1.0
            elif n == 0:
                mean, ci = 0.0, math.inf
            else:
                mean = sums[k] / n
                var = max(squares[k] / n - mean * mean, 0.0) * n / (n - 1) if n > 1 else math.inf
                ci = Z95 * math.sqrt(var / n) if n > 1 else math.inf
            out[stat] = round(mean, 6)
            out[stat + "_ci"] = round(ci, 6) if math.isfinite(ci) else None
        if not cubeful:
            out["equity"], out["equity_ci"] = out["cubeless_equity"], out["cubeless_equity_ci"]
        return out


HEADER = ("position_id", "dice", "kind", "total", "truncate", "cubeful", "seed", "level")


def result(header: dict, candidates: list) -> dict:
    """A rollout's result (docs/analysis.md) from its header and its candidates (``name``, ``play``, ``stats``)."""
    cubeful = header["cubeful"]
    cands = [c.stats.summary(c.name, c.play, cubeful) for c in candidates]
    done = min((c["trials"] for c in cands), default=0)
    return {"format": "gamao-rollout", "version": 1, "position_id": header["position_id"],
            "dice": list(header["dice"]) if header["dice"] else None, "kind": header["kind"], "trials": done,
            "total": header["total"], "finished": done >= header["total"], "truncate": header["truncate"],
            "cubeful": cubeful, "seed": header["seed"], "level": header["level"], "candidates": cands,
            "best": best(header["kind"], cands)}


def best(kind: str, cands: list[dict]) -> str:
    if kind == "move":
        return max(cands, key=lambda c: c["equity"])["candidate"]
    eq = {c["candidate"]: c["equity"] for c in cands}
    # The taker answers a double with what is worse for the doubler; the doubler doubles when that answer
    # is no worse than not doubling.
    answers = [k for k in ("double_take", "double_pass") if k in eq]
    answer = min(answers, key=lambda k: eq[k]) if answers else None
    if "no_double" in eq and (answer is None or eq[answer] < eq["no_double"]):
        return "no_double"
    assert answer is not None
    return answer


class _Named:
    __slots__ = ("name", "play", "stats")

    def __init__(self, name: str, play: Optional[str], fixed: Optional[float]):
        self.name, self.play, self.stats = name, play, Stats(fixed)


class Tally:
    """The merging side of a split rollout: ``Tally(rollout.header())``, then ``merge(report)`` for every
    ``Rollout.block`` report in any order (a later report of a block replaces an earlier one), and ``result()``."""

    def __init__(self, header: dict):
        self.header = {k: header[k] for k in HEADER}
        self.candidates = [_Named(c["candidate"], c.get("play"), c.get("fixed")) for c in header["candidates"]]
        self.blocks = blocks(self.header["total"])

    def merge(self, report: dict) -> None:
        b = report["block"]
        if not isinstance(b, int) or not 0 <= b < self.blocks:
            raise ValueError(f"no block {b!r} in a rollout of {self.blocks}")
        if len(report["candidates"]) != len(self.candidates):
            raise ValueError("a block report for another rollout")
        for c, (n, sums, squares) in zip(self.candidates, report["candidates"]):
            c.stats.put(b, n, sums, squares)

    @property
    def done(self) -> int:
        return min((c.stats.trials for c in self.candidates), default=0)

    def result(self) -> dict:
        return result(self.header, self.candidates)
