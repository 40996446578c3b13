"""ui.practice_view's pure part: reading the answer from the table's state, and the lines shown after it."""
import game
import rules
from game import intents
from ui import practice_view as PV
from ui.i18n import Texts

START = rules.Position.initial().to_id()


def _table(info):
    return game.table_from_id(rules.gnubg_id(rules.Position.initial(), info), game.Options.two_players(clock=0), now=0)


def test_reply_of_a_roll_is_the_position_after_done():
    table = _table(rules.MatchInfo(on_roll=1, dice=(3, 1)))
    item = {"kind": "move"}
    assert PV.reply_of(item, table.state()) is None
    table.apply(intents.Move(8, 5), 1)
    table.apply(intents.Move(6, 5), 1)
    assert PV.reply_of(item, table.state()) is None  # not before Done
    table.apply(intents.Done(), 1)
    assert PV.reply_of(item, table.state()) == "4HPwATCwZ/ABMA"


def test_reply_of_cube_decisions():
    table = _table(rules.MatchInfo(on_roll=1))
    assert PV.reply_of({"kind": "double"}, table.state()) is None
    table.apply(intents.Double(), 1)
    assert PV.reply_of({"kind": "double"}, table.state()) == "double"
    table = _table(rules.MatchInfo(on_roll=1))
    table.apply(intents.Roll(), 1)
    assert PV.reply_of({"kind": "double"}, table.state()) == "no_double"
    for answer, reply in ((intents.Take(), "take"), (intents.Pass(), "pass")):
        table = _table(rules.MatchInfo(on_roll=0, double_offered=True))
        assert PV.reply_of({"kind": "take"}, table.state()) is None
        table.apply(answer, 1)
        assert PV.reply_of({"kind": "take"}, table.state()) == reply


def test_feedback_lines_in_both_languages():
    item = {"kind": "move", "top": [{"play": "8/5 6/5", "position_id": "a", "equity": 0.15}]}
    options = [{"play": "8/5 6/5", "position_id": "a", "equity": 0.14}, {"play": "24/21", "position_id": "b",
                                                                         "equity": -0.02}]
    en = PV.feedback_lines(item, {"reply": "b", "right": False}, options, Texts("en"))
    assert en == [("8/5 6/5 (equity +0.150)", "a"), ("Your play: 24/21 (equity -0.020)", "b")]
    pt = PV.feedback_lines(item, {"reply": "a", "right": True}, options, Texts("pt"))
    assert pt[-1] == ("Sua jogada: 8/5 6/5", "a")
    cube = {"kind": "take", "best": "pass", "equities": {"take": -1.2, "pass": -1.0}}
    lines = PV.feedback_lines(cube, {"reply": "take", "right": False}, [], Texts("en"))
    assert lines[0] == ("Best: pass", "pass") and lines[-1] == ("You chose: take", "take")
