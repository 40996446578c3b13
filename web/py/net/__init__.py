"""Peer-to-peer play: the protocol as pure code, plus the WebRTC adapter (``net.webrtc``, the only
module that touches js). The connection dialog and the peer game in the page are ``ui.peer_dialog`` and
``ui.peer_game``.

    >>> import net
    >>> host = net.PeerSession("host", "Ana", net.Settings(match_length=3))
    >>> guest = net.PeerSession("guest", "Bea")
    >>> out = host.start(now)          # texts to send on the data channel
    >>> out = guest.receive(text, now) # ... and so on; see docs/peer-protocol.md

Standard library + ``rules`` + ``game`` only (``bot`` only for a player whose clock ran out).
"""
from .errors import NotYourTurn, PeerError, Refused, SignalError
from .messages import MAX_MESSAGE_BYTES, VERSION, clean_text, decode, encode
from .peertable import PeerDice, PeerTable, peer_fingerprint
from .session import DEFAULT_GRACE, GUEST, HOST, Outcome, PeerSession, Settings

__all__ = ["NotYourTurn", "PeerError", "Refused", "SignalError", "MAX_MESSAGE_BYTES", "VERSION", "clean_text",
           "decode", "encode", "PeerDice", "PeerTable", "peer_fingerprint", "DEFAULT_GRACE", "GUEST", "HOST",
           "Outcome", "PeerSession", "Settings"]
