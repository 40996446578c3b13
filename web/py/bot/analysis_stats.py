"""The analysis' luck and statistics, as GNU Backgammon gives them (docs/analysis.md, Statistics and Luck).

    roll_luck(ev, board, dice, value, first=False) -> (luck, average outputs, rolled outputs)
    statistics(games, record_games) -> per-player dicts (checker play, cube, overall, luck)

Pure and standard library only, as ``bot.analysis``.
"""
from __future__ import annotations

from typing import Callable

from rules.board import ALL_ROLLS, Board

from . import play as _play
from .network import Outputs, outputs

LUCK_RATINGS = ((-0.06, "Go to bed"), (-0.03, "Bad dice, man!"), (0.03, "None"), (0.06, "Good dice, man!"))
"""GNU Backgammon's luck rating of the luck per roll (``getLuckRating``): below -0.06, below -0.03, up to
+0.03, up to +0.06 (bounds included on the lucky side, as gnubg.luckrating), and above it "Go to Las Vegas"."""
LAS_VEGAS = "Go to Las Vegas"

NOTATION = {"double": "Double", "no_double": "No double", "take": "Take", "pass": "Pass", "beaver": "Beaver",
            "resign": "Resign"}
"""The notation of cube and resign decisions (GNU Backgammon's words; the UI shows its own translation)."""

MARK_KEYS = {"": "none", "doubtful": "doubtful", "bad": "bad", "very bad": "very-bad"}
"""``mark`` as the review's ``data-mark`` value (``mark_key``)."""


def luck_rating(per_roll: float, rolls: int) -> str:
    if not rolls:
        return "N/A"
    for bound, name in LUCK_RATINGS:
        if per_roll < bound or (bound > 0 and per_roll <= bound):
            return name
    return LAS_VEGAS


def roll_luck(ev, board: Board, dice: tuple[int, int], value: Callable[[Outputs], float],
              first: bool = False) -> tuple[float, Outputs, Outputs]:
    """The luck of rolling ``dice`` in ``board`` (the roller on roll, before rolling): the value (``value``,
    the mover's cubeless equity or match equity) of its best play of ``dice`` minus the average of that over
    the 21 rolls (the 15 non-doubles for a game's first roll, which cannot be a double). The best play of each
    roll is ``play.best_reply``'s with ``ev`` (0-ply, as GNU Backgammon's luck analysis). Returns the luck,
    the averaged outputs (the position's value before rolling, with respect to the same evaluator: averaging
    the luck over the rolls gives 0, since ``value`` is linear in the outputs) and the rolled outputs."""
    pre: dict = {}
    cache: _play.Cache = {}
    acc = [0.0] * 5
    total = 0
    rolled = None
    lo, hi = min(dice), max(dice)
    for r in ALL_ROLLS:
        if first and r[0] == r[1]:
            continue
        o = _play.best_reply(ev, board, r, None, pre, cache)[0]
        w = 1 if r[0] == r[1] else 2
        total += w
        for k in range(5):
            acc[k] += w * o[k]
        if r == (lo, hi):
            rolled = o
    mean = outputs(a / total for a in acc)
    assert rolled is not None
    return value(rolled) - value(mean), mean, rolled  # type: ignore[return-value]


# --- statistics ------------------------------------------------------------------------------------------------

def _bucket() -> dict:
    return {"count": 0, "loss": 0.0}


def _add(b: dict, loss: float) -> None:
    b["count"] += 1
    b["loss"] += loss


def _rate(loss: float, n: int) -> float:
    return round(1000.0 * loss / n, 6) if n else 0.0


def _player() -> dict:
    return {"checker": {"moves": 0, "unforced": 0, "loss": 0.0, "marks": {"doubtful": 0, "bad": 0, "very bad": 0}},
            "cube": {"decisions": 0, "loss": 0.0, "doubles": 0, "takes": 0, "passes": 0,
                     "missed_doubles_below_cash": _bucket(), "missed_doubles_above_cash": _bucket(),
                     "wrong_doubles_below_double_point": _bucket(), "wrong_doubles_above_too_good": _bucket(),
                     "wrong_takes": _bucket(), "wrong_passes": _bucket()},
            "resign": {"decisions": 0, "loss": 0.0},
            "luck": {"rolls": 0, "total": 0.0, "points": 0.0, "joker": 0, "anti_joker": 0},
            "result": 0}


JOKER = 0.6
"""A roll whose luck is at least this (or at most its negative) is a joker (an anti-joker), as GNU's
"very lucky" / "very unlucky" rolls."""


def statistics(rows: list[list[dict]], record_games: list, rating: Callable[[float, int], str]) -> list[dict]:
    """Per player, from the listed decisions of each game (``rows``, with ``luck`` and ``cube_value`` on the
    move rows) and the record's games (their results): checker play and cube decisions apart, resignations,
    luck and the luck-adjusted result. Money: the result in points; match: in points of the match too."""
    players = [_player(), _player()]
    for gi, game in enumerate(rows):
        for r in game:
            st = players[r["player"]]
            if r["kind"] == "move":
                c = st["checker"]
                c["moves"] += 1
                if not r["forced"]:
                    c["unforced"] += 1
                    c["loss"] += r["loss"]
                    if r["mark"]:
                        c["marks"][r["mark"]] += 1
                if "luck" in r:
                    lk = st["luck"]
                    lk["rolls"] += 1
                    lk["total"] += r["luck"]
                    lk["points"] += r["luck"] * r.get("cube_value", 1)
                    lk["joker"] += r["luck"] >= JOKER
                    lk["anti_joker"] += r["luck"] <= -JOKER
            elif r["kind"] in ("double", "take"):
                _cube_row(st["cube"], r)
            elif r["kind"] == "resign":
                st["resign"]["decisions"] += 1
                st["resign"]["loss"] += r["loss"]
        res = record_games[gi].get("result") if gi < len(record_games) and isinstance(record_games[gi], dict) else None
        if isinstance(res, dict) and res.get("winner") in (0, 1) and isinstance(res.get("points"), int):
            players[res["winner"]]["result"] += res["points"]
            players[1 - res["winner"]]["result"] -= res["points"]
    for p, st in enumerate(players):
        c, cb, lk = st["checker"], st["cube"], st["luck"]
        c["loss"] = round(c["loss"], 6)
        st["resign"]["loss"] = round(st["resign"]["loss"], 6)
        c["error_rate"] = _rate(c["loss"], c["unforced"])
        c["rating"] = rating(c["error_rate"], c["unforced"])
        cb["loss"] = round(cb["loss"], 6)
        cb["error_rate"] = _rate(cb["loss"], cb["decisions"])
        cb["rating"] = rating(cb["error_rate"], cb["decisions"])
        for k, v in cb.items():
            if isinstance(v, dict):
                v["loss"] = round(v["loss"], 6)
        lk["total"] = round(lk["total"], 6)
        lk["points"] = round(lk["points"], 6)
        lk["rate"] = _rate(lk["total"], lk["rolls"])
        lk["rating"] = luck_rating(lk["total"] / lk["rolls"] if lk["rolls"] else 0.0, lk["rolls"])
    for p, st in enumerate(players):
        other = players[1 - p]["luck"]["points"]
        st["luck_adjusted_result"] = round(st["result"] - (st["luck"]["points"] - other), 6)
    return players


def _cube_row(cb: dict, r: dict) -> None:
    cb["decisions"] += 1
    cb["loss"] += r["loss"]
    e, played, best, loss = r["equities"], r["played"], r["best"], r["loss"]
    if r["kind"] == "double":
        cb["doubles"] += played == "double"
        if played == "no_double" and best == "double":
            above = e["double_pass"] <= e["double_take"]  # the taker should pass: past the cash point
            _add(cb["missed_doubles_above_cash" if above else "missed_doubles_below_cash"], loss)
        elif played == "double" and best == "no_double":
            too_good = e["no_double"] >= e["double_pass"]  # playing on beats cashing
            _add(cb["wrong_doubles_above_too_good" if too_good else "wrong_doubles_below_double_point"], loss)
    else:
        cb["takes" if played == "take" else "passes"] += 1
        if played == "take" and best == "pass":
            _add(cb["wrong_takes"], loss)
        elif played == "pass" and best == "take":
            _add(cb["wrong_passes"], loss)
