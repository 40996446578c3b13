"""Resignations: whether the bot accepts one offered to it, and when it offers one itself.

Accepting: the bot accepts when what the offer gives it is at least what playing on is worth to it, its cubeful
equity at its level (``bot.cube``: Janowski's model in money play, the cubeful match-winning chance in a match,
with the cube's efficiency by the class of the position; no Jacoby rule assumed, as in the bot's cube decisions). The offer is made by the player on turn: before its
roll the position is evaluated with the resigner on roll; after its roll, the bot finds the resigner's best play
of that roll (at the bot's level) and evaluates the position after it, the bot on roll.

Offering: like GNU Backgammon, the bot offers to resign only a game it cannot win: when its winning chance at its
level is at most ``SURE_LOSS`` (a pure bear-off is exact: no chance at all), it offers the smallest result it
expects to lose no more than (a single game when a gammon is no more likely than ``SMALL_LOSS``, the network's
margin in races it does not know exactly; a gammon when a backgammon is not; else a backgammon), among the offers
the table allows.
"""
from __future__ import annotations

from typing import Iterable

from rules.cubeinfo import MONEY, CubeInfo
from rules.position import Position

from . import bearoff as _bearoff
from . import cube as _cube
from . import fixed_layer as _fixed_layer
from . import met as _met
from .levels import DEFAULT, NETWORK, slow
from .network import Outputs, invert

__all__ = ["SURE_LOSS", "SMALL_LOSS", "resign_answer", "resign_offer", "answer_values"]

SURE_LOSS = 0.001
SMALL_LOSS = 0.01
_LOOK_CLOSER = 0.05


def _outputs(position_id: str, level: str) -> Outputs:
    import bot
    return bot._outputs(position_id, level)


def _network_wins_more(position_id: str, chance: float) -> bool:
    """Whether the side on roll of ``position_id`` wins with more than ``chance`` at 0 ply (the network, exact in
    a pure bear-off), as ``bot.evaluate`` at the network's level says: from the network's first output alone
    (``bot.fixed_layer.win_chance``, within ``fixed_layer.win_error`` of evaluate's), and from ``bot.evaluate``
    itself when that is within this bound of ``chance``, so the answer is always evaluate's."""
    import bot
    board = bot._board(position_id)
    exact = _bearoff.outputs(board)
    if exact is not None:
        return exact[0] > chance
    net = bot.evaluator().net_for(board)
    win = _fixed_layer.win_chance(net, board)
    if abs(win - chance) <= _fixed_layer.win_error(net):
        return _outputs(position_id, NETWORK)[0] > chance
    return win > chance


def answer_values(position_id: str, points: int, *, dice=(), cube: CubeInfo = MONEY, level: str = DEFAULT) -> dict:
    """What accepting and playing on are worth to the side offered a resignation of ``points``: ``accept`` and
    ``play_on``, per unit of cube in money play (points / cube for accepting), as match-winning chances in a
    match. ``position_id``: the resigner on roll (encoded second), before its roll; ``dice``: the resigner's
    roll when it has rolled; ``cube`` the cube and score seen by the side offered (``rules.CubeInfo``)."""
    import bot
    s = bot._cube_info(cube)
    if not isinstance(points, int) or isinstance(points, bool) or points < 1:
        raise bot.BotError(f"points offered must be an int >= 1, got {points!r}")
    if dice and tuple(dice) != (0, 0):
        after = Position.from_id(bot.choose(position_id, tuple(dice), level))
        if after.is_over():  # the resigner's roll wins the game: any offer is better than that
            return {"accept": float(points), "play_on": float("-inf")}
        board = after.swapped()
        o = _outputs(board.to_id(), level)  # the side offered, on roll
    else:
        board = Position.from_id(position_id)
        o = invert(_outputs(position_id, level))
    x = _cube.efficiency(board)  # the cube's efficiency by the class of the position, as for a double
    if not s.match_length:
        p, w, l_ = _cube._w_l(o)
        return {"accept": points / s.value, "play_on": _cube.janowski(p, w, l_, s.owner, x)}
    a, b, v, post = s.my_away, s.their_away, s.value, s.post_crawford
    x = 0.0 if s.crawford else x
    return {"accept": _met.mwc(a - points, b, post), "play_on": _cube.match_cubeful(o, a, b, v, s.owner, post, x)}


def resign_answer(position_id: str, points: int, *, dice=(), cube: CubeInfo = MONEY, level: str = DEFAULT) -> str:
    """``"accept"`` when the offer is worth at least playing on (``answer_values``), else ``"decline"``."""
    v = answer_values(position_id, points, dice=dice, cube=cube, level=level)
    return "accept" if v["accept"] >= v["play_on"] - 1e-9 else "decline"


def resign_offer(position_id: str, offers: Iterable[int], *, cube: CubeInfo = MONEY, level: str = DEFAULT) -> int:
    """The points the side on roll of ``position_id`` (before its roll) offers to resign for, among ``offers``
    (the table's), or 0 when it plays on: see the module docstring."""
    import bot
    bot._level(level)  # an unknown level: BotError, as from the evaluation
    allowed = sorted(int(x) for x in offers)
    if not allowed:
        return 0
    if slow(level):
        if _network_wins_more(position_id, _LOOK_CLOSER):
            return 0  # the network alone (cheap) sees chances: no deeper look
    elif _network_wins_more(position_id, SURE_LOSS):
        return 0  # the level's own evaluation is the network's: it sees chances
    o = _outputs(position_id, level)
    if o[0] > SURE_LOSS:
        return 0
    k = 1 if o[3] <= SMALL_LOSS else 2 if o[4] <= SMALL_LOSS else 3
    fitting = [x for x in allowed if x >= k * cube.value]
    return fitting[0] if fitting else allowed[-1]  # the most it can still lose covers all
