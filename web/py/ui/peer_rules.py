"""The rules of a money game in Play a friend's match settings (the host's choice): checkboxes "Jacoby rule" and
"Beavers", remembered under ``gamao.peer.rules`` (``{"jacoby": bool, "beavers": bool}``), offered only while the
host's choice is a money game (a match is played with the Crawford rule). The host's ``Settings`` carry them to
the guest (docs/peer-protocol.md, the ``hello`` message's ``jacoby`` and ``beavers``)."""
from __future__ import annotations

import json

from .dom import el, on

RULES_KEY = "gamao.peer.rules"


def remembered(store) -> dict:
    """The last choice, ``{"jacoby": False, "beavers": False}`` when none or unreadable."""
    out = {"jacoby": False, "beavers": False}
    try:
        saved = json.loads(store.get(RULES_KEY) or "{}")
    except ValueError:
        return out
    if isinstance(saved, dict):
        for key in out:
            if isinstance(saved.get(key), bool):
                out[key] = saved[key]
    return out


class RulesChoice:
    """The two checkboxes, added to ``parent`` (the connection dialog) after the match select ``match_select``."""

    def __init__(self, texts, store, parent, match_select) -> None:
        self.store = store
        self.match_select = match_select
        choice = remembered(store)
        self.boxes = {}
        for key, label in (("jacoby", "ng_jacoby"), ("beavers", "ng_beavers")):
            row = el("p", cls="peer-lan", parent=parent)
            box = el("input", type="checkbox", id=f"peer-{key}", parent=row)
            box.checked = choice[key]
            el("label", texts(label), for_=f"peer-{key}", parent=row)
            on(box, "change", lambda e: self._save())
            self.boxes[key] = box
        on(match_select, "change", lambda e: self._match_changed())
        self._match_changed()

    def _match_changed(self) -> None:
        money = str(self.match_select.value) in ("", "0")
        for box in self.boxes.values():
            box.disabled = not money

    def _save(self) -> None:
        self.store.set(RULES_KEY, json.dumps({k: bool(b.checked) for k, b in self.boxes.items()}))

    def chosen(self, match_length: int) -> tuple:
        """``(jacoby, beavers)`` for a game of ``match_length`` (both False for a match)."""
        if match_length:
            return False, False
        return bool(self.boxes["jacoby"].checked), bool(self.boxes["beavers"].checked)
