"""The board in the DOM: checkers, rings, dice and cube drawn into the page's skeleton (the pieces by
``ui.board_paint``, the rings here), and the player's hands on it (tap to lift, tap a ring, drag and drop,
keyboard).

Shaped like chessground: the view knows no rules. It is given a :class:`BoardState` (signed counts per slot, the
legal destinations of each movable slot from ``ui.model.destinations``, the dice, the cube) and calls
``on_move(src_slot, dest)`` when the player moves; everything else (lifting, rings, dragging, putting back) is
its own business.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from pyscript import document, window
from pyscript.ffi import create_proxy

from . import board_paint as paint
from . import dom
from .model import CubeView, Dest, SLOTS

DRAG_THRESHOLD_PX = 6


@dataclass
class BoardState:
    """Everything the board draws. ``dests``: movable slot -> its destinations (empty when the player at the
    table may not move now). ``dice_left``: the dice still to play (for greying used dice). ``roller``: whose
    dice ("bottom" or "top"), for their colour."""

    counts: dict
    dests: dict = field(default_factory=dict)
    dice: Optional[tuple] = None
    dice_left: tuple = ()
    roller: str = "bottom"
    cube: CubeView = CubeView(1, "center")


def reduced_motion() -> bool:
    """Whether the person asked for less motion."""
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # pragma: no cover - very old browsers
        return False


def add_point_numbers(board_root) -> None:
    """A board's point numbers (the table's, a study board's), shown on a desktop screen (settings.css): a row of
    six on the frame beside each quarter of the board, in the order of its points (outside the points themselves,
    whose accessible names say their numbers; hidden from screen readers)."""
    if board_root.querySelector(".pnums"):
        return
    for quarter in board_root.querySelectorAll(".quarter"):
        where = "top" if quarter.classList.contains("top") else "bottom"
        row = dom.el("div", cls=f"pnums {where}", aria_hidden="true")
        for point in quarter.querySelectorAll("[data-point]"):
            dom.el("span", str(point.getAttribute("data-point")), parent=row)
        quarter.parentNode.appendChild(row)


class BoardView:
    """The board widget. ``render(state)`` draws; ``on_move(src, dest)`` reports a move the player made."""

    def __init__(self, texts, on_move: Callable[[str, Dest], None], on_sound: Callable[[str], None] = lambda k: None,
                 root=None):
        """``root``: the board's element (default: the table's ``#board``); another board built from the same
        markup (the review's) is drawn by its own BoardView."""
        self.t = texts
        self.on_move = on_move
        self.on_sound = on_sound
        # Hooks for the accessibility layer (ui.access): called after each render, on lift and on put-down.
        self.after_render: Optional[Callable[[BoardState], None]] = None
        self.on_lift: Optional[Callable[[str, tuple], None]] = None
        self.on_drop: Optional[Callable[[str], None]] = None
        self.tab_order: Callable[[list], list] = lambda slots: slots
        # How long a moved checker glides (ms, 0: it jumps), asked at each move (ui.settings: the animation speed).
        self.glide_ms: Callable[[], int] = lambda: 0 if reduced_motion() else 180
        self.root = root if root is not None else document.getElementById("board")
        self.slots = {slot: self.root.querySelector(f'[data-point="{slot}"]') for slot in SLOTS}
        self.dice_area = self.root.querySelector(".dice-area")
        self.cube_home = self.root.querySelector(".cube-home")
        self.state = BoardState(counts={s: 0 for s in SLOTS})
        self._drawn: dict = {}
        self.lifted: Optional[str] = None
        self._press: Optional[dict] = None
        self._ghost = None
        self._proxies = []
        self.root.setAttribute("role", "group")
        self.root.setAttribute("aria-label", texts("board_label"))
        self.root.classList.add("live")
        for kind, fn in (("pointerdown", self._down), ("pointermove", self._pmove), ("pointerup", self._up),
                         ("pointercancel", self._cancel), ("keydown", self._key)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        self._tabbing = 0  # +1 / -1 while a Tab / Shift+Tab key is down (focus entering the board by Tab)
        for kind, fn in (("keydown", self._tab_key), ("keyup", self._tab_key)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            document.addEventListener(kind, proxy, True)
        proxy = create_proxy(self._click)
        self._proxies.append(proxy)
        self.root.addEventListener("click", proxy)
        proxy = create_proxy(self._focus_in)
        self._proxies.append(proxy)
        self.root.addEventListener("focusin", proxy)
        self.cube_el = dom.el("div", cls="cube center")
        self.cube_el.setAttribute("tabindex", "0")
        self.cube_el.setAttribute("data-cube", "1")
        self.cube_home.appendChild(self.cube_el)

    # -- drawing -----------------------------------------------------------------------------------------------
    def render(self, state: BoardState, moved: Optional[tuple] = None) -> None:
        """Draw ``state``. ``moved`` = (src_slot, dst_slot) animates that checker's travel briefly."""
        start = paint.checker_rect(self.slots[moved[0]]) if moved else None
        self.state = state
        if self.lifted is not None and self.lifted not in state.dests:
            self.lifted = None
        for slot in SLOTS:
            count = state.counts.get(slot, 0)
            if self._drawn.get(slot) != count:
                paint.slot(self.slots[slot], slot, count, self.t)
                self._drawn[slot] = count
            el = self.slots[slot]
            if slot in state.dests:
                el.setAttribute("data-movable", "")
                el.setAttribute("tabindex", "0")
            else:
                el.removeAttribute("data-movable")
                el.removeAttribute("tabindex")
        self._draw_rings()
        paint.dice(self.dice_area, state.dice, state.dice_left, state.roller)
        paint.cube(self.cube_el, state.cube)
        if moved and start is not None:
            paint.glide(self.slots[moved[1]], start, self.glide_ms())
        if self.after_render is not None:
            self.after_render(state)

    def _draw_rings(self) -> None:
        for old in list(self.root.querySelectorAll("[data-dest]")):
            old.remove()
        for slot in SLOTS:
            self.slots[slot].classList.remove("lifted")
        if self.lifted is None:
            return
        self.slots[self.lifted].classList.add("lifted")
        for dest in self.state.dests.get(self.lifted, ()):
            ring = dom.el("button", dest.label, cls="ring" + (" hit" if dest.hit else ""))
            ring.setAttribute("type", "button")
            ring.setAttribute("data-dest", dest.slot)
            to = self.t("off_word") if dest.slot in ("off", "opp-off") else dest.slot
            ring.setAttribute("aria-label", self.t("dest_label", to=to, dice=dest.label))
            here = self.state.counts.get(dest.slot, 0)
            mover_sign = 1 if self.state.counts.get(self.lifted, 0) > 0 else -1
            own = here * mover_sign if here * mover_sign > 0 else 0
            ring.style.setProperty("--i", str(min(own, 4)))
            self.slots[dest.slot].appendChild(ring)

    # -- lifting and moving --------------------------------------------------------------------------------------
    def lift(self, slot: str) -> None:
        """Lift the checker on ``slot`` (only a movable one) and show its rings."""
        if slot not in self.state.dests:
            return
        self.lifted = slot
        self._draw_rings()
        if self.on_lift is not None:
            self.on_lift(slot, tuple(self.state.dests.get(slot, ())))

    def drop(self) -> None:
        """Put the lifted checker back."""
        if self.lifted is None:
            return
        slot, self.lifted = self.lifted, None
        self._draw_rings()
        if self.on_drop is not None:
            self.on_drop(slot)

    def _move_to(self, slot: str) -> bool:
        if self.lifted is None:
            return False
        for dest in self.state.dests.get(self.lifted, ()):
            if dest.slot == slot:
                src = self.lifted
                self.lifted = None
                self.on_move(src, dest)
                return True
        return False

    def tap(self, slot: Optional[str], ring: Optional[str] = None) -> None:
        """A tap or click on ``slot`` (or on a ring for ``ring``)."""
        if ring is not None and self._move_to(ring):
            return
        if slot is None:
            self.drop()
            return
        if self.lifted is not None:
            if slot == self.lifted:
                dests = self.state.dests.get(slot, ())
                if len(dests) == 1:
                    self._move_to(dests[0].slot)
                else:
                    self.drop()
                return
            if self._move_to(slot):
                return
        if slot in self.state.dests:
            self.lift(slot)
        else:
            self.drop()

    @staticmethod
    def _target(node):
        """(slot, ring) under a DOM node."""
        if node is None:
            return None, None
        ring = node.closest("[data-dest]") if hasattr(node, "closest") else None
        point = node.closest("[data-point]") if hasattr(node, "closest") else None
        return (point.getAttribute("data-point") if point else None,
                ring.getAttribute("data-dest") if ring else None)

    def _down(self, event) -> None:
        if event.button != 0:
            return
        slot, ring = self._target(event.target)
        self._press = {"x": event.clientX, "y": event.clientY, "slot": slot, "ring": ring, "drag": False,
                       "id": event.pointerId}
        if slot in self.state.dests and ring is None:
            event.preventDefault()
            try:
                self.root.setPointerCapture(event.pointerId)
            except Exception:
                pass

    def _pmove(self, event) -> None:
        press = self._press
        if press is None or press["ring"] is not None or press["slot"] not in self.state.dests:
            return
        if not press["drag"]:
            if abs(event.clientX - press["x"]) + abs(event.clientY - press["y"]) < DRAG_THRESHOLD_PX:
                return
            press["drag"] = True
            self.lift(press["slot"])
            self._start_ghost(press["slot"])
        if self._ghost is not None:
            self._ghost.style.left = f"{event.clientX}px"
            self._ghost.style.top = f"{event.clientY}px"

    def _start_ghost(self, slot: str) -> None:
        count = self.state.counts.get(slot, 0)
        rect = paint.checker_rect(self.slots[slot])
        ghost = dom.el("div", cls="checker ghost " + ("bottom" if count > 0 else "top"))
        if rect is not None:
            ghost.style.width = f"{rect.width}px"
            ghost.style.height = f"{rect.height}px"
        document.body.appendChild(ghost)
        self._ghost = ghost
        self.slots[slot].classList.add("dragging")

    def _end_drag(self) -> None:
        if self._ghost is not None:
            self._ghost.remove()
            self._ghost = None
        for slot in SLOTS:
            self.slots[slot].classList.remove("dragging")

    def _up(self, event) -> None:
        press, self._press = self._press, None
        if press is None:
            return
        try:
            self.root.releasePointerCapture(event.pointerId)
        except Exception:
            pass
        if press["drag"]:
            self._end_drag()
            under = document.elementFromPoint(event.clientX, event.clientY)
            slot, ring = self._target(under)
            if not self._move_to(ring or slot or ""):
                self.drop()
            return
        slot, ring = self._target(event.target)
        if ring is None and press["ring"] is not None:
            ring = press["ring"]
        self.tap(slot if slot is not None else press["slot"], ring)

    def _cancel(self, event) -> None:
        if self._press and self._press["drag"]:
            self._end_drag()
            self.drop()
        self._press = None

    def _key(self, event) -> None:
        key = event.key
        slot, ring = self._target(event.target)
        if key == "Escape":
            self.drop()
            return
        if key == "Tab" and self.lifted is None and slot in self.state.dests and ring is None:
            self._tab(event, slot)
            return
        if key in ("Enter", " "):
            if ring is not None:
                event.preventDefault()
                self._move_to(ring)
                self._refocus()
            elif slot is not None:
                event.preventDefault()
                before = self.lifted
                self.tap(slot)
                if self.lifted is not None:
                    self._focus_first_ring()
                elif before is not None:
                    self._refocus(slot)
            return
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") and self.lifted is None \
                and slot in self.state.dests:
            order = self.tab_order(list(self.state.dests))
            event.preventDefault()
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            self.slots[order[(order.index(slot) + step) % len(order)]].focus()
            return
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") and self.lifted is not None:
            rings = list(self.root.querySelectorAll("[data-dest]"))
            if not rings:
                return
            event.preventDefault()
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            current = -1
            for i, r in enumerate(rings):
                if r == document.activeElement:
                    current = i
            rings[(current + step) % len(rings)].focus()

    def _focus_first_ring(self) -> None:
        rings = self.root.querySelectorAll("[data-dest]")
        if rings.length:
            rings.item(0).focus()

    def _refocus(self, prefer: Optional[str] = None) -> None:
        """After a move by keyboard: focus stays on the board (the same point if it can still move, else the
        first movable point in Tab order); with nothing left to move, the first button to press."""
        if prefer is not None and prefer in self.state.dests:
            self.slots[prefer].focus()
            return
        order = self.tab_order(list(self.state.dests))
        if order:
            self.slots[order[0]].focus()
            return
        for btn in document.querySelectorAll("#controls button"):
            if not btn.hidden and not btn.disabled:
                btn.focus()
                return

    def _click(self, event) -> None:
        """A click with no pointer behind it (``detail`` 0): a screen reader activating a point or a place, or a
        script. Pointer clicks are handled by the pointer events."""
        if event.detail:
            return
        slot, ring = self._target(event.target)
        if slot is None and ring is None:
            return
        self.tap(slot, ring)
        if self.lifted is not None:
            self._focus_first_ring()

    def _tab_key(self, event) -> None:
        if event.key == "Tab":
            self._tabbing = (-1 if event.shiftKey else 1) if event.type == "keydown" else 0

    def _focus_in(self, event) -> None:
        """Tab from outside the board lands on the first movable point in the mover's order (Shift+Tab: the
        last), whatever its place in the page."""
        if not self._tabbing or self.lifted is not None:
            return
        came = event.relatedTarget
        if came and self.root.contains(came):
            return
        slot, ring = self._target(event.target)
        if slot not in self.state.dests or ring is not None:
            return
        order = self.tab_order(list(self.state.dests))
        want = order[0] if self._tabbing > 0 else order[-1]
        if want != slot:
            self.slots[want].focus()

    def _tab(self, event, slot: str) -> None:
        """Tab between movable points in the mover's order (bar first, then from the far side home); past the
        last (or before the first) focus leaves the board, so there is no trap."""
        order = self.tab_order(list(self.state.dests))
        i = order.index(slot) + (-1 if event.shiftKey else 1)
        if 0 <= i < len(order):
            event.preventDefault()
            self.slots[order[i]].focus()
            return
        outside = self._outside_focusables(before=event.shiftKey)
        if outside:
            event.preventDefault()
            outside.focus()

    def _outside_focusables(self, before: bool):
        """The nearest focusable element outside the board, after it (or before it)."""
        sel = ("button, [href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])")
        found = None
        for el in document.querySelectorAll(sel):
            if (self.root.contains(el) or getattr(el, "disabled", False) or getattr(el, "hidden", False)
                    or getattr(el, "offsetParent", None) is None):
                continue
            pos = self.root.compareDocumentPosition(el)
            if before and pos & 2:  # DOCUMENT_POSITION_PRECEDING
                found = el
            elif not before and pos & 4:  # DOCUMENT_POSITION_FOLLOWING
                return el
        return found
