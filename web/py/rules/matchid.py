"""GNU Backgammon Match ID (66 bits, 12 base64 characters) and GNUbg ID (``PositionID:MatchID``).

Fields, each written least significant bit first, into a little-endian bit string of 9 bytes:
cube log2 (4), cube owner (2: 0, 1, or 3 = centred), dice owner / player on roll (1),
Crawford game (1), game state (3), turn (1), double offered (1), resignation (2),
die 1 (3), die 2 (3), match length (15), score of player 0 (15), score of player 1 (15).
Bits after the 66th are ignored when reading (gnubg itself sometimes sets one).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, replace
from typing import Any, Optional, Sequence, cast

from .b64 import id_bits
from .errors import MatchIdError
from .match import MAX_CUBE, MatchState
from .position import Position

__all__ = ["MatchInfo", "encode_match_id", "decode_match_id", "gnubg_id", "parse_gnubg_id"]

_FIELDS = (("cube_log", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3),
           ("turn", 1), ("double", 1), ("resign", 2), ("die1", 3), ("die2", 3),
           ("length", 15), ("score0", 15), ("score1", 15))

# game states, as gnubg numbers them
NO_GAME, PLAYING, GAME_OVER, RESIGNED, DROPPED = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class MatchInfo:
    """Everything a Match ID holds. ``cube`` is the value (1, 2, 4...), ``cube_owner`` None when
    centred; ``on_roll`` the player whose move it is (dice owner); ``turn`` the player who must
    act now (differs from ``on_roll`` while a double or resignation is answered; by default
    ``on_roll``, or the other player when ``double_offered``); ``dice`` (0, 0)
    when not rolled; ``state`` 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a pass."""

    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    cube_owner: Optional[int] = None
    on_roll: int = 0
    turn: Optional[int] = None
    crawford: bool = False
    state: int = PLAYING
    double_offered: bool = False
    resign: int = 0
    dice: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if self.turn is None:  # the player to act: the other one while a double is answered
            object.__setattr__(self, "turn", (1 - self.on_roll) if self.double_offered else self.on_roll)
        c = self.cube
        if not isinstance(c, int) or c < 1 or c & (c - 1) or c > 1 << 15:
            raise MatchIdError(f"cube value must be a power of two 1..32768, got {c!r}")
        for name in ("on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                raise MatchIdError(f"{name} must be 0 or 1, got {getattr(self, name)!r}")
        if self.cube_owner not in (None, 0, 1):
            raise MatchIdError(f"cube_owner must be None, 0 or 1, got {self.cube_owner!r}")
        if not (isinstance(self.length, int) and 0 <= self.length < 1 << 15):
            raise MatchIdError(f"match length must be 0..32767, got {self.length!r}")
        if (not isinstance(self.score, tuple) or len(self.score) != 2
                or any(not isinstance(s, int) or not 0 <= s < 1 << 15 for s in self.score)):
            raise MatchIdError(f"score must be two ints 0..32767, got {self.score!r}")
        if not isinstance(self.state, int) or not 0 <= self.state <= 7:
            raise MatchIdError(f"game state must be 0..7, got {self.state!r}")
        if not isinstance(self.resign, int) or not 0 <= self.resign <= 3:
            raise MatchIdError(f"resignation must be 0..3, got {self.resign!r}")
        d = self.dice
        if (not isinstance(d, tuple) or len(d) != 2
                or any(not isinstance(x, int) or not 0 <= x <= 6 for x in d)
                or (d[0] == 0) != (d[1] == 0)):
            raise MatchIdError(f"dice must be (0, 0) or two ints 1..6, got {d!r}")

    def match_state(self, jacoby: bool = False, beavers: bool = False) -> MatchState:
        """The :class:`MatchState` (score, Crawford, cube) this Match ID describes."""
        return MatchState(length=self.length, score=self.score, crawford=self.crawford,
                          jacoby=jacoby, beavers=beavers, cube=self.cube, cube_owner=self.cube_owner)

    @classmethod
    def from_state(cls, state: MatchState, on_roll: int, dice: Sequence[int] = (0, 0), **kw: Any) -> "MatchInfo":
        """A Match ID's fields from a :class:`MatchState`, the player on roll and the dice."""
        return cls(length=state.length, score=state.score, cube=state.cube,
                   cube_owner=state.cube_owner, on_roll=on_roll, crawford=state.crawford,
                   dice=cast("tuple[int, int]", tuple(dice)), **kw)  # checked in __post_init__

    def replace(self, **kw: Any) -> "MatchInfo":
        return replace(self, **kw)

    def swapped(self) -> "MatchInfo":
        """The same match with the two players' numbers exchanged (score, cube owner, on roll, turn)."""
        return replace(self, score=(self.score[1], self.score[0]),
                       cube_owner=None if self.cube_owner is None else 1 - self.cube_owner,
                       on_roll=1 - self.on_roll, turn=None if self.turn is None else 1 - self.turn)


def encode_match_id(info: MatchInfo) -> str:
    """The 12-character Match ID of ``info``."""
    if not isinstance(info, MatchInfo):
        raise MatchIdError(f"encode_match_id needs a MatchInfo, got {type(info).__name__}")
    values: dict[str, int] = {
        "cube_log": info.cube.bit_length() - 1,
        "owner": 3 if info.cube_owner is None else info.cube_owner,
        "on_roll": info.on_roll, "crawford": int(info.crawford), "state": info.state,
        "turn": info.on_roll if info.turn is None else info.turn, "double": int(info.double_offered), "resign": info.resign,
        "die1": info.dice[0], "die2": info.dice[1], "length": info.length,
        "score0": info.score[0], "score1": info.score[1],
    }
    bits = 0
    n = 0
    for name, width in _FIELDS:
        bits |= values[name] << n
        n += width
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def decode_match_id(mid: str) -> MatchInfo:
    """Decode a 12-character Match ID (bits after the 66th are ignored).

    Raises :class:`MatchIdError` for a wrong length, characters outside base64, or impossible
    fields (cube owner 2, one die zero and not the other, dice above 6).
    """
    bits = id_bits(mid, 12, MatchIdError, "Match ID")
    v = {}
    n = 0
    for name, width in _FIELDS:
        v[name] = (bits >> n) & ((1 << width) - 1)
        n += width
    if v["owner"] == 2:
        raise MatchIdError(f"Match ID {mid!r}: cube owner 2 does not exist (0, 1 or 3 = centred)")
    if v["cube_log"] > 15:  # pragma: no cover - 4 bits
        raise MatchIdError(f"Match ID {mid!r}: cube too large")
    if v["die1"] > 6 or v["die2"] > 6 or (v["die1"] == 0) != (v["die2"] == 0):
        raise MatchIdError(f"Match ID {mid!r}: dice {v['die1']}-{v['die2']} are impossible")
    if v["state"] > 4:
        raise MatchIdError(f"Match ID {mid!r}: game state {v['state']} is not 0..4")
    try:
        return MatchInfo(
            length=v["length"], score=(v["score0"], v["score1"]), cube=1 << v["cube_log"],
            cube_owner=None if v["owner"] == 3 else v["owner"], on_roll=v["on_roll"],
            turn=v["turn"], crawford=bool(v["crawford"]), state=v["state"],
            double_offered=bool(v["double"]), resign=v["resign"], dice=(v["die1"], v["die2"]))
    except MatchIdError as exc:  # pragma: no cover - fields bounded above
        raise MatchIdError(f"Match ID {mid!r}: {exc}") from None


def gnubg_id(pos: Position, info: MatchInfo) -> str:
    """``PositionID:MatchID``; ``pos.mine`` must be the player ``info.on_roll``.

    Raises :class:`MatchIdError` for a cube beyond :data:`rules.MAX_CUBE` (4096): a Match ID has room for
    32768, but GNU Backgammon refuses to set up a position with such a cube, and no game of ours reaches one."""
    if isinstance(info, MatchInfo) and info.cube > MAX_CUBE:
        raise MatchIdError(f"cube {info.cube} is beyond {MAX_CUBE}: GNU Backgammon cannot set it up")
    return f"{pos.to_id()}:{encode_match_id(info)}"


def parse_gnubg_id(text: str) -> tuple[Position, "MatchInfo"]:
    """``(Position, MatchInfo)`` from ``PositionID:MatchID`` (a ``GNUbg ID:`` prefix is allowed).

    Raises :class:`PositionIdError` or :class:`MatchIdError` naming the bad half.
    """
    if not isinstance(text, str):
        raise MatchIdError(f"GNUbg ID must be a string, not {type(text).__name__}")
    t = text.strip()
    if t.lower().startswith("gnubg id:"):
        t = t[9:].strip()
    if t.count(":") != 1:
        raise MatchIdError(f"GNUbg ID must be 'PositionID:MatchID', got {text!r}")
    p, m = (s.strip() for s in t.split(":"))
    return Position.from_id(p), decode_match_id(m)
