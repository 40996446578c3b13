"""The match as a GNU Backgammon ``.mat`` file, written from the game record (docs/game-record.md): the record is
the one log of a table's actions, and this reads it through the same replay as the verifier (``walk_record``).

Each ``.mat`` roll is the roll (or the opening roll that started the game) with the play made of it (parsed from
the record's notation by the rules engine; a play the clock made counts the same); an unplayable roll, and a roll
given up by a resignation before it was played, is written with no play. Opening ties are not written (GNU
Backgammon's files have none). A game set up from a position (practice) is not a game from the opening, so it is
left out of the file; a game still in play is written without a winner.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import rules

from .kinds import JsonDict

if TYPE_CHECKING:
    from .reducer import GameState

__all__ = ["mat_match", "mat_text"]


class _Games:
    """The observer of ``walk_record``: collects the ``.mat`` actions of each game."""

    def __init__(self) -> None:
        self.actions: dict[int, list[rules.MatAction]] = {}
        self.sources: dict[int, list[int]] = {}  # per game, the record action each .mat action was written at
        self.rolled: Optional[tuple[int, tuple[int, int]]] = None  # a roll waiting for its play: (player, dice)

    def __call__(self, gi: int, ai: int, action: JsonDict, before: "GameState", after: "GameState") -> None:
        out = self.actions.setdefault(gi, [])
        written = len(out)
        t = action["type"]
        if t == "opening_roll":
            self.rolled = (after.mover, after.rolled) if after.phase == "move" else None
        elif t == "roll":
            self.rolled = (action["player"], after.rolled)
        elif t == "play" or (t == "clock_expired" and action.get("phase") == "move"):
            text = action["play"] if t == "play" else action["played"]
            steps = rules.parse_play(text, before.pos, before.dice)
            out.append(rules.MatAction(before.mover, "roll", dice=tuple(before.rolled), play=tuple(steps)))
            self.rolled = None
        elif t == "double":
            out.append(rules.MatAction(action["player"], "double", value=before.cube * 2))
        elif t in ("take", "pass") or (t == "clock_expired" and action.get("phase") == "take"):
            answer = t if t != "clock_expired" else action["played"]
            taker = 1 - before.mover
            out.append(rules.MatAction(taker, "take" if answer == "take" else "drop"))
        elif t == "beaver":
            out.append(rules.MatAction(1 - before.mover, "beaver", value=after.cube))
        elif t == "resign":
            if self.rolled is not None and before.phase == "move":  # rolled, then resigned: the roll unplayed
                out.append(rules.MatAction(self.rolled[0], "roll", dice=tuple(self.rolled[1])))
            out.append(rules.MatAction(action["player"], "resign", value=action["points"]))
        self.sources.setdefault(gi, []).extend([ai] * (len(out) - written))
        if after.phase == "over":
            self.rolled = None


def mat_match(record: JsonDict, sources: Optional[list[list[int]]] = None) -> "rules.MatMatch":
    """The ``rules.MatMatch`` of a game record (a table's match so far: its last game may be unfinished). The
    record is read as it is (a game record from this table is whole; the replay stops a game at an action it
    cannot take, and that game is then written up to there, without a winner). ``sources``, a list, gets per
    game of the file the index of the record's action each of its ``.mat`` actions was written from."""
    from .verify import walk_record
    games = _Games()
    walk_record(record, games)
    n = record["match_length"]
    opts = record.get("rules") or {}
    jacoby = bool(opts.get("jacoby", False)) and n == 0
    beavers = bool(opts.get("beavers", False)) and n == 0
    score = [0, 0]
    out = []
    for gi, game in enumerate(record["games"]):
        result = game.get("result") or {}
        winner, points = result.get("winner"), result.get("points", 0)
        if winner not in (0, 1) or result.get("kind") in ("abandoned", "unfinished"):
            winner, points = None, 0
        if "start" not in game:
            if sources is not None:
                sources.append(games.sources.get(gi, []))
            out.append(rules.MatGame(score=(score[0], score[1]), actions=tuple(games.actions.get(gi, ())),
                                     winner=winner, points=points if winner is not None else 0))
        if winner is not None:
            score[winner] += points
    names = tuple(p["name"] for p in record["players"])
    return rules.MatMatch(length=n, players=(names[0], names[1]), games=tuple(out), tags=(("Site", "Gamão"),),
                          crawford=bool(opts.get("crawford", True)), jacoby=jacoby, beavers=beavers)


def mat_text(record: JsonDict) -> str:
    """The ``.mat`` text of a game record (``rules.write_mat``)."""
    return rules.write_mat(mat_match(record))
