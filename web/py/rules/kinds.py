"""The kinds of the rules package, typed: each ``Literal`` lists the values a field may hold (the values the
``.mat`` reader and writer and the scoring functions already use).
"""
from __future__ import annotations

from typing import Literal

__all__ = ["MatActionKind", "WinnerKind", "ResultMultiplier", "CubeOwner"]

#: ``MatAction.kind``: a roll and its play, a double, a take, a drop (pass), a beaver, a resignation, a win.
MatActionKind = Literal["roll", "double", "take", "drop", "beaver", "resign", "win"]

#: ``Position.winner_kind()``: 0 not over, 1 single, 2 gammon, 3 backgammon.
WinnerKind = Literal[0, 1, 2, 3]

#: A finished game's multiplier (``rules.SINGLE``, ``GAMMON``, ``BACKGAMMON``; ``MatchState.points_for``).
ResultMultiplier = Literal[1, 2, 3]

#: Who owns the cube, seen by the player deciding (``CubeInfo.owner``): nobody, that player, the other.
CubeOwner = Literal["center", "me", "opponent"]
