"""Play a friend in a browser without WebRTC (switched off in Firefox, Tor Browser, Safari's Lockdown Mode, a
WebKitGTK built without it): the table works as everywhere else, only Play a friend is missing.

main.py asks :func:`webrtc_missing` before it imports ``ui.peer_game`` (whose ``ui.webrtc`` needs
``RTCPeerConnection`` at import time); when it is missing it calls :func:`install` instead, which

* puts a line saying so where the "Play a friend" button would be (``#peer-unavailable``), and
* when the page was opened from an invite link (``#join=...``), or one is opened in it later, opens a dialog
  (``#dlg-peer-off``) telling the guest why it cannot join and what to do (open the link in another browser).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document, window

from .dom import el, on
from .invite_link import on_invite
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

__all__ = ["webrtc_missing", "install"]


def webrtc_missing(win=window) -> bool:
    """True when this browser cannot make a peer connection (no ``RTCPeerConnection`` constructor)."""
    return getattr(win, "RTCPeerConnection", None) is None


def _explain_to_guest(t) -> None:
    # A second invite link while this is still said: nothing more to say (a missing element is JS null, a falsy
    # jsnull, not None).
    if document.getElementById("dlg-peer-off"):
        return
    dlg = el("dialog", id="dlg-peer-off", cls="dialog peer-dialog", aria_labelledby="peer-off-title",
             aria_describedby="peer-off-why")
    el("h2", t("peer_play_friend"), parent=dlg, id="peer-off-title")
    el("p", t("peer_no_webrtc_guest"), parent=dlg, id="peer-off-why")
    buttons = el("div", cls="dialog-buttons", parent=dlg)
    close = el("button", t("close"), cls="primary", parent=buttons, type="button")
    on(close, "click", lambda e: (dlg.close(), dlg.remove()))
    document.body.appendChild(dlg)
    dlg.showModal()


def install(app: TablePort) -> None:
    """The line instead of the "Play a friend" button, and the guest's explanation when opened from an invite."""
    line = el("span", app.t("peer_no_webrtc"), id="peer-unavailable", cls="peer-off", role="note")
    new = document.getElementById("btn-new")
    if new:  # (a missing element is JS null, a falsy jsnull, not None)
        new.parentNode.insertBefore(line, new)
    else:
        document.body.appendChild(line)
    document.documentElement.setAttribute("data-peer", "unavailable")
    on_invite(lambda _code: _explain_to_guest(app.t))  # the invite cannot be used here
