"""The batched numpy twin of the bot's search (tools/bot/bot_batch.py) computes what bot.play computes."""
import random

import pytest

import bot
from bot import bearoff, network, levels, play
from rules.board import ALL_ROLLS
from rules.movegen import result_boards as results

np = pytest.importorskip("numpy")
from tools.bot import bot_batch  # noqa: E402  (numpy first)


@pytest.fixture(scope="module")
def search():
    bearoff.load()
    return bot_batch.BatchSearch(bot_batch.from_weights(network.DEFAULT_WEIGHTS))


@pytest.fixture(scope="module")
def played():
    """(board, dice) before each move of a few games of the shipped bot at 0-ply against itself."""
    bot.load_weights()
    bearoff.load()
    rng = random.Random(77)
    return [m for _ in range(3) for m in play.self_play(bot.evaluator(), rng)]


def test_the_dequantised_networks_evaluate_as_the_browser(search, played):
    ev = bot.evaluator()
    boards = [b for b, _ in played]
    want = np.array([ev.evaluate(b) for b in boards])
    assert np.abs(search.net_outputs(boards) - want).max() < 1e-9


def test_strong_chooses_as_bot_play(search, played):
    ev = bot.evaluator()
    level = levels.PLAY["strong"]
    for b, d in played[::5]:
        assert search.choose_board(b, d, level) == play.choose_board(ev, b, d, level)


def test_two_ply_outputs_and_work_equal_bot_play(search, played):
    ev = bot.evaluator()
    rng = random.Random(5)
    checked = 0
    for b, d in played[::16]:
        r = rng.choice(results(b, *d))
        work = play.Work(10 ** 9)
        want = play.outputs_2ply(ev, r, work)
        got, n = search.outputs_2ply(r)
        assert np.abs(got - np.array(want)).max() < 1e-9
        assert n == work.done
        if n:  # bot.play raises OverBudget past a limit: the twin gives no outputs exactly then
            checked += 1
            assert search.outputs_2ply(r, n - 1)[0] is None
            assert np.array_equal(search.outputs_2ply(r, n)[0], got)
    assert checked >= 4


@pytest.mark.parametrize("budget", ["shipped", 900])
def test_expert_chooses_as_bot_play_whatever_the_work_limit(search, played, budget):
    """The shipped expert, and a limit that many 2-ply searches exceed (bot.play then keeps the 1-ply
    choice)."""
    ev = bot.evaluator()
    base = levels.PLAY["expert"]
    level = levels.Level("test", 2, candidates=base.candidates, margin=base.margin, deep=base.deep,
                       deep_margin=base.deep_margin, deep_budget=base.deep_budget if budget == "shipped" else budget)
    deep_searches = 0
    real = search.outputs_2ply

    def counting(r, limit=None):
        nonlocal deep_searches
        deep_searches += 1
        return real(r, limit)

    search.outputs_2ply = counting
    try:
        for b, d in played[1::9]:
            assert search.choose_board(b, d, level) == play.choose_board(ev, b, d, level)
    finally:
        del search.outputs_2ply
    assert deep_searches >= 3  # the 2-ply part was reached, not only the 0- and 1-ply filters


def test_noisy_levels_are_refused(search, played):
    b, d = played[0]
    with pytest.raises(ValueError):
        search.choose_board(b, d, levels.PLAY["beginner"])


def test_two_ply_board_value_follows_the_best_plays_at_one_ply(search, played):
    """The distillation teacher one ply deeper: over the 21 rolls, bot.play's 1-ply value of the best of the
    ``top`` 0-ply plays, averaged with the rolls' weights."""
    ev = bot.evaluator()
    boards = [b for b, _ in played if bearoff.outputs(b) is None][3:60:14]
    assert len(boards) >= 4
    for b in boards:
        for top in (1, 2):
            parts = []
            for roll in ALL_ROLLS:
                values = [play.outputs_1ply(ev, r) for _, r in play.rank_0ply(ev, b, roll)[:top]]
                parts.append((1 if roll[0] == roll[1] else 2, max(values, key=play.equity)))
            want = np.array(play._average(parts))
            assert np.abs(search.evaluate_2ply_board(b, top) - want).max() < 1e-9
    # a bear-off is exact, from the table
    home = tuple([0] * 26)
    mine = list(home)
    mine[0], mine[1], mine[2] = 12, 2, 1  # slot 0 holds the checkers borne off
    theirs = list(home)
    theirs[0], theirs[6] = 13, 2
    board = (tuple(mine), tuple(theirs))
    assert bearoff.outputs(board) is not None
    assert np.allclose(search.evaluate_2ply_board(board, 2), bearoff.outputs(board))
