"""Resigning at the table: the Resign button (key G), its dialog (a single game, a gammon or a backgammon, times
the cube; only what the table allows is enabled) and the dialog that answers a resignation offered to a person
at this device (the bot answers by itself; with two people on one device, the other one answers).

The table decides everything (``State.can_resign``, ``State.resign_offers``, ``State.can_answer_resign``); this
view only shows it and turns the choices into ``game.intents.Resign`` / ``AcceptResign`` / ``DeclineResign``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game import intents as I
from pyscript import document

from . import status as S
from .dom import el, on
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

KINDS = ("single", "gammon", "backgammon")


class ResignView:
    """The Resign button and the two dialogs; ``update(state)`` after every state shown."""

    def __init__(self, texts, app: TablePort) -> None:
        self.t, self.app = texts, app
        self.button = el("button", texts("resign"), id="btn-resign", type="button", hidden="",
                         aria_haspopup="dialog", aria_keyshortcuts="G")
        controls = document.getElementById("controls")
        hint = document.getElementById("btn-hint")
        controls.insertBefore(self.button, hint)
        on(self.button, "click", lambda e: self.open())
        self._offer_dialog()
        self._answer_dialog()

    # -- building ----------------------------------------------------------------------------------------------
    def _offer_dialog(self) -> None:
        t = self.t
        dlg = el("dialog", cls="dialog", id="dlg-resign", aria_labelledby="resign-title",
                 aria_describedby="resign-intro", parent=document.body)
        el("h2", t("resign"), id="resign-title", parent=dlg)
        el("p", t("resign_intro"), id="resign-intro", parent=dlg)
        box = el("fieldset", parent=dlg)
        el("legend", t("resign_what"), parent=box)
        self.radios, self.points = {}, {}
        for kind in KINDS:
            label = el("label", parent=box)
            radio = el("input", type="radio", name="resign-kind", value=kind, id=f"resign-{kind}")
            label.appendChild(radio)
            label.appendChild(document.createTextNode(" " + t("resign_" + kind) + " "))
            self.points[kind] = el("span", cls="resign-points", id=f"resign-{kind}-points", parent=label,
                                   aria_hidden="true")
            radio.setAttribute("aria-describedby", f"resign-{kind}-points")
            self.radios[kind] = radio
        buttons = el("div", cls="dialog-buttons", parent=dlg)
        cancel = el("button", t("cancel"), type="button", id="resign-cancel", parent=buttons)
        offer = el("button", t("resign_offer"), cls="danger", type="button", id="resign-go", parent=buttons)
        on(cancel, "click", lambda e: dlg.close())
        on(offer, "click", lambda e: self._offer())
        self.dialog = dlg

    def _answer_dialog(self) -> None:
        t = self.t
        dlg = el("dialog", cls="dialog", id="dlg-resign-answer", aria_labelledby="resign-answer-title",
                 aria_describedby="resign-answer-text", parent=document.body)
        el("h2", t("resign_answer_title"), id="resign-answer-title", parent=dlg)
        self.answer_text = el("p", id="resign-answer-text", parent=dlg)
        buttons = el("div", cls="dialog-buttons", parent=dlg)
        decline = el("button", t("resign_decline"), type="button", id="resign-decline", parent=buttons)
        accept = el("button", t("resign_accept"), cls="primary", type="button", id="resign-accept", parent=buttons)
        on(decline, "click", lambda e: self._answer(I.DeclineResign()))
        on(accept, "click", lambda e: self._answer(I.AcceptResign()))
        on(dlg, "cancel", lambda e: e.preventDefault())  # an offer must be answered: Accept or Decline
        self.answer = dlg

    # -- showing -----------------------------------------------------------------------------------------------
    def _may_resign(self, state) -> bool:
        # (a bot seat never has can_resign; in a peer game only this player's own decisions are offered)
        return state is not None and state.can_resign and not self.app.busy and bool(state.resign_offers)

    def update(self, state) -> None:
        self.button.hidden = not self._may_resign(state)
        if self.dialog.open and not self._may_resign(state):
            self.dialog.close()
        asked = state is not None and state.can_answer_resign and not self.app.busy
        if asked:
            self.answer_text.textContent = S.offer_text(state, self.t)
            if not self.answer.open:
                self.answer.showModal()
        elif self.answer.open:
            self.answer.close()

    def open(self) -> None:
        """Open the Resign dialog (the button and the key G), when the person on turn may resign."""
        state = self.app.state
        if not self._may_resign(state) or self.dialog.open:
            return
        offers = state.resign_offers
        first = None
        for kind in KINDS:
            radio = self.radios[kind]
            radio.disabled = kind not in offers
            radio.checked = False
            pts = offers.get(kind)
            self.points[kind].textContent = "" if pts is None else \
                f"{pts} {self.t('point_unit') if pts == 1 else self.t('points_unit')}"
            if pts is not None and first is None:
                first = radio
        first.checked = True
        self.dialog.showModal()
        first.focus()

    def _offer(self) -> None:
        state = self.app.state
        self.dialog.close()
        if not self._may_resign(state):
            return
        for kind in KINDS:
            if self.radios[kind].checked and kind in state.resign_offers:
                self.app.board.drop()
                self.app.act(I.Resign(state.resign_offers[kind]))
                return

    def _answer(self, intent) -> None:
        self.answer.close()
        self.app.act(intent)
