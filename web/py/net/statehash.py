"""The state hash of a peer session: SHA-256 of the canonical JSON of everything both sides must agree on.

Field by field in docs/peer-protocol.md section 4, with worked examples in tests/net/data/state_hash_vectors.json.
Pure.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from game.state import ROLL

from .chains import hex_or_none as _hex

__all__ = ["canonical", "state_object", "state_hash"]


def canonical(value: Any) -> bytes:
    """Canonical JSON: keys sorted, no spaces, ASCII only (every other character as a lowercase \\uXXXX escape,
    astral ones as their two UTF-16 surrogate escapes), integers in decimal; as ASCII bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")



def state_object(s: Any) -> dict[str, Any]:
    """The object that is hashed (``s`` a PeerSession, or its working copy ``net.session_value.Draft``)."""
    d: dict[str, Any] = {"sid": s.sid, "stage": s.stage, "game": s.game_no, "k": s.k,
               "commits": [_hex(c) for c in s.commits], "last": [_hex(c) for c in s.last],
               "revealed": [_hex(c) for c in s.revealed], "roll_pending": s.roll_pending,
               "opening": [list(p) for p in s.opening], "next": [_hex(c) for c in s.next_commits],
               "renewals": [[_hex(c) for c in pair] for pair in s.renewals],
               "names": list(s.names), "settings": s.settings.to_wire() if s.settings else None}
    if s.table is not None:
        st = s.table.state()
        board = s.table.committed_board()
        rec = s.table.value.record
        d["table"] = {"players": rec["players"], "earlier": _earlier_games_digest(rec),
                      "game": rec["games"][-1], "phase": st.phase, "turn": st.turn,
                      "board": [list(board[0]), list(board[1])],
                      "dice": list(st.dice) if st.dice and st.phase != ROLL else None,
                      "cube": st.cube, "owner": st.cube_owner, "score": list(st.score),
                      "crawford": st.crawford}
        if st.offer is not None:  # only while a resignation waits for its answer (older vectors unchanged)
            d["table"]["offer"] = list(st.offer)
    return d


def state_hash(s: Any) -> str:
    return hashlib.sha256(canonical(state_object(s))).hexdigest()


_DIGESTS: list[tuple[int, str, Any]] = []  # (earlier games, their digest, the last of them), newest first
_KEEP = 8


def _earlier_games_digest(rec: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of the record's games before the last one (cached: they no longer
    change, and the tables' values share them, so the last earlier game's object identifies them). With no
    earlier game: the hash of ``[]``."""
    n = len(rec["games"]) - 1
    last_earlier = rec["games"][n - 1] if n > 0 else None
    for entry in _DIGESTS:
        if entry[0] == n and entry[2] is last_earlier:
            return entry[1]
    digest = hashlib.sha256(canonical(rec["games"][:n])).hexdigest()
    _DIGESTS.insert(0, (n, digest, last_earlier))
    del _DIGESTS[_KEEP:]
    return digest
