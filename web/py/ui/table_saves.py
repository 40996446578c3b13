"""The table page's own game in ``localStorage["gamao.table"]``: read once when the page opens, written after every
action and, for the clock's time left, every few seconds and when the page goes away (so a reload or a closed tab
does not give a fresh clock). A peer game's session saves itself elsewhere (``ui.peer_game``).

``TableSaves`` is given the page's storage (``get``, ``set``, ``remove``), the table's time and a way to warn; it
never raises: saving must not break the game."""
from __future__ import annotations

from typing import Callable, Optional

import game

SAVE_KEY = "gamao.table"
CLOCK_EVERY = 5  # seconds between saves of the clock's time left


class TableSaves:
    """``load()`` the saved table, ``save(table)`` it, ``save_clock(table)`` when it is still this page's save."""

    def __init__(self, store, now: Callable[[], float], warn: Callable[[str], None]) -> None:
        self.store = store
        self.now = now
        self.warn = warn
        self.saved_at = 0.0  # the table's time of the last save
        self._saved_text: Optional[str] = None  # what this page wrote last

    def load(self) -> tuple[Optional[game.Table], str]:
        """(the saved table or None, what to tell the person: ``""``, ``"resumed"`` or ``"corrupt_save"``). A save
        that cannot be read is kept under ``gamao.table.corrupt`` and removed."""
        saved = self.store.get(SAVE_KEY)
        if not saved:
            return None, ""
        try:
            return game.Table.from_json(saved, now=self.now()), "resumed"
        except game.GameError:
            self.store.set(SAVE_KEY + ".corrupt", saved)
            self.store.remove(SAVE_KEY)
            return None, "corrupt_save"

    def save(self, table) -> None:
        """Save ``table`` now."""
        self.saved_at = self.now()
        try:
            self._saved_text = table.to_json(self.now())
            self.store.set(SAVE_KEY, self._saved_text)
        except Exception as exc:  # saving must never break the game
            self.warn(f"could not save the game: {exc}")

    def clock_due(self) -> bool:
        """Whether the clock's time left was last saved long enough ago."""
        return self.now() - self.saved_at >= CLOCK_EVERY

    def save_clock(self, table) -> None:
        """Save the clock's time left, unless the stored game is no longer the one this page wrote (another tab
        played since, or the save was replaced): only actions overwrite it then."""
        self.saved_at = self.now()
        if table is not None and self.store.get(SAVE_KEY) == self._saved_text:
            self.save(table)
