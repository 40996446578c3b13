"""Play a friend's connection dialog: the invite link, the answer code, their QR codes, Connect, and the
connection settings (same network only, STUN / TURN servers).

    dialog = open_peer_dialog(texts, store, on_connected, role="host")           # the host makes an invite
    dialog = open_peer_dialog(texts, store, on_connected, "guest", offer_code)   # the guest answers one

``on_connected(link, dialog)`` gets the open :class:`ui.webrtc.PeerLink` (and, for the host, the match length
chosen in ``dialog.match_length``). Everything from the other side is shown with ``textContent`` only.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Literal, Optional

from net import ice, sdpcode
from net.errors import PeerError, SignalError
from .qr import qr_svg
from .webrtc import PeerLink
from pyscript import document, window
from pyscript.ffi import to_js

from .dom import el, on
from .i18n import Texts
from .peer_rules import RulesChoice
from .peer_texts import diagnosis
from .storage import Storage

__all__ = ["PeerDialog", "open_peer_dialog", "Role"]

Role = Literal["host", "guest"]

ICE_KEY = "gamao.ice"          # the servers field, as typed (absent: the default STUN servers)
LAN_KEY = "gamao.ice.lan"      # "1": "Same network only (no outside server)"


def _js_object(value: dict):
    return to_js(value, dict_converter=window.Object.fromEntries)


def _saved_ice_text(store: Storage) -> str:
    """The servers field as saved, else the default STUN servers (replaced in tests by the page's ``stun``
    parameter: net.ice.default_override)."""
    saved = store.get(ICE_KEY)
    if saved is not None:
        return saved
    override = ice.default_override(str(window.location.search))
    return ice.servers_text(ice.DEFAULT_STUN if override is None else override)


def _saved_lan(store: Storage) -> bool:
    return store.get(LAN_KEY) == "1"


def _saved_servers(store: Storage) -> tuple:
    try:
        return ice.parse_servers(_saved_ice_text(store))
    except SignalError:
        return ()


# --------------------------------------------------------------------------------------------------- dialog
class PeerDialog:
    """The connection dialog. Host: invite link + QR, "Paste answer code", Connect. Guest: answer code + QR."""

    def __init__(self, texts: Texts, store: Storage, role: Role, on_connected: Callable,
                 offer_code: Optional[str] = None, on_message: Optional[Callable] = None,
                 on_close: Optional[Callable] = None, with_settings: bool = True) -> None:
        self.t = texts
        self.store = store
        self.role = role
        self.on_connected = on_connected
        self.link: Optional[PeerLink] = None
        self.offer_code = offer_code
        self._on_message = on_message or (lambda text: None)
        self._on_close = on_close or (lambda reason: None)
        self.match_length = 0
        self.jacoby = self.beavers = False  # the host's money-game rules (ui.peer_rules), read on connecting
        d = self.dialog = el("dialog", id="peer-dialog", cls="peer-dialog")
        d.setAttribute("aria-labelledby", "peer-title")
        d.appendChild(el("h2", self.t("peer_play_friend"), id="peer-title"))
        self.status = el("p", "", id="peer-status", role="status", aria_live="polite")
        d.appendChild(self.status)
        if role == "host":
            if with_settings:
                row = el("p")
                lab = el("label", self.t("ng_match") + " ", for_="peer-match")
                sel = self.match_select = el("select", id="peer-match")
                for n in (0, 1, 3, 5, 7):
                    opt = el("option", self.t("ng_money") if n == 0 else self.t("peer_points", n=n), value=n)
                    sel.appendChild(opt)
                row.appendChild(lab)
                row.appendChild(sel)
                d.appendChild(row)
                self.rules = RulesChoice(self.t, self.store, d, sel)
                self._server_settings(d)
            self.code_field = self._readonly_field("peer-invite", self.t("peer_invite"), share_as="url")
            self.qr = el("div", cls="peer-qr")
            d.appendChild(self.qr)
            row = el("p")
            row.appendChild(el("label", self.t("peer_paste"), for_="peer-answer-in"))
            self.answer_in = el("input", id="peer-answer-in", type="text", autocomplete="off", spellcheck="false")
            row.appendChild(self.answer_in)
            d.appendChild(row)
            self.connect_btn = el("button", self.t("peer_connect"), type="button", id="peer-connect", cls="primary")
            on(self.connect_btn, "click", lambda e: asyncio.ensure_future(self.connect()))
            d.appendChild(self.connect_btn)
        else:
            self.code_field = self._readonly_field("peer-answer", self.t("peer_answer"), share_as="text")
            self.qr = el("div", cls="peer-qr")
            d.appendChild(self.qr)
        close = el("button", self.t("close"), type="button", id="peer-close")
        on(close, "click", lambda e: self.close())
        d.appendChild(close)
        document.body.appendChild(d)
        d.showModal()

    def _server_settings(self, d) -> None:
        """"Same network only", what a STUN server learns, and the servers field: a change makes a new invite."""
        row = el("p", cls="peer-lan")
        self.lan = el("input", type="checkbox", id="peer-lan", aria_describedby="peer-stun-note")
        self.lan.checked = _saved_lan(self.store)
        row.appendChild(self.lan)
        row.appendChild(el("label", " " + self.t("peer_same_network"), for_="peer-lan"))
        d.appendChild(row)
        d.appendChild(el("p", self.t("peer_stun_note"), id="peer-stun-note", cls="peer-note"))
        det = el("details")
        det.appendChild(el("summary", self.t("peer_settings")))
        det.appendChild(el("label", self.t("peer_servers"), for_="peer-ice"))
        self.ice = el("textarea", id="peer-ice", rows=3, spellcheck="false", aria_describedby="peer-turn-note")
        self.ice.value = _saved_ice_text(self.store)
        det.appendChild(self.ice)
        det.appendChild(el("p", self.t("peer_turn_note"), id="peer-turn-note", cls="peer-note"))
        d.appendChild(det)
        self._typed = 0
        on(self.lan, "change", lambda e: self._settings_changed())
        on(self.ice, "input", lambda e: asyncio.ensure_future(self._typing()))

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
        self.store.set(ICE_KEY, text)
        self.store.set(LAN_KEY, "1" if self.lan.checked else "0")
        if self.link is not None and self.link.state != "open":
            self.link.close()
            self.link = None
        asyncio.ensure_future(self.start())

    def _readonly_field(self, el_id: str, label: str, share_as: str):
        """A read-only code with Copy, and Share where the browser has the Web Share API (phones: the chat app's
        share sheet). ``share_as``: "url" (the invite link) or "text" (the answer code, exactly what to paste)."""
        row = el("p", cls="peer-code")
        row.appendChild(el("label", label, for_=el_id))
        field = el("input", id=el_id, type="text", readonly="", spellcheck="false")
        row.appendChild(field)
        if getattr(window.navigator, "share", None) is not None:
            share = el("button", self.t("peer_share"), type="button", cls="small")
            on(share, "click", lambda e: asyncio.ensure_future(self._share(field, share_as)))
            row.appendChild(share)
        copy = el("button", self.t("copy"), type="button", cls="small")
        on(copy, "click", lambda e: asyncio.ensure_future(self._copy(field, copy)))
        row.appendChild(copy)
        self.dialog.appendChild(row)
        return field

    async def _share(self, field, share_as: str) -> None:
        if not str(field.value):
            return
        data = {"title": "Gamão", "text": self.t("peer_share_text"), "url": str(field.value)} if share_as == "url" \
            else {"text": str(field.value)}
        try:
            await window.navigator.share(_js_object(data))
        except Exception as exc:  # the person closed the share sheet (AbortError), or the browser refused
            if "AbortError" not in str(exc):
                self.say(self.t("peer_share_failed"))

    async def _copy(self, field, button) -> None:
        try:
            await window.navigator.clipboard.writeText(field.value)
            button.textContent = self.t("peer_copied")
        except Exception:  # no clipboard access here: select the code so the person can copy it by hand
            field.select()
            self.say(self.t("peer_copy_by_hand"))

    def say(self, text: str) -> None:
        self.status.textContent = text

    def _servers(self) -> list:
        """The host's servers (RTCIceServer dicts): none for "Same network only", else the field's."""
        if hasattr(self, "lan"):
            return [] if self.lan.checked else [s.rtc() for s in ice.parse_servers(str(self.ice.value))]
        return [] if _saved_lan(self.store) else [s.rtc() for s in _saved_servers(self.store)]

    def _new_link(self, servers: list) -> PeerLink:
        return PeerLink(servers, on_message=self._on_message, on_open=self._opened, on_close=self._closed,
                        advise=self._advice)

    def _advice(self, mine: set, theirs: set) -> str:
        """Why the connection could not be made and what to try, in the page's language."""
        return diagnosis(self.t.lang, ice.diagnose(mine, theirs), mine, theirs)

    async def start(self) -> None:
        self._generation = getattr(self, "_generation", 0) + 1
        generation = self._generation
        try:
            if self.role == "host":
                self.say(self.t("peer_making"))
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
                self.qr.innerHTML = qr_svg(url, title=self.t("peer_invite"))
                self.say(self.t("peer_host_help"))
            else:
                self.say(self.t("peer_answering"))
                host_stun = sdpcode.offer_stun(sdpcode.code_from_text(self.offer_code))
                self.link = self._new_link(ice.guest_servers(host_stun, _saved_servers(self.store),
                                                                _saved_lan(self.store)))
                code = await self.link.answer(self.offer_code)
                self.code_field.value = code
                self.qr.innerHTML = qr_svg(code, title=self.t("peer_answer"))
                self.say(self.t("peer_guest_help"))
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
            self.say(self.t("peer_connecting"))
            self.connect_btn.disabled = True
            await self.link.accept_answer(str(self.answer_in.value))
        except SignalError as exc:
            self.connect_btn.disabled = False
            self.say(str(exc))
        except Exception as exc:
            self.connect_btn.disabled = False
            self.say(f"Could not connect: {exc}")

    def _opened(self) -> None:
        self.say(self.t("peer_connected"))
        if self.role == "host" and hasattr(self, "match_select"):
            self.match_length = int(str(self.match_select.value) or 0)
            self.jacoby, self.beavers = self.rules.chosen(self.match_length)
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


def open_peer_dialog(texts: Texts, store: Storage, on_connected: Callable, role: Role = "host",
                     offer_code: Optional[str] = None, on_message: Optional[Callable] = None,
                     on_close: Optional[Callable] = None) -> PeerDialog:
    """Open the connection dialog; ``on_connected(link, dialog)`` is called when the data channel opens."""
    dlg = PeerDialog(texts, store, role, on_connected, offer_code, on_message, on_close)
    asyncio.ensure_future(dlg.start())
    return dlg
