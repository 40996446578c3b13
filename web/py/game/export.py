"""The match as a GNU Backgammon ``.mat`` file, from the table's log of actions (``TableValue.mat``)."""
from __future__ import annotations

import rules

__all__ = ["mat_match", "mat_text"]


def mat_match(value) -> "rules.MatMatch":
    """The ``rules.MatMatch`` of a table's match so far (``value`` a ``game.TableValue``; an unfinished game has
    no winner)."""
    games = []
    for g in value.mat:
        actions = []
        for a in g["actions"]:
            play = tuple(rules.Step(f, t, h, d) for f, t, h, d in a["play"])
            actions.append(rules.MatAction(a["player"], a["kind"], dice=tuple(a["dice"]), play=play,
                                           value=a["value"]))
        games.append(rules.MatGame(score=tuple(g["score"]), actions=tuple(actions), winner=g["winner"],
                                   points=g["points"]))
    names = tuple(p["name"] for p in value.record["players"])
    tags = (("Site", "Gamão"),)
    m = value.match
    return rules.MatMatch(length=m.length, players=names, games=tuple(games), tags=tags,
                          jacoby=m.jacoby and m.is_money, beavers=m.beavers and m.is_money)


def mat_text(value) -> str:
    return rules.write_mat(mat_match(value))
