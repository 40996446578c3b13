"""Saving a peer session on this device and reading it back (the log of applied messages is replayed)."""
from __future__ import annotations

import json
from typing import Any

import game

from . import messages as M
from .errors import PeerError

__all__ = ["SAVE_FORMAT", "to_json", "from_json"]

SAVE_FORMAT = "gamao-peer-session"
_MAX_LOG = 200_000


def to_json(s) -> str:
    """The session ``s`` as JSON for this device only (it holds this side's chain secrets, keyed "<game>" for a
    game's chain and "<game>.<segment>" for a renewed one)."""
    return json.dumps({"format": SAVE_FORMAT, "version": 1, "role": s.role, "name": s.names[s.me],
                       "settings": s.settings.to_wire() if s.role == "host" else None,
                       "sid": s.sid, "grace": s.grace, "chain": s.chain_length,
                       "secrets": {key: v.hex() for key, v in s._saved_secrets.items()},
                       "log": s.log}, separators=(",", ":"))


def from_json(cls, text: str, now: float = 0.0, chooser: Any = None):
    """A ``cls`` (PeerSession) from ``to_json`` text: PeerError if it cannot be read or its log does not replay."""
    from .session import Settings
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("version") != 1:
            raise PeerError("not a saved peer session")
        saved = {str(key): bytes.fromhex(v) for key, v in data["secrets"].items()}
        settings = Settings.from_wire(data["settings"]) if data["role"] == "host" else None
        s = cls(data["role"], data["name"], settings, now=now, grace=data["grace"], chain_length=data["chain"],
                sid=data["sid"], chooser=chooser)
        s._saved_secrets = dict(saved)
        log = data["log"]
        if not isinstance(log, list) or len(log) > _MAX_LOG:
            raise PeerError("the saved log is not a list")
        s._replaying = True
        for side, msg in log:
            M.check(msg)
            if side not in (0, 1):
                raise PeerError("bad side in the saved log")
            s.now = now
            s._apply(msg, side)
            s._commit(msg, side)
            if side == s.me:
                s._texts.append(M.encode(msg))
        s._replaying = False
        s._events = []
        s.since = float(now)
        return s
    except PeerError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, game.GameError) as exc:
        raise PeerError(f"the saved peer session cannot be read: {type(exc).__name__}: {exc}") from None
