"""The bot's levels, in one table: how each searches (docs/bot.md, Levels).

A play level (``PLAY``) is what a bot seat plays at; ``game.Level`` names the same four, weakest first (the table
of the game is read before the bot is loaded, so it carries the names alone; a test checks they agree). An analysis
level (``ANALYSIS``) is how a record, a position or a hint is analysed, in terms of the play levels: ``quick`` ranks
plays as intermediate does (0-ply), with strong's 1-ply look at a play the network charges 0.02 or more; ``deep``
as strong does (1-ply on the 0-ply candidates, reply choices pruned), with a 2-ply look, within expert's work
limit, at a play whose mark is in doubt. A rollout's trials play at ``ROLLOUT``'s level.
Standard library only, and no import of the rest of ``bot``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["Level", "PLAY", "NAMES", "DEFAULT", "NETWORK", "AnalysisLevel", "ANALYSIS", "ANALYSIS_NAMES",
           "ROLLOUT", "slow"]


@dataclass(frozen=True)
class Level:
    """How a level searches.

    ``plies`` 0, 1 or 2; ``candidates``/``margin``: how many 0-ply candidates, within what equity of the
    best, get the 1-ply look; ``deep``/``deep_margin``: how many of the 1-ply best, within what equity of
    it, get the 2-ply look (``plies`` 2), within ``deep_budget`` plays evaluated; ``noise``: the standard
    deviation of the Gaussian noise added to 0-ply equities (beginner); ``prune``: inside the 1-ply and 2-ply
    looks, each reply choice evaluates only that many plays of the roll with the full networks, the best by the
    pruning network (0: all; see ``Evaluator.pruned``)."""
    name: str
    plies: int
    candidates: int = 1
    margin: float = 0.0
    noise: float = 0.0
    deep: int = 0
    deep_margin: float = 0.0
    deep_budget: int = 0
    prune: int = 0

    @property
    def slow(self) -> bool:
        """Whether it searches beyond the network (1 ply or more): the page thinks in its worker."""
        return self.plies >= 1


PLAY: dict[str, Level] = {
    "beginner": Level("beginner", 0, noise=0.1),
    "intermediate": Level("intermediate", 0),
    # GNU Backgammon's smallest move filter ("tiny": at most 5 candidates within 0.08) before the 1-ply look;
    # reply choices pruned to the pruning network's 4 best plays (strong) or 3 (expert, whose 2-ply limit is
    # 12,000 plays with it rather than 20,000 without), for the browser's think-time budget (docs/bot.md, Levels).
    "strong": Level("strong", 1, candidates=4, margin=0.08, prune=4),
    "expert": Level("expert", 2, candidates=5, margin=0.08, deep=2, deep_margin=0.10, deep_budget=12000, prune=3),
}
NAMES: tuple[str, ...] = tuple(PLAY)  # weakest first
DEFAULT = "intermediate"
NETWORK = "intermediate"
"""The level that asks the network alone (0-ply, no noise): a cheap first look."""


@dataclass(frozen=True)
class AnalysisLevel:
    """How an analysis level ranks decisions: ``search``, the play level whose search ranks the plays (its
    candidates, margin and pruning; 0 plies: the network alone) and evaluates cube decisions (1 ply or the
    network); ``check``, the play level of a doubtful play's second look, one ply deeper than ``search`` (quick:
    strong's 1-ply look; deep: 2 plies within expert's work limit; None: no second look; its reply choices are
    pruned as strong's)."""
    name: str
    search: Level
    check: Optional[Level] = None


ANALYSIS: dict[str, AnalysisLevel] = {
    "quick": AnalysisLevel("quick", PLAY["intermediate"], PLAY["strong"]),
    "deep": AnalysisLevel("deep", PLAY["strong"], PLAY["expert"]),
}
ANALYSIS_NAMES: tuple[str, ...] = tuple(ANALYSIS)

ROLLOUT = PLAY["intermediate"]
"""The level of a rollout's trials (the 0-ply best play of each roll, among the pruning network's 4 best)."""


def slow(name: str) -> bool:
    """Whether the play level ``name`` searches beyond the network (an unknown name: False)."""
    level = PLAY.get(name)
    return level is not None and level.slow
