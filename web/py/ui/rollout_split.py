"""A rollout shared out over several workers, block by block (no DOM; ``ui.botproxy`` drives it, tests run it in
CPython with real ``bot.Rollout`` objects as the workers).

Every worker holds the same rollout (``bot_worker.rollout_start``) and runs the blocks of trials it is handed,
a few trials per call (``bot_worker.rollout_block``); the page merges their reports (``bot.rollout_tally.Tally``),
so the figures are those of one run whatever the number of workers, and shows the merged result after each call.
A worker takes the next block left when it is done with one: a slow worker (one still starting, a busy core)
holds up at most one block. Docs: docs/analysis.md, "Rollouts".
"""
from __future__ import annotations

import json
from typing import Awaitable, Callable, Optional

from bot.rollout_tally import Tally

MAX_PARALLEL = 4
"""Workers of a rollout at most: the bot's and three more. 324 trials make 54 blocks, so four share them out
evenly; more would each take memory (an interpreter with the networks) for a shorter wait."""


def worker_count(cores: Optional[int], memory_gb: Optional[float], forced: Optional[int] = None) -> int:
    """How many workers run a rollout: ``forced`` (the page's ``?workers=N``, for tests and benchmarks) if given,
    else one per logical core (the page's own thread only draws the progress meanwhile), at most
    ``MAX_PARALLEL``, and fewer on a device with little memory (``navigator.deviceMemory``, in GB: under 2
    one worker, under 4 two)."""
    if forced:
        return max(1, int(forced))
    n = max(1, min(int(cores or 1), MAX_PARALLEL))
    if memory_gb is not None and memory_gb < 2:
        n = 1
    elif memory_gb is not None and memory_gb < 4:
        n = min(n, 2)
    return n


Step = Callable[[int, int], Awaitable]  # a worker's rollout_block(block, trials): its report as JSON text


class Split:
    """One rollout over workers: ``drive(step)`` once per worker (concurrently), each running blocks off the
    queue until none is left; ``on_progress(result so far)`` after every report merged. ``stop()`` (or
    ``cancelled()`` turning true) makes every driver return after the call it is waiting on."""

    def __init__(self, header: dict, on_progress: Callable[[dict], None], cancelled: Callable[[], bool],
                 chunk: int = 1):
        self.tally = Tally(header)
        self.queue = list(range(self.tally.blocks))
        self.on_progress, self.cancelled, self.chunk = on_progress, cancelled, max(1, int(chunk))
        self.active = 0      # drivers with a block in hand
        self.runners = 0     # drivers that have run a block
        self._stopped = False

    def stop(self) -> None:
        self._stopped = True

    @property
    def stopped(self) -> bool:
        return self._stopped or bool(self.cancelled())

    @property
    def finished(self) -> bool:
        return self.tally.done >= self.tally.header["total"]

    async def drive(self, step: Step) -> None:
        """Run blocks with one worker's ``step`` until the queue is empty or the rollout stops. A worker that
        fails gives its block back to the queue (another runs it from its start) and the failure is raised."""
        counted = False
        while self.queue and not self.stopped:
            b = self.queue.pop(0)
            self.active += 1
            try:
                if not counted:
                    counted, self.runners = True, self.runners + 1
                while True:
                    report = json.loads(str(await step(b, self.chunk)))
                    if self.stopped:
                        return
                    self.tally.merge(report)
                    self.on_progress(self.tally.result())
                    if report["trials"] >= report["size"]:
                        break
            except Exception:
                self.queue.insert(0, b)
                raise
            finally:
                self.active -= 1
