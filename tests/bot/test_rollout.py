"""bot.rollout: seeded dice, stratification, variance reduction, intervals, cube actions, bad input."""
import math
import statistics
import sys

import pytest
from hypothesis import given, settings, strategies as st

import bot
from bot.rollout import ROLLS36, Dice, Rollout, RolloutCancelled, RolloutError, permutation36
from rules import Position, legal_plays
from rules.board import START_BOARD
from rules.posid import encode_position_id

R = sys.modules["bot.rollout"]  # the package's ``bot.rollout`` is the function
START = encode_position_id(*START_BOARD)


def side(**points):
    t = [0] * 26
    for k, v in points.items():
        t[int(k[1:])] = v
    t[0] = 15 - sum(t)
    return tuple(t)


# Root (on roll) well ahead in a short race (about 90 %), both sides with checkers off: no gammons either way.
CRUSHING = encode_position_id(side(p4=2, p6=2, p8=2), side(p6=2, p8=2, p9=2))
# The same lead with the other side's 15 checkers still on: root is too good to double (a gammon is likely).
TOO_GOOD = encode_position_id(side(p2=3, p3=3, p4=3, p5=3, p6=3), side(p7=5, p8=5, p9=5))


# --- dice --------------------------------------------------------------------------------------------------------

@given(st.integers(min_value=0, max_value=2 ** 63), st.sampled_from(["first", "second", "x"]))
@settings(max_examples=50, deadline=None)
def test_permutation36_is_a_permutation(seed, label):
    assert sorted(permutation36(seed, label)) == list(range(36))


def test_first_roll_stratified_and_second_quasi_random():
    d = Dice(7)
    firsts = [next(d.rolls(t)) for t in range(36 * 36)]
    pairs = []
    for t in range(36 * 36):
        g = d.rolls(t)
        pairs.append((next(g), next(g)))
    for r in range(36):  # each round of 36 trials rolls each of the 36 dice first once, and second once
        block = range(36 * r, 36 * r + 36)
        assert sorted(firsts[t] for t in block) == sorted(ROLLS36)
        assert sorted(pairs[t][1] for t in block) == sorted(ROLLS36)
    assert len(set(pairs)) == 36 * 36  # over 36 rounds every (first, second) pair once


def test_dice_depend_on_the_seed_only():
    def seq(seed, t):
        g = Dice(seed).rolls(t)
        return [next(g) for _ in range(40)]
    assert seq(3, 5) == seq(3, 5)
    assert seq(3, 5) != seq(4, 5)
    assert seq(3, 5) != seq(3, 6)
    rolls = [r for t in range(200) for r in seq(11, t)[2:]]
    counts = [rolls.count(r) for r in ROLLS36]
    assert min(counts) > len(rolls) / 36 * 0.6 and max(counts) < len(rolls) / 36 * 1.4


def test_known_dice_stream():
    """The stream is SHA-256 of text: the same on every interpreter (these values are its first bytes)."""
    import hashlib
    first = hashlib.sha256(b"gamao-rollout/0/trial100/0").digest()
    g = Dice(0).rolls(100)
    next(g), next(g)
    expected = [ROLLS36[b % 36] for b in first if b < 252][:5]
    assert [next(g) for _ in range(5)] == expected


# --- rollouts ----------------------------------------------------------------------------------------------------

def test_reproducible_with_a_seed():
    a = bot.rollout(START, dice=(3, 1), trials=12, truncate=3, seed=5)
    b = bot.rollout(START, dice=(3, 1), trials=12, truncate=3, seed=5)
    c = bot.rollout(START, dice=(3, 1), trials=12, truncate=3, seed=6)
    assert a == b
    assert a["candidates"] != c["candidates"]
    assert a["seed"] == 5 and a["trials"] == 12 and a["finished"]


def test_move_candidates_by_id_and_notation():
    pos = Position.from_id(START)
    ids = {r.to_id() for _, r in legal_plays(pos, (6, 5))}
    run = bot.rollout(START, dice=(6, 5), candidates=["24/13"], trials=2, truncate=1)
    (c,) = run["candidates"]
    assert c["candidate"] in ids and c["play"] == "24/13" and c["trials"] == 2
    by_id = bot.rollout(START, dice=(6, 5), candidates=[c["candidate"]], trials=2, truncate=1)
    assert by_id["candidates"] == run["candidates"]
    default = bot.rollout(START, dice=(6, 5), trials=1, truncate=1)
    assert len(default["candidates"]) == 2 and c["candidate"] in [d["candidate"] for d in default["candidates"]]


def test_variance_reduction_lowers_the_variance_and_keeps_the_mean():
    def values(reduce):
        r = Rollout(bot.evaluator(), START, dice=(4, 3), candidates=["24/20 13/10"], trials=72, truncate=4,
                    seed=2, variance_reduction=reduce)
        out = []
        orig = r.play_trial
        def spy(*a):
            v = orig(*a)
            out.append(v[0][1])  # cubeless equity
            return v
        r.play_trial = spy
        r.step(72)
        return out
    plain, reduced = values(False), values(True)
    assert statistics.pvariance(reduced) * 5 < statistics.pvariance(plain)
    half = 1.96 * math.sqrt(statistics.pvariance(plain) / 72 + statistics.pvariance(reduced) / 72)
    assert abs(statistics.mean(plain) - statistics.mean(reduced)) < half


def test_the_look_changes_no_play():
    """The variance reduction's look (its own play per roll, ``look``) decides nothing in the game: without it
    the same trials give exactly the same results whatever the look (cubeless: the cube decides on its mean)."""
    def run(look, reduce):
        r = Rollout(bot.evaluator(), START, dice=(6, 4), trials=6, truncate=5, seed=4, cubeful=False,
                    variance_reduction=reduce, look=look)
        r.step(6)
        return r.result()["candidates"]
    assert run(R.LOOK, False) == run(R.PRUNE, False) == run(0, False)
    assert run(R.LOOK, True) != run(R.PRUNE, True)


def test_a_ply_looks_at_the_21_rolls_and_plays_the_pruned_best():
    ev = bot.evaluator().pruned(R.PRUNE)
    board = Position.from_id("u22DAATb3AwYAA")
    board = (board[0], board[1])
    small, full = R.Ply(ev, board, 2), R.Ply(ev, board, R.PRUNE)
    weights = [1 if a == b else 2 for a, b in R.ALL_ROLLS]
    for ply in (small, full):
        for k in range(5):
            assert ply.mean[k] == pytest.approx(sum(w * o[k] for w, (o, _, _) in zip(weights, ply.looks)) / 36)
    for i in range(21):
        assert small.played(i) == full.looks[i] == full.played(i)  # the trial's play: the best of the pruned 4
        assert R.equity(small.looks[i][0]) <= R.equity(small.played(i)[0]) + 1e-12  # the look's: of 2 of them
    assert any(small.looks[i] != full.looks[i] for i in range(21))


def test_the_looks_kept_are_the_first_two_plies():
    r = Rollout(bot.evaluator(), START, dice=(3, 1), candidates=["8/5 6/5"], trials=36, truncate=4, seed=1)
    r.step(36)
    assert 1 < len(r._cache) <= 1 + 21  # the candidate's board and the 21 after the stratified first roll


def test_the_smaller_look_keeps_the_mean():
    def values(look):
        r = Rollout(bot.evaluator(), START, dice=(5, 3), candidates=["8/3 6/3"], trials=36, truncate=4, seed=9,
                    look=look)
        r.step(36)
        (c,) = r.result()["candidates"]
        return c
    a, b = values(R.LOOK), values(R.PRUNE)
    for stat in ("equity", "cubeless_equity", "win", "gammon_win"):
        assert abs(a[stat] - b[stat]) < math.hypot(a[stat + "_ci"], b[stat + "_ci"])


def test_intervals_shrink_with_trials():
    seen = []
    bot.rollout(START, dice=(2, 1), candidates=["13/11 6/5"], trials=108, truncate=2, seed=1,
                progress=lambda done, total, res: seen.append((done, total, res["candidates"][0])))
    assert [d for d, _, _ in seen] == [0, 36, 72, 108] and all(t == 108 for _, t, _ in seen)
    assert seen[0][2]["equity_ci"] is None
    cis = [c["equity_ci"] for _, _, c in seen[1:]]
    assert cis[2] < cis[0]
    assert all(c["trials"] == d for d, _, c in seen)


def test_progress_can_cancel():
    calls = []
    def progress(done, total, res):
        calls.append(done)
        return done < 36
    with pytest.raises(RolloutCancelled):
        bot.rollout(START, dice=(2, 1), candidates=["13/11 6/5"], trials=108, truncate=1, progress=progress)
    assert calls == [0, 36]


def test_cube_actions_opening_is_no_double():
    r = bot.rollout(START, trials=36, truncate=3, seed=1)
    eq = {c["candidate"]: c for c in r["candidates"]}
    assert r["kind"] == "cube" and list(eq) == ["no_double", "double_take", "double_pass"]
    assert r["best"] == "no_double"
    assert eq["double_pass"]["equity"] == 1.0 and eq["double_pass"]["equity_ci"] == 0.0
    assert eq["double_take"]["equity"] < eq["no_double"]["equity"] < 0.5
    # the same games for both cube lines: their cubeless figures agree exactly
    assert eq["no_double"]["cubeless_equity"] == eq["double_take"]["cubeless_equity"]


def test_no_double_line_does_not_double_at_once():
    """Where the model doubles and takes, the no-double line is not the double/take line (it may double only
    from its next turn on)."""
    pid = "u22DAATb3AwYAA"
    assert bot.cube_action(pid) == "double" and bot.take_decision(pid) == "take"
    r = bot.rollout(pid, trials=36, truncate=2, seed=1)
    eq = {c["candidate"]: c for c in r["candidates"]}
    assert eq["no_double"]["equity"] != eq["double_take"]["equity"]
    assert eq["no_double"]["cubeless_equity"] == eq["double_take"]["cubeless_equity"]


def test_cube_actions_crushing_race_is_double_pass():
    r = bot.rollout(CRUSHING, trials=36, truncate=0, seed=3)
    eq = {c["candidate"]: c["equity"] for c in r["candidates"]}
    assert r["best"] == "double_pass"
    assert eq["double_take"] > 1.3 and 0.85 < eq["no_double"] < 0.98


def test_cube_actions_too_good_is_no_double():
    r = bot.rollout(TOO_GOOD, trials=36, truncate=0, seed=3)
    eq = {c["candidate"]: c for c in r["candidates"]}
    assert r["best"] == "no_double"
    assert eq["no_double"]["equity"] > 1.0 and eq["no_double"]["gammon_win"] > 0.2


def test_cubeless_equity_is_the_equity_without_the_cube():
    r = bot.rollout(START, dice=(5, 2), candidates=["13/8 13/11"], trials=6, truncate=2, cubeful=False)
    (c,) = r["candidates"]
    assert c["equity"] == c["cubeless_equity"] and c["equity_ci"] == c["cubeless_equity_ci"]
    e = 2 * c["win"] - 1 + c["gammon_win"] + c["backgammon_win"] - c["gammon_loss"] - c["backgammon_loss"]
    assert abs(e - c["cubeless_equity"]) < 1e-5


def test_full_rollout_ends_every_game():
    r = Rollout(bot.evaluator(), TOO_GOOD, dice=(6, 5), trials=4, truncate=0)
    r.step(4)
    (c, *_) = r.result()["candidates"]
    assert c["win"] > 0.99 and c["trials"] == 4


@pytest.mark.parametrize("kwargs, match", [
    ({"dice": (0, 3)}, "die"), ({"dice": "31"}, "die"), ({"dice": (3, 1), "candidates": ["24/10"]}, "legal"),
    ({"dice": (3, 1), "candidates": []}, "candidates"), ({"candidates": ["redouble"]}, "cube candidates"),
    ({"trials": 0}, "trials"), ({"truncate": -1}, "truncate"), ({"seed": -2}, "seed"),
    ({"level": "expert"}, "level"), ({"dice": (3, 1), "candidates": ["8/5 6/5", "6/5 8/5"]}, "twice"),
])
def test_bad_input_is_refused(kwargs, match):
    with pytest.raises(RolloutError, match=match):
        bot.rollout(START, trials=kwargs.pop("trials", 1), **kwargs)


def test_bad_position_is_refused():
    with pytest.raises(RolloutError, match="position"):
        bot.rollout("not an id")
    assert issubclass(RolloutError, ValueError)
