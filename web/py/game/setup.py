"""Practice tables set up from a pasted GNUbg ID ("PositionID:MatchID", or a bare Position ID) or an XGID."""
from __future__ import annotations

from typing import Any, Optional

import rules

from .errors import OptionsError, SetupError
from .options import Options
from .table import Table

__all__ = ["parse_id", "table_from_id", "to_table"]


def parse_id(text: Any) -> tuple["rules.Position", "rules.MatchInfo", Optional[bool], Optional[bool]]:
    """``(Position, MatchInfo, jacoby, beavers)`` from a GNUbg ID, a bare Position ID or an XGID; the position
    has player ``info.on_roll`` as ``mine``; jacoby/beavers are None when the text does not say (GNUbg IDs).
    ``info`` numbers the players as the table does (see :func:`to_table`). ``SetupError`` with the reason on
    bad input."""
    if not isinstance(text, str) or not text.strip():
        raise SetupError("paste a GNUbg ID (PositionID:MatchID) or an XGID")
    t = text.strip()
    if len(t) > 200:
        raise SetupError("that is too long to be a GNUbg ID or an XGID")
    jacoby: Optional[bool]
    beavers: Optional[bool]
    try:
        if t.upper().startswith("XGID=") or t.count(":") >= 8:
            pos, info, extra = rules.parse_xgid(t)
            info = to_table(info)
            jacoby, beavers = bool(extra[0]), bool(extra[1])
        elif ":" in t or t.lower().startswith("gnubg id"):
            pos, info = rules.parse_gnubg_id(t)
            info = to_table(info)
            jacoby = beavers = None
        else:
            pos = rules.Position.from_id(t)
            info = rules.MatchInfo()
            jacoby = beavers = None
    except rules.RulesError as exc:
        raise SetupError(f"not a valid GNUbg ID or XGID: {exc}") from None
    return pos, info, jacoby, beavers


def to_table(info: "rules.MatchInfo") -> "rules.MatchInfo":
    """A Match ID's (or XGID's) players numbered as the table numbers them, and back (the same exchange).

    GNU Backgammon and eXtreme Gammon show their player 1 (the XGID's upper case) at the bottom of the board;
    the table shows its player 0 there. So a pasted ID's player 1 sits at the bottom (you, against the bot),
    and the table's own IDs (``GameState.gnubg_id``/``xgid``) give our player 0 as their player 1. A bare
    Position ID names no players: its player on roll is the table's player 0."""
    return info.swapped()


def table_from_id(text: Any, options: Optional[Options] = None, now: float = 0.0) -> Table:
    """A practice table set up from a pasted GNUbg ID ("PositionID:MatchID", or a bare Position ID) or an XGID
    (``Table.practice``), ``options`` giving its seats and clock; ``SetupError`` on bad input. See
    docs/game-api.md."""
    pos, info, jacoby, beavers = parse_id(text)
    if pos.is_over():
        raise SetupError("the game in that position is already over")
    if info.state not in (0, 1):
        raise SetupError("the game in that ID is over")
    if info.resign:
        raise SetupError("a resignation is pending in that ID: not supported")
    if info.length and max(info.score) >= info.length:
        raise SetupError(f"the score {info.score[0]}-{info.score[1]} has already won a {info.length}-point match")
    base = options if options is not None else Options()
    if jacoby is None or beavers is None:  # both None together: the text did not say
        jacoby, beavers = base.jacoby, base.beavers
    if info.length:
        jacoby = beavers = False
    try:
        opts = base.replace(match_length=info.length, jacoby=jacoby, beavers=beavers)
    except OptionsError as exc:
        raise SetupError(str(exc)) from None
    try:
        match = rules.MatchState(length=info.length, score=info.score, crawford=info.crawford, jacoby=jacoby,
                                 beavers=beavers, cube=info.cube, cube_owner=info.cube_owner)
    except rules.RulesError as exc:
        raise SetupError(f"the cube or score in that ID is not possible: {exc}") from None
    p = info.on_roll
    if info.double_offered:
        if not match.can_double(p):
            raise SetupError("a double is offered that the cube does not allow")
        if info.dice != (0, 0):
            raise SetupError("a double is offered but the dice are rolled")
    board = (pos.mine, pos.theirs) if p == 0 else (pos.theirs, pos.mine)
    start = rules.gnubg_id(pos, to_table(info.replace(dice=(0, 0), double_offered=False, turn=p)))
    dice = (info.dice[0], info.dice[1]) if info.dice != (0, 0) else None
    return Table.practice(opts, board, match, p, dice=dice, double_offered=info.double_offered, start=start,
                          now=float(now))
