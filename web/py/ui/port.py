"""What a view of the table page may use of the page's controller (``ui.app.App``): the narrow interface every
view is given instead of the App itself. ``tests/ui/test_ui_package.py`` checks that no module of ``ui`` uses any
other name of the object it is given, and that the App has every name listed here.

A view needing another view (the review opening Analyse a position, the game-over dialog opening the review) is
given that one callable when the page is put together, not a way through the App."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # (the types only: this module imports nothing of the browser)
    import game
    from .board import BoardView
    from .botproxy import BotProxy
    from .storage import Storage


class TablePort(Protocol):
    """The page's table, as a view sees it.

    * ``t``: the page's strings; ``store``: ``localStorage`` (``ui.storage.Storage``); ``clock``: seconds a turn
      from the page's parameters; ``board``: the table's board (``ui.board.BoardView``: its slots, ``drop()``);
      ``bots``: where the bot thinks (``ui.botproxy.BotProxy``, the only client of the bot's worker).
    * ``table``, ``state``: the table shown and its last state (change the table with ``attach``).
    * ``busy``: True while the bot (or the clock's stand-in) is deciding; the person's controls wait.
    * ``saves_locally``: whether the table shown is this device's own, saved by the page (not a peer game's).
    """

    t: Any
    store: "Storage"
    clock: int
    board: "BoardView"
    bots: "BotProxy"
    table: Any
    state: Any

    @property
    def busy(self) -> bool: ...

    @property
    def saves_locally(self) -> bool: ...

    def act(self, intent: Any) -> None:
        """Apply a player's intent to the table and show the new state; one the table refuses changes nothing."""

    def attach(self, table: Any, saves_locally: bool = True, state: Any = None) -> None:
        """Make ``table`` the page's table and show ``state`` (default: ``table.state()``). ``table`` is a
        ``game.Table`` or anything with the methods the page uses of one (``apply``, ``state``, ``pending``,
        ``options``, ``record``, ``record_json``, ``mat_text``, ``to_json``), such as the peer game's adapter.
        ``saves_locally=False``: the page does not save it (a peer game's session saves itself)."""

    def show(self, state: Any) -> None:
        """Show a state of the table: its events, the board, the controls."""

    def notice(self, text: str) -> None:
        """The line under the board."""

    def save(self) -> None:
        """Save the table now (after something the table records outside an action, such as a hint)."""

    def options_for(self, opponent: str = "bot", level: str = "intermediate", length: int = 0,
                    auto_roll: bool = False, auto_play: bool = False, jacoby: bool = False,
                    beavers: bool = False) -> "game.Options":
        """New-game options from the new-game choices and the page's parameters."""

    def new_game(self, options: "game.Options") -> None:
        """Start a new game at this device."""

    def pause_clock(self, paused: bool, why: str = "review") -> None:
        """Hold (or release) the turn clock of a game at this device while the view ``why`` covers the table."""

    async def wait_for_bot(self) -> None:
        """Until the bot's networks are loaded."""


MEMBERS = ("t", "store", "clock", "board", "bots", "table", "state", "busy", "saves_locally", "act", "attach", "show",
           "notice", "save", "options_for", "new_game", "pause_clock", "wait_for_bot")
"""Every name of ``TablePort`` (checked against the class by the tests)."""


