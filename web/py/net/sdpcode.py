"""Signalling codes: a complete (non-trickle) WebRTC offer or answer squeezed into a short text, and back.

A data-channel SDP from a browser is about 700 characters, but only a few things in it matter to the other side:
the ICE username fragment and password, the DTLS certificate fingerprint (SHA-256), the setup role, and the
candidates (address and port). :func:`encode_sdp` packs those into bytes and writes them in base64url (about 130
characters for two host candidates); :func:`decode_sdp` writes a valid SDP again from them. An offer also carries
the host's STUN servers (never TURN: its credentials stay with the host), so that the guest asks the same ones
(:func:`offer_stun`). The byte layout is in docs/peer-protocol.md ("Signalling codes"). Pure: standard library only.
"""
from __future__ import annotations

import base64
import ipaddress
import re
import uuid
from dataclasses import dataclass, field

from .errors import SignalError
from .ice import KNOWN_STUN, MAX_INVITE_STUN, check_stun_url

__all__ = ["CODE_VERSION", "Signal", "Candidate", "parse_sdp", "build_sdp", "encode_sdp", "decode_sdp",
           "encode_signal", "decode_signal", "invite_link", "code_from_text", "offer_stun", "MAX_CANDIDATES"]

CODE_VERSION = 2       # 2: offers end with the host's STUN servers; codes of version 1 (no servers) are still read
MAX_CANDIDATES = 8
_ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"  # ice-char (RFC 8839) = base64 chars
_ICE_INDEX = {c: i for i, c in enumerate(_ICE)}
_SETUPS = ("actpass", "active", "passive")
_TYPES = ("host", "srflx", "prflx", "relay")
_ADDR_V4, _ADDR_V6, _ADDR_MDNS = 0, 1, 2
_FRAGMENT_KEY = "join="
_MDNS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local\Z")


@dataclass(frozen=True)
class Candidate:
    """One UDP ICE candidate: ``address`` (IPv4, IPv6 or a browser's ``<uuid>.local`` name), ``port``, ``kind``."""

    address: str
    port: int
    kind: str = "host"


@dataclass(frozen=True)
class Signal:
    """What the other side needs from an offer or answer."""

    offer: bool
    ufrag: str
    pwd: str
    fingerprint: bytes            # SHA-256 of the DTLS certificate, 32 bytes
    setup: str                    # actpass (offers), active or passive (answers)
    candidates: tuple[Candidate, ...] = field(default_factory=tuple)
    stun: tuple[str, ...] = ()    # offers: the host's STUN URLs (stun:host[:port]); answers: always empty


def parse_sdp(sdp: str, offer: bool, stun: tuple[str, ...] = ()) -> Signal:
    """The essentials of a complete data-channel SDP (and, for an offer, the STUN URLs to carry); SignalError if
    something needed is missing."""
    if not isinstance(sdp, str) or len(sdp) > 20_000:
        raise SignalError("the connection description is not text")
    ufrag = pwd = fp = setup = None
    cands: list[Candidate] = []
    for raw in sdp.splitlines():
        line = raw.strip()
        if line.startswith("a=ice-ufrag:"):
            ufrag = ufrag or line[12:]
        elif line.startswith("a=ice-pwd:"):
            pwd = pwd or line[10:]
        elif line.startswith("a=fingerprint:"):
            algo, _, value = line[14:].partition(" ")
            if algo.lower() == "sha-256" and fp is None:
                try:
                    fp = bytes.fromhex(value.replace(":", ""))
                except ValueError:
                    raise SignalError("the certificate fingerprint is not hexadecimal") from None
        elif line.startswith("a=setup:"):
            setup = setup or line[8:]
        elif line.startswith("a=candidate:"):
            parts = line[12:].split()
            if len(parts) >= 8 and parts[2].lower() == "udp" and parts[1] == "1" and parts[6] == "typ":
                if parts[7] in _TYPES and len(cands) < MAX_CANDIDATES:
                    try:
                        cands.append(Candidate(_check_address(parts[4]), int(parts[5]), parts[7]))
                    except (SignalError, ValueError):
                        continue  # a candidate we cannot carry is left out
    if not ufrag or not pwd or fp is None or not setup:
        raise SignalError("the connection description lacks the ICE credentials, the fingerprint or the setup role")
    return _checked(Signal(offer, ufrag, pwd, fp, setup, tuple(cands), tuple(stun)))


def _check_address(addr: str) -> str:
    if _MDNS.match(addr):
        return addr
    try:
        return str(ipaddress.ip_address(addr))
    except ValueError:
        raise SignalError(f"cannot carry the address {addr[:60]!r}") from None


def _checked(sig: Signal) -> Signal:
    for name, value, lo, hi in (("ufrag", sig.ufrag, 4, 63), ("pwd", sig.pwd, 22, 63)):
        if not lo <= len(value) <= hi or any(c not in _ICE_INDEX for c in value):
            raise SignalError(f"the ICE {name} is not {lo} to {hi} ICE characters")
    if len(sig.fingerprint) != 32:
        raise SignalError("the certificate fingerprint must be SHA-256 (32 bytes)")
    if sig.setup not in _SETUPS:
        raise SignalError(f"unknown setup role {sig.setup[:20]!r}")
    if not sig.candidates:
        raise SignalError("the connection description has no usable candidate (is the network off?)")
    for c in sig.candidates:
        if not 1 <= c.port <= 65535 or c.kind not in _TYPES:
            raise SignalError("a candidate has a bad port or type")
    if sig.stun and not sig.offer:
        raise SignalError("only an invite carries STUN servers")
    if len(sig.stun) > MAX_INVITE_STUN or len(set(sig.stun)) != len(sig.stun):
        raise SignalError(f"an invite carries at most {MAX_INVITE_STUN} different STUN servers")
    for url in sig.stun:
        check_stun_url(url)
        if url not in KNOWN_STUN and len(url) - 5 > 127:
            raise SignalError("a STUN address is too long")
    return sig


def _pack_ice(text: str) -> bytes:
    bits, n = 0, 0
    for c in text:
        bits = (bits << 6) | _ICE_INDEX[c]
        n += 6
    pad = (-n) % 8
    return (bits << pad).to_bytes((n + pad) // 8, "big")


def _unpack_ice(data: bytes, count: int) -> str:
    bits = int.from_bytes(data, "big") >> (len(data) * 8 - count * 6)
    return "".join(_ICE[(bits >> (6 * (count - 1 - i))) & 63] for i in range(count))


def encode_signal(sig: Signal) -> str:
    """The compact code: base64url (no padding) of the packed essentials."""
    sig = _checked(sig)
    out = bytearray([(CODE_VERSION << 4) | (int(sig.offer) << 2) | _SETUPS.index(sig.setup)])
    for text in (sig.ufrag, sig.pwd):
        out.append(len(text))
        out += _pack_ice(text)
    out += sig.fingerprint
    out.append(len(sig.candidates))
    for c in sig.candidates:
        if _MDNS.match(c.address):
            kind, addr = _ADDR_MDNS, uuid.UUID(c.address[:-6]).bytes
        else:
            ip = ipaddress.ip_address(c.address)
            kind, addr = (_ADDR_V4, ip.packed) if ip.version == 4 else (_ADDR_V6, ip.packed)
        out.append((_TYPES.index(c.kind) << 4) | kind)
        out += addr + c.port.to_bytes(2, "big")
    if sig.offer:
        out.append(len(sig.stun))
        for url in sig.stun:
            if url in KNOWN_STUN:
                out.append(KNOWN_STUN.index(url))
            else:
                host = url[5:].encode("ascii")
                out.append(0x80 | len(host))
                out += host
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode_signal(code: str) -> Signal:
    """A code from :func:`encode_signal` (spaces and line breaks ignored); SignalError if it cannot be read."""
    if not isinstance(code, str):
        raise SignalError("a code is text")
    clean = "".join(code.split())
    if not clean or len(clean) > 2000 or not re.fullmatch(r"[A-Za-z0-9_-]+", clean):
        raise SignalError("this is not a connection code (it should be letters, digits, - and _ only)")
    try:
        data = base64.urlsafe_b64decode(clean + "=" * (-len(clean) % 4))
    except ValueError:
        raise SignalError("this connection code is damaged (was it copied completely?)") from None
    try:
        return _unpack(data)
    except (IndexError, ValueError) as exc:
        if isinstance(exc, SignalError):
            raise
        raise SignalError("this connection code is damaged or cut short (was it copied completely?)") from None


def _unpack(data: bytes) -> Signal:
    pos = 0

    def take(n: int) -> bytes:
        nonlocal pos
        if pos + n > len(data):
            raise IndexError("short")
        chunk = data[pos:pos + n]
        pos += n
        return chunk

    head = take(1)[0]
    version = head >> 4
    if version not in (1, CODE_VERSION) or head & 8:
        raise SignalError("this connection code comes from another version of Gamão")
    if head & 3 >= len(_SETUPS):
        raise SignalError("this connection code is damaged")
    offer, setup = bool(head & 4), _SETUPS[head & 3]
    texts = []
    for _ in range(2):
        n = take(1)[0]
        texts.append(_unpack_ice(take((n * 6 + 7) // 8), n))
    fp = take(32)
    cands: list[Candidate] = []
    for _ in range(take(1)[0]):
        b = take(1)[0]
        kind, akind = b >> 4, b & 15
        if kind >= len(_TYPES) or akind > _ADDR_MDNS:
            raise SignalError("this connection code is damaged")
        if akind == _ADDR_V4:
            addr = str(ipaddress.IPv4Address(take(4)))
        elif akind == _ADDR_V6:
            addr = str(ipaddress.IPv6Address(take(16)))
        else:
            addr = str(uuid.UUID(bytes=take(16))) + ".local"
        cands.append(Candidate(addr, int.from_bytes(take(2), "big"), _TYPES[kind]))
    stun = []
    if offer and version >= 2:
        for _ in range(take(1)[0]):
            b = take(1)[0]
            if b < 0x80:
                if b >= len(KNOWN_STUN):
                    raise SignalError("this invite names a STUN server this version of Gamão does not know")
                stun.append(KNOWN_STUN[b])
            else:
                try:
                    stun.append("stun:" + take(b & 0x7F).decode("ascii"))
                except UnicodeDecodeError:
                    raise SignalError("this connection code is damaged") from None
    if pos != len(data):
        raise SignalError("this connection code has extra characters at the end")
    return _checked(Signal(offer, texts[0], texts[1], fp, setup, tuple(cands), tuple(stun)))


_TYPE_PREF = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}


def build_sdp(sig: Signal) -> str:
    """A complete SDP for a data channel, as a browser accepts it in setRemoteDescription."""
    sig = _checked(sig)
    sess = int.from_bytes(sig.fingerprint[:7], "big")
    lines = ["v=0", f"o=- {sess} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(sig.candidates):
        prio = (_TYPE_PREF[c.kind] << 24) | ((65535 - i) << 8) | 255
        extra = "" if c.kind == "host" else " raddr 0.0.0.0 rport 0"
        lines.append(f"a=candidate:{i + 1} 1 udp {prio} {c.address} {c.port} typ {c.kind}{extra} generation 0")
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{sig.ufrag}", f"a=ice-pwd:{sig.pwd}",
              "a=ice-options:trickle",
              "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in sig.fingerprint),
              f"a=setup:{sig.setup}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def encode_sdp(sdp: str, offer: bool, stun: tuple[str, ...] = ()) -> str:
    """A browser's complete offer (``offer=True``, with the host's STUN URLs ``stun``) or answer SDP -> the
    compact code."""
    return encode_signal(parse_sdp(sdp, offer, stun))


def decode_sdp(code: str, offer: bool) -> str:
    """The compact code -> an SDP; SignalError if it is not an offer (``offer=True``) / answer as expected."""
    sig = decode_signal(code)
    if sig.offer != offer:
        raise SignalError("this is an invite, not an answer code" if sig.offer else
                          "this is an answer code, not an invite")
    return build_sdp(sig)


def offer_stun(code: str) -> tuple[str, ...]:
    """The host's STUN URLs carried by an invite code; SignalError if it is not an invite."""
    sig = decode_signal(code)
    if not sig.offer:
        raise SignalError("this is an answer code, not an invite")
    return sig.stun


def invite_link(page_url: str, offer_code: str) -> str:
    """The invite: the page's address with the offer in the fragment (never sent to any server)."""
    base = page_url.split("#", 1)[0]
    return f"{base}#{_FRAGMENT_KEY}{offer_code}"


def code_from_text(text: str) -> str:
    """The code in a pasted invite link or code (the part after ``#join=`` if present), spaces removed."""
    if not isinstance(text, str):
        raise SignalError("a code is text")
    if "#" in text:
        frag = text.split("#", 1)[1]
        for part in frag.split("&"):
            if part.startswith(_FRAGMENT_KEY):
                return "".join(part[len(_FRAGMENT_KEY):].split())
        raise SignalError("this link carries no invite")
    return "".join(text.split())
