"""Tooltips for the things that need explaining (your tray, the cube, the clock, pip counts, the bot badge):
shown on hover, on keyboard focus, and on a long press with a finger. The text is the element's ``data-tip``."""
from __future__ import annotations

from pyscript import document, window
from pyscript.ffi import create_proxy

LONG_PRESS_MS = 450


class Tips:
    def __init__(self) -> None:
        self.tip = document.createElement("div")
        self.tip.className = "tip"
        self.tip.id = "tip"
        self.tip.setAttribute("role", "tooltip")
        self.tip.hidden = True
        document.body.appendChild(self.tip)
        self._timer = None  # the long press waiting to show a tip
        self._hide_timer = None  # the hide after a finger is lifted; the next press cancels it
        self._proxies = []
        for kind, fn in (("pointerover", self._over), ("pointerout", self._pointer_out), ("focusin", self._focus),
                         ("focusout", self._out), ("pointerdown", self._down), ("pointerup", self._up),
                         ("pointercancel", self._up), ("scroll", self._scroll)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            document.addEventListener(kind, proxy, True)
        self._hide_proxy = create_proxy(self.hide)  # one proxy for every delayed hide (none leaks per touch)
        self._for = None  # the element whose tip is shown

    @staticmethod
    def _target(event):
        node = event.target
        if node is None or not hasattr(node, "closest"):
            return None
        found = node.closest("[data-tip]")
        return found if found else None  # JS null arrives as a falsy JsNull

    def show(self, el) -> None:
        text = el.getAttribute("data-tip")
        if not text:
            return
        self._for = el
        self.tip.textContent = text
        host = el.closest("dialog[open]") or document.body  # over a modal view (the review), inside it
        if self.tip.parentNode != host:
            host.appendChild(self.tip)
        self.tip.hidden = False
        r = el.getBoundingClientRect()
        w, h = self.tip.offsetWidth, self.tip.offsetHeight
        vw = window.innerWidth
        x = min(max(8, r.left + r.width / 2 - w / 2), vw - w - 8)
        y = r.top - h - 8 if r.top - h - 8 > 4 else r.bottom + 8
        self.tip.style.left = f"{x}px"
        self.tip.style.top = f"{y}px"

    def hide(self) -> None:
        self.tip.hidden = True

    def _over(self, event) -> None:
        if event.pointerType == "mouse":
            el = self._target(event)
            if el:
                self.show(el)

    def _out(self, event) -> None:
        self.hide()

    def _pointer_out(self, event) -> None:
        """The pointer leaving: the tip goes, unless it is the focused element's (kept until focus leaves)."""
        if self._for is not None and self._for == document.activeElement:
            return
        self.hide()

    def _scroll(self, event) -> None:
        """A scroll moves the tip of the focused element along (focus scrolls it into view); any other goes."""
        if not self.tip.hidden and self._for is not None and self._for == document.activeElement:
            self.show(self._for)
        else:
            self.hide()

    def _focus(self, event) -> None:
        el = self._target(event)
        if el:
            self.show(el)

    def _down(self, event) -> None:
        self._clear()
        if event.pointerType == "mouse":
            return
        el = self._target(event)
        if el:
            self._timer = window.setTimeout(create_proxy(lambda: self.show(el)), LONG_PRESS_MS)

    def _up(self, event) -> None:
        self._clear()
        if event.pointerType != "mouse":
            self._hide_timer = window.setTimeout(self._hide_proxy, 1500)

    def _clear(self) -> None:
        for name in ("_timer", "_hide_timer"):
            if getattr(self, name) is not None:
                window.clearTimeout(getattr(self, name))
                setattr(self, name, None)
