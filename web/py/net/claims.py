"""When a claim is justified, and what it does (docs/peer-protocol.md section 5).

A claim says "the other side owes an action and its time has run out". The claimant may send it only when, by
its own clock, the accused side owes an action and has been silent for that action's limit plus the grace
period (:func:`claimable`). The accused side judges it again by its own clock (:func:`judge`): it must owe an
action and that action's limit (without the grace, which covers the network delay between the two clocks) must
have passed; otherwise the claim is refused (``bad_claim``) like any other illegal message and the game goes on.
An honest side that is still there never loses to a claim: its own table acts for it when its clock runs out.

Limits: a decision (roll or double, play, take or pass) has the clock (``settings.clock``; with no clock,
:data:`NO_CLOCK_LIMIT`); pressing Next game in a match has :data:`NO_CLOCK_LIMIT`; what a table sends by itself
(a reveal, a renewal, a secret, the hello) has no limit of its own: only the grace.

Pure: each function is given the session's working copy (a :class:`~net.session_value.Draft`) and ``now``.
"""
from __future__ import annotations

from typing import Any, Optional

import game
import rules
from game.claims import claim_points

from .chainflow import sync_record
from .errors import NotYourTurn, Refused
from .session_value import Draft, actor, known

__all__ = ["NO_CLOCK_LIMIT", "limit_for", "owed", "claimable", "judge", "points_for_claim", "on_claim"]

NO_CLOCK_LIMIT = 600.0
_DECISIONS = ("decide", "next")


def limit_for(d: Draft, kind: str) -> float:
    """Seconds the side that owes ``kind`` has before its time runs out (the grace not included)."""
    if kind == "next":
        return NO_CLOCK_LIMIT
    if kind == "decide":
        clock = d.settings.clock if d.settings else 0
        return float(clock) if clock else NO_CLOCK_LIMIT
    return 0.0


def owed(d: Draft) -> Optional[tuple[int, str]]:
    """(side, kind) that a claim would be made against now, or None when the game cannot be claimed."""
    if d.stage not in ("opening", "play", "over"):
        return None
    if d.stage == "over" and not (d.settings and d.settings.match_length):
        return None  # a finished money game: nothing is left to win or lose
    return actor(d)


def claimable(d: Draft, now: float) -> bool:
    """True when this side may claim: the other side owes an action, silent past its limit and the grace."""
    who = owed(d)
    if who is None or who[0] != d.them:
        return False
    return now - d.since >= limit_for(d, who[1]) + d.grace


def judge(d: Draft, side: int, now: float) -> None:
    """Check a claim made by ``side``; Refused("bad_claim") when it is not justified by this side's clock, or
    NotYourTurn for this side's own claim that its clock does not justify (the session turns that into
    game.NotAllowed)."""
    if side == d.me:
        if not claimable(d, now):
            raise NotYourTurn("the other player still has time")
        return
    who = owed(d)
    if who is None:
        raise Refused("bad_claim", "the claim is refused: nothing is owed that could be claimed now")
    if who[0] == side:
        raise Refused("bad_claim", "the claim is refused: the claimant itself must act now")
    elapsed = now - d.since
    limit = limit_for(d, who[1])
    if elapsed < limit:
        raise Refused("bad_claim", f"the claim is refused: this side's time has not run out ({elapsed:.0f} s of "
                                   f"{limit:.0f} s)")


def points_for_claim(d: Draft, claimant: int) -> int:
    """What the claim scores (game.claims): for a game in play, the cube times the largest result still
    possible; in an opening roll, the same from the starting position (cube 1); in a match always at least the
    points the claimant still needs; between games of a match, those points."""
    s = known(d.settings)
    table = d.table
    score = table.state().score[claimant] if table is not None else 0
    if d.stage == "play":
        table = known(table)
        board = table.committed_board()
        cube = table.match_state()
        return claim_points(board[claimant], board[1 - claimant], cube.cube, cube.cube_owner, s.jacoby,
                            s.match_length, score)
    if d.stage == "opening":
        start = rules.Position.initial()
        return claim_points(start.mine, start.theirs, 1, None, s.jacoby, s.match_length, score)
    return max(s.match_length - score, 0)


def on_claim(d: Draft, msg: dict[str, Any], side: int) -> None:
    """A claim, ours or the other side's. Our own keeps the value before it (``pre_claim``): if the other side
    answers by acting before it sees the claim, the claim is withdrawn (net.session)."""
    if not d.replaying:
        judge(d, side, d.now)
    if side == d.me:
        d.pre_claim = d.before
    points = points_for_claim(d, side)
    what = owed(d)
    if d.table is not None:
        in_play = d.stage == "play"
        if in_play or (known(d.settings).match_length and d.table.state().phase == game.GAME_OVER):
            d.table.end_by_claim(side, points, what[1] if what else "decide")
            d.events.extend(d.table.state().events)
        if in_play:
            sync_record(d, final=True)
    d.claimed_by = side
    d.claim_points = points
    d.stage = "claimed"
