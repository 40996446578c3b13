"""Reading a file the person opens for review: a game record (JSON, docs/game-record.md) or a match in GNU
Backgammon's ``.mat`` text (as GNU Backgammon, Backgammon Galaxy, bgammon.org and eXtreme Gammon export it), made
a record by ``game.import_match``. Pure: tested under CPython."""
from __future__ import annotations

import json

import game


def read_match_file(text: str) -> dict:
    """The record in ``text``; ValueError (a ``rules.MatFormatError`` names the line) when it is neither."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        try:
            record = json.loads(stripped)
        except ValueError as exc:
            raise ValueError(f"not JSON: {exc}") from None
        if not isinstance(record, dict) or not isinstance(record.get("games"), list):
            raise ValueError("not a game record")
        return record
    importer = getattr(game, "import_match", None)
    if importer is None:
        raise ValueError("this page cannot read .mat files")
    return importer(text)
