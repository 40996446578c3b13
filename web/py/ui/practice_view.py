"""Practice: the player's own errors from analysed games, one position at a time, answered at the table.

*Practice* (in the Menu) opens a panel under the controls. The position due first (``game.practice``) is set up
on the table with the person at the bottom, two people seated and no clock: they play the roll with the
checkers (click, drag or keyboard, as in a game) and press Done, or choose the cube action with the table's own
Double / Roll / Take / Pass. The panel then says whether that was right and shows the equities of the best
plays and of theirs; the item is rescheduled (right: later; wrong: sooner) and *Next position* goes on. The
list lives in ``localStorage["gamao.practice"]``: players opt in by name, and each analysis finished in the
Review adds their bad and very bad decisions (``collected``). Export and import as JSON; a bad file changes
nothing and says why.
"""
from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Optional

import game
import rules
from game import practice as P

if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

STORE_KEY = "gamao.practice"


def feedback_lines(item: dict, verdict: dict, options: list[dict], t) -> list[tuple[str, str]]:
    """What the panel lists after an answer: (text, data value). ``options``: every play of the roll with its
    0-ply equity (``bot.analysis.move_options``), for the reply's notation and value when the analysis did not
    list it."""
    if item["kind"] == "move":
        out = [(t("hint_play", play=o["play"] or t("hint_no_move"), e=f"{o['equity']:+.3f}"), o["position_id"])
               for o in item.get("top", [])]
        shown = {o["position_id"] for o in item.get("top", [])}
        reply = verdict["reply"]
        mine = next((o for o in item.get("top", []) if o["position_id"] == reply), None) or \
            next((o for o in options if o["position_id"] == reply), None)
        name = mine["play"] if mine else "?"
        if reply not in shown and mine is not None:
            out.append((t("practice_yours", play=name or t("hint_no_move"), e=f"{mine['equity']:+.3f}"), reply))
        else:
            out.append((t("practice_yours_listed", play=name or t("hint_no_move")), reply))
        return out
    eq = item.get("equities") or {}
    out = [(t("hint_best", action=t(f"hint_{item['best']}")), item["best"])]
    for key in ("no_double", "double_take", "double_pass", "take", "pass"):
        if key in eq:
            out.append((t("hint_equity", action=t(f"hint_{key}"), e=f"{eq[key]:+.3f}"), key))
    out.append((t("practice_you_chose", action=t(f"hint_{verdict['reply']}")), verdict["reply"]))
    return out


def reply_of(item: dict, state) -> Optional[str]:
    """The person's answer to ``item`` once the table's state shows it, else None."""
    kind = item["kind"]
    if kind == "move":
        if state.turn == 1 or state.phase in (game.GAME_OVER, game.MATCH_OVER):
            return rules.Position(state.board[0], state.board[1]).to_id()
        return None
    if kind == "double":
        if state.phase == game.TAKE:
            return "double"
        if state.phase == game.MOVING:
            return "no_double"
        return None
    if state.phase in (game.GAME_OVER, game.MATCH_OVER):
        return "pass"
    if state.phase != game.TAKE:
        return "take"
    return None


class PracticeView:
    """The Practice panel of the table page. ``app``: the page (``ui.port.TablePort``: ``store``, ``table``,
    ``options_for``, ``attach``); ``over_dialog()``: the game-over dialog (a pass ends a practice game without it)."""

    def __init__(self, texts, app: TablePort, over_dialog) -> None:
        from pyscript import document
        from .dom import el, on
        self.t, self.app, self.over_dialog = texts, app, over_dialog
        self.open_btn = el("button", texts("practice"), cls="ghost", id="btn-practice", type="button")
        document.getElementById("btn-history").insertAdjacentElement("afterend", self.open_btn)
        sec = self.panel = el("section", cls="practice-panel", id="practice", aria_labelledby="practice-title")
        sec.hidden = True
        document.getElementById("controls").insertAdjacentElement("afterend", sec)
        el("h2", texts("practice_title"), parent=sec, id="practice-title")
        self.count = el("p", parent=sec, id="practice-count")
        self.question = el("p", parent=sec, id="practice-question", aria_live="polite")
        self.list = el("ol", parent=sec, id="practice-feedback")
        row = el("div", cls="practice-buttons", parent=sec)
        self.next_btn = el("button", texts("practice_next"), parent=row, id="btn-practice-next", type="button")
        self.close_btn = el("button", texts("practice_close"), parent=row, id="btn-practice-close", type="button")
        more = el("details", parent=sec, id="practice-settings")
        el("summary", texts("practice_settings"), parent=more)
        label = el("label", texts("practice_name") + " ", parent=more)
        self.name = el("input", parent=label, id="practice-name", type="text", autocomplete="nickname")
        self.optin_btn = el("button", texts("practice_opt_in"), parent=more, id="btn-practice-optin", type="button")
        self.players = el("p", parent=more, id="practice-players")
        io = el("div", cls="practice-buttons", parent=more)
        self.export_btn = el("button", texts("practice_export"), parent=io, id="btn-practice-export", type="button")
        label = el("label", texts("practice_import") + " ", parent=io)
        self.file = el("input", parent=label, id="practice-import", type="file", accept="application/json,.json")
        self.msg = el("p", parent=more, id="practice-msg", aria_live="polite")
        on(self.open_btn, "click", lambda e: self.open())
        on(self.next_btn, "click", lambda e: self.next())
        on(self.close_btn, "click", lambda e: self.close())
        on(self.optin_btn, "click", lambda e: self.opt_in())
        on(self.export_btn, "click", lambda e: self.export())
        on(self.file, "change", lambda e: self._import_file())
        self._item: Optional[dict] = None
        self._table = None

    # -- the list ------------------------------------------------------------------------------------------------
    def deck(self) -> dict:
        text = self.app.store.get(STORE_KEY)
        if text:
            try:
                return P.from_json(text)
            except P.PracticeError:
                self.app.store.set(STORE_KEY + ".corrupt", text)
        return P.new_deck()

    def _save(self, deck: dict) -> None:
        self.app.store.set(STORE_KEY, json.dumps(deck, ensure_ascii=False))

    def collected(self, record: dict, key: str, analysis: dict) -> None:
        """An analysis finished (the Review): the opted-in players' errors join the list."""
        deck = self.deck()
        if deck["players"]:
            self._save(P.collect(deck, record, analysis, key, time.time()))
            self._counts()

    def _counts(self) -> None:
        deck = self.deck()
        now = time.time()
        self.count.textContent = self.t("practice_count", due=len(P.due(deck, now)), total=len(deck["items"]))
        self.panel.setAttribute("data-due", str(len(P.due(deck, now))))
        self.panel.setAttribute("data-total", str(len(deck["items"])))
        self.players.textContent = self.t("practice_players", names=", ".join(deck["players"])) \
            if deck["players"] else self.t("practice_no_players")

    def opt_in(self) -> None:
        name = str(self.name.value).strip()
        if not name:
            self.msg.textContent = self.t("practice_need_name")
            self.name.focus()
            return
        self._save(P.opt_in(self.deck(), name))
        self.msg.textContent = self.t("practice_opted_in", name=name)
        self._counts()

    def export(self) -> None:
        from .dialogs import download
        download("gamao-practice.json", P.to_json(self.deck()), "application/json")

    def _import_file(self) -> None:
        import asyncio
        files = self.file.files
        if files.length:
            asyncio.ensure_future(self._import(files.item(0)))

    async def _import(self, blob) -> None:
        text = str(await blob.text())
        self.file.value = ""
        try:
            other = P.from_json(text)
        except P.PracticeError as exc:
            self.msg.textContent = self.t("practice_bad_import", why=str(exc))
            self.panel.setAttribute("data-import", "refused")
            return
        deck = P.merge(self.deck(), other)
        self._save(deck)
        self.msg.textContent = self.t("practice_imported", n=len(other["items"]))
        self.panel.setAttribute("data-import", "ok")
        self._counts()

    # -- practising ----------------------------------------------------------------------------------------------
    def open(self) -> None:
        from pyscript import document
        menu = document.getElementById("menu")
        if menu is not None and hasattr(menu, "hidePopover"):
            try:
                menu.hidePopover()
            except Exception:  # noqa: BLE001 - a closed popover
                pass
        self.panel.hidden = False
        self.next()
        self.next_btn.focus()

    def close(self) -> None:
        self.panel.hidden = True
        self._item = None
        self.open_btn.focus()

    def next(self) -> None:
        self._counts()
        self.list.innerHTML = ""
        self.panel.removeAttribute("data-verdict")
        item = P.next_item(self.deck(), time.time())
        self._item = item
        if item is None:
            self.panel.removeAttribute("data-item")
            self.question.textContent = self.t("practice_none_due")
            return
        options = self.app.options_for("human").replace(clock=0, auto_roll=False, auto_play=False)
        try:
            table = game.table_from_id(item["gnubg_id"], options, now=time.time())
        except game.GameError as exc:  # an imported item the table cannot set up: said, and dropped
            deck = self.deck()
            self._save(dict(deck, items=[it for it in deck["items"] if it["id"] != item["id"]]))
            self._item = None
            self.question.textContent = self.t("bad_id") + f" ({exc})"
            return
        self._table = table
        self.panel.setAttribute("data-item", item["id"])
        self.panel.setAttribute("data-kind", item["kind"])
        if item["kind"] == "move":
            d = item["dice"]
            self.question.textContent = self.t("practice_move", dice=f"{d[0]}-{d[1]}")
        else:
            self.question.textContent = self.t(f"practice_{item['kind']}")
        self.app.attach(table)

    def update(self, state) -> None:
        """Each state the table shows: the person's answer, once given."""
        if self._item is None or self.app.table is not self._table or state is None:
            return
        reply = reply_of(self._item, state)
        if reply is None:
            return
        item, self._item = self._item, None
        options: list[dict] = []
        equities = None
        if item["kind"] == "move":
            from bot import analysis
            pos = rules.Position.from_id(item["position_id"])
            options = analysis.move_options(pos, tuple(item["dice"]), "quick")
            equities = {o["position_id"]: o["equity"] for o in options}
        try:
            deck, verdict = P.answer(self.deck(), item["id"], reply, time.time(), equities)
        except P.PracticeError as exc:
            self.question.textContent = str(exc)
            return
        self._save(deck)
        if reply == "pass":
            over = self.over_dialog()  # a pass ends the practice game: no game-over dialog for it
            if over.open:
                over.close()
        self.panel.setAttribute("data-verdict", "right" if verdict["right"] else "wrong")
        self.question.textContent = self.t("practice_right" if verdict["right"] else "practice_wrong")
        from .dom import el
        self.list.innerHTML = ""
        for text, value in feedback_lines(item, verdict, options, self.t):
            el("li", text, parent=self.list, data_value=value)
        self._counts()
        self.next_btn.focus()
