"""The analysis of one position given by a GNUbg ID or an XGID (docs/analysis.md, Analyse a position).

    analyse_position(position, *, dice=None, level="quick") -> JSON-ready dict

With dice (given, or in the ID): every legal play ranked, with its equity and the mover's chances after it. A
double offered in the ID: the answer (take or pass). Otherwise the cube action before rolling and the best play
of each of the 21 rolls. The same evaluation as a record's analysis (``bot.analysis``: quick 0-ply, deep the
strong level's 1-ply search). Standard library only.
"""
from __future__ import annotations

from typing import Any, Optional

from rules.board import ALL_ROLLS
from rules.cubeinfo import CubeInfo
from rules.errors import RulesError
from rules.xgid import parse_position_text

from . import analysis as _a
from .network import equity

FORMAT = "gamao-position-analysis"
VERSION = 1
CHANCES = ("win", "gammon", "backgammon", "lose_gammon", "lose_backgammon")


def _parse(position: Any):
    if not isinstance(position, str) or not position.strip():
        raise _a.AnalysisError("the position must be a GNUbg ID (PositionID:MatchID) or an XGID")
    try:
        pos, info = parse_position_text(position)
    except RulesError as exc:
        raise _a.AnalysisError(f"not a position: {exc}") from None
    if pos.is_over():
        raise _a.AnalysisError("the game is over in this position: nothing to analyse")
    if info.length and any(s >= info.length for s in info.score):
        raise _a.AnalysisError(f"the score {info.score[0]}-{info.score[1]} ends a match to {info.length}")
    return pos, info


def _context(info, p: int) -> CubeInfo:
    try:
        return CubeInfo.seen_by(p, info.cube, info.cube_owner, info.length, info.score,
                                bool(info.crawford) and bool(info.length))
    except RulesError as exc:
        raise _a.AnalysisError(f"not a cube and score to analyse: {exc}") from None


def _dice(dice) -> Optional[tuple[int, int]]:
    if dice is None:
        return None
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise _a.AnalysisError(f"dice must be a pair of numbers 1..6, got {dice!r}") from None
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise _a.AnalysisError(f"dice must be a pair of numbers 1..6, got {dice!r}")
    return d1, d2


def _chances(o) -> dict:
    out = {k: _a._r(v) for k, v in zip(CHANCES, o)}
    out["equity"] = _a._r(equity(o))
    return out


def _candidates(pos, dice, level: str, ctx: CubeInfo) -> list[dict]:
    opts = _a.move_options(pos, dice, level, ctx)
    if not opts:
        return []
    best = opts[0]["equity"]
    return [{"play": o["play"], "position_id": o["position_id"], "equity": _a._r(o["equity"]),
             "loss": _a._r(best - o["equity"]), "ply": o["ply"], **_chances(o["outputs"])} for o in opts]


def cube_action(c: dict) -> str:
    """GNU Backgammon's "proper cube action" from ``analysis.cube_options``' equities: "no_double_take",
    "double_take", "double_pass" or "too_good_pass" (too good to double: playing on beats cashing)."""
    e = c["equities"]
    if c["best"] == "double":
        return "double_take" if e["double_take"] <= e["double_pass"] else "double_pass"
    return "too_good_pass" if e["no_double"] > e["double_pass"] else "no_double_take"


def analyse_position(position: str, *, dice=None, level: str = "quick") -> dict:
    """Analyse a GNUbg ID or XGID (``position``). ``dice`` (a pair) overrides the ID's dice. ``level``: quick or
    deep. Raises ``bot.AnalysisError`` (a ValueError) on a bad ID, dice or level; docs/analysis.md lists the
    result's fields."""
    _a._check_level(level)
    d = _dice(dice)
    pos, info = _parse(position)
    p = info.on_roll
    if d is None and info.dice != (0, 0):
        d = info.dice
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "level": level, "position_id": pos.to_id(),
                           "match_length": info.length, "score": [info.score[p], info.score[1 - p]],
                           "cube": info.cube, "cube_owner": ("center" if info.cube_owner is None else
                                                             "on_roll" if info.cube_owner == p else "opponent"),
                           "crawford": bool(info.crawford), "pips": list(pos.pips())}
    if info.double_offered and d is None:  # the answer to a double: the taker decides, the doubler on roll
        ctx = _context(info, 1 - p)
        c = _a.take_options(pos, level, ctx)
        out.update(kind="take", best=c["best"], equities={k: _a._r(v) for k, v in c["equities"].items()},
                   chances=_chances(_a._outputs_on_roll(pos, level)))
        return out
    ctx = _context(info, p)
    if d is not None:
        out.update(kind="move", dice=[d[0], d[1]], candidates=_candidates(pos, d, level, ctx))
        return out
    o = _a._outputs_on_roll(pos, level)
    out.update(kind="cube", chances=_chances(o))
    if _a._can_double(ctx):
        c = _a.cube_options(pos, level, ctx)
        out["cube_action"] = {"best": c["best"], "action": cube_action(c),
                              "equities": {k: _a._r(v) for k, v in c["equities"].items()}}
    else:
        out["cube_action"] = None  # the opponent's cube, the Crawford game, or a cube that cannot matter
    rolls = []
    for r in ALL_ROLLS:
        cands = _a.move_options(pos, r, level, ctx)
        top = cands[0] if cands else None
        rolls.append({"dice": [r[0], r[1]], "weight": 1 if r[0] == r[1] else 2,
                      "play": top["play"] if top else "", "position_id": top["position_id"] if top else pos.to_id(),
                      "equity": _a._r(top["equity"] if top else _a._cubeless_value(_a._play.after_play_outputs(
                          _a._evaluator(), pos), ctx)),
                      "plays": len(cands)})
    out["rolls"] = rolls
    return out
