"""Play a friend, in the page: the connection dialog (invite link, answer code, QR codes, Connect), and the glue
that lets the table page play a peer game as if it were an ordinary table.

Entry points (for the page's wiring in main.py):

* ``install(app)``: adds the "Play a friend" control next to "New game", and, when the page was opened from an
  invite link (``#join=...``), opens the guest's dialog at once. That is all main.py needs to call.
* ``open_peer_dialog(document, on_connected, role="host"|"guest", offer_code=None)``: the dialog alone;
  ``on_connected(link)`` gets the open :class:`net.webrtc.PeerLink`.

During a peer game ``app.table`` is a :class:`PeerTableAdapter` (``net.peer_adapter``): the same methods the page uses on a
``game.Table`` (``apply``, ``state``, ``pending``, ``options``, ``record_json``, ``mat_text``, ...), backed by a
:class:`net.PeerSession`, with the guest's states mirrored so each player sees the board from its own side.
Everything from the peer is shown with ``textContent`` only.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Callable, Optional

import game
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from . import ice, peer_texts, sdpcode
from .errors import PeerError, SignalError
from .messages import decode
from .peer_adapter import PeerTableAdapter
from .qr import qr_svg
from .session import Outcome, PeerSession, Settings
from .webrtc import PeerLink

__all__ = ["install", "open_peer_dialog", "PeerTableAdapter", "PeerGame"]

SAVE_KEY = "gamao.peer"
ICE_KEY = "gamao.ice"          # the servers field, as typed (absent: the default STUN servers)
LAN_KEY = "gamao.ice.lan"      # "1": "Same network only (no outside server)"


def _lang() -> str:
    lang = str(document.documentElement.getAttribute("lang") or "en").lower()
    return "pt" if lang.startswith("pt") else "en"


def _t(key: str, **kw) -> str:
    return peer_texts.text(_lang(), key, **kw)


def _notice_text(code: str, text: str) -> str:
    return peer_texts.notice_text(_lang(), code, text)


def _el(tag: str, text: str = "", **attrs):
    node = document.createElement(tag)
    if text:
        node.textContent = text
    for k, v in attrs.items():
        node.setAttribute(k.rstrip("_").replace("_", "-"), str(v))
    return node


def _now() -> float:
    return time.time()


_PROXIES: list = []


def _js_object(value: dict):
    return to_js(value, dict_converter=window.Object.fromEntries)


def _on(target, kind: str, fn) -> None:
    proxy = create_proxy(fn)
    _PROXIES.append(proxy)
    target.addEventListener(kind, proxy)


def _stored(key: str):
    try:
        value = window.localStorage.getItem(key)
        return value if isinstance(value, str) else None  # (a missing key is JS null: jsnull, not None)
    except Exception:
        return None


def _store(key: str, value: str) -> None:
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        pass


def _saved_ice_text() -> str:
    """The servers field as saved, else the default STUN servers (replaced in tests by the page's ``stun``
    parameter: net.ice.default_override)."""
    saved = _stored(ICE_KEY)
    if saved is not None:
        return saved
    override = ice.default_override(str(window.location.search))
    return ice.servers_text(ice.DEFAULT_STUN if override is None else override)


def _saved_lan() -> bool:
    return _stored(LAN_KEY) == "1"


def _saved_servers() -> tuple:
    try:
        return ice.parse_servers(_saved_ice_text())
    except SignalError:
        return ()


# --------------------------------------------------------------------------------------------------- dialog
class PeerDialog:
    """The connection dialog. Host: invite link + QR, "Paste answer code", Connect. Guest: answer code + QR."""

    def __init__(self, role: str, on_connected: Callable, offer_code: Optional[str] = None,
                 on_message: Optional[Callable] = None, on_close: Optional[Callable] = None,
                 with_settings: bool = True) -> None:
        self.role = role
        self.on_connected = on_connected
        self.link: Optional[PeerLink] = None
        self.offer_code = offer_code
        self._on_message = on_message or (lambda text: None)
        self._on_close = on_close or (lambda reason: None)
        self.match_length = 0
        d = self.dialog = _el("dialog", id="peer-dialog", class_="peer-dialog")
        d.setAttribute("aria-labelledby", "peer-title")
        d.appendChild(_el("h2", _t("title"), id="peer-title"))
        self.status = _el("p", "", id="peer-status", role="status", aria_live="polite")
        d.appendChild(self.status)
        if role == "host":
            if with_settings:
                row = _el("p")
                lab = _el("label", _t("match") + " ", for_="peer-match")
                sel = self.match_select = _el("select", id="peer-match")
                for n in (0, 1, 3, 5, 7):
                    opt = _el("option", _t("money") if n == 0 else _t("points", n=n), value=n)
                    sel.appendChild(opt)
                row.appendChild(lab)
                row.appendChild(sel)
                d.appendChild(row)
                self._server_settings(d)
            self.code_field = self._readonly_field("peer-invite", _t("invite"), share_as="url")
            self.qr = _el("div", class_="peer-qr")
            d.appendChild(self.qr)
            row = _el("p")
            row.appendChild(_el("label", _t("paste"), for_="peer-answer-in"))
            self.answer_in = _el("input", id="peer-answer-in", type="text", autocomplete="off", spellcheck="false")
            row.appendChild(self.answer_in)
            d.appendChild(row)
            self.connect_btn = _el("button", _t("connect"), type="button", id="peer-connect", class_="primary")
            _on(self.connect_btn, "click", lambda e: asyncio.ensure_future(self.connect()))
            d.appendChild(self.connect_btn)
        else:
            self.code_field = self._readonly_field("peer-answer", _t("answer"), share_as="text")
            self.qr = _el("div", class_="peer-qr")
            d.appendChild(self.qr)
        close = _el("button", _t("close"), type="button", id="peer-close")
        _on(close, "click", lambda e: self.close())
        d.appendChild(close)
        document.body.appendChild(d)
        d.showModal()

    def _server_settings(self, d) -> None:
        """"Same network only", what a STUN server learns, and the servers field: a change makes a new invite."""
        row = _el("p", class_="peer-lan")
        self.lan = _el("input", type="checkbox", id="peer-lan", aria_describedby="peer-stun-note")
        self.lan.checked = _saved_lan()
        row.appendChild(self.lan)
        row.appendChild(_el("label", " " + _t("same_network"), for_="peer-lan"))
        d.appendChild(row)
        d.appendChild(_el("p", _t("stun_note"), id="peer-stun-note", class_="peer-note"))
        det = _el("details")
        det.appendChild(_el("summary", _t("settings")))
        det.appendChild(_el("label", _t("servers"), for_="peer-ice"))
        self.ice = _el("textarea", id="peer-ice", rows=3, spellcheck="false", aria_describedby="peer-turn-note")
        self.ice.value = _saved_ice_text()
        det.appendChild(self.ice)
        det.appendChild(_el("p", _t("turn_note"), id="peer-turn-note", class_="peer-note"))
        d.appendChild(det)
        self._typed = 0
        _on(self.lan, "change", lambda e: self._settings_changed())
        _on(self.ice, "input", lambda e: asyncio.ensure_future(self._typing()))

    async def _typing(self) -> None:
        self._typed += 1
        mine = self._typed
        await asyncio.sleep(0.5)  # a new invite once the player pauses, not one per key
        if mine == self._typed:
            self._settings_changed()

    def _settings_changed(self) -> None:
        """Save the choice and make a new invite with it; a field that cannot be read is explained, and then
        nothing changes (neither what is saved nor the invite)."""
        text = str(self.ice.value)
        try:
            ice.parse_servers(text)
        except SignalError as exc:
            self.say(str(exc))
            return
        _store(ICE_KEY, text)
        _store(LAN_KEY, "1" if self.lan.checked else "0")
        if self.link is not None and self.link.state != "open":
            self.link.close()
            self.link = None
        asyncio.ensure_future(self.start())

    def _readonly_field(self, el_id: str, label: str, share_as: str):
        """A read-only code with Copy, and Share where the browser has the Web Share API (phones: the chat app's
        share sheet). ``share_as``: "url" (the invite link) or "text" (the answer code, exactly what to paste)."""
        row = _el("p", class_="peer-code")
        row.appendChild(_el("label", label, for_=el_id))
        field = _el("input", id=el_id, type="text", readonly="", spellcheck="false")
        row.appendChild(field)
        if getattr(window.navigator, "share", None) is not None:
            share = _el("button", _t("share"), type="button", class_="small")
            _on(share, "click", lambda e: asyncio.ensure_future(self._share(field, share_as)))
            row.appendChild(share)
        copy = _el("button", _t("copy"), type="button", class_="small")
        _on(copy, "click", lambda e: asyncio.ensure_future(self._copy(field, copy)))
        row.appendChild(copy)
        self.dialog.appendChild(row)
        return field

    async def _share(self, field, share_as: str) -> None:
        if not str(field.value):
            return
        data = {"title": "Gamão", "text": _t("share_text"), "url": str(field.value)} if share_as == "url" \
            else {"text": str(field.value)}
        try:
            await window.navigator.share(_js_object(data))
        except Exception as exc:  # the person closed the share sheet (AbortError), or the browser refused
            if "AbortError" not in str(exc):
                self.say(_t("share_failed"))

    async def _copy(self, field, button) -> None:
        try:
            await window.navigator.clipboard.writeText(field.value)
            button.textContent = _t("copied")
        except Exception:  # no clipboard access here: select the code so the person can copy it by hand
            field.select()
            self.say(_t("copy_by_hand"))

    def say(self, text: str) -> None:
        self.status.textContent = text

    def _servers(self) -> list:
        """The host's servers (RTCIceServer dicts): none for "Same network only", else the field's."""
        if hasattr(self, "lan"):
            return [] if self.lan.checked else [s.rtc() for s in ice.parse_servers(str(self.ice.value))]
        return [] if _saved_lan() else [s.rtc() for s in _saved_servers()]

    def _new_link(self, servers: list) -> PeerLink:
        return PeerLink(servers, on_message=self._on_message, on_open=self._opened, on_close=self._closed,
                        lang=_lang())

    async def start(self) -> None:
        self._generation = getattr(self, "_generation", 0) + 1
        generation = self._generation
        try:
            if self.role == "host":
                self.say(_t("making"))
                self.code_field.value = ""
                self.qr.innerHTML = ""
                self.connect_btn.disabled = False
                servers = self._servers()
                link = self.link = self._new_link(servers)
                code = await link.make_offer(stun=ice.stun_urls(ice.Server(s["urls"]) for s in servers))
                if generation != self._generation:  # the settings changed meanwhile: a newer invite is coming
                    link.close()
                    return
                document.documentElement.setAttribute("data-peer-gather", f"{link.gather_seconds:.2f}")
                url = sdpcode.invite_link(str(window.location.href), code)
                self.code_field.value = url
                self.qr.innerHTML = qr_svg(url, title=_t("invite"))
                self.say(_t("host_help"))
            else:
                self.say(_t("answering"))
                host_stun = sdpcode.offer_stun(sdpcode.code_from_text(self.offer_code))
                self.link = self._new_link(ice.guest_servers(host_stun, _saved_servers(), _saved_lan()))
                code = await self.link.answer(self.offer_code)
                self.code_field.value = code
                self.qr.innerHTML = qr_svg(code, title=_t("answer"))
                self.say(_t("guest_help"))
        except (SignalError, PeerError) as exc:
            if generation == self._generation:
                self.say(str(exc))
        except Exception as exc:  # the browser refused something: say so in words
            if generation == self._generation:  # (not a connection closed because the settings changed)
                self.say(f"Could not make the connection: {exc}")

    async def connect(self) -> None:
        if self.link is None:
            return
        try:
            self.say(_t("connecting"))
            self.connect_btn.disabled = True
            await self.link.accept_answer(str(self.answer_in.value))
        except SignalError as exc:
            self.connect_btn.disabled = False
            self.say(str(exc))
        except Exception as exc:
            self.connect_btn.disabled = False
            self.say(f"Could not connect: {exc}")

    def _opened(self) -> None:
        self.say(_t("connected"))
        if self.role == "host" and hasattr(self, "match_select"):
            self.match_length = int(str(self.match_select.value) or 0)
        link = self.link
        self.close(keep_link=True)
        self.on_connected(link, self)

    def _closed(self, reason: str) -> None:
        self.say(reason)
        self._on_close(reason)

    def close(self, keep_link: bool = False) -> None:
        if not keep_link and self.link is not None and self.link.state != "open":
            self.link.close()
            self.link = None
        try:
            self.dialog.close()
            self.dialog.remove()
        except Exception:
            pass


def open_peer_dialog(doc, on_connected: Callable, role: str = "host", offer_code: Optional[str] = None,
                     on_message: Optional[Callable] = None, on_close: Optional[Callable] = None) -> PeerDialog:
    """Open the connection dialog; ``on_connected(link, dialog)`` is called when the data channel opens."""
    dlg = PeerDialog(role, on_connected, offer_code, on_message, on_close)
    asyncio.ensure_future(dlg.start())
    return dlg


# --------------------------------------------------------------------------------------------------- the game
class PeerGame:
    """One peer game in the page: the link, the session, the adapter given to the app, the claim bar."""

    def __init__(self, app) -> None:
        self.app = app
        self.link: Optional[PeerLink] = None
        self.session: Optional[PeerSession] = self._load()
        self.adapter: Optional[PeerTableAdapter] = None
        self.bar = None
        self.connected_at: Optional[float] = None
        self._seed_shown = False
        asyncio.ensure_future(self._watch())

    # saving
    def _load(self) -> Optional[PeerSession]:
        try:
            text = window.localStorage.getItem(SAVE_KEY)
            if text:
                s = PeerSession.from_json(str(text), _now())
                if s.stage in ("opening", "play", "over", "hello"):
                    return s
        except Exception:
            pass
        return None

    def _save(self) -> None:
        if self.session is None:
            return
        try:
            if self.session.stage in ("match_over", "claimed"):
                window.localStorage.removeItem(SAVE_KEY)
            else:
                window.localStorage.setItem(SAVE_KEY, self.session.to_json())
        except Exception as exc:
            window.console.warn(f"could not save the peer game: {exc}")

    # connection
    def open_dialog(self, role: str = "host", offer_code: Optional[str] = None) -> PeerDialog:
        if self.link is not None:
            self.link.close()
            self.link = None
        return open_peer_dialog(document, self._connected, role, offer_code, self._message, self._lost)

    def _connected(self, link: PeerLink, dialog: PeerDialog) -> None:
        self.link = link
        self.connected_at = _now()
        asyncio.ensure_future(self._show_path(link))
        # for the browser tests: send raw text on the channel (as a cheating peer would) and read the counters
        window.gamaoPeerSendRaw = create_proxy(lambda text: link.send(str(text)))
        window.gamaoPeerInfo = create_proxy(lambda: json.dumps(
            {"seq_out": self.session.seq_out, "seq_in": self.session.seq_in, "me": self.session.me,
             "stage": self.session.stage} if self.session is not None else {}))
        window.document.documentElement.setAttribute("data-peer", "connected")
        if self.session is not None and self.session.stage not in ("match_over", "claimed"):
            link.send(self.session.resume_message())
            self._attach()
            return
        if dialog.role == "host":
            self.session = PeerSession("host", "", Settings(match_length=dialog.match_length,
                                                            clock=int(self.app.clock or 0)), now=_now())
            self._deliver(self.session.start(_now()))
        else:
            self.session = PeerSession("guest", "", now=_now())
        self.app.notice(_t("waiting"))

    async def _show_path(self, link: PeerLink) -> None:
        """Say under the notice whether the game runs directly or through a relay (html[data-peer-path])."""
        try:
            path = await link.path()
        except Exception as exc:
            window.console.warn(f"gamao peer: no connection statistics: {exc}")
            return
        if path is None or self.link is not link:
            return
        window.document.documentElement.setAttribute("data-peer-path", path)
        line = document.getElementById("peer-path")
        if not line:  # (getElementById gives JS null, jsnull, which is not None)
            line = _el("p", "", id="peer-path", role="status")
            notice = document.getElementById("notice")
            notice.parentNode.insertBefore(line, notice.nextSibling)
        line.textContent = _t("path_" + path)

    def _lost(self, reason: str) -> None:
        window.document.documentElement.setAttribute("data-peer", "lost")
        window.document.documentElement.removeAttribute("data-peer-path")
        line = document.getElementById("peer-path")
        if line:
            line.remove()
        self.link = None
        if self.session is not None:
            self.app.notice(_t("lost") if "lost" in reason or "closed" in reason else reason)

    def _message(self, text: str) -> None:
        if self.session is None or _is_hello(text) and self.session.seq_in > 0:
            if not _is_hello(text):
                self.app.notice(_t("no_game"))
                return
            self.session = PeerSession("guest", "", now=_now())  # a new game replaces an old saved one
        out = self.session.receive(text, _now())
        self._deliver(out)

    def _deliver(self, out: Outcome) -> None:
        for text in out.send:
            if self.link is not None:
                self.link.send(text)
        self._save()
        for code, text in out.notices:
            self.app.notice(_notice_text(code, text))
        if self.session.table is not None:
            if self.adapter is None or self.adapter.session is not self.session:
                self._attach()  # the first table of this session: the page shows the peer game from now on
            if self.app.table is self.adapter:  # (unless the player has since started another game here)
                state = self.adapter.state(out.events)
                if state.seed and not self._seed_shown:
                    # both secrets arrived a moment after the game ended: let the game-over dialog show them
                    # and keep the record that verifies (see the report: open_over could watch state.seed)
                    self._seed_shown = True
                    if hasattr(self.app, "dialogs") and hasattr(self.app.dialogs, "_shown_over"):
                        self.app.dialogs._shown_over = None
                elif not state.seed:
                    self._seed_shown = False
                self.app.show(state)

    def _attach(self) -> None:
        if self.session.table is None:
            return
        self.adapter = PeerTableAdapter(self.session, self._deliver_quiet)
        self.app.board.drop()
        self.app.table = self.adapter
        self.app.show(self.adapter.state(()))

    def _deliver_quiet(self, out: Outcome) -> None:
        for text in out.send:
            if self.link is not None:
                self.link.send(text)
        self._save()
        for code, text in out.notices:
            self.app.notice(_notice_text(code, text))

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
        bar = self.bar = _el("p", "", id="peer-claim", class_="notice")
        bar.appendChild(_el("span", _t("silent") + " "))
        claim = self._claim_btn = _el("button", _t("claim"), type="button", id="peer-claim-btn")
        _on(claim, "click", lambda e: self.claim())
        bot = _el("button", _t("bot_seat"), type="button", id="peer-bot-btn")
        _on(bot, "click", lambda e: self.bot_takes_seat())
        bar.appendChild(claim)
        bar.appendChild(bot)
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
            table = game.Table.from_id(st.gnubg_id(), options, now=_now())
        except game.GameError as exc:
            self.app.notice(str(exc))
            return
        if self.link is not None:
            self.link.close()
            self.link = None
        self.session = None
        window.localStorage.removeItem(SAVE_KEY)
        self.app.board.drop()
        self.app.table = table
        self.app.show(table.state())


def _is_hello(text) -> bool:
    try:
        return decode(text)["t"] == "hello"
    except PeerError:
        return False
    except Exception:
        return False


def install(app) -> PeerGame:
    """Add "Play a friend" to the page and answer an invite link the page was opened with."""
    peer = PeerGame(app)
    app.peer = peer
    btn = _el("button", _t("play_friend"), type="button", id="btn-peer", class_="ghost")
    _on(btn, "click", lambda e: peer.open_dialog("host"))
    new = document.getElementById("btn-new")
    if new is not None:
        new.parentNode.insertBefore(btn, new)
    else:
        document.body.appendChild(btn)
    frag = str(window.location.hash or "")
    if frag.startswith("#join="):
        code = frag[len("#join="):]
        try:
            window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        except Exception:
            pass
        peer.open_dialog("guest", code)
    return peer

