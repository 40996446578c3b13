"""New-game options and seats."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional

from .errors import OptionsError
from .kinds import LEVELS, SEAT_KINDS, JsonDict, Level, SeatKind

__all__ = ["LEVELS", "SEAT_KINDS", "Seat", "Options"]



@dataclass(frozen=True)
class Seat:
    """One player's seat: ``kind`` "human" (plays on this device), "bot" (with ``level``) or "peer" (remote)."""

    kind: SeatKind = "human"
    level: Optional[Level] = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise OptionsError(f"seat kind must be one of {', '.join(SEAT_KINDS)}, got {self.kind!r}")
        if self.kind == "bot":
            if self.level not in LEVELS:
                raise OptionsError(f"a bot seat needs a level among {', '.join(LEVELS)}, got {self.level!r}")
        elif self.level is not None:
            raise OptionsError("only a bot seat has a level")
        if not isinstance(self.name, str) or len(self.name) > 64:
            raise OptionsError("a seat name is a string of at most 64 characters")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> JsonDict:
        d: JsonDict = {"kind": self.kind, "name": self.name}
        if self.level is not None:
            d["level"] = self.level
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "Seat":
        if not isinstance(d, dict):
            raise OptionsError("a seat is an object")
        return cls(kind=d.get("kind", "human"), level=d.get("level"), name=d.get("name", ""))


def _default_seats() -> tuple[Seat, Seat]:
    return (Seat("human"), Seat("bot", "intermediate"))


@dataclass(frozen=True)
class Options:
    """Everything chosen when a new game starts.

    ``seats``: player 0 and player 1 (player 0 is the first player of the record; by convention the person at
    this device). ``match_length`` 0 = money play. ``jacoby``/``beavers`` apply to money play only.
    ``clock``: seconds per decision for human/peer seats (0 = no clock). ``seed``: 64 hex digits for the first
    game (later games of the match derive theirs from it, see docs/game-api.md) or None for fresh seeds from
    ``secrets``. ``auto_roll``: roll for a human when doubling is not possible or (bot judgement) not sensible.
    ``auto_play``: play a roll with exactly one legal result and end the turn. ``clock_level``: the bot level
    that plays for a player whose clock ran out.
    """

    seats: tuple[Seat, Seat] = field(default_factory=_default_seats)
    match_length: int = 0
    jacoby: bool = False
    beavers: bool = False
    clock: float = 45
    seed: Optional[str] = None
    auto_roll: bool = False
    auto_play: bool = False
    clock_level: Level = "intermediate"

    def __post_init__(self) -> None:
        seats = self.seats
        if not isinstance(seats, (tuple, list)) or len(seats) != 2 or not all(isinstance(s, Seat) for s in seats):
            raise OptionsError("seats must be two Seat values")
        object.__setattr__(self, "seats", tuple(seats))
        n = self.match_length
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 64:
            raise OptionsError(f"match length must be 0 (money) or 1..64 points, got {n!r}")
        for name in ("jacoby", "beavers", "auto_roll", "auto_play"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError(f"{name} must be True or False")
        if n and (self.jacoby or self.beavers):
            raise OptionsError("the Jacoby rule and beavers are money-play options (match_length 0)")
        c = self.clock
        if not isinstance(c, (int, float)) or isinstance(c, bool) or not 0 <= c <= 3600 or c != c:
            raise OptionsError(f"clock must be 0 (none) or up to 3600 seconds, got {c!r}")
        if self.seed is not None:
            s = self.seed
            if not isinstance(s, str) or len(s.strip()) != 64:
                raise OptionsError("seed must be 64 hex digits")
            try:
                bytes.fromhex(s.strip())
            except ValueError:
                raise OptionsError("seed must be 64 hex digits") from None
            object.__setattr__(self, "seed", s.strip().lower())
        if self.clock_level not in LEVELS:
            raise OptionsError(f"clock_level must be one of {', '.join(LEVELS)}")

    # ready-made tables
    @classmethod
    def against_bot(cls, level: Level = "intermediate", **kw: Any) -> "Options":
        """Player 0 a human on this device, player 1 a bot of ``level``."""
        return cls(seats=(Seat("human"), Seat("bot", level)), **kw)

    @classmethod
    def two_players(cls, **kw: Any) -> "Options":
        """Two people on one device."""
        return cls(seats=(Seat("human"), Seat("human")), **kw)

    @classmethod
    def bots(cls, level0: Level = "beginner", level1: Optional[Level] = None, **kw: Any) -> "Options":
        """Bot against bot (tests, demos)."""
        return cls(seats=(Seat("bot", level0), Seat("bot", level1 or level0)), **kw)

    def replace(self, **kw: Any) -> "Options":
        return replace(self, **kw)

    def to_dict(self) -> JsonDict:
        return {"seats": [s.to_dict() for s in self.seats], "match_length": self.match_length,
                "jacoby": self.jacoby, "beavers": self.beavers, "clock": self.clock, "seed": self.seed,
                "auto_roll": self.auto_roll, "auto_play": self.auto_play, "clock_level": self.clock_level}

    @classmethod
    def from_dict(cls, d: Any) -> "Options":
        if not isinstance(d, dict):
            raise OptionsError("options must be an object")
        known = {"match_length", "jacoby", "beavers", "clock", "seed", "auto_roll", "auto_play", "clock_level"}
        kw = {k: v for k, v in d.items() if k in known}
        seats = d.get("seats")
        if seats is not None:
            if not isinstance(seats, list) or len(seats) != 2:
                raise OptionsError("seats must be a list of two seats")
            kw["seats"] = tuple(Seat.from_dict(s) for s in seats)
        return cls(**kw)
