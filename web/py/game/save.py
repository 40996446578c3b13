"""Saved tables: ``table_to_json(table, now)`` / ``table_from_json(text, now)`` (format "gamao-table", version 1).

The clock is saved as the time remaining, so a reload resumes it where it was, not from the full time. The save
holds the current game's seed (it is the player's own device); the record inside holds only its fingerprint
until the game is over.

A page saves after every action with :class:`PageSave`: the whole table when anything but the turn's steps
changed, else only the steps (a few bytes that name the whole save they continue); ``table_from_json(text, now,
steps=...)`` reads the two back as the very table that was saved.
"""
from __future__ import annotations

import json
from binascii import crc32
from typing import TYPE_CHECKING, Any, Optional, cast

import rules
from rules import dice as _dice

from .errors import GameError, SaveError
from .kinds import RESULT_KINDS, JsonDict, ReplayPhase, ResultKind
from .options import Options
from .dice import SeededDice
from .record import RecordBuilder
from .reducer import GameState
from .resign import refusal
from .save_text import ENCODER as _ENCODER, save_text
from .value import TableValue
from .state import GAME_OVER, MATCH_OVER, MOVING, PHASES, ROLL, TAKE, Result

if TYPE_CHECKING:
    from .table import Table

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "STEPS_SUFFIX", "PageSave", "value_to_json", "value_from_json",
           "table_to_json", "table_from_json"]

SAVE_FORMAT = "gamao-table"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 5_000_000


STEPS_SUFFIX = ".steps"  # the key of the steps' save: the whole save's key with this added
_STEADY = tuple(name for name in TableValue.__dataclass_fields__ if name not in ("turn", "events", "now"))


def _tag(text: str) -> str:
    """What names a whole save in the steps that continue it: its length and CRC-32."""
    return f"{len(text)}:{crc32(text.encode('utf-8'))}"


class PageSave:
    """What a page writes to keep its table, after each action: ``texts(table, now)`` -> ``{key suffix: text}``
    to store under the page's key plus the suffix. ``""``: the whole table (``value_to_json``), written when
    anything but the steps of the turn being played changed since the last whole save (it also empties the
    steps' text); else only :data:`STEPS_SUFFIX`: the turn's steps and the clock's time left, with the tag of
    the whole save they continue. Read back by ``value_from_json(whole, now, steps)``: steps that do not name
    the whole save beside them are not read (the whole save alone is a table as it was)."""

    def __init__(self) -> None:
        self._base: Optional[TableValue] = None  # the value last saved whole
        self._tag = ""
        self.whole: Optional[str] = None  # the text last saved whole

    def texts(self, table: "Table", now: float) -> dict[str, str]:
        v = table.value
        base = self._base
        if base is not None and base.phase == MOVING and v.phase == MOVING:
            bd, vd = base.__dict__, v.__dict__
            for name in _STEADY:
                if bd[name] is not vd[name]:
                    break
            else:
                turn = v.turn
                if (turn is not None and base.turn is not None  # phase moving: both have their turn
                        and turn.start is base.turn.start and turn.dice == base.turn.dice):
                    return {STEPS_SUFFIX: _ENCODER.encode({"of": self._tag, "clock_remaining": _remaining(v, now),
                                                           "steps": _steps(turn)})}
        text = value_to_json(v, now)
        self._base, self.whole, self._tag = v, text, _tag(text)
        return {"": text, STEPS_SUFFIX: ""}


def _with_steps(data: JsonDict, text: str, steps: Any) -> None:
    """The steps' save ``steps`` over the whole save ``data`` (of ``text``), when it continues that save."""
    if not isinstance(steps, str) or not steps:
        return
    try:
        more = json.loads(steps)
    except ValueError:
        return
    if (isinstance(more, dict) and more.get("of") == _tag(text) and data.get("phase") == MOVING
            and isinstance(more.get("steps"), list)):
        data["steps"] = more["steps"]
        data["clock_remaining"] = more.get("clock_remaining")


def _remaining(v: TableValue, now: float) -> Optional[float]:
    """The clock's time left at ``now`` (None: no clock running)."""
    return None if v.deadline is None else max(0.0, v.deadline - now)


def _steps(turn: Optional["rules.Turn"]) -> list[list[int]]:
    """The steps of the turn being played, as a save writes them."""
    return [[s.frm, s.to, s.die] for s in turn.steps] if turn is not None else []


def _options_dict(options: Options) -> JsonDict:
    """``options.to_dict()``, kept for the last options saved (a table's options do not change; the dict is only
    read here)."""
    kept = _OPTIONS[0]
    if kept is None or kept[0] is not options:
        kept = _OPTIONS[0] = (options, options.to_dict())
    return kept[1]


_OPTIONS: list[Optional[tuple[Options, JsonDict]]] = [None]


def value_to_json(v: TableValue, now: float) -> str:
    """The save text of a table's value (its clock as the time remaining at ``now``)."""
    if not isinstance(v.game_dice, SeededDice):
        raise SaveError("only a table with seeded dice is saved this way (a peer session saves its own log)")
    m = v.match
    data: JsonDict = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "options": _options_dict(v.options),
        "match": {"length": m.length, "score": list(m.score), "crawford": m.crawford, "jacoby": m.jacoby,
                  "beavers": m.beavers, "cube": m.cube, "cube_owner": m.cube_owner},
        "game_index": v.game_index,
        "first_seed": v.options.seed,
        "seed": v.game_dice.seed.hex(), "throws": len(v.game_dice.thrown),
        "board": [list(v.board[0]), list(v.board[1])],
        "phase": v.phase, "player": v.player,
        "dice": list(v.dice) if v.dice else None,
        "steps": _steps(v.turn),
        "clock_remaining": _remaining(v, now), "expired": v.expired, "advised": v.advised,
        "result": None if v.result is None else {"winner": v.result.winner, "points": v.result.points,
                                                 "kind": v.result.kind},
        "practice": v.practice,
        "offer": None if v.offer is None else list(v.offer), "declined": list(v.declined), "offered": v.offered,
    }
    return save_text(data, v.record)  # json.dumps(data + {"record": v.record}), its actions written once each


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(f"the saved game cannot be read: {message}")


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, f"{what} must be an int {lo}..{hi}")
    return int(v)


def value_from_json(text: Any, now: float, steps: Any = None) -> TableValue:
    """The value saved by :func:`value_to_json`; ``SaveError`` (with the reason) if it cannot be read.
    ``steps``: the text :class:`PageSave` wrote after it (the turn's steps since), or None."""
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
    _with_steps(data, text, steps)
    try:
        return _load(data, now)
    except SaveError:
        raise
    except (GameError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise SaveError(f"the saved game cannot be read: {type(exc).__name__}: {exc}") from None


def _load(data: JsonDict, now: float) -> TableValue:
    options = Options.from_dict(data["options"])
    mm = data["match"]
    _need(isinstance(mm, dict), "match must be an object")
    score = mm["score"]
    _need(isinstance(score, list) and len(score) == 2, "score must be two ints")
    match = rules.MatchState(length=mm["length"], score=(score[0], score[1]), crawford=mm["crawford"],
                             jacoby=mm["jacoby"], beavers=mm["beavers"], cube=mm["cube"], cube_owner=mm["cube_owner"])
    game_index = _int(data["game_index"], 0, 10_000, "game_index")
    fs = data["first_seed"]
    if fs is not None:
        _need(options.seed is not None and _dice.seed_from_hex(fs).hex() == options.seed,
              "the first seed does not match the options")
    game_dice = SeededDice(_dice.seed_from_hex(data["seed"]), _int(data["throws"], 0, 100_000, "throws"))
    board = data["board"]
    _need(isinstance(board, list) and len(board) == 2, "board must be two sides")
    pos = rules.Position(tuple(board[0]), tuple(board[1]))
    board = (pos.mine, pos.theirs)
    phase = data["phase"]
    _need(phase in PHASES, f"unknown phase {phase!r}")
    player = _int(data["player"], 0, 1, "player")
    dice = data["dice"]
    turn = None
    if phase == MOVING:
        _need(isinstance(dice, list) and len(dice) == 2, "a turn being played needs its dice")
        dice = (_int(dice[0], 1, 6, "die"), _int(dice[1], 1, 6, "die"))
        turn = rules.Turn(rules.Position(board[player], board[1 - player]), dice)
        steps = data["steps"]
        _need(isinstance(steps, list), "steps must be a list")
        for s in steps:
            _need(isinstance(s, list) and len(s) == 3, "a step is [from, to, die]")
            try:
                turn = turn.apply(s[0], s[1], s[2])
            except rules.RulesError as exc:
                raise SaveError(f"the saved game cannot be read: a saved step is not legal ({exc})") from None
    else:
        _need(dice is None and not data["steps"], f"no dice are in play in phase {phase}")
        dice = None
    res = data["result"]
    if phase in (GAME_OVER, MATCH_OVER):
        _need(isinstance(res, dict), "a finished game needs its result")
        _need(res["kind"] in RESULT_KINDS, f"unknown result kind {res['kind']!r}")
        result = Result(_int(res["winner"], 0, 1, "winner"), _int(res["points"], 1, 1 << 20, "points"),
                        cast(ResultKind, res["kind"]))
        _need((phase == MATCH_OVER) == match.is_over, "the phase does not agree with the match score")
    else:
        result = None
        _need(res is None, "a game in play has no result")
        _need(not match.is_over, "the match is over but a game is in play")
        if phase == TAKE:
            _need(match.can_double(player), "a double is pending that the cube does not allow")
    rem = data["clock_remaining"]
    if rem is None:
        deadline = None
    else:
        _need(isinstance(rem, (int, float)) and not isinstance(rem, bool) and 0 <= rem <= 3600,
              "clock_remaining must be seconds")
        _need(phase in (ROLL, MOVING, TAKE), "only a game in play has a clock")
        deadline = now + float(rem)
    offer = data.get("offer")
    if offer is not None:
        _need(isinstance(offer, list) and len(offer) == 3 and phase in (ROLL, MOVING), "a resignation offer is "
              "[resigner, points, clock seconds left], in a game in play")
        _need(offer[0] == player and refusal(match, pos if player == 0 else pos.swapped(), offer[1]) is None,
              "the resignation offered is not possible in this position")
        _need(offer[2] is None or isinstance(offer[2], (int, float)) and not isinstance(offer[2], bool)
              and 0 <= offer[2] <= 3600, "the resigner's clock must be seconds")
        offer = (offer[0], offer[1], offer[2])
    declined = data.get("declined", [0, 0])
    _need(isinstance(declined, list) and len(declined) == 2, "declined must be two numbers of points")
    declined = (_int(declined[0], 0, 1 << 20, "declined"), _int(declined[1], 0, 1 << 20, "declined"))
    rec = data["record"]
    _need(isinstance(rec, dict) and isinstance(rec.get("games"), list) and rec["games"], "record missing")
    RecordBuilder(players=rec["players"], match_length=rec["match_length"], rules=rec.get("rules"))  # checks
    _need(rec["games"][-1]["dice"].get("fingerprint") == game_dice.fingerprint,
          "the seed does not match the current game's fingerprint")
    _need(len(rec["games"]) == game_index + 1, "the record's games do not match the game number")
    game_state = None
    if phase in _GAME_PHASE:
        game_state = GameState(match, rules.Position(board[player], board[1 - player]), player,
                               _GAME_PHASE[phase], dice)
    return TableValue(options=options, match=match, game_index=game_index, board=board, phase=phase,
                      player=player, dice=dice, turn=turn, deadline=deadline, expired=data["expired"] is True,
                      advised=data["advised"] is True, result=result, practice=data["practice"] is True,
                      now=now, game_dice=game_dice, next_dice=None, record=rec, events=(),
                      offer=offer, declined=declined, offered=data.get("offered") is True, game_state=game_state)


#: The game's phase (``game.reducer``) of each phase of a table with a game in play.
_GAME_PHASE: dict[str, ReplayPhase] = {ROLL: "roll", MOVING: "move", TAKE: "take"}


def table_to_json(table: "Table", now: Optional[float] = None) -> str:
    """The whole table as JSON (every phase; the clock saved as the time remaining at ``now``, by default the
    table's last time). A peer game's table is not saved this way (``SaveError``): its session saves its log."""
    v = table.value
    return value_to_json(v, v.now if now is None else float(now))


def table_from_json(text: Any, now: float = 0.0, steps: Optional[str] = None) -> "Table":
    """A table from :func:`table_to_json` text; ``SaveError`` if it cannot be read. The clock resumes at ``now``
    with the time that remained when it was saved. ``steps``: what :class:`PageSave` wrote after that text (the
    turn's steps since), or None."""
    from .table import Table  # imported here so that the table's own modules may import this one
    return Table.from_value(value_from_json(text, float(now), steps))
