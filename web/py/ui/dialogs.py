"""The table's dialogs: new game, confirming a pass, game over (result, seed, verify link, downloads)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Callable

import game
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from . import status as S
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

LEVEL_KEY = "gamao.newgame"


def _get(el_id: str):
    return document.getElementById(el_id)


def download(filename: str, text: str, mime: str) -> None:
    """Offer ``text`` as a file download."""
    blob = window.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


class Dialogs:
    """The table's dialogs. ``app``: the page (``ui.port.TablePort``: ``store``, ``options_for``, ``new_game``);
    ``open_review(record)``: the review of the game that ended; ``remember(table, state)``: keep it in the History;
    ``confirm_pass()``, ``next_game()``: the person's actions (``ui.table_actions``)."""

    def __init__(self, texts, app: TablePort, open_review: Callable[[dict], object],
                 remember: Callable[[object, object], None], confirm_pass: Callable[[], None],
                 next_game: Callable[[], None]) -> None:
        self.t = texts
        self.app = app
        self.open_review = open_review
        self.remember = remember
        self.confirm_pass = confirm_pass
        self.next_game = next_game
        self._proxies: list = []
        self.new_dlg = _get("dlg-new")
        self.pass_dlg = _get("dlg-pass")
        self.over_dlg = _get("dlg-over")
        self._shown_over = None
        t = texts
        for el_id, key in (("ng-title", "ng_title"), ("ng-opponent", "ng_opponent"), ("ng-vs-bot", "ng_vs_bot"),
                           ("ng-vs-human", "ng_vs_human"), ("ng-level", "ng_level"), ("ng-kind", "ng_kind"),
                           ("ng-money", "ng_money"), ("ng-match", "ng_match"), ("ng-length", "ng_length"),
                           ("ng-auto", "ng_auto"), ("ng-auto-roll-label", "ng_auto_roll"),
                           ("ng-auto-play-label", "ng_auto_play"), ("ng-rules", "ng_rules"),
                           ("ng-jacoby-label", "ng_jacoby"), ("ng-jacoby-help", "ng_jacoby_help"),
                           ("ng-beavers-label", "ng_beavers"), ("ng-beavers-help", "ng_beavers_help"),
                           ("ng-crawford-help", "ng_crawford_help"),
                           ("ng-cancel", "cancel"), ("ng-start", "start"), ("pass-no", "keep_playing"),
                           ("pass-yes", "confirm_pass"), ("over-title", "game_over"), ("over-seed-label", "seed"),
                           ("over-verify", "verify_link"), ("over-record", "download_record"),
                           ("over-review", "review_open"),
                           ("over-mat", "download_mat"), ("over-next", "next_game"), ("over-new", "new_game"),
                           ("over-close", "close")):
            _get(el_id).textContent = t(key)
        select = _get("ng-level-select")
        for level in game.LEVELS:
            opt = document.createElement("option")
            opt.value = level
            opt.textContent = t("level_" + level)
            select.appendChild(opt)
        select.value = "intermediate"
        # Accessible names for the form controls come from their <label>s.
        self._click("ng-start", self._start)
        self._click("ng-cancel", lambda: self.new_dlg.close())
        self._click("pass-no", lambda: self.pass_dlg.close())
        self._click("pass-yes", self._pass_yes)
        self._click("over-record", self._record)
        self._click("over-review", lambda: self.open_review(self._table.record()))
        self._click("over-mat", self._mat)
        self._click("over-next", self._next)
        self._click("over-new", self._over_new)
        self._click("over-close", lambda: self.over_dlg.close())
        for radio in document.querySelectorAll('#form-new input[name="kind"]'):
            proxy = create_proxy(lambda e: self._kind_changed())
            self._proxies.append(proxy)
            radio.addEventListener("change", proxy)

    def _click(self, el_id: str, fn) -> None:
        proxy = create_proxy(lambda e: fn())
        self._proxies.append(proxy)
        _get(el_id).addEventListener("click", proxy)

    def is_open(self) -> bool:
        return bool(document.querySelector("dialog[open]"))

    # -- new game ------------------------------------------------------------------------------------------------
    def open_new(self) -> None:
        if self.over_dlg.open:
            self.over_dlg.close()
        if not self.new_dlg.open:
            self._restore_choices()
            self.new_dlg.showModal()

    def _start(self) -> None:
        form = _get("form-new")
        opponent = "human" if form.querySelector('input[name="opponent"][value="human"]').checked else "bot"
        level = str(_get("ng-level-select").value)
        match = form.querySelector('input[name="kind"][value="match"]').checked
        try:
            length = int(str(_get("ng-length-input").value)) if match else 0
        except ValueError:
            length = 5
        length = max(1, min(25, length)) if match else 0
        auto_roll = bool(_get("ng-auto-roll").checked)
        auto_play = bool(_get("ng-auto-play").checked)
        self.new_dlg.close()
        # (the Jacoby rule and beavers are kept as chosen for the next money game, used only in money play)
        choice = {"opponent": opponent, "level": level, "length": length, "auto_roll": auto_roll,
                  "auto_play": auto_play, "jacoby": bool(_get("ng-jacoby").checked),
                  "beavers": bool(_get("ng-beavers").checked)}
        self.app.store.set(LEVEL_KEY, json.dumps(choice))
        self.app.new_game(self.app.options_for(**choice))

    def remembered(self) -> dict:
        """The last new-game choices (``{"opponent", "level", "length", "auto_roll", "auto_play", "jacoby",
        "beavers"}``), defaults when none or unreadable."""
        out = {"opponent": "bot", "level": "intermediate", "length": 0, "auto_roll": False, "auto_play": False,
               "jacoby": False, "beavers": False}
        try:
            saved = json.loads(self.app.store.get(LEVEL_KEY) or "{}")
        except ValueError:
            return out
        if isinstance(saved, dict):
            if saved.get("opponent") in ("bot", "human"):
                out["opponent"] = saved["opponent"]
            if saved.get("level") in game.LEVELS:
                out["level"] = saved["level"]
            if isinstance(saved.get("length"), int) and 0 <= saved["length"] <= 25:
                out["length"] = saved["length"]
            for key in ("auto_roll", "auto_play", "jacoby", "beavers"):
                if isinstance(saved.get(key), bool):
                    out[key] = saved[key]
        return out

    def _restore_choices(self) -> None:
        choice = self.remembered()
        form = _get("form-new")
        form.querySelector(f'input[name="opponent"][value="{choice["opponent"]}"]').checked = True
        _get("ng-level-select").value = choice["level"]
        kind = "match" if choice["length"] else "money"
        form.querySelector(f'input[name="kind"][value="{kind}"]').checked = True
        if choice["length"]:
            _get("ng-length-input").value = str(choice["length"])
        _get("ng-auto-roll").checked = choice["auto_roll"]
        _get("ng-auto-play").checked = choice["auto_play"]
        _get("ng-jacoby").checked = choice["jacoby"]
        _get("ng-beavers").checked = choice["beavers"]
        self._kind_changed()

    def _kind_changed(self) -> None:
        """The Jacoby rule and beavers are money-play rules: not offered for a match, whose Crawford rule is
        said instead."""
        match = bool(_get("form-new").querySelector('input[name="kind"][value="match"]').checked)
        for el_id in ("ng-jacoby", "ng-beavers"):
            _get(el_id).disabled = match
        _get("ng-crawford-help").hidden = not match

    # -- passing -------------------------------------------------------------------------------------------------
    def open_pass(self, cube: int) -> None:
        unit = self.t("point_unit") if cube == 1 else self.t("points_unit")
        _get("pass-text").textContent = self.t("confirm_pass_text", points=f"{cube} {unit}")
        self.pass_dlg.showModal()

    def _pass_yes(self) -> None:
        self.pass_dlg.close()
        self.confirm_pass()

    # -- game over -----------------------------------------------------------------------------------------------
    def open_over(self, state, table) -> None:
        """Show the game-over dialog, once per game end of a table; again when the seed arrives after the end (a
        peer game: the other player's secret comes a moment later), so the dialog shows it and the record that
        is kept verifies."""
        key = (id(table), state.game_number, state.phase, state.seed)
        if self._shown_over == key:
            return
        self._shown_over = key
        self._table = table
        result = _get("over-result")
        text = S.result_text(state, self.t)
        result.textContent = text
        r = state.result
        result.setAttribute("data-result", f"{r.winner}:{r.points}:{r.kind}" if r else "")
        _get("over-score").textContent = S.score_text(state, self.t)
        seed = _get("over-seed")
        seed.textContent = state.seed or ""
        seed.setAttribute("data-seed", state.seed or "")
        _get("over-next").hidden = not state.can_next_game
        verify = "verify.html?lang=" + self.t.lang + ("" if state.practice else "&record=last")
        _get("over-verify").setAttribute("href", verify)
        self._state = state
        self._remember_record(table)
        if not self.over_dlg.open:
            self.over_dlg.showModal()

    def _remember_record(self, table) -> None:
        """Keep the last record for "Verify a game" (key ``gamao.last-record``)."""
        self.remember(table, self._state)

    def _record(self) -> None:
        download("gamao-game.json", game.record_json(self._table.record()), "application/json")

    def _mat(self) -> None:
        download("gamao-game.mat", game.mat_text(self._table.record()), "text/plain")

    def _next(self) -> None:
        self.over_dlg.close()
        self.next_game()

    def _over_new(self) -> None:
        self.over_dlg.close()
        self.open_new()
