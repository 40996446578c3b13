"""A ``.mat`` match file as a game record (docs/game-record.md): ``import_match(text) -> dict``.

``rules.read_mat`` reads and checks the file (layout, every play, the cube by ``rules.MatchState``); this module
writes its games as record actions and takes each game's result from the same replay the verifier and the review
use (``game.reducer``). The record has no dice commitment: each game's ``dice`` is ``{"scheme": "none"}`` and the
record's ``source`` is ``"mat"``, so the verifier reports that the dice cannot be verified, and the review and the
analysis take it as any record. Pure: no js, no pyscript.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

import rules
from rules.bgammon_read import is_bgammon, read_bgammon

from .kinds import ACTION_TYPES
from .record import FORMAT, NO_DICE_SCHEME, VERSION
from .reducer import Refused, advance, match_state, start

__all__ = ["import_match", "NO_DICE_SCHEME", "MAT_SOURCE", "UNFINISHED"]

MAT_SOURCE = "mat"
UNFINISHED = "unfinished"
"""``games[].result.kind`` of the last game of a match still in progress."""

_KIND = {"double": "double", "take": "take", "drop": "pass", "beaver": "beaver"}


def _opening(player: int, dice: tuple[int, ...]) -> list[int]:
    """The first roll of a game as the opening throw that gives it: the starter's die is the higher."""
    hi, lo = max(dice), min(dice)
    return [hi, lo] if player == 0 else [lo, hi]


def _actions(game: rules.MatGame) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    pos = rules.Position.initial()
    for i, a in enumerate(game.actions):
        if a.kind == "roll":
            out.append({"type": "opening_roll", "dice": _opening(a.player, a.dice)} if not out else
                       {"type": "roll", "player": a.player, "dice": list(a.dice)})
            unplayed = not a.play and rules.legal_plays(pos, a.dice)
            if unplayed:  # rolled, then resigned; or the match stops before the play
                continue
            out.append({"type": "play", "player": a.player, "play": rules.format_play(a.play)})
            after = rules.apply_play(pos, a.play)
            pos = after if after.is_over() else after.swapped()
        elif a.kind == "resign":
            out.append({"type": "resign", "player": a.player, "points": a.value})
        else:
            out.append({"type": _KIND[a.kind], "player": a.player})
    assert all(x["type"] in ACTION_TYPES for x in out)
    return out


def _replayed(actions: list[dict[str, Any]], state: rules.MatchState,
              gi: int) -> Optional[tuple[Optional[int], int, str]]:
    """The game's outcome (winner, points, kind), or None when it is not over, from the verifier's own replay."""
    replay = start(state)
    for ai, action in enumerate(actions):
        try:
            replay = advance(replay, action)
        except Refused as exc:  # rules.read_mat accepted what the replay refuses: a bug of ours
            raise rules.MatFormatError(f"game {gi + 1}, action {ai + 1}: {exc.message}") from None
    return replay.final_outcome()


def import_match(text: str) -> dict[str, Any]:
    """The game record of a ``.mat`` match file (GNU Backgammon, eXtreme Gammon, Backgammon Galaxy and others), or
    of a bgammon.org replay (``.match``).

    Raises ``rules.MatFormatError`` naming the line of anything that cannot be read.
    """
    m = read_bgammon(text) if isinstance(text, str) and is_bgammon(text) else rules.read_mat(text)
    if not m.games:
        raise rules.MatFormatError("the file has no game")
    opts = {"crawford": m.crawford, "jacoby": m.jacoby, "beavers": m.beavers}
    state = match_state(m.length, (0, 0), False, m.jacoby, m.beavers)
    games: list[dict[str, Any]] = []
    for gi, g in enumerate(m.games):
        actions = _actions(g)
        if not m.crawford:
            state = replace(state, crawford=False)
        outcome = _replayed(actions, state, gi)
        result: dict[str, Any] = {"winner": None, "points": 0, "kind": UNFINISHED}
        if outcome is not None:
            winner, points, kind = outcome
            result = {"winner": winner, "points": points, "kind": kind}
            if winner is None or (g.winner, g.points) != (winner, points):  # rules.read_mat and the replay disagree
                raise rules.MatFormatError(f"game {gi + 1}: the file gives player {g.winner} {g.points} points, "
                                           f"the replay {points} to player {winner}")
            state = state.after_game(winner, points)
        games.append({"dice": {"scheme": NO_DICE_SCHEME}, "actions": actions, "result": result})
    score = list(state.score)
    if m.length:
        winner = next((p for p in (0, 1) if score[p] >= m.length), None)
        complete = winner is not None
    else:
        winner = None if score[0] == score[1] else int(score[1] > score[0])
        complete = games[-1]["result"]["kind"] != UNFINISHED
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION, "source": MAT_SOURCE,
              "players": [{"name": name, "kind": "human"} for name in m.players],
              "match_length": m.length, "rules": opts, "games": games,
              "result": {"score": score, "winner": winner, "complete": complete}}
    if m.tags:
        record["tags"] = {k: v for k, v in m.tags}
    return record
