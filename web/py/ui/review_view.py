"""The review: a game or match studied on the table's own board, in a view that fills the page (a modal dialog
over the table, whose clock waits meanwhile).

The board shows the position before each decision with its dice and the play made as arrows ("Show the best
play" adds the best play's); the list of every decision with its mark (``ui.review_list``), the graph of the
winning chances and the equity lost (``ui.review_graph``), the statistics (``ui.review_stats``); the analysis
runs in the bot's worker (``ui.review_run``); *Roll out* settles the decision shown (``ui.rollout_view``).
Keys: ← → step, Home / End, N / P the next / previous error (of the player chosen), each step said in the page's
live region (``#announce``, moved into the view while it is open).

Opened from the game-over dialog, each History entry, a match file ("Open a match file") and the Verify page
(``ui.review_open``). The data comes from the pure ``ui.review``; the panels are drawn by ``ui.review_panels``, the
keys and clicks that move through the decisions are ``ui.review_nav``'s.
"""
from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Callable, Optional

from pyscript import document

from . import dom
from . import review as R
from . import review_list as RL
from . import review_panels as RP
from . import rollout as RO
from .dialogs import download
from .model import CubeView
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort
from .review_board import StudyBoard
from .review_nav import ReviewNav
from .review_open import file_button
from .review_run import Runner, span
from .rollout_view import RolloutPanel


def _button(text: str, id: str, fn, parent, cls: str = "", keys: str = ""):
    b = dom.el("button", text, id=id, cls=cls, parent=parent, type="button")
    if keys:
        b.setAttribute("aria-keyshortcuts", keys)
    dom.on(b, "click", lambda e: fn())
    return b


class ReviewView:
    """The review. ``app``: the page (``ui.port.TablePort``: ``store``, ``notice``, ``pause_clock``, ``bots``,
    ``wait_for_bot``); ``say(text)``: the page's live region; ``open_position(xgid)``: Analyse a position on it;
    ``collected(record, key, analysis)``: the analysis, for Practice."""

    def __init__(self, texts, app: TablePort, say: Callable[[str], None], open_position: Callable[[str], None],
                 collected: Callable[[dict, str, dict], None]) -> None:
        self.t, self.app = texts, app
        self.say, self.open_position, self.collected = say, open_position, collected
        self.dlg = None
        self.items: list = []
        self.i = 0
        self.record: Optional[dict] = None
        self.analysis: Optional[dict] = None
        self.runner = Runner(app)
        self.show_best = False
        self.show_after = False

    # -- building ------------------------------------------------------------------------------------------------
    def _build(self) -> None:
        t = self.t
        dlg = dom.el("dialog", id="dlg-review", cls="review-page", aria_labelledby="review-title", data_review="")
        head = dom.el("header", cls="review-head", parent=dlg)
        dom.el("h2", t("review_title"), id="review-title", parent=head)
        self.who_el = dom.el("p", cls="review-who", parent=head)
        file_button(t, "review-file", self.open, self.notice, head)
        _button(t("review_close"), "review-close", self.close, head)
        self.dice_note = dom.el("p", t("review_dice_unverified"), id="review-dice-note", cls="review-note", parent=dlg)
        main = dom.el("div", cls="review-main", parent=dlg)
        left = dom.el("section", cls="review-left", parent=main, aria_label=t("review_board"))
        self.board = StudyBoard(t, left, t("review_board"), "review-board")
        self.facts = dom.el("p", id="review-facts", cls="review-facts", parent=left)
        self.text = dom.el("p", id="review-step", cls="review-step", parent=left)
        nav = dom.el("div", cls="review-nav", parent=left)
        _button(t("review_first"), "review-first", lambda: self.go(0), nav, keys="Home")
        _button(t("review_prev"), "review-prev", lambda: self.go(self.i - 1), nav, keys="ArrowLeft")
        _button(t("review_next"), "review-next", lambda: self.go(self.i + 1), nav, "primary", "ArrowRight")
        _button(t("review_last"), "review-last", lambda: self.go(len(self.items) - 1), nav, keys="End")
        nav2 = dom.el("div", cls="review-nav", parent=left)
        self.best_btn = _button(t("review_show_best"), "review-show-best", self.toggle_best, nav2)
        self.after_btn = _button(t("review_show_after"), "review-show-after", self.toggle_after, nav2)
        _button(t("review_analyse_here"), "review-analyse-position", self.analyse_position, nav2)
        errs = dom.el("div", cls="review-nav", parent=left)
        lab = dom.el("label", t("review_errors_of") + " ", parent=errs)
        self.who_sel = dom.el("select", id="review-player", parent=lab)
        dom.on(self.who_sel, "change", lambda e: self._draw_graph())
        _button(t("review_prev_error"), "review-prev-error", lambda: self.to_error(-1), errs, keys="P")
        _button(t("review_next_error"), "review-next-error", lambda: self.to_error(1), errs, keys="N")
        self.decision = dom.el("div", id="review-decision", cls="review-best", parent=left)
        self.rollout = RolloutPanel(t, self.app, left.appendChild, "review", "h3")  # *Roll out* the decision shown
        side = dom.el("section", cls="review-side", parent=main, aria_labelledby="review-list-title")
        dom.el("h3", t("review_list"), id="review-list-title", parent=side)
        # the analysis is asked for above the list whose marks it gives (in view on opening, beside the board)
        row = dom.el("p", cls="review-nav review-run", parent=side)
        label = dom.el("label", t("review_depth") + " ", parent=row)
        self.depth = dom.el("select", id="review-depth", parent=label)
        for value in ("quick", "deep"):
            dom.el("option", t("review_" + value), parent=self.depth, value=value)
        self.run_btn = _button(t("review_analyse"), "review-analyse", self.analyse, row, "primary")
        self.cancel_btn = _button(t("review_cancel"), "review-cancel", self.runner.cancel, row)
        self.cancel_btn.hidden = True
        self.progress = dom.el("progress", id="review-progress", parent=side, aria_label=t("review_progress"))
        self.progress.hidden = True
        self.status = dom.el("p", id="review-analysis-status", parent=side, role="status", aria_live="polite")
        self.list = dom.el("ol", id="review-list", cls="review-list", parent=side, aria_labelledby="review-list-title")
        self.graph = dom.el("div", id="review-graph", cls="review-graph")  # (placed below)
        self.nav = ReviewNav(self.list, self.graph, self.go, self.to_error, lambda: (self.i, len(self.items)))
        dom.on(self.list, "click", self.nav.list_click)
        box = dom.el("section", cls="review-analysis", parent=main, aria_labelledby="review-analysis-title")
        dom.el("h3", t("review_analysis"), id="review-analysis-title", parent=box)
        self.export_btn = _button(t("review_export"), "review-export", self.export, dom.el("p", parent=box))
        box.appendChild(self.graph)
        dom.on(self.graph, "click", self.nav.graph_click)
        dom.on(self.graph, "keydown", self.nav.graph_key)
        self.stats = dom.el("table", id="review-stats", cls="review-stats", parent=box)
        dom.on(dlg, "keydown", self.nav.key)
        dom.on(dlg, "close", lambda e: self._closed())
        document.body.appendChild(dlg)
        self.dlg = dlg

    # -- opening -------------------------------------------------------------------------------------------------
    def open(self, record) -> bool:
        """Review ``record`` (dict or JSON text); False (and a notice) when it cannot be replayed."""
        with span("review-open"):
            return self._open(record)

    def _open(self, record) -> bool:
        try:
            record = R.load(record)
            items = R.items(record)
        except (ValueError, R.ReviewError) as exc:
            self.notice(self.t("review_bad_record", why=str(exc)))
            return False
        if self.dlg is None:
            self._build()
        for other in document.querySelectorAll("dialog[open]"):
            if other is not self.dlg:
                other.close()
        self.runner.cancel()
        self.record, self.items = record, items
        self.who = R.names(record, self.t)
        self.key = R.record_key(record)
        self.who_el.textContent = self.t("review_who", p0=self.who[0], p1=self.who[1])
        self.who_sel.innerHTML = ""
        for value, text in (("", self.t("review_both")), ("0", self.who[0]), ("1", self.who[1])):
            dom.el("option", text, parent=self.who_sel, value=value)
        self.dice_note.hidden = not R.dice_unverifiable(record)  # a match from a .mat file: no seed
        self.i = -1
        self._set_analysis(R.stored_analysis(self.app.store.get(R.ANALYSIS_KEY), self.key))
        self.status.textContent = self.t("review_done", level=self.t("review_" + self.analysis["level"])) \
            if self.analysis else ""
        if not self.dlg.open:
            self.dlg.showModal()
        self.dlg.appendChild(document.getElementById("announce") or dom.el("span"))
        self.app.pause_clock(True)  # the game behind the review waits (its clock would run out unseen)
        self.go(0, "list")
        self.dlg.scrollTop = 0
        asyncio.ensure_future(self._warm())
        return True

    def notice(self, text: str) -> None:
        if self.dlg is not None and self.dlg.open:
            self.status.textContent = text
        else:
            self.app.notice(text)

    def _set_analysis(self, analysis: Optional[dict]) -> None:
        self.analysis = analysis
        R.join(self.items, analysis)
        self.dlg.setAttribute("data-analysed", analysis["level"] if analysis else "")
        self.export_btn.hidden = analysis is None
        self.list.innerHTML = RL.html(self.items, self.who, self.t, self.i)
        self._draw_graph()
        self._draw_stats()

    async def _warm(self) -> None:
        """Start the bot's worker while the person looks at the game, so the analysis starts at once."""
        await self.app.wait_for_bot()
        await self.app.bots.start()

    def close(self) -> None:
        if self.dlg is not None and self.dlg.open:
            self.dlg.close()
        self._closed()

    def _closed(self) -> None:
        self.runner.cancel()
        self.rollout.withdraw()
        log = document.getElementById("announce")
        if log and self.dlg is not None and self.dlg.contains(log):
            document.body.appendChild(log)
        self.app.pause_clock(False)

    # -- stepping ------------------------------------------------------------------------------------------------
    def go(self, i: int, focus: str = "") -> None:
        if not self.items:
            return
        i = max(0, min(int(i), len(self.items) - 1))
        changed = i != self.i
        old, self.i = self.i, i
        if changed:
            self.show_best = self.show_after = False
        with span("review-draw"):
            self.nav.mark(old, i)
            self._draw()
        if changed:
            self._offer_rollout()
            self.say(R.item_text(self.items[i], self.who, self.t))
        self.nav.focus(i, focus)

    def _draw(self) -> None:
        it = self.items[self.i]
        best_counts = R.best_counts(it)
        counts = it.counts
        if self.show_after:
            counts = best_counts if (self.show_best and best_counts is not None) else it.after
        owner = {None: "center", 0: "bottom", 1: "top"}[it.owner]
        cube_text = self.t("review_cube", cube=it.cube) + ("" if it.owner is None else f" ({self.who[it.owner]})")
        self.board.show(counts, it.dice, "bottom" if it.player == 0 else "top", CubeView(it.cube, owner), cube_text)
        layers = []
        if not self.show_after:
            layers.append(("played", it.steps))
            if self.show_best:
                layers.append(("best", R.best_steps(it)))
        self.board.arrows(layers)
        self.facts.innerHTML = ""
        for name, text in R.facts(it, self.who, self.t):
            dom.el("span", text, parent=self.facts, data_fact=name)
        self.text.textContent = R.item_text(it, self.who, self.t)
        self.dlg.setAttribute("data-step", str(self.i))
        self.dlg.setAttribute("data-action", f"{it.game}:{it.action}")
        has_best = best_counts is not None
        self.best_btn.disabled = not has_best
        self.best_btn.setAttribute("aria-pressed", str(self.show_best and has_best).lower())
        self.after_btn.hidden = it.kind != "play" or not it.steps
        self.after_btn.setAttribute("aria-pressed", str(self.show_after).lower())
        RP.decision(self.decision, it, self.who, self.t)
        RP.graph_current(self.graph, self.i)

    def toggle_best(self) -> None:
        self.show_best = not self.show_best
        self._draw()

    def analyse_position(self) -> None:
        """The position before the shown decision in "Analyse a position" (the review closes; it reopens where
        it was from the History or the game-over dialog)."""
        if self.items:
            self.open_position(R.xgid_of(self.items[self.i], self.record.get("match_length") or 0))

    def _offer_rollout(self) -> None:
        """The shown decision's rollout: its roll's plays (the best and the play made ticked), or its cube
        decision; a running rollout belongs to the decision it was started on and stops when another is shown."""
        try:
            decision = RO.from_review(self.items[self.i], self.record.get("match_length") or 0)
        except ValueError:  # a position the rollout cannot read
            decision = None
        self.rollout.offer(decision)

    def toggle_after(self) -> None:
        self.show_after = not self.show_after
        self._draw()

    def _who(self) -> Optional[int]:
        v = str(self.who_sel.value)
        return int(v) if v in ("0", "1") else None

    def to_error(self, step: int, focus: str = "") -> None:
        j = R.next_error(self.items, self.i, step, self._who())
        if j is None:
            self.say(self.t("review_no_error" if self.analysis else "review_not_analysed"))
            self.status.textContent = self.t("review_no_error" if self.analysis else "review_not_analysed")
            return
        self.go(j, focus)

    # -- analysis shown --------------------------------------------------------------------------------------------
    def _draw_graph(self) -> None:
        RP.graph(self.graph, self.items, self.i, self.who, self.t, self._who() or 0)

    def _draw_stats(self) -> None:
        RP.stats(self.stats, self.analysis, self.who, self.t)

    # -- running the analysis --------------------------------------------------------------------------------------
    def analyse(self) -> None:
        if self.runner.running or self.record is None:
            return
        asyncio.ensure_future(self._run(str(self.depth.value)))

    async def _run(self, level: str) -> None:
        record, key = self.record, self.key
        self.run_btn.disabled = True
        self.cancel_btn.hidden = False
        self.progress.hidden = False
        self.progress.removeAttribute("value")
        self.dlg.setAttribute("data-running", level)
        try:
            result = await self.runner.run(record, level, self._progress)
        except Exception as exc:  # noqa: BLE001 - any failure is reported, never a broken page
            self.status.textContent = self.t("review_failed", why=str(exc))
            result = None
        finally:
            self.run_btn.disabled = False
            self.cancel_btn.hidden = True
            self.progress.hidden = True
            self.dlg.removeAttribute("data-running")
        if result is None:
            if self.runner.cancelled:
                self.status.textContent = self.t("review_cancelled")
            return
        with span("review-store"):
            self.app.store.set(R.ANALYSIS_KEY, R.store_analysis(self.app.store.get(R.ANALYSIS_KEY), key, result))
        self.collected(record, key, result)  # the opted-in players' errors, for Practice
        await asyncio.sleep(0)  # parsing, storing and drawing in separate tasks: no long one at the end
        if record is not self.record:
            return
        await self._show_analysis(result)
        self.status.textContent = self.t("review_done", level=self.t("review_" + level))

    async def _show_analysis(self, result: dict) -> None:
        """The analysis shown a part per task (the list, the graph, the statistics, the board's decision), so that
        no task of the page's is long."""
        self.analysis = result
        with span("review-show-list"):
            R.join(self.items, result)
            self.export_btn.hidden = False
            self.list.innerHTML = RL.html(self.items, self.who, self.t, self.i)
        await asyncio.sleep(0)
        with span("review-show-graph"):
            self._draw_graph()
        await asyncio.sleep(0)
        with span("review-show-stats"):
            self._draw_stats()
        await asyncio.sleep(0)
        with span("review-draw"):
            self._draw()
            if not self.rollout.running and self.rollout.result is None:
                self._offer_rollout()  # the analysis' top plays to tick (a rollout shown stays)
        self.dlg.setAttribute("data-analysed", result["level"])

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = str(max(total, 1))
        self.progress.value = str(done)
        self.progress.setAttribute("aria-valuetext", self.t("review_running", done=done, total=total))
        self.status.textContent = self.t("review_running", done=done, total=total)

    def export(self) -> None:
        if self.analysis is not None:
            download("gamao-analysis.json", json.dumps(self.analysis, indent=1, ensure_ascii=False) + "\n",
                     "application/json")
