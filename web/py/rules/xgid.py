"""XGID, eXtreme Gammon's position string, read and written with GNU Backgammon's semantics.

``XGID=<26 chars>:<cube log2>:<cube position>:<turn>:<dice>:<score bottom>:<score top>:
<crawford / jacoby+beaver>:<match length>:<max cube log2>``

The board is seen from the bottom player, whose checkers are upper case ("A" = 1 .. "O" = 15)
and the top player's lower case; character 0 is the top player's bar, 1..24 the bottom
player's points 1..24, 25 the bottom player's bar. Cube position and turn: 1 bottom, -1 top
(0 centred). ``turn`` is the player on roll, also while a double is offered: dice ``D`` means
the player on turn has doubled and the other must answer (``B``/``R`` beaver/raccoon are read as
an offered double). IDs we wrote before 2026-12 gave the answering player as ``turn``. As GNU Backgammon maps it, the bottom player is player 1 and the
top player is player 0 of the Match ID.
"""

from __future__ import annotations


from .errors import PositionIdError, XgidError
from .match import MAX_CUBE
from .matchid import MatchInfo
from .position import Position

__all__ = ["to_xgid", "parse_xgid", "parse_position_text", "XgidExtra"]


class XgidExtra(tuple[bool, bool, int]):
    """Fields an XGID has beyond a Match ID: ``(jacoby, beavers, max_cube_log)``."""

    __slots__ = ()


def _side_code(count: int, upper: bool) -> str:
    if count == 0:
        return "-"
    return chr((64 if upper else 96) + count)


def to_xgid(pos: Position, info: MatchInfo, *, jacoby: bool = False, beavers: bool = False,
            max_cube_log: int = 10) -> str:
    """The XGID of ``pos`` (``pos.mine`` is player ``info.on_roll``) with ``info``'s cube, score,
    dice and turn. ``jacoby``/``beavers`` go in the money-play field. Raises :class:`XgidError` for a cube
    beyond :data:`rules.MAX_CUBE` (4096), which GNU Backgammon refuses to set up."""
    if not isinstance(info, MatchInfo):
        raise XgidError(f"to_xgid needs a MatchInfo, got {type(info).__name__}")
    if info.cube > MAX_CUBE:
        raise XgidError(f"cube {info.cube} is beyond {MAX_CUBE}: GNU Backgammon cannot set it up")
    bottom, top = (pos.mine, pos.theirs) if info.on_roll == 1 else (pos.theirs, pos.mine)
    chars = [_side_code(top[25], False)]
    for p in range(1, 25):
        if bottom[p]:
            chars.append(_side_code(bottom[p], True))
        else:
            chars.append(_side_code(top[25 - p], False))
    chars.append(_side_code(bottom[25], True))
    cube_pos = 0 if info.cube_owner is None else (1 if info.cube_owner == 1 else -1)
    turn = 1 if info.on_roll == 1 else -1  # the player on roll: with a double offered, the doubler
    if info.double_offered:
        dice = "D"
    elif info.dice == (0, 0):
        dice = "00"
    else:
        dice = f"{info.dice[0]}{info.dice[1]}"
    if info.length:
        flag = 1 if info.crawford else 0
    else:
        flag = (1 if jacoby else 0) + (2 if beavers else 0)
    fields = ["".join(chars), str(info.cube.bit_length() - 1), str(cube_pos), str(turn), dice,
              str(info.score[1]), str(info.score[0]), str(flag), str(info.length), str(max_cube_log)]
    return "XGID=" + ":".join(fields)


def _int(field: str, name: str, lo: int, hi: int) -> int:
    try:
        v = int(field)
    except ValueError:
        raise XgidError(f"XGID {name} must be an integer, got {field!r}") from None
    if not lo <= v <= hi:
        raise XgidError(f"XGID {name} must be {lo}..{hi}, got {v}")
    return v


def parse_xgid(text: str) -> tuple[Position, MatchInfo, XgidExtra]:
    """``(Position, MatchInfo, XgidExtra)`` from an XGID; ``Position.mine`` is player ``on_roll``.

    Raises :class:`XgidError` naming the bad field.
    """
    if not isinstance(text, str):
        raise XgidError(f"XGID must be a string, not {type(text).__name__}")
    t = text.strip()
    if t.upper().startswith("XGID="):
        t = t[5:]
    f = t.split(":")
    if len(f) not in (9, 10):
        raise XgidError(f"XGID needs 10 fields separated by ':', got {len(f)}")
    board = f[0]
    if len(board) != 26:
        raise XgidError(f"XGID board must have 26 characters, got {len(board)}")
    bottom = [0] * 26
    top = [0] * 26
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            if i == 0:
                raise XgidError("XGID character 0 is the top player's bar: upper case is not allowed")
            bottom[i] = ord(ch) - 64
        elif "a" <= ch <= "o":
            if i == 25:
                raise XgidError("XGID character 25 is the bottom player's bar: lower case is not allowed")
            top[25 - i] = ord(ch) - 96
        else:
            raise XgidError(f"XGID board character {ch!r} at {i} is not '-', A-O or a-o")
    for side, who in ((bottom, "bottom"), (top, "top")):
        n = sum(side)
        if n > 15:
            raise XgidError(f"XGID gives the {who} player {n} checkers (at most 15)")
        side[0] = 15 - n
    cube_log = _int(f[1], "cube", 0, 15)
    cube_pos = _int(f[2], "cube position", -1, 1)
    turn = _int(f[3], "turn", -1, 1)
    if turn == 0:
        raise XgidError("XGID turn must be 1 (bottom) or -1 (top)")
    dice_f = f[4].upper()
    double = False
    dice = (0, 0)
    if dice_f in ("D", "B", "R"):
        double = True
    elif len(dice_f) == 2 and dice_f.isdigit():
        a, b = int(dice_f[0]), int(dice_f[1])
        if (a, b) != (0, 0):
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise XgidError(f"XGID dice {f[4]!r} are not 00, D or two digits 1..6")
            dice = (a, b)
    else:
        raise XgidError(f"XGID dice {f[4]!r} are not 00, D or two digits 1..6")
    s_bottom = _int(f[5], "bottom score", 0, 32767)
    s_top = _int(f[6], "top score", 0, 32767)
    flag = _int(f[7], "Crawford/Jacoby field", 0, 3)
    length = _int(f[8], "match length", 0, 32767)
    max_cube = _int(f[9], "max cube", 0, 15) if len(f) == 10 else 10
    # The turn field is the player on roll; with dice "D" that is the player who doubled (as eXtreme
    # Gammon and GNU Backgammon read it), and the other player must answer.
    on_roll = 1 if turn == 1 else 0
    mine, theirs = (bottom, top) if on_roll == 1 else (top, bottom)
    try:
        pos = Position(tuple(mine), tuple(theirs))
    except PositionIdError as exc:
        raise XgidError(f"XGID board is impossible: {exc}") from None
    info = MatchInfo(length=length, score=(s_top, s_bottom), cube=1 << cube_log,
                     cube_owner=None if cube_pos == 0 else (1 if cube_pos == 1 else 0),
                     on_roll=on_roll, crawford=bool(flag & 1) if length else False,
                     double_offered=double, dice=dice)
    extra = XgidExtra((bool(flag & 1) and not length, bool(flag & 2) and not length, max_cube))
    return pos, info, extra


def parse_position_text(text: str) -> tuple[Position, MatchInfo]:
    """``(Position, MatchInfo)`` from a GNUbg ID (``PositionID:MatchID``) or an XGID, told apart by the XGID's
    ``XGID=`` prefix or its nine fields; raises the reader's :class:`RulesError` (``PositionIdError``,
    ``MatchIdError``, ``XgidError``)."""
    from .matchid import parse_gnubg_id
    t = text.strip()
    if t.upper().startswith("XGID=") or t.count(":") >= 8:
        pos, info, _extra = parse_xgid(t)
        return pos, info
    return parse_gnubg_id(t)
