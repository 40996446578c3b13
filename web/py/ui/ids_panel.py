"""The position IDs under the table (``#ids``): the GNUbg ID and XGID of the position shown, each with a Copy
button, and a field to set a position up from a pasted GNUbg ID or XGID (a practice position with the table's
options)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import game
from pyscript import document, window
from pyscript.ffi import create_proxy

from .dom import on
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort


class IdsPanel:
    """``update(state)`` shows the IDs of ``state``; the buttons copy them and set a pasted one up on ``app``
    (``app.attach``, ``app.notice``); ``now()`` is the table's time."""

    def __init__(self, texts, app: TablePort, now: Callable[[], float]) -> None:
        self.t = texts
        self.app = app
        self.now = now
        self._el = {el_id: document.getElementById(el_id) for el_id in (
            "gnubg-id", "xgid", "paste-id", "ids-title", "gnubg-label", "paste-label", "copy-gnubg", "copy-xgid",
            "setup-id")}
        for el_id, key in (("ids-title", "ids_title"), ("gnubg-label", "gnubg_id"), ("paste-label", "paste_id"),
                           ("copy-gnubg", "copy"), ("copy-xgid", "copy"), ("setup-id", "set_up")):
            self._el[el_id].textContent = texts(key)
        on(self._el["copy-gnubg"], "click", lambda e: self.copy("gnubg-id"))
        on(self._el["copy-xgid"], "click", lambda e: self.copy("xgid"))
        on(self._el["setup-id"], "click", lambda e: self.set_up())

    def update(self, state) -> None:
        for el_id, fn in (("gnubg-id", state.gnubg_id), ("xgid", state.xgid)):
            try:
                text = fn()
            except Exception:  # a finished game may have no ID to show
                text = ""
            self._el[el_id].textContent = text

    def copy(self, el_id: str) -> None:
        text = str(self._el[el_id].textContent)
        app = self.app
        try:
            window.navigator.clipboard.writeText(text).then(
                _once(lambda e: app.notice(self.t("copied"))), _once(lambda e: app.notice(self.t("copy_failed"))))
        except Exception:
            app.notice(self.t("copy_failed"))

    def set_up(self) -> None:
        text = str(self._el["paste-id"].value).strip()
        app = self.app
        options = app.table.options if app.table is not None else app.options_for()
        try:
            table = game.table_from_id(text, options, now=self.now())
        except game.GameError:
            app.notice(self.t("bad_id"))
            return
        app.attach(table)
        app.notice(self.t("set_up_done"))


_KEPT: list = []  # the clipboard's answers' proxies live as long as the page


def _once(fn):
    proxy = create_proxy(fn)
    _KEPT.append(proxy)
    return proxy
