"""Moving through the review by keyboard and pointer: ← → (and ↑ ↓ in the list) step, Home / End, N / P the next /
previous error; a click on the list or the graph goes to that decision. It also keeps the list's current entry
(``aria-current``, the one Tab reaches) in view, and the focus where the person was.

``ReviewNav`` knows the list and graph elements and three callables of the view: ``go(i, focus)``,
``to_error(step, focus)`` and ``where()`` (the decision shown and how many there are)."""
from __future__ import annotations

from typing import Callable

from pyscript import window

from .keys import TYPING_TAGS


def _no_scroll():
    return window.JSON.parse('{"preventScroll": true}')


class ReviewNav:
    def __init__(self, list_el, graph_el, go: Callable[[int, str], None], to_error: Callable[[int, str], None],
                 where: Callable[[], tuple[int, int]]) -> None:
        self.list = list_el
        self.graph = graph_el
        self.go = go
        self.to_error = to_error
        self.where = where

    def key(self, event) -> None:
        """The review dialog's keydown."""
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in TYPING_TAGS and str(event.target.type) not in ("file", "checkbox", "radio", "button"):
            return
        key = str(event.key)
        focus = "list" if event.target and event.target.closest("#review-list") else ""
        if event.target and event.target.closest("#review-graph"):
            focus = "graph"
        i, n = self.where()
        moves = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": n - 1}
        if focus == "list":
            moves.update({"ArrowUp": i - 1, "ArrowDown": i + 1})
        if key in moves:
            event.preventDefault()
            self.go(moves[key], focus)
        elif key.lower() in ("n", "p"):
            event.preventDefault()
            self.to_error(1 if key.lower() == "n" else -1, focus)

    def list_click(self, event) -> None:
        target = event.target.closest("[data-decision]") if event.target else None
        if target:
            self.go(int(target.getAttribute("data-i")), "")

    def graph_click(self, event) -> None:
        target = event.target.closest("[data-i]") if event.target else None
        if target:
            self.go(int(target.getAttribute("data-i")), "graph")

    def graph_key(self, event) -> None:
        if str(event.key) in ("Enter", " "):
            self.graph_click(event)
            event.preventDefault()

    def entry(self, i: int):
        """The list's entry of decision ``i``."""
        return self.list.querySelector(f'[data-i="{i}"]')

    def mark(self, old: int, i: int) -> None:
        """Decision ``i`` is the current one of the list (it was ``old``)."""
        prev = self.entry(old) if old >= 0 else None
        if prev:
            prev.removeAttribute("aria-current")
            prev.setAttribute("tabindex", "-1")
        cur = self.entry(i)
        if cur:
            cur.setAttribute("aria-current", "true")
            cur.setAttribute("tabindex", "0")
            self._scroll(cur)

    def _scroll(self, cur) -> None:
        """The list scrolls to show the current decision; the page itself does not move."""
        r, box = cur.getBoundingClientRect(), self.list.getBoundingClientRect()
        if r.top < box.top:
            self.list.scrollTop -= box.top - r.top
        elif r.bottom > box.bottom:
            self.list.scrollTop += r.bottom - box.bottom

    def focus(self, i: int, where: str) -> None:
        """Focus decision ``i`` in the list (``where`` = "list") or the graph's point Tab reaches ("graph")."""
        if where == "list":
            self.entry(i).focus(_no_scroll())
        elif where == "graph":
            point = self.graph.querySelector('[tabindex="0"]')
            if point:
                point.focus()
