"""What the table page uses of a ``game.Table``, for a peer game: :class:`PeerTableAdapter`, backed by a
:class:`net.PeerSession`, with the guest's states mirrored so each player sees the board from its own side. No
js, but it reads the clock (the session is given the time of each action): ``ui.peer_game`` gives it to the page during a peer game (``App.attach(adapter, saves_locally=False)``:
the session saves itself under ``gamao.peer``).
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable, Optional

import game
from game import intents as I

from net.errors import NotYourTurn, PeerError
from net.session import Outcome, PeerSession
from net.view_state import mirror_state

__all__ = ["PeerTableAdapter"]


def _now() -> float:
    return time.time()


class PeerTableAdapter:
    """What the table page uses of a ``game.Table``, for a peer game (intents go through the session)."""

    def __init__(self, session: PeerSession, send: Callable[[Outcome], None]) -> None:
        self.session = session
        self._send = send

    @property
    def options(self) -> game.Options:
        return self.session.table.options

    def _view(self, st: game.State, events=None) -> game.State:
        if events is not None:
            st = replace(st, events=tuple(events))
        return mirror_state(st) if self.session.me == 1 else st

    def state(self, events=None) -> game.State:
        return self._view(self.session.state(), events)

    def pending(self):
        return None

    def apply(self, intent, now: Optional[float] = None, keep_events: bool = False) -> game.State:
        now = _now() if now is None else now
        try:
            if isinstance(intent, I.Tick):
                out = self.session.tick(now)
            else:
                out = self.session.act(intent, now)
        except (NotYourTurn, PeerError) as exc:
            raise game.NotAllowed(str(exc)) from None
        self._send(out)
        return self.state(out.events)

    def record(self) -> dict:
        return self.session.table.record()
