"""Choosing a play: 0-ply, 1-ply lookahead over the best candidates, and the noisy beginner.

All functions take the bot's board pairs (see ``bot.board``) and an ``Evaluator``; they are pure and
deterministic (the beginner's noise comes from a ``random.Random`` the caller seeds).

* 0-ply: every legal result is evaluated by the network from the opponent's side (who is then on roll) and
  the play with the best cubeless money equity for the mover is chosen.
* 1-ply: the best few 0-ply candidates (within an equity margin) are re-scored by averaging, over the
  opponent's 21 rolls, the position after the opponent's best 0-ply reply, evaluated for the mover on roll.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from .board import ALL_ROLLS, Board, results, swap, winner_kind
from .network import Evaluator, Outputs, equity, invert

WIN_OUTPUTS = {1: (1.0, 0.0, 0.0, 0.0, 0.0), 2: (1.0, 1.0, 0.0, 0.0, 0.0), 3: (1.0, 1.0, 1.0, 0.0, 0.0)}


@dataclass(frozen=True)
class Level:
    """How a level searches: ``plies`` 0 or 1, how many 0-ply candidates get the deeper look, within what
    equity margin of the best, and the standard deviation of the Gaussian noise added to 0-ply equities."""
    name: str
    plies: int
    candidates: int = 1
    margin: float = 0.0
    noise: float = 0.0


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", 0, noise=0.1),
    "intermediate": Level("intermediate", 0),
    "strong": Level("strong", 1, candidates=3, margin=0.12),
    "expert": Level("expert", 1, candidates=6, margin=0.25),
}


def after_play_outputs(ev: Evaluator, result: Board) -> Outputs:
    """Outputs for the mover of a result board (not swapped): exact when the game is over."""
    kind = winner_kind(result)
    if kind:
        return WIN_OUTPUTS[kind]
    return invert(ev.evaluate(swap(result)))


def rank_0ply(ev: Evaluator, board: Board, dice: tuple[int, int]) -> list[tuple[float, Board]]:
    """All results of ``dice`` with their 0-ply equity for the mover, best first (stable order)."""
    scored = [(equity(after_play_outputs(ev, r)), r) for r in results(board, dice[0], dice[1])]
    scored.sort(key=lambda t: -t[0])
    return scored


def best_reply_outputs(ev: Evaluator, board: Board, dice: tuple[int, int]) -> Outputs:
    """Outputs, for the side on roll of ``board``, after its best 0-ply play of ``dice``.

    The plays of one roll differ from the starting board in a few slots, so each network's first layer is
    computed once for the (swapped) starting board and updated per play."""
    best: Optional[Outputs] = None
    best_eq = -9.0
    base = swap(board)
    base_pre: dict[int, list[float]] = {}
    for r in results(board, dice[0], dice[1]):
        kind = winner_kind(r)
        if kind:
            o = WIN_OUTPUTS[kind]
        else:
            sb = swap(r)
            net = ev.net_for(sb)
            key = id(net)
            pre = base_pre.get(key)
            if pre is None:
                pre = base_pre[key] = net.hidden_pre(base)
            o = invert(net.outputs_from_pre(net.with_extras(net.hidden_pre_from(base, pre, sb), sb), sb))
        e = equity(o)
        if e > best_eq:
            best_eq, best = e, o
    assert best is not None
    return best


def outputs_1ply(ev: Evaluator, result: Board) -> Outputs:
    """Outputs for the mover of ``result`` after averaging the opponent's best replies over its 21 rolls."""
    kind = winner_kind(result)
    if kind:
        return WIN_OUTPUTS[kind]
    opp = swap(result)
    acc = [0.0] * 5
    for roll in ALL_ROLLS:
        w = 1 if roll[0] == roll[1] else 2
        o = best_reply_outputs(ev, opp, roll)  # the opponent's outputs
        for k in range(5):
            acc[k] += w * o[k]
    return invert(tuple(a / 36.0 for a in acc))  # type: ignore[arg-type]


def evaluate_1ply_board(ev: Evaluator, board: Board) -> Outputs:
    """Outputs for the side on roll of ``board`` before rolling: its best 0-ply play averaged over 21 rolls."""
    acc = [0.0] * 5
    for roll in ALL_ROLLS:
        w = 1 if roll[0] == roll[1] else 2
        o = best_reply_outputs(ev, board, roll)
        for k in range(5):
            acc[k] += w * o[k]
    return tuple(a / 36.0 for a in acc)  # type: ignore[return-value]


def choose_board(ev: Evaluator, board: Board, dice: tuple[int, int], level: Level,
                 rng: Optional[random.Random] = None) -> Board:
    """The result board (not swapped) the level plays."""
    ranked = rank_0ply(ev, board, dice)
    if len(ranked) == 1:
        return ranked[0][1]
    if level.noise > 0.0:
        r = rng or random.Random(0)
        noisy = [(e + r.gauss(0.0, level.noise), i) for i, (e, _) in enumerate(ranked)]
        return ranked[max(noisy)[1]][1]
    if level.plies == 0:
        return ranked[0][1]
    top = ranked[0][0]
    short = [b for e, b in ranked[:level.candidates] if e >= top - level.margin]
    if len(short) == 1:
        return short[0]
    best_b, best_e = short[0], -9.0
    for b in short:
        e = equity(outputs_1ply(ev, b))
        if e > best_e:
            best_e, best_b = e, b
    return best_b
