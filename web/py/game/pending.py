"""The decisions a table waits for that it cannot make itself (:class:`~game.state.Pending`), and the results a
turn being played can still reach. Functions of a :class:`~game.value.TableValue`."""
from __future__ import annotations

from typing import Optional

import rules
from rules.posid import encode_position_id

from .kinds import Level, Reason
from .options import Seat
from .resign import offers_of
from .state import MOVING, ROLL, TAKE, Pending
from .value import TableValue

__all__ = ["completions", "cube_info", "pending_for", "clock_pending", "Completions"]

#: Result Position ID -> the steps still to make to reach it (:func:`completions`).
Completions = dict[str, tuple[rules.Step, ...]]


def completions(turn: "rules.Turn") -> Completions:
    """Result Position ID -> the steps still to make from ``turn`` (partly played or not)."""
    out: Completions = {}
    if not turn.steps:
        # distinct results (rules.Turn.legal_plays gives each once), so one ID each
        return {encode_position_id(result[0], result[1]): tuple(play) for play, result in turn.legal_plays()}
    seen: set[tuple[rules.Position, tuple[int, ...]]] = set()

    def walk(t: "rules.Turn", made: tuple[rules.Step, ...]) -> None:
        key = (t.position, tuple(sorted(t.dice_left)))
        if key in seen:
            return
        seen.add(key)
        if t.is_complete:
            out.setdefault(t.position.to_id(), made)
            return
        for frm in t.options():
            for die in set(t.dice_left):
                try:
                    nxt = t.apply(frm, max(frm - die, 0), die)
                except rules.IllegalMoveError:
                    continue
                walk(nxt, made + (nxt.steps[-1],))

    walk(turn, ())
    return out


def cube_info(v: TableValue, p: int) -> rules.CubeInfo:
    """The cube and score as player ``p`` sees them (what ``bot.cube_action`` / ``bot.take_decision`` take)."""
    kept = _CUBES[p]
    if kept[0] is not v.match:
        kept = _CUBES[p] = (v.match, rules.CubeInfo.of_match(v.match, p))
    return kept[1]


# per player, the last (match, cube info): immutable, so kept
_CUBES: list[tuple[Optional[rules.MatchState], rules.CubeInfo]] = [(None, rules.cubeinfo.MONEY),
                                                                   (None, rules.cubeinfo.MONEY)]


def _level(seat: Seat) -> Level:
    assert seat.level is not None  # a bot seat has its level (Seat checks it)
    return seat.level


def _bot_or_clock(v: TableValue, p: int) -> Optional[tuple[Reason, Level]]:
    """(reason, level) when player ``p``'s decision is the bot's: a bot seat, or an expired clock (the table
    plays for the player at the clock's level); None when a person decides."""
    seat = v.options.seats[p]
    if seat.kind == "bot":
        return "bot", _level(seat)
    if v.expired:
        return "clock", v.options.clock_level
    return None


def bot_resign_offers(v: TableValue, p: int) -> tuple[int, ...]:
    """The points bot seat ``p`` may offer to resign for now (none once an offer of its was declined in this game,
    or in this turn)."""
    if v.declined[p] or v.offered:
        return ()
    return tuple(sorted(offers_of(v, p).values()))


def resign_pending(v: TableValue) -> Optional[Pending]:
    """The bot's answer to the resignation offered, when the answerer is a bot seat."""
    assert v.offer is not None  # pending_for asks only while one waits
    p, points, _ = v.offer
    a = 1 - p
    seat = v.options.seats[a]
    if seat.kind != "bot":
        return None
    start = v.turn.start if v.turn is not None else v.position(p)
    return Pending(a, "resign", "bot", _level(seat), start.to_id(), dice=v.dice or (),
                   cube=cube_info(v, a), offer=points)


def pending_for(v: TableValue, comp: Optional[Completions] = None) -> Optional[Pending]:
    """The pending decision of ``v`` (``comp``: its completions, when already known)."""
    p = v.player
    opts = v.options
    if v.offer is not None:
        return resign_pending(v)
    if v.phase == ROLL:
        seat = opts.seats[p]
        if not v.match.can_double(p) or v.expired:
            return None
        reason: Reason
        if seat.kind == "bot":
            reason, level = "bot", _level(seat)
        elif seat.kind == "human" and opts.auto_roll and not v.advised:
            reason, level = "auto", opts.clock_level
        else:
            return None
        return Pending(p, "cube", reason, level, v.position(p).to_id(), cube=cube_info(v, p),
                       resign=bot_resign_offers(v, p) if reason == "bot" else ())
    if v.phase == MOVING:
        who = _bot_or_clock(v, p)
        if who is None:
            return None
        reason, level = who
        assert v.turn is not None  # phase moving
        comp = completions(v.turn) if comp is None else comp
        return Pending(p, "play", reason, level, v.turn.start.to_id(), dice=v.dice or (),
                       candidates=tuple(sorted(comp)),
                       cube=cube_info(v, p), resign=bot_resign_offers(v, p) if reason == "bot" else ())
    if v.phase == TAKE:
        taker = 1 - p
        who = _bot_or_clock(v, taker)
        if who is None:
            return None
        reason, level = who
        return Pending(taker, "answer", reason, level, v.position(p).to_id(), cube=cube_info(v, taker))
    return None


def clock_pending(v: TableValue, player: int, level: Level, comp: Optional[Completions] = None) -> Pending:
    """The decision a clock makes for ``player`` now, asked or not (a peer session runs its own clock): the
    answer to a double in phase take, else the play of the turn being played."""
    if v.phase == TAKE:
        return Pending(player, "answer", "clock", level, v.position(1 - player).to_id(),
                       cube=cube_info(v, player))
    assert v.turn is not None  # phase moving
    comp = completions(v.turn) if comp is None else comp
    return Pending(player, "play", "clock", level, v.turn.start.to_id(), dice=v.dice or (),
                   candidates=tuple(sorted(comp)))
