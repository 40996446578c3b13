"""Play a friend in a browser without WebRTC (switched off in Firefox, Tor Browser, Safari's Lockdown Mode, a
WebKitGTK built without it): the table works as everywhere else, only Play a friend is missing.

main.py asks :func:`webrtc_missing` before it imports ``net.peer_view`` (whose ``net.webrtc`` needs
``RTCPeerConnection`` at import time); when it is missing it calls :func:`install` instead, which

* puts a line saying so where the "Play a friend" button would be (``#peer-unavailable``), and
* when the page was opened from an invite link (``#join=...``), opens a dialog (``#dlg-peer-off``) telling the
  guest why it cannot join and what to do (open the link in another browser).
"""
from __future__ import annotations

from pyscript import document, window
from pyscript.ffi import create_proxy

from . import peer_texts

__all__ = ["webrtc_missing", "install"]

_PROXIES: list = []


def webrtc_missing(win=window) -> bool:
    """True when this browser cannot make a peer connection (no ``RTCPeerConnection`` constructor)."""
    return getattr(win, "RTCPeerConnection", None) is None


def _t(key: str) -> str:
    lang = str(document.documentElement.getAttribute("lang") or "en").lower()
    return peer_texts.text("pt" if lang.startswith("pt") else "en", key)


def _el(tag: str, text: str = "", **attrs):
    node = document.createElement(tag)
    if text:
        node.textContent = text
    for k, v in attrs.items():
        node.setAttribute(k.rstrip("_").replace("_", "-"), str(v))
    return node


def _explain_to_guest() -> None:
    dlg = _el("dialog", id="dlg-peer-off", class_="dialog peer-dialog", aria_labelledby="peer-off-title",
              aria_describedby="peer-off-why")
    dlg.appendChild(_el("h2", _t("title"), id="peer-off-title"))
    dlg.appendChild(_el("p", _t("no_webrtc_guest"), id="peer-off-why"))
    buttons = _el("div", class_="dialog-buttons")
    close = _el("button", _t("close"), type="button", class_="primary")
    proxy = create_proxy(lambda e: (dlg.close(), dlg.remove()))
    _PROXIES.append(proxy)
    close.addEventListener("click", proxy)
    buttons.appendChild(close)
    dlg.appendChild(buttons)
    document.body.appendChild(dlg)
    dlg.showModal()


def install(app) -> None:
    """The line instead of the "Play a friend" button, and the guest's explanation when opened from an invite."""
    line = _el("span", _t("no_webrtc"), id="peer-unavailable", class_="peer-off", role="note")
    new = document.getElementById("btn-new")
    if new is not None:
        new.parentNode.insertBefore(line, new)
    else:
        document.body.appendChild(line)
    document.documentElement.setAttribute("data-peer", "unavailable")
    frag = str(window.location.hash or "")
    if frag.startswith("#join="):
        try:  # the invite cannot be used here: drop it from the address, as the peer dialog does
            window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        except Exception:
            pass
        _explain_to_guest()
