"""The one table of levels (bot.levels): what each play level searches, what the analysis levels and the rollout
map to, and which levels the page sends to its worker."""
from __future__ import annotations

import pytest

import bot
from bot import analysis, levels, play


def test_the_play_levels_search_deeper_from_the_weakest_to_the_strongest():
    table = [levels.PLAY[name] for name in levels.NAMES]
    assert [lv.name for lv in table] == list(levels.NAMES) == list(bot.LEVELS)
    assert [lv.plies for lv in table] == sorted(lv.plies for lv in table)
    assert [lv.noise > 0 for lv in table] == [True, False, False, False]  # only the beginner is noisy
    assert levels.DEFAULT in levels.PLAY and levels.PLAY[levels.NETWORK].plies == 0
    assert not levels.PLAY[levels.NETWORK].noise


@pytest.mark.parametrize("name, slow", [("beginner", False), ("intermediate", False), ("strong", True),
                                        ("expert", True), ("nonsense", False), ("deep", False)])
def test_the_levels_that_search_beyond_the_network_are_the_slow_ones(name, slow):
    assert levels.slow(name) is slow
    if name in levels.PLAY:
        assert levels.PLAY[name].slow is (levels.PLAY[name].plies >= 1)


def test_the_analysis_levels_are_play_levels_searches():
    quick, deep = levels.ANALYSIS["quick"], levels.ANALYSIS["deep"]
    assert levels.ANALYSIS_NAMES == ("quick", "deep")
    assert quick.search.plies == 0 and quick.check is levels.PLAY["strong"] and quick.check.plies == 1
    assert deep.search is levels.PLAY["strong"] and deep.check is levels.PLAY["expert"]
    assert (analysis.DEEP_CANDIDATES, analysis.DEEP_MARGIN, analysis.DEEP_PRUNE) == (
        deep.search.candidates, deep.search.margin, deep.search.prune)
    assert (analysis.TWO_PLY_PRUNE, analysis.TWO_PLY_BUDGET) == (deep.search.prune, deep.check.deep_budget)


def test_an_unknown_level_is_refused_by_each_reader_with_the_table_s_names():
    with pytest.raises(bot.BotError, match="beginner, intermediate, strong, expert"):
        bot.evaluate("4HPwATDgc/ABMA", "deep")
    with pytest.raises(bot.AnalysisError, match="quick, deep"):
        analysis.hint("double", "4HPwATDgc/ABMA", level="strong")
    with pytest.raises(bot.RolloutError, match=levels.ROLLOUT.name):
        bot.rollout("4HPwATDgc/ABMA", level="expert", trials=1)


def test_the_search_reads_its_level_from_the_table():
    ev = bot.evaluator()
    board = (play.START_BOARD[0], play.START_BOARD[1])
    a = play.choose_board(ev, board, (3, 1), levels.PLAY["intermediate"])
    assert a == play.rank_0ply(ev, board, (3, 1))[0][1]
