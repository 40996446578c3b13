"""Dice statistics of game records: face counts, doubles and a chi-square test of the six faces (the Verify
page shows them per game and over many records). Pure: standard library only."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable

__all__ = ["DiceStats", "dice_stats", "chi_square_p"]


def chi_square_p(x: float) -> float:
    """P(chi-square with 5 degrees of freedom >= x): the p-value of a six-face die count test."""
    if x <= 0:
        return 1.0
    r = math.sqrt(x)
    return math.erfc(r / math.sqrt(2)) + math.sqrt(2 / math.pi) * math.exp(-x / 2) * (r + r ** 3 / 3)


@dataclass
class DiceStats:
    """Counts of the dice thrown (opening throws included) and a chi-square test of the faces."""
    faces: list[int] = field(default_factory=lambda: [0] * 6)
    throws: int = 0
    doubles: int = 0

    def add(self, pair: tuple[int, int] | list[int]) -> None:
        a, b = pair
        self.faces[a - 1] += 1
        self.faces[b - 1] += 1
        self.throws += 1
        self.doubles += a == b

    def merge(self, other: "DiceStats") -> "DiceStats":
        out = DiceStats(list(self.faces), self.throws, self.doubles)
        out.faces = [x + y for x, y in zip(self.faces, other.faces)]
        out.throws += other.throws
        out.doubles += other.doubles
        return out

    @property
    def dice(self) -> int:
        return sum(self.faces)

    @property
    def chi_square(self) -> float:
        n = self.dice
        if n == 0:
            return 0.0
        e = n / 6
        return sum((c - e) ** 2 / e for c in self.faces)

    @property
    def p_value(self) -> float:
        return chi_square_p(self.chi_square)

    @property
    def doubles_expected(self) -> float:
        return self.throws / 6

    def to_dict(self) -> dict[str, Any]:
        return {"faces": list(self.faces), "dice": self.dice, "throws": self.throws, "doubles": self.doubles,
                "doubles_expected": round(self.doubles_expected, 2), "chi_square": round(self.chi_square, 3),
                "p_value": round(self.p_value, 4)}


def dice_stats(pairs: Iterable[tuple[int, int]]) -> DiceStats:
    stats = DiceStats()
    for pair in pairs:
        stats.add(pair)
    return stats
