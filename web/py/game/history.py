"""A short history of finished games: pure data functions over a list of game records (newest last)."""
from __future__ import annotations

import json
from typing import Any

from .errors import SaveError
from .kinds import JsonDict

__all__ = ["HISTORY_LIMIT", "add_record", "summary", "history_to_json", "history_from_json"]

HISTORY_LIMIT = 50
HISTORY_FORMAT = "gamao-history"


def add_record(history: list[JsonDict], record: JsonDict, limit: int = HISTORY_LIMIT) -> list[JsonDict]:
    """A new list: ``history`` with ``record`` added last, keeping only the last ``limit`` records."""
    if not isinstance(record, dict) or record.get("format") != "gamao-record":
        raise SaveError("only game records (format gamao-record) go in the history")
    if not isinstance(limit, int) or limit < 1:
        raise SaveError(f"limit must be a positive int, got {limit!r}")
    return (list(history) + [record])[-limit:]


def summary(record: JsonDict) -> JsonDict:
    """What a history list shows of one record: players, match length, score, winner, games, created."""
    players = [p.get("name", "") if isinstance(p, dict) else "" for p in record.get("players", [])]
    res = record.get("result") or {}
    return {"players": players, "match_length": record.get("match_length", 0), "score": res.get("score"),
            "winner": res.get("winner"), "complete": res.get("complete"),
            "games": len(record.get("games", [])), "created": record.get("created")}


def history_to_json(history: list[JsonDict]) -> str:
    return json.dumps({"format": HISTORY_FORMAT, "version": 1, "records": list(history)}, ensure_ascii=False)


def history_from_json(text: Any) -> list[JsonDict]:
    """The records of a saved history; ``SaveError`` if the text is not one."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the history is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise SaveError("not a saved history")
    if data.get("version") != 1:
        raise SaveError(f"unknown history version {data.get('version')!r}")
    recs = data.get("records")
    if not isinstance(recs, list) or not all(isinstance(r, dict) for r in recs):
        raise SaveError("the history's records must be a list of objects")
    out: list[JsonDict] = recs[-HISTORY_LIMIT:]
    return out
