"""The review of a finished game, as plain data (no DOM): its steps from the verifier's replay, each step's sentence
and facts, the analysis joined to the steps, and the graph of winning chances as SVG text.

``ui.review_view`` shows it; tests run it in CPython.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Optional

from game.verify import walk_record
from rules.board import pips
from rules.position import Position

from .model import slot_counts

ANALYSIS_KEY = "gamao.analysis"
ANALYSIS_KEEP = 30


class ReviewError(ValueError):
    """A record that cannot be reviewed (not a record, or no game the replay can follow)."""


@dataclass(frozen=True)
class Step:
    """One position of the review: after ``action`` of game ``game`` (action -1: the game's start)."""
    game: int
    action: int
    player: Optional[int]
    kind: str                  # start, opening_roll, roll, play, double, take, pass, beaver, resign, clock_expired
    counts: dict               # signed slot counts as the table's board shows them (ui.model.slot_counts)
    dice: Optional[tuple]
    cube: int
    owner: Optional[int]
    pips: tuple
    score: tuple
    data: dict                 # the action itself (or {} at the start)
    outcome: Optional[tuple]


def record_key(record: dict) -> str:
    """A stable key for a record (the analysis is stored under it): its players, rules and games, so that the
    same game from the game-over dialog, the History (which adds ``created``) or a file finds the same analysis."""
    kept = {k: record.get(k) for k in ("players", "match_length", "rules", "games")}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]


def dice_unverifiable(record: dict) -> bool:
    """True when some game of the record has no dice commitment (a match opened from a .mat file): the review
    says that its dice cannot be verified."""
    games = record.get("games") if isinstance(record, dict) else None
    return any(isinstance(g, dict) and isinstance(g.get("dice"), dict) and g["dice"].get("scheme") == "none"
               for g in games or ())


def _sides(pos, turn):
    """(player 0's side, player 1's side) from a position seen by ``turn``."""
    if turn == 1:
        return pos[1], pos[0]
    return pos[0], pos[1]


def steps(record) -> list[Step]:
    """Every step of the record: each game's start, then the position after each action."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError as exc:
            raise ReviewError(f"not JSON: {exc}") from None
    if not isinstance(record, dict) or not isinstance(record.get("games"), list):
        raise ReviewError("not a game record")
    out: list[Step] = []
    started: set[int] = set()

    def score_before(gi: int) -> tuple:
        s = [0, 0]
        for g in record["games"][:gi]:
            res = g.get("result") if isinstance(g, dict) else None
            if isinstance(res, dict) and res.get("winner") in (0, 1) and isinstance(res.get("points"), int):
                s[res["winner"]] += res["points"]
        return tuple(s)

    def observe(gi, ai, action, before, after):
        if gi not in started:
            started.add(gi)
            start = Position.initial()
            out.append(Step(gi, -1, None, "start", slot_counts(start[0], start[1]), None, 1, None, (167, 167),
                            score_before(gi), {}, None))
        t = action["type"]
        player = action.get("player")
        if after.phase == "over" and after.outcome is not None and t in ("play", "clock_expired"):
            board = _sides(after.pos, before.turn)    # the winning play: not turned round
        else:
            board = _sides(after.pos, after.turn)
        dice = tuple(action["dice"]) if t in ("roll", "opening_roll") else None
        if t in ("play", "clock_expired") and before.dice is not None and action.get("phase", "move") == "move":
            dice = before.dice
        s = score_before(gi)
        if after.outcome is not None and after.outcome[0] in (0, 1):
            s = list(s)
            s[after.outcome[0]] += after.outcome[1]
            s = tuple(s)
        out.append(Step(gi, ai, player, t, slot_counts(board[0], board[1]), dice, after.cube, after.owner,
                        (pips(board[0]), pips(board[1])), s, dict(action), after.outcome))

    verdict = walk_record(record, observe)
    if not out:
        reason = verdict.reasons[0] if verdict.reasons else "no game to replay"
        raise ReviewError(reason)
    return out


def result_counts(position_id: str, mover: int) -> dict:
    """The board's slot counts of a play's result (a Position ID with the mover encoded second)."""
    board = _sides(Position.from_id(position_id), mover)
    return slot_counts(board[0], board[1])


def names(record: dict, t) -> tuple[str, str]:
    players = record.get("players") or [{}, {}]
    out = []
    for i in (0, 1):
        seat = players[i] if i < len(players) and isinstance(players[i], dict) else {}
        name = seat.get("name") if isinstance(seat.get("name"), str) else ""
        out.append(name or t("player_white" if i == 0 else "player_black"))
    return out[0], out[1]


def step_text(step: Step, who: tuple[str, str], t) -> str:
    """The sentence a screen reader hears for a step (the same words as the page shows)."""
    d = step.data
    name = who[step.player] if step.player in (0, 1) else ""
    k = step.kind
    if k == "start":
        return t("review_start", g=step.game + 1)
    if k == "opening_roll":
        return t("review_opening", a=d["dice"][0], b=d["dice"][1], p0=who[0], p1=who[1])
    if k == "roll":
        return t("review_roll", name=name, a=d["dice"][0], b=d["dice"][1])
    if k == "play":
        text = t("review_play", name=name, play=d.get("play")) if d.get("play") else t("review_no_play", name=name)
    elif k == "double":
        text = t("review_double", name=name, cube=step.cube * 2)
    elif k in ("take", "pass", "resign"):
        text = t("review_" + k, name=name)
    elif k == "beaver":
        text = t("review_beaver", name=name, cube=step.cube)
    elif k == "clock_expired":
        played = d.get("played") or ""
        text = t("review_clock", name=name) + " " + (
            t("review_play", name=name, play=played) if d.get("phase") == "move" and played else
            t("review_" + played, name=name) if played in ("take", "pass") else "")
        text = text.strip()
    else:
        text = k
    if step.outcome is not None and step.outcome[0] in (0, 1):
        text += " " + t("review_over", name=who[step.outcome[0]], points=step.outcome[1])
    return text


def facts(step: Step, who: tuple[str, str], t) -> list[tuple[str, str]]:
    """(name, text) pairs shown beside the board: dice, cube, pips, score."""
    dice = t("review_dice", a=step.dice[0], b=step.dice[1]) if step.dice else t("review_no_dice")
    owner = "" if step.owner is None else f" ({who[step.owner]})"
    return [("dice", dice), ("cube", t("review_cube", cube=step.cube) + owner),
            ("pips", t("review_pips", p0=who[0], a=step.pips[0], p1=who[1], b=step.pips[1])),
            ("score", t("review_score", a=step.score[0], b=step.score[1]))]


def decisions_by_step(all_steps: list[Step], analysis: Optional[dict]) -> dict[int, list[dict]]:
    """The analysed decisions of each step index (a roll's step carries the cube decision before it)."""
    if not analysis:
        return {}
    where = {(s.game, s.action): i for i, s in enumerate(all_steps)}
    out: dict[int, list[dict]] = {}
    for g in analysis.get("games", []):
        for d in g.get("decisions", []):
            i = where.get((g["index"], d["action"]))
            if i is not None:
                out.setdefault(i, []).append(d)
    return out


def mark_class(mark: str) -> str:
    return "mark-" + mark.replace(" ", "-") if mark else ""


def rating_key(rating: str) -> str:
    return "rating_" + rating.lower().replace(" ", "_").replace("!", "").replace("/", "")


def decision_lines(d: dict, who: tuple[str, str], t) -> list[str]:
    """What the review says of one analysed decision: what was done, the loss and mark, the best."""
    mark = t("review_mark_" + d["mark"].replace(" ", "_")) if d["mark"] else t("review_mark_none")
    if d["kind"] == "move":
        played = d.get("play") or t("hint_no_move")
        best = d.get("best_play") or t("hint_no_move")
    else:
        played, best = t("hint_" + d["played"]), t("hint_" + d["best"])
    lines = [t("review_decision", name=who[d["player"]], played=played, loss=f"{d['loss']:.3f}", mark=mark)]
    if d.get("forced"):
        lines.append(t("review_forced"))
    elif d["played"] != d["best"]:
        lines.append(t("review_best", best=best))
    return lines


def graph_points(all_steps: list[Step], analysis: Optional[dict]) -> list[tuple[int, float, float, str]]:
    """(step index, player 0's winning chance, equity, mark) after each analysed decision, in order."""
    out = []
    for i, ds in sorted(decisions_by_step(all_steps, analysis).items()):
        for d in ds:
            if "chances" in d:
                out.append((i, d["chances"]["win"], d["chances"]["equity"], d["mark"]))
    return out


def graph_svg(points: list[tuple[int, float, float, str]], current: int, label: str, width: int = 600,
              height: int = 160) -> str:
    """An SVG line of player 0's winning chance (0 at the bottom, 1 at the top) across the analysed decisions;
    each point a circle with ``data-step`` (the review jumps there when it is clicked)."""
    n = len(points)
    pad = 8

    def xy(k: int, win: float) -> tuple[float, float]:
        x = pad + (width - 2 * pad) * (k / (n - 1) if n > 1 else 0.5)
        y = pad + (height - 2 * pad) * (1.0 - min(max(win, 0.0), 1.0))
        return round(x, 1), round(y, 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{_esc(label)}">',
             f'<line class="mid" x1="{pad}" y1="{height / 2}" x2="{width - pad}" y2="{height / 2}"/>']
    if n:
        path = " ".join(f"{x},{y}" for x, y in (xy(k, p[1]) for k, p in enumerate(points)))
        parts.append(f'<polyline class="line" points="{path}"/>')
        for k, (step, win, eq, mark) in enumerate(points):
            x, y = xy(k, win)
            cls = " ".join(c for c in ("pt", mark_class(mark), "current" if step == current else "") if c)
            parts.append(f'<circle class="{cls}" cx="{x}" cy="{y}" r="5" data-step="{step}" '
                         f'data-win="{win:.3f}"><title>{round(100 * win)}% ({eq:+.3f})</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def store_analysis(stored: Optional[str], key: str, result: dict) -> str:
    """The stored analyses (JSON text of {key: {level: result}}, newest last, at most ANALYSIS_KEEP records)
    with ``result`` added."""
    try:
        data = json.loads(stored) if stored else {}
        if not isinstance(data, dict):
            data = {}
    except ValueError:
        data = {}
    entry = data.pop(key, {}) if isinstance(data.get(key), dict) else {}
    data.pop(key, None)
    entry[result["level"]] = result
    data[key] = entry
    while len(data) > ANALYSIS_KEEP:
        data.pop(next(iter(data)))
    return json.dumps(data, separators=(",", ":"))


def stored_analysis(stored: Optional[str], key: str) -> Optional[dict]:
    """The deepest stored analysis of a record, or None."""
    try:
        data = json.loads(stored) if stored else {}
    except ValueError:
        return None
    entry = data.get(key) if isinstance(data, dict) else None
    if not isinstance(entry, dict):
        return None
    return entry.get("deep") or entry.get("quick")
