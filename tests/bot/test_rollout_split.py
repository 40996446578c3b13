"""A rollout split over workers: any partition of its blocks of trials, run in any order and merged in any order,
gives the very floats of one run (bot.rollout_tally)."""
import functools
import json

import pytest
from hypothesis import given, settings, strategies as st

import bot
from bot.rollout import Rollout
from bot.rollout_tally import BLOCK, Tally, block_range, blocks
from rules.board import START_BOARD
from rules.posid import encode_position_id

START = encode_position_id(*START_BOARD)
# Short rollouts (truncated after 3 plies) whose last block is short: a play of 3-1's best two, and the opening
# cube decision (with double/pass, a candidate without trials).
CASES = {"move": dict(dice=(3, 1), trials=3 * BLOCK + 2, truncate=3, seed=5),
         "cube": dict(dice=None, trials=4 * BLOCK + 1, truncate=3, seed=11)}


def new(case: str) -> Rollout:
    return Rollout(bot.evaluator(), START, **CASES[case])


@functools.lru_cache(maxsize=None)
def single(case: str) -> tuple:
    """One run of every trial in order: (result, per candidate its raw totals)."""
    r = new(case)
    r.step(r.total)
    return r.result(), [c.stats.totals() for c in r.candidates]


@functools.lru_cache(maxsize=None)
def reports(case: str) -> tuple:
    """Each block run by an interpreter of its own, as a worker reports it (through JSON): the whole block, and
    the block one trial in (progress)."""
    whole, partial = [], []
    for b in range(new(case).blocks):
        r = new(case)
        partial.append(json.loads(json.dumps(r.run_block(b, 1))))
        whole.append(json.loads(json.dumps(r.run_block(b, BLOCK))))
    return whole, partial


def merged(tally: Tally) -> list:
    return [c.stats.totals() for c in tally.candidates]


def test_blocks_cover_the_trials_once():
    for total in (1, BLOCK - 1, BLOCK, BLOCK + 1, 324, 1000):
        trials = [t for b in range(blocks(total)) for t in block_range(total, b)]
        assert trials == list(range(total))
    assert 36 % BLOCK == 0  # a round of the stratified first roll is whole blocks


@pytest.mark.parametrize("case", sorted(CASES))
def test_sequential_steps_give_the_same_floats(case):
    """Steps of any size (the worker's one trial at a time, CPython's rounds) sum the same blocks."""
    r = new(case)
    while not r.finished:
        r.step(5)
    assert [c.stats.totals() for c in r.candidates] == single(case)[1]
    assert r.result() == single(case)[0]


@given(case=st.sampled_from(sorted(CASES)), data=st.data())
@settings(max_examples=60, deadline=None)
def test_blocks_merged_in_any_order_give_the_single_run(case, data):
    """Each block from an interpreter of its own, the reports arriving in any order, some first half done."""
    whole, partial = reports(case)
    n = len(whole)
    # what reaches the page, in the order it arrives: a block's partial report always before its whole one
    order = data.draw(st.permutations(range(n)), label="arrival")
    progress = data.draw(st.lists(st.booleans(), min_size=n, max_size=n), label="partial first")
    tally = Tally(new(case).header())
    for b in order:
        if progress[b]:
            tally.merge(partial[b])
        tally.merge(whole[b])
    assert merged(tally) == single(case)[1]
    assert tally.result() == single(case)[0]


@given(case=st.sampled_from(sorted(CASES)), data=st.data())
@settings(max_examples=6, deadline=None)
def test_any_partition_of_the_blocks_over_workers_merges_to_the_single_run(case, data):
    """Real rollouts as the workers, each running its blocks in its own order a few trials per call (its kept
    looks filled by other blocks first), the reports merged as they come."""
    n = new(case).blocks
    workers = data.draw(st.integers(2, 3), label="workers")
    owner = data.draw(st.lists(st.integers(0, workers - 1), min_size=n, max_size=n), label="owner")
    chunk = data.draw(st.integers(1, BLOCK), label="chunk")
    tally = Tally(new(case).header())
    for w in range(workers):
        mine = data.draw(st.permutations([b for b in range(n) if owner[b] == w]), label=f"worker {w}")
        r = new(case)
        for b in mine:
            while True:
                report = json.loads(json.dumps(r.run_block(b, chunk)))
                tally.merge(report)
                if report["trials"] == report["size"]:
                    break
    assert tally.done == CASES[case]["trials"]
    assert merged(tally) == single(case)[1]
    assert tally.result() == single(case)[0]


def test_progress_from_the_blocks_merged_so_far():
    whole, partial = reports("move")
    tally = Tally(new("move").header())
    empty = tally.result()
    assert empty == new("move").result()  # nothing run: the same empty result as the rollout's own
    assert empty["trials"] == 0 and not empty["finished"]
    tally.merge(whole[2])
    tally.merge(partial[0])
    res = tally.result()
    assert res["trials"] == len(block_range(CASES["move"]["trials"], 2)) + 1 and not res["finished"]
    assert all(c["equity_ci"] is not None for c in res["candidates"])
    tally.merge(whole[0])  # the whole block replaces its partial report
    assert tally.result()["trials"] == 2 * BLOCK


def test_a_report_for_another_block_or_rollout_is_refused():
    whole, _ = reports("move")
    tally = Tally(new("move").header())
    with pytest.raises(ValueError, match="no block"):
        tally.merge(dict(whole[0], block=len(whole)))
    with pytest.raises(ValueError, match="another rollout"):
        tally.merge(dict(whole[0], candidates=whole[0]["candidates"][:1]))
    assert tally.result()["trials"] == 0
    with pytest.raises(bot.RolloutError):
        new("move").run_block(len(whole), 1)


def test_the_workers_json_calls_merge_to_bot_rollout():
    """The worker's own functions (what the page calls), blocks taken last first, give ``bot.rollout``'s result."""
    import bot_worker
    request = {"position_id": START, "dice": [3, 1], "candidates": None, "trials": 2 * BLOCK + 1, "truncate": 2,
               "seed": 77, "cubeful": True}
    header = json.loads(bot_worker.rollout_start(json.dumps(request)))
    tally = Tally(header)
    for b in reversed(range(header["blocks"])):
        tally.merge(json.loads(bot_worker.rollout_block(b, BLOCK)))
    assert tally.result() == bot.rollout(START, dice=(3, 1), trials=2 * BLOCK + 1, truncate=2, seed=77)
