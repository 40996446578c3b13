"""The base64 text of GNU Backgammon's IDs as one little-endian integer, with errors that say what is wrong."""
from __future__ import annotations

import base64

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def id_bits(value: object, length: int, error: type[Exception], what: str) -> int:
    """The bits of an unpadded base64 ID of ``length`` characters (``what`` names it in ``error``'s message)."""
    if not isinstance(value, str):
        raise error(f"{what} must be a string, not {type(value).__name__}")
    text = value.strip()
    if len(text) != length:
        raise error(f"{what} must have {length} characters, got {len(text)}: {value!r}")
    bad = sorted(set(text) - _B64)
    if bad:
        raise error(f"{what} has characters outside base64: {''.join(bad)!r}")
    # Only alphabet characters remain, so decoding cannot fail; spare bits of the last character are dropped.
    raw = base64.b64decode(text + "=" * (-len(text) % 4))
    return int.from_bytes(raw, "little")
