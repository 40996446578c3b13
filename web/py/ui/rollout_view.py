"""The rollout panel: *Roll out* the decision shown, in the bot's worker. One panel class for every place that
offers it: under a hint, in *Analyse a position* (and ``index.html?analyse=<ID>``) and in the review.

The trials, the length and the seed; for a play, the plays to roll out (ticked: the best two at first, at most
``ui.rollout.MAX_TICKED``); a progress bar with the trials done and per candidate its equity with the 95 %
interval so far; *Cancel* stops it between two calls to the worker (each runs one trial of every candidate), so
the page stays responsive. The table's clock stands still meanwhile. One rollout runs at a time in the page (the
worker holds one): starting one stops another panel's. What to roll out and the rows come from the pure
``ui.rollout``.
"""
from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Optional

from . import rollout as RO
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

_PANELS: list = []   # every panel of the page, so that starting one stops the others


class RolloutPanel:
    """A rollout section, placed by ``place(section)``; its ids start with ``key`` ("" for the hint's:
    ``#rollout``, ``#btn-rollout``, ``#rollout-table``...; "position": ``#position-rollout``...)."""

    def __init__(self, texts, app: TablePort, place, key: str = "", heading: str = "h2") -> None:
        from .dom import el, on
        self.t, self.app, self.key = texts, app, key
        sec = self.section = el("section", cls="rollout-panel", id=self._id("rollout"),
                                aria_labelledby=self._id("rollout-title"))
        sec.hidden = True
        place(sec)
        el(heading, texts("rollout_title"), parent=sec, id=self._id("rollout-title"))
        form = self.form = el("div", cls="rollout-settings", parent=sec)
        self.trials = self._select(form, "rollout-trials", texts("rollout_trials"),
                                   [(str(n), str(n)) for n in RO.TRIALS], "324")
        self.truncate = self._select(form, "rollout-truncate", texts("rollout_truncate"),
                                     [(str(n), texts("rollout_plies", n=n) if n else texts("rollout_to_end"))
                                      for n in RO.TRUNCATE], "11")
        label = el("label", texts("seed") + " ", parent=form)
        self.seed = el("input", parent=label, id=self._id("rollout-seed"), type="number", min="0", step="1",
                       inputmode="numeric")
        self.seed.value = str(random.randrange(1, 1_000_000))
        self.plays = el("fieldset", cls="rollout-plays", parent=sec, id=self._id("rollout-plays"))
        self.plays.hidden = True
        on(self.plays, "change", lambda e: self._ticks_changed())
        buttons = self.buttons = el("div", cls="rollout-buttons", parent=sec)
        self.run_btn = el("button", texts("rollout_run"), parent=buttons, id=self._id("btn-rollout"), type="button")
        self.cancel_btn = el("button", texts("rollout_cancel"), parent=buttons, id=self._id("btn-rollout-cancel"),
                             type="button")
        self.cancel_btn.hidden = True
        self.progress = el("progress", parent=sec, id=self._id("rollout-progress"),
                           aria_label=texts("rollout_progress"))
        self.progress.hidden = True
        self.status = el("p", parent=sec, id=self._id("rollout-status"), aria_live="polite")
        self.table = el("table", cls="rollout-table", parent=sec, id=self._id("rollout-table"))
        self.table.hidden = True
        on(self.run_btn, "click", lambda e: self.run())
        on(self.cancel_btn, "click", lambda e: self.cancel())
        self._offer: Optional[RO.Decision] = None
        self._running = False
        self._cancel = False
        self.result: Optional[dict] = None
        self._cells: Optional[dict] = None  # candidate -> (row, cells by column, texts shown)
        _PANELS.append(self)

    def _id(self, name: str) -> str:
        if not self.key:
            return name
        return f"{self.key}-{name}"

    def _select(self, parent, name: str, text: str, options: list[tuple[str, str]], value: str):
        from .dom import el
        label = el("label", text + " ", parent=parent)
        sel = el("select", parent=label, id=self._id(name))
        for v, shown in options:
            el("option", shown, parent=sel, value=v)
        sel.value = value
        return sel

    @property
    def running(self) -> bool:
        return self._running

    # -- what the place shows ------------------------------------------------------------------------------------
    def offer(self, decision: RO.Offer) -> None:
        """The place shows a decision: offer to roll it out (a text key instead: say why it cannot be; None:
        nothing to offer, the panel hides)."""
        self.withdraw()
        if decision is None or decision == RO.NOTHING:
            return
        self.section.hidden = False
        self.form.hidden = self.buttons.hidden = isinstance(decision, str)
        if isinstance(decision, str):  # only the reason shows
            self.status.textContent = self.t(decision)
            self.run_btn.disabled = True
            return
        self._offer = decision
        self.run_btn.disabled = False
        self._choices(decision)

    def withdraw(self) -> None:
        """The decision went away (the game moved on, another step or position shown): the rollout goes too."""
        self.cancel()
        self._offer = None
        self.result = None
        self.section.hidden = True
        self.table.hidden = True
        self.table.innerHTML = ""
        self.plays.hidden = True
        self.plays.innerHTML = ""
        self._cells = None
        self.status.textContent = ""
        for name in ("data-best", "data-state", "data-trials", "data-kind"):
            self.section.removeAttribute(name)

    def _choices(self, decision: RO.Decision) -> None:
        """The plays one may tick (none for a cube decision, or when the bot picks its best two)."""
        from .dom import el
        self.section.setAttribute("data-kind", decision.kind)
        if not decision.choices:
            return
        el("legend", self.t("rollout_plays", n=RO.MAX_TICKED), parent=self.plays)
        for c in decision.choices:
            label = el("label", None, parent=self.plays)
            box = el("input", parent=label, type="checkbox", value=c.id, data_play=c.play)
            box.checked = c.id in decision.ticked
            el("span", RO.choice_label(c, self.t), parent=label)
        self.plays.hidden = False
        self._ticks_changed()

    def ticked(self) -> list[str]:
        return [str(b.value) for b in self.plays.querySelectorAll("input[type=checkbox]") if b.checked]

    def _ticks_changed(self) -> None:
        """No more than the most may be ticked (the others wait, disabled); none ticked: nothing to run."""
        if self._offer is None:
            return
        ticked = self.ticked()
        full = len(ticked) >= RO.MAX_TICKED
        for b in self.plays.querySelectorAll("input[type=checkbox]"):
            b.disabled = self._running or (full and not b.checked)
        problem = RO.tick_problem(self._offer, ticked)
        self.run_btn.disabled = self._running or problem is not None
        if problem:
            self.status.textContent = self.t(problem, n=RO.MAX_TICKED)
        elif not self._running and self.result is None:
            self.status.textContent = ""

    # -- running -------------------------------------------------------------------------------------------------
    def _settings(self) -> Optional[tuple[int, int, int]]:
        try:
            seed = int(str(self.seed.value).strip())
        except ValueError:
            seed = -1
        if not 0 <= seed <= 2 ** 53:
            self.status.textContent = self.t("rollout_bad_seed")
            self.seed.focus()
            return None
        return int(self.trials.value), int(self.truncate.value), seed

    def run(self) -> None:
        if self._running or self._offer is None:
            return
        problem = RO.tick_problem(self._offer, self.ticked())
        if problem:
            self.status.textContent = self.t(problem, n=RO.MAX_TICKED)
            return
        settings = self._settings()
        if settings is None:
            return
        request = RO.request(self._offer, self.ticked(), *settings)
        asyncio.ensure_future(self._start(request, self._offer))

    def cancel(self) -> None:
        if self._running:
            self._cancel = True

    async def _start(self, request: dict, offer) -> None:
        """Another panel's rollout stops first (the worker holds one at a time)."""
        others = [p for p in _PANELS if p is not self and p.running]
        for p in others:
            p.cancel()
        while any(p.running for p in others):
            await asyncio.sleep(0.02)
        if self._offer is offer and not self._running:
            await self._run(request, offer)

    def _busy(self, on: bool) -> None:
        self._running = on
        self.cancel_btn.hidden = not on
        self.progress.hidden = not on
        for b in self.plays.querySelectorAll("input[type=checkbox]"):
            b.disabled = on
        if on:
            self.run_btn.disabled = True
        else:
            self._ticks_changed()

    async def _run(self, request: dict, offer) -> None:
        self._cancel = False
        self._busy(True)
        self.progress.max = str(request["trials"])
        self.progress.value = "0"
        self.section.setAttribute("data-state", "running")
        self.section.removeAttribute("data-best")
        self._cells = None
        self.result = None
        self.status.textContent = self.t("rollout_started", seed=request["seed"])
        why = "rollout-" + (self.key or "hint")
        self.app.pause_clock(True, why)
        result = None
        try:
            result = await self.app.bots.rollout(request, lambda r: self._show(r, offer),
                                                 lambda: self._cancel or self._offer is not offer)
        except Exception as exc:  # noqa: BLE001 - a failure is reported, never a broken page
            self.status.textContent = self.t("rollout_failed", why=str(exc))
            self.section.setAttribute("data-state", "failed")
        finally:
            self.app.pause_clock(False, why)
            self._busy(False)
        if self._offer is not offer:
            return
        if result is None:
            if self.section.getAttribute("data-state") == "running":
                self.section.setAttribute("data-state", "cancelled")
                self.status.textContent = self.t("rollout_cancelled", done=self.result["trials"] if self.result else 0)
            return
        self.section.setAttribute("data-state", "done")
        self.section.setAttribute("data-best", result["best"])
        self.status.textContent = self.t("rollout_done", trials=result["trials"], seed=result["seed"],
                                         best=RO.best_name(result, self.t))

    def _show(self, result: dict, offer) -> None:
        if self._offer is not offer:
            return
        self.result = result
        self.progress.value = str(result["trials"])
        self.progress.setAttribute("aria-valuetext", self.t("rollout_running", done=result["trials"],
                                                            total=result["total"]))
        self.section.setAttribute("data-trials", str(result["trials"]))
        if result["trials"] % 36 == 0 and not result["finished"]:  # a sentence per round, not per trial
            self.status.textContent = self.t("rollout_running", done=result["trials"], total=result["total"])
        self._table(result)

    def _table(self, result: dict) -> None:
        """The table of candidates: built once per rollout, then only its cells' texts change (few calls into
        the page per update, so each stays a short task). On a narrow screen the interval shows under the equity
        instead of in a column of its own (``.ci-inline``, review.css)."""
        from .dom import el
        t = self.t
        keys = ("equity", "ci", "ci_inline", "win", "gammon", "lose_gammon")
        shown = RO.rows(result, t)
        if self._cells is None or [r["candidate"] for r in shown] != list(self._cells):
            self.table.innerHTML = ""
            head = el("tr", parent=self.table)
            for key in ("rollout_col_choice", "rollout_col_equity", "rollout_col_ci", "rollout_col_win",
                        "rollout_col_gammon", "rollout_col_lose_gammon"):
                th = el("th", t(key), parent=head, scope="col", cls="ci" if key == "rollout_col_ci" else "")
                if key == "rollout_col_equity":
                    el("span", " (" + t("rollout_col_ci") + ")", parent=th, cls="ci-inline")
            self._cells = {}
            for row in shown:
                tr = el("tr", parent=self.table, data_candidate=row["candidate"])
                el("th", row["name"], parent=tr, scope="row")
                eq = el("td", parent=tr)
                cells = {"equity": el("span", parent=eq), "ci_inline": el("span", parent=eq, cls="ci-inline")}
                cells["ci"] = el("td", parent=tr, cls="ci")
                for key in keys[3:]:
                    cells[key] = el("td", parent=tr)
                self._cells[row["candidate"]] = (tr, cells, {})
        for row in shown:
            tr, cells, last = self._cells[row["candidate"]]
            row = dict(row, ci_inline=" " + row["ci"])
            for key in keys:
                if last.get(key) != row[key]:
                    cells[key].textContent = last[key] = row[key]
            tr.setAttribute("data-equity", row["equity"])
            tr.setAttribute("data-ci", row["ci"])
            if last.get("best") != row["best"]:
                last["best"] = row["best"]
                tr.className = "rollout-best" if row["best"] else ""
        self.table.hidden = False
