"""How a table drives its games: starting a match and its games, turns, rolls, plays, the cube, the end of a game.

Functions of a :class:`~game.value.Draft` (a working copy of the table's value) that the intent handlers
(``game.handlers``) and the set-up constructors call; ``d.source`` is the table's dice source. Each action is
written to the record and taken through the game's rules (``d.act``: ``game.reducer``, the same as every replay
of a record), which refuse what is not legal now and say when the game is over; this module adds what only a
live table has: the dice thrown, the clocks, the bots' and the auto-roll's turns, the events, resignation offers.
"""
from __future__ import annotations

from typing import Iterable, Optional

import rules

from .errors import NotAllowed
from .kinds import JsonDict, ResultKind
from .options import Options, Seat
from .record import RecordBuilder
from .dice import Pair, SeededDice
from .resign import refusal
from . import reducer
from .state import GAME_OVER, KIND_NAMES, MATCH_OVER, MOVING, ROLL, TAKE, Result
from .value import Board, Draft

__all__ = ["start_match", "start_game", "begin_turn", "roll", "begin_moving", "play_steps", "finish_turn",
           "game_over", "double", "answer", "offer_resign", "answer_resign", "clock_for", "set_position", "claim",
           "PHASE_TEXT"]

PHASE_TEXT = {ROLL: "the player on turn rolls or doubles", MOVING: "a roll is being played",
              TAKE: "a double is waiting for take or pass", GAME_OVER: "the game is over",
              MATCH_OVER: "the match is over"}


def _seat_record(i: int, seat: Seat) -> JsonDict:
    d: JsonDict = seat.to_dict()
    if not d.get("name"):
        d["name"] = f"Bot ({seat.level})" if seat.kind == "bot" else f"Player {i + 1}"
    return d


def clock_for(d: Draft, p: int) -> Optional[float]:
    """The deadline of a decision of player ``p`` starting now (None: no clock, or a bot)."""
    if not d.options.clock or d.options.seats[p].kind == "bot":
        return None
    return d.now + d.options.clock


# match and game set-up ---------------------------------------------------------------------------------------
def start_match(d: Draft, options: Options) -> None:
    d.options = options
    d.match = rules.MatchState(length=options.match_length, jacoby=options.jacoby, beavers=options.beavers)
    d.new_record(RecordBuilder(players=[_seat_record(i, s) for i, s in enumerate(options.seats)],
                               match_length=options.match_length,
                               rules={"crawford": True, "jacoby": options.jacoby, "beavers": options.beavers}))
    d.game_index = -1
    d.practice = False
    start_game(d)


def start_game(d: Draft) -> None:
    d.game_index += 1
    dice = d.next_dice if d.next_dice is not None else d.source.dice_for(d.options, d.game_index)
    d.game_dice, d.next_dice = dice, None
    dice.start_record(d.recorder)
    d.match = d.match.new_game()
    d.game_state = reducer.start(d.match)
    start = d.game_state.pos
    d.board = (start.mine, start.theirs)
    d.result = None
    d.phase, d.player, d.dice, d.turn = ROLL, 0, None, None
    d.deadline, d.expired, d.advised = None, False, False
    d.offer, d.declined, d.offered = None, (0, 0), False
    d.emit("game_started", fingerprint=dice.fingerprint)
    while True:
        (d0, d1), d.game_dice = d.game_dice.throw()
        d.act(d.recorder.opening_roll(d0, d1))
        assert d.game_state is not None  # d.act has set it
        starter = d.game_state.turn
        d.emit("opening_roll", player=starter, dice=(d0, d1))
        if starter is not None:
            break
    begin_moving(d, starter, (d0, d1))


# turns -------------------------------------------------------------------------------------------------------
def begin_turn(d: Draft, p: int) -> None:
    d.phase, d.player, d.dice, d.turn = ROLL, p, None, None
    d.expired, d.advised, d.offered = False, False, False
    d.deadline = clock_for(d, p)
    seat = d.options.seats[p]
    if not d.match.can_double(p) and (seat.kind == "bot" or (seat.kind == "human" and d.options.auto_roll)):
        roll(d, auto=True)


def roll(d: Draft, auto: bool = False) -> None:
    p = d.player
    pair, d.game_dice = d.game_dice.throw()
    d.act(d.recorder.roll(p, pair[0], pair[1]))
    d.emit("rolled", player=p, dice=pair, auto=auto)
    begin_moving(d, p, pair)


def begin_moving(d: Draft, p: int, dice: Pair) -> None:
    d.phase, d.player, d.dice = MOVING, p, (dice[0], dice[1])
    d.turn = turn = rules.Turn(d.position(p), dice)
    d.deadline = None if d.expired else clock_for(d, p)
    if turn.dice_to_play == 0:
        d.act(d.recorder.play(p, ""), after=turn.position)
        d.emit("no_legal_move", player=p, dice=d.dice, auto=True)
        begin_turn(d, 1 - p)
        return
    if d.options.auto_play and d.options.seats[p].kind == "human" and not d.expired:
        plays = turn.legal_plays()
        if len(plays) == 1:
            play_steps(d, plays[0][0], auto=True)
            finish_turn(d, auto=True)


def play_steps(d: Draft, steps: Iterable[rules.Step], auto: bool) -> None:
    p = d.player
    for s in steps:
        assert d.turn is not None  # phase moving
        d.turn = d.turn.apply_step(s)
        d.emit("moved", player=p, frm=s.frm, to=s.to, hit=s.hit, dice=(s.die,),
               notation=rules.format_play((s,)), auto=auto)


def finish_turn(d: Draft, auto: bool = False) -> None:
    p, turn = d.player, d.turn
    assert turn is not None  # phase moving
    notation = rules.format_play(turn.steps)
    pos = turn.position
    d.act(d.recorder.clock_expired(p, "move", notation) if d.expired else d.recorder.play(p, notation), after=pos)
    d.emit("played", player=p, notation=notation, dice=d.dice, auto=auto or d.expired)
    d.board = (pos.mine, pos.theirs) if p == 0 else (pos.theirs, pos.mine)
    d.turn = None
    if not _ended(d):
        begin_turn(d, 1 - p)


def _ended(d: Draft) -> bool:
    """Whether the last action ended the game (then it is over, as the game's rules scored it)."""
    assert d.game_state is not None  # d.act has set it
    outcome = d.game_state.final_outcome()
    if outcome is None:
        return False
    game_over(d, *outcome)
    return True


def game_over(d: Draft, winner: int, points: int, kind: ResultKind) -> None:
    d.result = Result(winner, points, kind)
    d.recorder.result(winner, points, kind)
    d.game_dice.reveal_record(d.recorder)
    d.match = d.match.after_game(winner, points)
    d.phase = MATCH_OVER if d.match.is_over else GAME_OVER
    d.dice, d.turn, d.deadline, d.expired, d.advised = None, None, None, False, False
    d.offer = None
    d.emit("game_over", player=winner, value=points, result=kind)
    if d.match.is_over:
        d.emit("match_over", player=d.match.winner)


# the cube ----------------------------------------------------------------------------------------------------
def double(d: Draft, p: int) -> None:
    d.act(d.recorder.double(p))
    d.emit("doubled", player=p, value=d.match.cube * 2)
    d.phase, d.advised = TAKE, False
    d.deadline = clock_for(d, 1 - p)


def answer(d: Draft, answer: str, by_clock: bool = False) -> None:
    doubler = d.player
    taker = 1 - doubler
    rec = d.recorder
    d.act(rec.clock_expired(taker, "take", answer) if by_clock else
          {"take": rec.take, "pass": rec.pass_, "beaver": rec.beaver}[answer](taker))
    if answer == "pass":
        d.emit("passed", player=taker, auto=by_clock)
        _ended(d)
        return
    if answer == "take":
        d.emit("took", player=taker, value=d.match.cube, auto=by_clock)
    else:
        d.emit("beavered", player=taker, value=d.match.cube)
    begin_turn(d, doubler)


# resignation (what may be offered: game.resign) ------------------------------------------------------------------
def offer_resign(d: Draft, p: int, points: int) -> None:
    """Player ``p``, on turn before rolling or while playing a roll, offers to resign for ``points``; the
    opponent answers (``answer_resign``). One offer a turn; the resigner's clock stands still meanwhile."""
    if d.offer is not None:
        raise NotAllowed("a resignation is already waiting for its answer")
    if d.phase not in (ROLL, MOVING) or d.player != p:
        raise NotAllowed(f"player {p} may not resign now: only the player on turn resigns, before or while "
                         f"playing a roll")
    if d.offered:
        raise NotAllowed(f"player {p} has offered a resignation in this turn already")
    why = refusal(d.match, d.position(p), points)
    if why:
        raise NotAllowed(why)
    remaining = None if d.deadline is None else max(0.0, d.deadline - d.now)
    d.offer, d.offered, d.deadline = (p, points, remaining), True, None
    d.emit("resign_offered", player=p, value=points, result=KIND_NAMES[points // d.match.cube])


def answer_resign(d: Draft, accept: bool) -> None:
    """The opponent of the resigner accepts (the game ends: kind "resign") or declines (play goes on where it
    was, the resigner's clock with the time it had)."""
    if d.offer is None:
        raise NotAllowed("no resignation is waiting for its answer")
    p, points, remaining = d.offer
    d.offer = None
    kind = KIND_NAMES[points // d.match.cube]
    if accept:
        d.emit("resign_accepted", player=1 - p, value=points, result=kind)
        if d.phase == MOVING:  # rolled, then resigned: the roll stays unplayed
            d.turn = None
        d.act(d.recorder.resign(p, points))
        _ended(d)
        return
    declined = list(d.declined)
    declined[p] = max(declined[p], points)
    d.declined = (declined[0], declined[1])
    d.deadline = None if remaining is None else d.now + remaining
    d.emit("resign_declined", player=1 - p, value=points, result=kind)


# set-up and claims ----------------------------------------------------------------------------------------------
def set_position(d: Draft, board: Board, match: "rules.MatchState", p: int, dice: Optional[Pair],
                 double_offered: bool, start: Optional[str]) -> None:
    """Replace a just-started game by a practice position: ``board`` (player 0's slots first), ``match``,
    player ``p`` on roll (the doubler when ``double_offered``), ``dice`` rolled or None; ``start`` is the
    position's GNUbg ID, noted in the record's game. The game keeps its seed; nothing is thrown yet."""
    pos = rules.Position(tuple(board[p]), tuple(board[1 - p]))  # a legal board (a value's is not checked again)
    d.match, d.practice, d.board, d.result = match, True, (board[0], board[1]), None
    d.game_state = reducer.start_at(match, pos, p)
    d.offer, d.declined, d.offered = None, (0, 0), False
    rec = d.recorder.game
    rec["actions"].clear()
    rec["start"] = start
    d.game_dice = SeededDice(d.game_dice.seed)
    d.expired = d.advised = False
    if double_offered:
        d.phase, d.player, d.dice, d.turn = TAKE, p, None, None
        d.act(d.recorder.double(p))
        d.deadline = clock_for(d, 1 - p)
    elif dice:
        d.player = p
        d.act(d.recorder.roll(p, dice[0], dice[1]))
        begin_moving(d, p, (dice[0], dice[1]))
    else:
        begin_turn(d, p)
    d.emit("game_started", fingerprint=d.game_dice.fingerprint)


def claim(d: Draft, claimant: int, points: int, owed: str) -> None:
    """A justified claim (a peer who went silent): a game in play ends, won by ``claimant`` for ``points`` (a
    ``claim`` action and the result kind "claimed" in the record); between games of a match, the match goes to
    ``claimant``. Anything else: nothing happens."""
    if d.phase in (ROLL, MOVING, TAKE):
        # the answer to a resignation was owed: the offer itself is noted with the claim
        d.act(d.recorder.claim(claimant, owed, None if d.offer is None else d.offer[1]))
        _ended(d)
    elif d.phase == GAME_OVER and points:
        def match_to_claimant(data: JsonDict) -> None:
            data["result"] = {"score": list(d.match.score), "winner": claimant, "complete": True,
                              "claimed_by": claimant}
        d.amend_record(match_to_claimant)
        d.phase = MATCH_OVER
        d.emit("match_over", player=claimant)
