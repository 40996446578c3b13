"""Gamão's rules engine: positions, legal plays, steps for the table, cube and match scoring,
GNU Backgammon Position ID / Match ID / GNUbg ID, XGID, move notation and ``.mat`` files.

Pure Python, standard library only (no ``js``/``pyscript``), the same in CPython and Pyodide.
See ``docs/rules-api.md`` for the contract.
"""

from .errors import (CubeError, IllegalMoveError, MatchIdError, MatFormatError, NotationError,
                     PositionIdError, RulesError, XgidError)
from .position import BAR, OFF, Position, Step
from .movegen import apply_play, legal_plays, legal_results, result_boards
from .turn import Option, Turn
from .notation import format_play, parse_play
from .match import BACKGAMMON, GAMMON, MAX_CUBE, SINGLE, MatchState, opening_roll, score_game
from .cubeinfo import CubeInfo
from .matchid import MatchInfo, decode_match_id, encode_match_id, gnubg_id, parse_gnubg_id
from .xgid import parse_xgid, to_xgid
from .mat import MatAction, MatGame, MatMatch, write_mat
from .mat_read import read_mat


def position_id(pos: Position) -> str:
    """GNU Backgammon Position ID of ``pos`` (same as ``pos.to_id()``)."""
    return pos.to_id()


__all__ = [
    "RulesError", "IllegalMoveError", "PositionIdError", "MatchIdError", "XgidError",
    "NotationError", "MatFormatError", "CubeError",
    "Position", "Step", "BAR", "OFF", "position_id",
    "legal_plays", "legal_results", "result_boards", "apply_play", "Turn", "Option", "format_play", "parse_play",
    "MatchState", "score_game", "opening_roll", "SINGLE", "GAMMON", "BACKGAMMON",
    "MAX_CUBE", "CubeInfo",
    "MatchInfo", "encode_match_id", "decode_match_id", "gnubg_id", "parse_gnubg_id",
    "to_xgid", "parse_xgid", "MatAction", "MatGame", "MatMatch", "read_mat", "write_mat",
]
