"""The review's statistics as rows (no DOM): for each player what the analysis gives: error rates (checker play
and cube apart when given), the rating band, missed and wrong doubles, wrong takes and passes, and the luck of the
rolls with the luck-adjusted result when the analysis has them. Pure: tested under CPython.
"""
from __future__ import annotations

from typing import Optional

from .review import rating_key


def _sum(*paths: tuple):
    """The sum of the figures at ``paths`` (None when one is missing)."""
    def get(st: dict):
        vals = [_get(st, p) for p in paths]
        return sum(vals) if all(_number(v) for v in vals) else None
    return get


def _at(*path: str):
    return lambda st: _get(st, path)


# (the figure of a player's statistics, text key, format): shown when the analysis has it for both players
ROWS = (
    (_at("error_rate"), "stat_error_rate", "{:.1f}"),
    (_at("rating"), "stat_rating", "rating"),
    (_at("checker", "error_rate"), "stat_checker_rate", "{:.1f}"),
    (_at("cube", "error_rate"), "stat_cube_rate", "{:.1f}"),
    (_at("unforced"), "stat_unforced", "{}"),
    (_at("loss"), "stat_loss", "{:.3f}"),
    (_sum(("cube", "missed_doubles_below_cash", "count"), ("cube", "missed_doubles_above_cash", "count")),
     "stat_missed_doubles", "{}"),
    (_sum(("cube", "wrong_doubles_below_double_point", "count"), ("cube", "wrong_doubles_above_too_good", "count")),
     "stat_wrong_doubles", "{}"),
    (_at("cube", "wrong_takes", "count"), "stat_wrong_takes", "{}"),
    (_at("cube", "wrong_passes", "count"), "stat_wrong_passes", "{}"),
    (_at("luck", "total"), "stat_luck", "{:+.3f}"),
    (_at("luck", "rate"), "stat_luck_rate", "{:+.1f}"),
    (_at("luck", "rating"), "stat_luck_rating", "words"),
    (_at("luck_adjusted_result"), "stat_luck_adjusted", "{:+.2f}"),
)


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _get(st, path: tuple):
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


def luck_key(name: str) -> str:
    """GNU Backgammon's luck rating ("Go to bed" ... "Go to Las Vegas") as a text key."""
    return "luck_" + "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_").replace("__", "_")


def _luck(name: str, t) -> str:
    try:
        return t(luck_key(name))
    except KeyError:
        return name


def rows(analysis: Optional[dict], t) -> list[tuple[str, str, str]]:
    """(what, player 0's figure, player 1's figure) for the statistics the analysis gives."""
    if not analysis or len(analysis.get("players") or []) != 2:
        return []
    out = []
    for get, key, fmt in ROWS:
        vals = [get(p) for p in analysis["players"]]
        if fmt == "rating" and all(isinstance(v, str) for v in vals):
            out.append((t(key), _rating(vals[0], t), _rating(vals[1], t)))
        elif fmt == "words" and all(isinstance(v, str) for v in vals):
            out.append((t(key), _luck(vals[0], t), _luck(vals[1], t)))
        elif fmt not in ("rating", "words") and all(_number(v) for v in vals):
            out.append((t(key), fmt.format(vals[0]), fmt.format(vals[1])))
    return out
