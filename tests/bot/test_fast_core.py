"""The tools' C core (tools/bot/fast) computes what the Python definitions compute: the rules' results of a
roll, the network inputs, the networks, the exact bear-offs, 0-, 1- and 2-ply, and games and rollouts built
from them."""
import random

import pytest
from hypothesis import given, settings, strategies as st

import bot
from bot import bearoff, features, network, play
from rules.board import START_BOARD, swap, winner_kind
from rules.movegen import result_boards

np = pytest.importorskip("numpy")
from tools.bot import bot_batch, fast  # noqa: E402  (numpy first)

from tests.rules.rules_testkit import mixed_sample, random_position  # noqa: E402

pytestmark = pytest.mark.xdist_group("fast_core")


@pytest.fixture(scope="module")
def engine():
    bearoff.load()
    return fast.Engine.from_weights(network.DEFAULT_WEIGHTS)


@pytest.fixture(scope="module")
def twin():
    bearoff.load()
    return bot_batch.BatchSearch(bot_batch.from_weights(network.DEFAULT_WEIGHTS))


@pytest.fixture(scope="module")
def games(engine):
    """Positions of 40 noisy self-play games played by the C core (bear-offs skipped)."""
    return [fast.as_board(r) for r in engine.selfplay_positions(40, seed=3)]


def _board(pos):
    return (tuple(pos[0]), tuple(pos[1]))


def test_the_results_of_every_roll_are_the_rules_results_on_game_positions(games):
    checked = 0
    for b in games[::3]:
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                got = fast.results(b, d1, d2)
                assert len(got) == len(set(got))
                assert set(got) == set(result_boards(b, d1, d2)), (b, d1, d2)
                checked += 1
    assert checked > 10_000


def test_the_results_are_the_rules_results_on_bar_closed_and_bearoff_positions():
    for pos, dice in mixed_sample(2024, 3000):
        b = _board(pos)
        assert set(fast.results(b, *dice)) == set(result_boards(b, *dice)), (b, dice)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2 ** 32), kind=st.sampled_from(["bar", "closed", "bearoff", "bearoff_contact",
                                                          "race", "any"]),
       d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_the_results_are_the_rules_results_on_drawn_positions(seed, kind, d1, d2):
    b = _board(random_position(random.Random(seed), kind))
    assert set(fast.results(b, d1, d2)) == set(result_boards(b, d1, d2))


def test_a_roll_that_cannot_be_played_leaves_the_board():
    # one checker on the bar against a closed board
    closed = ((14,) + (0,) * 24 + (1,), (3, 2, 2, 2, 2, 2, 2) + (0,) * 19)
    assert fast.results(closed, 6, 5) == [closed] == result_boards(closed, 6, 5)
    assert fast.results(closed, 4, 4) == [closed] == result_boards(closed, 4, 4)


def test_the_inputs_are_bot_features(games):
    sample = games[::2] + [_board(random_position(random.Random(s), k)) for s in range(200)
                           for k in ("bar", "closed", "bearoff_contact")]
    want = np.array([features.encode(b) for b in sample])
    assert np.abs(fast.encode(sample) - want).max() < 1e-12


def test_the_networks_evaluate_as_the_browser(engine, games):
    bot.load_weights()
    ev = bot.evaluator()
    sample = games[::4]
    want = np.array([ev.evaluate(b) for b in sample])
    got = engine.net_outputs(sample)
    assert np.abs(got - want).max() < 2e-6  # single precision in the core
    assert np.abs(got - want).max() > 0.0   # (and not the same code: another precision)


def _home_side(rng, most):
    side = [0] * 26
    for _ in range(rng.randint(1, most)):
        side[rng.randint(1, 6)] += 1
    side[0] = 15 - sum(side)
    return tuple(side)


def test_exact_bear_offs_are_the_table(engine):
    rng = random.Random(8)
    seen = 0
    for i in range(3000):
        b = (_home_side(rng, 13), _home_side(rng, 13))
        if i % 5 == 0:  # one checker still outside: not a pure bear-off
            m = list(b[0])
            m[0] -= 1
            m[rng.randint(7, 24)] += 1
            b = (tuple(m), b[1])
        want = bearoff.outputs(b)
        got = fast.bearoff_outputs(b)
        if want is None:
            assert got is None
        else:
            seen += 1
            assert np.abs(got - np.array(want)).max() < 1e-12
    assert 1000 < seen < 3000


def test_one_ply_is_bot_play(engine, games):
    bot.load_weights()
    ev = bot.evaluator()
    sample = games[::25]
    want = np.array([play.evaluate_1ply_board(ev, b) for b in sample])
    assert np.abs(engine.evaluate(sample, 1) - want).max() < 2e-6


def test_two_ply_is_the_twins(engine, twin, games):
    sample = games[5::150]
    want = np.array([twin.evaluate_2ply_board(b) for b in sample])
    assert len(sample) >= 3
    assert np.abs(engine.evaluate(sample, 2) - want).max() < 2e-6


def test_the_best_play_is_a_best_play_of_bot_play(engine, games):
    bot.load_weights()
    ev = bot.evaluator()
    rng = random.Random(4)
    sample = [(b, (rng.randint(1, 6), rng.randint(1, 6))) for b in games[::10]]
    best, outs = engine.best_plays([b for b, _ in sample], [d for _, d in sample])
    for (b, d), row, o in zip(sample, best, outs):
        ranked = play.rank_0ply(ev, b, d)
        got = fast.as_board(row)
        assert got in [r for _, r in ranked]
        assert abs(network.equity(play.after_play_outputs(ev, got)) - ranked[0][0]) < 2e-6
        assert abs(network.equity(tuple(o)) - ranked[0][0]) < 2e-6


def test_choose_plays_the_0ply_best_or_the_best_1ply_of_the_close_plays(engine, games):
    rng = random.Random(12)
    sample = [(b, (rng.randint(1, 6), rng.randint(1, 6))) for b in games[3::12]]
    boards, dice = [b for b, _ in sample], [d for _, d in sample]
    best, _ = engine.best_plays(boards, dice)
    assert np.array_equal(engine.choose(boards, dice, 1), best)

    def equity_after(r, plies):  # the mover's equity after play r (at 1 ply: the opponent's 21 rolls looked at)
        kind = winner_kind(r)
        return 9.0 + kind if kind else -network.equity(tuple(engine.evaluate([swap(r)], plies)[0]))

    looked = changed = 0
    for (b, d), row, zero in zip(sample, engine.choose(boards, dice, 4, 0.08), best):
        got, zero = fast.as_board(row), fast.as_board(zero)
        plays = fast.results(b, *d)
        assert got in plays
        eq0 = {r: equity_after(r, 0) for r in plays}
        close = sorted((r for r in plays if eq0[r] >= eq0[zero] - 0.08), key=eq0.get, reverse=True)[:4]
        assert got in close or got == zero
        if len(close) > 1:
            looked += 1
            assert equity_after(got, 1) >= max(equity_after(r, 1) for r in close) - 1e-6
            changed += got != zero
    assert looked >= 10 and changed >= 1  # the look was taken, and it changed some choices


def test_a_network_against_itself_scores_zero_in_every_pair(engine):
    pts = engine.play_pairs(engine, 300, seed=11)
    assert set(np.unique(pts)) <= {-3, -2, -1, 1, 2, 3}
    assert (pts.sum(axis=1) == 0).all()  # the same player on both sides: each pair mirrors


def test_games_are_decided_by_the_seed_and_differ_between_players(engine):
    other = fast.Engine.from_weights(network.DEFAULT_WEIGHTS)
    noisy_a = engine.play_pairs(other, 200, seed=5, noise=(0.3, 0.0))
    noisy_b = engine.play_pairs(other, 200, seed=5, noise=(0.3, 0.0))
    assert np.array_equal(noisy_a, noisy_b)
    mean, half = fast.ppg(noisy_a)
    assert mean < 0 and half > 0           # a noisy player loses to the clean one
    strong = engine.play_pairs(other, 100, seed=5, cands=(4, 1), margin=(0.08, 0.0))
    assert not (strong.sum(axis=1) == 0).all()


def test_a_one_ply_rollout_is_the_one_ply(engine, games):
    sample = games[1::60]
    want = engine.evaluate(sample, 1)
    # 36 trials stratified over the first roll, each ended by the 0-ply outputs after its play
    assert np.abs(engine.rollouts(sample, trials=36, horizon=1, vr=False) - want).max() < 1e-9
    # with the luck taken off, any number of trials gives the 1-ply exactly
    assert np.abs(engine.rollouts(sample, trials=5, horizon=1, vr=True) - want).max() < 1e-9


def _equity(o):
    return 2 * o[:, 0] - 1 + o[:, 1] + o[:, 2] - o[:, 3] - o[:, 4]


def test_luck_taken_off_keeps_the_rollouts_mean_and_removes_most_of_its_noise(engine, games):
    sample = games[2::400]
    assert len(sample) >= 4
    vr = np.array([_equity(engine.rollouts(sample, trials=36, horizon=0, vr=True, seed=s)) for s in range(3)])
    assert np.array_equal(engine.rollouts(sample, trials=36, horizon=0, vr=True, seed=0),
                          engine.rollouts(sample, trials=36, horizon=0, vr=True, seed=0))
    plain = _equity(engine.rollouts(sample, trials=1800, horizon=0, vr=False, seed=7))
    # 1,800 plain trials: about 0.03 of noise; 36 with the luck taken off, about as little
    assert np.abs(vr.mean(axis=0) - plain).max() < 0.15
    plain_small = np.array([_equity(engine.rollouts(sample, trials=36, horizon=0, vr=False, seed=s))
                            for s in range(3)])
    assert vr.std(axis=0).mean() < 0.5 * plain_small.std(axis=0).mean()


def test_game_targets_at_lambda_zero_are_the_one_ply(engine):
    boards, targets = engine.vr_games(15, seed=2, lam=0.0)
    assert len(boards) > 300
    assert np.abs(targets - engine.evaluate(boards, 1)).max() < 1e-12


def test_game_targets_are_unbiased_rollouts_of_each_position(engine, games):
    """A game's first target, from a given start, is one trial of the variance-reduced rollout: averaged
    over many games it is the rollout's value (and each is far less noisy than a plain game's outcome)."""
    for i, b in enumerate(games[3::500][:3]):
        rows, targets = engine.vr_games(300, seed=20 + i, starts=[b], max_noisy=0)
        first = (rows == fast.as_rows([b])[0]).all(axis=1)
        ys = _equity(targets[first])
        assert first.sum() >= 300  # every game records its start (later visits may repeat it)
        rollout = _equity(engine.rollouts([b], trials=360, horizon=0, vr=True, seed=3))[0]
        assert abs(ys.mean() - rollout) < 4 * ys.std() / np.sqrt(len(ys)) + 0.03
        assert ys.std() < 0.6


def test_game_targets_see_later_rolls_less_with_a_smaller_lambda(engine):
    boards, half = engine.vr_games(30, seed=4, lam=0.5)
    boards1, full = engine.vr_games(30, seed=4, lam=1.0)
    assert np.array_equal(boards, boards1)  # the games do not depend on lambda
    one = engine.evaluate(boards, 1)
    gap_half = np.abs(_equity(half) - _equity(one)).mean()
    gap_full = np.abs(_equity(full) - _equity(one)).mean()
    assert 0.0 < gap_half < gap_full


def test_games_can_follow_the_one_ply_choice(engine):
    greedy, _ = engine.vr_games(10, seed=6, max_noisy=0, lam=0.0)
    boards, targets = engine.vr_games(10, seed=6, max_noisy=0, lam=0.0, cands=4)
    assert np.abs(targets - engine.evaluate(boards, 1)).max() < 1e-12  # the same targets' definition
    assert len(boards) != len(greedy) or not np.array_equal(boards, greedy)  # another policy's games
    mean, _ = fast.ppg(engine.play_pairs(engine, 400, seed=8, cands=(4, 1), margin=(0.08, 0.0)))
    assert mean > -0.05  # the 1-ply look is no worse than the 0-ply it starts from


def test_self_play_positions_are_whole_games_without_bear_offs(engine):
    pos = engine.selfplay_positions(10, seed=1)
    start = np.array(list(START_BOARD[0]) * 2, dtype=np.uint8)
    assert (pos == start).all(axis=1).sum() == 10       # every game starts at the start
    assert (pos[:, :26].sum(axis=1) == 15).all() and (pos[:, 26:].sum(axis=1) == 15).all()
    assert all(fast.bearoff_outputs(fast.as_board(r)) is None for r in pos)
    assert np.array_equal(pos, engine.selfplay_positions(10, seed=1))


def test_a_missing_compiler_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setattr(fast, "BUILD", tmp_path)
    with pytest.raises(fast.BuildError, match="no-such-cc"):
        fast.build()


def test_networks_of_another_input_count_are_refused():
    arrays = {f"{n}_{k}": np.zeros(s) for n in ("contact", "race")
              for k, s in (("w1", (224, 8)), ("b1", 8), ("w2", (8, 5)), ("b2", 5))}
    with pytest.raises(ValueError, match="228"):
        fast.Engine(arrays)


def test_loading_the_core_keeps_the_process_subnormal_floats(engine):
    """The core is compiled with -ffast-math but not linked with it (crtfastmath would set flush-to-zero in
    the whole process, and every later float in the test run would lose its subnormals)."""
    import sys
    assert engine is not None and fast.lib() is not None
    tiny = sys.float_info.min
    assert tiny / 2 > 0.0
    assert float(np.float64(tiny) / np.float64(4.0)) > 0.0
