"""The turn clock stands still while one of the page's own dialogs is open over a game at this device (New game,
History, Keys, Settings, Review): the person is reading or choosing, not playing. The confirmation of a pass, the
game-over dialog and Play a friend are not among them (a pass is an answer the clock may press for, and a peer
game keeps its clock: ``App.pause_clock`` ignores a game with a remote seat).

It watches the ``open`` attribute of those dialogs (some are made later, so the whole body is watched) and tells
the page (``TablePort.pause_clock(paused, "dialog")``); the time held is kept by the page's ``ui.table_clock``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript.ffi import create_proxy, to_js

if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

PAUSING = ("dlg-new", "dlg-history", "dlg-keys", "dlg-settings", "dlg-review")


def any_open(document) -> bool:
    """Whether one of the pausing dialogs is open."""
    for el_id in PAUSING:
        el = document.getElementById(el_id)
        if el and el.open:  # (a missing element is JS null, falsy)
            return True
    return False


def install(document, window, app: TablePort) -> tuple:
    """Watch the dialogs for ``app``; the watcher and its callback, which the caller keeps for the page's life."""
    def changed(records, observer) -> None:
        app.pause_clock(any_open(document), "dialog")

    proxy = create_proxy(changed)
    observer = window.MutationObserver.new(proxy)
    observer.observe(document.body, to_js({"attributes": True, "attributeFilter": ["open"], "subtree": True},
                                          dict_converter=window.Object.fromEntries))
    return proxy, observer
