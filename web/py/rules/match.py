"""The doubling cube, the result of a game, matches with the Crawford rule, money play.

Players are 0 and 1 (as in GNU Backgammon's Match ID). :class:`MatchState` is immutable;
every action returns a new state, and an action that is not allowed raises
:class:`CubeError` without changing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional, cast

from .errors import CubeError
from .kinds import ResultMultiplier
from .position import Position

__all__ = ["MatchState", "score_game", "opening_roll", "SINGLE", "GAMMON", "BACKGAMMON", "MAX_CUBE"]

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3

#: The highest cube a double (or beaver) may reach. GNU Backgammon holds no larger cube (its IDs read
#: one as 1, its XGID reader refuses it, its .mat import stops doubling there), so every state the
#: table can reach exports exactly. See docs/rules-api.md.
MAX_CUBE = 4096


def opening_roll(d0: int, d1: int) -> Optional[int]:
    """Who starts after the opening roll: 0 if player 0's die is higher, 1 if player 1's, ``None``
    on a tie (roll again). The starter plays both numbers, ``(d0, d1)``, as its first roll."""
    for d in (d0, d1):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise CubeError(f"a die is an int 1..6, got {d!r}")
    if d0 == d1:
        return None
    return 0 if d0 > d1 else 1


def _player(p: Any) -> int:
    if p not in (0, 1) or isinstance(p, bool):
        raise CubeError(f"a player is 0 or 1, got {p!r}")
    return int(p)


@dataclass(frozen=True)
class MatchState:
    """Score and cube between games and during one.

    ``length`` 0 is money play. ``score`` is (player 0, player 1). ``crawford`` is True during
    the Crawford game (no doubling); after it, :attr:`post_crawford` is True. ``jacoby`` and
    ``beavers`` are money-play options (off by default). ``cube`` is the cube value and
    ``cube_owner`` None (centred) or the player who may redouble.
    """

    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    cube: int = 1
    cube_owner: Optional[int] = None

    def __post_init__(self) -> None:
        if not isinstance(self.length, int) or self.length < 0 or self.length > 32767:
            raise CubeError(f"match length must be 0 (money) or 1..32767, got {self.length!r}")
        if (not isinstance(self.score, tuple) or len(self.score) != 2
                or any(not isinstance(s, int) or s < 0 for s in self.score)):
            raise CubeError(f"score must be a pair of non-negative ints, got {self.score!r}")
        c = self.cube
        if not isinstance(c, int) or c < 1 or c & (c - 1) or c > MAX_CUBE:
            raise CubeError(f"cube value must be a power of two 1..{MAX_CUBE}, got {c!r}")
        if self.cube_owner is not None:
            _player(self.cube_owner)
        if self.crawford and self.length == 0:
            raise CubeError("money play has no Crawford game")

    # -- derived -------------------------------------------------------------------------
    @property
    def is_money(self) -> bool:
        return self.length == 0

    @property
    def post_crawford(self) -> bool:
        """True after the Crawford game: a player is one point from winning and this is not it."""
        return (self.length > 0 and not self.crawford
                and (self.length - 1) in self.score and not self.is_over)

    @property
    def is_over(self) -> bool:
        """True when a player has reached the match length (never in money play)."""
        return self.length > 0 and max(self.score) >= self.length

    @property
    def winner(self) -> Optional[int]:
        """The player who won the match, or None."""
        if not self.is_over:
            return None
        return 0 if self.score[0] >= self.length else 1

    def away(self, player: int) -> int:
        """Points the player still needs (0 in money play)."""
        return max(self.length - self.score[_player(player)], 0) if self.length else 0

    # -- cube ----------------------------------------------------------------------------
    def can_double(self, player: int) -> bool:
        """May ``player`` double (before rolling)? Not in the Crawford game, not when the
        other player owns the cube, not once the match is over, not past :data:`MAX_CUBE`."""
        _player(player)
        if self.is_over or self.crawford:
            return False
        if self.cube_owner is not None and self.cube_owner != player:
            return False
        if self.cube * 2 > MAX_CUBE:
            return False
        return True

    def can_beaver(self, doubler: int) -> bool:
        """May the player doubled by ``doubler`` beaver? Money play with beavers on, a double
        ``doubler`` may make, and the cube at 4x within :data:`MAX_CUBE`."""
        return (self.is_money and self.beavers and self.can_double(doubler)
                and self.cube * 4 <= MAX_CUBE)

    def cube_is_dead(self, player: int) -> bool:
        """In a match, True when ``player`` already wins the match with the current cube
        (doubling is allowed but gains nothing)."""
        return bool(self.length) and self.cube >= self.away(player)

    def take(self, doubler: int) -> "MatchState":
        """The other player takes ``doubler``'s double: the cube doubles and is theirs."""
        if not self.can_double(doubler):
            raise CubeError(f"player {doubler} may not double now")
        return replace(self, cube=self.cube * 2, cube_owner=1 - doubler)

    def beaver(self, doubler: int) -> "MatchState":
        """The taker beavers (money play with beavers on): the cube goes to 4x and stays theirs."""
        if not (self.is_money and self.beavers):
            raise CubeError("beavers are only allowed in money play with beavers on")
        if not self.can_double(doubler):
            raise CubeError(f"player {doubler} may not double now")
        if not self.can_beaver(doubler):
            raise CubeError(f"no beaver: the cube would pass {MAX_CUBE}")
        return replace(self, cube=self.cube * 4, cube_owner=1 - doubler)

    def pass_points(self, doubler: int) -> int:
        """Points the doubler wins when the double is passed: the cube value before the double."""
        if not self.can_double(doubler):
            raise CubeError(f"player {doubler} may not double now")
        return self.cube

    def pass_double(self, doubler: int) -> "MatchState":
        """The other player passes: ``doubler`` wins the cube value; the state after the game."""
        return self.after_game(doubler, self.pass_points(doubler))

    # -- games ---------------------------------------------------------------------------
    def points_for(self, kind: ResultMultiplier) -> int:
        """Points a game of ``kind`` (1 single, 2 gammon, 3 backgammon) is worth now: kind x cube,
        with the Jacoby rule (money, jacoby on, cube centred: gammons count single)."""
        if kind not in (SINGLE, GAMMON, BACKGAMMON):
            raise CubeError(f"a game result kind is 1, 2 or 3, got {kind!r}")
        if self.is_money and self.jacoby and self.cube_owner is None:
            return self.cube
        return kind * self.cube

    def after_game(self, winner: int, points: int) -> "MatchState":
        """The state for the next game after ``winner`` won ``points``: score added, cube back
        to the middle, Crawford flag set for the first game after a player reaches length-1."""
        _player(winner)
        if not isinstance(points, int) or points < 1:
            raise CubeError(f"points won must be a positive int, got {points!r}")
        if self.is_over:
            raise CubeError("the match is already over")
        sc = list(self.score)
        was_close = self.length > 0 and (self.length - 1) in self.score
        sc[winner] += points
        new_score = (sc[0], sc[1])
        crawford = False
        if self.length and not was_close and not self.crawford:
            if max(new_score) < self.length and (self.length - 1) in new_score:
                crawford = True
        return replace(self, score=new_score, crawford=crawford, cube=1, cube_owner=None)

    def new_game(self) -> "MatchState":
        """Same score and flags with the cube back in the middle."""
        return replace(self, cube=1, cube_owner=None)


def score_game(result: "int | Position", state: Optional[MatchState] = None) -> int:
    """Points for a finished game: ``result`` is a kind (1, 2, 3) or a finished
    :class:`Position`; ``state`` gives the cube, its owner and the Jacoby option."""
    if state is None:
        state = MatchState()
    if isinstance(result, Position):
        kind = result.winner_kind()
        if kind == 0:
            raise CubeError("the game is not over: nobody has borne off 15 checkers")
        return state.points_for(kind)
    return state.points_for(cast(ResultMultiplier, result))
