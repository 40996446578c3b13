"""The WebRTC adapter: one RTCPeerConnection with one ordered, reliable data channel ("gamao"), signalled by the
compact codes of ``net.sdpcode``. The browser side of the peer protocol (``net`` itself is pure); it imports js
(Pyodide in the browser) and reads the clock for its deadlines.

    link = PeerLink(ice_servers=[...], on_message=..., on_open=..., on_close=..., advise=...)
    offer_code = await link.make_offer(stun=(...))  # host; the invite names the host's STUN servers
    answer_code = await link.answer(offer_code)     # guest
    await link.accept_answer(answer_code)           # host; on_open fires on both sides
    path = await link.path()                        # "local", "direct" or "relay" (net.ice.selected_path)
    link.send(text)

Waiting is bounded: gathering stops after GATHER_TIMEOUT (the code is made from what was gathered by then: an
unreachable STUN server must not hold the invite), and the host gives up OPEN_TIMEOUT after Connect with a
diagnosis (``net.ice.diagnose``: the kinds of path each side found, and what to try).
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Callable, Literal, Optional

from js import JSON, Object, RTCPeerConnection, window
from pyodide.ffi import create_proxy, to_js

from net import ice, sdpcode
from net.errors import SignalError
from net.ice import GATHER_TIMEOUT, OPEN_TIMEOUT

__all__ = ["PeerLink", "LinkState", "GATHER_TIMEOUT", "OPEN_TIMEOUT"]

LinkState = Literal["new", "offered", "connecting", "open", "closed", "failed"]  # PeerLink.state


def _js(value):
    return to_js(value, dict_converter=Object.fromEntries)


class PeerLink:
    """One connection. Callbacks: ``on_message(text)``, ``on_open()``, ``on_close(reason)`` (reason is plain
    words: for a connection that never opened, ``advise(mine, theirs)``, the page's words for the diagnosis and
    what to try, given the kinds of path each side found; see :meth:`kinds`)."""

    def __init__(self, ice_servers: Optional[list] = None, on_message: Optional[Callable] = None,
                 on_open: Optional[Callable] = None, on_close: Optional[Callable] = None,
                 advise: Optional[Callable[[set, set], str]] = None) -> None:
        self.ice_servers = list(ice_servers or [])
        self.advise = advise or (lambda mine, theirs: "Could not connect.")
        self.gather_seconds = 0.0     # how long the last gathering took (for the figures)
        self._remote_sdp = ""
        self._offer_sdp = ""  # the host's offer (made here, or received): ice.lan_only tells Same network only
        self._invite_stun: tuple = ("?",)  # the STUN URLs the invite names (none: the host chose Same network only)
        self.on_message = on_message or (lambda text: None)
        self.on_open = on_open or (lambda: None)
        self.on_close = on_close or (lambda reason: None)
        self.pc = RTCPeerConnection.new(_js({"iceServers": self.ice_servers}))
        self.channel = None
        self.state: LinkState = "new"
        self._proxies: list = []
        self._listen(self.pc, "connectionstatechange", self._pc_state)

    # -- js plumbing -----------------------------------------------------------------------------------------
    def _listen(self, target, kind: str, fn) -> None:
        proxy = create_proxy(fn)
        self._proxies.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def _use_channel(self, channel) -> None:
        self.channel = channel
        self._listen(channel, "open", lambda e: self._opened())
        self._listen(channel, "message", lambda e: self.on_message(str(e.data)))
        self._listen(channel, "close", lambda e: self._closed("The connection was closed."))

    def _opened(self) -> None:
        if self.state != "open":
            self.state = "open"
            self.on_open()

    def _closed(self, reason: str) -> None:
        if self.state not in ("closed", "failed"):
            self.state = "closed"
            self.on_close(reason)

    def _pc_state(self, event) -> None:
        st = str(self.pc.connectionState)
        window.console.log(f"gamao peer: connection {st}")
        if st == "failed" and self.state not in ("closed", "failed"):  # (its close was already reported)
            was_open = self.state == "open"
            self.state = "failed"
            self.on_close("The connection to the other player was lost." if was_open else self.failure_advice())
        elif st == "closed":
            self._closed("The connection to the other player was lost.")
        # "disconnected" is often transient (a busy machine misses ICE consent checks, then it recovers); the
        # channel's own "close" event, or "failed", says when it is really gone

    def kinds(self) -> tuple:
        """The kinds of candidate (host, srflx, relay) this side and the other side found."""
        local = self.pc.localDescription
        return ice.kinds_in_sdp(str(local.sdp) if local else ""), ice.kinds_in_sdp(self._remote_sdp)

    def failure_advice(self) -> str:
        """Why it did not connect and what to try (``advise``'s words for the kinds of path found)."""
        mine, theirs = self.kinds()
        return self.advise(mine, theirs)

    async def _gathered(self) -> None:
        start = time.monotonic()  # a deadline, not counted sleeps: a busy machine oversleeps each of them
        while str(self.pc.iceGatheringState) != "complete" and time.monotonic() - start < GATHER_TIMEOUT:
            await asyncio.sleep(0.05)
        self.gather_seconds = time.monotonic() - start

    # -- signalling ------------------------------------------------------------------------------------------
    async def make_offer(self, stun: tuple = ()) -> str:
        """Host: the data channel and a complete offer, as a compact code naming the STUN URLs ``stun``."""
        self._use_channel(self.pc.createDataChannel("gamao", _js({"ordered": True})))
        offer = await self.pc.createOffer()
        await self.pc.setLocalDescription(offer)
        await self._gathered()
        self._offer_sdp = str(self.pc.localDescription.sdp)
        self._invite_stun = tuple(stun)
        self.state = "offered"
        return sdpcode.encode_sdp(str(self.pc.localDescription.sdp), offer=True, stun=tuple(stun))

    async def answer(self, offer_code: str) -> str:
        """Guest: answer the host's offer code; returns the answer code to send back."""
        code = sdpcode.code_from_text(offer_code)
        sdp = self._remote_sdp = self._offer_sdp = sdpcode.decode_sdp(code, offer=True)
        self._invite_stun = tuple(sdpcode.offer_stun(code))
        self._listen(self.pc, "datachannel", lambda e: self._use_channel(e.channel))
        await self.pc.setRemoteDescription(_js({"type": "offer", "sdp": sdp}))
        answer = await self.pc.createAnswer()
        await self.pc.setLocalDescription(answer)
        if self.state == "new":
            self.state = "connecting"
        await self._gathered()
        # no timeout here: the host may take minutes to paste the answer; "failed" still reports a failure
        return sdpcode.encode_sdp(str(self.pc.localDescription.sdp), offer=False)

    async def accept_answer(self, answer_code: str) -> None:
        """Host: the guest's answer code (SignalError if it is not one)."""
        if self.state != "offered":
            raise SignalError("make an invite first")
        sdp = sdpcode.decode_sdp(sdpcode.code_from_text(answer_code), offer=False)
        self.state = "connecting"  # before awaiting: on loopback the channel can open during the await
        try:
            await self.pc.setRemoteDescription(_js({"type": "answer", "sdp": sdp}))
        except Exception:
            self.state = "offered"
            raise
        self._remote_sdp = sdp
        asyncio.ensure_future(self._watch_open())

    async def _watch_open(self) -> None:
        start = time.monotonic()
        while self.state == "connecting" and time.monotonic() - start < OPEN_TIMEOUT:
            await asyncio.sleep(0.1)
        if self.state == "connecting":
            self.state = "failed"
            self.on_close(self.failure_advice())

    async def path(self) -> Optional[ice.Path]:
        """How the open connection runs: "local", "direct" or "relay" (the selected candidate pair in getStats),
        or None when the browser does not say."""
        for _ in range(20):  # the pair's statistics can lag the channel's opening by a moment
            report = await self.pc.getStats()
            lan_offer = (ice.lan_only(self._offer_sdp)
                         or ice.same_network_invite(self._invite_stun, self._offer_sdp))
            found = ice.selected_path([json.loads(str(JSON.stringify(s))) for s in report.values()], lan_offer)
            if found:
                return found
            await asyncio.sleep(0.1)
        return None

    # -- use ---------------------------------------------------------------------------------------------------
    def send(self, text: str) -> bool:
        """Send one message; False when the channel is not open (the session keeps it for a resume)."""
        if self.channel is None or str(self.channel.readyState) != "open":
            return False
        self.channel.send(text)
        return True

    def close(self) -> None:
        """Close the connection; no callback fires after this."""
        self.state = "closed"
        proxies, self._proxies = self._proxies, []
        for target, kind, proxy in proxies:  # first stop listening, so no event reaches a destroyed proxy
            target.removeEventListener(kind, proxy)
        try:
            if self.channel is not None:
                self.channel.close()
            self.pc.close()
        finally:
            for _, _, proxy in proxies:
                proxy.destroy()
