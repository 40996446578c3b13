"""Gamão's table as a pure state machine: seats, phases, undo, the clock as data, the game record,
saved games, IDs. No DOM, no js/pyscript, no sleeps, no wall-clock reads. See docs/game-api.md.

    >>> import game
    >>> table = game.Table(game.Options.against_bot("beginner"), now=0)
    >>> state = game.drive_bots(table, now=0)       # the bot answers what it must
    >>> state = table.apply(game.Move(13, 8), now=3)  # the human plays
"""
from .errors import GameError, NotAllowed, OptionsError, SaveError, SetupError
from .options import LEVELS, Options, Seat
from .intents import (AcceptResign, BotAnswer, BotCube, BotPlay, BotResign, BotResignAnswer, Beaver, DeclineResign,
                      Done, Double, Intent, Move, NewGame, NextGame, Pass, Resign, Roll, Take, Tick, Undo)
from .state import (GAME_OVER, MATCH_OVER, MOVING, PHASES, ROLL, TAKE, Event, EventKind, Pending, PendingKind,
                    Phase, Reason, Result, ResultKind, State, relative_board)
from .dice import SEEDED, SeededDice, game_seed
from .value import TableValue
from .table import Table
from .drive import BotChooser, RandomChooser, answer_for, decision_for, drive_bots
from .history import HISTORY_LIMIT, add_record, history_from_json, history_to_json, summary
from .setup import parse_id, table_from_id, to_table
from .save import table_from_json, table_to_json
from .record import record_json
from .export import mat_text
from .mat_import import import_match

__all__ = [
    "GameError", "NotAllowed", "OptionsError", "SaveError", "SetupError",
    "LEVELS", "Options", "Seat",
    "Intent", "Roll", "Double", "Take", "Pass", "Beaver", "Move", "Undo", "Done", "NextGame", "NewGame", "Tick",
    "Resign", "AcceptResign", "DeclineResign", "BotCube", "BotPlay", "BotAnswer", "BotResign", "BotResignAnswer",
    "PHASES", "ROLL", "MOVING", "TAKE", "GAME_OVER", "MATCH_OVER", "Event", "Pending", "Result", "State",
    "Phase", "EventKind", "PendingKind", "Reason", "ResultKind",
    "relative_board", "Table", "TableValue", "SeededDice", "SEEDED", "game_seed", "BotChooser", "RandomChooser", "answer_for", "decision_for",
    "drive_bots",
    "HISTORY_LIMIT", "add_record", "summary", "history_to_json", "history_from_json", "parse_id", "to_table",
    "table_from_id", "table_to_json", "table_from_json", "record_json", "mat_text", "import_match",
]
