"""The person's actions at the table: the buttons (Roll, Double, Take, Beaver, Pass, Undo, Done, the next game)
and their keys. Each is offered only when the state says it may be done; the table still decides (a refused
intent changes nothing). It reaches the page through ``ui.port.TablePort`` and the few callables it is given."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game import intents as I

if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort


class TableActions:
    """``open_pass(cube)``: the confirmation of a pass; ``dialog_open()``: whether a dialog is open (the table's
    keys wait then); ``keys``: more single-letter keys (``"h"``: a hint...) -> what they do."""

    def __init__(self, app: TablePort, open_pass: Callable[[int], None], dialog_open: Callable[[], bool],
                 keys: dict) -> None:
        self.app = app
        self.open_pass = open_pass
        self.dialog_open = dialog_open
        self.keys = {"r": self.roll, "o": self.double, "u": self.undo, "d": self.done, **keys}

    def roll(self) -> None:
        state = self.app.state
        if state is not None and state.can_roll:
            self.app.act(I.Roll())

    def double(self) -> None:
        state = self.app.state
        if state is not None and state.can_double:
            self.app.act(I.Double())

    def take(self) -> None:
        state = self.app.state
        if state is not None and state.can_take:
            self.app.act(I.Take())

    def beaver(self) -> None:
        """Take the double and redouble at once, keeping the cube (money play with beavers)."""
        state = self.app.state
        if state is not None and state.can_beaver:
            self.app.act(I.Beaver())

    def ask_pass(self) -> None:
        state = self.app.state
        if state is not None and state.can_pass:
            self.open_pass(state.cube)

    def confirm_pass(self) -> None:
        state = self.app.state
        if state is not None and state.can_pass:
            self.app.act(I.Pass())

    def undo(self) -> None:
        state = self.app.state
        if state is not None and state.can_undo:
            self.app.board.drop()
            self.app.act(I.Undo())

    def done(self) -> None:
        state = self.app.state
        if state is not None and state.can_done:
            self.app.board.drop()
            self.app.act(I.Done())

    def next_game(self) -> None:
        state = self.app.state
        if state is not None and state.can_next_game:
            self.app.act(I.NextGame())

    def key(self, event) -> None:
        """The page's keydown: a letter's action, Escape puts a lifted checker down (not while typing or while
        a dialog is open)."""
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea") or self.dialog_open():
            return
        key = str(event.key).lower()
        action = self.keys.get(key)
        if key == "escape":
            self.app.board.drop()
        elif action is not None:
            action()
