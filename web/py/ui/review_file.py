"""Reading a file the person opens for review: a game record (JSON, docs/game-record.md) or a match in GNU
Backgammon's ``.mat`` text (as GNU Backgammon, Backgammon Galaxy, bgammon.org and eXtreme Gammon export it), made
a record by ``game.import_match``. Pure: tested under CPython."""
from __future__ import annotations

import game

from .review import load


def read_match_file(text: str) -> dict:
    """The record in ``text``; ValueError (``ui.review.ReviewError`` for JSON that is not a record; a
    ``rules.MatFormatError`` names the line of a match file) when it is neither."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        return load(stripped)
    return game.import_match(text)
