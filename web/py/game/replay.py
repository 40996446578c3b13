"""The replay of one game of a record through the rules engine: the checker plays by ``rules`` (notation, legality,
the position after a play), the cube by ``rules.MatchState`` (who may double, beavers, the cube's highest value,
the Jacoby rule). ``game.verify`` runs it over a whole record and turns its refusals into problems.

:class:`GameReplay` takes one action at a time (``step``); an action that is not possible raises
:class:`ReplayRefused` with a stable ``code`` (the Verify page translates by it), an English ``message`` and its
parameters, and the replay of that game stops there. Pure: no js, no pyscript.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import rules

from .claims import CLAIM_KIND, claim_points
from .kinds import CLOCK_PHASES, KIND_NAMES, ReplayPhase
from .resign import RESIGN_KIND, multiplier_of, refusal

__all__ = ["ReplayRefused", "ReplayState", "GameReplay", "game_state", "pair_text"]

_PHASE_TEXT = {"opening": "the opening roll", "roll": "a roll or a double", "move": "a play",
               "take": "a take or a pass", "over": "nothing: the game is over"}


def pair_text(pair) -> str:
    return f"{pair[0]}-{pair[1]}"


class ReplayRefused(Exception):
    """An action the replay cannot take: ``code``, ``message`` (English) and ``params`` for the problem."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.params = code, message, params


@dataclass(frozen=True)
class ReplayState:
    """The replay's state around one action (for ``walk_record``): ``pos`` is a ``rules.Position`` seen by
    ``turn`` (None before the opening roll), ``phase`` one of opening, roll, move, take, over, ``dice`` the roll
    to play (phase move), the cube value and owner (None = centred), ``crawford`` for the Crawford game, and
    ``outcome`` (winner, points, kind) once the game is over."""
    pos: Any
    turn: Optional[int]
    phase: ReplayPhase
    dice: Optional[tuple[int, int]]
    cube: int
    owner: Optional[int]
    crawford: bool
    outcome: Optional[tuple]

    @classmethod
    def of(cls, r: "GameReplay") -> "ReplayState":
        m = r.match
        return cls(r.pos, r.turn, r.phase, r.dice, m.cube, m.cube_owner, m.crawford, r.outcome)


class GameReplay:
    """One game from the opening roll: ``pos`` seen by the player on ``turn``, the ``phase``, the ``dice`` to
    play, ``match`` (the ``rules.MatchState`` of this game: score before it, Crawford, options, cube) and the
    ``outcome`` (winner, points, kind) once it is over, before the Jacoby rule (see :meth:`final_outcome`)."""

    def __init__(self, match: rules.MatchState) -> None:
        self.match = match
        self.pos = rules.Position.initial()
        self.turn: Optional[int] = None      # the player whose turn it is; pos is seen from their side
        self.phase: ReplayPhase = "opening"
        self.dice: Optional[tuple[int, int]] = None
        self.table_must_roll = False         # set by a clock expiry before rolling
        self.outcome: Optional[tuple[Optional[int], int, str]] = None

    def final_outcome(self) -> Optional[tuple[Optional[int], int, str]]:
        """The outcome as the record must give it: with the Jacoby rule (money play, cube centred), a gammon or
        backgammon counts as a single game."""
        out = self.outcome
        if out is not None and out[2] in ("gammon", "backgammon"):
            multiplier = 2 if out[2] == "gammon" else 3
            points = self.match.points_for(multiplier)
            return (out[0], points, KIND_NAMES[points // self.match.cube])
        return out

    # one action
    def expect(self, action: dict, phase: str, player: Optional[int]) -> None:
        what = action["type"]
        if self.phase == "over":
            raise ReplayRefused("extra_action", f"{what} after the game was over", what=what)
        if self.phase != phase:
            raise ReplayRefused("out_of_order", f"{what} is not possible now (expected {_PHASE_TEXT[self.phase]})",
                                what=what, phase=self.phase)
        if player is not None and action.get("player") != player:
            raise ReplayRefused("wrong_player", f"{what} by player {action.get('player')!r}, but it is player "
                                                f"{player}'s to do", what=what, expected=player,
                                found=str(action.get("player")))

    def step(self, action: dict) -> None:
        """Take one action (its ``type`` is one of ``game.kinds.ACTION_TYPES``, its dice already checked)."""
        t = action["type"]
        if self.table_must_roll and t != "roll":
            raise ReplayRefused("out_of_order", f"{t} after the clock ran out: the table only rolls", what=t,
                                phase="roll")
        if t == "opening_roll":
            self.expect(action, "opening", None)
            starter = rules.opening_roll(*action["dice"])
            if starter is not None:
                self.turn, self.dice, self.phase = starter, tuple(action["dice"]), "move"
        elif t == "roll":
            self.expect(action, "roll", self.turn)
            self.table_must_roll = False
            self.dice = (action["dice"][0], action["dice"][1])
            self.phase = "move"
        elif t == "play":
            self.expect(action, "move", self.turn)
            self.play(action.get("play"))
        elif t == "double":
            self.expect(action, "roll", self.turn)
            self.double()
        elif t in ("take", "pass"):
            self.expect(action, "take", 1 - self.turn)
            self.answer(t)
        elif t == "beaver":
            self.expect(action, "take", 1 - self.turn)
            self.beaver()
        elif t == "resign":
            self.resign(action)
        elif t == "claim":  # a peer game claimed against a silent player (game.claims)
            self.claim(action)
        elif t == "clock_expired":
            self.clock_expired(action)

    def double(self) -> None:
        m, p = self.match, self.turn
        if not m.can_double(p):
            if m.crawford:
                why = "no doubling in the Crawford game"
            elif m.cube_owner not in (None, p):
                why = f"player {p} doubles but the cube is player {m.cube_owner}'s"
            elif m.is_over:
                why = "no doubling: the match is already over"
            else:
                why = f"a double past the highest cube ({rules.MAX_CUBE})"
            raise ReplayRefused("illegal_double", why)
        self.phase = "take"

    def beaver(self) -> None:
        m = self.match
        if not (m.is_money and m.beavers):
            raise ReplayRefused("illegal_beaver", "a beaver, but beavers are not allowed in this game")
        if not m.can_beaver(self.turn):
            raise ReplayRefused("illegal_beaver", f"a beaver past the highest cube ({rules.MAX_CUBE})")
        self.match = m.beaver(self.turn)  # the beaverer owns the cube at 4x; the doubler rolls
        self.phase = "roll"

    def answer(self, answer: str) -> None:
        if answer == "take":
            self.match = self.match.take(self.turn)
            self.phase = "roll"
        else:
            self.over(self.turn, self.match.pass_points(self.turn), "pass")

    def resign(self, action: dict) -> None:
        """An accepted resignation, by either player while the game is in play (records of other origin may
        have one out of turn; the table's own resigner is on turn): a single game, a gammon or a backgammon times
        the cube. The table offers only what the resigner can still lose (``game.resign``), but a player may give
        away more, and GNU Backgammon's files record that as it was accepted, so the replay takes any of the
        three."""
        if self.phase in ("over", "opening"):
            raise ReplayRefused("out_of_order", "resign is not possible now", what="resign", phase=self.phase)
        player, points = action.get("player"), action.get("points")
        if player not in (0, 1) or isinstance(player, bool):
            raise ReplayRefused("wrong_player", f"resign by player {player!r}", what="resign", expected=None,
                                found=str(player))
        if isinstance(points, bool) or not isinstance(points, int) or multiplier_of(self.match, points) is None:
            raise ReplayRefused("bad_action", f"resign: {points!r} is not 1, 2 or 3 times the cube "
                                f"({self.match.cube})", found=str(points))
        self.over(1 - player, points, RESIGN_KIND)

    def claim(self, action: dict) -> None:
        if self.phase == "over":
            raise ReplayRefused("extra_action", "claim after the game was over", what="claim")
        owed = action.get("owed", "decide")  # the accused owed a decision, or a message sent by itself
        decider = None if self.phase == "opening" else (1 - self.turn if self.phase == "take" else self.turn)
        offer = action.get("offer")
        if offer is not None:  # a resignation offered by the player on turn waited for the other's answer
            if self.phase not in ("roll", "move") or refusal(self.match, self.pos, offer):
                raise ReplayRefused("bad_action", f"claim: a resignation for {offer!r} could not be offered",
                                    found=str(offer))
            decider = 1 - self.turn
        claimant = action.get("player")
        if owed not in ("decide", "reveal", "renew") or owed == "decide" and decider is None:
            raise ReplayRefused("bad_action", f"claim: 'owed' {owed!r} is not possible now", found=str(owed))
        if claimant not in (0, 1) or owed == "decide" and claimant == decider:
            raise ReplayRefused("wrong_player", f"claim by player {claimant!r}, who must act itself", what="claim",
                                expected=None if decider is None else 1 - decider, found=str(claimant))
        m = self.match
        pos = self.pos if self.turn in (None, claimant) else self.pos.swapped()
        points = claim_points(pos[0], pos[1], m.cube, m.cube_owner, m.jacoby, m.length, m.score[claimant])
        self.over(claimant, points, CLAIM_KIND)

    def clock_expired(self, action: dict) -> None:
        phase = action.get("phase")
        if phase not in CLOCK_PHASES:
            raise ReplayRefused("bad_action", f"clock_expired: unknown phase {phase!r}", found=str(phase))
        who = 1 - self.turn if phase == "take" and self.turn is not None else self.turn
        self.expect(action, phase, who)
        played = action.get("played")
        if phase == "roll":
            if played != "roll":
                raise ReplayRefused("bad_action", "clock_expired before rolling: the table only rolls (it never "
                                                  "doubles)", found=str(played))
            self.table_must_roll = True
        elif phase == "move":
            self.play(played)
        else:
            if played not in ("take", "pass"):
                raise ReplayRefused("bad_action", f"clock_expired on a double: 'played' must be take or pass, got "
                                                  f"{played!r}", found=str(played))
            self.answer(played)

    def play(self, text: Any) -> None:
        """A whole play in notation, checked and made by the rules engine."""
        dice_text = pair_text(self.dice)
        if not isinstance(text, str):
            raise ReplayRefused("bad_action", f"a play must be text, got {text!r}", found=str(text))
        try:
            play = rules.parse_play(text, self.pos, self.dice)
        except rules.NotationError as exc:
            raise ReplayRefused("bad_notation", f"player {self.turn} with {dice_text}: {text!r} is not a play in "
                                                f"standard notation ({exc})", player=self.turn, dice=dice_text,
                                play=text, detail=str(exc)) from None
        except rules.IllegalMoveError as exc:
            raise ReplayRefused("illegal_play", f"player {self.turn} with {dice_text}: {text!r} is not a legal "
                                                f"play ({exc})", player=self.turn, dice=dice_text, play=text,
                                detail=str(exc)) from None
        self.pos, self.dice = self.pos.after(play), None
        if self.pos.is_over():
            multiplier = self.pos.winner_kind()
            self.over(self.turn, self.match.cube * multiplier, KIND_NAMES[multiplier])
        else:
            self.pos = self.pos.swapped()
            self.turn = 1 - self.turn
            self.phase = "roll"

    def over(self, winner: Optional[int], points: int, kind: str) -> None:
        self.phase, self.outcome = "over", (winner, points, kind)


def game_state(length: int, score, crawford: bool, jacoby: bool, beavers: bool) -> rules.MatchState:
    """The ``rules.MatchState`` a game of the record starts from (cube centred)."""
    return rules.MatchState(length=length, score=(score[0], score[1]), crawford=crawford, jacoby=jacoby,
                            beavers=beavers)
