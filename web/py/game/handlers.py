"""What each intent does: ``HANDLERS[type(intent)](draft, intent, asked)``, on a working copy of the table's value
(:class:`~game.value.Draft`); a refused intent raises :class:`~game.errors.NotAllowed` and its draft is dropped.
``asked()`` gives ``(pending, completions)`` of the value before the intent (the table caches them)."""
from __future__ import annotations

from typing import Any, Callable, Optional

import rules

from . import flow
from . import intents as I
from .errors import NotAllowed
from .options import Options
from .pending import Completions
from .state import GAME_OVER, MATCH_OVER, MOVING, ROLL, TAKE, Pending
from .value import Draft

__all__ = ["HANDLERS", "check_now", "check_offer", "Asked", "Handler"]

#: ``asked()``: ``(pending, completions)`` of the value before the intent.
Asked = Callable[[], tuple[Optional[Pending], Optional[Completions]]]
#: What one intent does to a draft.
Handler = Callable[[Draft, Any, Asked], None]


def check_now(now: object) -> None:
    if not isinstance(now, (int, float)) or isinstance(now, bool) or now != now:
        raise NotAllowed(f"now must be a number of seconds, got {now!r}")


def _human_turn(d: Draft, phase: str, what: str) -> int:
    """The player who must act now, when it is a human/peer seat in ``phase``; else NotAllowed."""
    if d.phase != phase:
        raise NotAllowed(f"{what} is not possible now ({flow.PHASE_TEXT[d.phase]})")
    p = d.player if phase != TAKE else 1 - d.player
    if d.options.seats[p].kind == "bot":
        raise NotAllowed(f"{what}: it is the bot's decision (player {p})")
    if d.expired:
        raise NotAllowed(f"{what}: player {p}'s clock ran out; the table is playing for them")
    return p


def check_offer(offer: object, intent: I.Intent) -> None:
    """While a resignation waits for its answer (``offer``), only its answer (and Tick, NewGame) is taken."""
    if offer is not None and not isinstance(intent, I.OFFER_INTENTS):
        raise NotAllowed(f"{type(intent).__name__}: a resignation waits for its answer first")


# human intents ---------------------------------------------------------------------------------------------
def _on_roll(d: Draft, intent: I.Roll, asked: Asked) -> None:
    _human_turn(d, ROLL, "Roll")
    flow.roll(d)


def _on_double(d: Draft, intent: I.Double, asked: Asked) -> None:
    flow.double(d, _human_turn(d, ROLL, "Double"))


def _on_take(d: Draft, intent: I.Take, asked: Asked) -> None:
    _human_turn(d, TAKE, "Take")
    flow.answer(d, "take")


def _on_pass(d: Draft, intent: I.Pass, asked: Asked) -> None:
    _human_turn(d, TAKE, "Pass")
    flow.answer(d, "pass")


def _on_beaver(d: Draft, intent: I.Beaver, asked: Asked) -> None:
    _human_turn(d, TAKE, "Beaver")
    flow.answer(d, "beaver")


def _on_move(d: Draft, intent: I.Move, asked: Asked) -> None:
    p = _human_turn(d, MOVING, "Move")
    frm, to, die = intent.frm, intent.to, intent.die
    if type(frm) is not int or type(to) is not int or (die is not None and type(die) is not int):
        bad = next(v for v in (frm, to, die) if type(v) is not int)  # bool is not a point number either
        raise NotAllowed(f"a move is given by point numbers (ints), got {bad!r}")
    before = d.turn
    assert before is not None  # phase moving
    try:
        after = before.apply(frm, to, die)
    except rules.RulesError as exc:
        raise NotAllowed(str(exc)) from None
    path = after.steps[len(before.steps):]
    d.turn = after
    d.emit("moved", player=p, frm=frm, to=to, hit=any(s.hit for s in path),
           dice=tuple(s.die for s in path), notation=rules.format_play(path))


def _on_undo(d: Draft, intent: I.Undo, asked: Asked) -> None:
    p = _human_turn(d, MOVING, "Undo")
    assert d.turn is not None  # phase moving
    if not d.turn.steps:
        raise NotAllowed("nothing to undo in this turn")
    step = d.turn.steps[-1]
    d.turn = d.turn.undo()
    d.emit("undone", player=p, frm=step.frm, to=step.to, hit=step.hit, dice=(step.die,))


def _on_done(d: Draft, intent: I.Done, asked: Asked) -> None:
    _human_turn(d, MOVING, "Done")
    assert d.turn is not None  # phase moving
    if not d.turn.is_complete:
        left = len(d.turn.dice_left)
        raise NotAllowed(f"the play is not finished: {left} di{'e' if left == 1 else 'ce'} still to play")
    flow.finish_turn(d)


def _on_resign(d: Draft, intent: I.Resign, asked: Asked) -> None:
    if d.phase not in (ROLL, MOVING):
        raise NotAllowed(f"Resign is not possible now ({flow.PHASE_TEXT[d.phase]})")
    flow.offer_resign(d, _human_turn(d, d.phase, "Resign"), intent.points)


def _human_answerer(d: Draft, what: str) -> int:
    if d.offer is None:
        raise NotAllowed(f"{what}: no resignation is offered")
    a = 1 - d.offer[0]
    if d.options.seats[a].kind == "bot":
        raise NotAllowed(f"{what}: it is the bot's decision (player {a})")
    return a


def _on_accept_resign(d: Draft, intent: I.AcceptResign, asked: Asked) -> None:
    _human_answerer(d, "AcceptResign")
    flow.answer_resign(d, True)


def _on_decline_resign(d: Draft, intent: I.DeclineResign, asked: Asked) -> None:
    _human_answerer(d, "DeclineResign")
    flow.answer_resign(d, False)


def _on_next_game(d: Draft, intent: I.NextGame, asked: Asked) -> None:
    if d.phase == MATCH_OVER:
        raise NotAllowed("the match is over: start a new game instead")
    if d.phase != GAME_OVER:
        raise NotAllowed(f"Next game is not possible now ({flow.PHASE_TEXT[d.phase]})")
    if d.practice:
        raise NotAllowed("a practice position has no next game: start a new game instead")
    flow.start_game(d)


def _on_new_game(d: Draft, intent: I.NewGame, asked: Asked) -> None:
    if not isinstance(intent.options, Options):
        raise NotAllowed("NewGame needs game.Options")
    flow.start_match(d, intent.options)


def _on_tick(d: Draft, intent: I.Tick, asked: Asked) -> None:
    check_now(intent.now)
    d.now = float(intent.now)
    if d.offer is not None:  # the clock stands still while a resignation is answered (and never resigns)
        return
    if d.deadline is None or d.now < d.deadline or d.expired:
        return
    p = d.player if d.phase != TAKE else 1 - d.player
    phase = {ROLL: "roll", MOVING: "move", TAKE: "take"}[d.phase]
    d.emit("clock_expired", player=p, phase=phase, auto=True)
    d.expired, d.deadline = True, None
    if d.phase == ROLL:  # the table rolls (never doubles) and then plays the roll
        d.act(d.recorder.clock_expired(p, "roll", "roll"))
        flow.roll(d, auto=True)


# decision intents ---------------------------------------------------------------------------------------------
def _pending_or_raise(asked: Asked, kind: str, what: str) -> tuple[Pending, Optional[Completions]]:
    pend, comp = asked()
    if pend is None or pend.kind != kind:
        raise NotAllowed(f"{what}: no {kind} decision is pending")
    return pend, comp


def _on_bot_cube(d: Draft, intent: I.BotCube, asked: Asked) -> None:
    pend, _ = _pending_or_raise(asked, "cube", "BotCube")
    if intent.decision not in ("double", "no_double"):
        raise NotAllowed(f"BotCube decision must be 'double' or 'no_double', got {intent.decision!r}")
    if pend.reason == "bot":
        if intent.decision == "double":
            flow.double(d, pend.player)
        else:
            flow.roll(d, auto=True)
    elif intent.decision == "double":  # a human's auto-roll check: the human decides
        d.advised = True
    else:
        flow.roll(d, auto=True)


def _on_bot_play(d: Draft, intent: I.BotPlay, asked: Asked) -> None:
    pend, comp = _pending_or_raise(asked, "play", "BotPlay")
    steps = comp.get(intent.result) if isinstance(intent.result, str) and comp is not None else None
    if steps is None:
        raise NotAllowed(f"BotPlay: {intent.result!r} is not a legal result of this roll")
    flow.play_steps(d, steps, auto=pend.reason == "clock")
    flow.finish_turn(d)


def _on_bot_answer(d: Draft, intent: I.BotAnswer, asked: Asked) -> None:
    pend, _ = _pending_or_raise(asked, "answer", "BotAnswer")
    beaver_ok = pend.reason == "bot" and d.match.can_beaver(d.player)
    allowed = ("take", "pass", "beaver") if beaver_ok else ("take", "pass")
    if intent.answer not in allowed:
        raise NotAllowed(f"BotAnswer must be one of {', '.join(allowed)}, got {intent.answer!r}")
    flow.answer(d, intent.answer, by_clock=pend.reason == "clock")


def _on_bot_resign(d: Draft, intent: I.BotResign, asked: Asked) -> None:
    pend, _ = asked()
    if pend is None or pend.kind not in ("cube", "play") or pend.reason != "bot":
        raise NotAllowed("BotResign: no decision of a bot seat is pending")
    if intent.points not in pend.resign:
        raise NotAllowed(f"BotResign: {intent.points!r} is not a resignation the bot may offer now")
    flow.offer_resign(d, pend.player, intent.points)


def _on_bot_resign_answer(d: Draft, intent: I.BotResignAnswer, asked: Asked) -> None:
    _pending_or_raise(asked, "resign", "BotResignAnswer")
    if intent.answer not in ("accept", "decline"):
        raise NotAllowed(f"BotResignAnswer must be accept or decline, got {intent.answer!r}")
    flow.answer_resign(d, intent.answer == "accept")


HANDLERS: dict[type[I.Intent], Handler] = {
            I.Roll: _on_roll, I.Double: _on_double, I.Take: _on_take, I.Pass: _on_pass, I.Beaver: _on_beaver,
            I.Move: _on_move, I.Undo: _on_undo, I.Done: _on_done, I.NextGame: _on_next_game,
            I.NewGame: _on_new_game, I.Tick: _on_tick, I.BotCube: _on_bot_cube, I.BotPlay: _on_bot_play,
            I.BotAnswer: _on_bot_answer, I.Resign: _on_resign, I.AcceptResign: _on_accept_resign,
            I.DeclineResign: _on_decline_resign, I.BotResign: _on_bot_resign,
            I.BotResignAnswer: _on_bot_resign_answer}
