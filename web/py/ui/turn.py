"""Whose turn it is, unmistakably, when two people share this device: a chip beside the buttons with the colour
and name of the player who acts now (the roller, the mover, or the one answering a double).

The board keeps one orientation (White at the bottom), as two-people backgammon apps usually do; the chip and
``#table[data-turn]`` (``bottom``/``top``, for styling) say who is to act. :func:`chip` is pure (tested under
CPython); :func:`show` sets the DOM.
"""
from __future__ import annotations

from typing import Optional

import game

from . import status as S

ACTING = (game.ROLL, game.MOVING, game.TAKE)


def chip(state, t) -> Optional[tuple[str, str]]:
    """``(where, text)`` for the chip (``where`` is ``"bottom"`` or ``"top"``), or None when there is none to
    show: nobody to act, or not two people at this device (against the bot the status line says it)."""
    if state.phase not in ACTING or state.actor is None:
        return None
    if any(seat.kind != "human" for seat in state.seats):
        return None
    names = S.seat_names(state.seats, t)
    return ("bottom" if state.actor == 0 else "top"), t("turn_of", name=names[state.actor])


def show(document, state, t) -> None:
    """Show the chip (made on first use, first in ``#controls``) and mark ``#table`` with who acts."""
    table = document.getElementById("table")
    el = document.getElementById("turn-chip")
    if not el:
        el = document.createElement("span")
        el.id = "turn-chip"
        swatch = document.createElement("span")
        swatch.className = "swatch"
        el.appendChild(swatch)
        el.appendChild(document.createElement("span"))
        controls = document.getElementById("controls")
        controls.insertBefore(el, controls.firstChild)
    found = chip(state, t)
    if found is None:
        el.hidden = True
        if table:
            table.removeAttribute("data-turn")
        return
    where, text = found
    el.hidden = False
    el.className = f"turn-chip {where}"
    el.firstChild.className = f"swatch {where}"
    el.lastChild.textContent = text
    if table:
        table.setAttribute("data-turn", where)
