"""Running an analysis for the review: in the bot's worker a few decisions per call (Cancel answers between
calls), on the main thread one decision per turn of the event loop when there is no worker. The page's own work
around it is measured as User Timing spans ("gamao:<name>"), so that tools/bench_analysis.py can say what ran
during a long main-thread task."""
from __future__ import annotations

import asyncio
import gc
import json
from typing import TYPE_CHECKING, Callable, Optional

from pyscript import window

if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

CHUNK = {"quick": 8, "deep": 1}   # decisions per worker call


class span:
    """A User Timing measure "gamao:<name>" around a piece of the page's own work."""

    def __init__(self, name: str) -> None:
        self.name = "gamao:" + name

    def __enter__(self) -> None:
        window.performance.mark(self.name + ":start")

    def __exit__(self, *exc) -> None:
        window.performance.measure(self.name, self.name + ":start")


def _gc_span(phase: str, info: dict) -> None:
    """A ``gc.callbacks`` hook while an analysis runs: the page's Python collections as "gamao:python-gc"."""
    if phase == "start":
        window.performance.mark("gamao:python-gc:start")
    else:
        window.performance.measure("gamao:python-gc", "gamao:python-gc:start")


class Runner:
    """One analysis at a time: ``await run(record, level, tick)`` is the result (None when cancelled);
    ``cancel()`` stops it between two calls."""

    def __init__(self, app: TablePort) -> None:
        self.app = app
        self.running = False
        self.cancelled = False

    def cancel(self) -> None:
        if self.running:
            self.cancelled = True

    async def run(self, record: dict, level: str, tick: Callable[[int, int], None]) -> Optional[dict]:
        self.running, self.cancelled = True, False
        gc.callbacks.append(_gc_span)
        try:
            result = await self._compute(record, level, tick)
            await asyncio.sleep(0)
            return result
        finally:
            gc.callbacks.remove(_gc_span)
            self.running = False

    async def _compute(self, record: dict, level: str, tick) -> Optional[dict]:
        await self.app.wait_for_bot()
        with span("review-record-json"):
            text = json.dumps(record)
        bots = self.app.bots
        total = await bots.analysis_start(text, level)
        if total is not None:
            done = 0
            with span("review-tick"):
                tick(0, total)
            while done < total:
                if self.cancelled:
                    return None
                done = await bots.analysis_step(CHUNK[level])
                with span("review-tick"):
                    tick(done, total)
            answer = await bots.analysis_result()
            await asyncio.sleep(0)
            with span("review-result-parse"):
                return json.loads(answer)
        from bot import analysis  # no worker: the main thread, one decision per turn of the event loop
        a = analysis.Analysis(record, level)
        while not a.finished:
            if self.cancelled:
                return None
            with span("review-main-thread-step"):
                a.step(1)
            tick(a.done, a.total)
            await asyncio.sleep(0)
        return a.result()
