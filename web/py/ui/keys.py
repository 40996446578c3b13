"""Keyboard order and rules, pure: which movable point Tab reaches first, and when shortcuts stay quiet."""
from __future__ import annotations

from typing import Iterable

TYPING_TAGS = ("input", "select", "textarea")


def tab_order(slots: Iterable[str], bottom: bool) -> list[str]:
    """The movable ``slots`` in the order Tab visits them: the mover's bar first, then from the mover's far
    side (its 24-point) home (its 1-point), then its tray. ``bottom``: the mover sits at the bottom."""
    def rank(slot: str) -> int:
        if slot in ("bar", "opp-bar"):
            return -1
        if slot in ("off", "opp-off"):
            return 99
        try:
            n = int(slot)
        except ValueError:
            raise ValueError(f"not a slot: {slot!r}") from None
        if not 1 <= n <= 24:
            raise ValueError(f"not a slot: {slot!r}")
        own = n if bottom else 25 - n
        return 25 - own
    return sorted(slots, key=rank)


def shortcuts_quiet(tag: str, editable: bool = False, dialog_open: bool = False) -> bool:
    """Whether a single-letter shortcut must be ignored: while typing in a field or with a dialog open."""
    return str(tag).lower() in TYPING_TAGS or bool(editable) or bool(dialog_open)
