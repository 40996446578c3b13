"""Shared helpers for the rules tests: a deliberately simple reference move generator and
random position samplers. Nothing here is imported from the fast generator's internals."""

from __future__ import annotations

import random

import rules
from rules import Position


# --------------------------------------------------------------------------- reference
def _ref_legal(m: list, t: list, src: int, d: int):
    """Is moving one of my checkers from ``src`` with die ``d`` legal? -> (dst, hit) or None."""
    if m[src] == 0:
        return None
    if m[25] > 0 and src != 25:
        return None
    dst = src - d
    if dst >= 1:
        opp = t[25 - dst]
        if opp >= 2:
            return None
        return dst, opp == 1
    # bearing off
    if sum(m[7:26]) != 0:
        return None
    if dst == 0:
        return 0, False
    if sum(m[src + 1:7]) != 0:
        return None
    return 0, False


def _ref_apply(m: list, t: list, src: int, dst: int, hit: bool):
    m2 = list(m)
    t2 = list(t)
    m2[src] -= 1
    m2[dst] += 1
    if hit:
        t2[25 - dst] -= 1
        t2[25] += 1
    return m2, t2


def reference_results(pos: Position, dice) -> set:
    """All distinct results of legal full plays, by brute force over die orders and checkers.

    Returns a set of Positions (not swapped). Uses the rule text literally: try every order of
    the dice and every checker for each die, keep the sequences that use the most dice; with
    two different dice of which only one can be used, keep the higher die's plays if any.
    """
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    finished: dict = {}  # (mine, theirs) -> set of tuples of dice used

    seen = set()

    def rec(m, t, remaining, used):
        state = (tuple(m), tuple(t), remaining, used)
        if state in seen:
            return
        seen.add(state)
        moved = False
        if remaining:
            d = remaining[0]
            for src in range(25, 0, -1):
                r = _ref_legal(m, t, src, d)
                if r is None:
                    continue
                moved = True
                m2, t2 = _ref_apply(m, t, src, r[0], r[1])
                rec(m2, t2, remaining[1:], used + (d,))
        if not moved:
            finished.setdefault((tuple(m), tuple(t)), set()).add(used)

    for order in orders:
        rec(list(pos.mine), list(pos.theirs), order, ())
    most = max(len(u) for us in finished.values() for u in us)
    if most == 0:
        return set()
    keep = {k for k, us in finished.items() if any(len(u) == most for u in us)}
    if d1 != d2 and most == 1:
        hi = max(d1, d2)
        with_hi = {k for k, us in finished.items() if (hi,) in us}
        if with_hi:
            keep = with_hi
    return {Position(m, t) for m, t in keep}


# --------------------------------------------------------------------------- samplers
def random_game_positions(rng: random.Random, n_games: int, max_turns: int = 200):
    """Positions met in random games from the start (side to move = ``mine``), with the roll."""
    out = []
    for _ in range(n_games):
        pos = Position.initial()
        for _ in range(max_turns):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos, dice))
            plays = rules.legal_plays(pos, dice)
            if plays:
                _, pos = rng.choice(plays)
            if pos.is_over():
                break
            pos = pos.swapped()
    return out


def _spread(rng: random.Random, n: int, points: list, slots: list, max_each: int = 15) -> None:
    for _ in range(n):
        p = rng.choice(points)
        slots[p] += 1


def random_position(rng: random.Random, kind: str = "any") -> Position:
    """A random legal-looking position of a given flavour: 'any', 'bar', 'closed', 'bearoff',
    'bearoff_contact' (bearing off with opponent checkers to hit), 'race'."""
    for _ in range(1000):
        m = [0] * 26
        t = [0] * 26
        if kind == "bar":
            m[25] = rng.randint(1, 4)
            rest_m = rng.randint(0, 15 - m[25])
            _spread(rng, rest_m, list(range(1, 25)), m)
            t[25] = rng.randint(0, 2)
            _spread(rng, rng.randint(5, 15 - t[25]), list(range(1, 25)), t)
        elif kind == "closed":
            m[25] = rng.randint(1, 3)
            made = rng.sample(range(1, 7), rng.randint(4, 6))
            for p in made:
                t[p] = 2 + rng.randint(0, 1) if sum(t) < 12 else 2
            left = max(15 - sum(t), 0)
            _spread(rng, rng.randint(0, left), list(range(1, 25)), t)
            _spread(rng, rng.randint(0, 15 - m[25]), list(range(1, 25)), m)
        elif kind in ("bearoff", "bearoff_contact"):
            _spread(rng, rng.randint(1, 15), list(range(1, 7)), m)
            if rng.random() < 0.3:
                _spread(rng, 1, list(range(7, 12)), m)
            if kind == "bearoff_contact":
                # opponent blots and points in my home board (their 19..24) and beyond
                _spread(rng, rng.randint(1, 4), list(range(19, 25)), t)
                t[25] = rng.randint(0, 2)
                _spread(rng, rng.randint(0, 8), list(range(1, 19)), t)
            else:
                _spread(rng, rng.randint(1, 15), list(range(1, 19)), t)
        elif kind == "race":
            _spread(rng, rng.randint(1, 15), list(range(1, 13)), m)
            _spread(rng, rng.randint(1, 15), list(range(1, 13)), t)
        else:
            m[25] = rng.choice([0, 0, 0, 1, 2])
            t[25] = rng.choice([0, 0, 0, 1])
            _spread(rng, rng.randint(0, 15 - m[25]), list(range(1, 25)), m)
            _spread(rng, rng.randint(0, 15 - t[25]), list(range(1, 25)), t)
        if sum(m[1:]) > 15 or sum(t[1:]) > 15:
            continue
        # resolve shared points: the side with more checkers keeps the point
        for p in range(1, 25):
            q = 25 - p
            if m[p] and t[q]:
                if rng.random() < 0.5:
                    t[q] = 0
                else:
                    m[p] = 0
        if sum(m[1:]) == 0 and sum(t[1:]) == 0:
            continue
        m[0] = 15 - sum(m[1:])
        t[0] = 15 - sum(t[1:])
        return Position(tuple(m), tuple(t))
    raise AssertionError("could not sample a position")


def mixed_sample(seed: int, n: int) -> list:
    """``n`` (position, dice) pairs: half from random games, the rest synthetic with bar,
    closed-board and bear-off positions over-represented; doubles over-represented too."""
    rng = random.Random(seed)
    out = []
    games = random_game_positions(rng, max(1, n // 200))
    rng.shuffle(games)
    out.extend(games[: n // 2])
    kinds = ["bar", "closed", "bearoff", "bearoff_contact", "race", "any"]
    while len(out) < n:
        kind = kinds[len(out) % len(kinds)]
        pos = random_position(rng, kind)
        if rng.random() < 0.3:
            d = rng.randint(1, 6)
            dice = (d, d)
        else:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((pos, dice))
    return out[:n]
