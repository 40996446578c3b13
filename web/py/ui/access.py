"""The table's accessibility layer in the DOM: the live region, the places' accessible names, the typed-move
field, the keyboard help overlay (``?``), and keeping keyboard focus somewhere useful.

The sentences come from the pure ``ui.announce`` and ``ui.typed``; this module only puts them in the page.
``App`` calls ``events(state)`` for each state it shows, ``labels(state)`` after each render, and
``clock(seconds)`` from the clock loop; the board calls ``lifted`` / ``dropped``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import game
from game import intents as I
from pyscript import document
from pyscript.ffi import create_proxy

from . import announce as A
from . import dom
from . import status as S
from .compact import open_menu_for
from .keys import shortcuts_quiet, tab_order
from .model import SLOTS
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort
from .typed import TypedMoveError, notation, plan

LOG_KEEP = 30  # lines kept in the live region (older ones are removed)


class Access:
    def __init__(self, texts, app: TablePort) -> None:
        self.t = texts
        self.lang = texts.lang
        self.app = app
        self._proxies: list = []
        self._last_clock: Optional[int] = None
        self.log = dom.el("div", cls="sr-only")
        self.log.id = "announce"
        for name, value in {"role": "log", "aria-live": "polite", "aria-relevant": "additions"}.items():
            self.log.setAttribute(name, value)
        document.body.appendChild(self.log)
        self._typed_form()
        self._help()
        self._on(document, "keydown", self._key)
        self.keyboard = False  # the person's last input was a key (then focus is kept on something useful)
        self._on(document, "keydown", lambda e: self._input(True))
        self._on(document, "pointerdown", lambda e: self._input(False))
        board = app.board
        # Focusable things that only tell something (their tooltip text is their name): an image role, so
        # their aria-label is allowed and read.
        for el in (board.cube_el, document.getElementById("pips-top"), document.getElementById("pips-bottom")):
            if el:
                el.setAttribute("role", "img")
        board.after_render = lambda st: self._relabel()
        board.on_lift = self.lifted
        board.on_drop = self.dropped
        board.tab_order = lambda slots: tab_order(slots, self.app.state is None or self.app.state.turn != 1)

    def _input(self, keyboard: bool) -> None:
        self.keyboard = keyboard

    def _on(self, target, kind: str, fn) -> None:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def say(self, text: str) -> None:
        """Add a sentence to the live region."""
        if not text:
            return
        line = dom.el("p", text)
        self.log.appendChild(line)
        while self.log.children.length > LOG_KEEP:
            self.log.removeChild(self.log.firstChild)

    # -- who is listening ------------------------------------------------------------------------------------------
    def _listener(self, state) -> tuple:
        """(listener is the bottom seat, the other seat's name, the seat at this device or None)."""
        me = S.solo(state.seats)
        names = S.seat_names(state.seats, self.t)
        listener = me if me is not None else (state.turn if state.turn is not None else 0)
        return listener == 0, names[1 - listener], me, names

    # -- what happened ------------------------------------------------------------------------------------------
    def events(self, state) -> None:
        """Announce the events of a state the table just emitted."""
        _, _, me, names = self._listener(state)
        for ev in state.events:
            if ev.kind == "game_over":
                self.say(A.game_over_text(S.result_text(state, self.t), self.lang))
                continue
            text = A.event_text(ev, names, me, self.lang)
            if not text and ev.kind in ("opening_roll", "clock_expired", "resign_offered", "resign_accepted",
                                        "resign_declined"):
                text = S.event_notice(ev, state.seats, self.t)
            self.say(text)
        self._last_clock = None

    def clock(self, seconds: int) -> None:
        if seconds != self._last_clock:
            self._last_clock = seconds
            self.say(A.clock_text(seconds, self.lang))

    def labels(self, state, counts: dict, dests: dict) -> None:
        """Name every point, bar and tray from the listener's side."""
        bottom, other, _, _ = self._listener(state)
        for slot in SLOTS:
            el = self.app.board.slots[slot]
            count = int(counts.get(slot, 0))
            el.setAttribute("aria-label", A.slot_label(slot, count, bottom, other, self.lang, slot in dests))
            # A point holding a ring (a button) is a group, so no control is nested in another.
            has_ring = bool(el.querySelector("[data-dest]"))
            el.setAttribute("role", "group" if has_ring else "button")

    def lifted(self, slot: str, dests) -> None:
        state = self.app.state
        if state is None:
            return
        bottom, other, _, _ = self._listener(state)
        self.say(A.lifted_text(slot, dests, bottom, other, self.lang))
        self._relabel()

    def dropped(self, slot: str) -> None:
        self.say(A.say(self.lang, "put_down"))
        self._relabel()
        el = self.app.board.slots.get(slot)
        if self.keyboard and el is not None and el.hasAttribute("data-movable"):
            el.focus()

    def _relabel(self) -> None:
        board = self.app.board
        if getattr(self.app, "state", None) is not None:
            self.labels(self.app.state, board.state.counts, board.state.dests)

    # -- focus -----------------------------------------------------------------------------------------------------
    def movable_in_order(self) -> list:
        board = self.app.board
        state = self.app.state
        bottom = state is None or state.turn != 1
        return tab_order(list(board.state.dests), bottom)

    def focus_lost(self) -> bool:
        active = document.activeElement
        if active is None or active == document.body:
            return True
        try:
            return not bool(active.isConnected) or active.offsetParent is None
        except Exception:
            return True

    def keep_focus(self) -> None:
        """When focus fell to the page (its control was hidden or removed), put it on the next useful thing:
        a checker to move, else the first button to press. Only for people using the keyboard (a finger or
        mouse user would see the page scroll to the focused element)."""
        if not self.keyboard or not self.focus_lost():
            return
        order = self.movable_in_order()
        if order:
            self.app.board.slots[order[0]].focus()
            return
        for btn in document.querySelectorAll("#controls button"):
            if not btn.hidden and not btn.disabled:
                btn.focus()
                return

    # -- typed moves -----------------------------------------------------------------------------------------------
    def _typed_form(self) -> None:
        form = dom.el("form", cls="typed")
        form.id = "typed"
        form.setAttribute("autocomplete", "off")
        label = dom.el("label")
        label.setAttribute("for", "typed-move")
        label.textContent = A.say(self.lang, "typed_label")
        field = dom.el("input")
        field.id = "typed-move"
        field.type = "text"
        field.setAttribute("autocomplete", "off")
        field.setAttribute("spellcheck", "false")
        field.setAttribute("autocapitalize", "off")
        field.setAttribute("aria-describedby", "typed-hint typed-why")
        hint = dom.el("span", A.say(self.lang, "typed_hint"), cls="typed-hint")
        hint.id = "typed-hint"
        btn = dom.el("button", A.say(self.lang, "typed_play"), cls="small")
        btn.type = "submit"
        btn.id = "typed-play"
        why = dom.el("p", cls="typed-why")
        why.id = "typed-why"
        for child in (label, field, btn, hint, why):
            form.appendChild(child)
        controls = document.getElementById("controls")
        controls.insertAdjacentElement("afterend", form)
        self.typed_field, self.typed_why = field, why
        self._on(form, "submit", self._submit)

    def _submit(self, event) -> None:
        event.preventDefault()
        text = str(self.typed_field.value)
        try:
            played = self.play_typed(text)
        except TypedMoveError as exc:
            self.typed_why.textContent = str(exc)
            self.say(str(exc))
            return
        self.typed_why.textContent = A.say(self.lang, "typed_played", notation=played)
        self.typed_field.value = ""

    def play_typed(self, text: str) -> str:
        """Play a typed move for the person on turn; returns its notation or raises ``TypedMoveError``."""
        app = self.app
        table, state = app.table, app.state
        can = (table is not None and state is not None and state.phase == game.MOVING and not app.busy
               and state.turn is not None and not state.is_bot(state.turn) and bool(state.movable or state.steps))
        if not can:
            raise TypedMoveError(A.say(self.lang, "typed_not_now"))
        app.board.drop()
        while state.can_undo and state.steps:  # a typed play is a whole play: start it from the turn's start
            state = table.apply(I.Undo(), None)
        try:
            steps = plan(text, state.position(), state.dice, self.lang)
        except TypedMoveError:
            app.show(state)
            raise
        for step in steps:
            state = table.apply(I.Move(step.frm, step.to, step.die), None)
            app.show(state)
        return notation(steps)

    # -- the keys' help --------------------------------------------------------------------------------------------
    def _help(self) -> None:
        dlg = dom.el("dialog", cls="dialog keys-dialog")
        dlg.id = "dlg-keys"
        dlg.setAttribute("aria-labelledby", "keys-title")
        title = dom.el("h2", A.say(self.lang, "keys_title"))
        title.id = "keys-title"
        dlg.appendChild(title)
        table = dom.el("dl", cls="keys-list")
        for caps, key in A.KEYS:
            table.appendChild(dom.el("dt", caps))
            table.appendChild(dom.el("dd", A.say(self.lang, key)))
        dlg.appendChild(table)
        buttons = dom.el("div", cls="dialog-buttons")
        close = dom.el("button", A.say(self.lang, "close"), cls="primary")
        close.type = "button"
        close.id = "keys-close"
        buttons.appendChild(close)
        dlg.appendChild(buttons)
        document.body.appendChild(dlg)
        self.help_dlg = dlg
        self._on(close, "click", lambda e: dlg.close())
        opener = dom.el("button", A.say(self.lang, "keys_open"), cls="ghost")
        opener.type = "button"
        opener.id = "btn-keys"
        opener.setAttribute(*{"aria-haspopup": "dialog"}.popitem())
        actions = document.querySelector(".top-actions")
        if actions:
            actions.appendChild(opener)
        self._on(opener, "click", lambda e: self.open_help())
        proxy = create_proxy(self._quiet_under_help)
        self._proxies.append(proxy)
        document.addEventListener("keydown", proxy, True)

    def _quiet_under_help(self, event) -> None:
        """While the keys' help is open, a letter does nothing on the table behind it."""
        if self.help_dlg.open and len(str(event.key)) == 1:
            event.stopPropagation()

    def open_help(self) -> None:
        if not self.help_dlg.open:
            self.help_dlg.showModal()

    def _key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(target.tagName) if target and hasattr(target, "tagName") else ""
        editable = bool(getattr(target, "isContentEditable", False)) if target else False
        dialog_open = bool(document.querySelector("dialog[open]"))
        if shortcuts_quiet(tag, editable, dialog_open):
            return
        key = str(event.key)
        if key == "?":
            event.preventDefault()
            self.open_help()
        elif key.lower() == "t":
            event.preventDefault()
            open_menu_for(document, self.typed_field)  # on a phone the field is in the menu
            self.typed_field.focus()
