"""Drawing the board's pieces into its markup: a point's (or bar's, or tray's) checkers and label, the dice, the
cube, and a moved checker's glide. Functions of the elements they draw into; ``ui.board.BoardView`` decides what
to draw and when, and handles the person's hands on the board."""
from __future__ import annotations

from typing import Optional

from pyscript import window

from rules.turn import dice_used

from . import dom
from .model import CubeView, stack

# Which of a die's nine cells (3x3, row by row) carry a pip.
PIPS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8)}


def slot(el, slot: str, count: int, t) -> None:
    """Draw ``count`` checkers (signed: positive the bottom player's) on ``slot``'s element ``el``: a stack
    (its last checker counted past five), or slices on a tray."""
    el.setAttribute("data-count", str(count))
    for old in list(el.querySelectorAll(".checker, .slice")):
        old.remove()
    colour = "bottom" if count > 0 else "top"
    shown, label = stack(count)
    if slot in ("off", "opp-off"):
        for i in range(abs(count)):
            piece = dom.el("div", cls=f"slice {colour}")
            piece.style.setProperty("--i", str(i))
            el.appendChild(piece)
    else:
        for i in range(shown):
            piece = dom.el("div", cls=f"checker {colour}")
            piece.style.setProperty("--i", str(i))
            if label and i == shown - 1:
                piece.textContent = label
                piece.classList.add("counted")
            el.appendChild(piece)
    el.setAttribute("aria-label", slot_label(slot, count, t))


def slot_label(slot: str, count: int, t) -> str:
    """What a screen reader says of ``slot`` holding ``count`` checkers."""
    if slot in ("off", "opp-off"):
        return f"{t('off_word')}: {abs(count)}"
    name = t("bar_word") if slot in ("bar", "opp-bar") else slot
    if count == 0:
        return t("point_label", n=name, desc=t("point_empty"))
    who = t("player_white") if count > 0 else t("player_black")
    return t("point_label", n=name, desc=t("point_mine", n=abs(count), name=who))


def dice(area, rolled: Optional[tuple], left: tuple, roller: str) -> None:
    """Draw the dice ``rolled`` (None: none) in ``area``, those no longer in ``left`` greyed, in ``roller``'s
    colour; doubles as two dice and the moves left."""
    while area.firstChild:
        area.removeChild(area.firstChild)
    if not rolled:
        area.removeAttribute("data-dice")
        return
    d1, d2 = rolled
    area.setAttribute("data-dice", f"{d1},{d2}")
    area.className = f"dice-area {roller}"
    left = list(left)
    faces = [d1, d2] if d1 != d2 else [d1] * 4
    used_flags = list(dice_used((d1, d2), tuple(left)))
    if d1 == d2:
        faces, used_flags = faces[:2], [used_flags[0] and used_flags[1], used_flags[2] and used_flags[3]]
    for face, used in zip(faces, used_flags):
        die = dom.el("div", cls="die" + (" used" if used else ""))
        die.setAttribute("aria-label", str(face))
        die.setAttribute("role", "img")
        for cell in range(9):
            die.appendChild(dom.el("span", cls="pip" if cell in PIPS[face] else "cell"))
        area.appendChild(die)
    if d1 == d2:
        area.appendChild(dom.el("span", f"×{len(left)}" if left else "", cls="dice-x"))


def cube(el, cube: CubeView) -> None:
    """Draw the cube on its element: its face and whose side it is on."""
    el.textContent = cube.face
    el.className = f"cube {cube.owner}"
    el.setAttribute("data-cube", str(cube.value))
    el.setAttribute("data-owner", cube.owner)


def checker_rect(el):
    """Where the top checker of a slot's element ``el`` is drawn (None: no checker)."""
    pieces = el.querySelectorAll(".checker, .slice")
    if not pieces.length:
        return None
    return pieces.item(pieces.length - 1).getBoundingClientRect()


def glide(el, start, ms: int) -> None:
    """The top checker of ``el`` glides there from ``start`` (a rectangle) in ``ms`` milliseconds (0: it
    jumps)."""
    if ms <= 0:
        return
    pieces = el.querySelectorAll(".checker, .slice")
    if not pieces.length:
        return
    piece = pieces.item(pieces.length - 1)
    end = piece.getBoundingClientRect()
    dx, dy = start.left - end.left, start.top - end.top
    if abs(dx) < 1 and abs(dy) < 1:
        return
    frames = window.JSON.parse(
        f'[{{"transform":"translate({dx}px,{dy}px)"}},{{"transform":"translate(0,0)"}}]')
    piece.animate(frames, ms)
