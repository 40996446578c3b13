"""The words around the board, from a ``game.State``: seat names, the status line, event notices, results.

Pure (no DOM), so every sentence is tested under CPython. ``t`` is a ``ui.i18n.Texts``.
"""
from __future__ import annotations

from typing import Optional, Sequence

from game.state import GAME_OVER, MATCH_OVER, MOVING, ROLL, TAKE

from .seat_names import seat_names

RESULT_KEYS = {"single": "result_single", "gammon": "result_gammon", "backgammon": "result_backgammon",
               "pass": "result_pass", "claimed": "result_claimed",
               "resign": "result_resign"}


def solo(seats: Sequence) -> Optional[int]:
    """The one human seat when the other is a bot (the person at this device), else None."""
    humans = [i for i, s in enumerate(seats) if s.kind == "human"]
    return humans[0] if len(humans) == 1 else None


def dice_text(dice) -> str:
    return f"{dice[0]}-{dice[1]}" if dice else ""


def _points(points: int, t) -> dict:
    return {"points": points, "unit": t("point_unit") if points == 1 else t("points_unit")}


def resign_answer_text(state, t) -> str:
    """What the bot (or a person) answered to a resignation in this state's events, as a sentence; ''."""
    names = seat_names(state.seats, t)
    me = solo(state.seats)
    for ev in state.events:
        if ev.kind in ("resign_accepted", "resign_declined"):
            you = "_you" if ev.player == me else ""
            return t(ev.kind + you, name=names[ev.player], kind=t("resign_kind_" + ev.result))
    return ""


def offer_text(state, t) -> str:
    """The resignation waiting for its answer, from the answerer's side; '' when none."""
    if state.offer is None:
        return ""
    names = seat_names(state.seats, t)
    resigner, points = state.offer
    kind = t("resign_kind_" + {1: "single", 2: "gammon", 3: "backgammon"}[points // state.cube])
    answerer = 1 - resigner
    if state.seats[answerer].kind == "bot":
        return t("resign_waiting", name=names[answerer])
    if answerer == solo(state.seats):
        return t("resign_offered_you", name=names[resigner], kind=kind, **_points(points, t))
    return t("resign_offered", name=names[resigner], other=names[answerer], kind=kind, **_points(points, t))


def status_line(state, t) -> str:
    """One sentence: whose turn and what they may do (after an answer to a resignation, that answer first)."""
    answer = resign_answer_text(state, t)
    line = _status_line(state, t)
    return f"{answer} {line}".strip() if answer else line


def _status_line(state, t) -> str:
    names = seat_names(state.seats, t)
    me = solo(state.seats)
    phase, actor = state.phase, state.actor
    if phase in (GAME_OVER, MATCH_OVER):
        return result_text(state, t)
    if actor is None:
        return ""
    if state.offer is not None:
        return offer_text(state, t)
    name = names[actor]
    if state.seats[actor].kind == "bot":
        if phase == TAKE:
            return t("waiting_take", name=name)
        return t("thinking", name=name)
    if phase == ROLL:
        if actor == me:
            return t("your_turn_roll" if state.can_double else "your_turn_roll_only")
        return t("turn_roll" if state.can_double else "turn_roll_only", name=name)
    if phase == MOVING:
        if actor == me:
            return t("your_turn_move", dice=dice_text(state.dice))
        return t("turn_move", name=name, dice=dice_text(state.dice))
    if phase == TAKE:
        doubler = 1 - actor
        if actor == me:
            return t("double_offered_you", name=names[doubler], value=state.cube * 2)
        return t("double_offered", name=names[doubler], value=state.cube * 2, other=name)
    return ""


def result_text(state, t) -> str:
    """The result of the finished game, e.g. "You win 2 points (gammon)."; '' while playing."""
    r = state.result
    if r is None:
        return ""
    names = seat_names(state.seats, t)
    unit = t("point_unit") if r.points == 1 else t("points_unit")
    multiple = {"single": 1, "gammon": 2, "backgammon": 3}.get(r.kind)
    cube = r.points // multiple if multiple else 1
    you = "_you" if r.winner == solo(state.seats) else ""  # "You win", not "You wins"
    if cube > 1:
        text = t("wins_points_cube" + you, name=names[r.winner], points=r.points, unit=unit,
                 kind=t(RESULT_KEYS[r.kind]), cube=cube)
    else:
        text = t("wins_points" + you, name=names[r.winner], points=r.points, unit=unit, kind=t(RESULT_KEYS[r.kind]))
    if state.phase == MATCH_OVER and state.match_winner is not None:
        you = "_you" if state.match_winner == solo(state.seats) else ""
        text += " " + t("match_over" + you, name=names[state.match_winner], a=state.score[0], b=state.score[1])
    return text


def event_notice(event, seats, t) -> str:
    """A sentence for an event worth telling (opening roll, a roll that cannot be played); '' otherwise."""
    names = seat_names(seats, t)
    me = solo(seats)
    if event.kind == "opening_roll":
        a, b = event.dice
        if event.player is None:
            return t("opening_tie", a=a)
        if event.player == me == 0:
            return t("opening_you", a=a, b=b, second=names[1])
        return t("opening_roll", a=a, b=b, first=names[0], second=names[1], starter=names[event.player])
    if event.kind == "played" and event.player != me and event.notation:
        return t("played_notice", name=names[event.player], dice=dice_text(event.dice), play=event.notation)
    if event.kind == "took":
        if event.player == me:
            return t("took_you", value=event.value)
        return t("took_notice", name=names[event.player], value=event.value)
    if event.kind == "beavered":
        if event.player == me:
            return t("beavered_you", value=event.value)
        return t("beavered", name=names[event.player], value=event.value)
    if event.kind == "passed":
        return t("passed_you") if event.player == me else t("passed_notice", name=names[event.player])
    if event.kind == "clock_expired":
        return t("clock_out_you") if event.player == me else t("clock_out", name=names[event.player])
    if event.kind == "resign_offered":
        args = dict(kind=t("resign_kind_" + event.result), **_points(event.value, t))
        if event.player == me:
            return t("resign_you_offer", **args)
        return t("resign_offer_notice", name=names[event.player], **args)
    if event.kind in ("resign_accepted", "resign_declined"):
        you = "_you" if event.player == me else ""
        return t(event.kind + you, name=names[event.player], kind=t("resign_kind_" + event.result))
    if event.kind == "no_legal_move":
        if event.player == me:
            return t("you_cannot_move", dice=dice_text(event.dice))
        return t("cannot_move", name=names[event.player], dice=dice_text(event.dice))
    return ""


def cube_text(state, t) -> str:
    """The cube's tooltip: its value and who may double with it."""
    names = seat_names(state.seats, t)
    owner = state.cube_owner
    if owner is None:
        return t("cube_center", value=state.cube)
    me = solo(state.seats)
    if owner == me:
        return t("cube_yours", value=state.cube)
    if me is not None:
        return t("cube_theirs", value=state.cube, name=names[owner])
    return t("cube_owned", value=state.cube, name=names[owner])


def tray_text(state, player: int, t) -> str:
    """A tray's tooltip: how many borne off and how many to go."""
    off = state.board[player][0]
    if player == solo(state.seats):
        return t("tray_you", off=off, left=15 - off)
    return t("tray_of", name=seat_names(state.seats, t)[player], off=off, left=15 - off)


def score_text(state, t) -> str:
    """The score line: "Match to 5 · You 2 – 1 Bot" or "Money game · ...", with the rules in play: the
    Crawford game (and the games after it) of a match, the Jacoby rule and beavers of money play."""
    names = seat_names(state.seats, t)
    head = t("score_match", n=state.match_length) if state.match_length else t("score_money")
    if state.crawford:
        head += " · " + t("crawford")
    elif state.match_length and state.post_crawford:
        head += " · " + t("post_crawford")
    options = getattr(state, "options", None)
    if not state.match_length and options is not None:
        if options.jacoby:
            head += " · " + t("ng_jacoby")
        if options.beavers:
            head += " · " + t("ng_beavers")
    return f"{head} · {names[0]} {state.score[0]} – {state.score[1]} {names[1]}"
