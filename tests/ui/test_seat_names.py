"""ui.seat_names: the one rule for the two seats' names, for the table's seats and a record's players."""
from __future__ import annotations

import pytest

import game
from ui.i18n import Texts
from ui.seat_names import seat_names

EN, PT = Texts("en"), Texts("pt")
BOT = {"kind": "bot", "level": "strong", "name": "Bot (strong)"}
HUMAN = {"kind": "human", "name": "Player 1"}
PEER = {"kind": "peer", "name": "Ana"}


def test_the_table_s_seats():
    vs_bot = (game.Seat("human"), game.Seat("bot", "expert"))
    assert seat_names(vs_bot, EN) == ("You", "Bot (Expert)")
    assert seat_names((game.Seat("human"), game.Seat("human")), PT) == ("Brancas", "Pretas")
    assert seat_names((game.Seat("human", name="Rui"), game.Seat("peer", name="Ana")), EN) == ("Rui", "Ana")
    assert seat_names((game.Seat("human"), game.Seat("peer")), EN) == ("White", "Black")


@pytest.mark.parametrize("players, history, record", [
    ([HUMAN, BOT], ("You", "Bot (Strong)"), ("Player 1", "Bot (strong)")),
    ([HUMAN, dict(HUMAN, name="Player 2")], ("White", "Black"), ("Player 1", "Player 2")),
    ([PEER, HUMAN], ("Ana", "Black"), ("Ana", "Player 1")),
    ([{"kind": "bot", "level": "grandmaster"}, "not a player"], ("?", "?"), ("White", "Black")),
    ([{}], ("?", "?"), ("White", "Black")),
    ([], ("?", "?"), ("White", "Black")),
])
def test_a_record_s_players_in_the_history_and_in_the_review(players, history, record):
    assert seat_names(players, EN, "history") == history
    assert seat_names(players, EN, "record") == record
