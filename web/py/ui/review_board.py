"""A board for studying positions (the review, the position analysis): the table's own board component
(``ui.board.BoardView`` on the same markup, so the same checkers, bar, trays, cube, dice, point numbers and the
phone's rotated rows), read-only, with arrows drawn over it (``ui.review_arrows``)."""
from __future__ import annotations

from typing import Iterable, Optional

from pyscript import window

from . import dom
from . import review_arrows as RA
from .board import BoardState, BoardView, add_point_numbers
from .model import SLOTS, CubeView

_Q = '<div class="point" data-point="{}" data-count="0"></div>'
MARKUP = (
    '<div class="half left"><div class="quarter top">' + "".join(_Q.format(n) for n in range(13, 19)) + '</div>'
    '<div class="quarter bottom">' + "".join(_Q.format(n) for n in range(12, 6, -1)) + '</div></div>'
    '<div class="bar"><div class="bar-slot" data-point="opp-bar" data-count="0"></div>'
    '<div class="bar-slot" data-point="bar" data-count="0"></div></div>'
    '<div class="half right"><div class="quarter top">' + "".join(_Q.format(n) for n in range(19, 25)) + '</div>'
    '<div class="quarter bottom">' + "".join(_Q.format(n) for n in range(6, 0, -1)) + '</div></div>'
    '<div class="trays"><div class="tray" data-point="opp-off" data-count="0"></div><div class="cube-home"></div>'
    '<div class="tray" data-point="off" data-count="0"></div></div><div class="dice-area"></div>'
    '<div class="arrows-layer" aria-hidden="true"></div>')
"""The table's board (index.html's ``#board``), without its ids."""


class StudyBoard:
    """A read-only board in ``parent``: ``show(counts, dice, roller, cube, cube_text)`` draws a position,
    ``arrows(layers)`` draws (kind, steps) arrows over it; they follow the board when the page is resized."""

    def __init__(self, texts, parent, label: str, id: str) -> None:
        self.t = texts
        frame = dom.el("div", cls="board-frame study-frame", parent=parent)
        self.root = dom.el("div", cls="board study-board", id=id, parent=frame)
        self.root.innerHTML = MARKUP
        add_point_numbers(self.root)              # on the frame, as the table's (not on a phone held upright)
        self.view = BoardView(texts, lambda src, dest: None, root=self.root)
        self.root.classList.remove("live")       # nothing moves here
        self.root.setAttribute("aria-label", label)
        self.view.cube_el.setAttribute("role", "img")
        for slot in SLOTS:
            self.view.slots[slot].setAttribute("role", "img")
        self.layer = self.root.querySelector(".arrows-layer")
        self.counts: dict = {s: 0 for s in SLOTS}
        self.layers: list = []
        dom.on(window, "resize", lambda e: self._draw_arrows())

    def show(self, counts: dict, dice: Optional[tuple], roller: str, cube: CubeView, cube_text: str) -> None:
        self.counts = dict(counts)
        self.view.render(BoardState(counts=self.counts, dice=dice, dice_left=() if not dice else (
            tuple(dice) if dice[0] != dice[1] else (dice[0],) * 4), roller=roller, cube=cube))
        self.view.cube_el.setAttribute("aria-label", cube_text)

    def arrows(self, layers: Iterable[tuple[str, tuple]]) -> None:
        """Arrows for each (kind, steps) layer, kind "played" or "best", steps (from slot, to slot, hit) from the
        position shown."""
        self.layers = [(k, tuple(s)) for k, s in layers if s]
        self._draw_arrows()

    def _boxes(self) -> dict:
        r = self.root.getBoundingClientRect()
        ox, oy = r.left + self.root.clientLeft, r.top + self.root.clientTop
        out = {}
        for slot, el in self.view.slots.items():
            b = el.getBoundingClientRect()
            out[slot] = (b.left - ox, b.top - oy, b.width, b.height)
        return out

    def _draw_arrows(self) -> None:
        if not self.layers:
            self.layer.innerHTML = ""
            return
        boxes = self._boxes()
        drawn = [(kind, RA.segments(boxes, self.counts, steps)) for kind, steps in self.layers]
        self.layer.innerHTML = RA.svg(self.root.clientWidth, self.root.clientHeight, drawn, self.root.id)
