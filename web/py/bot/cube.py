"""Cube decisions from the network's probabilities.

Money play: Janowski's model. With p the chance of winning, W and L the average value of a won and a lost
game (gammons and backgammons included), the live-cube take point is TP = (L - 1/2) / (W + L + 1/2) and the
cash point CP = (L + 1) / (W + L + 1/2). Cubeful equity (per unit of cube) is
``E = (1 - x) * E_dead + x * E_live``, where E_dead is the cubeless equity and E_live is piecewise linear in p
from -L at p = 0 to W at p = 1 through:
  centred cube:    -1 at TP, +1 at CP;
  cube owned:      +1 at CP;
  opponent's cube: -1 at TP.
Past a cash point the side too good to double plays on for its gammons and cashes only if its chances fall
back to that point (so a position too good to double is worth more than its cubeless equity to the side that
may double).
x is the cube efficiency: by position class (``efficiency``: contact 0.76, a race by its length, bearing off
0.60, as GNU Backgammon publishes them for shallow evaluations) where the position is known, else
``CUBE_EFFICIENCY`` (0.68).
Double when min(2 * E(opponent owns), +1) > E(current ownership); take when 2 * E(owning the cube) >= -1.

Match play: the same model on the match-winning-chance (MWC) scale of the Kazaross-XG2 table (``bot.met``),
with the take and cash points worked out from the table at the score instead of money's. A game won (lost) at
cube value c is worth the MWC of its single, gammon and backgammon wins (losses), weighted by their cubeless
shares. The take point of a double from c to 2c is where taking, with the cube then owned at 2c, is worth the
pass: fully live, the taker's MWC rises linearly from a game lost at 2c (chance 0) to its own cash at its cash
point, so TP(c) = CP(2c) * (pass - lost(2c)) / (cash(2c) - lost(2c)), where CP(2c) = 1 - the opponent's TP(2c)
(the same question one cube up) and cash(2c) is a single win at 2c; at a cube its owner can no longer use (a
single win at it already wins the match) the cash point is 1 and the top a game won at 2c (the dead cube's take
point). This is the recursion by which live-cube match take points are published (dead-cube take point times the
cash point a level up); with no end in sight and money's payoffs it gives Janowski's TP above. The live cube's
MWC is then piecewise linear in p through a game lost (p = 0), where the opponent doubles us out (our TP, the
pass; if it can double), where we double it out (1 - its TP, its pass; if we can) and a game won (p = 1): past
a cash point the side too good to double plays on and cashes only if its chances fall back to that point. The
cubeful MWC is x times that plus 1 - x times the dead cube's (the cubeless MWC). Crawford game: nobody may
double. After it the cube is used once: the trailer doubles at its first chance (the leader's cube is
worthless to it) and every take compares exact MWCs.
"""
from __future__ import annotations

from rules import board as _board
from rules import cubeinfo as _ci
from rules.cubeinfo import CubeInfo

from . import met
from .network import Outputs, invert

CUBE_EFFICIENCY = 0.68
"""x where the position is not known (the model's functions take it as their default)."""
CONTACT_EFFICIENCY = 0.76
BEAROFF_EFFICIENCY = 0.60
RACE_EFFICIENCY = (0.60, 0.0025, 0.60, 0.80)
"""Cube efficiency by position class for evaluations of 0 and 1 ply (the bot's cube evaluations go no deeper),
as GNU Backgammon publishes it (``show cubeefficiency``; Janowski's x): contact and crashed positions 0.76; both
sides bearing off (every checker home) 0.60; a race ``RACE_EFFICIENCY``: 0.60 + 0.0025 per pip of the side on
roll, between 0.60 and 0.80 (a long race keeps its cube longer than a short one)."""

CENTER, MINE, THEIRS = _ci.CENTER, _ci.MINE, _ci.THEIRS


def efficiency(board) -> float:
    """Janowski's x for ``board`` (a ``rules.Position`` or its pair of sides, the side on roll first), by its
    class."""
    mine, theirs = board[0], board[1]
    if not any(mine[7:26]) and not any(theirs[7:26]):
        return BEAROFF_EFFICIENCY
    if _board.is_race((mine, theirs)):
        base, per_pip, lo, hi = RACE_EFFICIENCY
        return min(max(base + per_pip * _board.pips(mine), lo), hi)
    return CONTACT_EFFICIENCY


class CubeError(ValueError):
    """A cube question that cannot be asked (Crawford game, the opponent's cube)."""


def _w_l(o: Outputs) -> tuple[float, float, float]:
    p = min(max(o[0], 1e-6), 1.0 - 1e-6)
    w = (o[0] + o[1] + o[2]) / o[0] if o[0] > 1e-6 else 1.0  # exactly 1 without gammons
    lose = 1.0 - o[0]
    l_ = (lose + o[3] + o[4]) / lose if lose > 1e-6 else 1.0
    return p, w, l_


def _live(p: float, w: float, l_: float, owner: str) -> float:
    """The fully live cube's equity: piecewise linear in p through -L (p = 0), -1 at TP (where the opponent
    doubles us out, if it holds the cube or it is centred), +1 at CP (where we double it out, if we can) and W
    (p = 1). Past a cash point the side too good to double plays on, and cashes only if its chances fall back
    to that point: the line from the cash to a game won (lost) is what playing on is worth."""
    tp = (l_ - 0.5) / (w + l_ + 0.5)
    cp = (l_ + 1.0) / (w + l_ + 0.5)
    pts = [(0.0, -l_)]
    if owner != MINE:
        pts.append((tp, -1.0))
    if owner != THEIRS:
        pts.append((cp, 1.0))
    pts.append((1.0, w))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0) if x1 > x0 else y1
    return w


def janowski(p: float, w: float, l_: float, owner: str, x: float = CUBE_EFFICIENCY) -> float:
    """Cubeful equity per unit of cube (see the module docstring)."""
    dead = p * w - (1.0 - p) * l_
    return (1.0 - x) * dead + x * _live(p, w, l_, owner)


def money_equities(o: Outputs, owner: str, x: float = CUBE_EFFICIENCY) -> dict[str, float]:
    """Equities (per current cube unit) for the side on roll: no double, double/take, double/pass."""
    p, w, l_ = _w_l(o)
    return {"no_double": janowski(p, w, l_, owner, x), "double_take": 2.0 * janowski(p, w, l_, THEIRS, x),
            "double_pass": 1.0}


# --- match play -----------------------------------------------------------------------------------------------

def _outcome_mwcs(a: int, b: int, v: int, post: bool) -> tuple[list[float], list[float]]:
    """MWCs after winning / losing 1, 2, 3 times the cube value ``v``."""
    wins = [met.mwc(a - k * v, b, post) for k in (1, 2, 3)]
    losses = [met.mwc(a, b - k * v, post) for k in (1, 2, 3)]
    return wins, losses


def _won_lost(o: Outputs, a: int, b: int, v: int, post: bool) -> tuple[float, float]:
    """The MWCs of a game won and of a game lost at cube ``v`` (gammons and backgammons in their cubeless
    shares of wins and losses), for the side whose outputs ``o`` are, ``a`` away against ``b``."""
    wins, losses = _outcome_mwcs(a, b, v, post)
    pw = min(max(o[0], 1e-6), 1.0 - 1e-6)
    pl = 1.0 - pw
    wk = [max(o[0] - o[1], 0.0), max(o[1] - o[2], 0.0), max(o[2], 0.0)]
    lk = [max(1.0 - o[0] - o[3], 0.0), max(o[3] - o[4], 0.0), max(o[4], 0.0)]
    won = sum(k * m for k, m in zip(wk, wins)) / max(sum(wk), 1e-9) if pw > 1e-6 else wins[0]
    lost = sum(k * m for k, m in zip(lk, losses)) / max(sum(lk), 1e-9) if pl > 1e-6 else losses[0]
    return won, lost


def _can_use(away: int, v: int, post: bool) -> bool:
    """Whether owning the cube at ``v`` is worth anything to a side ``away`` points away: a redouble it could
    give (its single win at ``v`` does not already win the match; after the Crawford game the cube is used once
    and is then dead)."""
    return not post and v < away


def take_point(o: Outputs, a: int, b: int, v: int, post: bool) -> float:
    """The winning chance the side whose outputs ``o`` are (``a`` away, against ``b``) needs to take a double
    from ``v`` to ``2v`` with a live cube: passing gives up ``v``; taking, it owns the cube at ``2v`` and its
    match-winning chance grows linearly from a game lost at ``2v`` (chance 0) to its own cash (the opponent
    passing its redouble to ``4v``) at its cash point, 1 minus the opponent's take point at ``2v`` (the same
    question one level up, down to a cube its owner can no longer use, where the take point is the dead cube's).
    With a centred money-like score and no end in sight this is Janowski's (L - 1/2) / (W + L + 1/2)."""
    drop = met.mwc(a, b - v, post)
    won, lost = _won_lost(o, a, b, 2 * v, post)
    if _can_use(a, 2 * v, post):
        cash_point = 1.0 - take_point(invert(o), b, a, 2 * v, post)
        top = met.mwc(a - 2 * v, b, post)
    else:
        cash_point, top = 1.0, won
    span = top - lost
    if span <= 1e-9:
        return 0.0 if drop <= lost else 1.0
    return min(max(cash_point * (drop - lost) / span, 0.0), 1.0)


def _match_live(o: Outputs, p: float, a: int, b: int, v: int, owner: str, post: bool) -> tuple[float, float]:
    """(live-cube MWC, dead-cube MWC) of the side on roll with winning chance ``p`` and cube ``v``."""
    won, lost = _won_lost(o, a, b, v, post)
    dead = p * won + (1.0 - p) * lost
    # Left end: where the opponent doubles us out (we pass), or a game lost when it cannot double.
    if owner != MINE and _can_use(b, v, post):
        x0, y0 = take_point(o, a, b, v, post), met.mwc(a, b - v, post)
    else:
        x0, y0 = 0.0, lost
    # Right end: where we double them out (they pass), or a game won when we cannot double.
    if owner != THEIRS and _can_use(a, v, post):
        x1, y1 = 1.0 - take_point(invert(o), b, a, v, post), met.mwc(a - v, b, post)
    else:
        x1, y1 = 1.0, won
    if x1 - x0 <= 1e-9:
        return (y0 if p < (x0 + x1) / 2.0 else y1), dead
    if p < x0:  # the opponent plays on and cashes when our chances rise to x0 (or the game ends lost)
        return lost + (y0 - lost) * p / x0, dead
    if p > x1:  # we play on and cash when our chances fall to x1 (or the game ends won)
        return y1 + (won - y1) * (p - x1) / (1.0 - x1) if x1 < 1.0 else won, dead
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0), dead


def match_cubeful(o: Outputs, a: int, b: int, v: int, owner: str, post: bool, x: float = CUBE_EFFICIENCY) -> float:
    """Cubeful match-winning chance of the side whose outputs ``o`` are, with cube ``v`` owned by ``owner``:
    ``x`` times the live cube's MWC plus ``1 - x`` times the dead cube's (see the module docstring)."""
    p = min(max(o[0], 1e-6), 1.0 - 1e-6)
    live, dead = _match_live(o, p, a, b, v, owner, post)
    return x * live + (1.0 - x) * dead


def match_equities(o: Outputs, s: CubeInfo, x: float = CUBE_EFFICIENCY) -> dict[str, float]:
    """MWCs for the side on roll: no double, double/take, double/pass."""
    a, b, v, post = s.my_away, s.their_away, s.value, s.post_crawford
    return {
        "no_double": match_cubeful(o, a, b, v, s.owner, post, x),
        "double_take": match_cubeful(o, a, b, 2 * v, THEIRS, post, x),
        "double_pass": met.mwc(a - v, b, post),
    }


# --- decisions ------------------------------------------------------------------------------------------------

def doubled(e: dict[str, float]) -> float:
    """The doubler's equity of doubling, from money_equities' or match_equities' three: the opponent answers with
    the better of take and pass for them, the lower of the two for the doubler."""
    return min(e["double_take"], e["double_pass"])


def should_double(o: Outputs, s: CubeInfo, x: float = CUBE_EFFICIENCY) -> bool:
    """Whether the side on roll (outputs ``o``, before rolling) should double."""
    if s.owner == THEIRS:
        raise CubeError("the cube belongs to the opponent: this side cannot double")
    if s.match_length == 0:
        e = money_equities(o, s.owner, x)
    else:
        if s.crawford:
            raise CubeError("no doubling in the Crawford game")
        if s.my_away <= s.value:
            return False  # a win at this cube already wins the match
        if s.post_crawford and s.their_away == 1 and s.owner == CENTER:
            return True  # the trailer doubles at once: the leader's recube is worthless
        e = match_equities(o, s, x)
    # A tie (a certain win without gammons: cash now or later) counts as a double.
    return doubled(e) >= e["no_double"] - 1e-9


def should_take(o_doubler: Outputs, s_taker: CubeInfo, x: float = CUBE_EFFICIENCY) -> bool:
    """Whether to take a double. ``o_doubler``: outputs of the doubler (on roll); ``s_taker``: the taker's view
    of the cube *before* the double (value v, owned by the doubler or centred)."""
    if s_taker.owner == MINE:
        raise CubeError("the taker owns the cube: the other side cannot double")
    o = invert(o_doubler)
    if s_taker.match_length == 0:
        p, w, l_ = _w_l(o)
        return 2.0 * janowski(p, w, l_, MINE, x) >= -1.0
    if s_taker.crawford:
        raise CubeError("no doubling in the Crawford game")
    a, b, v, post = s_taker.my_away, s_taker.their_away, s_taker.value, s_taker.post_crawford
    take = match_cubeful(o, a, b, 2 * v, MINE, post, x)
    drop = met.mwc(a, b - v, post)
    return take >= drop
