"""Play a friend, in the table page: the "Play a friend" control, one peer game (its link, its session, the
table given to the page), the claim bar when the other player goes silent, and joining from an invite link.

    peer = install(app)   # main.py, once the table is up (when the browser has WebRTC; else ui.no_webrtc)

During a peer game the page's table is a :class:`ui.peer_adapter.PeerTableAdapter`: the methods the page uses on a
``game.Table``, backed by a :class:`net.PeerSession`, with the guest's states mirrored so each player sees the board
from its own side. It reaches the page only through ``ui.port.TablePort`` (``attach``, ``show``, ``notice``,
``table``, ``t``, ``store``, ``clock``). Everything from the peer is shown with ``textContent``.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Optional

import game
from net.errors import PeerError
from net.messages import decode
from .peer_adapter import PeerTableAdapter
from net.session import Outcome, PeerSession, Settings
from .webrtc import PeerLink
from pyscript import document, window
from pyscript.ffi import create_proxy

from .dom import el, on
from .invite_link import on_invite
from .peer_dialog import PeerDialog, Role, open_peer_dialog
from .peer_texts import notice_text
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort

__all__ = ["install", "PeerGame"]

SAVE_KEY = "gamao.peer"
RESUMABLE = ("opening", "play", "over", "hello")  # session stages a saved peer game is resumed in
FINISHED = ("match_over", "claimed")              # ... and the ones that end it (its save is removed)


def _now() -> float:
    return time.time()


class PeerGame:
    """One peer game in the page: the link, the session, the adapter given to the app, the claim bar."""

    def __init__(self, app: TablePort) -> None:
        self.app = app
        self.t = app.t
        self.link: Optional[PeerLink] = None
        self.dialog: Optional[PeerDialog] = None
        self.session: Optional[PeerSession] = self._load()
        self.adapter: Optional[PeerTableAdapter] = None
        self.bar = None
        self.connected_at: Optional[float] = None
        asyncio.ensure_future(self._watch())

    # saving
    def _load(self) -> Optional[PeerSession]:
        text = self.app.store.get(SAVE_KEY)
        if text:
            try:
                s = PeerSession.from_json(text, _now())
            except Exception:  # a save this version cannot read: no game to resume
                return None
            if s.stage in RESUMABLE:
                return s
        return None

    def _save(self) -> None:
        if self.session is None:
            return
        if self.session.stage in FINISHED:
            self.app.store.remove(SAVE_KEY)
        elif not self.app.store.set(SAVE_KEY, self.session.to_json()):
            window.console.warn("could not save the peer game")

    # connection
    def open_dialog(self, role: Role = "host", offer_code: Optional[str] = None) -> PeerDialog:
        """The connection dialog, in place of any still open (a second invite link opened in this tab)."""
        if self.link is not None:
            self.link.close()
            self.link = None
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = open_peer_dialog(self.t, self.app.store, self._connected, role, offer_code, self._message,
                                       self._lost)
        return self.dialog

    def _connected(self, link: PeerLink, dialog: PeerDialog) -> None:
        self.link = link
        self.dialog = None  # it closed itself, leaving the link to this game
        self.connected_at = _now()
        asyncio.ensure_future(self._show_path(link))
        # for the browser tests: send raw text on the channel (as a cheating peer would) and read the counters
        window.gamaoPeerSendRaw = create_proxy(lambda text: link.send(str(text)))
        window.gamaoPeerInfo = create_proxy(lambda: json.dumps(
            {"seq_out": self.session.seq_out, "seq_in": self.session.seq_in, "me": self.session.me,
             "stage": self.session.stage} if self.session is not None else {}))
        document.documentElement.setAttribute("data-peer", "connected")
        if self.session is not None and self.session.stage not in FINISHED:
            link.send(self.session.resume_message())
            self._attach()
            return
        if dialog.role == "host":
            self.session = PeerSession("host", "", Settings(match_length=dialog.match_length,
                                                            clock=int(self.app.clock or 0), jacoby=dialog.jacoby,
                                                            beavers=dialog.beavers), now=_now())
            self._deliver(self.session.start(_now()))
        else:
            self.session = PeerSession("guest", "", now=_now())
        self.app.notice(self.t("peer_waiting"))

    async def _show_path(self, link: PeerLink) -> None:
        """Say under the notice whether the game runs directly or through a relay (html[data-peer-path])."""
        try:
            path = await link.path()
        except Exception as exc:
            window.console.warn(f"gamao peer: no connection statistics: {exc}")
            return
        if path is None or self.link is not link:
            return
        document.documentElement.setAttribute("data-peer-path", path)
        line = document.getElementById("peer-path")
        if not line:  # (getElementById gives JS null, jsnull, which is not None)
            line = el("p", id="peer-path", role="status")
            notice = document.getElementById("notice")
            notice.parentNode.insertBefore(line, notice.nextSibling)
        line.textContent = self.t("peer_path_" + path)

    def _lost(self, reason: str) -> None:
        document.documentElement.setAttribute("data-peer", "lost")
        document.documentElement.removeAttribute("data-peer-path")
        line = document.getElementById("peer-path")
        if line:
            line.remove()
        self.link = None
        if self.session is not None:
            self.app.notice(self.t("peer_lost") if "lost" in reason or "closed" in reason else reason)

    def _message(self, text: str) -> None:
        if self.session is None or _is_hello(text) and self.session.seq_in > 0:
            if not _is_hello(text):
                self.app.notice(self.t("peer_no_game"))
                return
            self.session = PeerSession("guest", "", now=_now())  # a new game replaces an old saved one
        out = self.session.receive(text, _now())
        self._deliver(out)

    def _deliver(self, out: Outcome) -> None:
        """Send, save and tell what the session produced, then show its state if the page still shows this game.
        (Both secrets may arrive a moment after the game ended: the game-over dialog shows the seed when it
        comes, as ``ui.dialogs`` watches ``state.seed``.)"""
        self._deliver_quiet(out)
        if self.session.table is not None:
            if self.adapter is None or self.adapter.session is not self.session:
                self._attach()  # the first table of this session: the page shows the peer game from now on
            if self.app.table is self.adapter:  # (unless the player has since started another game here)
                self.app.show(self.adapter.state(out.events))

    def _attach(self) -> None:
        if self.session.table is None:
            return
        self.adapter = PeerTableAdapter(self.session, self._deliver_quiet)
        # the session saves itself under SAVE_KEY: the page does not save this table as its own
        self.app.attach(self.adapter, saves_locally=False, state=self.adapter.state(()))

    def _deliver_quiet(self, out: Outcome) -> None:
        for text in out.send:
            if self.link is not None:
                self.link.send(text)
        self._save()
        for code, text in out.notices:
            self.app.notice(notice_text(self.t.lang, code, text))

    # the claim bar
    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            s = self.session
            active = s is not None and self.adapter is not None and self.app.table is self.adapter \
                and s.stage in ("opening", "play", "over")
            lost = self.link is None or self.link.state != "open"
            show = active and (lost or s.can_claim(_now()))
            if show and self.bar is None:
                self._show_bar()
            elif not show and self.bar is not None:
                self.bar.remove()
                self.bar = None
            if self.bar is not None:
                self._claim_btn.hidden = not s.can_claim(_now())

    def _show_bar(self) -> None:
        bar = self.bar = el("p", id="peer-claim", cls="notice")
        el("span", self.t("peer_silent") + " ", parent=bar)
        claim = self._claim_btn = el("button", self.t("peer_claim"), parent=bar, type="button", id="peer-claim-btn")
        on(claim, "click", lambda e: self.claim())
        bot = el("button", self.t("peer_bot_seat"), parent=bar, type="button", id="peer-bot-btn")
        on(bot, "click", lambda e: self.bot_takes_seat())
        notice = document.getElementById("notice")
        notice.parentNode.insertBefore(bar, notice.nextSibling)

    def claim(self) -> None:
        if self.session is not None and self.session.can_claim(_now()):
            self._deliver(self.session.claim(_now()))

    def bot_takes_seat(self) -> None:
        """The remaining player plays on against the bot from the current position (a practice table)."""
        if self.session is None or self.session.table is None:
            return
        st = self.adapter.state(())
        options = game.Options.against_bot("intermediate", clock=int(self.app.clock or 0))
        try:
            table = game.table_from_id(st.gnubg_id(), options, now=_now())
        except game.GameError as exc:
            self.app.notice(str(exc))
            return
        if self.link is not None:
            self.link.close()
            self.link = None
        self.session = None
        self.app.store.remove(SAVE_KEY)
        self.app.attach(table)


def _is_hello(text) -> bool:
    try:
        return decode(text)["t"] == "hello"
    except PeerError:
        return False
    except Exception:
        return False


def install(app: TablePort) -> PeerGame:
    """Add "Play a friend" to the page and answer an invite link the page was opened with, or one opened in it later."""
    peer = PeerGame(app)
    btn = el("button", app.t("peer_play_friend"), type="button", id="btn-peer", cls="ghost")
    on(btn, "click", lambda e: peer.open_dialog("host"))
    new = document.getElementById("btn-new")
    if new:  # (a missing element is JS null, a falsy jsnull, not None)
        new.parentNode.insertBefore(btn, new)
    else:
        document.body.appendChild(btn)
    on_invite(lambda code: peer.open_dialog("guest", code))
    return peer
