"""Resignation, in one place for the table (``game.flow``), the replay of a record (``game.reducer``) and the
verifier built on it: what a player can still lose, so what a resignation may offer, and its result.

A resignation offers the opponent a single game, a gammon or a backgammon, times the cube. Only what the resigner
can still lose may be offered: a gammon while the resigner has borne off no checker, a backgammon while, in
addition, a checker of the resigner is on the bar or in the opponent's home board or can still be hit there
(contact is left). With the Jacoby rule (money play, cube centred) a gammon counts as a single game, so only a
single game is offered. Pure: no js, no pyscript.
"""
from __future__ import annotations

from typing import Optional

import rules

from .kinds import KIND_NAMES

__all__ = ["RESIGN_KIND", "losable", "offers", "refusal", "multiplier_of"]

#: The result kind of a game that ended by an accepted resignation (docs/game-record.md).
RESIGN_KIND = "resign"


def losable(pos: "rules.Position") -> tuple:
    """The results (1 single, 2 gammon, 3 backgammon) the side ``pos.mine`` can still lose in ``pos``."""
    mine = pos.mine
    if mine[0] > 0:
        return (1,)
    back = mine[25] > 0 or any(mine[i] for i in range(19, 25)) or not pos.is_race()
    return (1, 2, 3) if back else (1, 2)


def offers(match: "rules.MatchState", pos: "rules.Position") -> dict:
    """What the side ``pos.mine`` may offer now: result kind name -> points (the cube included; the Jacoby rule
    applied, so kinds worth the same points as a smaller one are left out)."""
    out: dict = {}
    seen: set = set()
    for k in losable(pos):
        pts = match.points_for(k)
        if pts not in seen:
            seen.add(pts)
            out[KIND_NAMES[k]] = pts
    return out


def multiplier_of(match: "rules.MatchState", points: int) -> Optional[int]:
    """The result (1, 2, 3) that ``points`` is at this cube, or None."""
    for k in (1, 2, 3):
        if points == k * match.cube:
            return k
    return None


def refusal(match: "rules.MatchState", pos: "rules.Position", points) -> Optional[str]:
    """Why the side ``pos.mine`` may not resign for ``points`` now (English), or None when it may."""
    if not isinstance(points, int) or isinstance(points, bool):
        return f"a resignation gives up a whole number of points, got {points!r}"
    allowed = offers(match, pos)
    if points not in allowed.values():
        said = ", ".join(f"{k} {v}" for k, v in allowed.items())
        return f"a resignation for {points} point(s) is not possible now (cube {match.cube}; possible: {said})"
    return None
