"""Choosing a play: 0-ply, 1-ply and 2-ply lookahead over the best candidates, and the noisy beginner.

All functions take the bot's board pairs (see ``rules.board``) and an ``Evaluator``; they are pure and
deterministic (the beginner's noise comes from a ``random.Random`` the caller seeds).

* 0-ply: every legal result is evaluated from the opponent's side (who is then on roll) and the play with
  the best cubeless money equity for the mover is chosen.
* 1-ply: a result is scored by averaging, over the opponent's 21 rolls, the position after the opponent's
  best 0-ply reply, evaluated for the mover on roll.
* 2-ply: the same, but the position after each reply is itself scored at 1-ply (the mover's 21 rolls, its
  best 0-ply play of each).

A level filters: every 0-ply candidate within an equity window of the best (at most ``candidates`` of
them) gets the 1-ply look; then (expert) the best ``deep`` of those within ``deep_margin`` of the 1-ply
best get the 2-ply look. Work limits are counts, never a clock, so the same position always gets the same
play. Pure bear-offs (see ``bot.bearoff``) are evaluated exactly from the one-sided table instead of the
network, at every depth.
"""
from __future__ import annotations

import math
import random
from math import exp
from operator import itemgetter, truediv
from typing import Optional

from . import bearoff, fixed_layer
from rules.board import ALL_ROLLS, START_BOARD, Board, is_race, swap, winner_kind
from rules.movegen import result_boards as results
from .levels import PLAY, Level
from .network import _SIG_FLOOR, Evaluator, Outputs, equity, invert, outputs

_NEW = tuple.__new__
WIN_OUTPUTS = {1: Outputs(1.0, 0.0, 0.0, 0.0, 0.0), 2: Outputs(1.0, 1.0, 0.0, 0.0, 0.0),
               3: Outputs(1.0, 1.0, 1.0, 0.0, 0.0)}


def outputs_on_roll(ev: Evaluator, board: Board) -> Outputs:
    """Cubeless outputs for the side on roll of ``board`` (before it rolls): exact in a pure bear-off,
    otherwise the network."""
    exact = bearoff.outputs(board)
    if exact is not None:
        return exact
    return ev.evaluate(board)


def after_play_outputs(ev: Evaluator, result: Board) -> Outputs:
    """Outputs for the mover of a result board (not swapped): exact when the game is over."""
    kind = winner_kind(result)
    if kind:
        return WIN_OUTPUTS[kind]
    return invert(outputs_on_roll(ev, swap(result)))


def rank_0ply(ev: Evaluator, board: Board, dice: tuple[int, int]) -> list[tuple[float, Board]]:
    """All results of ``dice`` with their 0-ply equity for the mover, best first (stable order).

    Each network's first layer is computed once for the (swapped) starting board and updated per play
    (``Network.outputs_of``), so an equity may differ from ``after_play_outputs``' (and from ``best_reply``'s,
    which also updates from the starting board) in the last bits."""
    plays = results(board, dice[0], dice[1])
    # after_play_outputs and equity written out; sorted on (-equity, generation index), which is the stable
    # sort on -equity
    keyed = [(-(2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]), i)
             for i, o in enumerate(_after_plays(ev, board, plays))]
    keyed.sort()
    return [(-e, plays[i]) for e, i in keyed]


def _after_plays(ev: Evaluator, board: Board, plays: list[Board]) -> list[Outputs]:
    """``after_play_outputs`` of each result of one roll from ``board``, the networks' part in one
    ``Network.outputs_of`` per network (from the swapped starting board's first layer)."""
    out, groups = _exact_or_grouped(ev, board, plays)
    base = (board[1], board[0])
    for net, idx, boards in groups:
        for i, x in zip(idx, net.outputs_of(base, net.hidden_pre(base), boards)):
            out[i] = _NEW(Outputs, (1.0 - x[0], x[3], x[4], x[1], x[2]))
    return out


def best_0ply(ev: Evaluator, board: Board, dice: tuple[int, int]) -> Board:
    """``rank_0ply(ev, board, dice)[0][1]`` (the first of the best), with the networks' output units computed only
    as far as a result could still be the best (``_best_look``), and the results' first layers in fixed point
    (``bot.fixed_layer``) when that decides: when the best result is ahead of every other by more than twice the
    fixed point's error bound (``FixedLayer.equity_error``), it is the one the float ranking puts first; otherwise
    (about one roll in 130 of self-play games, nearly all in lost games, whose plays differ by less than 1e-8) the
    outputs are computed as ``rank_0ply`` computes them, the same floats."""
    plays = results(board, dice[0], dice[1])
    if len(plays) == 1:
        return plays[0]
    out, groups = _exact_or_grouped(ev, board, plays)
    ranked = sorted([(-(2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]), i) for i, o in enumerate(out) if o is not None])
    best = ranked[0] if ranked else (math.inf, -1)
    base = (board[1], board[0])
    sure = _fixed_choice(base, groups, best, ranked[1][0] if len(ranked) > 1 else math.inf)
    if sure is not None:
        return plays[sure]
    looks = []
    for net, idx, boards in groups:
        w2, b2 = net.w2, net.b2
        for i, sb, d in zip(idx, boards, net.denominators_of(base, net.hidden_pre(base), boards)):
            a = b2[0] + sum(map(truediv, w2[0], d))
            looks.append((1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR, i, sb, d, w2, b2))
    return plays[_best_look(looks, best, math.inf, 0.0)[0][1]]


def _fixed_choice(base: Board, groups: list, best: tuple[float, int], second: float) -> Optional[int]:
    """The index of the best result by the fixed-point first layers (``bot.fixed_layer``) when it is ahead of every
    other by more than twice their equity's error bound, else None (also when a network has no fixed-point layer or
    a unit is beyond its range)."""
    layers = [fixed_layer.of(net) for net, _, _ in groups]
    looks: list = []
    margin = 0.0
    try:
        for layer, (_, idx, boards) in zip(layers, groups):
            if layer is None:
                return None
            layer.win_looks(base, idx, boards, looks)
            margin = max(margin, 2.0 * layer.equity_error)
    except OverflowError:
        return None
    key, second = _best_look(looks, best, second, margin)
    return key[1] if second - key[0] > margin else None


def _best_look(looks: list, best: tuple[float, int], second: float, margin: float) -> tuple[tuple[float, int], float]:
    """The best of the exact results (``best``: (-equity, index), ``second``: the next one's -equity) and of the
    networks' (``looks``: (the opponent's winning chance, index, swapped board, hidden denominators, w2, b2)), and the
    -equity of the best other result seen whole. The networks' results are taken by their opponent's winning chance,
    lowest first; after each output unit, a result whose equity can no longer come within ``margin`` of the best one's
    so far (nor within 1e-9: each output is between 0 and its bound, ``Network.outputs_from_hidden``) is left. The
    outputs computed are those of ``rank_0ply`` from the same denominators, so is the equity of each result not
    left."""
    looks.sort(key=_FIRST_TWO)
    for w, i, sb, d, w2, b2 in looks:
        floor = -best[0] - 1e-9 - margin  # a result whose equity is surely below it is not the best
        lose = 1.0 - w
        if 1.0 - 2.0 * w + (2.0 * lose if sb[0][0] == 0 else 0.0) < floor:
            continue
        gl = bl = gw = bw = 0.0
        if sb[0][0] == 0:
            a = b2[3] + sum(map(truediv, w2[3], d))
            gl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gl = gl if gl < lose else lose
            if 1.0 - 2.0 * w + 2.0 * gl < floor:
                continue
        if sb[1][0] == 0:
            a = b2[1] + sum(map(truediv, w2[1], d))
            gw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            gw = gw if gw < w else w
            if 1.0 - 2.0 * w + 2.0 * gl - gw < floor:
                continue
        if sb[0][0] == 0:
            a = b2[4] + sum(map(truediv, w2[4], d))
            bl = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bl = bl if bl < gl else gl
            if 1.0 - 2.0 * w + gl + bl - gw < floor:
                continue
        if sb[1][0] == 0:
            a = b2[2] + sum(map(truediv, w2[2], d))
            bw = 1.0 / (1.0 + exp(-a)) if a >= -40.0 else _SIG_FLOOR
            bw = bw if bw < gw else gw
        key = (-(2.0 * (1.0 - w) - 1.0 + gl + bl - gw - bw), i)  # rank_0ply's equity of these outputs
        if key < best:
            best, second = key, best[0]
        elif key[0] < second:
            second = key[0]
    return best, second


_FIRST_TWO = itemgetter(0, 1)


def _exact_or_grouped(ev: Evaluator, board: Board, plays: list[Board]) -> tuple[list, list]:
    """The outputs for the mover of the results of one roll from ``board`` that are exact (the game won, a pure
    bear-off in the table; None for the others), and the others by network: (network, indexes, swapped boards)."""
    out: list = [None] * len(plays)
    bear = bearoff.outputs
    contact: tuple[list[int], list[Board]] = ([], [])  # the plays each network evaluates: indexes, boards
    race: tuple[list[int], list[Board]] = ([], [])
    opp = board[1]
    # is_race of a result that leaves the opponent's side as it was: no checker of the mover beyond the point
    # 25 - (the opponent's rearmost point), a slice from ``past``
    past = 26 - max((p for p in range(1, 26) if opp[p]), default=0)
    for i, r in enumerate(plays):
        if r[0][0] == 15:
            kind = winner_kind(r)
            if kind:
                out[i] = WIN_OUTPUTS[kind]
                continue
        sb = (r[1], r[0])
        if (not any(r[0][past:])) if r[1] == opp else is_race(sb):  # a pure bear-off is a race
            exact = bear(sb) if not (any(sb[0][7:]) or any(sb[1][7:])) else None
            if exact is not None:
                out[i] = invert(exact)
                continue
            group = race
        else:
            group = contact
        group[0].append(i)
        group[1].append(sb)
    return out, [(net, idx, boards) for net, (idx, boards) in ((ev.contact, contact), (ev.race, race)) if idx]


class OverBudget(Exception):
    """Raised inside a search when its work counter passes its limit."""


class Work:
    """A deterministic work limit: the number of plays evaluated (not a clock)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.done = 0

    def add(self, n: int) -> None:
        self.done += n
        if self.done > self.limit:
            raise OverBudget(self.done)


Cache = dict[Board, Outputs]
"""One search's evaluations: a result board (not swapped) -> outputs for the side that played it. Plays
of different rolls, replies and candidates often reach the same board (a checker moved 7 pips by 6-1, 5-2
or 4-3); each is evaluated once per search."""


def best_reply(ev: Evaluator, board: Board, dice: tuple[int, int], work: Optional[Work] = None,
               base_pre: Optional[dict[int, list[float]]] = None,
               cache: Optional[Cache] = None, plays: Optional[list[Board]] = None,
               ranks: Optional[dict] = None) -> tuple[Outputs, Board]:
    """The best 0-ply play of ``dice`` for the side on roll of ``board``: (its outputs for that side, the
    result board, not swapped). The first of equal plays in generation order wins.

    The plays of one roll differ from the starting board in a few slots, so each network's first layer is
    computed once for the (swapped) starting board and updated per play (``base_pre`` may carry those
    across the rolls of one starting board). With a pruned evaluator (``ev.prune`` > 0, see
    ``Evaluator.pruned``) only the plays ``_pruned`` keeps are evaluated by the full networks. ``work``
    counts the plays of the roll, pruned or not, cached or not (the limit stays a property of the position,
    not of what an earlier part of the search left in ``cache``).
    ``plays``: the results of ``dice``, when the caller has generated them already. ``ranks``: the pruning
    network's ranking of each roll's plays, kept across calls from the same starting board (``_pruned``)."""
    base = swap(board)
    if base_pre is None:
        base_pre = {}
    if plays is None:
        plays = results(board, dice[0], dice[1])
    if work is not None:
        work.add(len(plays))
    if ev.prune and len(plays) > ev.prune:
        plays = _pruned(ev, base, base_pre, plays, ranks, dice)
    best: Optional[Outputs] = None
    best_b = board
    best_eq = -9.0
    bear = bearoff.outputs
    race, contact = ev.race, ev.contact
    for r in plays:
        if cache is not None:
            o = cache.get(r)
            if o is not None:
                e = 2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]
                if e > best_eq:
                    best_eq, best, best_b = e, o, r
                continue
        kind = winner_kind(r) if r[0][0] == 15 else 0
        if kind:
            o = WIN_OUTPUTS[kind]
        else:
            sb = (r[1], r[0])
            exact = bear(sb) if not (any(sb[0][7:]) or any(sb[1][7:])) else None
            if exact is not None:
                o = invert(exact)
            else:
                net = race if is_race(sb) else contact
                key = id(net)
                pre = base_pre.get(key)
                if pre is None:
                    pre = base_pre[key] = net.hidden_pre(base)
                x = net.outputs_from(base, pre, sb)
                o = _NEW(Outputs, (1.0 - x[0], x[3], x[4], x[1], x[2]))
        if cache is not None:
            cache[r] = o
        e = 2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]
        if e > best_eq:
            best_eq, best, best_b = e, o, r
    assert best is not None
    return best, best_b


def _pruned(ev: Evaluator, base: Board, base_pre: dict[int, list[float]], plays: list[Board],
            ranks: Optional[dict] = None, dice: Optional[tuple[int, int]] = None) -> list[Board]:
    """The plays a pruned reply choice evaluates fully (in generation order): every play that ends the game
    or leaves a pure bear-off (exact anyway), and the ``ev.prune`` others with the best pruning-network
    scores (the lowest score for the opponent then on roll; the first in generation order among equals).
    ``ranks``: each roll's plays ranked by the scores, by ``dice``, kept across calls from the same starting
    board, so that a choice of another width from the same plays scores none again."""
    entry = ranks.get(dice) if ranks is not None else None
    if entry is None:
        net = ev.pruner
        key = id(net)
        pre = base_pre.get(key)
        if pre is None:
            pre = base_pre[key] = net.hidden_pre(base)
        exact: list[int] = []
        todo: list[int] = []
        seen: list[Board] = []  # the boards of ``todo`` as the opponent sees them, the pruning network's input
        # a pure bear-off needs the opponent (base[0]) home: a play can only send its checkers back
        bear = bearoff.outputs if not any(base[0][7:]) else None
        for i, r in enumerate(plays):
            if r[0][0] == 15 and winner_kind(r):
                exact.append(i)
                continue
            sb = (r[1], r[0])
            if bear is not None and not (any(sb[0][7:]) or any(sb[1][7:])) and bear(sb) is not None:
                exact.append(i)
            else:
                todo.append(i)
                seen.append(sb)
        entry = (exact, sorted(zip(net.scores_from(base, pre, seen), todo)))
        if ranks is not None:
            ranks[dice] = entry
    exact, ranked = entry
    kept = exact + [i for _, i in ranked[:ev.prune]]
    kept.sort()
    return [plays[i] for i in kept]


def best_reply_outputs(ev: Evaluator, board: Board, dice: tuple[int, int]) -> Outputs:
    """Outputs, for the side on roll of ``board``, after its best 0-ply play of ``dice``."""
    return best_reply(ev, board, dice)[0]


def _average(parts: list[tuple[int, Outputs]]) -> Outputs:
    acc = [0.0] * 5
    for w, o in parts:
        for k in range(5):
            acc[k] += w * o[k]
    return outputs(a / 36.0 for a in acc)


def evaluate_1ply_board(ev: Evaluator, board: Board, work: Optional[Work] = None,
                        cache: Optional[Cache] = None) -> Outputs:
    """Outputs for the side on roll of ``board`` before rolling: its best 0-ply play averaged over 21 rolls."""
    exact = bearoff.outputs(board)
    if exact is not None:
        return exact
    pre: dict[int, list[float]] = {}
    return _average([(1 if r[0] == r[1] else 2, best_reply(ev, board, r, work, pre, cache)[0])
                     for r in ALL_ROLLS])


def outputs_1ply(ev: Evaluator, result: Board, cache: Optional[Cache] = None) -> Outputs:
    """Outputs for the mover of ``result`` after averaging the opponent's best replies over its 21 rolls."""
    kind = winner_kind(result)
    if kind:
        return WIN_OUTPUTS[kind]
    return invert(evaluate_1ply_board(ev, swap(result), None, cache))


Plan = list[tuple[int, Board, Optional[list[list[Board]]]]]
"""A 2-ply search before its leaves are evaluated: per opponent roll (its weight, the opponent's best reply,
the mover's plays of each of its 21 rolls after it, or None when no 1-ply search follows: the reply wins or
leaves a pure bear-off)."""


def plan_2ply(ev: Evaluator, opp: Board, work: Optional[Work] = None, cache: Optional[Cache] = None) -> Plan:
    """The first half of a 2-ply search from ``opp`` (the opponent on roll): its best reply to each roll
    (evaluated), and every play of the mover after it (generated only, a small part of the cost). ``work``
    counts all of them, so a search that cannot fit its limit stops here, before its leaves are evaluated:
    the same plays are counted as when searching leaf by leaf, so it stops exactly when that would."""
    plan: Plan = []
    pre: dict[int, list[float]] = {}
    for roll in ALL_ROLLS:
        _, reply = best_reply(ev, opp, roll, work, pre, cache)
        leaf: Optional[list[list[Board]]] = None
        if not winner_kind(reply):
            mine = swap(reply)
            if bearoff.outputs(mine) is None:
                leaf = [results(mine, r[0], r[1]) for r in ALL_ROLLS]
                if work is not None:
                    work.add(sum(map(len, leaf)))
        plan.append((1 if roll[0] == roll[1] else 2, reply, leaf))
    return plan


def outputs_from_plan(ev: Evaluator, plan: Plan, cache: Optional[Cache] = None) -> Outputs:
    """The second half: the mover's outputs, each leaf position scored at 1-ply, averaged over the rolls."""
    parts: list[tuple[int, Outputs]] = []
    for w, reply, leaf in plan:
        k = winner_kind(reply)
        if k:
            mine = invert(WIN_OUTPUTS[k])
        elif leaf is None:
            mine = bearoff.outputs(swap(reply))  # type: ignore[assignment]
        else:
            board = swap(reply)
            pre: dict[int, list[float]] = {}
            mine = _average([(1 if r[0] == r[1] else 2, best_reply(ev, board, r, None, pre, cache, plays)[0])
                             for r, plays in zip(ALL_ROLLS, leaf)])
        parts.append((w, mine))
    return _average(parts)


def outputs_2ply(ev: Evaluator, result: Board, work: Optional[Work] = None,
                 cache: Optional[Cache] = None) -> Outputs:
    """Outputs for the mover of ``result``: over the opponent's 21 rolls, its best 0-ply reply, and the
    position after it scored at 1-ply for the mover (on roll again). Raises ``OverBudget`` past ``work``'s
    limit (before evaluating the leaves, see ``plan_2ply``)."""
    kind = winner_kind(result)
    if kind:
        return WIN_OUTPUTS[kind]
    opp = swap(result)
    exact = bearoff.outputs(opp)
    if exact is not None:
        return invert(exact)
    return outputs_from_plan(ev, plan_2ply(ev, opp, work, cache), cache)


def shortlist(ranked: list[tuple[float, Board]], level: Level) -> list[Board]:
    """The 0-ply candidates (``rank_0ply``, best first) that get the 1-ply look."""
    top = ranked[0][0]
    return [b for e, b in ranked[:level.candidates] if e >= top - level.margin]


def deep_list(scored: list[tuple[float, int, Board]], level: Level) -> list[tuple[int, Board]]:
    """The 1-ply candidates ((equity, shortlist index, board), best first) that get the 2-ply look."""
    best1 = scored[0][0]
    return [(i, b) for e, i, b in scored[:level.deep] if e >= best1 - level.deep_margin]


def choose_board(ev: Evaluator, board: Board, dice: tuple[int, int], level: Level,
                 rng: Optional[random.Random] = None) -> Board:
    """The result board (not swapped) the level plays."""
    if level.plies == 0 and not level.noise > 0.0:
        return best_0ply(ev, board, dice)
    ranked = rank_0ply(ev, board, dice)
    if len(ranked) == 1:
        return ranked[0][1]
    if level.noise > 0.0:
        r = rng or random.Random(0)
        noisy = [(e + r.gauss(0.0, level.noise), i) for i, (e, _) in enumerate(ranked)]
        return ranked[max(noisy)[1]][1]
    if level.plies == 0:
        return ranked[0][1]
    short = shortlist(ranked, level)
    if len(short) == 1:
        return short[0]
    cache: Cache = {}
    ev = ev.pruned(level.prune)
    scored = [(equity(outputs_1ply(ev, b, cache)), i, b) for i, b in enumerate(short)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    if level.plies < 2 or level.deep < 2:
        return scored[0][2]
    deep = deep_list(scored, level)
    if len(deep) == 1:
        return deep[0][1]
    # Each candidate gets an equal share of the work limit (they cost about the same), so a 2-ply that would
    # not fit is given up early instead of after most of the limit.
    # Every candidate's 2-ply is planned (replies evaluated, leaves generated and counted) before any leaf
    # is evaluated: when one would not fit, no work is spent on the others' leaves.
    plans = []
    for i, b in deep:
        work = Work(level.deep_budget // len(deep)) if level.deep_budget else None
        kind = winner_kind(b)
        opp = swap(b)
        if kind or bearoff.outputs(opp) is not None:
            plans.append((i, b, None))
            continue
        try:
            plans.append((i, b, plan_2ply(ev, opp, work, cache)))
        except OverBudget:
            return scored[0][2]  # too much work for 2-ply here: the 1-ply choice
    rescored = [(equity(outputs_2ply(ev, b) if plan is None else outputs_from_plan(ev, plan, cache)), i, b)
                for i, b, plan in plans]
    rescored.sort(key=lambda t: (-t[0], t[1]))
    return rescored[0][2]


def self_play(ev: Evaluator, rng: random.Random, level: Level = PLAY["intermediate"]) -> list[tuple[Board, tuple[int, int]]]:
    """(board, dice) before each move of one game of ``level`` against itself, every roll from ``rng`` (the
    first may be a double): the positions the tests and benchmarks search."""
    out = []
    b = START_BOARD
    while True:
        d = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((b, d))
        c = choose_board(ev, b, d, level, rng)
        if winner_kind(c):
            return out
        b = swap(c)
