"""Cube decisions from the network's probabilities.

Money play: Janowski's model. With p the chance of winning, W and L the average value of a won and a lost
game (gammons and backgammons included), the live-cube take point is TP = (L - 1/2) / (W + L + 1/2) and the
cash point CP = (L + 1) / (W + L + 1/2). Cubeful equity (per unit of cube) is
``E = (1 - x) * E_dead + x * E_live``, where E_dead is the cubeless equity and E_live is linear in p:
  centred cube:    -1 at TP, +1 at CP (clamped outside);
  cube owned:      -L at p = 0, +1 at CP (clamped above);
  opponent's cube: -1 at TP (clamped below), W at p = 1;
except where the side that could cash is too good to double: its cubeless equity is past +1 (p above
TG = (L + 1) / (W + L), gammons likely), and it plays on for that instead of +1 (likewise below -1 for the
other side), as in GNU Backgammon's money Janowski.
x is the cube efficiency (``CUBE_EFFICIENCY``, 0.68 as the usual middle of the 0.6 - 0.8 range).
Double when min(2 * E(opponent owns), +1) > E(current ownership); take when 2 * E(owning the cube) >= -1.

Match play: the same model on the match-winning-chance scale of the Kazaross-XG2 table (``bot.met``). At a cube
value v, MWCs are mapped linearly to an equity scale where a single win is +1 and a single loss -1; W and L
are then the average values of gammons and backgammons at this score, the model above gives a cubeful
equity, and it is mapped back to a MWC. A cube that can no longer matter (its owner already wins the match
with a single game at this value) is dead (x = 0). Crawford game: nobody may double. After it, the trailer
doubles at its first chance (the leader's cube is worthless to it) and every take compares exact MWCs.
"""
from __future__ import annotations

from rules import cubeinfo as _ci
from rules.cubeinfo import CubeInfo

from . import met
from .network import Outputs, invert

CUBE_EFFICIENCY = 0.68

CENTER, MINE, THEIRS = _ci.CENTER, _ci.MINE, _ci.THEIRS


class CubeError(ValueError):
    """A cube question that cannot be asked (Crawford game, the opponent's cube)."""


def _w_l(o: Outputs) -> tuple[float, float, float]:
    p = min(max(o[0], 1e-6), 1.0 - 1e-6)
    w = (o[0] + o[1] + o[2]) / p if o[0] > 1e-6 else 1.0
    lose = 1.0 - o[0]
    l_ = (lose + o[3] + o[4]) / lose if lose > 1e-6 else 1.0
    return p, w, l_


def _live(p: float, w: float, l_: float, owner: str) -> float:
    tp = (l_ - 0.5) / (w + l_ + 0.5)
    cp = (l_ + 1.0) / (w + l_ + 0.5)
    # Too good to double: past TG = (L + 1) / (W + L) the cubeless equity is above +1, so the side that could
    # cash plays on for it instead (and below (L - 1) / (W + L) the other side does).
    dead = p * (w + l_) - l_
    if owner == CENTER:
        if p <= tp:
            return min(-1.0, dead)
        if p >= cp:
            return max(1.0, dead)
        return -1.0 + 2.0 * (p - tp) / (cp - tp)
    if owner == MINE:
        if p >= cp:
            return max(1.0, dead)
        return -l_ + (1.0 + l_) * p / cp
    if p <= tp:
        return min(-1.0, dead)
    return -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)


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


def match_cubeful(o: Outputs, a: int, b: int, v: int, owner: str, post: bool, x: float = CUBE_EFFICIENCY) -> float:
    """Cubeful match-winning chance of the side whose outputs ``o`` are, with cube ``v`` owned by ``owner``."""
    wins, losses = _outcome_mwcs(a, b, v, post)
    hi, lo = wins[0], losses[0]
    span = hi - lo
    if span <= 1e-9:
        return hi
    def to_eq(m: float) -> float:
        return 2.0 * (m - lo) / span - 1.0
    p = min(max(o[0], 1e-6), 1.0 - 1e-6)
    wi = [o[0] - o[1], o[1] - o[2], o[2]]
    lo_ = [1.0 - o[0] - o[3], o[3] - o[4], o[4]]
    w = sum(pk * to_eq(m) for pk, m in zip(wi, wins)) / p
    l_ = -sum(pk * to_eq(m) for pk, m in zip(lo_, losses)) / (1.0 - p)
    w, l_ = max(w, 1.0), max(l_, 1.0)
    # A cube its owner can no longer use: redoubling past what either side needs changes nothing.
    dead = (owner == MINE and v >= a) or (owner == THEIRS and v >= b) or (owner == CENTER and v >= a and v >= b)
    if post:
        dead = True  # after Crawford the cube is used once (by the trailer) and is then dead
    e = janowski(p, w, l_, owner, 0.0 if dead else x)
    return lo + (e + 1.0) / 2.0 * span


def match_equities(o: Outputs, s: CubeInfo, x: float = CUBE_EFFICIENCY) -> dict[str, float]:
    """MWCs for the side on roll: no double, double/take, double/pass."""
    a, b, v, post = s.my_away, s.their_away, s.value, s.post_crawford
    return {
        "no_double": match_cubeful(o, a, b, v, s.owner, post, x),
        "double_take": match_cubeful(o, a, b, 2 * v, THEIRS, post, x),
        "double_pass": met.mwc(a - v, b, post),
    }


# --- decisions ------------------------------------------------------------------------------------------------

def should_double(o: Outputs, s: CubeInfo) -> bool:
    """Whether the side on roll (outputs ``o``, before rolling) should double."""
    if s.owner == THEIRS:
        raise CubeError("the cube belongs to the opponent: this side cannot double")
    if s.match_length == 0:
        e = money_equities(o, s.owner)
    else:
        if s.crawford:
            raise CubeError("no doubling in the Crawford game")
        if s.my_away <= s.value:
            return False  # a win at this cube already wins the match
        if s.post_crawford and s.their_away == 1 and s.owner == CENTER:
            return True  # the trailer doubles at once: the leader's recube is worthless
        e = match_equities(o, s)
    # A tie (a certain win without gammons: cash now or later) counts as a double.
    return min(e["double_take"], e["double_pass"]) >= e["no_double"] - 1e-9


def should_take(o_doubler: Outputs, s_taker: CubeInfo) -> bool:
    """Whether to take a double. ``o_doubler``: outputs of the doubler (on roll); ``s_taker``: the taker's view
    of the cube *before* the double (value v, owned by the doubler or centred)."""
    if s_taker.owner == MINE:
        raise CubeError("the taker owns the cube: the other side cannot double")
    o = invert(o_doubler)
    if s_taker.match_length == 0:
        p, w, l_ = _w_l(o)
        return 2.0 * janowski(p, w, l_, MINE) >= -1.0
    if s_taker.crawford:
        raise CubeError("no doubling in the Crawford game")
    a, b, v, post = s_taker.my_away, s_taker.their_away, s_taker.value, s_taker.post_crawford
    take = match_cubeful(o, a, b, 2 * v, MINE, post)
    drop = met.mwc(a, b - v, post)
    return take >= drop
