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

Pure: the session passes itself and ``now``.
"""
from __future__ import annotations

from typing import Optional

import game
import rules
from game.claims import claim_points

from .errors import NotYourTurn, Refused

__all__ = ["NO_CLOCK_LIMIT", "limit_for", "owed", "claimable", "judge", "points_for_claim", "ClaimMessages"]

NO_CLOCK_LIMIT = 600.0
_DECISIONS = ("decide", "next")


def limit_for(session, kind: str) -> float:
    """Seconds the side that owes ``kind`` has before its time runs out (the grace not included)."""
    if kind == "next":
        return NO_CLOCK_LIMIT
    if kind == "decide":
        clock = session.settings.clock if session.settings else 0
        return float(clock) if clock else NO_CLOCK_LIMIT
    return 0.0


def owed(session) -> Optional[tuple]:
    """(side, kind) that a claim would be made against now, or None when the game cannot be claimed."""
    if session.stage not in ("opening", "play", "over"):
        return None
    if session.stage == "over" and not (session.settings and session.settings.match_length):
        return None  # a finished money game: nothing is left to win or lose
    return session.waiting_for()


def claimable(session, now: float) -> bool:
    """True when this side may claim: the other side owes an action, silent past its limit and the grace."""
    who = owed(session)
    if who is None or who[0] != session.them:
        return False
    return now - session.since >= limit_for(session, who[1]) + session.grace


def judge(session, side: int, now: float) -> None:
    """Check a claim made by ``side``; Refused("bad_claim") when it is not justified by this side's clock, or
    NotYourTurn for this side's own claim that its clock does not justify (the session turns that into
    game.NotAllowed)."""
    if side == session.me:
        if not claimable(session, now):
            raise NotYourTurn("the other player still has time")
        return
    who = owed(session)
    if who is None:
        raise Refused("bad_claim", "the claim is refused: nothing is owed that could be claimed now")
    if who[0] == side:
        raise Refused("bad_claim", "the claim is refused: the claimant itself must act now")
    elapsed = now - session.since
    limit = limit_for(session, who[1])
    if elapsed < limit:
        raise Refused("bad_claim", f"the claim is refused: this side's time has not run out ({elapsed:.0f} s of "
                                   f"{limit:.0f} s)")


def points_for_claim(session, claimant: int) -> int:
    """What the claim scores (game.claims): for a game in play, the cube times the largest result still
    possible; in an opening roll, the same from the starting position (cube 1); in a match always at least the
    points the claimant still needs; between games of a match, those points."""
    s = session.settings
    table = session.table
    score = table.state().score[claimant] if table is not None else 0
    if session.stage == "play":
        board = table.committed_board()
        cube = table.match_state()
        return claim_points(board[claimant], board[1 - claimant], cube.cube, cube.cube_owner, s.jacoby,
                            s.match_length, score)
    if session.stage == "opening":
        start = rules.Position.initial()
        return claim_points(start.mine, start.theirs, 1, None, s.jacoby, s.match_length, score)
    return max(s.match_length - score, 0)


class ClaimMessages:
    """Applying a ``claim`` and withdrawing our own when the other side answers by acting (for PeerSession)."""

    def _on_claim(self, msg: dict, side: int) -> None:
        if not self._replaying:
            judge(self, side, self.now)
        if side == self.me:
            self._pre_claim = (self._snapshot(), self.seq_out, len(self.log), len(self._texts), self.since)
        points = points_for_claim(self, side)
        what = owed(self)
        if self.table is not None:
            in_play = self.stage == "play"
            if in_play or (self.settings.match_length and self.table.state().phase == game.GAME_OVER):
                self.table.end_by_claim(side, points, what[1] if what else "decide")
                self._events.extend(self.table.state().events)
            if in_play:
                self._sync_record(final=True)
        self.claimed_by = side
        self.claim_points = points
        self.stage = "claimed"


    def _answered_claim(self, msg: dict, out) -> None:
        """A message from the side we claimed against, sent before it saw the claim (or after refusing it): it
        answered by acting. Our claim is withdrawn and the message applied; if it is refused, the claim stands."""
        snap, seq_out, n_log, n_texts, since = self._pre_claim
        claim_log, claim_texts, claimed_since = self.log[n_log:], self._texts[n_texts:], self.since
        self._restore(snap)
        self.seq_out, self.since, self._pre_claim = seq_out, since, None
        del self.log[n_log:], self._texts[n_texts:]
        try:
            self._transaction(msg, self.them)
        except Refused:
            self._replaying = True
            try:
                for side, m in claim_log:
                    self._apply(m, side)
                    self._commit(m, side)
            finally:
                self._replaying = False
            self._texts.extend(claim_texts)
            self.since = claimed_since
            raise
        out.notices.append(("claim_answered", "The other player answered in time: the claim is withdrawn and "
                                              "the game goes on."))
