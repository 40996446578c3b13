"""Resignation, in one place for the table (``game.flow``), the replay of a record (``game.reducer``) and the
verifier built on it: what a player can still lose, so what a resignation may offer, and its result.

A resignation offers the opponent a single game, a gammon or a backgammon, times the cube. Only what the resigner
can still lose may be offered: a gammon while the resigner has borne off no checker, a backgammon while, in
addition, a checker of the resigner is on the bar or in the opponent's home board or can still be hit there
(contact is left). With the Jacoby rule (money play, cube centred) a gammon counts as a single game, so only a
single game is offered. Pure: no js, no pyscript.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, Optional

import rules

from .kinds import KIND_NAMES, ResultKind

if TYPE_CHECKING:
    from .value import TableValue

__all__ = ["RESIGN_KIND", "losable", "offers", "offers_of", "refusal", "multiplier_of"]

#: The result kind of a game that ended by an accepted resignation (docs/game-record.md).
RESIGN_KIND: Final = "resign"


def losable(pos: "rules.Position") -> tuple[Literal[1, 2, 3], ...]:
    """The results (1 single, 2 gammon, 3 backgammon) the side ``pos.mine`` can still lose in ``pos``."""
    mine = pos.mine
    if mine[0] > 0:
        return (1,)
    back = mine[25] > 0 or any(mine[i] for i in range(19, 25)) or not pos.is_race()
    return (1, 2, 3) if back else (1, 2)


def offers(match: "rules.MatchState", pos: "rules.Position") -> dict[ResultKind, int]:
    """What the side ``pos.mine`` may offer now: result kind name -> points (the cube included; the Jacoby rule
    applied, so kinds worth the same points as a smaller one are left out)."""
    out: dict[ResultKind, int] = {}
    seen: set[int] = set()
    for k in losable(pos):
        pts = match.points_for(k)
        if pts not in seen:
            seen.add(pts)
            out[KIND_NAMES[k]] = pts
    return out


_LAST_OFFERS: list[Any] = [None, None, -1, {}]  # the last (board, match, player, offers) of offers_of


def offers_of(v: "TableValue", p: int) -> dict[ResultKind, int]:
    """:func:`offers` of player ``p`` in the committed position of table value ``v`` (a copy). The same while a
    turn is played and its decisions are made, so the last one is kept: values are immutable, so the same
    board and match objects give the same offers."""
    last = _LAST_OFFERS
    if last[0] is v.board and last[1] is v.match and last[2] == p:
        return dict(last[3])
    out = offers(v.match, v.position(p))
    last[:] = (v.board, v.match, p, out)
    return dict(out)


def multiplier_of(match: "rules.MatchState", points: int) -> Optional[int]:
    """The result (1, 2, 3) that ``points`` is at this cube, or None."""
    for k in (1, 2, 3):
        if points == k * match.cube:
            return k
    return None


def refusal(match: "rules.MatchState", pos: "rules.Position", points: object) -> Optional[str]:
    """Why the side ``pos.mine`` may not resign for ``points`` now (English), or None when it may."""
    if not isinstance(points, int) or isinstance(points, bool):
        return f"a resignation gives up a whole number of points, got {points!r}"
    allowed = offers(match, pos)
    if points not in allowed.values():
        said = ", ".join(f"{k} {v}" for k, v in allowed.items())
        return f"a resignation for {points} point(s) is not possible now (cube {match.cube}; possible: {said})"
    return None
