"""Analysis of a game record: every decision of both players against the bot's choice (docs/analysis.md).

    analyse_record(record, level="quick", progress=None) -> JSON-ready dict
    Analysis(record, level)          the same one decision at a time (``step``), for a worker that reports
                                     progress and can be cancelled between steps
    move_options(position_id, dice, level, context) / cube_options(...)   the hints' ranked plays and cube advice

The record is replayed by ``game.record.walk_record`` (the verifier's own replay through the rules engine); each
checker play is ranked among all the legal plays of its roll, each cube action by the cube model of
``bot.cube``. ``quick`` is the 0-ply network; ``deep`` is the strong level's search (1-ply on the 0-ply
candidates within 0.16 of the best, at most 8, and on the play made). A match's checker plays are valued cubeful
(``_play_value``), money's cubeless. Standard library only.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Optional

from rules.movegen import legal_plays
from rules.notation import format_play
from rules.cubeinfo import MONEY, CubeInfo
from rules.position import Position

from . import cube as _cube
from . import met as _met
from . import analysis_stats as _stats
from . import play as _play
from .levels import ANALYSIS, ANALYSIS_NAMES
from .network import Outputs, equity, invert

__all__ = ["MARKS", "RATINGS", "AnalysisError", "AnalysisCancelled", "Analysis",
           "analyse_record", "mark", "rating", "move_options", "cube_options", "take_options", "resign_options",
           "hint", "emg"]

FORMAT = "gamao-analysis"
VERSION = 2

MARKS = ((0.16, "very bad"), (0.08, "bad"), (0.04, "doubtful"))
"""GNU Backgammon's default skill thresholds: equity lost from which a decision is marked."""

RATINGS = ((0.002, "Supernatural"), (0.005, "World class"), (0.008, "Expert"), (0.012, "Advanced"),
           (0.018, "Intermediate"), (0.026, "Casual player"), (0.035, "Beginner"))
"""GNU Backgammon's rating thresholds (analysis.c, ``arThrsRating``): the band whose bound the error per
unforced decision is below; "Awful!" at 0.035 and above."""
AWFUL = "Awful!"
NO_RATING = "N/A"

CLOSE_CUBE = 0.16
"""A cube decision that was not a double is listed only when doubling was right or within this much."""

_DEEP, _CHECK = ANALYSIS["deep"].search, ANALYSIS["deep"].check
assert _CHECK is not None
DEEP_CANDIDATES, DEEP_MARGIN, DEEP_PRUNE = _DEEP.candidates, _DEEP.margin, _DEEP.prune
TOP = 3
ONE_PLY_FROM = 0.02
"""Quick's second look (``_one_ply_check``): a play made that loses at least this much by the network alone, half
the "doubtful" mark, so that every play the network would mark, and every one a deeper look may push into a mark,
is judged one ply deeper. No upper bound: a play's loss counts in its player's error rate whatever its mark, and
the network's errors are largest on the plays it charges most (docs/analysis.md)."""
TWO_PLY_FROM, TWO_PLY_TO, TWO_PLY_MARGIN = 0.02, 0.20, 0.10
TWO_PLY_BUDGET = _CHECK.deep_budget
TWO_PLY_PRUNE = DEEP_PRUNE
"""The 2-ply look's reply choices: the pruning network's 4 best, as the 1-ply look's (the expert level prunes
to 3; 4 finds one more of GNU Backgammon 2-ply's blunders on the benchmark, docs/analysis.md)."""


class AnalysisError(ValueError):
    """A record that cannot be analysed (not a record, no game that replays), or a bad level."""


class AnalysisCancelled(Exception):
    """The progress callback returned False."""


def mark(loss: float) -> str:
    """"" | "doubtful" | "bad" | "very bad" for an equity loss."""
    for bound, name in MARKS:
        if loss >= bound:
            return name
    return ""


def rating(error_rate_milli: float, unforced: int) -> str:
    """GNU Backgammon's rating band for an error rate (equity lost per unforced decision, x1000)."""
    if not unforced:
        return NO_RATING
    r = error_rate_milli / 1000.0
    for bound, name in RATINGS:
        if r < bound:
            return name
    return AWFUL


def emg(ctx: CubeInfo, mwc: float) -> float:
    """A match-winning chance as equivalent money equity per unit of cube: +1 for a single game won at the cube
    of ``ctx`` from its score, -1 for one lost (GNU Backgammon's normalisation, ``mwc2eq``), so that equity lost
    compares with money's, which is per unit of cube too."""
    a, b, v, post = ctx.my_away, ctx.their_away, ctx.value, ctx.post_crawford
    lo = _met.mwc(a, b - v, post)
    span = _met.mwc(a - v, b, post) - lo
    return 2.0 * (mwc - lo) / span - 1.0 if span > 1e-9 else 0.0


def _evaluator():
    import bot
    return bot.evaluator()


def _check_level(level: str) -> None:
    if level not in ANALYSIS:
        raise AnalysisError(f"level must be one of {', '.join(ANALYSIS_NAMES)}; got {level!r}")


def _cubeless_value(o: Outputs, ctx: CubeInfo) -> float:
    """What a play is worth to its mover: cubeless money equity, or (match) cubeless MWC as equivalent money."""
    if not ctx.match_length:
        return equity(o)
    a, b, v, post = ctx.my_away, ctx.their_away, ctx.value, ctx.post_crawford
    wins = [o[0] - o[1], o[1] - o[2], o[2]]
    losses = [1.0 - o[0] - o[3], o[3] - o[4], o[4]]
    m = sum(p * _met.mwc(a - k * v, b, post) for k, p in zip((1, 2, 3), wins))
    m += sum(p * _met.mwc(a, b - k * v, post) for k, p in zip((1, 2, 3), losses))
    return emg(ctx, m)


def _play_value(o: Outputs, ctx: CubeInfo, result) -> float:
    """What a play is worth to its mover, ``o`` the mover's cubeless outputs after it (``result``, the mover
    encoded second). In a match its cubeful match-winning chance as equivalent money: the opponent is on roll
    with the cube as it stands and takes its best cube action (no double, or double and the mover's best answer)
    by ``bot.cube``'s model, the cube decisions' own, with the efficiency of the position it rolls in. A dead
    cube (the Crawford game, a game that has ended) leaves the cubeless value, and so does money play (whose
    checker plays the benchmark against GNU Backgammon 2-ply judges cubeless: docs/analysis.md)."""
    if not ctx.match_length or ctx.crawford or _play.winner_kind(result):
        return _cubeless_value(o, ctx)
    opp = ctx.flipped()
    oo = invert(o)
    x = _cube.efficiency((result[1], result[0]))
    if _can_double(opp):
        e = _cube.match_equities(oo, opp, x)
        m = max(e["no_double"], _cube.doubled(e))
    else:
        m = _cube.match_cubeful(oo, opp.my_away, opp.their_away, opp.value, opp.owner, opp.post_crawford, x)
    return emg(ctx, 1.0 - m)


def move_options(pos: Position, dice: tuple[int, int], level: str = "quick", ctx: CubeInfo = MONEY,
                 include: Optional[Position] = None) -> list[dict]:
    """Every distinct legal result of ``dice`` in ``pos`` (seen by the mover), best first:
    ``{"play", "position_id", "equity", "ply", "win", "outputs"}`` (outputs: the mover's five cubeless
    chances after the play); ``include`` (a result) is always scored at the
    level's depth. Empty when nothing can be played."""
    _check_level(level)
    ev = _evaluator()
    scored = []
    for i, (steps, result) in enumerate(legal_plays(pos, dice)):
        o = _play.after_play_outputs(ev, result)
        scored.append([_play_value(o, ctx, result), i, steps, result, o, 0])
    scored.sort(key=lambda t: (-t[0], t[1]))
    search, check = ANALYSIS[level].search, ANALYSIS[level].check
    if search.plies and len(scored) > 1:
        top = scored[0][0]
        deep = [t for t in scored[:DEEP_CANDIDATES] if t[0] >= top - DEEP_MARGIN]
        deep += [t for t in scored if t[3] == include and t not in deep]
        replies: _play.Cache = {}  # the candidates' searches share their replies' evaluations, as the bot's do
        ev = ev.pruned(DEEP_PRUNE)  # and prune their reply choices as strong's do
        for t in deep:
            t[4] = _one_ply_after(ev, t[3], replies)
            t[0], t[5] = _play_value(t[4], ctx, t[3]), 1
        scored.sort(key=lambda t: (-t[5], -t[0], t[1]))
        if include is not None and check is not None:
            _two_ply_check(scored, include, ctx)
    elif include is not None and check is not None and len(scored) > 1:
        _one_ply_check(scored, include, ctx)
    return [{"play": format_play(steps), "position_id": result.to_id(), "equity": e, "ply": ply, "win": o[0],
             "outputs": o} for e, _, steps, result, o, ply in scored]


def _one_ply_check(scored: list, include, ctx: CubeInfo) -> None:
    """Quick's second look: when the play made is not the network's best and loses ``ONE_PLY_FROM`` or more by
    it (a play it would mark, or nearly, however heavily), the play made, the best and the second best are
    searched to 1 ply as strong's candidates are (reply choices pruned to ``DEEP_PRUNE``); they then rank first,
    by their 1-ply value. ``scored`` is ``move_options``' list after the network's ranking, and is re-sorted in place."""
    mine = next(t for t in scored if t[3] == include)
    best = scored[0]
    if mine is best or best[0] - mine[0] < ONE_PLY_FROM:
        return
    picked = [best] + [t for t in scored[1:2] if t is not mine] + [mine]
    ev = _evaluator().pruned(DEEP_PRUNE)
    replies: _play.Cache = {}
    for t in picked:
        t[4] = _one_ply_after(ev, t[3], replies)
        t[0], t[5] = _play_value(t[4], ctx, t[3]), 1
    scored.sort(key=lambda t: (-t[5], -t[0], t[1]))


def _two_ply_check(scored: list, include, ctx: CubeInfo) -> None:
    """Deep's second look, as the expert level's: when the play made is not the 1-ply best and loses between
    ``TWO_PLY_FROM`` and ``TWO_PLY_TO`` by it (where its mark is in doubt), the play made, the 1-ply best and the
    second best within ``TWO_PLY_MARGIN`` of it are searched to 2 plies (reply choices pruned to
    ``TWO_PLY_PRUNE``), each within ``TWO_PLY_BUDGET`` plays (otherwise all keep their 1-ply value); they then
    rank first, by their 2-ply value. ``scored`` is ``move_options``' list after the 1-ply look, sorted, and is re-sorted in place."""
    mine = next(t for t in scored if t[3] == include)
    best = scored[0]
    if mine is best or not TWO_PLY_FROM <= best[0] - mine[0] < TWO_PLY_TO:
        return
    picked = [best] + [t for t in scored[1:2] if t is not mine and t[5] and t[0] >= best[0] - TWO_PLY_MARGIN]
    picked.append(mine)
    ev = _evaluator().pruned(TWO_PLY_PRUNE)
    cache: _play.Cache = {}
    found = []
    for t in picked:
        try:
            found.append(_play.outputs_2ply(ev, t[3], _play.Work(TWO_PLY_BUDGET), cache))
        except _play.OverBudget:
            return
    for t, o in zip(picked, found):
        t[4], t[0], t[5] = o, _play_value(o, ctx, t[3]), 2
    scored.sort(key=lambda t: (-t[5], -t[0], t[1]))


_ONE_PLY: dict = {}
_ONE_PLY_LIMIT = 4096


def _one_ply_on_roll(ev, board, replies: Optional[_play.Cache] = None) -> Outputs:
    """``play.evaluate_1ply_board``, remembered: the board before a cube decision is the board after the
    previous play, which the deep move ranking has just scored (so a cube decision costs no search), and a
    take follows its double. ``replies``: the search's cache of reply evaluations (``play.Cache``)."""
    key = (id(ev), board)
    o = _ONE_PLY.get(key)
    if o is None:
        if len(_ONE_PLY) >= _ONE_PLY_LIMIT:
            _ONE_PLY.clear()
        o = _ONE_PLY[key] = _play.evaluate_1ply_board(ev, board, None, replies)
    return o


def _one_ply_after(ev, result, replies: Optional[_play.Cache] = None) -> Outputs:
    """``play.outputs_1ply`` through the same memory."""
    kind = _play.winner_kind(result)
    if kind:
        return _play.WIN_OUTPUTS[kind]
    return invert(_one_ply_on_roll(ev, (result[1], result[0]), replies))


def _outputs_on_roll(pos: Position, level: str) -> Outputs:
    ev = _evaluator()
    if ANALYSIS[level].search.plies:
        return _one_ply_on_roll(ev.pruned(DEEP_PRUNE), (pos[0], pos[1]))
    return _play.outputs_on_roll(ev, pos)


def cube_options(pos: Position, level: str = "quick", ctx: CubeInfo = MONEY) -> dict:
    """The side on roll of ``pos`` before rolling: equities of no double, double/take, double/pass (per unit
    of cube; equivalent money in a match), the right action ("double" | "no_double") and its winning chance."""
    _check_level(level)
    o = _outputs_on_roll(pos, level)
    x = _cube.efficiency(pos)
    if ctx.match_length:
        eq = {k: emg(ctx, v) for k, v in _cube.match_equities(o, ctx, x).items()}
    else:
        eq = _cube.money_equities(o, ctx.owner, x)
    doubled = _cube.doubled(eq)
    best = "double" if doubled >= eq["no_double"] - 1e-9 else "no_double"
    return {"equities": eq, "best": best, "win": o[0], "equity": equity(o)}


def take_options(pos: Position, level: str = "quick", ctx: CubeInfo = MONEY) -> dict:
    """For the side doubled in ``pos`` (seen by the doubler, on roll): the taker's equities of take and pass
    (``ctx`` is the taker's view of the cube before the double) and the right answer."""
    _check_level(level)
    o_doubler = _outputs_on_roll(pos, level)
    o = invert(o_doubler)
    x = _cube.efficiency(pos)
    if ctx.match_length:
        a, b, v, post = ctx.my_away, ctx.their_away, ctx.value, ctx.post_crawford
        take = _cube.match_cubeful(o, a, b, 2 * v, _cube.MINE, post, x)
        drop = _met.mwc(a, b - v, post)
        eq = {"take": emg(ctx, take), "pass": emg(ctx, drop)}
    else:
        p, w, l_ = _cube._w_l(o)
        eq = {"take": 2.0 * _cube.janowski(p, w, l_, _cube.MINE, x), "pass": -1.0}
    best = "take" if eq["take"] >= eq["pass"] else "pass"
    return {"equities": eq, "best": best, "win": o[0], "equity": equity(o)}


def resign_options(pos: Position, points: int, on_turn: bool = True, level: str = "quick",
                   ctx: CubeInfo = MONEY) -> dict:
    """For a player giving up ``points`` (the cube included) in ``pos`` (seen by that player, who is on turn
    when ``on_turn``, otherwise the opponent is): the equity of resigning and of playing on (cubeless, per unit
    of cube; equivalent money in a match) and the right choice ("resign" | "play_on")."""
    _check_level(level)
    o = _outputs_on_roll(pos, level) if on_turn else invert(_outputs_on_roll(pos.swapped(), level))
    play_on = _cubeless_value(o, ctx)
    if ctx.match_length:
        give_up = emg(ctx, _met.mwc(ctx.my_away, ctx.their_away - points, ctx.post_crawford))
    else:
        give_up = -points / ctx.value
    eq = {"resign": give_up, "play_on": play_on}
    best = "resign" if give_up >= play_on else "play_on"
    return {"equities": eq, "best": best, "win": o[0], "equity": equity(o)}


def hint(kind: str, position_id: str, dice=None, cube: CubeInfo = MONEY, level: str = "quick") -> dict:
    """The bot's advice to a person (JSON-ready). ``kind`` "move" (``dice`` rolled; the best plays, at most
    3, for the mover of ``position_id``), "double" (before rolling: double or not) or "take" (``position_id``
    seen by the doubler, as ``bot.take_decision`` takes it). ``cube``: the cube and score seen by the player
    deciding (``rules.CubeInfo``)."""
    ctx = cube
    pos = Position.from_id(position_id)
    if kind == "move":
        opts = move_options(pos, (int(dice[0]), int(dice[1])), level, ctx)
        return {"kind": "move", "level": level, "top": [_top(o) for o in opts[:TOP]]}
    if kind == "double":
        if not _can_double(ctx):
            return {"kind": "double", "level": level, "best": "no_double", "equities": {}}
        c = cube_options(pos, level, ctx)
    elif kind == "take":
        c = take_options(pos, level, ctx)
    else:
        raise AnalysisError(f"hint kind must be move, double or take; got {kind!r}")
    return {"kind": kind, "level": level, "best": c["best"], "equities": {k: _r(v) for k, v in c["equities"].items()}}


# --- the record's decisions --------------------------------------------------------------------------------------

def _context(before, p: int, length: int, score: list[int]) -> CubeInfo:
    return CubeInfo.seen_by(p, before.cube, before.owner, length, (score[0], score[1]), bool(before.crawford))


def _can_double(ctx: CubeInfo) -> bool:
    """A double to weigh: one the rules allow (``CubeInfo.may_double``) with a live cube."""
    return ctx.may_double and not ctx.cube_is_dead


def _collect(data: dict) -> tuple[list[dict], list[list[dict]], Any]:
    """The record's games and, per game, the decisions to analyse (unevaluated), from the verifier's replay."""
    from game.verify import walk_record

    length = data.get("match_length") if isinstance(data.get("match_length"), int) else 0
    games: list[list[dict]] = []
    scores: dict[int, list[int]] = {}
    turns: dict[int, int] = {}  # per game: plays so far (a turn is a roll and its play; cube actions precede it)

    def score_before(gi: int) -> list[int]:
        if gi not in scores:
            score = [0, 0]
            for g in data["games"][:gi]:
                res = g.get("result") if isinstance(g, dict) else None
                if isinstance(res, dict) and res.get("winner") in (0, 1) and isinstance(res.get("points"), int):
                    score[res["winner"]] += res["points"]
            scores[gi] = [min(s, length - 1) if length else s for s in score]
        return scores[gi]

    def observe(gi, ai, action, before, after):
        while len(games) <= gi:
            games.append([])
        t = action["type"]
        phase = action.get("phase") if t == "clock_expired" else None
        clock = t == "clock_expired"
        score = score_before(gi)
        turn = turns.get(gi, 0) + 1
        if t in ("roll", "double") or phase == "roll":
            p = before.turn
            ctx = _context(before, p, length, score)
            if t == "roll" and before.phase != "roll":
                return  # the table's roll after a clock expiry: the expiry was the decision
            if _can_double(ctx):
                games[gi].append({"player": p, "kind": "double", "action": ai, "pos": before.pos, "ctx": ctx,
                                  "played": "double" if t == "double" else "no_double", "clock": clock,
                                  "turn": turn})
        elif t in ("take", "pass", "beaver") or phase == "take":
            p = 1 - before.turn
            answer = action.get("played") if clock else t
            games[gi].append({"player": p, "kind": "take", "action": ai, "pos": before.pos,
                              "ctx": _context(before, p, length, score),
                              "played": "pass" if answer == "pass" else "take", "beaver": t == "beaver",
                              "clock": clock, "turn": turn})
        elif t == "resign":
            p = action["player"]
            on_turn = p == before.turn
            games[gi].append({"player": p, "kind": "resign", "action": ai, "on_turn": on_turn,
                              "pos": before.pos if on_turn else before.pos.swapped(), "points": action["points"],
                              "ctx": _context(before, p, length, score), "clock": False, "turn": turn})
        elif t == "play" or phase == "move":
            p = before.turn
            result = after.pos if after.phase == "over" else after.pos.swapped()
            games[gi].append({"player": p, "kind": "move", "action": ai, "pos": before.pos, "dice": before.dice,
                              "result": result, "ctx": _context(before, p, length, score), "clock": clock,
                              "notation": action.get("played") if clock else action.get("play"), "turn": turn,
                              "first": turn == 1})
            turns[gi] = turn

    verdict = walk_record(data, observe)
    while isinstance(data.get("games"), list) and len(games) < len(data["games"]):
        games.append([])
    return data.get("games"), games, verdict


_STRUCTURAL = {"empty", "not_json", "wrong_format", "wrong_version", "missing_field", "bad_field"}


def _load(record: Any) -> dict:
    if isinstance(record, (bytes, bytearray)):
        try:
            record = bytes(record).decode("utf-8")
        except UnicodeDecodeError:
            raise AnalysisError("not a game record: the file is not UTF-8 text") from None
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError as exc:
            raise AnalysisError(f"not a game record: not JSON ({exc})") from None
    if not isinstance(record, dict):
        raise AnalysisError(f"not a game record: got {type(record).__name__}")
    return record


def _r(x: float) -> float:
    return round(x, 6)


class Analysis:
    """An analysis done one decision at a time: ``total`` decisions, ``step(n)`` evaluates up to n more and
    returns how many are done, ``done``/``finished``, ``result()`` the JSON-ready result once finished.

    Raises AnalysisError at once for a record that is not one, or has no game the replay can follow."""

    def __init__(self, record: Any, level: str = "quick") -> None:
        _check_level(level)
        data = _load(record)
        games, pending, verdict = _collect(data)
        header = [p for p in verdict.problems if p.code in _STRUCTURAL and p.game is None]
        if header:
            raise AnalysisError(f"not a game record that can be analysed: {header[0].message}")
        self.level = level
        self.data = data
        self.verdict = verdict
        self.pending = pending
        self.queue = [(gi, d) for gi, ds in enumerate(pending) for d in ds]
        self.total = len(self.queue)
        self.done = 0
        self.out: list[list[dict]] = [[] for _ in pending]

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self, n: int = 1) -> int:
        while n > 0 and not self.finished:
            gi, d = self.queue[self.done]
            self.out[gi].append(self.evaluate(d))
            self.done += 1
            n -= 1
        return self.done

    def evaluate(self, d: dict) -> dict:
        p, kind, ctx, pos = d["player"], d["kind"], d["ctx"], d["pos"]
        row: dict[str, Any] = {"player": p, "kind": kind, "action": d["action"], "dice": None}
        before = None  # player p's outputs before the decision (before rolling, for a move)
        if kind == "move":
            row["dice"] = [d["dice"][0], d["dice"][1]]
            row["position_id"] = pos.to_id()
            before = self.luck(row, d)
            opts = move_options(pos, d["dice"], self.level, ctx, include=d["result"])
            played_id = d["result"].to_id()
            if len(opts) <= 1:
                row.update(played=played_id, best=played_id, loss=0.0, forced=True)
                if opts:
                    win, eq = opts[0]["win"], opts[0]["equity"]
                else:  # no play: the position stays, the opponent on roll
                    o = _play.after_play_outputs(_evaluator(), (pos[0], pos[1]))
                    win, eq = o[0], _cubeless_value(o, ctx)
                row["top"] = [_top(o) for o in opts]
                row["play"] = d["notation"] or ""
                row["best_play"] = row["play"]
            else:
                mine = next(o for o in opts if o["position_id"] == played_id)
                best = opts[0]
                row.update(played=played_id, best=best["position_id"], loss=_r(max(0.0, best["equity"] -
                                                                                   mine["equity"])), forced=False)
                row["play"], row["best_play"] = mine["play"], best["play"]
                row["played_equity"] = _r(mine["equity"])
                row["top"] = [_top(o) for o in opts[:TOP]]
                win, eq = mine["win"], mine["equity"]
            chances = (win, eq)
        elif kind == "resign":
            row["position_id"] = pos.to_id()
            c = resign_options(pos, d["points"], d["on_turn"], self.level, ctx)
            row["points"] = d["points"]
            loss = c["equities"]["play_on"] - c["equities"]["resign"] if c["best"] != "resign" else 0.0
            row.update(played="resign", best=c["best"], loss=_r(loss), forced=False,
                       equities={k: _r(v) for k, v in c["equities"].items()})
            chances = (c["win"], c["equity"])
        else:
            if kind == "double":
                row["position_id"] = pos.to_id()
                c = cube_options(pos, self.level, ctx)
                doubled = _cube.doubled(c["equities"])
                gap = c["equities"]["no_double"] - doubled
                right = c["best"]
                loss = abs(gap) if d["played"] != right else 0.0
                win, eq = c["win"], c["equity"]
            else:
                row["position_id"] = pos.swapped().to_id()
                c = take_options(pos, self.level, ctx)
                right = c["best"]
                loss = abs(c["equities"]["take"] - c["equities"]["pass"]) if d["played"] != right else 0.0
                win, eq = c["win"], c["equity"]
                if d.get("beaver"):
                    row["beaver"] = True
            row.update(played=d["played"], best=right, loss=_r(loss), forced=False,
                       equities={k: _r(v) for k, v in c["equities"].items()})
            chances = (win, eq)
        row["mark"] = mark(row["loss"])
        row["mark_key"] = _stats.MARK_KEYS[row["mark"]]
        row["turn"], row["move"] = d["turn"], (d["turn"] + 1) // 2
        row["notation"] = (row.get("play") or "") if kind == "move" else _stats.NOTATION[
            "beaver" if row.get("beaver") else row["played"]]
        if d["clock"]:
            row["clock"] = True
        win, eq = chances
        if win is not None:  # player 0's chances after the decision, for the graph
            row["chances"] = {"win": _r(win if p == 0 else 1.0 - win), "equity": _r(eq if p == 0 else -eq)}
            if before is None:  # a cube decision or resignation changes no position: before = after
                row["chances_before"] = dict(row["chances"])
        if before is not None:
            row["chances_before"] = {"win": _r(before[0] if p == 0 else 1.0 - before[0]),
                                     "equity": _r(equity(before) if p == 0 else -equity(before))}
        return row

    def luck(self, row: dict, d: dict) -> Outputs:
        """The roll's luck on ``row`` (``luck``, and the ``cube_value`` it counts at); returns the mover's
        outputs before rolling with respect to the same evaluator (the average over the rolls)."""
        ev = _evaluator().pruned(DEEP_PRUNE)
        board = (d["pos"][0], d["pos"][1])
        dice = (d["dice"][0], d["dice"][1])
        first = d.get("first", False) and dice[0] != dice[1]
        ctx = d["ctx"]
        luck, mean, _ = _stats.roll_luck(ev, board, dice, lambda o: _cubeless_value(o, ctx), first)
        if not first and _play.bearoff.outputs(board) is None:
            _ONE_PLY.setdefault((id(ev), board), mean)  # the same as play.evaluate_1ply_board: deep reuses it
        row["luck"] = _r(luck)
        row["cube_value"] = ctx.value
        return mean

    def close_enough(self, row: dict) -> bool:
        """A no-double is listed only when doubling was right or close (GNU's "close or actual" decisions)."""
        if row["kind"] != "double" or row["played"] == "double" or row["best"] == "double":
            return True
        e = row["equities"]
        return e["no_double"] - _cube.doubled(e) < CLOSE_CUBE

    def result(self) -> dict:
        if not self.finished:
            raise AnalysisError("the analysis is not finished")
        players = [{"decisions": 0, "unforced": 0, "loss": 0.0} for _ in (0, 1)]
        games = []
        for gi, rows in enumerate(self.out):
            kept = [r for r in rows if self.close_enough(r)]
            for r in kept:
                if r["kind"] == "resign":  # GNU Backgammon's totals are checker play and cube: resign apart
                    continue
                st = players[r["player"]]
                st["decisions"] += 1
                st["unforced"] += not r["forced"]
                st["loss"] += r["loss"]
            games.append({"index": gi, "decisions": kept})
        stats = _stats.statistics([g["decisions"] for g in games], self.data.get("games") or [], rating)
        for st, more in zip(players, stats):
            st["loss"] = _r(st["loss"])
            st["error_rate"] = _r(1000.0 * st["loss"] / st["unforced"]) if st["unforced"] else 0.0
            st["rating"] = rating(st["error_rate"], st["unforced"])
            st.update(more)
        return {"format": FORMAT, "version": VERSION, "level": self.level,
                "match_length": self.data.get("match_length", 0), "players": players, "games": games,
                "verified": self.verdict.ok, "problems": self.verdict.reasons}


def _top(o: dict) -> dict:
    return {"play": o["play"], "position_id": o["position_id"], "equity": _r(o["equity"]), "ply": o["ply"]}


def analyse_record(record: Any, level: str = "quick",
                   progress: Optional[Callable[[int, int], Any]] = None) -> dict:
    """Analyse every decision of a record (dict, JSON text or bytes). ``progress(done, total)`` is called
    after each decision; if it returns False the analysis stops with AnalysisCancelled."""
    a = Analysis(record, level)
    if progress is not None and progress(0, a.total) is False:
        raise AnalysisCancelled()
    while not a.finished:
        a.step()
        if progress is not None and progress(a.done, a.total) is False:
            raise AnalysisCancelled()
    return a.result()
