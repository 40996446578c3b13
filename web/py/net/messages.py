"""Wire format of the peer protocol: versioned JSON objects, one per data-channel message.

Every message is checked before anything else looks at it: at most :data:`MAX_MESSAGE_BYTES` bytes of UTF-8,
a JSON object, the protocol version, a known type, exactly the fields that type has (no more, no fewer) with
the right types and ranges. ``decode`` returns the object or raises :class:`~net.errors.Refused`. The exact
format is documented in docs/peer-protocol.md.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Literal

from .errors import Refused

__all__ = ["VERSION", "MAX_MESSAGE_BYTES", "MAX_NAME", "SEQUENCED", "HASHED", "TYPES", "MessageType", "encode",
           "decode", "check", "clean_text", "clean_name", "REMOVED_FROM_TEXT"]

VERSION = 1
MAX_MESSAGE_BYTES = 4096
MAX_NAME = 40
MAX_TEXT = 300
MAX_SEQ = 1 << 31
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_HEX16 = re.compile(r"[0-9a-f]{16}\Z")
#: The code points a name (or any peer text) loses, as (first, last) ranges (docs/peer-protocol.md section 2.1):
#: C0 and C1 controls and DEL, lone UTF-16 surrogates, the bidirectional marks, embeddings, overrides and isolates,
#: and the line and paragraph separators. Nothing else is changed (no normalisation).
REMOVED_FROM_TEXT = ((0x00, 0x1F), (0x7F, 0x9F), (0xD800, 0xDFFF), (0x061C, 0x061C), (0x200E, 0x200F),
                     (0x2028, 0x202E), (0x2066, 0x2069))
_REMOVED = re.compile("[" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in REMOVED_FROM_TEXT) + "]")


def clean_name(text: str) -> str:
    """The one rule for a name (docs/peer-protocol.md 2.1): every code point of :data:`REMOVED_FROM_TEXT`
    removed, then leading and trailing spaces (U+0020) removed. Idempotent; the result is valid text (it
    encodes as UTF-8) and is what is hashed, shown and saved."""
    return _REMOVED.sub("", text).strip(" ")


def clean_text(text: str, limit: int) -> str:
    """Peer-supplied text made safe to show as text: :func:`clean_name`, cut to ``limit`` code points (a local
    name or a refusal's reason; a peer's name longer than :data:`MAX_NAME` is refused, not cut)."""
    return clean_name(clean_name(text)[:limit])


# --- field checks: each returns None when the value is good, else what is wrong --------------------------
def _int(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"an integer {lo}..{hi}"
        return None
    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _hex64(v: Any) -> str | None:
    return None if isinstance(v, str) and _HEX64.match(v) else "64 lowercase hex digits"


def _hex16(v: Any) -> str | None:
    return None if isinstance(v, str) and _HEX16.match(v) else "16 lowercase hex digits"


def _text(limit: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:  # len() of a Python str counts code points (a surrogate pair is one)
        return None if isinstance(v, str) and len(v) <= limit else f"text of at most {limit} code points"
    return check


def _one_of(*values: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if isinstance(v, str) and v in values else "one of " + ", ".join(values)
    return check


def _steps(v: Any) -> str | None:
    want = "a list of 1 to 4 steps [from 1..25, to 0..24, die 1..6]"
    if not isinstance(v, list) or not 1 <= len(v) <= 4:
        return want
    for s in v:
        if not (isinstance(s, list) and len(s) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                            for x in s)):
            return want
        frm, to, die = s
        if not (1 <= frm <= 25 and 0 <= to <= 24 and 1 <= die <= 6 and to < frm):
            return want
    return None


def _settings(v: Any) -> str | None:
    want = "settings {match 0..64, clock 0..600, jacoby, beavers}"
    if not isinstance(v, dict) or set(v) != {"match", "clock", "jacoby", "beavers"}:
        return want
    if _int(0, 64)(v["match"]) or _int(0, 600)(v["clock"]) or _bool(v["jacoby"]) or _bool(v["beavers"]):
        return want
    return None


_SEQ = _int(1, MAX_SEQ)
_THROW = _int(0, 1 << 16)

#: The message types, the value of "t" (exactly the keys of :data:`TYPES`).
MessageType = Literal["hello", "reveal", "roll", "double", "take", "pass", "beaver", "play", "resign", "accept",
                      "decline", "secret", "next", "claim", "renew", "resume", "refused"]

#: type -> {field: check}; "v" and "t" are common to all. Sequenced types also carry "seq"; hashed ones "h".
TYPES: dict[MessageType, dict[str, Callable[[Any], str | None]]] = {
    "hello": {"role": _one_of("host", "guest"), "sid": _hex16, "name": _text(MAX_NAME), "commit": _hex64,
              "chain": _int(8, 4096), "settings": _settings},
    "reveal": {"k": _THROW, "value": _hex64},
    "roll": {"k": _THROW, "value": _hex64},
    "double": {}, "take": {}, "pass": {}, "beaver": {},
    "play": {"steps": _steps},
    "resign": {"points": _int(1, 3 * 4096)}, "accept": {}, "decline": {},
    "secret": {"game": _int(1, 10_000), "value": _hex64},
    "next": {"game": _int(2, 10_000), "commit": _hex64},
    "claim": {},
    "renew": {"game": _int(1, 10_000), "seg": _int(1, 1 << 16), "commit": _hex64},
    "resume": {"sid": _hex16, "have": _int(0, MAX_SEQ), "sent": _int(0, MAX_SEQ), "h": _hex64},
    "refused": {"ref": _int(0, MAX_SEQ), "code": _text(20), "text": _text(MAX_TEXT)},
}
SEQUENCED = frozenset(TYPES) - {"resume", "refused"}
HASHED = frozenset({"reveal", "roll", "double", "take", "pass", "beaver", "play", "resign", "accept", "decline"})
_OPTIONAL = {"hello": {"settings"}}  # the guest's hello has no settings


def check(msg: Any) -> dict[str, Any]:
    """Check a decoded message against its schema; return it or raise Refused("bad_schema"/"bad_version")."""
    if not isinstance(msg, dict):
        raise Refused("bad_schema", "a message must be a JSON object")
    v = msg.get("v")
    if type(v) is not int or v != VERSION:  # an integer: 1.0 and true are not version 1
        raise Refused("bad_version", f"this table speaks protocol version {VERSION}, the message says {v!r}"[:200])
    t = msg.get("t")
    if not isinstance(t, str) or t not in TYPES:
        raise Refused("bad_schema", f"unknown message type {str(t)[:30]!r}")
    fields = dict(TYPES[t])
    if t in SEQUENCED:
        fields["seq"] = _SEQ
    if t in HASHED:
        fields["h"] = _hex64
    optional = _OPTIONAL.get(t, set())
    extra = set(msg) - set(fields) - {"v", "t"}
    if extra:
        raise Refused("bad_schema", f"{t}: unexpected field {sorted(map(str, extra))[0][:30]!r}")
    for name, chk in fields.items():
        if name not in msg:
            if name in optional:
                continue
            raise Refused("bad_schema", f"{t}: missing field {name!r}")
        problem = chk(msg[name])
        if problem:
            raise Refused("bad_schema", f"{t}: {name} must be {problem}")
    return msg


def decode(data: Any) -> dict[str, Any]:
    """Bytes or text from the channel -> a checked message dict; Refused for anything else."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_MESSAGE_BYTES:
            raise Refused("too_large", f"a message may have at most {MAX_MESSAGE_BYTES} bytes")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("not_json", "a message must be UTF-8 text") from None
    if not isinstance(data, str):
        raise Refused("not_json", "a message must be text")
    if len(data) > MAX_MESSAGE_BYTES or len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise Refused("too_large", f"a message may have at most {MAX_MESSAGE_BYTES} bytes")
    try:
        msg = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("not_json", "the message is not JSON") from None
    return check(msg)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def encode(msg: dict[str, Any]) -> str:
    """A message dict as compact JSON text (checked first: this side never sends what it would refuse)."""
    check(msg)
    text = json.dumps(msg, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise Refused("too_large", "message too large to send")
    return text
