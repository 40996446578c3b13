"""The table's time: the wall clock less the time the page held it (while one of its own views covered a game at
this device, so that the turn clock did not run out unseen behind it).

Every reason to hold it has a name (``"review"``, ``"dialog"``, ``"position"``, a rollout's panel...); it runs
again once no reason is left. One ``TableClock`` belongs to one page (``ui.app.App``), which gives its ``now`` to
the table, the saves and the IDs panel."""
from __future__ import annotations

import time
from typing import Callable, Optional


class TableClock:
    """``now()``: the table's time; ``hold(why)`` / ``release(why)``; ``held``: whether it stands still now."""

    def __init__(self, wall: Callable[[], float] = time.time) -> None:
        self._wall = wall
        self._since: Optional[float] = None  # the wall time it was first held, while it is held
        self._total = 0.0  # the time held before
        self._why: set[str] = set()

    def now(self) -> float:
        since = self._since
        return (self._wall() if since is None else since) - self._total

    def hold(self, why: str) -> None:
        self._why.add(why)
        if self._since is None:
            self._since = self._wall()

    def release(self, why: str) -> None:
        self._why.discard(why)
        if not self._why and self._since is not None:
            self._total += self._wall() - self._since
            self._since = None

    @property
    def held(self) -> bool:
        return self._since is not None
