"""The Review dialog of the table page: a finished game replayed step by step on a board of its own, with the
analysis (run in the bot's worker, with a progress bar, cancellable) and the graph of winning chances.

Opened from the game-over dialog, from each History entry, and from the Verify page (``index.html?review=1``
with the record in ``localStorage["gamao.review"]``). The data comes from the pure ``ui.review``.
"""
from __future__ import annotations

import asyncio
import gc
import json
from typing import Optional

from pyscript import document, window
from pyscript.ffi import create_proxy

from . import announce as A
from . import dom
from . import review as R
from .dialogs import download
from .model import SLOTS

REVIEW_KEY = "gamao.review"
CHUNK = {"quick": 8, "deep": 1}   # decisions per worker call: the Cancel button answers between calls


class _span:
    """A User Timing measure "gamao:<name>" around a piece of the page's own work, so that
    tools/bench_analysis.py can say what ran during a long main-thread task."""

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


def _grid(slot: str) -> tuple[int, int]:
    """(column, row) of a slot on the review board: the top row 13..24, the bottom row 12..1, bars and trays."""
    row = 1 if slot.startswith("opp-") else 2
    if slot.endswith("bar"):
        return 7, row
    if slot.endswith("off"):
        return 14, row
    n = int(slot)
    if n >= 13:
        return (n - 12) + (1 if n >= 19 else 0), 1
    return (13 - n) + (1 if n <= 6 else 0), 2


class ReviewView:
    def __init__(self, texts, app) -> None:
        self.t, self.app = texts, app
        self.dlg = None
        self._proxies: list = []
        self.steps: list = []
        self.i = 0
        self.record: Optional[dict] = None
        self.analysis: Optional[dict] = None
        self.by_step: dict = {}
        self._running = False
        self._cancel = False
        self._show_best = False

    # -- building ------------------------------------------------------------------------------------------------
    _el = staticmethod(dom.el)  # the page's one element helper (ui.dom)

    def _on(self, el, kind: str, fn) -> None:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        el.addEventListener(kind, proxy)

    def _button(self, text: str, id: str, fn, parent, cls: str = ""):
        b = self._el("button", text, id=id, cls=cls, parent=parent)
        b.type = "button"
        self._on(b, "click", lambda e: fn())
        return b

    def _build(self) -> None:
        t = self.t
        dlg = self._el("dialog", id="dlg-review", cls="dialog review", aria_labelledby="review-title")
        self._el("h2", t("review_title"), id="review-title", parent=dlg)
        self.dice_note = self._el("p", t("review_dice_unverified"), id="review-dice-note", cls="review-step",
                                  parent=dlg)
        self.dice_note.hidden = True
        board = self._el("div", id="review-board", cls="review-board", parent=dlg, role="group",
                         aria_label=t("review_title"))
        self.slots = {}
        for slot in SLOTS:
            col, row = _grid(slot)
            el = self._el("div", id=f"review-slot-{slot}", cls="review-slot", parent=board, role="img")
            el.setAttribute("data-point", slot)
            el.style.gridColumn = str(col)
            el.style.gridRow = str(row)
            self.slots[slot] = el
        self.facts = self._el("p", id="review-facts", cls="review-facts", parent=dlg)
        self.text = self._el("p", id="review-step", cls="review-step", parent=dlg, aria_live="polite")
        nav = self._el("div", cls="review-nav", parent=dlg)
        self._button(t("review_first"), "review-first", lambda: self.go(0), nav)
        self._button(t("review_prev"), "review-prev", lambda: self.go(self.i - 1), nav)
        self.slider = self._el("input", id="review-slider", parent=nav, aria_label=t("review_slider"))
        self.slider.type = "range"
        self.slider.min = "0"
        self._on(self.slider, "input", lambda e: self.go(int(self.slider.value)))
        self._button(t("review_next"), "review-next", lambda: self.go(self.i + 1), nav, "primary")
        self._button(t("review_last"), "review-last", lambda: self.go(len(self.steps) - 1), nav)
        self.counter = self._el("p", id="review-counter", cls="review-step", parent=dlg)
        self.best_btn = self._button(t("review_show_best"), "review-show-best", self.toggle_best, dlg)
        self.best_btn.setAttribute("aria-pressed", str(False).lower())
        self.decision = self._el("div", id="review-decision", cls="review-best", parent=dlg)
        box = self._el("section", cls="review-analysis", parent=dlg, aria_labelledby="review-analysis-title")
        self._el("h3", t("review_analysis"), id="review-analysis-title", parent=box)
        row = self._el("p", cls="review-nav", parent=box)
        label = self._el("label", t("review_depth") + " ", parent=row)
        self.depth = self._el("select", id="review-depth", parent=label)
        for value in ("quick", "deep"):
            opt = self._el("option", t("review_" + value), parent=self.depth)
            opt.value = value
        self.run_btn = self._button(t("review_analyse"), "review-analyse", self.analyse, row, "primary")
        self.cancel_btn = self._button(t("review_cancel"), "review-cancel", self.cancel, row)
        self.cancel_btn.hidden = True
        self.progress = self._el("progress", id="review-progress", parent=box, aria_label=t("review_progress"))
        self.progress.hidden = True
        self.status = self._el("p", id="review-analysis-status", parent=box, role="status", aria_live="polite")
        self.players = self._el("ul", id="review-players", cls="review-players", parent=box)
        self.graph = self._el("div", id="review-graph", cls="review-graph", parent=box)
        self._on(self.graph, "click", self._graph_click)
        buttons = self._el("div", cls="dialog-buttons", parent=dlg)
        self.export_btn = self._button(t("review_export"), "review-export", self.export, buttons)
        self._button(t("review_close"), "review-close", self.close, buttons)
        self._on(dlg, "keydown", self._key)
        self._on(dlg, "close", lambda event: self.app.pause_clock(False))  # also Escape, and another dialog
        document.body.appendChild(dlg)
        self.dlg = dlg

    # -- opening -------------------------------------------------------------------------------------------------
    def open(self, record) -> bool:
        """Review ``record`` (dict or JSON text); False (and a notice) when it cannot be replayed."""
        with _span("review-open"):
            return self._open(record)

    def _open(self, record) -> bool:
        try:
            if isinstance(record, str):
                record = json.loads(record)
            steps = R.steps(record)
        except (ValueError, R.ReviewError) as exc:
            self.app.notice(self.t("review_bad_record", why=str(exc)))
            return False
        if self.dlg is None:
            self._build()
        for other in document.querySelectorAll("dialog[open]"):
            if other is not self.dlg:
                other.close()
        self.cancel()
        self.record, self.steps = record, steps
        self.who = R.names(record, self.t)
        self.dice_note.hidden = not R.dice_unverifiable(record)  # a match from a .mat file: no seed
        self.key = R.record_key(record)
        self.analysis = R.stored_analysis(self.app.store.get(R.ANALYSIS_KEY), self.key)
        self.by_step = R.decisions_by_step(steps, self.analysis)
        self.slider.max = str(len(steps) - 1)
        self.status.textContent = self.t("review_done", level=self.t("review_" + self.analysis["level"])) \
            if self.analysis else ""
        self.dlg.setAttribute("data-analysed", self.analysis["level"] if self.analysis else "")
        self._players()
        self.export_btn.hidden = self.analysis is None
        if not self.dlg.open:
            self.dlg.showModal()
        self.app.pause_clock(True)  # the game behind the review waits (its clock would run out unseen)
        self.go(0)
        asyncio.ensure_future(self._warm())
        return True

    async def _warm(self) -> None:
        """Start the bot's worker while the person looks at the game, so the analysis starts at once."""
        await self.app._bot_ready.wait()
        await self.app.bots.worker()

    def open_from_url(self) -> None:
        """``?review=1``: the record the Verify page left in ``localStorage``."""
        if "review=1" not in str(window.location.search):
            return
        text = self.app.store.get(REVIEW_KEY)
        if text:
            self.open(text)

    def close(self) -> None:
        self.cancel()
        if self.dlg is not None and self.dlg.open:
            self.dlg.close()
        self.app.pause_clock(False)

    # -- stepping ------------------------------------------------------------------------------------------------
    def go(self, i: int) -> None:
        if not self.steps:
            return
        self.i = max(0, min(int(i), len(self.steps) - 1))
        self._show_best = False
        self._draw()

    def _draw(self) -> None:
        with _span("review-draw"):
            self._draw_step()

    def _draw_step(self) -> None:
        step = self.steps[self.i]
        ds = self.by_step.get(self.i, [])
        move = next((d for d in ds if d["kind"] == "move"), None)
        counts = step.counts
        best_shown = self._show_best and move is not None and move["best"] != move["played"]
        if best_shown:
            counts = R.result_counts(move["best"], move["player"])
        lang = self.t.lang
        for slot, el in self.slots.items():
            n = counts[slot]
            el.setAttribute("data-count", str(n))
            el.textContent = str(abs(n)) if n else ""
            el.className = "review-slot" + (" white" if n > 0 else " black" if n < 0 else "")
            el.setAttribute("aria-label", A.slot_label(slot, n, True, self.who[1], lang))
        self.facts.innerHTML = ""
        for name, text in R.facts(step, self.who, self.t):
            span = self._el("span", text, parent=self.facts)
            span.setAttribute("data-fact", name)
        self.facts.setAttribute("data-pips", f"{step.pips[0]},{step.pips[1]}")
        self.text.textContent = R.step_text(step, self.who, self.t)
        self.dlg.setAttribute("data-step", str(self.i))
        self.dlg.setAttribute("data-action", f"{step.game}:{step.action}")
        self.slider.value = str(self.i)
        counter = self.t("review_step_of", n=self.i + 1, total=len(self.steps))
        self.slider.setAttribute("aria-valuetext", counter)
        self.counter.textContent = counter
        self.best_btn.hidden = move is None or move["best"] == move["played"]
        self.best_btn.setAttribute("aria-pressed", str(best_shown).lower())
        self._decision(ds)
        self._graph()

    def toggle_best(self) -> None:
        self._show_best = not self._show_best
        self._draw()

    def _key(self, event) -> None:
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        moves = {"ArrowLeft": self.i - 1, "ArrowRight": self.i + 1, "Home": 0, "End": len(self.steps) - 1}
        if key in moves:
            event.preventDefault()
            self.go(moves[key])

    # -- analysis shown --------------------------------------------------------------------------------------------
    def _decision(self, ds: list) -> None:
        self.decision.innerHTML = ""
        for d in ds:
            p = self._el("p", None, parent=self.decision, cls="decision")
            p.setAttribute("data-mark", d["mark"])
            p.setAttribute("data-kind", d["kind"])
            for k, line in enumerate(R.decision_lines(d, self.who, self.t)):
                span = self._el("span", line, parent=p, cls=("mark " + R.mark_class(d["mark"])) if k == 0 else "")
                if k:
                    span.setAttribute("data-best", "")
                self._el("br", parent=p)
            if d["kind"] == "move" and d.get("top"):
                self._el("h4", self.t("review_top"), parent=self.decision)
                ol = self._el("ol", parent=self.decision, cls="review-top")
                for o in d["top"]:
                    li = self._el("li", f"{o['play'] or self.t('hint_no_move')} ({o['equity']:+.3f})", parent=ol)
                    li.setAttribute("data-position-id", o["position_id"])

    def _players(self) -> None:
        self.players.innerHTML = ""
        if not self.analysis:
            return
        for p, st in enumerate(self.analysis["players"]):
            text = self.t("review_player_row", name=self.who[p], rate=f"{st['error_rate']:.1f}",
                          rating=self.t(R.rating_key(st["rating"])), n=st["unforced"], loss=f"{st['loss']:.3f}")
            li = self._el("li", text, parent=self.players)
            li.setAttribute("data-rating", st["rating"])

    def _graph(self) -> None:
        points = R.graph_points(self.steps, self.analysis)
        if not points:
            self.graph.innerHTML = ""
            return
        self.graph.innerHTML = R.graph_svg(points, self.i, self.t("review_graph", name=self.who[0]))

    def _graph_click(self, event) -> None:
        target = event.target.closest("[data-step]") if event.target else None
        if target is not None:
            self.go(int(target.getAttribute("data-step")))

    # -- running the analysis --------------------------------------------------------------------------------------
    def analyse(self) -> None:
        if self._running or self.record is None:
            return
        asyncio.ensure_future(self._run(str(self.depth.value)))

    def cancel(self) -> None:
        if self._running:
            self._cancel = True

    async def _run(self, level: str) -> None:
        self._running, self._cancel = True, False
        record, key = self.record, self.key
        self.run_btn.disabled = True
        self.cancel_btn.hidden = False
        self.progress.hidden = False
        self.progress.removeAttribute("value")
        self.dlg.setAttribute("data-running", level)
        gc.callbacks.append(_gc_span)
        try:
            result = await self._compute(record, level)
            await asyncio.sleep(0)
        except Exception as exc:  # noqa: BLE001 - any failure is reported, never a broken page
            self.status.textContent = self.t("review_failed", why=str(exc))
            result = None
        finally:
            gc.callbacks.remove(_gc_span)
            self._running = False
            self.run_btn.disabled = False
            self.cancel_btn.hidden = True
            self.progress.hidden = True
            self.dlg.removeAttribute("data-running")
        if result is None:
            if self._cancel:
                self.status.textContent = self.t("review_cancelled")
            return
        with _span("review-store"):
            self.app.store.set(R.ANALYSIS_KEY, R.store_analysis(self.app.store.get(R.ANALYSIS_KEY), key, result))
        await asyncio.sleep(0)  # parsing, storing and drawing in separate tasks: no long one at the end
        if record is not self.record:
            return
        self.analysis = result
        self.by_step = R.decisions_by_step(self.steps, result)
        self.dlg.setAttribute("data-analysed", level)
        self.export_btn.hidden = False
        self.status.textContent = self.t("review_done", level=self.t("review_" + level))
        self._players()
        self._draw()

    def _tick(self, done: int, total: int) -> None:
        with _span("review-tick"):
            self._progress(done, total)

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = str(max(total, 1))
        self.progress.value = str(done)
        self.progress.setAttribute("aria-valuetext", self.t("review_running", done=done, total=total))
        self.status.textContent = self.t("review_running", done=done, total=total)

    async def _compute(self, record: dict, level: str) -> Optional[dict]:
        await self.app._bot_ready.wait()
        with _span("review-record-json"):
            text = json.dumps(record)
        worker = await self.app.bots.worker()
        if worker is not None:
            total = int(await worker.analysis_start(text, level))
            done = 0
            self._tick(0, total)
            while done < total:
                if self._cancel:
                    return None
                done = int(await worker.analysis_step(CHUNK[level]))
                self._tick(done, total)
            answer = await worker.analysis_result()
            await asyncio.sleep(0)
            with _span("review-result-parse"):
                return json.loads(str(answer))
        from bot import analysis  # no worker: the main thread, one decision per turn of the event loop
        a = analysis.Analysis(record, level)
        while not a.finished:
            if self._cancel:
                return None
            with _span("review-main-thread-step"):
                a.step(1)
            self._tick(a.done, a.total)
            await asyncio.sleep(0)
        return a.result()

    def export(self) -> None:
        if self.analysis is not None:
            download("gamao-analysis.json", json.dumps(self.analysis, indent=1, ensure_ascii=False) + "\n",
                     "application/json")
