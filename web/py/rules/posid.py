"""GNU Backgammon Position ID: 80 bits, base64 without padding (14 characters).

Layout (as gnubg's code writes it): first the side **not** on roll, then the side on roll.
For each side, 25 slots: its points 1..24 counted from its own ace point, then its bar.
Each slot is written as one ``1`` bit per checker followed by a ``0``. Bits are packed
little-endian (bit *i* is bit ``i % 8`` of byte ``i // 8``) into 10 bytes, then base64
encoded with the standard alphabet and the padding dropped.
"""

from __future__ import annotations

from binascii import b2a_base64

from .b64 import id_bits
from .errors import PositionIdError



_RUNS = {c: "0" + "1" * c for c in range(16)}
"""A slot of c checkers as its bits, highest first: the ending ``0``, then c ones."""


_SIDE_TEXT: dict[tuple[int, ...], str] = {}
"""A side's 25 slots as their bits (``_RUNS``, bar first), by the side: the plays of one roll share most sides,
so each is written once (cleared when large)."""


def encode_position_id(mine: tuple[int, ...], theirs: tuple[int, ...]) -> str:
    """Encode two 26-slot sides (index 0 off, 1..24 points, 25 bar); ``mine`` is on roll."""
    texts = _SIDE_TEXT
    try:  # the 80 bits as text, highest first (mine's bar down to theirs' point 1), read as one number
        m = texts.get(mine)
        t = texts.get(theirs)
        if m is None or t is None:
            if len(texts) >= 4096:
                texts.clear()
            if m is None:
                m = texts[mine] = "".join(map(_RUNS.__getitem__, mine[25:0:-1]))
            if t is None:
                t = texts[theirs] = "".join(map(_RUNS.__getitem__, theirs[25:0:-1]))
        bits = int(m + t, 2)
    except (KeyError, TypeError):  # a slot count outside 0..15, or a side that is not a tuple: bit by bit
        bits = 0
        n = 0
        for side in (theirs, mine):
            for slot in range(1, 26):
                c = side[slot]
                bits |= ((1 << c) - 1) << n
                n += c + 1
    return b2a_base64(bits.to_bytes(10, "little"), newline=False).decode("ascii")[:14]


def decode_position_id(pid: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Decode a Position ID into ``(mine, theirs)`` 26-slot tuples; ``mine`` is on roll.

    Raises :class:`PositionIdError` when the text is not 14 base64 characters, a side has more
    than 15 checkers, the bit string does not hold 50 slots, or both sides share a point.
    """
    bits = id_bits(pid, 14, PositionIdError, "Position ID")
    # runs[k]: the ones before the (k + 1)th zero, from bit 0 up (a slot's count, then its ending 0)
    runs = format(bits, "080b")[::-1].split("0")
    sides: list[tuple[int, ...]] = []
    for s in (0, 25):
        if len(runs) <= s + 25:
            raise PositionIdError(f"Position ID {pid!r} ends before all 50 slots are written")
        slots = tuple(map(len, runs[s:s + 25]))
        total = sum(slots)
        if total > 15:
            raise PositionIdError(f"Position ID {pid!r} has {total} checkers for one side (at most 15)")
        sides.append((15 - total, *slots))
    if "1" in "".join(runs[50:]):
        raise PositionIdError(f"Position ID {pid!r} has stray bits after the 50 slots")
    theirs, mine = sides
    for p in range(1, 25):
        if mine[p] and theirs[25 - p]:
            raise PositionIdError(
                f"Position ID {pid!r} puts both sides on one point (point {p} of the side on roll)")
    return mine, theirs
