"""A network's first layers (slot inputs only, negated) of the last few boards it computed from scratch, so that a
board close to one of them (the same side on roll, a few slots changed) starts from that one's, plus a row per
changed slot, instead of from a row per occupied slot. ``Network.win_chance`` (the resignation offer's look at the
position before the roll) starts from them; it and the 0-ply ranking's starting board (``Network.outputs_of``) add
to them. Between the turns of a game the sides change by a play or two, so the bot's look before its roll starts
from its look of the turn before (in a game between two bots, also from the other bot's ranking)."""
from __future__ import annotations

from operator import ne
from typing import TYPE_CHECKING

from rules.board import Board

if TYPE_CHECKING:
    from .network import Network

KEEP = 4
"""First layers kept per network (the most recent first)."""


class RecentLayers:
    """The negated first layers ``-(b1 + the slots' rows)`` of recent boards, each computed from scratch."""

    def __init__(self) -> None:
        self.items: list[tuple[Board, list[float]]] = []

    def start(self, net: "Network", board: Board) -> tuple[list[float], list]:
        """A negated first layer and the rows that take it to ``board``'s: a kept one with fewer slots differing
        from ``board`` than ``board`` has occupied slots (``Network._slot_changes``' rows, per changed slot), else
        ``board``'s own from scratch (then kept) and no rows."""
        mine, theirs = board
        near = None
        limit = sum(map(bool, mine)) + sum(map(bool, theirs))
        for kept in self.items:
            km, kt = kept[0]
            n = sum(map(ne, mine, km)) + sum(map(ne, theirs, kt))
            if n < limit:
                near, limit = kept, n
        if near is not None:
            return near[1], net._slot_changes(near[0], board)
        vecs = net._slot_vectors(board)
        neg = net.negated_pre(vecs)
        self.add(board, neg)
        return neg, []

    def add(self, board: Board, neg_pre: list[float]) -> None:
        """Keep ``board``'s negated first layer (computed from scratch) as the most recent."""
        items = self.items
        items.insert(0, (board, neg_pre))
        del items[KEEP:]
