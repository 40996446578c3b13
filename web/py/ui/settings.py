"""The Settings panel: one dialog (``#dlg-settings``, opened by the top bar's "Settings" button) for the board's
direction, the animation speed, the point numbers on the desktop board, the sound and the language. Every choice
takes effect at once and is remembered (``ui.prefs``: ``gamao.settings``; the sound's ``gamao.muted``; the
language's ``gamao.lang``, which a change of language also follows to the page in that language).

How the choices show: ``html[data-home="left"]`` mirrors the board (style sheet ``settings.css``: the bottom
player's home board on the left, its checkers going clockwise; the phone's upright board is turned the same
way), ``html[data-numbers="off"]`` hides the point numbers, ``html[data-animation]`` names the speed (``instant``
stops the style sheets' transitions) and the board's glide and the bot's pauses follow it (``Settings.glide_ms``, ``Settings.pace_factor``). The
board's ``data-point`` numbering, the clicks and the keys stay as they are: only where each point is drawn
changes."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from pyscript import document, window

from . import lang_switch
from .board import add_point_numbers, reduced_motion
from .dom import el, on
from .i18n import LANGS
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort
from .prefs import ANIMATIONS, LANG_KEY, SETTINGS_KEY, Prefs, load


def apply(prefs: Prefs) -> None:
    """Show ``prefs`` on the page (the attributes the style sheets read)."""
    root = document.documentElement
    root.setAttribute("data-home", prefs.home)
    root.setAttribute("data-animation", prefs.animation or "auto")
    root.setAttribute("data-numbers", "on" if prefs.numbers else "off")


class Settings:
    """The panel and the settings it keeps: ``prefs`` (the current :class:`ui.prefs.Prefs`), ``open()``."""

    def __init__(self, texts, app: TablePort, muted: Callable[[], bool], toggle_sound: Callable[[], None]) -> None:
        """``app``: the page (``ui.port.TablePort``: ``store``, ``save``); ``muted()``: whether the sound is off;
        ``toggle_sound()``: turn it on or off."""
        self.t = texts
        self.app = app
        self.muted = muted
        self.toggle_sound = toggle_sound
        self.store = app.store
        self.prefs = load(self.store.get(SETTINGS_KEY))
        apply(self.prefs)
        add_point_numbers(document.getElementById("board"))
        self.dlg = None
        button = document.getElementById("btn-settings")
        if button:
            button.textContent = texts("settings")
            button.disabled = False
            on(button, "click", lambda e: self.open())
        link = document.getElementById("link-lang")
        if link:  # the top bar's switch is a choice of language too
            on(link, "click", lambda e: self.store.set(LANG_KEY, lang_switch.other(self.t.lang)))

    def glide_ms(self) -> int:
        """How long a moved checker glides now (the board asks at each move)."""
        return self.prefs.glide_ms(reduced_motion())

    def pace_factor(self) -> float:
        """What the bot's pauses are multiplied by now."""
        return self.prefs.pace_factor(reduced_motion())

    # -- the dialog ------------------------------------------------------------------------------------------------
    def _build(self):
        t = self.t
        dlg = el("dialog", cls="dialog settings", id="dlg-settings", aria_labelledby="set-title")
        el("h2", t("settings"), id="set-title", parent=dlg)
        box = el("fieldset", parent=dlg)
        el("legend", t("set_direction"), parent=box)
        self.home = {}
        for value, key in (("right", "set_home_right"), ("left", "set_home_left")):
            label = el("label", parent=box)
            radio = el("input", type="radio", name="set-home", value=value, parent=label)
            el("span", t(key), parent=label)
            on(radio, "change", lambda e: self._changed())
            self.home[value] = radio
        row = el("label", cls="row", parent=dlg)
        el("span", t("set_animation"), parent=row)
        self.animation = el("select", id="set-animation", parent=row)
        for value in ANIMATIONS:
            el("option", t("anim_" + value), value=value, parent=self.animation)
        on(self.animation, "change", lambda e: self._changed())
        box = el("fieldset", parent=dlg)
        el("legend", t("set_show"), parent=box)
        label = el("label", parent=box)
        self.numbers = el("input", type="checkbox", id="set-numbers", parent=label)
        el("span", t("set_numbers"), parent=label)
        on(self.numbers, "change", lambda e: self._changed())
        label = el("label", parent=box)
        self.sound = el("input", type="checkbox", id="set-sound", parent=label)
        el("span", t("set_sound"), parent=label)
        on(self.sound, "change", lambda e: self._sound())
        row = el("label", cls="row", parent=dlg)
        el("span", t("set_language"), parent=row)
        self.lang = el("select", id="set-lang", parent=row)
        for code in LANGS:
            el("option", t("lang_name_" + code), value=code, lang="pt-BR" if code == "pt" else code,
               parent=self.lang)
        on(self.lang, "change", lambda e: self._language())
        buttons = el("div", cls="dialog-buttons", parent=dlg)
        close = el("button", t("close"), cls="primary", id="set-close", type="button", parent=buttons)
        on(close, "click", lambda e: dlg.close())
        document.body.appendChild(dlg)
        return dlg

    def open(self) -> None:
        if self.dlg is None:
            self.dlg = self._build()
        self.home[self.prefs.home].checked = True
        self.animation.value = self.prefs.speed(reduced_motion())
        self.numbers.checked = self.prefs.numbers
        self.sound.checked = not self.muted()
        self.lang.value = self.t.lang
        if not self.dlg.open:
            self.dlg.showModal()

    # -- changes ---------------------------------------------------------------------------------------------------
    def _changed(self) -> None:
        home = "left" if self.home["left"].checked else "right"
        animation = str(self.animation.value)
        if animation == self.prefs.speed(reduced_motion()) or animation not in ANIMATIONS:
            animation = self.prefs.animation  # unchanged: an animation never chosen stays the browser's
        self.set(self.prefs.replace(home=home, animation=animation,
                                    numbers=bool(self.numbers.checked)))

    def set(self, prefs: Prefs) -> None:
        """Use ``prefs`` from now on, and remember them."""
        self.prefs = prefs
        self.store.set(SETTINGS_KEY, prefs.to_json())
        apply(prefs)

    def _sound(self) -> None:
        if bool(self.sound.checked) == self.muted():
            self.toggle_sound()

    def _language(self) -> None:
        lang = str(self.lang.value)
        if lang not in LANGS or lang == self.t.lang:
            return
        self.store.set(LANG_KEY, lang)
        self.app.save()
        window.location.href = lang_switch.switch_href(str(window.location.search), str(window.location.hash), lang)
