"""A table state seen from the other seat: players 0 and 1 exchanged.

The table page draws player 0 at the bottom. In a peer game the guest is player 1, so the guest's page is given
the state with the players exchanged (``mirror_state``): the guest at the bottom, its own point numbers, its
score first. Moves need no change (they are always in the mover's own numbering).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

import rules
import game

__all__ = ["mirror_state", "mirror_event"]


def _flip(p: Optional[int]) -> Optional[int]:
    return None if p is None else 1 - p


def mirror_event(ev: game.Event) -> game.Event:
    dice = ev.dice
    if ev.kind == "opening_roll" and dice and len(dice) == 2:
        dice = (dice[1], dice[0])
    return replace(ev, player=_flip(ev.player), dice=dice)


def mirror_state(st: game.State) -> game.State:
    """``st`` with players 0 and 1 exchanged (applying it twice gives ``st`` back)."""
    m = st.match_state
    if m is not None:
        m = rules.MatchState(length=m.length, score=(m.score[1], m.score[0]), crawford=m.crawford,
                             jacoby=m.jacoby, beavers=m.beavers, cube=m.cube, cube_owner=_flip(m.cube_owner))
    result = st.result
    if result is not None:
        result = replace(result, winner=1 - result.winner)
    seats = (st.seats[1], st.seats[0])
    return replace(
        st, turn=_flip(st.turn), actor=_flip(st.actor), seats=seats,
        options=replace(st.options, seats=seats), board=(st.board[1], st.board[0]),
        cube_owner=_flip(st.cube_owner), pips=(st.pips[1], st.pips[0]), score=(st.score[1], st.score[0]),
        match_winner=_flip(st.match_winner), result=result,
        offer=None if st.offer is None else (1 - st.offer[0], st.offer[1]), events=tuple(mirror_event(e) for e in st.events),
        match_state=m)
