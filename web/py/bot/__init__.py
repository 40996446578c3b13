"""The Gamão bot: a self-play trained evaluator, play choice at four levels, cube decisions.

Standard library only; runs unchanged in CPython and in Pyodide (main thread or a worker). The public API
(documented in docs/bot.md):

    choose(position_id, dice, level, *, seed=None) -> position_id after the play
    cube_action(position_id, cube=rules.CubeInfo(), *, level="intermediate") -> "double" | "no_double"
    take_decision(position_id, cube=rules.CubeInfo(), *, level="intermediate") -> "take" | "pass"
    evaluate(position_id, level="intermediate") -> dict of probabilities and equity
    load_weights(data=None, path=None) -> None (optional: loads lazily on first use)
    load_bearoff(data=None, path=None) -> None (optional: the exact bear-off table, lazily by default)
    analyse_record(record, level="quick", progress=None) -> dict (bot.analysis; docs/analysis.md)
    rollout(position_id, *, dice=None, candidates=None, trials=324, truncate=11, cubeful=True, seed=0,
            level="intermediate", progress=None) -> dict (bot.rollout; docs/analysis.md)
    analyse_position(gnubg_id_or_xgid, dice=None, level="quick") -> dict (bot.position_analysis)

Positions are GNU Backgammon Position IDs with the side on roll encoded second (``rules.Position``).
"""
from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Optional, Union

from rules.errors import RulesError
from rules.movegen import check_dice
from rules.cubeinfo import MONEY, CubeInfo
from rules.position import Position
from rules.posid import encode_position_id

from . import bearoff as _bearoff
from . import cube as _cube
from . import play as _play
from . import levels as _levels
from rules.board import Board
from .kinds import CubeDecision, TakeDecision
from .network import DEFAULT_WEIGHTS, Evaluator, Outputs, WeightsError, equity, parse_weights
from .analysis import AnalysisError, analyse_record
from .rollout import RolloutCancelled, RolloutError, Rollout, run as _run_rollout
from .position_analysis import analyse_position

__all__ = ["LEVELS", "DEFAULT_LEVEL", "BotError", "WeightsError", "BearoffError", "choose", "cube_action",
           "take_decision", "evaluate", "load_weights", "load_bearoff", "evaluator", "analyse_record",
           "analyse_position", "AnalysisError", "rollout", "Rollout", "RolloutError", "RolloutCancelled"]

BearoffError = _bearoff.BearoffError

LEVELS = _levels.NAMES  # the play levels of bot.levels, weakest first (game.LEVELS names the same; a test checks it)
DEFAULT_LEVEL = _levels.DEFAULT


class BotError(ValueError):
    """Bad input to the bot (unknown level, malformed position or dice, impossible cube question)."""


_EVALUATOR: Optional[Evaluator] = None
_LOADED: Optional[tuple] = None  # (SHA-256 of the weights' bytes, the SHA-256 they were checked against)


def load_weights(data: Optional[bytes] = None, path: Union[str, Path, None] = None,
                 expected_sha256: Optional[str] = None) -> Evaluator:
    """Load (or replace) the networks. Default: ``web/assets/bot/weights.json`` beside this package, checked
    against ``bot.weights_sha256.WEIGHTS_SHA256``. Raises :class:`WeightsError` on a missing, malformed or
    mismatching file (and keeps the previous networks). The very weights loaded already are not parsed again."""
    global _EVALUATOR
    if expected_sha256 is None:
        from .weights_sha256 import WEIGHTS_SHA256
        expected_sha256 = WEIGHTS_SHA256
    if data is None:
        p = Path(path) if path is not None else DEFAULT_WEIGHTS
        try:
            data = p.read_bytes()
        except OSError as e:
            raise WeightsError(f"cannot read weights {p}: {e}") from None
    global _LOADED
    key = (hashlib.sha256(data).hexdigest(), expected_sha256)
    if _EVALUATOR is not None and _LOADED == key:  # the same weights again (as after a memory snapshot): kept
        return _EVALUATOR
    ev = parse_weights(data, expected_sha256)
    _EVALUATOR, _LOADED = ev, key
    return ev


def load_bearoff(data: Optional[bytes] = None, path: Union[str, Path, None] = None) -> None:
    """Load the exact bear-off table now (otherwise it loads lazily, from ``web/assets/bot/bearoff.bin`` or
    ``bearoff.bin`` beside the package, on the first pure bear-off). Checked against
    ``bot.bearoff_sha256.BEAROFF_SHA256``; raises :class:`BearoffError` and keeps the previous table on a
    mismatch. Without a table the bot evaluates bear-offs with its network."""
    _bearoff.load(data=data, path=Path(path) if path is not None else None)


def evaluator() -> Evaluator:
    """The loaded networks (loading the default weights on first use)."""
    if _EVALUATOR is None:
        load_weights()
    assert _EVALUATOR is not None
    return _EVALUATOR


def _board(position_id: str) -> Board:
    """The board of ``position_id`` (a game not over), the last one kept: a play's resignation look and its choice
    read the same ID."""
    if position_id == _LAST_BOARD[0]:
        return _LAST_BOARD[1]
    if not isinstance(position_id, str):
        raise BotError(f"position_id must be a str, got {type(position_id).__name__}")
    try:
        pos = Position.from_id(position_id)
    except RulesError as e:
        raise BotError(f"bad position ID {position_id!r}: {e}") from None
    if pos.is_over():
        raise BotError(f"the game is over in {position_id!r}")
    _LAST_BOARD[:] = position_id, (pos[0], pos[1])
    return _LAST_BOARD[1]


_LAST_BOARD: list = [object(), None]  # the last (Position ID, board) _board read


def _dice(dice) -> tuple[int, int]:
    try:
        return check_dice(dice)
    except RulesError as e:
        raise BotError(str(e)) from None


def _level(level: str) -> _levels.Level:
    if level not in _levels.PLAY:
        raise BotError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")
    return _levels.PLAY[level]


def _to_id(board: Board) -> str:
    return encode_position_id(board[0], board[1])


def choose(position_id: str, dice: tuple[int, int], level: str, *, seed: Optional[int] = None) -> str:
    """The Position ID after the bot's play of ``dice`` (the mover still encoded second, as
    ``rules.legal_results`` writes results); the same ID back when nothing can be played.

    Deterministic: the same arguments give the same play. The beginner's noise is seeded by ``seed`` (default:
    derived from the position and dice)."""
    board = _board(position_id)
    d = _dice(dice)
    lv = _level(level)
    rng = None
    if lv.noise:
        rng = random.Random(seed if seed is not None else f"{position_id}/{d[0]}{d[1]}")
    chosen = _play.choose_board(evaluator(), board, d, lv, rng)
    return _to_id(chosen)


def evaluate(position_id: str, level: str = DEFAULT_LEVEL) -> dict[str, float]:
    """Cubeless probabilities for the side on roll (before it rolls) and its money equity.

    Levels strong and expert average the best play over the 21 rolls (1-ply); the others use the network."""
    board = _board(position_id)
    lv = _level(level)
    ev = evaluator()
    o = _play.evaluate_1ply_board(ev.pruned(lv.prune), board) if lv.plies >= 1 else _play.outputs_on_roll(ev, board)
    out = dict(zip(Outputs._fields, o))
    out["equity"] = equity(o)
    return out


def _cube_info(cube: CubeInfo) -> CubeInfo:
    if not isinstance(cube, CubeInfo):
        raise BotError(f"cube must be a rules.CubeInfo, got {type(cube).__name__}")
    return cube


def _outputs(position_id: str, level: str) -> Outputs:
    """The cubeless outputs ``evaluate`` gives."""
    probs = evaluate(position_id, level)
    return Outputs(*(probs[k] for k in Outputs._fields))


def cube_action(position_id: str, cube: CubeInfo = MONEY, *, level: str = DEFAULT_LEVEL) -> CubeDecision:
    """Whether the side on roll of ``position_id`` (before rolling) doubles: ``"double"`` or ``"no_double"``.

    ``cube`` is the cube and score as the side on roll sees them (``rules.CubeInfo``; money play with the cube
    centred by default; no Jacoby rule assumed). Never doubles in the Crawford game or with the opponent's cube,
    nor past the highest cube, 4096 (``rules.MAX_CUBE``; answers "no_double")."""
    s = _cube_info(cube)
    if not s.may_double:
        return "no_double"
    x = _cube.efficiency(_board(position_id))
    return "double" if _cube.should_double(_outputs(position_id, level), s, x) else "no_double"


def take_decision(position_id: str, cube: CubeInfo = MONEY, *, level: str = DEFAULT_LEVEL) -> TakeDecision:
    """``"take"`` or ``"pass"`` for the side facing a double.

    ``position_id`` is the position as the double is offered: the *doubler* on roll (encoded second), before
    rolling. ``cube`` is the taker's view of the cube *before* the double (owner "center" or "opponent", the
    doubler; the score is (taker, doubler))."""
    s = _cube_info(cube)
    if s.crawford:
        raise BotError("no doubling in the Crawford game")
    if s.owner == _cube.MINE:
        raise BotError("the taker owns the cube: the doubler cannot double")
    x = _cube.efficiency(_board(position_id))
    return "take" if _cube.should_take(_outputs(position_id, level), s, x) else "pass"


def rollout(position_id: str, *, dice: Optional[tuple[int, int]] = None, candidates=None, trials: int = 324,
            truncate: int = 11, cubeful: bool = True, seed: int = 0, level: str = DEFAULT_LEVEL,
            progress=None) -> dict:
    """Roll out a decision of the side on roll of ``position_id`` (``bot.rollout``; docs/analysis.md).

    With ``dice``: the plays of that roll (``candidates``: result Position IDs or play notation; default the
    0-ply best two). Without: the cube actions "no_double", "double_take", "double_pass" (money, cube centred).
    Per candidate: equity (cubeful when ``cubeful``), cubeless equity and the five chances, each with its 95 %
    interval, and the trials. ``progress(done, total, partial_result)`` after each round of 36 trials; returning
    ``False`` stops with :class:`RolloutCancelled`. The module ``bot.rollout`` is shadowed by this function in the
    package; its class is ``bot.Rollout``. Raises :class:`RolloutError` (a ``ValueError``) on bad input."""
    return _run_rollout(evaluator(), position_id, dice=dice, candidates=candidates, trials=trials,
                        truncate=truncate, cubeful=cubeful, seed=seed, level=level, progress=progress)
