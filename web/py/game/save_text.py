"""The JSON text of a save, as ``json.dumps(data, ensure_ascii=False, separators=(",", ":"))`` writes it, with
each action of the record encoded once: a table's record shares its actions (dicts never changed once written)
from one value to the next, so a save after each action writes only the new action's text."""
from __future__ import annotations

import json
from typing import Any

from .kinds import JsonDict

__all__ = ["ENCODER", "save_text"]

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The compact JSON the saves are written in (``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``)."""
_encode = ENCODER.encode

_ACTIONS: dict[int, tuple[JsonDict, str]] = {}
"""id(action) -> (the action, its text); the action is held so its id is not reused while it is here."""
_MAX_ACTIONS = 8192


def _actions_text(actions: list[Any]) -> str:
    """The list of actions as JSON, each action's text kept by the action (one call for the list)."""
    kept_get = _ACTIONS.get
    parts = []
    for action in actions:
        kept = kept_get(id(action))
        if kept is not None and kept[0] is action:
            parts.append(kept[1])
            continue
        text = _encode(action)
        if type(action) is dict:
            if len(_ACTIONS) >= _MAX_ACTIONS:
                _ACTIONS.clear()
            _ACTIONS[id(action)] = (action, text)
        parts.append(text)
    return "[" + ",".join(parts) + "]"


def _object_text(obj: JsonDict, key: str, write: Any) -> str:
    """``obj`` as JSON, its member ``key`` (a list) written by ``write``."""
    parts = []
    for k, v in obj.items():
        if type(k) is not str:  # json.dumps would write the key as text: leave it all to json
            return _encode(obj)
        if k == key and type(v) is list:
            parts.append(_encode(k) + ":" + write(v))
        else:
            parts.append(_encode(k) + ":" + _encode(v))
    return "{" + ",".join(parts) + "}"


def _game_text(game: Any) -> str:
    return _object_text(game, "actions", _actions_text) if type(game) is dict else _encode(game)


def _games_text(games: list[Any]) -> str:
    return "[" + ",".join(map(_game_text, games)) + "]"


def save_text(data: JsonDict, record: Any) -> str:
    """The text of ``data`` with ``record`` added as its last member ``"record"`` (``data`` not empty)."""
    head = _encode(data)
    body = _object_text(record, "games", _games_text) if type(record) is dict else _encode(record)
    return head[:-1] + ',"record":' + body + "}"
