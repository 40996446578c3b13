"""The review's list of decisions as HTML text (no DOM), as lichess's move list: every decision of both players
in order under its game's heading, each a button ``[data-decision]`` with its turn's number, the player, what was
done, the equity lost and the mark (coloured and in words); the game's result after its last decision.
Pure: tested under CPython. Only the shown decision is in the tab order (``aria-current``); the arrow keys move.
"""
from __future__ import annotations

from typing import Sequence

from .review import Item, mark_words, notation


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def item_html(i: int, it: Item, who: tuple[str, str], t, current: int) -> str:
    side = "bottom" if it.player == 0 else "top"
    if it.loss is None:
        loss = ""
    elif round(it.loss, 3):
        loss = t("review_lost", loss=f"{it.loss:.3f}")
    else:
        loss = "0.000"  # nothing lost, not "−0.000"
    mark = it.mark
    words = mark_words(mark, t) if it.analysed else ""
    attrs = (f'type="button" class="decision mark-{mark}" data-decision="" data-i="{i}" data-mark="{mark}" '
             f'data-kind="{it.kind}" data-player="{it.player}" tabindex="{0 if i == current else -1}"')
    if i == current:
        attrs += ' aria-current="true"'
    return (f'<li><button {attrs}><span class="num">{it.turn}</span>'
            f'<span class="swatch {side}" aria-hidden="true"></span>'
            f'<span class="sr-only">{_esc(who[it.player])}</span> '
            f'<span class="what">{_esc(notation(it, t))}</span> '
            f'<span class="loss">{_esc(loss)}</span> '
            f'<span class="mark-word{" sr-only" if mark == "none" else ""}">{_esc(words)}</span></button></li>')


def html(items: Sequence[Item], who: tuple[str, str], t, current: int) -> str:
    parts = []
    for i, it in enumerate(items):
        if i == 0 or it.game != items[i - 1].game:
            head = t("review_game_head", g=it.game + 1, a=it.score[0], b=it.score[1])
            parts.append(f'<li class="game-head"><h3>{_esc(head)}</h3></li>')
        parts.append(item_html(i, it, who, t, current))
        last = i == len(items) - 1 or items[i + 1].game != it.game
        if last and it.outcome is not None and it.outcome[0] in (0, 1):
            parts.append(f'<li class="game-end">{_esc(t("review_over", name=who[it.outcome[0]], points=it.outcome[1]))}</li>')
    return "".join(parts)
