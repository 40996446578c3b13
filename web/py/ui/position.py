"""Analyse a position, as plain data (no DOM): the pasted GNUbg ID or XGID read for the board (the player on roll
at the bottom), the request for the bot, and the answer's rows (ranked plays, the cube action, the best play of
each roll). ``ui.position_view`` shows them; tests run this in CPython."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Optional

from rules.xgid import parse_position_text, parse_xgid, to_xgid
from rules.errors import RulesError

from .model import CubeView, slot_counts, slot_of

CHANCE_KEYS = ("win", "gammon", "backgammon", "lose_gammon", "lose_backgammon")


class PositionError(ValueError):
    """Text that is not a GNUbg ID or an XGID, or dice that are not a roll."""


@dataclass(frozen=True)
class Setup:
    """A pasted position: the board (the player on roll at the bottom), the dice (None: before rolling), the
    cube as the board shows it, the text as given, the match's length (0: money)."""
    text: str
    counts: dict
    dice: Optional[tuple]
    cube: CubeView
    position_id: str
    double_offered: bool
    match_length: int = 0


def read(text: str, dice_text: str = "") -> Setup:
    """The position of a GNUbg ID (``PositionID:MatchID``) or an XGID; ``dice_text`` ("31", "3-1", "3 1")
    replaces the ID's dice. PositionError names what is wrong."""
    t = (text or "").strip()
    if not t:
        raise PositionError("empty")
    try:
        pos, info = parse_position_text(t)
    except RulesError as exc:
        raise PositionError(str(exc)) from None
    dice = read_dice(dice_text) if dice_text.strip() else (None if info.dice == (0, 0) else tuple(info.dice))
    owner = "center" if info.cube_owner is None else ("bottom" if info.cube_owner == info.on_roll else "top")
    return Setup(t, slot_counts(pos[0], pos[1]), dice, CubeView(info.cube, owner), pos.to_id(),
                 bool(info.double_offered), int(info.length or 0))


def read_dice(text: str) -> tuple[int, int]:
    """"31", "3-1", "3 1", "3,1" as a roll."""
    m = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if m is None:
        raise PositionError(f"not a roll: {text.strip()!r}")
    return int(m.group(1)), int(m.group(2))


def link(setup: Setup) -> str:
    """``index.html?analyse=<XGID>``, which opens Analyse a position on ``setup`` (offline too): its position, cube,
    score and dice, the dice typed beside the ID included, and an XGID's money-play options kept."""
    pos, info = parse_position_text(setup.text)
    try:
        jacoby, beavers, max_cube_log = parse_xgid(setup.text)[2]
    except RulesError:  # a GNUbg ID: no such options
        jacoby, beavers, max_cube_log = False, False, 10
    if setup.dice:
        info = replace(info, dice=setup.dice, double_offered=False, turn=info.on_roll)
    xgid = to_xgid(pos, info, jacoby=jacoby, beavers=beavers, max_cube_log=max_cube_log)
    return "index.html?analyse=" + xgid  # (letters, digits, "-", ":" and "=": nothing to escape in a query)


def request(setup: Setup, level: str) -> dict:
    """What ``bot.analyse_position`` takes (through the bot's worker)."""
    return {"position": setup.text, "dice": list(setup.dice) if setup.dice else None, "level": level}


def pct(x: float) -> str:
    return f"{100 * float(x):.1f}%"


def chances_text(c: dict, t) -> str:
    """"win 52.1% (gammon 14.2%, backgammon 0.6%); gammon lost 10.3%, backgammon lost 0.4%" from the outputs."""
    if not all(k in c for k in CHANCE_KEYS):
        return ""
    return t("pos_chances", w=pct(c["win"]), g=pct(c["gammon"]), b=pct(c["backgammon"]), lg=pct(c["lose_gammon"]),
             lb=pct(c["lose_backgammon"]))


def candidate_rows(result: dict, t) -> list[dict]:
    """The ranked plays: rank, play (notation, "" for no move), equity, the loss from the best, the chances."""
    rows = []
    cands = result.get("candidates") or result.get("top") or []
    best = cands[0]["equity"] if cands else 0.0
    for k, c in enumerate(cands):
        rows.append({"rank": k + 1, "play": c.get("play") or "", "equity": float(c["equity"]),
                     "loss": float(c.get("loss", best - c["equity"])), "position_id": c.get("position_id", ""),
                     "text": chances_text(c, t)})
    return rows


def cube_words(result: dict, t) -> list[tuple[str, str]]:
    """The cube action: (the proper action in words, "") then (each choice, its equity)."""
    if result.get("kind") == "take" or (result.get("kind") == "double" and "take" in (result.get("equities") or {})):
        eq = result.get("equities") or {}
        out = [(t("pos_best", action=t("hint_" + result["best"])), result["best"])]
        return out + [(t("hint_equity", action=t("hint_" + k), e=f"{eq[k]:+.3f}"), k) for k in ("take", "pass") if k in eq]
    cube = result.get("cube_action")
    if cube is None and result.get("kind") == "double":   # the hint's answer
        cube = {"best": result.get("best"), "action": result.get("best"), "equities": result.get("equities") or {}}
    if not cube:
        return [(t("pos_no_cube"), "none")]
    action = cube.get("action") or cube.get("best")
    out = [(t("pos_action_" + action), action)]
    eq = cube.get("equities") or {}
    out += [(t("hint_equity", action=t("hint_" + k), e=f"{eq[k]:+.3f}"), k)
            for k in ("no_double", "double_take", "double_pass") if k in eq]
    return out


def roll_rows(result: dict, t) -> list[tuple[str, str, str]]:
    """(roll, best play, equity) for each of the 21 rolls."""
    return [(f"{r['dice'][0]}-{r['dice'][1]}", r.get("play") or t("hint_no_move"), f"{float(r['equity']):+.3f}")
            for r in result.get("rolls") or []]


def play_steps(setup: Setup, play: str) -> tuple:
    """A candidate's checker steps on the board (the player on roll at the bottom), for its arrows."""
    from rules import parse_play
    from rules.position import Position
    if not setup.dice or not play:
        return ()
    try:
        steps = parse_play(play, Position.from_id(setup.position_id), setup.dice)
    except ValueError:
        return ()
    return tuple((slot_of(s.frm, True), slot_of(s.to, True), bool(s.hit)) for s in steps)
