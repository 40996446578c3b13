"""The review's graph as SVG text (no DOM): a player's winning chances after each analysed decision, on labelled
axes (0 to 100 %, a 50 % line, the turns' numbers, a line where each game starts), each decision a point coloured
by its mark; under it the equity each decision lost, as bars. Pure: tested under CPython.

Each point is ``<circle data-i="<item index>">`` (focusable, named by the sentence its tooltip shows); the view
moves the keyboard focus among them and goes to a point's decision when it is chosen.
"""
from __future__ import annotations

from typing import Optional, Sequence

from .review import Item, mark_words, notation

W, H = 640, 250
LEFT, RIGHT = 46, 12
TOP, CHART_H = 26, 130          # the chances' band, its title on a line of its own above it (clear of the points)
TITLE_Y = TOP - 11              # the title's baseline: its descenders end above a point at 100 % (r 6 + its ring)
LOSS_TOP, LOSS_H = 192, 40      # the bars' band
LOSS_SCALE = 0.25               # equity lost at the band's full height (more is clipped)


def chances(item: Item) -> Optional[tuple[float, float]]:
    """(player 0's winning chance, equity) after the item's last analysed decision that gives them."""
    for d in reversed(item.analysed):
        c = d.get("chances")
        if isinstance(c, dict) and "win" in c:
            return float(c["win"]), float(c.get("equity", 0.0))
    return None


def point_text(item: Item, win: float, who: tuple[str, str], player: int, t) -> str:
    """The tooltip (and accessible name) of a point."""
    text = t("review_point", g=item.game + 1, n=item.turn, name=who[item.player], what=notation(item, t),
             whose=who[player], win=round(100 * win))
    if item.loss is not None:
        text += " " + t("review_item_loss", loss=f"{item.loss:.3f}", mark=mark_words(item.mark, t))
    return text


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def svg(items: Sequence[Item], current: int, who: tuple[str, str], t, player: int = 0) -> str:
    """The graph of ``player``'s chances; ``current``: the index of the item shown (its point ringed, and the
    one in the keyboard's tab order)."""
    n = len(items)
    span = W - LEFT - RIGHT

    def x(i: int) -> float:
        return round(LEFT + span * ((i + 0.5) / n if n else 0.5), 1)

    def y(win: float) -> float:
        return round(TOP + CHART_H * (1.0 - min(max(win, 0.0), 1.0)), 1)

    title = t("review_graph", name=who[player])
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" data-graph="" viewBox="0 0 {W} {H}" role="group" '
             f'aria-label="{_esc(title)}">',
             f'<rect class="band" x="{LEFT}" y="{TOP}" width="{span}" height="{CHART_H}"/>']
    for pct in (0, 25, 50, 75, 100):
        yy = y(pct / 100)
        cls = "mid" if pct == 50 else "grid"
        parts.append(f'<line class="{cls}" x1="{LEFT}" y1="{yy}" x2="{W - RIGHT}" y2="{yy}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 5}" y="{yy + 4}" text-anchor="end">{pct}%</text>')
    parts.append(f'<text class="axis title" x="{W - RIGHT}" y="{TOP + CHART_H + 28}" text-anchor="end">'
                 f'{_esc(t("review_axis_turn"))}</text>')
    parts.append(f'<text class="axis title" x="{W - RIGHT}" y="{TITLE_Y}" text-anchor="end">'
                 f'{_esc(t("review_axis_win", name=who[player]))}</text>')
    # the turns' numbers (about a dozen) and where each game starts
    every = max(1, -(-n // 12))
    for i, it in enumerate(items):
        if i == 0 or it.game != items[i - 1].game:
            xx = round(x(i) - span / max(n, 1) / 2, 1)
            parts.append(f'<line class="game" x1="{xx}" y1="{TOP}" x2="{xx}" y2="{LOSS_TOP + LOSS_H}"/>')
            if len({j.game for j in items}) > 1:
                parts.append(f'<text class="axis game-label" x="{xx + 2}" y="{TOP + 11}">'
                             f'{_esc(t("review_axis_game", g=it.game + 1))}</text>')
        if i % every == 0:
            parts.append(f'<text class="axis" x="{x(i)}" y="{TOP + CHART_H + 14}" text-anchor="middle">{it.turn}</text>')
    # the equity lost
    parts.append(f'<line class="grid" x1="{LEFT}" y1="{LOSS_TOP + LOSS_H}" x2="{W - RIGHT}" y2="{LOSS_TOP + LOSS_H}"/>')
    parts.append(f'<text class="axis" x="{LEFT - 5}" y="{LOSS_TOP + 8}" text-anchor="end">{LOSS_SCALE:.2f}</text>')
    parts.append(f'<text class="axis" x="{LEFT - 5}" y="{LOSS_TOP + LOSS_H}" text-anchor="end">0</text>')
    parts.append(f'<text class="axis title" x="{LEFT}" y="{LOSS_TOP - 4}">{_esc(t("review_axis_loss"))}</text>')
    bar_w = max(1.0, min(10.0, span / max(n, 1) * 0.7))
    for i, it in enumerate(items):
        loss = it.loss
        if loss:
            hh = round(LOSS_H * min(loss, LOSS_SCALE) / LOSS_SCALE, 1)
            parts.append(f'<rect class="bar mark-{it.mark}" data-bar="{i}" x="{round(x(i) - bar_w / 2, 1)}" '
                         f'y="{round(LOSS_TOP + LOSS_H - hh, 1)}" width="{bar_w:.1f}" height="{max(hh, 1.0)}"/>')
    # the line and its points
    pts = [(i, c) for i, c in ((i, chances(it)) for i, it in enumerate(items)) if c is not None]
    if pts:
        line = " ".join(f"{x(i)},{y(c[0] if player == 0 else 1.0 - c[0])}" for i, c in pts)
        parts.append(f'<polyline class="line" points="{line}"/>')
    focus = max((i for i, _ in pts if i <= current), default=pts[0][0] if pts else -1)
    for i, c in pts:
        win = c[0] if player == 0 else 1.0 - c[0]
        it = items[i]
        cls = f"pt mark-{it.mark}" + (" current" if i == current else "")
        label = point_text(it, win, who, player, t)
        parts.append(f'<circle class="{cls}" data-i="{i}" data-mark="{it.mark}" data-win="{win:.3f}" cx="{x(i)}" '
                     f'cy="{y(win)}" r="{6 if i == current else 4.5}" role="button" '
                     f'tabindex="{0 if i == focus else -1}" aria-label="{_esc(label)}" data-tip="{_esc(label)}"/>')
    parts.append("</svg>")
    return "".join(parts)
