"""The one flow of a game: what is legal when, over the record's actions.

A game is a :class:`GameState` (frozen) and :func:`advance` takes it and one record action (docs/game-record.md:
``opening_roll``, ``roll``, ``play``, ``double``, ``take``, ``beaver``, ``pass``, ``resign``, ``claim``,
``clock_expired``) to the next state, or raises :class:`Refused` with a stable ``code`` (the Verify page
translates by it), an English ``message`` and its parameters. Checker plays are the rules engine's
(``rules.parse_play``, ``Position.after``), the cube ``rules.MatchState``'s (who may double, beavers, the cube's
highest value, the Jacoby rule), resignations ``game.resign``'s.

Every reader and writer of games goes through it: the table (``game.flow`` takes each action it records through
:func:`advance` and reads the phase, the turn and the end of the game from the result), the verifier and
``walk_record`` (and so the review, the analysis and the ``.mat`` writer), and the ``.mat`` import. Pure: no js,
no pyscript.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional, Sequence

import rules

from .claims import CLAIM_KIND, claim_points
from .kinds import CLOCK_PHASES, KIND_NAMES, JsonDict, ReplayPhase, ResultKind
from .resign import RESIGN_KIND, multiplier_of, refusal

__all__ = ["Refused", "GameState", "advance", "start", "start_at", "match_state", "pair_text"]

_PHASE_TEXT = {"opening": "the opening roll", "roll": "a roll or a double", "move": "a play",
               "take": "a take or a pass", "over": "nothing: the game is over"}

#: How a game ended: (winner, points, result kind).
Outcome = tuple[int, int, ResultKind]


def pair_text(pair: Sequence[int]) -> str:
    return f"{pair[0]}-{pair[1]}"


class Refused(Exception):
    """An action that is not possible now: ``code``, ``message`` (English) and ``params`` for the problem."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.params = code, message, params


@dataclass(frozen=True)
class GameState:
    """One game: ``match`` (the ``rules.MatchState`` of this game: the score before it, Crawford, the options and
    the cube as it stands), ``pos`` the ``rules.Position`` seen by the player on ``turn`` (None before the
    opening roll is won), ``phase`` one of opening, roll, move, take, over, ``dice`` the roll to play (phase
    move), ``table_must_roll`` after a clock ran out before rolling, and ``outcome`` (winner, points, kind) once
    the game is over, before the Jacoby rule (see :meth:`final_outcome`)."""
    match: rules.MatchState
    pos: rules.Position
    turn: Optional[int] = None
    phase: ReplayPhase = "opening"
    dice: Optional[tuple[int, int]] = None
    table_must_roll: bool = False
    outcome: Optional[Outcome] = None

    @property
    def cube(self) -> int:
        return self.match.cube

    @property
    def owner(self) -> Optional[int]:
        """The cube's owner (None: centred)."""
        return self.match.cube_owner

    @property
    def mover(self) -> int:
        """The player on turn, once the opening roll is won (phases roll, move and take; ``turn`` is None before)."""
        assert self.turn is not None
        return self.turn

    @property
    def rolled(self) -> tuple[int, int]:
        """The roll to play (phase move)."""
        assert self.dice is not None
        return self.dice

    @property
    def crawford(self) -> bool:
        return self.match.crawford

    def final_outcome(self) -> Optional[Outcome]:
        """The outcome as the record gives it: with the Jacoby rule (money play, cube centred), a gammon or
        backgammon counts as a single game."""
        out = self.outcome
        if out is not None and out[2] in ("gammon", "backgammon"):
            points = self.match.points_for(2 if out[2] == "gammon" else 3)
            return (out[0], points, KIND_NAMES[points // self.match.cube])
        return out


def start(match: rules.MatchState) -> GameState:
    """A game from the opening roll."""
    return GameState(match, rules.Position.initial())


def start_at(match: rules.MatchState, pos: rules.Position, turn: int) -> GameState:
    """A game set up at ``pos`` (seen by ``turn``), ``turn`` to roll or double (a practice position)."""
    return GameState(match, pos, turn, "roll")


def match_state(length: int, score: Sequence[int], crawford: bool, jacoby: bool, beavers: bool) -> rules.MatchState:
    """The ``rules.MatchState`` a game of a record starts from (cube centred)."""
    return rules.MatchState(length=length, score=(score[0], score[1]), crawford=crawford, jacoby=jacoby,
                            beavers=beavers)


def advance(s: GameState, action: JsonDict, after: Optional[rules.Position] = None) -> GameState:
    """The state after ``action`` (its ``type`` one of ``game.kinds.ACTION_TYPES``, its dice already checked).
    ``after``: for a play, the position it leads to (seen by the mover) when the caller has made it with the rules
    engine already (the table's ``rules.Turn``); otherwise the play's notation is read and checked here."""
    t = action["type"]
    if s.table_must_roll and t != "roll":
        raise Refused("out_of_order", f"{t} after the clock ran out: the table only rolls", what=t, phase="roll")
    if t == "opening_roll":
        _expect(s, action, "opening", None)
        starter = rules.opening_roll(*action["dice"])
        if starter is None:
            return s
        return replace(s, turn=starter, dice=(action["dice"][0], action["dice"][1]), phase="move")
    if t == "roll":
        _expect(s, action, "roll", s.turn)
        return replace(s, table_must_roll=False, dice=(action["dice"][0], action["dice"][1]), phase="move")
    if t == "play":
        _expect(s, action, "move", s.turn)
        return _play(s, action.get("play"), after)
    if t == "double":
        _expect(s, action, "roll", s.turn)
        return _double(s)
    if t in ("take", "pass"):
        _expect(s, action, "take", _taker(s))
        return _answer(s, t)
    if t == "beaver":
        _expect(s, action, "take", _taker(s))
        return _beaver(s)
    if t == "resign":
        return _resign(s, action)
    if t == "claim":
        return _claim(s, action)
    if t == "clock_expired":
        return _clock_expired(s, action, after)
    raise Refused("bad_action", f"unknown action {t!r}", found=str(t))


def _taker(s: GameState) -> Optional[int]:
    return None if s.turn is None else 1 - s.turn


def _over(s: GameState, winner: int, points: int, kind: ResultKind) -> GameState:
    return replace(s, phase="over", dice=None, outcome=(winner, points, kind))


def _expect(s: GameState, action: JsonDict, phase: str, player: Optional[int]) -> None:
    what = action["type"]
    if s.phase == "over":
        raise Refused("extra_action", f"{what} after the game was over", what=what)
    if s.phase != phase:
        raise Refused("out_of_order", f"{what} is not possible now (expected {_PHASE_TEXT[s.phase]})", what=what,
                      phase=s.phase)
    if player is not None and action.get("player") != player:
        raise Refused("wrong_player", f"{what} by player {action.get('player')!r}, but it is player {player}'s "
                                      f"to do", what=what, expected=player, found=str(action.get("player")))


def _double(s: GameState) -> GameState:
    m, p = s.match, s.mover
    if not m.can_double(p):
        if m.crawford:
            why = "no doubling in the Crawford game"
        elif m.cube_owner not in (None, p):
            why = f"player {p} doubles but the cube is player {m.cube_owner}'s"
        elif m.is_over:
            why = "no doubling: the match is already over"
        else:
            why = f"a double past the highest cube ({rules.MAX_CUBE})"
        raise Refused("illegal_double", why)
    return replace(s, phase="take")


def _beaver(s: GameState) -> GameState:
    m = s.match
    if not (m.is_money and m.beavers):
        raise Refused("illegal_beaver", "a beaver, but beavers are not allowed in this game")
    if not m.can_beaver(s.mover):
        raise Refused("illegal_beaver", f"a beaver past the highest cube ({rules.MAX_CUBE})")
    return replace(s, match=m.beaver(s.mover), phase="roll")  # the beaverer owns the cube at 4x; the doubler rolls


def _answer(s: GameState, answer: str) -> GameState:
    if answer == "take":
        return replace(s, match=s.match.take(s.mover), phase="roll")
    return _over(s, s.mover, s.match.pass_points(s.mover), "pass")


def _resign(s: GameState, action: JsonDict) -> GameState:
    """An accepted resignation, by either player while the game is in play (records of other origin may have one
    out of turn; the table's own resigner is on turn): a single game, a gammon or a backgammon times the cube. The
    table offers only what the resigner can still lose (``game.resign``), but a player may give away more, and GNU
    Backgammon's files record that as it was accepted, so any of the three is taken."""
    if s.phase in ("over", "opening"):
        raise Refused("out_of_order", "resign is not possible now", what="resign", phase=s.phase)
    player, points = action.get("player"), action.get("points")
    if player not in (0, 1) or isinstance(player, bool):
        raise Refused("wrong_player", f"resign by player {player!r}", what="resign", expected=None, found=str(player))
    if isinstance(points, bool) or not isinstance(points, int) or multiplier_of(s.match, points) is None:
        raise Refused("bad_action", f"resign: {points!r} is not 1, 2 or 3 times the cube ({s.match.cube})",
                      found=str(points))
    return _over(s, 1 - player, points, RESIGN_KIND)


def _claim(s: GameState, action: JsonDict) -> GameState:
    """A peer game claimed against a silent player (``game.claims``)."""
    if s.phase == "over":
        raise Refused("extra_action", "claim after the game was over", what="claim")
    owed = action.get("owed", "decide")  # the accused owed a decision, or a message sent by itself
    decider = None if s.phase == "opening" else (_taker(s) if s.phase == "take" else s.turn)
    offer = action.get("offer")
    if offer is not None:  # a resignation offered by the player on turn waited for the other's answer
        if s.phase not in ("roll", "move") or refusal(s.match, s.pos, offer):
            raise Refused("bad_action", f"claim: a resignation for {offer!r} could not be offered", found=str(offer))
        decider = _taker(s)
    claimant = action.get("player")
    if owed not in ("decide", "reveal", "renew") or owed == "decide" and decider is None:
        raise Refused("bad_action", f"claim: 'owed' {owed!r} is not possible now", found=str(owed))
    if claimant not in (0, 1) or owed == "decide" and claimant == decider:
        raise Refused("wrong_player", f"claim by player {claimant!r}, who must act itself", what="claim",
                      expected=None if decider is None else 1 - decider, found=str(claimant))
    m = s.match
    pos = s.pos if s.turn in (None, claimant) else s.pos.swapped()
    points = claim_points(pos[0], pos[1], m.cube, m.cube_owner, m.jacoby, m.length, m.score[claimant])
    return _over(s, claimant, points, CLAIM_KIND)


def _clock_expired(s: GameState, action: JsonDict, after: Optional[rules.Position]) -> GameState:
    phase = action.get("phase")
    if phase not in CLOCK_PHASES:
        raise Refused("bad_action", f"clock_expired: unknown phase {phase!r}", found=str(phase))
    who = _taker(s) if phase == "take" and s.turn is not None else s.turn
    _expect(s, action, phase, who)
    played = action.get("played")
    if phase == "roll":
        if played != "roll":
            raise Refused("bad_action", "clock_expired before rolling: the table only rolls (it never doubles)",
                          found=str(played))
        return replace(s, table_must_roll=True)
    if phase == "move":
        return _play(s, played, after)
    if played not in ("take", "pass"):
        raise Refused("bad_action", f"clock_expired on a double: 'played' must be take or pass, got {played!r}",
                      found=str(played))
    return _answer(s, played)


def _play(s: GameState, text: Any, after: Optional[rules.Position]) -> GameState:
    """A whole play in notation, checked and made by the rules engine (or already made: ``after``)."""
    if not isinstance(text, str):
        raise Refused("bad_action", f"a play must be text, got {text!r}", found=str(text))
    if after is None:
        dice_text = pair_text(s.rolled)
        try:
            play = rules.parse_play(text, s.pos, s.dice)
        except rules.NotationError as exc:
            raise Refused("bad_notation", f"player {s.turn} with {dice_text}: {text!r} is not a play in standard "
                                          f"notation ({exc})", player=s.turn, dice=dice_text, play=text,
                          detail=str(exc)) from None
        except rules.IllegalMoveError as exc:
            raise Refused("illegal_play", f"player {s.turn} with {dice_text}: {text!r} is not a legal play "
                                          f"({exc})", player=s.turn, dice=dice_text, play=text,
                          detail=str(exc)) from None
        after = s.pos.after(play)
    if after.is_over():
        multiplier = after.winner_kind()
        return replace(s, pos=after, dice=None, phase="over",
                       outcome=(s.mover, s.match.cube * multiplier, KIND_NAMES[multiplier]))
    assert s.turn is not None
    return replace(s, pos=after.swapped(), turn=1 - s.turn, dice=None, phase="roll")
