"""The cube and the score as the player deciding sees them, as GNU Backgammon's ``cubeinfo``: what every cube,
take and resignation decision of the bot and its analysis is asked with.

:class:`MatchState` numbers the players (0 and 1); a :class:`CubeInfo` is one player's view of it: the cube's
value, who owns it ("center", "me": the player deciding, "opponent"), the match length (0: money) and the score
(the player's, the opponent's), the Crawford game, and the money options Jacoby and beavers. It is immutable and
checked when made (:class:`CubeError` on a value it cannot hold); :meth:`to_dict` / :meth:`from_dict` carry it as
plain data (the page's requests to its bot worker).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional

from .errors import CubeError
from .kinds import CubeOwner
from .match import MAX_CUBE, MatchState

__all__ = ["CubeInfo", "CENTER", "MINE", "THEIRS", "MONEY"]

CENTER: CubeOwner = "center"
MINE: CubeOwner = "me"
THEIRS: CubeOwner = "opponent"
_OWNERS: tuple[CubeOwner, ...] = (CENTER, MINE, THEIRS)
_FLIP: dict[CubeOwner, CubeOwner] = {CENTER: CENTER, MINE: THEIRS, THEIRS: MINE}


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class CubeInfo:
    """The cube and score seen by the player deciding. ``score`` is (that player, the opponent); in a match both
    are below ``match_length``. ``crawford`` is True during the Crawford game; :attr:`post_crawford` after it."""

    value: int = 1
    owner: CubeOwner = CENTER
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def __post_init__(self) -> None:
        v = self.value
        if not _int(v) or v < 1 or v & (v - 1) or v > MAX_CUBE:
            raise CubeError(f"cube value must be a power of two 1..{MAX_CUBE}, got {v!r}")
        if self.owner not in _OWNERS:
            raise CubeError(f"cube owner must be 'center', 'me' or 'opponent', got {self.owner!r}")
        if not _int(self.match_length) or self.match_length < 0:
            raise CubeError(f"match length must be an int >= 0, got {self.match_length!r}")
        score = self.score
        if not isinstance(score, tuple) or len(score) != 2 or not all(_int(s) and s >= 0 for s in score):
            raise CubeError(f"score must be a pair (mine, theirs) of ints >= 0, got {score!r}")
        n = self.match_length
        if n and not all(s < n for s in score):
            raise CubeError(f"score {score!r} is not a score of a match to {n}")
        if self.crawford and (not n or n - 1 not in score):
            raise CubeError("the Crawford game is a game of a match with a player 1 away"
                            if n else "money play has no Crawford game")

    # -- derived -------------------------------------------------------------------------
    @property
    def is_money(self) -> bool:
        return self.match_length == 0

    @property
    def my_away(self) -> int:
        """Points the player deciding still needs (match play; 0 in money play)."""
        return self.match_length - self.score[0] if self.match_length else 0

    @property
    def their_away(self) -> int:
        """Points the opponent still needs (match play; 0 in money play)."""
        return self.match_length - self.score[1] if self.match_length else 0

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game: a player is 1 away and this is not the Crawford game."""
        return bool(self.match_length) and not self.crawford and self.match_length - 1 in self.score

    @property
    def may_double(self) -> bool:
        """The player deciding may double before rolling (``MatchState.can_double`` as they see it): not in the
        Crawford game, not with the opponent's cube, not past :data:`MAX_CUBE`."""
        return not self.crawford and self.owner != THEIRS and self.value * 2 <= MAX_CUBE

    @property
    def cube_is_dead(self) -> bool:
        """In a match, a double would gain the player deciding nothing: the cube's value already wins them the
        match (the analysis weighs no double there, as GNU Backgammon does not)."""
        return bool(self.match_length) and self.my_away <= self.value

    def flipped(self) -> "CubeInfo":
        """The same cube and score seen by the opponent."""
        return replace(self, owner=_FLIP[self.owner], score=(self.score[1], self.score[0]))

    # -- from the table, to and from plain data -------------------------------------------
    @classmethod
    def of_match(cls, match: MatchState, player: int) -> "CubeInfo":
        """Player ``player``'s view of ``match`` (a game being played: the score below the length)."""
        return cls.seen_by(player, match.cube, match.cube_owner, match.length, match.score, match.crawford,
                           match.jacoby, match.beavers)

    @classmethod
    def seen_by(cls, player: int, cube: int, cube_owner: Optional[int], match_length: int,
                score: tuple[int, int], crawford: bool, jacoby: bool = False, beavers: bool = False) -> "CubeInfo":
        """Player ``player``'s view of a cube owned by player ``cube_owner`` (None: centred) and a ``score``
        of (player 0, player 1)."""
        owner = CENTER if cube_owner is None else MINE if cube_owner == player else THEIRS
        return cls(cube, owner, match_length, (score[player], score[1 - player]), bool(crawford), bool(jacoby),
                   bool(beavers))

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready); :meth:`from_dict` reads it back."""
        return {"value": self.value, "owner": self.owner, "match_length": self.match_length,
                "score": [self.score[0], self.score[1]], "crawford": self.crawford, "jacoby": self.jacoby,
                "beavers": self.beavers}

    @classmethod
    def from_dict(cls, d: Any) -> "CubeInfo":
        """The view :meth:`to_dict` wrote (missing keys take their defaults); :class:`CubeError` when ``d`` is
        not one."""
        if d is None:
            return MONEY
        if not isinstance(d, dict):
            raise CubeError(f"a cube is an object, got {type(d).__name__}")
        unknown = sorted(set(d) - _FIELDS)
        if unknown:
            raise CubeError(f"unknown cube field {unknown[0]!r}")
        score = d.get("score", (0, 0))
        if isinstance(score, list):
            score = tuple(score)
        return cls(d.get("value", 1), d.get("owner", CENTER), d.get("match_length", 0), score,
                   d.get("crawford", False), d.get("jacoby", False), d.get("beavers", False))


_FIELDS = {"value", "owner", "match_length", "score", "crawford", "jacoby", "beavers"}

MONEY = CubeInfo()
"""Money play, the cube centred at 1."""
