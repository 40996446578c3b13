"""The table page's controller: a ``game.Table`` on one side, the board and controls on the other.

It turns what the player does into intents, shows every state the table emits (pacing the bot's moves so a
person can follow them), runs the bot's decisions and the turn clock, and saves the game after every action.
Legality is never decided here: the table says what is allowed.
"""
from __future__ import annotations

import asyncio
import time
from typing import Optional

import game
from game import intents as I
from pyscript import document, window
from pyscript.ffi import create_proxy

from . import status as S
from . import turn
from . import clock_pause
from . import lang_switch
from .botproxy import BotProxy
from .access import Access
from .board import BoardState, BoardView
from .dialogs import Dialogs
from .hints import Hints
from .review_view import ReviewView
from .position_view import PositionView
from .settings import Settings
from .resign_view import ResignView
from .history_view import HistoryView
from .ids_panel import IdsPanel
from .params import parse_params  # noqa: F401  (main.py imports it from here)
from .model import CubeView, after_step, destinations, point_of, slot_counts, slot_of
from .sound import Sound
from .storage import Storage
from game.save import STEPS_SUFFIX, PageSave
from .tips import Tips

SAVE_KEY = "gamao.table"


_PAUSE = {"since": None, "total": 0.0, "why": set()}
"""The table's clock stands still while a dialog of ours is open over it (``App.pause_clock``: the Review, and
those ``ui.clock_pause`` watches): the table's time is the wall clock minus the time spent paused. ``why``: the
reasons it is paused now (it runs again when none is left)."""


def _now() -> float:
    since = _PAUSE["since"]
    return (time.time() if since is None else since) - _PAUSE["total"]


class App:
    """One table page.

    Its public interface, for the views and for Play a friend (``ui.peer_game``); nothing else of it is used from
    another module:

    * ``attach(table, saves_locally=True, state=None)``: make ``table`` the page's table and show it. ``table``
      is a ``game.Table`` or anything with the methods the page uses of one (``apply``, ``state``, ``pending``,
      ``options``, ``record``), such as the peer game's
      ``ui.peer_adapter.PeerTableAdapter``. ``saves_locally=False``: the page does not save it under
      ``gamao.table`` (a peer game's session saves itself).
    * ``table``, ``state``: the table shown and its last state (read them; change the table with ``attach``).
    * ``show(state)``: show a state of the table (its events, the board, the controls).
    * ``notice(text)``: the line under the board.
    * ``saves_locally``: whether the page saves the table shown (False in a peer game).
    * ``busy``: True while the bot (or the clock's stand-in) is deciding; the person's controls wait.
    * ``save()``: save the table now (after something the table records, such as a hint).
    * ``await wait_for_bot()``: until the bot's networks are loaded.
    * ``pause_clock(paused, why)``, ``clock_paused``: the turn clock held while a dialog of ours is open.
    * ``t`` (the page's strings), ``store`` (localStorage), ``clock`` (seconds a turn), ``board``, ``dialogs``,
      ``history``, ``review``, ``position``, ``bots``, ``sound``, ``settings`` (``ui.settings``): the page's parts.
    """

    def __init__(self, texts, params: dict) -> None:
        self.t = texts
        self.params = params
        self.clock = params.get("clock", 45)
        self.store = Storage()
        self.sound = Sound(self.store)
        self.board = BoardView(texts, self._board_move)
        self.dialogs = Dialogs(texts, self)
        self.history = HistoryView(texts, self.store)
        lang_switch.install(document, window, texts)
        self.tips = Tips()
        self.table: Optional[game.Table] = None
        self.state = None
        self._saves_locally = True  # attach(): False for a table that saves itself (a peer game)
        self._page_save = PageSave()  # what save() writes: the whole table, or a turn's steps since
        self._busy = False  # the bot (or the clock's stand-in) is deciding
        self.bots = BotProxy()
        self._bot_ready = asyncio.Event()
        self._proxies: list = []
        self._last_clock = None
        self._opening = False
        self._el = {name: document.getElementById(name) for name in (
            "status", "notice", "btn-roll", "btn-double", "btn-take", "btn-beaver", "btn-pass", "btn-undo", "btn-done",
            "btn-new", "btn-sound", "name-top", "name-bottom", "badge-top", "badge-bottom", "pips-top",
            "pips-bottom", "clock-top", "clock-bottom", "seat-top", "seat-bottom", "score", "match-len",
            "fingerprint", "fp-label")}
        self._texts()
        self.ids = IdsPanel(texts, self, _now)
        for el_id, fn in (("btn-roll", self.roll), ("btn-double", self.double), ("btn-take", self.take),
                          ("btn-beaver", self.beaver),
                          ("btn-pass", self.ask_pass), ("btn-undo", self.undo), ("btn-done", self.done),
                          ("btn-new", self.dialogs.open_new), ("btn-sound", self.toggle_sound)):
            self._on(self._el[el_id], "click", lambda e, fn=fn: fn())
        self._on(document, "keydown", self._key)
        # The clock's time left is saved when the page goes away (and every few seconds), so a reload or a
        # closed tab does not give a fresh clock.
        self._on(window, "pagehide", lambda e: self._save_clock())
        self._on(document, "visibilitychange", lambda e: self._save_clock())
        self.access = Access(texts, self)
        self.hints = Hints(texts, self)
        from .practice_view import PracticeView
        self.practice = PracticeView(texts, self)
        self.review = ReviewView(texts, self)
        self.history.on_review = self.review.open
        self.position = PositionView(texts, self)
        self.position.install()
        self.settings = Settings(texts, self)
        self.board.glide_ms = self.settings.glide_ms
        clock_pause.install(document, window, self)
        self.resign = ResignView(texts, self)

    # -- set-up --------------------------------------------------------------------------------------------------
    def _on(self, target, kind: str, fn) -> None:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def _texts(self) -> None:
        t = self.t
        document.documentElement.setAttribute("lang", t.html_lang)
        document.title = t("doc_title")
        for el_id, key in (("btn-roll", "roll"), ("btn-double", "double"), ("btn-take", "take"), ("btn-beaver", "beaver"),
                           ("btn-pass", "pass"), ("btn-undo", "undo"), ("btn-done", "done"),
                           ("btn-new", "new_game"), ("fp-label", "fingerprint")):
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
        self._sound_button()

    def options_for(self, opponent: str = "bot", level: str = "intermediate", length: int = 0,
                    auto_roll: bool = False, auto_play: bool = False, jacoby: bool = False,
                    beavers: bool = False) -> game.Options:
        """New-game options from the dialog's choices and the page's parameters (the Jacoby rule and beavers
        only for money play)."""
        kw = {"match_length": length, "clock": self.clock, "auto_roll": bool(auto_roll), "auto_play": bool(auto_play),
              "jacoby": bool(jacoby) and not length, "beavers": bool(beavers) and not length}
        if "seed" in self.params:
            kw["seed"] = self.params["seed"]
        if opponent == "human":
            return game.Options.two_players(**kw)
        return game.Options.against_bot(level, **kw)

    def start(self) -> None:
        """Resume the saved game, or start a game against the bot."""
        notice = ""
        saved = self.store.get(SAVE_KEY)
        table = None
        if saved:
            try:
                table = game.table_from_json(saved, now=_now(), steps=self.store.get(SAVE_KEY + STEPS_SUFFIX))
                notice = self.t("resumed")
            except game.GameError:
                self.store.set(SAVE_KEY + ".corrupt", saved)
                self.store.remove(SAVE_KEY)
                self.store.remove(SAVE_KEY + STEPS_SUFFIX)
                notice = self.t("corrupt_save")
                self.history.offer_corrupt()
        if table is None:
            choice = self.dialogs.remembered()
            table = game.Table(self.options_for(**choice), now=_now())
        self.sound.held = True  # the page has just opened: the opening roll it shows makes no sound
        self.attach(table)
        self.sound.held = False
        if notice:
            self.notice(notice)
        asyncio.ensure_future(self._clock_loop())
        self.review.open_from_url()
        if self.params.get("analyse"):  # index.html?analyse=<XGID or GNUbg ID>
            self.position.open(self.params["analyse"], run=True)

    def new_game(self, options: game.Options) -> None:
        table = game.Table(options, now=_now())
        self._warm_bot(table)
        self.notice("")
        self.attach(table)

    def attach(self, table, saves_locally: bool = True, state=None) -> None:
        """Make ``table`` the page's table and show ``state`` (default: ``table.state()``); a lifted checker is
        put down first. ``saves_locally=False`` for a table that saves itself (a peer game's session)."""
        self.board.drop()
        self.table = table
        self._saves_locally = saves_locally
        self.show(table.state() if state is None else state)

    @property
    def saves_locally(self) -> bool:
        """Whether the table shown is this device's own, saved by the page (not a peer game's: see ``attach``)."""
        return self.table is not None and self._saves_locally

    @property
    def busy(self) -> bool:
        """True while the bot (or the clock's stand-in) is deciding: the person's controls wait."""
        return self._busy

    async def wait_for_bot(self) -> None:
        """Until the bot's networks are loaded (``bot_loaded``)."""
        await self._bot_ready.wait()

    def pause_clock(self, paused: bool, why: str = "review") -> None:
        """Stop (or restart) the turn clock of a game at this device while another view covers the table (the
        Review, New game, History, Keys or Settings dialog), so that it does not run out behind it; ``why`` names
        the view, and the clock runs again once no view holds it. A game with a remote seat keeps its clock:
        the other side's runs too."""
        if paused:
            state = self.table.state() if self.table is not None else None
            if state is not None and any(seat.kind == "peer" for seat in state.seats):
                return
            _PAUSE["why"].add(why)
            if _PAUSE["since"] is None:
                _PAUSE["since"] = time.time()
            return
        _PAUSE["why"].discard(why)
        if not _PAUSE["why"] and _PAUSE["since"] is not None:
            _PAUSE["total"] += time.time() - _PAUSE["since"]
            _PAUSE["since"] = None

    @property
    def clock_paused(self) -> bool:
        """Whether the turn clock stands still now (a dialog of ours is open over a game at this device)."""
        return _PAUSE["since"] is not None

    # -- intents -------------------------------------------------------------------------------------------------
    def act(self, intent) -> None:
        """Apply a player's intent; one the table refuses changes nothing (and is only logged)."""
        if self.table is None or self._busy:
            return
        try:
            state = self.table.apply(intent, _now())
        except game.GameError as exc:
            window.console.warn(f"refused: {exc}")
            return
        self.show(state)

    def roll(self) -> None:
        if self.state is not None and self.state.can_roll:
            self.act(I.Roll())

    def double(self) -> None:
        if self.state is not None and self.state.can_double:
            self.act(I.Double())

    def take(self) -> None:
        if self.state is not None and self.state.can_take:
            self.act(I.Take())

    def beaver(self) -> None:
        """Take the double and redouble at once, keeping the cube (money play with beavers)."""
        if self.state is not None and self.state.can_beaver:
            self.act(I.Beaver())

    def ask_pass(self) -> None:
        if self.state is not None and self.state.can_pass:
            self.dialogs.open_pass(self.state.cube)

    def confirm_pass(self) -> None:
        if self.state is not None and self.state.can_pass:
            self.act(I.Pass())

    def undo(self) -> None:
        if self.state is not None and self.state.can_undo:
            self.board.drop()
            self.act(I.Undo())

    def done(self) -> None:
        if self.state is not None and self.state.can_done:
            self.board.drop()
            self.act(I.Done())

    def next_game(self) -> None:
        if self.state is not None and self.state.can_next_game:
            self.act(I.NextGame())

    def _board_move(self, src: str, dest) -> None:
        state = self.state
        if state is None or state.turn is None:
            return
        bottom = state.turn == 0
        self.act(I.Move(point_of(src, bottom), point_of(dest.slot, bottom)))

    def toggle_sound(self) -> None:
        self.sound.toggle()
        self._sound_button()

    def _sound_button(self) -> None:
        btn = self._el["btn-sound"]
        muted = self.sound.muted
        btn.textContent = self.t("unmute" if muted else "mute")
        btn.setAttribute("aria-pressed", "true" if muted else "false")

    def _key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea") or self.dialogs.is_open():
            return
        key = str(event.key).lower()
        action = {"r": self.roll, "o": self.double, "u": self.undo, "d": self.done, "m": self.toggle_sound,
                  "h": self.hints.ask, "g": self.resign.open}.get(key)
        if key == "escape":
            self.board.drop()
        elif action is not None:
            action()

    # -- showing states ------------------------------------------------------------------------------------------
    def notice(self, text: str) -> None:
        self._el["notice"].textContent = text

    def _board_state(self, state, counts=None, dice=None, dice_left=None, roller=None) -> BoardState:
        owner = {None: "center", 0: "bottom", 1: "top"}[state.cube_owner]
        dests = {}
        if state.movable and state.turn is not None and not self._busy:
            dests = destinations(state.movable, bottom=state.turn == 0)
        if roller is None:
            roller = "top" if state.turn == 1 else "bottom"
            if self._opening and state.phase == game.MOVING:
                roller = "opening"  # one die each: the bottom player's first, the top player's second
        return BoardState(
            counts=counts if counts is not None else slot_counts(state.board[0], state.board[1]),
            dests=dests, dice=dice if dice is not None else state.dice,
            dice_left=dice_left if dice_left is not None else state.dice_left, roller=roller,
            cube=CubeView(state.cube, owner))

    def show(self, state, animate: bool = True) -> None:
        """Show a new state: its events (notices, sounds, a human's move animated), then the board and controls.
        Bot decisions then continue in the background."""
        self.state = state
        moved = None
        for ev in state.events:
            if ev.kind == "opening_roll":
                self._opening = True
            elif ev.kind in ("rolled", "played", "no_legal_move", "game_over"):
                self._opening = False
            text = S.event_notice(ev, state.seats, self.t)
            if text:
                self.notice(text)
            if ev.kind == "game_started":
                self.notice("")
            self.sound.event(ev.kind, ev.hit)
            if ev.kind in ("moved", "undone") and animate:
                bottom = ev.player == 0
                if ev.kind == "moved":
                    moved = (slot_of(ev.frm, bottom), slot_of(ev.to, bottom))
                else:
                    moved = (slot_of(ev.to, bottom), slot_of(ev.frm, bottom))
        self.access.events(state)
        self.board.render(self._board_state(state), moved=moved)
        self._controls(state)
        self.access.keep_focus()
        self.save()
        if state.phase in (game.GAME_OVER, game.MATCH_OVER):
            self.dialogs.open_over(state, self.table)
        if state.pending is not None and not self._busy:
            asyncio.ensure_future(self._run_pending())

    def _controls(self, state) -> None:
        t = self.t
        el = self._el
        human_moving = state.phase == game.MOVING and bool(state.movable or state.can_done) and not self._busy
        human = not self._busy and state.actor is not None and not state.is_bot(state.actor)
        self._button("btn-roll", state.can_roll and not self._busy, True)
        self._button("btn-double", state.can_double and not self._busy, True)
        self._button("btn-take", state.can_take and not self._busy, True)
        self._button("btn-beaver", state.can_beaver and not self._busy, True)
        self._button("btn-pass", state.can_pass and not self._busy, True)
        self._button("btn-undo", human_moving and human, state.can_undo)
        self._button("btn-done", human_moving and human, state.can_done)
        el["status"].textContent = S.status_line(state, t)
        turn.show(document, state, t)
        names = S.seat_names(state.seats, t)
        for player, where in ((0, "bottom"), (1, "top")):
            el[f"name-{where}"].textContent = names[player]
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
        cube = self.board.cube_el
        cube.setAttribute("data-tip", S.cube_text(state, t))
        cube.setAttribute("aria-label", S.cube_text(state, t))
        el["score"].textContent = S.score_text(state, t)
        el["score"].setAttribute("data-score", f"{state.score[0]},{state.score[1]}")
        el["match-len"].textContent = ""
        fp = el["fingerprint"]
        fp.textContent = state.fingerprint
        fp.setAttribute("data-fingerprint", state.fingerprint)
        self._clock_show(state)
        self.ids.update(state)
        self.hints.update(state)
        self.practice.update(state)
        self.resign.update(state)

    def _button(self, el_id: str, visible: bool, enabled: bool) -> None:
        btn = self._el[el_id]
        btn.hidden = not visible
        btn.disabled = not enabled

    # -- the clock -----------------------------------------------------------------------------------------------
    def _clock_show(self, state) -> None:
        left = state.remaining(_now()) if state is not None else None
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
                    self.access.clock(secs)
                if secs != self._last_clock and secs in (10, 5):  # a calm warning, twice
                    self.sound.play("warning")
            else:
                el.classList.remove("warn")
            self._last_clock = secs

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            state = self.state
            if state is None or state.deadline is None or self._busy or _PAUSE["since"] is not None:
                continue
            self._clock_show(state)
            if _now() - getattr(self, "_saved_at", 0.0) >= 5:
                self._save_clock()
            if _now() >= state.deadline:
                try:
                    new = self.table.apply(I.Tick(_now()), _now())
                except game.GameError:
                    continue
                self.board.drop()
                self.show(new)

    # -- the bot -------------------------------------------------------------------------------------------------
    def _pace(self, normal_ms: float) -> float:
        if "pace" in self.params:
            return self.params["pace"] / 1000 * (normal_ms / 300)
        return normal_ms / 1000 * self.settings.pace_factor()

    def bot_loaded(self, weights: str) -> None:
        """Give the bot its networks (fetched by main.py); decisions waiting for them go ahead."""
        self.bots.loaded(weights)
        self._bot_ready.set()
        self._warm_bot()

    def bearoff_loaded(self, data: bytes) -> None:
        """Give the bot its exact bear-off table (fetched by main.py after the weights)."""
        self.bots.bearoff_loaded(data)

    def _warm_bot(self, table=None) -> None:
        """Start the bot's worker on the levels ``table`` (default: the page's) plays, once the bot is loaded."""
        table = self.table if table is None else table
        if table is not None and self._bot_ready.is_set():
            for seat in table.options.seats:
                if seat.kind == "bot":
                    self.bots.warm(seat.level)

    async def _run_pending(self) -> None:
        """Answer the table's pending decisions one at a time, showing each (a play checker by checker)."""
        if self._busy:
            return
        self._busy = True
        try:
            while self.table is not None and self.table.pending() is not None:
                pending = self.table.pending()
                table = self.table
                self._controls(self.state)
                self.board.render(self._board_state(self.state))
                await asyncio.sleep(self._pace(450))
                await self._bot_ready.wait()
                intent = await self.bots.decide(pending)
                if table is not self.table:  # a new game started meanwhile
                    break
                before = self.state
                state = table.apply(intent, _now())
                if pending.kind == "play":
                    await self._show_play(before, state, pending)
                if table is not self.table:
                    break
                self._busy = table.pending() is not None
                self.show(state, animate=pending.kind != "play")
                self._busy = True
        finally:
            self._busy = False
        if self.table is not None:
            state = self.table.state()
            self.state = state
            self._controls(state)
            self.board.render(self._board_state(state))
            if state.pending is not None:  # e.g. a new game started while the bot was thinking
                asyncio.ensure_future(self._run_pending())

    async def _show_play(self, before, state, pending) -> None:
        """Show a bot's (or the clock's) play one checker at a time."""
        board = before.board
        counts = slot_counts(board[0], board[1])
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
            self.board.render(self._board_state(before, counts=counts, dice=dice, dice_left=tuple(left),
                                                roller="bottom" if bottom else "top"),
                              moved=(slot_of(ev.frm, bottom), slot_of(ev.to, bottom)))
            self.sound.event("moved", ev.hit)
            await asyncio.sleep(self._pace(300))

    # -- saving --------------------------------------------------------------------------------------------------
    def _save_clock(self) -> None:
        """Save the clock's time left, unless the stored game is no longer the one this page wrote (another tab
        played since, or the save was replaced): only actions overwrite it then."""
        self._saved_at = _now()
        if self.table is not None and self.store.get(SAVE_KEY) == getattr(self, "_saved_text", None):
            self.save()

    def save(self) -> None:
        """Save the table under ``gamao.table`` (not one attached with ``saves_locally=False``)."""
        if not self.saves_locally:
            return  # a peer game saves its own session (ui.peer_game), not as a local table
        self._saved_at = _now()
        try:
            for suffix, text in self._page_save.texts(self.table, _now()).items():  # the whole table, or the steps
                self.store.set(SAVE_KEY + suffix, text)
            self._saved_text = self._page_save.whole
        except Exception as exc:  # saving must never break the game
            window.console.warn(f"could not save the game: {exc}")
