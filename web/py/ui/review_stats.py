"""The review's statistics as rows (no DOM): for each player what the analysis gives: error rates (checker play
and cube apart when given), the rating band, missed and wrong doubles, wrong takes and passes, and the luck of the
rolls with the luck-adjusted result when the analysis has them. Pure: tested under CPython.
"""
from __future__ import annotations

from typing import Optional

from .review import rating_key

# (analysis key path, text key, format): shown when the analysis has it for both players
ROWS = (
    (("error_rate",), "stat_error_rate", "{:.1f}"),
    (("checker", "error_rate"), "stat_checker_rate", "{:.1f}"),
    (("cube", "error_rate"), "stat_cube_rate", "{:.1f}"),
    (("unforced",), "stat_unforced", "{}"),
    (("loss",), "stat_loss", "{:.3f}"),
    (("cube", "missed_doubles"), "stat_missed_doubles", "{}"),
    (("cube", "wrong_doubles"), "stat_wrong_doubles", "{}"),
    (("cube", "wrong_takes"), "stat_wrong_takes", "{}"),
    (("cube", "wrong_passes"), "stat_wrong_passes", "{}"),
    (("luck", "total"), "stat_luck", "{:+.3f}"),
    (("luck", "rate"), "stat_luck_rate", "{:+.1f}"),
    (("luck", "adjusted"), "stat_luck_adjusted", "{:+.3f}"),
)


def _get(st: dict, path: tuple) -> Optional[object]:
    for k in path:
        if not isinstance(st, dict) or k not in st:
            return None
        st = st[k]
    return st


def _rating(name: str, t) -> str:
    try:
        return t(rating_key(name))
    except KeyError:  # a band this page has no words for: its name as the analysis gives it
        return name


def rows(analysis: Optional[dict], t) -> list[tuple[str, str, str]]:
    """(what, player 0's figure, player 1's figure) for the statistics the analysis gives."""
    if not analysis or len(analysis.get("players") or []) != 2:
        return []
    players = analysis["players"]
    out = []
    for path, key, fmt in ROWS:
        vals = [_get(p, path) for p in players]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
            out.append((t(key), fmt.format(vals[0]), fmt.format(vals[1])))
        if path == ("error_rate",):
            ratings = [p.get("rating") for p in players]
            if all(isinstance(r, str) for r in ratings):
                out.append((t("stat_rating"), _rating(ratings[0], t), _rating(ratings[1], t)))
    return out
