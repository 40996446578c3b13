"""Where the bot thinks: the fast levels on the main thread (a few ms), the strong levels in a web worker
(``web/py/bot_worker.py``) so the page never freezes; the worker starts on first need and the main thread is the
fallback if it cannot start.

``BotProxy`` is the only client of the worker: every call to it (decisions, hints, rollouts, the analysis of a
record or of a position) is one of its methods, and no other module holds the worker."""
from __future__ import annotations

import json
from typing import Optional

import game


def _mark(what: str) -> None:
    """What the worker holds, on <html data-bot-worker> ("weights", "weights+bearoff" or "failed"), for tests."""
    from pyscript import document
    document.documentElement.setAttribute("data-bot-worker", what)


def _slow(level: str) -> bool:
    """Whether ``level`` thinks in the worker (``bot.levels``; read once the weights are in, so the bot's modules
    load after the page can be played)."""
    from bot.levels import slow
    return slow(level)


class BotProxy:
    def __init__(self) -> None:
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
        if self._worker is not None:
            import asyncio
            asyncio.ensure_future(self._send_bearoff(self._worker))

    async def _send_bearoff(self, worker) -> None:
        await worker.load_bearoff(self._bearoff)
        _mark("weights+bearoff")

    async def _start_worker(self):
        from pyscript import create_named_worker, window
        response = await window.fetch("pyscript.json")
        config = json.loads(str(await response.text()))
        config["sync_main_only"] = True  # the worker only answers calls: no SharedArrayBuffer needed
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

    async def rollout(self, request: dict, on_progress, cancelled, chunk: int = 1) -> dict | None:
        """Roll out a decision (``bot.rollout``'s arguments in ``request``) ``chunk`` trials per call to the
        worker, calling ``on_progress(result so far)`` after each; None once ``cancelled()`` says so (checked
        between calls). Without a worker, on the main thread one trial per turn of the event loop."""
        import asyncio
        worker = await self._ready()
        if worker is not None:
            total = int(await worker.rollout_start(json.dumps(request)))
            done = 0
            while done < total:
                if cancelled():
                    return None
                result = json.loads(str(await worker.rollout_step(chunk)))
                done = result["trials"]
                on_progress(result)
            return result
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
