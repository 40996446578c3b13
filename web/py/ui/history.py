"""The table's short history of finished games (pure: strings in, strings out; tested under CPython).

The history is kept in localStorage under ``HISTORY_KEY`` as ``game.history_to_json`` text (newest last, at most
``game.HISTORY_LIMIT`` records). A match or money session that goes on after a game ends keeps one entry: each
finished game replaces the entry of the same session (same first-game fingerprint) when it is the newest one.

``verify.html`` opens a stored record when its URL says which: ``?record=last`` (the last finished game, key
``LAST_KEY``) or ``#history=<n>`` (entry ``n`` of the history, 1 = the newest). :func:`prefill_text` picks it.
"""
from __future__ import annotations

import json
from typing import Callable, Optional
from .query import parse as parse_qs
from .seat_names import seat_names

import game

HISTORY_KEY = "gamao.history"
LAST_KEY = "gamao.last-record"


def load(text: Optional[str]) -> list:
    """The stored history's records (oldest first); an empty list when nothing or something unreadable is
    stored (the history is a convenience: an unreadable one is started afresh, never an error)."""
    if not text:
        return []
    try:
        return game.history_from_json(text)
    except game.GameError:
        return []


def _session(record: dict) -> Optional[str]:
    games = record.get("games") or []
    if not games or not isinstance(games[0], dict):
        return None
    dice = games[0].get("dice") or {}
    return dice.get("fingerprint") or dice.get("host_commitment")


def push(text: Optional[str], record_json: str, created: Optional[str] = None) -> str:
    """The stored history ``text`` with the finished game ``record_json`` added (or replacing the newest entry
    when it is the same session, e.g. the next game of a match); ``created`` (ISO 8601 UTC) is put in the
    record when it has none. Raises ``game.SaveError`` when ``record_json`` is not a game record."""
    try:
        record = json.loads(record_json)
    except (TypeError, ValueError) as exc:
        raise game.SaveError(f"the record is not JSON: {exc}") from None
    if not isinstance(record, dict):
        raise game.SaveError("the record is not a JSON object")
    history = load(text)
    if created and "created" not in record:
        record["created"] = created
    if history and _session(history[-1]) is not None and _session(history[-1]) == _session(record):
        record["created"] = history[-1].get("created", record.get("created"))
        if record["created"] is None:
            del record["created"]
        history = history[:-1]
    return game.history_to_json(game.add_record(history, record))


def store_trimmed(text: str, put: Callable[[str], bool]) -> int:
    """Store the history ``text`` with ``put`` (False when the browser's storage is full); when it does not fit,
    the oldest quarter of the games makes room, again until it fits. Returns how many records were stored (0:
    not even the newest fits)."""
    records = load(text)
    while records:
        if put(game.history_to_json(records)):
            return len(records)
        if len(records) == 1:
            break
        records = records[max(1, len(records) // 4):]
    return 0


def newest_first(text: Optional[str]) -> list:
    """``(n, record)`` pairs for display, the newest first; ``n`` is the number ``#history=<n>`` uses."""
    records = load(text)
    return [(i + 1, rec) for i, rec in enumerate(reversed(records))]


def entry(text: Optional[str], n: int) -> Optional[dict]:
    """History entry ``n`` (1 = newest), or None when there is no such entry."""
    records = load(text)
    if not isinstance(n, int) or not 1 <= n <= len(records):
        return None
    return records[-n]


def row_text(record: dict, t: Callable[..., str], when: Optional[Callable[[str], str]] = None) -> str:
    """One line of the history list: date, players, score and who won (``t`` is ``i18n.Texts``; ``when`` turns
    the record's ISO 8601 UTC date into local words, by default "YYYY-MM-DD HH:MM" UTC)."""
    s = game.summary(record)
    names = player_names(record.get("players", []), t)
    score = s["score"] or [0, 0]
    kind = t("score_match", n=s["match_length"]) if s["match_length"] else t("score_money")
    parts = []
    if s["created"]:
        parts.append(when(str(s["created"])) if when else str(s["created"])[:16].replace("T", " "))
    parts.append(t("history_row", a=names[0], b=names[1], sa=score[0], sb=score[1], kind=kind, games=s["games"]))
    return " · ".join(parts)


def player_names(players: list, t: Callable[..., str]) -> tuple[str, str]:
    """The two players' names in this page's language, as the table shows them (``ui.seat_names``)."""
    return seat_names(players, t, "history")


def verify_href(n: Optional[int], lang: str) -> str:
    """The link that opens verify.html with a stored record: history entry ``n``, or the last game if None."""
    if n is None:
        return f"verify.html?lang={lang}&record=last"
    return f"verify.html?lang={lang}#history={n}"


def wanted(search: str, fragment: str) -> Optional[object]:
    """What verify.html was asked to open: ``"last"``, a history number (int), or None."""
    q = parse_qs(str(search).lstrip("?"))
    if (q.get("record") or [""])[0] == "last":
        return "last"
    h = parse_qs(str(fragment).lstrip("#"))
    raw = (h.get("history") or [""])[0]
    if raw.isdigit() and int(raw) >= 1:
        return int(raw)
    return None


def prefill_text(search: str, fragment: str, get: Callable[[str], Optional[str]]) -> Optional[str]:
    """The record text verify.html should open, from its URL and the stored values (``get(key)``), or None."""
    want = wanted(search, fragment)
    if want == "last":
        return get(LAST_KEY) or None
    if isinstance(want, int):
        rec = entry(get(HISTORY_KEY), want)
        return json.dumps(rec, indent=1, ensure_ascii=False) + "\n" if rec is not None else None
    return None
