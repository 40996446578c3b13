"""Where the bot thinks: the fast levels on the main thread (a few ms), the strong levels in a web worker
(``web/py/bot_worker.py``) so the page never freezes; the worker starts on first need and the main thread is the
fallback if it cannot start.

``BotProxy`` is the only client of the worker: every call to it (decisions, hints, rollouts, the analysis of a
record or of a position) is one of its methods, and no other module holds the worker. A rollout also runs on
extra workers ("rollout1"...), started when a rollout starts and kept for the next (``ui.rollout_split``)."""
from __future__ import annotations

import json
from typing import Optional

import game


def _mark(what: str) -> None:
    """What the worker holds, on <html data-bot-worker> ("weights", "weights+bearoff" or "failed"), for tests."""
    from pyscript import document
    document.documentElement.setAttribute("data-bot-worker", what)


def _mark_rollout(ran: int, planned: Optional[int] = None) -> None:
    """How many workers have run blocks of the rollout under way, on <html data-rollout-workers> (and how many
    it may use, ``data-rollout-planned``), for tests and benchmarks."""
    from pyscript import document
    root = document.documentElement
    root.setAttribute("data-rollout-workers", str(ran))
    if planned is not None:
        root.setAttribute("data-rollout-planned", str(planned))


def _slow(level: str) -> bool:
    """Whether ``level`` thinks in the worker (``bot.levels``; read once the weights are in, so the bot's modules
    load after the page can be played)."""
    from bot.levels import slow
    return slow(level)


class BotProxy:
    def __init__(self, rollout_workers: Optional[int] = None) -> None:
        self._rollout_workers = rollout_workers  # forced by ?workers=N, else from the device (rollout_split)
        self._extras: list = []  # the extra rollout workers' starts (futures: the worker, or None if it failed)
        self._config: Optional[dict] = None
        self._joining: list = []  # the extra workers' part in the rollout under way (kept: tasks, not garbage)
        self._weights: str | None = None
        self._bearoff: str | None = None  # the exact bear-off table, base64 for the worker
        self._chooser = None
        self._worker = None
        self._starting = None
        self._analysing = None  # the worker running the analysis of a record
        self.failed = False

    def loaded(self, weights: str) -> None:
        import bot
        bot.load_weights(data=weights.encode())
        self._weights = weights

    def bearoff_loaded(self, data: bytes) -> None:
        """The exact bear-off table (fetched by main.py after the weights): here, and in the worker if it runs."""
        import base64
        import bot
        bot.load_bearoff(data=data)
        self._bearoff = base64.b64encode(data).decode()
        import asyncio
        if self._worker is not None:
            asyncio.ensure_future(self._send_bearoff(self._worker))
        for started in self._extras:  # rollout workers already up (or starting): the same table as the bot's
            started.add_done_callback(self._send_bearoff_to_extra)

    def _send_bearoff_to_extra(self, started) -> None:
        import asyncio
        worker = None if started.cancelled() or started.exception() else started.result()
        if worker is not None:
            asyncio.ensure_future(worker.load_bearoff(self._bearoff))

    async def _send_bearoff(self, worker) -> None:
        await worker.load_bearoff(self._bearoff)
        _mark("weights+bearoff")

    async def _worker_config(self) -> dict:
        if self._config is None:
            from pyscript import window
            response = await window.fetch("pyscript.json")
            config = json.loads(str(await response.text()))
            config["sync_main_only"] = True  # the worker only answers calls: no SharedArrayBuffer needed
            self._config = config
        return dict(self._config)

    async def _start_worker(self):
        from pyscript import create_named_worker, window
        config = await self._worker_config()
        window.performance.mark("gamao:worker-create")  # what ran when (tools/bench_analysis.py)
        worker = await create_named_worker("py/bot_worker.py", "bot", config=config)
        window.performance.mark("gamao:worker-weights")
        await worker.load(self._weights)
        window.performance.mark("gamao:worker-loaded")
        how = str(await worker.boot())  # how its interpreter started ("snapshot" or "normal"), for tests and benchmarks
        from pyscript import document
        document.documentElement.setAttribute("data-bot-boot", how)
        _mark("weights")
        if self._bearoff is not None:
            await self._send_bearoff(worker)
        self._worker = worker
        return worker

    async def start(self) -> bool:
        """Start the worker now (so that a request soon answers at once); whether it runs."""
        return await self._ready() is not None

    async def _ready(self):
        """The worker, started once; None if it cannot start (then the main thread decides)."""
        if self._worker is not None or self.failed:
            return self._worker
        import asyncio
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._start_worker())
        try:
            return await self._starting
        except Exception as exc:  # no worker: decide on the main thread
            from pyscript import window
            window.console.warn(f"bot worker unavailable, thinking on the main thread: {exc}")
            self.failed = True
            _mark("failed")
            return None

    def warm(self, level: str) -> None:
        """Start the worker early when a strong level is chosen."""
        if self._weights is not None and self._worker is None and not self.failed and _slow(level):
            import asyncio
            asyncio.ensure_future(self._ready())

    async def decide(self, pending):
        """The intent answering ``pending``."""
        if _slow(pending.level) and len(pending.candidates) != 1:
            worker = await self._ready()
            if worker is not None:
                try:
                    decision = await worker.decide(json.dumps(pending.to_dict()))
                    return pending.intent(str(decision))
                except Exception as exc:  # a worker failure: decide here instead
                    from pyscript import window
                    window.console.warn(f"bot worker failed, thinking on the main thread: {exc}")
        if self._chooser is None:
            self._chooser = game.BotChooser()
        return game.answer_for(pending, self._chooser)

    async def hint(self, request: dict) -> dict:
        """The bot's advice for a person (``bot.analysis.hint``): the strong level's search in the worker, the
        0-ply network here if the worker cannot run."""
        worker = await self._ready()
        if worker is not None:
            try:
                return json.loads(str(await worker.hint(json.dumps(dict(request, cube=request["cube"].to_dict())))))
            except Exception as exc:  # a worker failure: advise from here instead
                from pyscript import window
                window.console.warn(f"bot worker failed on a hint, thinking on the main thread: {exc}")
        from bot import analysis
        return analysis.hint(request["kind"], request["position_id"], request.get("dice"), request["cube"], "quick")

    def rollout_worker_count(self) -> int:
        """Workers for a rollout (``ui.rollout_split.worker_count``): from the device's cores and memory, or
        the page's ``?workers=N``."""
        from pyscript import window
        from .rollout_split import worker_count
        nav = window.navigator
        cores = getattr(nav, "hardwareConcurrency", None)
        memory = getattr(nav, "deviceMemory", None)  # Chromium only
        return worker_count(int(cores) if cores else None, float(memory) if memory else None, self._rollout_workers)

    async def _start_extra(self, i: int):
        """The ``i``-th extra rollout worker ("rollout1"...), with the weights and the bear-off table; None if
        it cannot start (the rollout goes on without it)."""
        from pyscript import create_named_worker, window
        try:
            worker = await create_named_worker("py/bot_worker.py", f"rollout{i + 1}", config=await self._worker_config())
            await worker.load(self._weights)
            if self._bearoff is not None:
                await worker.load_bearoff(self._bearoff)
            return worker
        except Exception as exc:  # noqa: BLE001 - fewer workers, never a failed rollout
            window.console.warn(f"rollout worker {i + 1} unavailable: {exc}")
            return None

    async def _extra(self, i: int):
        import asyncio
        while len(self._extras) <= i:
            self._extras.append(asyncio.ensure_future(self._start_extra(len(self._extras))))
        return await self._extras[i]

    async def _join(self, i: int, split, request_json: str) -> None:
        """The ``i``-th extra worker takes blocks of ``split`` once started (if there are any left by then)."""
        worker = await self._extra(i)
        if worker is None or split.stopped or not split.queue:
            return
        try:
            await worker.rollout_start(request_json)
            if not split.stopped and split.queue:
                await split.drive(worker.rollout_block)
        except Exception as exc:  # noqa: BLE001 - its block went back to the queue; the others run it
            from pyscript import window
            window.console.warn(f"rollout worker {i + 1} failed: {exc}")

    async def rollout(self, request: dict, on_progress, cancelled, chunk: int = 1) -> dict | None:
        """Roll out a decision (``bot.rollout``'s arguments in ``request``) over the bot's worker and the extra
        rollout workers (``ui.rollout_split``), ``chunk`` trials per call to a worker, calling
        ``on_progress(result so far)`` after each; None once ``cancelled()`` says so (checked between calls).
        Without a worker, on the main thread one trial per turn of the event loop."""
        import asyncio
        worker = await self._ready()
        if worker is not None:
            from .rollout_split import Split
            request_json = json.dumps(request)
            header = json.loads(str(await worker.rollout_start(request_json)))
            marked = [0]

            def progress(result: dict) -> None:
                if split.runners != marked[0]:
                    marked[0] = split.runners
                    _mark_rollout(split.runners)
                on_progress(result)

            split = Split(header, progress, cancelled, chunk)
            count = self.rollout_worker_count()
            _mark_rollout(0, count)
            self._joining = [asyncio.ensure_future(self._join(i, split, request_json)) for i in range(count - 1)]
            try:
                while not split.stopped and not split.finished:
                    if split.queue:
                        await split.drive(worker.rollout_block)
                    else:  # the others' blocks in hand (one that fails gives its block back)
                        await asyncio.sleep(0.05)
            finally:
                split.stop()  # a late worker takes nothing more; those still in a call return after it
            return split.tally.result() if split.finished else None
        import bot
        dice = request.get("dice")
        r = bot.Rollout(bot.evaluator(), request["position_id"], dice=tuple(dice) if dice else None,
                        candidates=request.get("candidates"), trials=request.get("trials", 324),
                        truncate=request.get("truncate", 11), cubeful=request.get("cubeful", True),
                        seed=request.get("seed", 0))
        while not r.finished:
            if cancelled():
                return None
            r.step(1)
            on_progress(r.result())
            await asyncio.sleep(0)
        return r.result()

    async def analyse_position(self, request: dict) -> dict:
        """``bot.analyse_position`` for ``{"position": GNUbg ID or XGID, "dice": [d1, d2] or None, "level":
        "quick" | "deep"}``, in the worker (the main thread at quick if the worker cannot run). A bad position or
        dice gives ``{"error": reason}``."""
        worker = await self._ready()
        if worker is not None:
            try:
                return json.loads(str(await worker.analyse_position(json.dumps(request))))
            except Exception as exc:  # a worker failure: analyse here instead
                from pyscript import window
                window.console.warn(f"bot worker failed on a position, analysing on the main thread: {exc}")
        import bot
        try:
            return bot.analyse_position(request.get("position"), dice=request.get("dice"), level="quick")
        except bot.AnalysisError as exc:
            return {"error": str(exc)}

    async def analysis_start(self, text: str, level: str) -> Optional[int]:
        """Start the analysis of a record (JSON ``text``) at ``level`` in the worker: how many decisions it has, or
        None when there is no worker (the caller analyses on the main thread then). One analysis at a time;
        ``analysis_step`` runs it, ``analysis_result`` gives it."""
        worker = await self._ready()
        if worker is None:
            return None
        self._analysing = worker
        return int(await worker.analysis_start(text, level))

    async def analysis_step(self, chunk: int) -> int:
        """Analyse ``chunk`` more decisions of the analysis started: how many are done."""
        return int(await self._analysing.analysis_step(chunk))

    async def analysis_result(self) -> str:
        """The analysis finished, as JSON text."""
        return str(await self._analysing.analysis_result())
