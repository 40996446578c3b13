"""The table page's controller: a ``game.Table`` on one side, the board and controls on the other.

It turns what the player does into intents, shows every state the table emits, and puts the page's parts
together: the controls (``ui.table_controls``), the person's actions and keys (``ui.table_actions``), the bot's
turns (``ui.bot_turns``), the table's time (``ui.table_clock``) and its save (``ui.table_saves``), and the views.
Every view is given the App as a ``ui.port.TablePort`` (the narrow interface it may use) and, where it needs
another view, that one callable. Legality is never decided here: the table says what is allowed.
"""
from __future__ import annotations

import asyncio
from typing import Optional

import game
from game import intents as I
from pyscript import document, window

from . import dom
from . import status as S
from . import clock_pause
from . import lang_switch
from . import review_open
from .botproxy import BotProxy
from .access import Access
from .board import BoardState, BoardView
from .bot_turns import BotTurns
from .dialogs import Dialogs
from .hints import Hints
from .position_view import PositionView
from .settings import Settings
from .resign_view import ResignView
from .history_view import HistoryView
from .ids_panel import IdsPanel
from .params import parse_params  # noqa: F401  (main.py imports it from here)
from .model import CubeView, destinations, point_of, slot_counts, slot_of
from .sound import Sound
from .storage import Storage
from .table_actions import TableActions
from .table_clock import TableClock
from .table_controls import TableControls
from .table_saves import SAVE_KEY, TableSaves  # noqa: F401  (SAVE_KEY: the key of the saved table)
from .tips import Tips


class App:
    """One table page; a ``ui.port.TablePort`` for its views and for Play a friend (``ui.peer_game``). Besides
    that interface, ``main.py`` calls ``start()``, ``bot_loaded(weights)`` and ``bearoff_loaded(data)``."""

    def __init__(self, texts, params: dict) -> None:
        self.t = texts
        self.params = params
        self.clock = params.get("clock", 45)
        self.time = TableClock()
        self.store = Storage()
        self.saves = TableSaves(self.store, self.time.now, lambda text: window.console.warn(text))
        self.sound = Sound(self.store)
        self.board = BoardView(texts, self._board_move)
        self.table: Optional[game.Table] = None
        self.state = None
        self._saves_locally = True  # attach(): False for a table that saves itself (a peer game)
        self._opening = False
        self.bots = BotProxy(params.get("workers"))
        self.turns = BotTurns(self, self.bots, self.board, self.sound, self._pace, self.time.now)
        self.dialogs = Dialogs(texts, self, open_review=lambda record: self.review.open(record),
                               remember=lambda table, state: self.history.remember(table, state),
                               confirm_pass=lambda: self.actions.confirm_pass(),
                               next_game=lambda: self.actions.next_game())
        self.history = HistoryView(texts, self.store)
        lang_switch.install(document, window, texts)
        self.tips = Tips()
        self.actions = TableActions(self, self.dialogs.open_pass, self.dialogs.is_open, {
            "m": self.toggle_sound, "h": lambda: self.hints.ask(), "g": lambda: self.resign.open()})
        a = self.actions
        self.controls = TableControls(texts, document, self.board, dom.on, {
            "btn-roll": a.roll, "btn-double": a.double, "btn-take": a.take, "btn-beaver": a.beaver,
            "btn-pass": a.ask_pass, "btn-undo": a.undo, "btn-done": a.done, "btn-new": self.dialogs.open_new,
            "btn-sound": self.toggle_sound}, on_clock=lambda secs: self.access.clock(secs),
            on_warning=lambda: self.sound.play("warning"))
        self.controls.texts(self.sound.muted)
        self.ids = IdsPanel(texts, self, self.time.now)
        dom.on(document, "keydown", a.key)
        # The clock's time left is saved when the page goes away (and every few seconds), so a reload or a
        # closed tab does not give a fresh clock.
        dom.on(window, "storage", lambda e: self.saves.written_elsewhere(e.key))  # another tab saved a game
        dom.on(window, "pagehide", lambda e: self._save_clock())
        dom.on(document, "visibilitychange", lambda e: self._save_clock())
        self.access = Access(texts, self)
        self.hints = Hints(texts, self)
        from .practice_view import PracticeView
        self.practice = PracticeView(texts, self, over_dialog=lambda: self.dialogs.over_dlg)
        self._review = None  # (the property below)
        self.history.on_review = lambda record: self.review.open(record)
        self.position = PositionView(texts, self)
        self.position.install()
        self.settings = Settings(texts, self, muted=lambda: self.sound.muted, toggle_sound=self.toggle_sound)
        self.board.glide_ms = self.settings.glide_ms
        self._watch = clock_pause.install(document, window, self)
        self.resign = ResignView(texts, self)

    @property
    def review(self):
        """The review (``ui.review_view``), made on first use: its ten modules are not needed to play, so the
        page's start does not import them."""
        if self._review is None:
            from .review_view import ReviewView
            self._review = ReviewView(self.t, self, say=self.access.say,
                                      open_position=lambda xgid: self.position.open(xgid, run=True),
                                      collected=self.practice.collected)
        return self._review

    # -- set-up --------------------------------------------------------------------------------------------------
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
        table, notice = self.saves.load()
        if notice == "corrupt_save":
            self.history.offer_corrupt()
        if table is None:
            choice = self.dialogs.remembered()
            table = game.Table(self.options_for(**choice), now=self.time.now())
        self.sound.held = True  # the page has just opened: the opening roll it shows makes no sound
        self.attach(table)
        self.sound.held = False
        if notice:
            self.notice(self.t(notice))
        asyncio.ensure_future(self._clock_loop())
        review_open.from_url(str(window.location.search), self.store, lambda record: self.review.open(record))
        review_open.install_drop(document, lambda record: self.review.open(record), self._file_notice, self.t)
        if self.params.get("analyse"):  # index.html?analyse=<XGID or GNUbg ID>
            self.position.open(self.params["analyse"], run=True)

    def new_game(self, options: game.Options) -> None:
        table = game.Table(options, now=self.time.now())
        self.turns.warm(table)
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
        return self.turns.busy

    async def wait_for_bot(self) -> None:
        """Until the bot's networks are loaded (``bot_loaded``)."""
        await self.turns.ready.wait()

    def pause_clock(self, paused: bool, why: str = "review") -> None:
        """Stop (or restart) the turn clock of a game at this device while another view covers the table (the
        Review, New game, History, Keys or Settings dialog), so that it does not run out behind it; ``why`` names
        the view, and the clock runs again once no view holds it. A game with a remote seat keeps its clock:
        the other side's runs too."""
        if not paused:
            self.time.release(why)
            return
        state = self.table.state() if self.table is not None else None
        if state is None or not any(seat.kind == "peer" for seat in state.seats):
            self.time.hold(why)

    # -- intents -------------------------------------------------------------------------------------------------
    def act(self, intent) -> None:
        """Apply a player's intent; one the table refuses changes nothing (and is only logged)."""
        if self.table is None or self.busy:
            return
        try:
            state = self.table.apply(intent, self.time.now())
        except game.GameError as exc:
            window.console.warn(f"refused: {exc}")
            return
        self.show(state)

    def _board_move(self, src: str, dest) -> None:
        state = self.state
        if state is None or state.turn is None:
            return
        bottom = state.turn == 0
        self.act(I.Move(point_of(src, bottom), point_of(dest.slot, bottom)))

    def toggle_sound(self) -> None:
        self.sound.toggle()
        self.controls.sound(self.sound.muted)

    def _file_notice(self, text: str) -> None:
        """Why a file dropped on the page cannot be opened: said in the review when it is open, else below the
        board."""
        (self._review.notice if self._review is not None else self.notice)(text)

    # -- showing states ------------------------------------------------------------------------------------------
    def notice(self, text: str) -> None:
        self.controls.notice(text)

    def board_state(self, state, counts=None, dice=None, dice_left=None, roller=None) -> BoardState:
        """What the board draws of ``state`` (``counts``, ``dice``, ``dice_left``, ``roller``: drawn instead of
        the state's, while a bot's play is shown checker by checker)."""
        owner = {None: "center", 0: "bottom", 1: "top"}[state.cube_owner]
        dests = {}
        if state.movable and state.turn is not None and not self.busy:
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
        self.board.render(self.board_state(state), moved=moved)
        self._controls(state)
        self.access.keep_focus()
        self.save()
        if state.phase in (game.GAME_OVER, game.MATCH_OVER):
            self.dialogs.open_over(state, self.table)
        if state.pending is not None and not self.busy:
            self.turns.start()

    def redraw(self, state) -> None:
        """Make ``state`` the one shown and draw its board and controls (no events: for the bot's turns)."""
        self.state = state
        self._controls(state)
        self.board.render(self.board_state(state))

    def _controls(self, state) -> None:
        self.controls.show(state, self.busy, state.remaining(self.time.now()))
        self.ids.update(state)
        self.hints.update(state)
        self.practice.update(state)
        self.resign.update(state)

    # -- the clock -----------------------------------------------------------------------------------------------
    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            state = self.state
            if state is None or state.deadline is None or self.busy or self.time.held:
                continue
            self.controls.clock(state, state.remaining(self.time.now()))
            if self.saves.clock_due():
                self._save_clock()
            if self.time.now() >= state.deadline:
                try:
                    new = self.table.apply(I.Tick(self.time.now()), self.time.now())
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
        self.turns.loaded(weights)

    def bearoff_loaded(self, data: bytes) -> None:
        """Give the bot its exact bear-off table (fetched by main.py after the weights)."""
        self.bots.bearoff_loaded(data)

    # -- saving --------------------------------------------------------------------------------------------------
    def _save_clock(self) -> None:
        """Save the clock's time left (``ui.table_saves``), for the page's own table."""
        self.saves.save_clock(self.table if self.saves_locally else None)

    def save(self) -> None:
        """Save the table under ``gamao.table`` (not one attached with ``saves_locally=False``)."""
        if self.saves_locally:  # a peer game saves its own session (ui.peer_game), not as a local table
            self.saves.save(self.table)
