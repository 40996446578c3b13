"""The table page's own game in ``localStorage["gamao.table"]`` (and the checker steps of the turn being played
since, under ``"gamao.table.steps"``: ``game.save.PageSave``): read once when the page opens, written after every
action and, for the clock's time left, every few seconds and when the page goes away (so a reload or a closed tab
does not give a fresh clock). A peer game's session saves itself elsewhere (``ui.peer_game``).

``TableSaves`` is given the page's storage (``get``, ``set``, ``remove``), the table's time and a way to warn; it
never raises: saving must not break the game."""
from __future__ import annotations

from typing import Callable, Optional

import game
from game.save import STEPS_SUFFIX, PageSave

SAVE_KEY = "gamao.table"
CLOCK_EVERY = 5  # seconds between saves of the clock's time left


class TableSaves:
    """``load()`` the saved table, ``save(table)`` it, ``save_clock(table)`` when it is still this page's save."""

    def __init__(self, store, now: Callable[[], float], warn: Callable[[str], None]) -> None:
        self.store = store
        self.now = now
        self.warn = warn
        self.saved_at = 0.0  # the table's time of the last save
        self._saved_text: Optional[str] = None  # the whole table this page wrote last
        self._page_save = PageSave()  # what save() writes: the whole table, or a turn's steps since

    def load(self) -> tuple[Optional[game.Table], str]:
        """(the saved table or None, what to tell the person: ``""``, ``"resumed"`` or ``"corrupt_save"``). A save
        that cannot be read is kept under ``gamao.table.corrupt`` and removed."""
        saved = self.store.get(SAVE_KEY)
        if not saved:
            return None, ""
        try:
            return game.table_from_json(saved, now=self.now(), steps=self.store.get(SAVE_KEY + STEPS_SUFFIX)), \
                "resumed"
        except game.GameError:
            self.store.set(SAVE_KEY + ".corrupt", saved)
            self.store.remove(SAVE_KEY)
            self.store.remove(SAVE_KEY + STEPS_SUFFIX)
            return None, "corrupt_save"

    def save(self, table) -> None:
        """Save ``table`` now."""
        self.saved_at = self.now()
        try:
            for suffix, text in self._page_save.texts(table, self.now()).items():  # the whole table, or the steps
                self.store.set(SAVE_KEY + suffix, text)
            self._saved_text = self._page_save.whole
        except Exception as exc:  # saving must never break the game
            self.warn(f"could not save the game: {exc}")

    def written_elsewhere(self, key) -> None:
        """Another tab wrote ``key`` (the page's ``storage`` event): once it is the saved table, this page's next
        save writes its whole table again, not only its steps (which would name a whole save no longer there), so
        an action here makes this page's game the saved one."""
        if key in (SAVE_KEY, None):  # None: the storage was cleared
            self._page_save = PageSave()
            self._saved_text = None

    def clock_due(self) -> bool:
        """Whether the clock's time left was last saved long enough ago."""
        return self.now() - self.saved_at >= CLOCK_EVERY

    def save_clock(self, table) -> None:
        """Save the clock's time left, unless the stored game is no longer the one this page wrote (another tab
        played since, or the save was replaced): only actions overwrite it then."""
        self.saved_at = self.now()
        if table is not None and self.store.get(SAVE_KEY) == self._saved_text:
            self.save(table)
