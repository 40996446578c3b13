"""The table page's controls around the board: the action buttons, the status line, each seat's name, bot badge,
pips and turn clock, the score, the fingerprint, the cube's and trays' tips.

A view only: ``show(state, busy)`` draws a state, ``clock(state, left)`` its turn clock; what a button does is
given (``actions``: button id -> callable), so it knows nothing of the table or of ``ui.app.App``."""
from __future__ import annotations

from typing import Callable, Optional

import game

from . import status as S
from . import turn

BUTTONS = ("btn-roll", "btn-double", "btn-take", "btn-beaver", "btn-pass", "btn-undo", "btn-done", "btn-new",
           "btn-sound")
LABELS = (("btn-roll", "roll"), ("btn-double", "double"), ("btn-take", "take"), ("btn-beaver", "beaver"),
          ("btn-pass", "pass"), ("btn-undo", "undo"), ("btn-done", "done"), ("btn-new", "new_game"),
          ("fp-label", "fingerprint"))
ELEMENTS = BUTTONS + ("status", "notice", "name-top", "name-bottom", "badge-top", "badge-bottom", "pips-top",
                      "pips-bottom", "clock-top", "clock-bottom", "seat-top", "seat-bottom", "score", "match-len",
                      "fingerprint", "fp-label")
WARN_AT = (10, 5)  # seconds left at which a calm warning sounds


class TableControls:
    """``actions``: button id -> what a click does; ``on_clock(secs)``: a person's clock at 10 seconds or less
    (said to a screen reader); ``on_warning()``: the warning sound, at 10 and 5 seconds left."""

    def __init__(self, texts, document, board, on: Callable, actions: dict,
                 on_clock: Callable[[int], None], on_warning: Callable[[], None]) -> None:
        self.t = texts
        self.document = document
        self.board = board
        self.on_clock = on_clock
        self.on_warning = on_warning
        self._el = {name: document.getElementById(name) for name in ELEMENTS}
        self._last_clock: Optional[int] = None
        for el_id, fn in actions.items():
            on(self._el[el_id], "click", lambda e, fn=fn: fn())

    def texts(self, muted: bool) -> None:
        """The page's fixed texts in its language."""
        t, document = self.t, self.document
        document.documentElement.setAttribute("lang", t.html_lang)
        document.title = t("doc_title")
        for el_id, key in LABELS:
            self._el[el_id].textContent = t(key)
        self._el["fingerprint"].setAttribute("title", t("fingerprint_help"))
        self._el["seat-top"].setAttribute("aria-label", t("seat_top"))
        self._el["seat-bottom"].setAttribute("aria-label", t("seat_bottom"))
        for selector, key in (("#update span", "update_ready"), ("#update-reload", "update"),
                              ("#menu-label", "menu"), ("#btn-install", "install"), ("#offline-note", "offline_ready")):
            found = document.querySelector(selector)
            if found:
                found.textContent = t(key)
        self._el["btn-new"].disabled = False
        self._el["btn-sound"].disabled = False
        self.sound(muted)

    def sound(self, muted: bool) -> None:
        btn = self._el["btn-sound"]
        btn.textContent = self.t("unmute" if muted else "mute")
        btn.setAttribute("aria-pressed", "true" if muted else "false")

    def notice(self, text: str) -> None:
        self._el["notice"].textContent = text

    def show(self, state, busy: bool, left: Optional[float]) -> None:
        """Draw ``state``'s controls (``busy``: the bot is deciding; ``left``: seconds on the turn clock)."""
        t = self.t
        el = self._el
        human_moving = state.phase == game.MOVING and bool(state.movable or state.can_done) and not busy
        human = not busy and state.actor is not None and not state.is_bot(state.actor)
        for el_id, can in (("btn-roll", state.can_roll), ("btn-double", state.can_double),
                           ("btn-take", state.can_take), ("btn-beaver", state.can_beaver),
                           ("btn-pass", state.can_pass)):
            self._button(el_id, can and not busy, True)
        self._button("btn-undo", human_moving and human, state.can_undo)
        self._button("btn-done", human_moving and human, state.can_done)
        el["status"].textContent = S.status_line(state, t)
        turn.show(self.document, state, t)
        names = S.seat_names(state.seats, t)
        for player, where in ((0, "bottom"), (1, "top")):
            self._seat(state, player, where, names[player])
        cube = self.board.cube_el
        cube.setAttribute("data-tip", S.cube_text(state, t))
        cube.setAttribute("aria-label", S.cube_text(state, t))
        el["score"].textContent = S.score_text(state, t)
        el["score"].setAttribute("data-score", f"{state.score[0]},{state.score[1]}")
        el["match-len"].textContent = ""
        fp = el["fingerprint"]
        fp.textContent = state.fingerprint
        fp.setAttribute("data-fingerprint", state.fingerprint)
        self.clock(state, left)

    def _seat(self, state, player: int, where: str, name: str) -> None:
        t, el = self.t, self._el
        el[f"name-{where}"].textContent = name
        badge = el[f"badge-{where}"]
        badge.hidden = not state.is_bot(player)
        badge.textContent = t("bot_badge")
        badge.setAttribute("data-tip", t("bot_tip"))
        badge.setAttribute("tabindex", "0")
        pips = el[f"pips-{where}"]
        pips.textContent = t("pips", n=state.pips[player])
        pips.setAttribute("data-tip", t("pips_label", n=state.pips[player]))
        pips.setAttribute("aria-label", t("pips_label", n=state.pips[player]))
        pips.setAttribute("data-pips", str(state.pips[player]))
        seat = el[f"seat-{where}"]
        if state.turn == player and state.phase in (game.ROLL, game.MOVING, game.TAKE):
            seat.classList.add("on-turn")
        else:
            seat.classList.remove("on-turn")
        tray = self.board.slots["off" if player == 0 else "opp-off"]
        tray.setAttribute("data-tip", S.tray_text(state, player, t))
        tray.setAttribute("tabindex", "0")
        tray.setAttribute("aria-label", S.tray_text(state, player, t))

    def _button(self, el_id: str, visible: bool, enabled: bool) -> None:
        btn = self._el[el_id]
        btn.hidden = not visible
        btn.disabled = not enabled

    def clock(self, state, left: Optional[float]) -> None:
        """The turn clock of the seat to act (``left`` seconds; None: no clock runs)."""
        for where, player in (("bottom", 0), ("top", 1)):
            el = self._el[f"clock-{where}"]
            actor = state.actor if state is not None else None
            if left is None or actor != player:
                el.hidden = True
                continue
            secs = int(left + 0.999)
            el.hidden = False
            el.textContent = f"0:{secs:02d}" if secs < 60 else f"{secs // 60}:{secs % 60:02d}"
            el.setAttribute("data-tip", self.t("clock_label", s=secs))
            el.setAttribute("aria-label", self.t("clock_label", s=secs))
            el.setAttribute("data-clock", str(secs))
            if secs <= 10:
                el.classList.add("warn")
                if not state.is_bot(player):
                    self.on_clock(secs)
                if secs != self._last_clock and secs in WARN_AT:  # a calm warning, twice
                    self.on_warning()
            else:
                el.classList.remove("warn")
            self._last_clock = secs
