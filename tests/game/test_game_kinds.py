"""The typed kinds (game.kinds) are the values the code uses, and the bot's levels are the game's."""
from __future__ import annotations

from typing import get_args

import bot
import game
from bot import levels
from game import kinds, record, reducer, verify
from game.state import Pending


def test_the_game_and_the_bot_have_the_same_levels_in_the_same_order():
    assert game.LEVELS == bot.LEVELS == levels.NAMES == tuple(levels.PLAY) == kinds.LEVELS == get_args(kinds.Level)
    assert kinds.LEVELS[0] == "beginner" and kinds.LEVELS[-1] == "expert"


def test_record_kinds_are_the_typed_ones():
    assert record.RESULT_KINDS == get_args(kinds.ResultKind)
    assert record.SEAT_KINDS == game.options.SEAT_KINDS == get_args(kinds.SeatKind)


def test_every_pending_kind_has_a_decision_intent():
    for kind, intent in zip(kinds.DECISION_KINDS, (game.BotCube, game.BotPlay, game.BotAnswer)):
        p = Pending(0, kind, "bot", "beginner", "4HPwATDgc/ABMA")
        assert p.intent("x") == intent("x")


def test_the_verifier_replays_every_action_type_it_accepts():
    import inspect
    source = inspect.getsource(verify) + inspect.getsource(reducer)
    for t in kinds.ACTION_TYPES:
        assert f'"{t}"' in source, t
