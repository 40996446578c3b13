"""The bot's turns at the page's table: each pending decision (``game.Table.pending()``) answered through
``ui.botproxy.BotProxy`` and shown at a pace a person can follow, a play checker by checker.

It is a part of the page's controller (``ui.app.App``) and sees it through a narrow host: ``table``, ``state``,
``show(state, animate)``, ``redraw(state)`` (the board and controls of a state, no events) and
``board_state(state, counts=, dice=, dice_left=, roller=)``. ``busy`` is True while a decision is under way."""
from __future__ import annotations

import asyncio
from typing import Callable

from .model import after_step, slot_counts, slot_of


class BotTurns:
    """``pace(ms)``: seconds to wait where a normal pace waits ``ms`` milliseconds; ``now()``: the table's time."""

    def __init__(self, host, bots, board, sound, pace: Callable[[float], float], now: Callable[[], float]) -> None:
        self.host = host
        self.bots = bots
        self.board = board
        self.sound = sound
        self.pace = pace
        self.now = now
        self.busy = False
        self.ready = asyncio.Event()  # set once the bot's networks are loaded

    def loaded(self, weights: str) -> None:
        """Give the bot its networks; decisions waiting for them go ahead."""
        self.bots.loaded(weights)
        self.ready.set()
        self.warm(self.host.table)

    def warm(self, table) -> None:
        """Start the bot's worker on the levels ``table`` plays, once the bot is loaded."""
        if table is not None and self.ready.is_set():
            for seat in table.options.seats:
                if seat.kind == "bot":
                    self.bots.warm(seat.level)

    def start(self) -> None:
        """Answer the table's pending decisions in the background (unless that is under way)."""
        if not self.busy:
            asyncio.ensure_future(self.run())

    async def run(self) -> None:
        """Answer the table's pending decisions one at a time, showing each (a play checker by checker)."""
        host = self.host
        if self.busy:
            return
        self.busy = True
        try:
            while host.table is not None and host.table.pending() is not None:
                pending = host.table.pending()
                table = host.table
                host.redraw(host.state)
                await asyncio.sleep(self.pace(450))
                await self.ready.wait()
                intent = await self.bots.decide(pending)
                if table is not host.table:  # a new game started meanwhile
                    break
                before = host.state
                state = table.apply(intent, self.now())
                if pending.kind == "play":
                    await self._show_play(before, state, pending)
                if table is not host.table:
                    break
                self.busy = table.pending() is not None
                host.show(state, animate=pending.kind != "play")
                self.busy = True
        finally:
            self.busy = False
        if host.table is not None:
            state = host.table.state()
            host.redraw(state)
            if state.pending is not None:  # e.g. a new game started while the bot was thinking
                asyncio.ensure_future(self.run())

    async def _show_play(self, before, state, pending) -> None:
        """Show a bot's (or the clock's) play one checker at a time."""
        board = before.board
        bottom = pending.player == 0
        dice = tuple(pending.dice)
        left = list(before.dice_left) or ([dice[0]] * 4 if dice[0] == dice[1] else list(dice))
        for ev in state.events:
            if ev.kind != "moved" or ev.player != pending.player:
                continue
            try:
                board = after_step(board, bottom, ev.frm, ev.to, ev.hit)
            except ValueError:
                break
            counts = slot_counts(board[0], board[1])
            for d in ev.dice:
                if d in left:
                    left.remove(d)
            self.board.render(self.host.board_state(before, counts=counts, dice=dice, dice_left=tuple(left),
                                                    roller="bottom" if bottom else "top"),
                              moved=(slot_of(ev.frm, bottom), slot_of(ev.to, bottom)))
            self.sound.event("moved", ev.hit)
            await asyncio.sleep(self.pace(300))
