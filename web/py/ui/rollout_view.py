"""Rollouts from the hint panel: *Roll out* the plays the bot suggested (or its cube advice), in the bot's worker.

A panel under the hint with the trials, the truncation and the seed, a progress bar with the trials done, and
per candidate its equity with the 95 % interval so far; *Cancel* stops it between two calls to the worker (each
runs one trial of every candidate), so the page stays responsive. The table's clock stands still meanwhile, as
behind the Review. The pure part (``request_for``, ``rows``) says what to ask and what to show.
"""
from __future__ import annotations

import asyncio
import random
from typing import Optional

import rules

TRIALS = (36, 108, 324, 648, 1296)
TRUNCATE = (11, 7, 3, 0)  # 0: to the end of the game
PLAYS = 2  # the suggested plays rolled out: the best two


def request_for(hint_request: dict, advice: dict, trials: int, truncate: int, seed: int) -> Optional[dict]:
    """``bot.rollout``'s arguments for the decision a hint advised on, or None when there is none to roll out
    (no play, or a cube question the rollout does not model: it plays money with a centred cube)."""
    cube = hint_request.get("cube") or rules.CubeInfo()
    money, centred = cube.is_money, cube.owner == "center"
    base = {"position_id": hint_request["position_id"], "trials": trials, "truncate": truncate, "seed": seed}
    if advice.get("kind") == "move":
        plays = [o["position_id"] for o in advice.get("top") or [] if o.get("play")][:PLAYS]
        if not plays:
            return None
        return dict(base, dice=list(hint_request["dice"]), candidates=plays, cubeful=money and centred)
    if not (money and centred):
        return None
    if advice.get("kind") == "double" and advice.get("equities"):
        return dict(base, dice=None, candidates=None, cubeful=True)
    if advice.get("kind") == "take":
        return dict(base, dice=None, candidates=["double_take", "double_pass"], cubeful=True)
    return None


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def rows(result: dict, t) -> list[dict]:
    """One row per candidate: its name in words, equity ± interval, chances, trials; the best marked."""
    out = []
    for c in result["candidates"]:
        name = c.get("play") if result["kind"] == "move" else t(f"hint_{c['candidate']}")
        ci = c["equity_ci"]
        out.append({"candidate": c["candidate"], "name": name or t("hint_no_move"),
                    "equity": f"{c['equity']:+.3f}", "ci": "…" if ci is None else f"± {ci:.3f}",
                    "win": _pct(c["win"]), "gammon": _pct(c["gammon_win"]), "lose_gammon": _pct(c["gammon_loss"]),
                    "trials": str(c["trials"]), "best": c["candidate"] == result["best"] and result["trials"] > 0})
    return out


class RolloutPanel:
    """The rollout section after the hint panel (created here: index.html is not touched)."""

    def __init__(self, texts, app) -> None:
        from pyscript import document
        from .dom import el, on
        self.t, self.app = texts, app
        sec = self.section = el("section", cls="rollout-panel", id="rollout", aria_labelledby="rollout-title")
        sec.hidden = True
        document.getElementById("hint").insertAdjacentElement("afterend", sec)
        el("h2", texts("rollout_title"), parent=sec, id="rollout-title")
        form = el("div", cls="rollout-settings", parent=sec)
        self.trials = self._select(form, "rollout-trials", texts("rollout_trials"),
                                   [(str(n), str(n)) for n in TRIALS], "324")
        self.truncate = self._select(form, "rollout-truncate", texts("rollout_truncate"),
                                     [(str(n), texts("rollout_plies", n=n) if n else texts("rollout_to_end"))
                                      for n in TRUNCATE], "11")
        label = el("label", texts("seed") + " ", parent=form)
        self.seed = el("input", parent=label, id="rollout-seed", type="number", min="0", step="1",
                       inputmode="numeric")
        self.seed.value = str(random.randrange(1, 1_000_000))
        buttons = el("div", cls="rollout-buttons", parent=sec)
        self.run_btn = el("button", texts("rollout_run"), parent=buttons, id="btn-rollout", type="button")
        self.cancel_btn = el("button", texts("rollout_cancel"), parent=buttons, id="btn-rollout-cancel",
                             type="button")
        self.cancel_btn.hidden = True
        self.progress = el("progress", parent=sec, id="rollout-progress", aria_label=texts("rollout_progress"))
        self.progress.hidden = True
        self.status = el("p", parent=sec, id="rollout-status", aria_live="polite")
        self.table = el("table", cls="rollout-table", parent=sec, id="rollout-table")
        self.table.hidden = True
        on(self.run_btn, "click", lambda e: self.run())
        on(self.cancel_btn, "click", lambda e: self.cancel())
        self._offer: Optional[tuple] = None  # (hint request, advice)
        self._running = False
        self._cancel = False
        self.result: Optional[dict] = None
        self._cells: Optional[dict] = None  # candidate -> (row, cells by column, texts shown)

    @staticmethod
    def _select(parent, el_id: str, text: str, options: list[tuple[str, str]], value: str):
        from .dom import el
        label = el("label", text + " ", parent=parent)
        sel = el("select", parent=label, id=el_id)
        for v, shown in options:
            el("option", shown, parent=sel, value=v)
        sel.value = value
        return sel

    # -- what the hint panel says -------------------------------------------------------------------------------
    def offer(self, hint_request: dict, advice: dict) -> None:
        """The hint panel shows advice: offer to roll its decision out (when there is one to roll out)."""
        self.withdraw()
        if request_for(hint_request, advice, 1, 1, 0) is None:
            return
        self._offer = (hint_request, advice)
        self.section.hidden = False
        self.run_btn.disabled = False

    def withdraw(self) -> None:
        """The advice went away (the game moved on): the rollout goes with it."""
        self.cancel()
        self._offer = None
        self.result = None
        self.section.hidden = True
        self.table.hidden = True
        self.table.innerHTML = ""
        self._cells = None
        self.status.textContent = ""
        for name in ("data-best", "data-state", "data-trials"):
            self.section.removeAttribute(name)

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
        settings = self._settings()
        if settings is None:
            return
        request = request_for(*self._offer, *settings)
        if request is not None:
            asyncio.ensure_future(self._run(request, self._offer))

    def cancel(self) -> None:
        if self._running:
            self._cancel = True

    async def _run(self, request: dict, offer) -> None:
        self._running, self._cancel = True, False
        self.run_btn.disabled = True
        self.cancel_btn.hidden = False
        self.progress.hidden = False
        self.progress.max = str(request["trials"])
        self.progress.value = "0"
        self.section.setAttribute("data-state", "running")
        self.section.removeAttribute("data-best")
        self._cells = None
        self.status.textContent = self.t("rollout_started", seed=request["seed"])
        self.app.pause_clock(True)
        result = None
        try:
            result = await self.app.bots.rollout(request, lambda r: self._show(r, offer),
                                                 lambda: self._cancel or self._offer is not offer)
        except Exception as exc:  # noqa: BLE001 - a failure is reported, never a broken page
            self.status.textContent = self.t("rollout_failed", why=str(exc))
            self.section.setAttribute("data-state", "failed")
        finally:
            self.app.pause_clock(False)
            self._running = False
            self.run_btn.disabled = False
            self.cancel_btn.hidden = True
            self.progress.hidden = True
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
                                         best=rows(result, self.t)[[c["candidate"] for c in result["candidates"]]
                                                                   .index(result["best"])]["name"])

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
        the page per update, so each stays a short task)."""
        from .dom import el
        t = self.t
        keys = ("equity", "ci", "win", "gammon", "lose_gammon")
        shown = rows(result, t)
        if self._cells is None or [r["candidate"] for r in shown] != list(self._cells):
            self.table.innerHTML = ""
            head = el("tr", parent=self.table)
            for key in ("rollout_col_choice", "rollout_col_equity", "rollout_col_ci", "rollout_col_win",
                        "rollout_col_gammon", "rollout_col_lose_gammon"):
                el("th", t(key), parent=head, scope="col")
            self._cells = {}
            for row in shown:
                tr = el("tr", parent=self.table, data_candidate=row["candidate"])
                el("th", row["name"], parent=tr, scope="row")
                self._cells[row["candidate"]] = (tr, {key: el("td", parent=tr) for key in keys}, {})
        for row in shown:
            tr, cells, last = self._cells[row["candidate"]]
            for key in keys:
                if last.get(key) != row[key]:
                    cells[key].textContent = last[key] = row[key]
            tr.setAttribute("data-equity", row["equity"])
            tr.setAttribute("data-ci", row["ci"])
            if last.get("best") != row["best"]:
                last["best"] = row["best"]
                tr.className = "rollout-best" if row["best"] else ""
        self.table.hidden = False
