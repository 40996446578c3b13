"""The :class:`~game.state.State` a table shows for its value (``Table.state()`` builds it once per value)."""
from __future__ import annotations

from typing import Optional

from rules.board import pips as board_pips
from rules.turn import dice_used as used_dice

from .resign import offers_of
from .state import GAME_OVER, MATCH_OVER, MOVING, ROLL, TAKE, Pending, State
from .value import TableValue

__all__ = ["build_state"]


def build_state(v: TableValue, pending: Optional[Pending]) -> State:
    phase, p, m = v.phase, v.player, v.match
    playing = phase in (ROLL, MOVING, TAKE)
    actor = (1 - p if phase == TAKE else p) if playing else None
    offer = v.offer
    if offer is not None:
        actor = 1 - offer[0]
    offered = offer is not None
    human = actor is not None and v.options.seats[actor].kind != "bot" and not v.expired
    answering = human and offered
    human = human and not offered  # while a resignation is answered, nothing else is done
    turn = v.turn
    if turn is not None:
        pos = turn.position
        board = (pos.mine, pos.theirs) if p == 0 else (pos.theirs, pos.mine)
        dice_left, dice_used, steps = tuple(turn.dice_left), used_dice(turn.dice, turn.dice_left), tuple(turn.steps)
    else:
        board = v.board
        dice_left, dice_used, steps = (), (), ()
    movable = dict(turn.options()) if (human and phase == MOVING and turn is not None) else {}
    pips = (board_pips(board[0]), board_pips(board[1]))
    money_beaver = phase == TAKE and m.can_beaver(p)
    over = phase in (GAME_OVER, MATCH_OVER)
    may_resign = human and phase in (ROLL, MOVING) and not v.offered
    resign_offers = offers_of(v, p) if may_resign else {}
    return State(
        phase=phase, game_number=v.game_index + 1, turn=p if playing else None, actor=actor,
        seats=v.options.seats, options=v.options, board=board, dice=v.dice,
        dice_left=dice_left, dice_used=dice_used, movable=movable,
        can_roll=human and phase == ROLL,
        can_double=human and phase == ROLL and m.can_double(p),
        can_take=human and phase == TAKE, can_pass=human and phase == TAKE,
        can_beaver=human and phase == TAKE and money_beaver,
        can_undo=human and phase == MOVING and turn is not None and bool(turn.steps),
        can_done=human and phase == MOVING and turn is not None and turn.is_complete,
        can_next_game=phase == GAME_OVER and not v.practice,
        double_offered=phase == TAKE, cube=m.cube, cube_owner=m.cube_owner,
        cube_is_dead=bool(playing and m.length and m.cube_is_dead(p)),
        pips=pips, score=m.score, match_length=m.length, crawford=m.crawford,
        post_crawford=m.post_crawford, match_winner=m.winner, fingerprint=v.game_dice.fingerprint,
        seed=v.game_dice.seed.hex() if over else None,
        result=v.result, deadline=v.deadline, clock=v.options.clock,
        pending=pending, events=v.events, steps=steps, practice=v.practice, match_state=m,
        offer=(offer[0], offer[1]) if offer is not None else None, resign_offers=resign_offers, can_resign=may_resign,
        can_answer_resign=answering)
