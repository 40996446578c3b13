"""Building the page's DOM from Python: one element helper and one event helper for every view in ``ui``.

    el("button", t("peer_connect"), cls="primary", parent=row, id="peer-connect", type="button")
    on(button, "click", lambda e: ...)

Text is only ever set with ``textContent`` (names and codes from a peer or a pasted record cannot inject markup).
"""
from __future__ import annotations

from pyscript import document
from pyscript.ffi import create_proxy

__all__ = ["el", "on"]

_PROXIES: list = []  # the listeners live as long as the page: their proxies are kept, never destroyed


def el(tag: str, text: str | None = None, cls: str = "", parent=None, id: str = "", **attrs):
    """A new ``tag`` element with ``text`` as its text, ``cls`` as its class and ``id`` (each when not empty),
    appended to ``parent`` when given.

    Every other keyword is an attribute: ``_`` becomes ``-`` and a trailing ``_`` is dropped, so
    ``aria_live="polite"`` sets ``aria-live`` and ``for_="peer-lan"`` sets ``for``."""
    node = document.createElement(tag)
    if text:
        node.textContent = text
    if cls:
        node.className = cls
    if id:
        node.id = id
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    if parent is not None:
        parent.appendChild(node)
    return node


def on(target, kind: str, fn) -> None:
    """Call ``fn(event)`` on each ``kind`` event of ``target`` for the rest of the page's life."""
    proxy = create_proxy(fn)
    _PROXIES.append(proxy)
    target.addEventListener(kind, proxy)
