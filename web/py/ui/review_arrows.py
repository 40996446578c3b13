"""Arrows on the board, as plain data: where each checker step of a play starts and ends on the screen, and the
SVG that draws them over the board (one arrow per step, a hit marked at its end).

The board's places are measured in the page (``ui.review_board`` passes each slot's box relative to the board);
this module knows how the table's board stacks checkers in them: on a wide screen the points are tall, stacked
from the board's edge (the top row downwards, the bottom row upwards); on a phone held upright they are rows,
stacked from the outer edge (the bottom player's column from the left, the other from the right). Pure: tested
under CPython.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from .model import MAX_VISIBLE

Box = tuple  # (x, y, width, height) in px, relative to the board

TOP_SLOTS = frozenset([str(n) for n in range(13, 25)] + ["opp-bar", "opp-off"])


def _checker_size(box: Box, slot: str) -> float:
    x, y, w, h = box
    if slot in ("off", "opp-off"):
        return min(w, h) * 0.5
    if h >= w:                                   # a tall point: the wide board
        return min(0.9 * w, 0.195 * h)
    return min(0.84 * h, 0.34 * w)               # a row: the phone's board


def anchor(box: Box, slot: str, index: int) -> tuple[float, float]:
    """The centre of the ``index``-th checker (0 at the edge) of ``slot`` drawn in ``box``."""
    x, y, w, h = box
    if slot in ("off", "opp-off"):
        return x + w / 2, y + h / 2
    i = max(0, min(index, MAX_VISIBLE - 1))
    size = _checker_size(box, slot)
    top = slot in TOP_SLOTS
    if h >= w:
        along = (i + 0.5) * size
        return x + w / 2, (y + along) if top else (y + h - along)
    step = min(size, max(0.0, (w - size - 20) / 4))
    along = 2.4 + i * step + size / 2
    return (x + w - along) if top else (x + along), y + h / 2


def segments(boxes: Mapping[str, Box], counts: Mapping[str, int], steps: Iterable[tuple]) -> list[tuple]:
    """(x1, y1, x2, y2, hit, from slot, to slot) for each step (from slot, to slot, hit) of one player's play made
    from ``counts`` (signed: the bottom player's positive): from the checker on top of its stack to the place it
    lands, the counts followed step by step."""
    now = dict(counts)
    out = []
    for frm, to, hit in steps:
        if frm not in boxes or to not in boxes:
            continue
        here = now.get(frm, 0)
        sign = 1 if here > 0 else -1
        x1, y1 = anchor(boxes[frm], frm, abs(here) - 1)
        now[frm] = here - sign
        there = now.get(to, 0)
        if hit:
            there = 0
        x2, y2 = anchor(boxes[to], to, abs(there) if there * sign > 0 else 0)
        now[to] = there + sign
        out.append((round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1), bool(hit), frm, to))
    return out


def _shorten(x1: float, y1: float, x2: float, y2: float, by: float) -> tuple[float, float]:
    dx, dy = x2 - x1, y2 - y1
    d = (dx * dx + dy * dy) ** 0.5
    if d <= 2 * by:
        return x2, y2
    return round(x2 - dx / d * by, 1), round(y2 - dy / d * by, 1)


def svg(width: float, height: float, layers: Iterable[tuple[str, list]], prefix: str = "rv") -> str:
    """The overlay: for each (kind, segments) an arrow per segment, ``<line data-arrow data-kind=kind>``, its
    head a marker (ids start with ``prefix``: one per board on the page), a hit marked by a ring at its end (``data-hit``). ``kind`` is "played" or "best"."""
    w, h = max(1.0, float(width)), max(1.0, float(height))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="arrows" viewBox="0 0 {w:.0f} {h:.0f}" '
             f'width="{w:.0f}" height="{h:.0f}" aria-hidden="true" focusable="false"><defs>']
    for kind in ("played", "best"):
        parts.append(f'<marker id="{prefix}-head-{kind}" class="head {kind}" viewBox="0 0 10 10" refX="6" refY="5" '
                     f'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
                     f'<path d="M0,0 L10,5 L0,10 z"/></marker>')
    parts.append("</defs>")
    size = max(6.0, min(w, h) / 40)
    for kind, segs in layers:
        for x1, y1, x2, y2, hit, frm, to in segs:
            ex, ey = _shorten(x1, y1, x2, y2, size * 0.8)
            parts.append(f'<line data-arrow="" data-kind="{kind}" data-from="{frm}" data-to="{to}"'
                         f'{" data-hit" if hit else ""} class="arrow {kind}" x1="{x1}" y1="{y1}" x2="{ex}" '
                         f'y2="{ey}" stroke-width="{size * 0.55:.1f}" marker-end="url(#{prefix}-head-{kind})"/>')
            if hit:
                parts.append(f'<circle class="hit {kind}" data-hit="{to}" cx="{x2}" cy="{y2}" r="{size * 1.6:.1f}"/>')
    parts.append("</svg>")
    return "".join(parts)
