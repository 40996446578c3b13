"""Analyse a position: a view filling the page where a GNUbg ID or an XGID (pasted, the table's current position,
or ``index.html?analyse=<ID>``) is shown on the table's board and analysed by the bot in its worker: with dice
the plays ranked (``[data-candidate]``, each drawn as arrows when chosen), without dice the cube action
(``[data-cube-action]``) and the best play of each of the 21 rolls (choose one to see its plays).
*Roll out* (``ui.rollout_view``) settles the decision shown: the ticked plays, or the cube decision.
The rows come from the pure ``ui.position``."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Optional

from pyscript import document, window

from . import dom
from . import hints
from . import position as P
from . import rollout as RO
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort
from .review_board import StudyBoard
from .rollout_view import RolloutPanel


class PositionView:
    def __init__(self, texts, app: TablePort) -> None:
        self.t, self.app = texts, app
        self.dlg = None
        self.setup: Optional[P.Setup] = None
        self.rows: list = []
        self._asked = 0

    def _button(self, text: str, id: str, fn, parent, cls: str = ""):
        b = dom.el("button", text, id=id, cls=cls, parent=parent, type="button")
        dom.on(b, "click", lambda e: fn())
        return b

    def _build(self) -> None:
        t = self.t
        dlg = dom.el("dialog", id="dlg-position", cls="review-page position-page", aria_labelledby="position-title",
                     data_position_view="")
        head = dom.el("header", cls="review-head", parent=dlg)
        dom.el("h2", t("pos_title"), id="position-title", parent=head)
        self._button(t("review_close"), "position-close", self.close, head)
        form = dom.el("div", cls="position-form", parent=dlg)
        lab = dom.el("label", None, parent=form, for_="position-text")
        lab.textContent = t("pos_field")
        self.field = dom.el("input", id="position-text", parent=form, type="text", autocomplete="off",
                            spellcheck="false")
        lab2 = dom.el("label", None, parent=form, for_="position-dice")
        lab2.textContent = t("pos_dice")
        self.dice = dom.el("input", id="position-dice", parent=form, type="text", autocomplete="off",
                           inputmode="numeric", size="4")
        lab3 = dom.el("label", t("review_depth") + " ", parent=form)
        self.depth = dom.el("select", id="position-depth", parent=lab3)
        for value in ("quick", "deep"):
            dom.el("option", t("review_" + value), parent=self.depth, value=value)
        self._button(t("review_analyse"), "position-analyse", self.analyse, form, "primary")
        self._button(t("pos_from_table"), "position-from-table", self.from_table, form)
        for el in (self.field, self.dice):
            dom.on(el, "keydown", self._enter)
        share = dom.el("p", cls="position-share", parent=form, hidden="")
        self.link = dom.el("a", t("pos_link"), id="position-link", parent=share)
        self._button(t("pos_copy"), "position-copy", lambda: asyncio.ensure_future(self._copy()), share, "small")
        main = dom.el("div", cls="review-main", parent=dlg)
        left = dom.el("section", cls="review-left", parent=main, aria_label=t("pos_board"))
        self.board = StudyBoard(t, left, t("pos_board"), "position-board")
        self.status = dom.el("p", id="position-status", cls="review-step", parent=left, role="status",
                             aria_live="polite")
        side = dom.el("section", cls="review-side", parent=main, aria_labelledby="position-result-title")
        dom.el("h3", t("pos_result"), id="position-result-title", parent=side)
        self.result = dom.el("div", id="position-result", parent=side)
        dom.on(self.result, "click", self._result_click)
        self.rollout = RolloutPanel(t, self.app, side.appendChild, "position", "h3")  # *Roll out* what is shown
        dom.on(dlg, "close", lambda e: self._closed())
        document.body.appendChild(dlg)
        self.dlg = dlg

    def install(self) -> None:
        """The way in from the table: a button among the top bar's actions, before Settings (on a phone, in the
        Menu); it opens the view on the table's position."""
        settings = document.getElementById("btn-settings")
        if not settings:
            return
        button = dom.el("button", self.t("pos_open"), cls="ghost", id="btn-analyse-position", type="button")
        dom.on(button, "click", lambda e: self.from_table_open())
        settings.insertAdjacentElement("beforebegin", button)

    def from_table_open(self) -> None:
        self.open()
        self.from_table()

    # -- opening -------------------------------------------------------------------------------------------------
    def open(self, text: str = "", run: bool = False) -> None:
        if self.dlg is None:
            self._build()
        for other in document.querySelectorAll("dialog[open]"):
            if other is not self.dlg:
                other.close()
        if text:
            self.field.value = text
        if not self.dlg.open:
            self.dlg.showModal()
        self.app.pause_clock(True, "position")
        if run:
            self.analyse()
        else:
            self.field.focus()

    def close(self) -> None:
        if self.dlg is not None and self.dlg.open:
            self.dlg.close()
        self._closed()

    def _closed(self) -> None:
        if self.dlg is not None:
            self.rollout.withdraw()
        self.app.pause_clock(False, "position")

    def from_table(self) -> None:
        state = self.app.state
        if state is not None and hints.remote(state, self.app.saves_locally):
            self.status.textContent = self.t("pos_no_peer")  # no hints in a game with a friend: not this way either
            return
        try:
            text = state.xgid() if state is not None else ""
        except Exception:  # a finished game has no position to analyse
            text = ""
        if not text:
            self.status.textContent = self.t("pos_no_table")
            return
        self.field.value = text
        self.dice.value = ""
        self.analyse()

    async def _copy(self) -> None:
        """The link to the position shown, whole, onto the clipboard (to share it); where the browser refuses,
        the status says to copy the link itself."""
        url = str(window.URL.new(self.link.getAttribute("href"), window.location.href).href)
        try:
            await window.navigator.clipboard.writeText(url)
        except Exception:  # noqa: BLE001 - no clipboard here (an insecure page, a refusal)
            self.status.textContent = self.t("pos_copy_failed")
            return
        self.status.textContent = self.t("pos_copied")

    def _enter(self, event) -> None:
        if str(event.key) == "Enter":
            event.preventDefault()
            self.analyse()

    # -- analysing -----------------------------------------------------------------------------------------------
    def analyse(self) -> None:
        try:
            setup = P.read(str(self.field.value), str(self.dice.value))
        except P.PositionError as exc:
            self.status.textContent = self.t("pos_bad", why=str(exc))
            self.field.setAttribute("aria-invalid", "true")
            return
        self.field.removeAttribute("aria-invalid")
        self.setup = setup
        self.link.setAttribute("href", P.link(setup))
        self.link.parentElement.hidden = False
        self.board.show(setup.counts, setup.dice, "bottom", setup.cube, self.t("review_cube", cube=setup.cube.value))
        self.board.arrows([])
        self.result.innerHTML = ""
        self.rollout.withdraw()
        self._asked += 1
        asyncio.ensure_future(self._run(self._asked, setup, str(self.depth.value)))

    async def _run(self, asked: int, setup: P.Setup, level: str) -> None:
        self.status.textContent = self.t("pos_thinking")
        self.dlg.setAttribute("data-running", level)
        try:
            await self.app.wait_for_bot()
            ask = getattr(self.app.bots, "analyse_position", None)
            if ask is not None:
                result = await ask(P.request(setup, level))
            else:  # a bot without the position analysis: its hints (the top plays, or double or not)
                kind = "move" if setup.dice else ("take" if setup.double_offered else "double")
                result = await self.app.bots.hint({"kind": kind, "position_id": setup.position_id,
                                                   "dice": list(setup.dice) if setup.dice else None, "cube": None})
        except Exception as exc:  # noqa: BLE001 - a failure is said, never a broken page
            result = {"error": str(exc)}
        if asked != self._asked:
            return                       # another position was asked meanwhile
        self.dlg.removeAttribute("data-running")
        if "error" in result:
            self.status.textContent = self.t("pos_bad", why=result["error"])
            return
        await asyncio.sleep(0)
        self._show(setup, result)
        if result.get("kind") != "move" or self.rows:
            self.rollout.offer(RO.from_setup(setup, self.rows if result.get("kind") == "move" else None))
        self.status.textContent = self.t("pos_done", level=self.t("review_" + level))
        self.dlg.setAttribute("data-analysed", level)

    def _show(self, setup: P.Setup, result: dict) -> None:
        t = self.t
        self.result.innerHTML = ""
        if result.get("kind") == "move":
            self.rows = P.candidate_rows(result, t)
            if not self.rows:
                dom.el("p", t("hint_no_move"), parent=self.result)
                return
            ol = dom.el("ol", cls="candidates", parent=self.result, aria_label=t("pos_plays"))
            for r in self.rows:
                li = dom.el("li", None, parent=ol)
                b = dom.el("button", None, parent=li, type="button", cls="candidate", data_candidate="",
                           data_play=r["play"], data_equity=f"{r['equity']:.4f}", data_rank=str(r["rank"]),
                           aria_pressed="true" if r["rank"] == 1 else "false")
                dom.el("span", f"{r['rank']}. ", cls="sr-only", parent=b)  # its name: the rank, then what it shows
                dom.el("span", r["play"] or t("hint_no_move"), cls="what", parent=b)
                dom.el("span", f"{r['equity']:+.3f}", cls="eq", parent=b)
                if r["rank"] > 1:
                    dom.el("span", f"({-r['loss']:+.3f})", cls="loss", parent=b)
                if r["text"]:
                    dom.el("span", r["text"], cls="chances", parent=b)
            self._arrows(self.rows[0]["play"])
            return
        box = dom.el("div", cls="cube-action", parent=self.result, data_cube_action="")
        for k, (text, key) in enumerate(P.cube_words(result, t)):
            dom.el("p" if k == 0 else "span", text, parent=box, cls="best" if k == 0 else "eq", data_value=key)
        chances = P.chances_text(result.get("chances") or {}, t)
        if chances:
            dom.el("p", chances, parent=self.result, cls="chances")
        rolls = P.roll_rows(result, t)
        if rolls:
            table = dom.el("table", cls="review-stats rolls", parent=self.result, id="position-rolls")
            dom.el("caption", t("pos_rolls"), parent=table)
            head = dom.el("tr", parent=dom.el("thead", parent=table))
            for k in ("pos_roll", "pos_best_play", "rollout_col_equity"):
                dom.el("th", t(k), parent=head, scope="col")
            body = dom.el("tbody", parent=table)
            for roll, play, eq in rolls:
                tr = dom.el("tr", parent=body, data_roll=roll)
                cell = dom.el("th", None, parent=tr, scope="row")
                dom.el("button", roll, parent=cell, type="button", cls="small", data_roll=roll,
                       aria_label=t("pos_roll_button", roll=roll))
                dom.el("td", play, parent=tr)
                dom.el("td", eq, parent=tr)

    def _arrows(self, play: str) -> None:
        if self.setup is not None:
            self.board.arrows([("best", P.play_steps(self.setup, play))])

    def _result_click(self, event) -> None:
        node = event.target
        if not node or not hasattr(node, "closest"):
            return
        cand = node.closest("[data-candidate]")
        if cand:
            for b in self.result.querySelectorAll("[data-candidate]"):
                b.setAttribute("aria-pressed", "false")
            cand.setAttribute("aria-pressed", "true")
            self._arrows(str(cand.getAttribute("data-play")))
            return
        roll = node.closest("button[data-roll]")
        if roll:
            self.dice.value = str(roll.getAttribute("data-roll"))
            self.analyse()
