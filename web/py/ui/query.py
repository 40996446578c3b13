"""URL query strings (``a=1&b=x+y``): parse and build them as ``urllib.parse`` does (``parse_qs``, ``parse_qsl``,
``urlencode`` of text pairs; the tests check it against urllib on any text), without importing urllib.

Why our own: in the browser, Pyodide compiles ``urllib.parse`` and the ``ipaddress`` module it pulls in from
source at start-up, about a tenth of a second before the table could be ready, for four lines of work."""
from __future__ import annotations

_HEX = "0123456789abcdefABCDEF"
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def unquote_plus(text: str) -> str:
    """``+`` is a space and each run of ``%XX`` escapes bytes of UTF-8 (a malformed escape is kept as it is; bytes
    that are not UTF-8 become U+FFFD; other characters are kept)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out: list[str] = []
    run = bytearray()
    i, n = 0, len(text)
    while i < n:
        if text[i] == "%" and i + 2 < n and text[i + 1] in _HEX and text[i + 2] in _HEX:
            run.append(int(text[i + 1:i + 3], 16))
            i += 3
            continue
        if run:
            out.append(run.decode("utf-8", "replace"))
            run.clear()
        out.append(text[i])
        i += 1
    if run:
        out.append(run.decode("utf-8", "replace"))
    return "".join(out)


def quote_plus(text: str) -> str:
    """Every byte of the UTF-8 text but letters, digits and ``_.-~`` as ``%XX``; spaces as ``+``."""
    return "".join(chr(b) if b in _SAFE else "+" if b == 0x20 else f"%{b:02X}" for b in text.encode("utf-8"))


def parse_pairs(query: str, keep_blank_values: bool = False) -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a query (without its ``?``), in order, decoded."""
    pairs = []
    for field in query.split("&"):
        if not field:
            continue
        name, eq, value = field.partition("=")
        if not eq and not keep_blank_values:
            continue
        if value or keep_blank_values:
            pairs.append((unquote_plus(name), unquote_plus(value)))
    return pairs


def parse(query: str) -> dict[str, list[str]]:
    """Each name with its non-empty values, in order (``parse_qs``)."""
    out: dict[str, list[str]] = {}
    for name, value in parse_pairs(query):
        out.setdefault(name, []).append(value)
    return out


def encode(pairs: list[tuple[str, str]]) -> str:
    """``name=value&...`` of text pairs (``urlencode``)."""
    return "&".join(quote_plus(name) + "=" + quote_plus(value) for name, value in pairs)
