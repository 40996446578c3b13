"""The History dialog (finished games: review, verify, download one, download all; open a match file for review)
and keeping finished games in it.

The list's data and text come from the pure ``ui.history``; this module only builds the DOM. The dialog is made
here (not in index.html) and opened by the top bar's History button (``#btn-history``).
"""
from __future__ import annotations

import json
import time

import game
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from . import dom
from . import history as Hi
from .dialogs import download
from .review_open import file_button

CORRUPT_KEY = "gamao.table.corrupt"


def _iso_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class HistoryView:
    """The History dialog of one page; ``remember(table, state)`` keeps a finished game."""

    def __init__(self, texts, store) -> None:
        self.t = texts
        self.store = store
        self.on_review = None   # set by the table page: opens the Review of a record
        self._proxies: list = []
        self.dlg = document.createElement("dialog")
        self.dlg.id = "dlg-history"
        self.dlg.className = "dialog history"
        self.dlg.setAttribute("aria-labelledby", "history-title")
        title = self._el("h2", texts("history_title"), id="history-title")
        self.list = self._el("ol", None, id="history-list", cls="history-list")
        self.empty = self._el("p", texts("history_empty"), id="history-empty")
        self.file_note = self._el("p", None, id="history-file-note", role="alert")
        self.file_note.hidden = True
        buttons = self._el("div", None, cls="dialog-buttons")
        self.file_btn = file_button(texts, "history-file", self._review_file, self._file_notice, buttons)
        self.corrupt_btn = self._button(texts("export_corrupt"), self.export_corrupt, "history-corrupt")
        self.export_btn = self._button(texts("history_export"), self.export_all, "history-export")
        close = self._button(texts("close"), lambda: self.dlg.close(), "history-close")
        for child in (self.corrupt_btn, self.export_btn, close):
            buttons.appendChild(child)
        for child in (title, self.list, self.empty, self.file_note, buttons):
            self.dlg.appendChild(child)
        document.body.appendChild(self.dlg)
        btn = document.getElementById("btn-history")
        if btn:
            btn.textContent = texts("history")
            btn.disabled = False
            self._on(btn, lambda: self.open())
        link = document.getElementById("link-verify")
        if link:
            link.textContent = texts("verify_game")
            link.setAttribute("href", Hi.verify_href(None, texts.lang) if self.store.get(Hi.LAST_KEY)
                              else f"verify.html?lang={texts.lang}")

    # -- DOM helpers ---------------------------------------------------------------------------------------------
    _el = staticmethod(dom.el)  # the page's one element helper (ui.dom)

    def _on(self, el, fn) -> None:
        proxy = create_proxy(lambda e: fn())
        self._proxies.append(proxy)
        el.addEventListener("click", proxy)

    def _button(self, text: str, fn, id: str = ""):
        btn = self._el("button", text, id=id)
        btn.type = "button"
        self._on(btn, fn)
        return btn

    def _file_notice(self, text: str) -> None:
        self.file_note.textContent = text
        self.file_note.hidden = False

    def _review_file(self, record: dict) -> None:
        self.dlg.close()
        if self.on_review is not None:
            self.on_review(record)

    # -- keeping and showing -------------------------------------------------------------------------------------
    def remember(self, table, state) -> None:
        """Keep a finished game's record (the last one for "Verify a game", and in the history); a practice
        position (set up from an ID) is not a game the verifier can check, so it is not kept."""
        if state.practice:
            return
        try:
            text = game.record_json(table.record())
        except Exception:
            return
        self.store.set(Hi.LAST_KEY, text)
        try:
            history = Hi.push(self.store.get(Hi.HISTORY_KEY), text, created=_iso_now())
        except game.GameError:
            history = None
        if history is not None:
            Hi.store_trimmed(history, lambda value: self.store.set(Hi.HISTORY_KEY, value))
        link = document.getElementById("link-verify")
        if link:
            link.setAttribute("href", Hi.verify_href(None, self.t.lang))

    def open(self) -> None:
        stored = self.store.get(Hi.HISTORY_KEY)
        rows = Hi.newest_first(stored)
        self.list.innerHTML = ""
        for n, record in rows:
            li = self._el("li", None, cls="history-row")
            li.setAttribute("data-history", str(n))
            li.appendChild(self._el("span", Hi.row_text(record, self.t, self._local_time), id=f"history-text-{n}",
                                    cls="history-text"))
            link = self._el("a", self.t("history_verify"))
            link.setAttribute("href", Hi.verify_href(n, self.t.lang))
            download_btn = self._button(self.t("history_download"), lambda rec=record, n=n: self._download_one(rec, n))
            row = [link, download_btn]
            if self.on_review is not None:
                review = self._button(self.t("review_open"), lambda rec=record: self.on_review(rec))
                review.setAttribute("data-review-entry", str(n))
                row.insert(0, review)
            for el in row:
                el.setAttribute("aria-describedby", f"history-text-{n}")  # which game, for screen readers
                li.appendChild(el)
            self.list.appendChild(li)
        self.empty.hidden = bool(rows)
        self.export_btn.hidden = not rows
        self.corrupt_btn.hidden = not self.store.get(CORRUPT_KEY)
        self.file_btn.hidden = self.on_review is None
        self.file_note.hidden = True
        if not self.dlg.open:
            self.dlg.showModal()

    def _local_time(self, iso: str) -> str:
        """The record's UTC date in this device's time zone and the page's language."""
        try:
            date = window.Date.new(iso)
            options = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=window.Object.fromEntries)
            return str(date.toLocaleString(self.t.html_lang, options))
        except Exception:
            return iso[:16].replace("T", " ")

    def _download_one(self, record: dict, n: int) -> None:
        download(f"gamao-game-{n}.json", json.dumps(record, indent=1, ensure_ascii=False) + "\n",
                 "application/json")

    def export_all(self) -> None:
        download("gamao-history.json", self.store.get(Hi.HISTORY_KEY) or game.history_to_json([]),
                 "application/json")

    def export_corrupt(self) -> None:
        text = self.store.get(CORRUPT_KEY)
        if text:
            download("gamao-unreadable-save.json", text, "application/json")

    def offer_corrupt(self) -> None:
        """After an unreadable save was put aside: tell the player in a small dialog (the notice says it too,
        below the board) and offer to download it."""
        if document.getElementById("dlg-corrupt") or not self.store.get(CORRUPT_KEY):
            return
        dlg = self._el("dialog", None, id="dlg-corrupt", cls="dialog")
        dlg.setAttribute("aria-labelledby", "corrupt-text")
        dlg.appendChild(self._el("p", self.t("corrupt_save"), id="corrupt-text"))
        buttons = self._el("div", None, cls="dialog-buttons")
        buttons.appendChild(self._button(self.t("export_corrupt"), self.export_corrupt, "btn-export-corrupt"))
        close = self._button(self.t("close"), lambda: dlg.close(), "corrupt-close")
        close.className = "primary"
        buttons.appendChild(close)
        dlg.appendChild(buttons)
        document.body.appendChild(dlg)
        dlg.showModal()
