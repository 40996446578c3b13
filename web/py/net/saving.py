"""Saving a peer session on this device and reading it back (the log of applied messages is replayed through
the handlers of ``net.session_handlers``). Pure."""
from __future__ import annotations

import json
from typing import Any, Callable, Optional

import game

from . import messages as M
from .errors import PeerError
from .session_handlers import apply_message
from .session_value import Draft, SessionValue, Settings

__all__ = ["SAVE_FORMAT", "to_json", "read", "readable", "settings_of", "replay"]

SAVE_FORMAT = "gamao-peer-session"
_MAX_LOG = 200_000


def to_json(v: SessionValue) -> str:
    """The session's value ``v`` as JSON for this device only (it holds this side's chain secrets, keyed "<game>"
    for a game's chain and "<game>.<segment>" for a renewed one)."""
    return json.dumps({"format": SAVE_FORMAT, "version": 1, "role": v.role, "name": v.names[v.me],
                       "settings": v.settings.to_wire() if v.role == "host" and v.settings else None,
                       "sid": v.sid, "grace": v.grace, "chain": v.chain_length,
                       "secrets": {key: secret.hex() for key, secret in v.secrets},
                       "log": v.log}, separators=(",", ":"))


def readable(what: Callable[[], Any]) -> Any:
    """``what()``, its errors as PeerError (the saved session cannot be read)."""
    try:
        return what()
    except PeerError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, game.GameError) as exc:
        raise PeerError(f"the saved peer session cannot be read: {type(exc).__name__}: {exc}") from None


def read(text: str) -> dict[str, Any]:
    """The saved data of ``to_json`` text, its secrets as ``((key, bytes), ...)``: PeerError if it is not one."""
    def parse() -> dict[str, Any]:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("version") != 1:
            raise PeerError("not a saved peer session")
        data["secrets"] = tuple((str(key), bytes.fromhex(v)) for key, v in data["secrets"].items())
        if not isinstance(data["log"], list) or len(data["log"]) > _MAX_LOG:
            raise PeerError("the saved log is not a list")
        settings_of(data)
        return data
    result: dict[str, Any] = readable(parse)
    return result


def settings_of(data: dict[str, Any]) -> Optional[Settings]:
    return Settings.from_wire(data["settings"]) if data["role"] == "host" else None


def replay(value: SessionValue, log: list[Any], now: float, random: Callable[[int], bytes]) -> SessionValue:
    """``value`` (a new session's) with the saved ``log`` applied, message by message, as when it was played:
    PeerError if it does not replay."""
    def run() -> SessionValue:
        v, table = value, None
        for side, msg in log:
            M.check(msg)
            if side not in (0, 1):
                raise PeerError("bad side in the saved log")
            d = Draft(v, table, now=now, random=random, replaying=True)
            apply_message(d, msg, side)
            v, table = d.freeze(), d.table
        return v
    result: SessionValue = readable(run)
    return result
