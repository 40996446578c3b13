"""Practice: a player's own errors from analysed games, asked again on a spaced-repetition schedule.

A deck (JSON-ready, kept on the device) holds the names of the players who opted in and one item per decision
marked bad or very bad in their analysed games (``bot.analysis`` results; forced decisions never). An item is
a roll to play or a cube decision (double or not; take or pass), with the analysis's answer. ``next_item`` is
the item due first; ``answer`` judges a reply and reschedules it: right, the interval grows (1 day, then 3, 9,
27... days, at most 180); wrong, it comes back in 10 minutes. Pure and deterministic: time is an argument.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, NoReturn, Optional

import rules

from .kinds import JsonDict

FORMAT, VERSION = "gamao-practice", 1
MARKS = ("bad", "very bad")
KINDS = ("move", "double", "take")
DAY = 86400.0
FIRST, FACTOR, LONGEST, AGAIN = DAY, 3.0, 180 * DAY, 600.0
RIGHT_WITHIN = 0.04
"""A play is right when it loses less than this against the best (below GNU Backgammon's "doubtful")."""
ANSWERS: dict[str, Optional[tuple[str, str]]] = {"move": None, "double": ("double", "no_double"),
                                                 "take": ("take", "pass")}


class PracticeError(ValueError):
    """A practice deck or item that is not one (import), or an answer that does not fit the item."""


def new_deck() -> JsonDict:
    return {"format": FORMAT, "version": VERSION, "players": [], "items": []}


def opt_in(deck: JsonDict, name: str, on: bool = True) -> JsonDict:
    """The deck with ``name`` collecting its errors (or no longer)."""
    name = str(name).strip()
    if not name:
        raise PracticeError("a player's name is needed")
    players = [p for p in deck["players"] if p != name] + ([name] if on else [])
    return dict(deck, players=players)


def _item_id(record_key: str, game: int, action: int, kind: str) -> str:
    return hashlib.sha256(f"{record_key}/{game}/{action}/{kind}".encode()).hexdigest()[:16]


def _gnubg_id(d: JsonDict) -> str:
    """The table's set-up for the decision: the decider at the bottom (GNU's player 1), money, cube centred."""
    pos = rules.Position.from_id(d["position_id"])
    if d["kind"] == "take":  # the doubler on roll with the double offered; the taker answers
        return rules.gnubg_id(pos.swapped(), rules.MatchInfo(on_roll=0, double_offered=True))
    dice = tuple(d["dice"]) if d["kind"] == "move" else (0, 0)
    return rules.gnubg_id(pos, rules.MatchInfo(on_roll=1, dice=dice))


def collect(deck: JsonDict, record: JsonDict, analysis: JsonDict, record_key: str, now: float) -> JsonDict:
    """The deck with the opted-in players' bad and very bad unforced decisions of ``analysis`` (of ``record``)
    added, due now; decisions already in the deck are kept as they are."""
    names = set(deck["players"])
    players = record.get("players") or []
    have = {it["id"] for it in deck["items"]}
    items = list(deck["items"])
    for gi, g in enumerate(analysis.get("games", [])):
        for d in g.get("decisions", []):
            if d.get("mark") not in MARKS or d.get("forced") or d.get("kind") not in KINDS:
                continue
            p = d.get("player")
            name = players[p].get("name") if isinstance(p, int) and 0 <= p < len(players) else None
            if name not in names:
                continue
            iid = _item_id(record_key, gi, d["action"], d["kind"])
            if iid in have:
                continue
            have.add(iid)
            item = {"id": iid, "kind": d["kind"], "player": name, "position_id": d["position_id"],
                    "dice": d.get("dice"), "gnubg_id": _gnubg_id(d), "best": d["best"], "played": d["played"],
                    "loss": d["loss"], "mark": d["mark"], "due": now, "interval": 0.0, "right": 0, "wrong": 0}
            if d["kind"] == "move":
                item["top"] = [{"play": o["play"], "position_id": o["position_id"], "equity": o["equity"]}
                               for o in d.get("top", [])]
                item["best_play"], item["play"] = d.get("best_play", ""), d.get("play", "")
            else:
                item["equities"] = dict(d.get("equities", {}))
            items.append(item)
    return dict(deck, items=items)


def due(deck: JsonDict, now: float) -> list[JsonDict]:
    """The items due at ``now``, the longest due first (ties by id)."""
    return sorted((it for it in deck["items"] if it["due"] <= now), key=lambda it: (it["due"], it["id"]))


def next_item(deck: JsonDict, now: float) -> Optional[JsonDict]:
    d = due(deck, now)
    return d[0] if d else None


def schedule(item: JsonDict, right: bool, now: float) -> JsonDict:
    """The item after an answer: right, shown again after a longer interval; wrong, in ``AGAIN`` seconds."""
    if right:
        interval = min(LONGEST, FIRST if item["interval"] < FIRST else item["interval"] * FACTOR)
        return dict(item, interval=interval, due=now + interval, right=item["right"] + 1)
    return dict(item, interval=0.0, due=now + AGAIN, wrong=item["wrong"] + 1)


def judge(item: JsonDict, reply: str, equities: Optional[dict[str, float]] = None) -> JsonDict:
    """Whether ``reply`` answers ``item`` right: ``{"right", "reply", "loss"}``. A move's reply is the Position
    ID after the play (mover still second, as ``rules.legal_results``); right when it is the best, or loses less
    than ``RIGHT_WITHIN`` by ``equities`` (Position ID -> equity for the mover, e.g. the bot's 0-ply values of
    every play). A cube reply is "double"/"no_double" or "take"/"pass"."""
    kind = item["kind"]
    if kind == "move":
        if reply == item["best"]:
            return {"right": True, "reply": reply, "loss": 0.0}
        if equities and reply in equities and item["best"] in equities:
            loss = max(0.0, equities[item["best"]] - equities[reply])
        elif reply == item["played"]:
            loss = item["loss"]
        else:
            top = {o["position_id"]: o["equity"] for o in item.get("top", [])}
            if reply not in top or item["best"] not in top:
                raise PracticeError("no equity known for that play")
            loss = max(0.0, top[item["best"]] - top[reply])
        return {"right": reply != item["played"] and loss < RIGHT_WITHIN, "reply": reply, "loss": round(loss, 6)}
    answers = ANSWERS[kind] or ()
    if reply not in answers:
        raise PracticeError(f"a {kind} decision is answered with {' or '.join(answers)}, not {reply!r}")
    best = item["best"]
    right = reply == best
    return {"right": right, "reply": reply, "loss": 0.0 if right else item["loss"]}


def answer(deck: JsonDict, item_id: str, reply: str, now: float,
           equities: Optional[dict[str, float]] = None) -> tuple[JsonDict, JsonDict]:
    """(the deck with the item rescheduled, the verdict of ``judge``)."""
    for i, it in enumerate(deck["items"]):
        if it["id"] == item_id:
            verdict = judge(it, reply, equities)
            items = list(deck["items"])
            items[i] = schedule(it, verdict["right"], now)
            return dict(deck, items=items), verdict
    raise PracticeError(f"no item {item_id!r} in the deck")


# --- JSON -----------------------------------------------------------------------------------------------------

def to_json(deck: JsonDict) -> str:
    return json.dumps(deck, ensure_ascii=False, indent=1) + "\n"


def _check_item(it: Any, n: int) -> None:
    def bad(why: str) -> NoReturn:
        raise PracticeError(f"item {n + 1}: {why}")
    if not isinstance(it, dict):
        bad("not an object")
    for key, kind in (("id", str), ("kind", str), ("position_id", str), ("gnubg_id", str), ("best", str),
                      ("played", str)):
        if not isinstance(it.get(key), kind):
            bad(f"{key!r} missing or not text")
    for key in ("due", "interval", "loss"):
        if not isinstance(it.get(key), (int, float)) or isinstance(it.get(key), bool) or it[key] < 0:
            bad(f"{key!r} missing or not a number >= 0")
    for key in ("right", "wrong"):
        if not isinstance(it.get(key), int) or isinstance(it.get(key), bool) or it[key] < 0:
            bad(f"{key!r} missing or not a count")
    if it["kind"] not in KINDS:
        bad(f"kind {it['kind']!r} is not one of {', '.join(KINDS)}")
    try:
        rules.Position.from_id(it["position_id"])
        rules.parse_gnubg_id(it["gnubg_id"])
    except rules.RulesError as e:
        bad(f"bad position: {e}")
    if it["kind"] == "move":
        dice = it.get("dice")
        if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(x, int) and 1 <= x <= 6 for x in dice)):
            bad("a move needs its two dice")
        if not isinstance(it.get("top"), list):
            bad("a move needs its best plays ('top')")
    else:
        answers = ANSWERS[it["kind"]] or ()
        if it["best"] not in answers or it["played"] not in answers:
            bad(f"a {it['kind']} decision's answers are {' or '.join(answers)}")
        if not isinstance(it.get("equities"), dict):
            bad("a cube decision needs its equities")


def from_json(text: Any) -> JsonDict:
    """A deck from its JSON (an export); :class:`PracticeError` with the reason when it is not one."""
    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as e:
        raise PracticeError(f"not JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise PracticeError(f"not a practice list (format {FORMAT!r} expected)")
    if doc.get("version") != VERSION:
        raise PracticeError(f"unknown version {doc.get('version')!r}")
    players, items = doc.get("players"), doc.get("items")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise PracticeError("'players' must be a list of names")
    if not isinstance(items, list):
        raise PracticeError("'items' must be a list")
    for n, it in enumerate(items):
        _check_item(it, n)
    if len({it["id"] for it in items}) != len(items):
        raise PracticeError("two items have the same id")
    return {"format": FORMAT, "version": VERSION, "players": list(players), "items": items}


def merge(deck: JsonDict, other: JsonDict) -> JsonDict:
    """``deck`` with ``other``'s players and items added (an item already here keeps its own schedule)."""
    have = {it["id"] for it in deck["items"]}
    players = deck["players"] + [p for p in other["players"] if p not in deck["players"]]
    return dict(deck, players=players, items=deck["items"] + [it for it in other["items"] if it["id"] not in have])
