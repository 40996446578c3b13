"""The review of a game or match, as plain data (no DOM): its decisions in order (the list the review steps
through), each with the position before it and the dice, the checker steps of the play made, the analysis joined
to them, and the texts said of them.

One item per decision of either player: a roll and its play, a double, the answer to it (take, pass, beaver), a
resignation, a decision the clock made. The review shows the position *before* the decision; the play is drawn
as arrows (``steps``). ``ui.review_view`` shows it; tests run it in CPython.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Optional

from game.verify import walk_record
from rules import legal_plays, parse_play
from rules.board import pips
from rules.position import Position

from .model import slot_counts, slot_of
from .seat_names import seat_names

ANALYSIS_KEY = "gamao.analysis"
ANALYSIS_KEEP = 30
MARKS = ("none", "doubtful", "bad", "very-bad")


class ReviewError(ValueError):
    """A record that cannot be reviewed (not a record, or no game the replay can follow)."""


@dataclass
class Item:
    """One decision of the review. ``counts``: the board before it (signed slot counts, the bottom player's
    positive); ``after``: the board after it. ``steps``: the play's checker steps as (from slot, to slot, hit).
    ``analysed``: the analysis' rows of this decision (a roll's play also carries the cube decision before it)."""
    game: int
    action: int
    player: int
    kind: str                  # play, double, take, pass, beaver, resign
    counts: dict
    after: dict
    dice: Optional[tuple]
    cube: int
    owner: Optional[int]
    pips: tuple
    score: tuple
    turn: int                  # the turn's number in its game (1 for the opening roll's play)
    notation: str = ""
    position_id: str = ""      # the position before the decision, seen by the player deciding
    play: tuple = ()           # (position before, result), the mover's view
    played_steps: Optional[tuple] = None  # ``steps``, worked out when first asked
    roll_action: Optional[int] = None
    clock: bool = False
    outcome: Optional[tuple] = None
    analysed: list = field(default_factory=list)

    @property
    def steps(self) -> tuple:
        """The play's checker steps (from slot, to slot, hit), read from its notation when first asked (reading
        every play of a long match when the review opens would hold the page up)."""
        if self.kind != "play" or not self.play:
            return ()
        if self.played_steps is None:
            before, result = self.play
            self.played_steps = play_steps(before, self.dice, self.notation, result, self.player == 0)
        return self.played_steps

    @property
    def mark(self) -> str:
        """The worst mark of its analysed rows: none, doubtful, bad or very-bad (the ``data-mark`` values)."""
        worst = 0
        for d in self.analysed:
            worst = max(worst, MARKS.index(mark_value(d.get("mark", ""))))
        return MARKS[worst]

    @property
    def loss(self) -> Optional[float]:
        if not self.analysed:
            return None
        return round(sum(float(d.get("loss", 0.0)) for d in self.analysed), 6)


def mark_value(mark: str) -> str:
    """The analysis' mark ("", "doubtful", "bad", "very bad") as a ``data-mark`` value."""
    return mark.replace(" ", "-") if mark else "none"


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


def load(record) -> dict:
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError as exc:
            raise ReviewError(f"not JSON: {exc}") from None
    if not isinstance(record, dict) or not isinstance(record.get("games"), list):
        raise ReviewError("not a game record")
    return record


def _score_before(record: dict, gi: int) -> tuple:
    s = [0, 0]
    for g in record["games"][:gi]:
        res = g.get("result") if isinstance(g, dict) else None
        if isinstance(res, dict) and res.get("winner") in (0, 1) and isinstance(res.get("points"), int):
            s[res["winner"]] += res["points"]
    return tuple(s)


def items(record) -> list[Item]:
    """Every decision of the record, in order."""
    record = load(record)
    out: list[Item] = []
    turns: dict[int, int] = {}
    last_roll: dict[int, int] = {}

    def observe(gi, ai, action, before, after):
        t = action["type"]
        phase = action.get("phase") if t == "clock_expired" else None
        if t in ("roll", "opening_roll"):
            turns[gi] = turns.get(gi, 0) + 1
            last_roll[gi] = ai
            return
        if t == "clock_expired" and phase == "roll":
            return
        if t == "play" or phase == "move":
            kind, player = "play", before.turn
        elif t in ("double", "take", "pass", "beaver", "resign"):
            kind, player = t, action.get("player", before.turn)
        elif phase == "take":
            kind, player = ("pass" if action.get("played") == "pass" else "take"), 1 - before.turn
        else:
            return
        if player not in (0, 1):
            return
        board = _sides(before.pos, before.turn)
        if after.phase == "over" and after.outcome is not None and kind == "play":
            board_after = _sides(after.pos, before.turn)    # the winning play: not turned round
        else:
            board_after = _sides(after.pos, after.turn)
        seen = before.pos if player == before.turn else before.pos.swapped()
        s = _score_before(record, gi)
        item = Item(game=gi, action=ai, player=player, kind=kind, counts=slot_counts(board[0], board[1]),
                    after=slot_counts(board_after[0], board_after[1]),
                    dice=tuple(before.dice) if kind == "play" and before.dice else None,
                    cube=before.cube, owner=before.owner, pips=(pips(board[0]), pips(board[1])), score=s,
                    turn=max(1, turns.get(gi, 0) + (kind in ("double", "take", "pass", "beaver"))),
                    position_id=seen.to_id(), clock=t == "clock_expired",
                    outcome=tuple(after.outcome) if after.outcome is not None else None)
        if kind == "play":
            item.notation = (action.get("played") if item.clock else action.get("play")) or ""
            item.roll_action = last_roll.get(gi)
            item.play = (before.pos, after.pos if after.phase == "over" else after.pos.swapped())
        elif kind == "resign":
            item.notation = str(action.get("points", ""))
        out.append(item)

    verdict = walk_record(record, observe)
    if not out:
        reason = verdict.reasons[0] if verdict.reasons else "no decision to review"
        raise ReviewError(reason)
    return out


def play_steps(pos: Position, dice, notation: str, result: Optional[Position], bottom: bool) -> tuple:
    """The checker steps of a play, as (from slot, to slot, hit) on the screen: the notation read in ``pos``
    (the mover's view) with ``dice``, or else the legal play reaching ``result``."""
    if not dice:
        return ()
    steps = None
    if notation:
        try:
            steps = parse_play(notation, pos, tuple(dice))
        except ValueError:
            steps = None
    if steps is None and result is not None:
        target = result.to_id()
        steps = next((s for s, r in legal_plays(pos, tuple(dice)) if r.to_id() == target), ())
    return tuple((slot_of(s.frm, bottom), slot_of(s.to, bottom), bool(s.hit)) for s in steps or ())


def xgid_of(item: Item, match_length: int = 0) -> str:
    """The XGID of the position before a decision (for "Analyse a position"): with the dice of a play, the double
    offered for an answer to one."""
    from rules import MatchInfo, to_xgid
    pos = Position.from_id(item.position_id)
    on_roll, offered = item.player, False
    if item.kind in ("take", "pass", "beaver"):
        pos, on_roll, offered = pos.swapped(), 1 - item.player, True
    length = match_length if isinstance(match_length, int) and match_length > 0 else 0
    score = tuple(min(s, length - 1) for s in item.score) if length else (0, 0)
    info = MatchInfo(length=length, score=score, cube=item.cube, cube_owner=item.owner, on_roll=on_roll,
                     double_offered=offered, dice=tuple(item.dice) if item.dice else (0, 0))
    return to_xgid(pos, info)


def best_steps(item: Item) -> tuple:
    """The best play's steps of an analysed play (empty when the play made was the best, or unknown)."""
    move = move_row(item)
    if move is None or move.get("best") == move.get("played") or not item.dice:
        return ()
    pos = Position.from_id(item.position_id)
    return play_steps(pos, item.dice, move.get("best_play") or "", Position.from_id(move["best"]), item.player == 0)


def best_counts(item: Item) -> Optional[dict]:
    """The board after the best play (None when there is no other best play)."""
    move = move_row(item)
    if move is None or move.get("best") == move.get("played"):
        return None
    board = _sides(Position.from_id(move["best"]), item.player)   # the result, seen by its mover
    return slot_counts(board[0], board[1])


def move_row(item: Item) -> Optional[dict]:
    return next((d for d in item.analysed if d.get("kind") == "move"), None)


def join(all_items: list[Item], analysis: Optional[dict]) -> None:
    """Put each analysed decision on its item: by (game, action); a cube decision before a roll goes to that
    roll's play."""
    for it in all_items:
        it.analysed = []
    if not analysis:
        return
    where = {}
    for i, it in enumerate(all_items):
        where[(it.game, it.action)] = i
        if it.roll_action is not None:
            where.setdefault((it.game, it.roll_action), i)
    for g in analysis.get("games", []):
        for d in g.get("decisions", []):
            i = where.get((g.get("index"), d.get("action")))
            if i is not None:
                all_items[i].analysed.append(d)
    for it in all_items:
        it.analysed.sort(key=lambda d: 0 if d.get("kind") == "double" else 1)


def names(record: dict, t) -> tuple[str, str]:
    """The record's names of its two players (``ui.seat_names``)."""
    players = record.get("players")
    return seat_names(players if isinstance(players, list) else [], t, "record")


def notation(item: Item, t) -> str:
    """The list's short text of a decision: "3-1: 8/5 6/5", "Doubles to 2", "Takes"."""
    k = item.kind
    if k == "play":
        play = item.notation or t("review_cannot_move")
        return f"{item.dice[0]}-{item.dice[1]}: {play}" if item.dice else play
    if k == "double":
        return t("review_n_double", cube=item.cube * 2)
    if k == "resign":
        return t("review_n_resign", points=item.notation)
    return t("review_n_" + k)


def mark_words(mark: str, t) -> str:
    return t("review_mark_" + (mark if mark != "none" else "none").replace("-", "_"))


def item_text(item: Item, who: tuple[str, str], t) -> str:
    """The sentence a screen reader hears when the review goes to a decision."""
    parts = [t("review_item", g=item.game + 1, n=item.turn, name=who[item.player], what=notation(item, t))]
    if item.clock:
        parts.append(t("review_by_clock"))
    if item.analysed:
        parts.append(t("review_item_loss", loss=f"{item.loss:.3f}", mark=mark_words(item.mark, t)))
        for d in item.analysed:
            best = best_text(d, t)
            if best:
                parts.append(best)
    if item.outcome is not None and item.outcome[0] in (0, 1):
        parts.append(t("review_over", name=who[item.outcome[0]], points=item.outcome[1]))
    return " ".join(parts)


def best_text(d: dict, t) -> str:
    """"Best: 13/9 13/10" for an analysed decision whose best differs from what was done ("" otherwise)."""
    if d.get("forced") or d.get("played") == d.get("best"):
        return ""
    if d.get("kind") == "move":
        best = d.get("best_play") or t("hint_no_move")
    else:
        best = t("hint_" + str(d.get("best")))
    return t("review_best", best=best)


def decision_lines(d: dict, who: tuple[str, str], t) -> list[str]:
    """What the review says of one analysed decision: what was done, the loss and mark, the best."""
    if d["kind"] == "move":
        played = d.get("play") or t("hint_no_move")
    else:
        played = t("hint_" + d["played"])
    lines = [t("review_decision", name=who[d["player"]], played=played, loss=f"{d['loss']:.3f}",
               mark=mark_words(mark_value(d["mark"]), t))]
    if d.get("forced"):
        lines.append(t("review_forced"))
    else:
        best = best_text(d, t)
        if best:
            lines.append(best)
    if isinstance(d.get("luck"), (int, float)):
        lines.append(t("review_luck", luck=f"{d['luck']:+.3f}"))
    return lines


def facts(item: Item, who: tuple[str, str], t) -> list[tuple[str, str]]:
    """(name, text) pairs shown beside the board: dice, cube, pips, score."""
    dice = t("review_dice", a=item.dice[0], b=item.dice[1]) if item.dice else t("review_no_dice")
    owner = "" if item.owner is None else f" ({who[item.owner]})"
    return [("dice", dice), ("cube", t("review_cube", cube=item.cube) + owner),
            ("pips", t("review_pips", p0=who[0], a=item.pips[0], p1=who[1], b=item.pips[1])),
            ("score", t("review_score", a=item.score[0], b=item.score[1]))]


def next_error(all_items: list[Item], i: int, step: int, player: Optional[int]) -> Optional[int]:
    """The index of the next (``step`` 1) or previous (-1) item from ``i`` marked as an error, of ``player``
    (None: either); None when there is none."""
    j = i + step
    while 0 <= j < len(all_items):
        it = all_items[j]
        if it.mark != "none" and (player is None or it.player == player):
            return j
        j += step
    return None


def rating_key(rating: str) -> str:
    return "rating_" + rating.lower().replace(" ", "_").replace("!", "").replace("/", "")


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
