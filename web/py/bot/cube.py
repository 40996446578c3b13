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

from dataclasses import dataclass

from . import met
from .kinds import CubeOwner
from .network import Outputs, invert

CUBE_EFFICIENCY = 0.68

CENTER, MINE, THEIRS = "center", "me", "opponent"  # bot.kinds.CubeOwner


class CubeError(ValueError):
    """A cube question that cannot be asked (Crawford game, the opponent's cube, bad arguments)."""


@dataclass(frozen=True)
class CubeView:
    """The cube and score, seen by the side deciding (not ``rules.MatchState``, which numbers the players).

    ``match_length`` 0 is money play. ``my_away`` / ``their_away`` are points still needed (match play).
    ``crawford`` is True during the Crawford game; ``post_crawford`` once it has been played.
    """
    cube_value: int = 1
    cube_owner: CubeOwner = CENTER
    match_length: int = 0
    my_away: int = 0
    their_away: int = 0
    crawford: bool = False
    post_crawford: bool = False

    def check(self) -> None:
        if not isinstance(self.cube_value, int) or self.cube_value < 1 or self.cube_value & (self.cube_value - 1):
            raise CubeError(f"cube value must be a power of two >= 1, got {self.cube_value!r}")
        if self.cube_owner not in (CENTER, MINE, THEIRS):
            raise CubeError(f"cube owner must be 'center', 'me' or 'opponent', got {self.cube_owner!r}")
        if self.cube_value == 1 and self.cube_owner != CENTER and self.match_length == 0:
            pass  # an owned 1-cube is unusual but harmless
        if not isinstance(self.match_length, int) or self.match_length < 0:
            raise CubeError(f"match length must be an int >= 0, got {self.match_length!r}")
        if self.match_length:
            for v, what in ((self.my_away, "my_away"), (self.their_away, "their_away")):
                if not isinstance(v, int) or not 1 <= v <= self.match_length:
                    raise CubeError(f"{what} must be 1..{self.match_length}, got {v!r}")
            if self.crawford and self.post_crawford:
                raise CubeError("a game cannot be both the Crawford game and post-Crawford")
            if self.crawford and 1 not in (self.my_away, self.their_away):
                raise CubeError("the Crawford game needs a player 1 away")


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


def match_equities(o: Outputs, s: CubeView, x: float = CUBE_EFFICIENCY) -> dict[str, float]:
    """MWCs for the side on roll: no double, double/take, double/pass."""
    a, b, v, post = s.my_away, s.their_away, s.cube_value, s.post_crawford
    return {
        "no_double": match_cubeful(o, a, b, v, s.cube_owner, post, x),
        "double_take": match_cubeful(o, a, b, 2 * v, THEIRS, post, x),
        "double_pass": met.mwc(a - v, b, post),
    }


# --- decisions ------------------------------------------------------------------------------------------------

def should_double(o: Outputs, s: CubeView) -> bool:
    """Whether the side on roll (outputs ``o``, before rolling) should double."""
    s.check()
    if s.cube_owner == THEIRS:
        raise CubeError("the cube belongs to the opponent: this side cannot double")
    if s.match_length == 0:
        e = money_equities(o, s.cube_owner)
    else:
        if s.crawford:
            raise CubeError("no doubling in the Crawford game")
        if s.my_away <= s.cube_value:
            return False  # a win at this cube already wins the match
        if s.post_crawford and s.their_away == 1 and s.cube_owner == CENTER:
            return True  # the trailer doubles at once: the leader's recube is worthless
        e = match_equities(o, s)
    # A tie (a certain win without gammons: cash now or later) counts as a double.
    return min(e["double_take"], e["double_pass"]) >= e["no_double"] - 1e-9


def should_take(o_doubler: Outputs, s_taker: CubeView) -> bool:
    """Whether to take a double. ``o_doubler``: outputs of the doubler (on roll); ``s_taker``: the taker's view
    of the cube *before* the double (value v, owned by the doubler or centred)."""
    s_taker.check()
    if s_taker.cube_owner == MINE:
        raise CubeError("the taker owns the cube: the other side cannot double")
    o = invert(o_doubler)
    if s_taker.match_length == 0:
        p, w, l_ = _w_l(o)
        return 2.0 * janowski(p, w, l_, MINE) >= -1.0
    if s_taker.crawford:
        raise CubeError("no doubling in the Crawford game")
    a, b, v, post = s_taker.my_away, s_taker.their_away, s_taker.cube_value, s_taker.post_crawford
    take = match_cubeful(o, a, b, 2 * v, MINE, post)
    drop = met.mwc(a, b - v, post)
    return take >= drop
