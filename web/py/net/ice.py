"""Which STUN/TURN servers a peer game uses, and what the candidates say about the paths between the two players.
Pure: standard library only (the WebRTC adapter, ``ui.webrtc``, feeds it what the browser reports).

* Server lists: the settings field holds one server a line, ``url [username credential]``; :func:`parse_servers`
  reads it (``SignalError`` naming the line when it is wrong). By default a game uses :data:`DEFAULT_STUN`, two
  public STUN servers; "Same network only" uses none.
* The invite carries only the host's STUN URLs (:func:`stun_urls`, never a TURN server or its credentials); the
  guest uses them with its own servers (:func:`guest_servers`).
* Candidates have a kind: ``host`` (a local address), ``srflx`` (the public address a STUN server saw; a
  ``prflx`` one, learnt during the checks, counts as that) or ``relay`` (an address on a TURN server).
  :func:`diagnose` picks what to tell the players when no path worked; :func:`selected_path` reads from the
  browser's statistics whether the game runs over the local network, directly over the internet or via a relay.
"""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Any, Iterable, Literal, Optional
from urllib.parse import parse_qs

from .errors import SignalError

__all__ = ["DEFAULT_STUN", "KNOWN_STUN", "Server", "parse_servers", "servers_text", "stun_urls", "check_stun_url",
           "guest_servers", "default_override", "candidate_kind", "kinds_in_sdp", "path_of", "selected_path",
           "lan_only", "same_network_invite",
           "diagnose", "MAX_SERVERS", "MAX_INVITE_STUN", "GATHER_TIMEOUT", "OPEN_TIMEOUT", "CandidateKind", "Path",
           "Advice"]

CandidateKind = Literal["host", "srflx", "relay"]  # a local address, a public one (via STUN), a TURN relay
Path = Literal["local", "direct", "relay"]          # how an open connection runs (selected_path)
Advice = Literal["diag_relay_failed", "diag_local_only", "diag_you_no_public", "diag_friend_no_public",
                 "diag_strict_nat"]                 # why no path worked (diagnose)

DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
# Well-known STUN servers an invite names by their index in one byte (docs/peer-protocol.md section 6): the
# order is part of the code format, so only append to it.
KNOWN_STUN = DEFAULT_STUN + ("stun:stun1.l.google.com:19302", "stun:stun2.l.google.com:19302",
                             "stun:stun3.l.google.com:19302", "stun:stun4.l.google.com:19302")
GATHER_TIMEOUT = 3.0    # seconds to collect candidates: a STUN/TURN server that answers does in well under one
OPEN_TIMEOUT = 15.0     # seconds from Connect to an open channel before the host gives up with a diagnosis
MAX_SERVERS = 10        # lines in the settings field
MAX_INVITE_STUN = 4     # STUN URLs an invite carries
_HOSTNAME = re.compile(r"(?=.{1,100}\Z)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                       r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\Z")
_KINDS: dict[str, CandidateKind] = {"host": "host", "srflx": "srflx", "prflx": "srflx", "relay": "relay"}


@dataclass(frozen=True)
class Server:
    """One line of the settings: a ``stun:``/``turn:``/``turns:`` URL, and for TURN its username and credential."""

    url: str
    username: str = ""
    credential: str = ""

    def rtc(self) -> dict[str, str]:
        """As an RTCIceServer dictionary."""
        entry = {"urls": self.url}
        if self.username:
            entry["username"], entry["credential"] = self.username, self.credential
        return entry


def _host_port_ok(rest: str) -> bool:
    """``host[:port]`` with a host name, an IPv4 address or ``[IPv6]`` and a port 1..65535."""
    if rest.startswith("["):
        host, sep, tail = rest[1:].partition("]")
        port = tail[1:] if tail.startswith(":") else ("" if not tail else None)
        try:
            ok = bool(sep) and port is not None and ipaddress.ip_address(host).version == 6
        except ValueError:
            ok = False
    else:
        host, _, port = rest.partition(":")
        ok = bool(_HOSTNAME.match(host))
    return ok and (not port or (port.isdigit() and 1 <= int(port) <= 65535))


def check_stun_url(url: str) -> str:
    """``stun:host[:port]``: the URL, or SignalError."""
    if not isinstance(url, str) or not url.startswith("stun:") or len(url) > 120 or not _host_port_ok(url[5:]):
        raise SignalError(f"not a STUN address (stun:host or stun:host:port): {str(url)[:60]}")
    return url


def _check_turn_url(url: str) -> bool:
    """``turn:host[:port][?transport=udp|tcp]`` (or ``turns:``)."""
    rest = url.split(":", 1)[1]
    rest, _, query = rest.partition("?")
    return len(url) <= 120 and _host_port_ok(rest) and query in ("", "transport=udp", "transport=tcp")


def parse_servers(text: str) -> tuple[Server, ...]:
    """The settings field -> Servers (blank lines and ``#`` comments skipped); SignalError naming the first bad
    line."""
    servers = []
    for number, line in enumerate(str(text).splitlines(), 1):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        url = parts[0]
        if url.startswith("stun:"):
            if len(parts) != 1:
                raise SignalError(f"line {number}: a STUN server takes no user name or password")
            servers.append(Server(check_stun_url(url)))
        elif url.startswith(("turn:", "turns:")):
            if len(parts) != 3:
                raise SignalError(f"line {number}: a TURN server needs its user name and password: "
                                  "turn:host:port user password")
            if not _check_turn_url(url):
                raise SignalError(f"line {number}: not a TURN address: {url[:60]}")
            servers.append(Server(url, parts[1], parts[2]))
        else:
            raise SignalError(f"line {number}: not a STUN or TURN address (stun:…, turn:…): {url[:60]}")
        if len(servers) > MAX_SERVERS:
            raise SignalError(f"at most {MAX_SERVERS} servers")
    return tuple(servers)


def servers_text(urls: Iterable[str]) -> str:
    """The settings field for a list of STUN URLs (what the field shows before the player changes it)."""
    return "\n".join(urls)


def stun_urls(servers: Iterable[Server]) -> tuple[str, ...]:
    """The STUN URLs of a server list, as an invite carries them (no TURN, no credentials), at most
    MAX_INVITE_STUN, duplicates dropped."""
    out: list[str] = []
    for s in servers:
        if s.url.startswith("stun:") and s.url not in out:
            out.append(s.url)
    return tuple(out[:MAX_INVITE_STUN])


def guest_servers(host_stun: Iterable[str], own: Iterable[Server], same_network_only: bool) -> list[dict[str, str]]:
    """What the guest's browser uses, as RTCIceServer dicts: the host's STUN servers (from the invite) and its
    own saved servers. A guest who chose "Same network only" uses none: that choice is its own."""
    if same_network_only:
        return []
    seen: set[str] = set()
    out: list[dict[str, str]] = []
    for s in [Server(u) for u in host_stun] + list(own):
        if s.url not in seen:
            seen.add(s.url)
            out.append(s.rtc())
    return out


def default_override(search: str) -> Optional[tuple[str, ...]]:
    """TEST ONLY: the page parameter ``stun`` replaces the built-in DEFAULT_STUN (``stun=none``: no default
    servers; ``stun=stun:10.0.0.1:3478,stun:…``: those). The browser tests use it so that nothing is sent to the
    public servers from a test, and the network lab to stand its own STUN server in for them. None when absent;
    a bad value counts as ``none`` (a test must never reach the internet by mistake)."""
    values = parse_qs(str(search).lstrip("?"), keep_blank_values=True).get("stun")
    if values is None:
        return None
    value = values[0].strip()
    if value in ("", "none"):
        return ()
    try:
        return tuple(check_stun_url(u.strip()) for u in value.split(",") if u.strip())
    except SignalError:
        return ()


# ---------------------------------------------------------------------------------------------- candidates
def candidate_kind(kind: str) -> CandidateKind:
    """``host``, ``srflx`` (public, via STUN; ``prflx`` too) or ``relay``; ValueError for anything else."""
    try:
        return _KINDS[str(kind)]
    except KeyError:
        raise ValueError(f"unknown candidate type {str(kind)[:20]!r}") from None


def kinds_in_sdp(sdp: str) -> frozenset[CandidateKind]:
    """The kinds of the UDP candidates of an SDP."""
    kinds = set()
    for line in str(sdp).splitlines():
        parts = line.strip().split()
        if parts and parts[0].startswith("a=candidate:") and "typ" in parts:
            i = parts.index("typ")
            if i + 1 < len(parts) and parts[i + 1] in _KINDS:
                kinds.add(_KINDS[parts[i + 1]])
    return frozenset(kinds)


def lan_only(sdp: str) -> bool:
    """Whether an SDP has candidates and every one is a host candidate at a LAN address (or a browser's
    ``.local`` name): an offer made with "Same network only" (no STUN, no TURN) from inside a home network."""
    seen = False
    for line in str(sdp).splitlines():
        parts = line.strip().split()
        if parts and parts[0].startswith("a=candidate:") and "typ" in parts:
            i = parts.index("typ")
            if parts[i + 1:i + 2] != ["host"] or len(parts) < 5 or not _lan_address(parts[4]):
                return False
            seen = True
    return seen


def same_network_invite(invite_stun: Iterable[str], offer_sdp: str) -> bool:
    """Whether an invite says its host chose "Same network only": it names no STUN server and its offer has no
    public (STUN) or relay candidate. The host's own host candidates may still be public addresses (a public
    IPv6 address on its interface), which :func:`lan_only` cannot count as a home network's; the empty STUN
    list is the host's choice itself. (A host whose settings list only a TURN server has relay candidates.)"""
    if tuple(invite_stun):
        return False
    return not ({"srflx", "relay"} & kinds_in_sdp(offer_sdp))


def _lan_address(address: str) -> bool:
    """A home network's own address (RFC 1918, link-local, unique-local IPv6) or a browser's ``.local`` name.
    (Not ``ipaddress.is_private``: that counts the documentation ranges too, which the lab's internet uses.)"""
    if str(address).endswith(".local"):
        return True
    try:
        ip = ipaddress.ip_address(str(address).strip("[]"))
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(n) for n in _LAN_NETS if ipaddress.ip_network(n).version == ip.version)


_LAN_NETS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "fc00::/7", "fe80::/10")


def path_of(local_type: str, remote_type: str, remote_address: str = "") -> Path:
    """The path of a candidate pair: ``relay`` if either end is on a TURN server; ``direct`` (over the internet,
    through the routers' public addresses) if this side's end is public or the other's is a public address;
    otherwise ``local``. A ``host`` remote at a LAN address is local whatever this side's end (a private address
    answered, so both are in one network). A ``prflx`` remote (an address learnt from the checks) is local when it is a LAN
    address: on one Wi-Fi the other browser's checks arrive from its private address."""
    local, remote = candidate_kind(local_type), candidate_kind(remote_type)
    if "relay" in (local, remote):
        return "relay"
    if remote_type == "host" and _lan_address(remote_address):
        return "local"  # the other browser's own LAN address answered: no router's public mapping in between
    if local == "srflx" or remote_type == "srflx":
        return "direct"
    if remote_type == "prflx" and not _lan_address(remote_address):
        return "direct"
    return "local"


def selected_path(stats: Iterable[dict[str, Any]], lan_offer: bool = False) -> Optional[Path]:
    """The path of the selected candidate pair in a getStats() report (a list of its entries as dicts), or None
    when there is none yet. The transport's ``selectedCandidatePairId`` names it; without one (some browsers),
    the nominated pair that succeeded.

    ``lan_offer``: the host's offer had only host candidates at LAN addresses (``lan_only``: it chose Same
    network only). The host then had no public address or mapping of its own, so a connection without a relay
    reached it inside its network: "local", even when this side's end is its STUN mapping or the other end is
    a peer-reflexive address Chromium does not show. (With a full-cone router on the guest's side a game from
    outside could reach such a host through the host's router, and be labelled local wrongly; the label is
    what the player reads, the connection is the same.)"""
    by_id = {s.get("id"): s for s in stats if isinstance(s, dict)}
    pair = None
    for s in by_id.values():
        if s.get("type") == "transport" and s.get("selectedCandidatePairId") in by_id:
            pair = by_id[s["selectedCandidatePairId"]]
            break
    if pair is None:
        pairs = [s for s in by_id.values() if s.get("type") == "candidate-pair" and s.get("state") == "succeeded"
                 and (s.get("nominated") or s.get("selected"))]
        pair = pairs[0] if pairs else None
    if pair is None:
        return None
    local, remote = by_id.get(pair.get("localCandidateId")), by_id.get(pair.get("remoteCandidateId"))
    if not local or not remote:
        return None
    address = str(remote.get("address") or remote.get("ip") or "")
    try:
        path = path_of(local.get("candidateType", ""), remote.get("candidateType", ""), address)
    except ValueError:
        return None
    if lan_offer and path == "direct":
        return "local"
    if (path == "direct" and not address and candidate_kind(local.get("candidateType", "")) == "host"
            and not _public_candidates(by_id.values(), ("local-candidate",))):
        # Chromium does not report the address of a peer-reflexive remote, so a pair learnt from the checks on
        # one Wi-Fi looks public. But this side has no public mapping of its own (no STUN or TURN candidate: Same
        # network only, or no STUN answer), and its end of the pair is its own host address: the friend's checks
        # reached it from inside this network (a router lets in only answers to what went out, and nothing went
        # out through a mapping this side knows of). The friend may still have asked a STUN server: in one Wi-Fi
        # with "Same network only" on the host's side, the guest's answer carries only its srflx candidate.
        # (A full-cone router on this side with a symmetric one on the friend's would be labelled local wrongly;
        # the label is what the player reads, the connection is the same.)
        return "local"
    return path


def _public_candidates(stats: Iterable[dict[str, Any]],
                       sides: tuple[str, ...] = ("local-candidate", "remote-candidate")) -> bool:
    """Whether a public (STUN) or relay candidate is among ``sides`` of the report (learnt from checks, prflx, not
    counted)."""
    return any(s.get("type") in sides and s.get("candidateType") in ("srflx", "relay") for s in stats)


def diagnose(mine: Iterable[str], theirs: Iterable[str]) -> Advice:
    """Why no path worked, from the candidate kinds each side found (``host``/``srflx``/``relay``): the advice's
    name (``ui.peer_texts.diagnosis`` words it, from the ``peer_diag_...`` strings)."""
    mine, theirs = {candidate_kind(k) for k in mine}, {candidate_kind(k) for k in theirs}
    if "relay" in mine | theirs:
        return "diag_relay_failed"      # a relay was there and still nothing: its address or login is wrong
    if "srflx" not in mine and "srflx" not in theirs:
        return "diag_local_only"        # nobody asked a STUN server: only the same network can work
    if "srflx" not in mine:
        return "diag_you_no_public"
    if "srflx" not in theirs:
        return "diag_friend_no_public"
    return "diag_strict_nat"            # both have public addresses, and the routers still let nothing through
