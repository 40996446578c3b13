"""The guest's view: players exchanged, so the page draws the guest at the bottom in its own numbering."""
from __future__ import annotations

import random

import game
from net.view_state import mirror_state
from peer_harness import Link, random_turn


def test_mirror_is_an_involution_and_keeps_the_position():
    link = Link(3, settings=__import__("net").Settings(match_length=5))
    link.connect()
    rng = random.Random(3)
    for _ in range(30):
        st = link.guest.table.state()
        m = mirror_state(st)
        assert mirror_state(m) == st
        assert m.board == (st.board[1], st.board[0]) and m.score == (st.score[1], st.score[0])
        if st.turn is not None:
            assert m.turn == 1 - st.turn
            # the player on turn has the same position either way
            assert m.position() == st.position()
            assert m.gnubg_id().split(":")[0] == st.gnubg_id().split(":")[0]
        assert m.view(0) == st.view(1) and m.view(1) == st.view(0)
        for a, b in zip(m.events, st.events):
            assert a.kind == b.kind and (a.player is None or a.player == 1 - b.player)
        if not random_turn(link, rng, double_rate=0.2):
            break
    assert isinstance(m, game.State)
