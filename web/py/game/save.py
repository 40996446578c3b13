"""Saved tables: ``Table.to_json(now)`` / ``Table.from_json(text, now)`` (format "gamao-table", version 1).

The clock is saved as the time remaining, so a reload resumes it where it was, not from the full time. The save
holds the current game's seed (it is the player's own device); the record inside holds only its fingerprint
until the game is over.
"""
from __future__ import annotations

import json
from typing import Any

import rules
from rules import dice as _dice

from .errors import GameError, SaveError
from .options import Options
from .record import RecordBuilder
from .state import GAME_OVER, MATCH_OVER, MOVING, PHASES, ROLL, TAKE, Result

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "table_to_json", "table_from_json"]

SAVE_FORMAT = "gamao-table"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 5_000_000


def table_to_json(t, now: float) -> str:
    m = t._match
    remaining = None if t._deadline is None else max(0.0, t._deadline - now)
    data = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "options": t._options.to_dict(),
        "match": {"length": m.length, "score": list(m.score), "crawford": m.crawford, "jacoby": m.jacoby,
                  "beavers": m.beavers, "cube": m.cube, "cube_owner": m.cube_owner},
        "game_index": t._game_no,
        "first_seed": t._first_seed.hex() if t._first_seed is not None else None,
        "seed": t._dice_src.seed.hex(), "throws": len(t._dice_src.thrown),
        "board": [list(t._board[0]), list(t._board[1])],
        "phase": t._phase, "player": t._player,
        "dice": list(t._dice) if t._dice else None,
        "steps": [[s.frm, s.to, s.die] for s in t._turn.steps] if t._turn is not None else [],
        "clock_remaining": remaining, "expired": t._expired, "advised": t._advised,
        "result": None if t._result is None else {"winner": t._result.winner, "points": t._result.points,
                                                   "kind": t._result.kind},
        "practice": t._practice,
        "record": t._record.data,
        "mat": t._mat,
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(f"the saved game cannot be read: {message}")


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, f"{what} must be an int {lo}..{hi}")
    return v


def table_from_json(cls, text: Any, now: float):
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("the saved game is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"a saved game is text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("the saved game is too large")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SaveError(f"the saved game is not JSON ({exc})") from None
    _need(isinstance(data, dict), "not an object")
    _need(data.get("format") == SAVE_FORMAT, "it is not a saved Gamão table")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"the saved game has version {data.get('version')!r}; this table reads version "
                        f"{SAVE_VERSION}")
    try:
        return _load(cls, data, now)
    except SaveError:
        raise
    except (GameError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise SaveError(f"the saved game cannot be read: {type(exc).__name__}: {exc}") from None


def _load(cls, data: dict, now: float):
    t = cls.__new__(cls)
    t._now = now
    t._events = []
    t._version = 0
    t._cache = {}
    t._options = Options.from_dict(data["options"])
    mm = data["match"]
    _need(isinstance(mm, dict), "match must be an object")
    score = mm["score"]
    _need(isinstance(score, list) and len(score) == 2, "score must be two ints")
    t._match = rules.MatchState(length=mm["length"], score=(score[0], score[1]), crawford=mm["crawford"],
                                jacoby=mm["jacoby"], beavers=mm["beavers"], cube=mm["cube"],
                                cube_owner=mm["cube_owner"])
    t._game_no = _int(data["game_index"], 0, 10_000, "game_index")
    fs = data["first_seed"]
    t._first_seed = _dice.seed_from_hex(fs) if fs is not None else None
    seed = _dice.seed_from_hex(data["seed"])
    throws = _int(data["throws"], 0, 100_000, "throws")
    g = _dice.GameDice(seed)
    for _ in range(throws):
        g.next_pair()
    t._dice_src = g
    board = data["board"]
    _need(isinstance(board, list) and len(board) == 2, "board must be two sides")
    pos = rules.Position(tuple(board[0]), tuple(board[1]))
    t._board = (pos.mine, pos.theirs)
    phase = data["phase"]
    _need(phase in PHASES, f"unknown phase {phase!r}")
    t._phase = phase
    t._player = _int(data["player"], 0, 1, "player")
    t._expired = data["expired"] is True
    t._advised = data["advised"] is True
    t._practice = data["practice"] is True
    dice = data["dice"]
    t._dice, t._turn = None, None
    if phase == MOVING:
        _need(isinstance(dice, list) and len(dice) == 2, "a turn being played needs its dice")
        t._dice = (_int(dice[0], 1, 6, "die"), _int(dice[1], 1, 6, "die"))
        turn = rules.Turn(t._position(t._player), t._dice)
        steps = data["steps"]
        _need(isinstance(steps, list), "steps must be a list")
        for s in steps:
            _need(isinstance(s, list) and len(s) == 3, "a step is [from, to, die]")
            try:
                turn = turn.apply(s[0], s[1], s[2])
            except rules.RulesError as exc:
                raise SaveError(f"the saved game cannot be read: a saved step is not legal ({exc})") from None
        t._turn = turn
    else:
        _need(dice is None and not data["steps"], f"no dice are in play in phase {phase}")
    res = data["result"]
    if phase in (GAME_OVER, MATCH_OVER):
        _need(isinstance(res, dict), "a finished game needs its result")
        t._result = Result(_int(res["winner"], 0, 1, "winner"), _int(res["points"], 1, 1 << 20, "points"),
                           str(res["kind"]))
        _need((phase == MATCH_OVER) == t._match.is_over, "the phase does not agree with the match score")
    else:
        t._result = None
        _need(res is None, "a game in play has no result")
        _need(not t._match.is_over, "the match is over but a game is in play")
        if phase == TAKE:
            _need(t._match.can_double(t._player), "a double is pending that the cube does not allow")
    rem = data["clock_remaining"]
    if rem is None:
        t._deadline = None
    else:
        _need(isinstance(rem, (int, float)) and not isinstance(rem, bool) and 0 <= rem <= 3600,
              "clock_remaining must be seconds")
        _need(phase in (ROLL, MOVING, TAKE), "only a game in play has a clock")
        t._deadline = now + float(rem)
    rec = data["record"]
    _need(isinstance(rec, dict) and isinstance(rec.get("games"), list) and rec["games"], "record missing")
    builder = RecordBuilder(players=rec["players"], match_length=rec["match_length"], rules=rec.get("rules"))
    builder.data = rec
    _need(rec["games"][-1]["dice"].get("fingerprint") == g.fingerprint,
          "the seed does not match the current game's fingerprint")
    _need(len(rec["games"]) == t._game_no + 1, "the record's games do not match the game number")
    t._record = builder
    mat = data["mat"]
    _need(isinstance(mat, list) and len(mat) == len(rec["games"]), "the .mat log does not match the record")
    t._mat = mat
    return t
