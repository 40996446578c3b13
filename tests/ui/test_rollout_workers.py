"""ui.rollout_split: a rollout shared out over workers (real bot.Rollout objects behind an asynchronous call, as
the page's workers answer) gives the figures of one run; a worker joining late, a worker failing and a cancel."""
import asyncio
import json

import pytest
from hypothesis import given, settings, strategies as st

import bot
from bot.rollout import Rollout
from rules.board import START_BOARD
from rules.posid import encode_position_id
from ui.rollout_split import MAX_PARALLEL, Split, worker_count

START = encode_position_id(*START_BOARD)
REQUEST = dict(dice=(3, 1), trials=26, truncate=2, seed=3)


def new() -> Rollout:
    return Rollout(bot.evaluator(), START, **REQUEST)


SINGLE = None


def single() -> dict:
    global SINGLE
    if SINGLE is None:
        r = new()
        r.step(r.total)
        SINGLE = r.result()
    return SINGLE


class Worker:
    """A worker: its own rollout, answering each call after ``delays`` (seconds, in turn) through JSON."""

    def __init__(self, delays=(0.0,), fail_after=None):
        self.rollout, self.delays, self.calls, self.fail_after = new(), list(delays), 0, fail_after

    async def rollout_block(self, b, n):
        await asyncio.sleep(self.delays[self.calls % len(self.delays)])
        self.calls += 1
        if self.fail_after is not None and self.calls > self.fail_after:
            raise RuntimeError("worker lost")
        return json.dumps(self.rollout.run_block(b, n))


async def run(workers, starts, cancel_after=None, chunk=1):
    """Drive ``workers`` (the first from the start, the others after ``starts`` seconds) as the page does."""
    seen = []
    split = None

    def cancelled():
        return cancel_after is not None and len(seen) >= cancel_after

    split = Split(json.loads(json.dumps(new().header())), seen.append, cancelled, chunk)

    async def join(w, delay):
        await asyncio.sleep(delay)
        if not split.stopped and split.queue:
            try:
                await split.drive(w.rollout_block)
            except RuntimeError:
                pass

    extra = [asyncio.ensure_future(join(w, d)) for w, d in zip(workers[1:], starts)]
    while not split.stopped and not split.finished:
        if split.queue:
            await split.drive(workers[0].rollout_block)
        else:
            await asyncio.sleep(0.001)
    split.stop()
    await asyncio.gather(*extra)
    return split, seen


@given(n=st.integers(1, 4), starts=st.lists(st.sampled_from([0.0, 0.001, 0.01, 0.05]), min_size=3, max_size=3),
       delays=st.lists(st.sampled_from([0.0, 0.001, 0.003]), min_size=1, max_size=4), chunk=st.integers(1, 7))
@settings(max_examples=8, deadline=None)
def test_any_number_of_workers_gives_the_figures_of_one_run(n, starts, delays, chunk):
    workers = [Worker(delays[k:] + delays[:k]) for k in range(n)]
    split, seen = asyncio.run(run(workers, starts[:n - 1], chunk=chunk))
    assert split.finished and split.tally.result() == single()
    assert seen[-1] == single()
    done = [r["trials"] for r in seen]
    assert done == sorted(done) and done[-1] == REQUEST["trials"]  # progress only grows
    assert 1 <= split.runners <= n


def test_a_failing_worker_gives_its_block_back():
    workers = [Worker((0.002,)), Worker((0.0,), fail_after=3)]
    split, seen = asyncio.run(run(workers, [0.0]))
    assert split.runners == 2 and workers[1].calls == 4
    assert split.tally.result() == single()


def test_cancel_stops_every_worker_after_its_call():
    workers = [Worker((0.001,)), Worker((0.001,))]
    split, seen = asyncio.run(run(workers, [0.0], cancel_after=3))
    calls = sum(w.calls for w in workers)
    assert not split.finished and len(seen) == 3
    assert calls <= len(seen) + 2  # at most the call each was waiting on


@pytest.mark.parametrize("cores,memory,forced,expected", [
    (None, None, None, 1), (1, None, None, 1), (2, None, None, 2), (4, 8.0, None, 4), (16, 8.0, None, MAX_PARALLEL),
    (8, 2.0, None, 2), (8, 1.0, None, 1), (8, 0.5, None, 1), (2, 8.0, 1, 1), (2, 0.5, 3, 3),
])
def test_worker_count(cores, memory, forced, expected):
    assert worker_count(cores, memory, forced) == expected
