"""Peer-to-peer play: the protocol as pure code (no js, no clock: every action is given its time). The browser's
side is in ``ui``: the WebRTC adapter ``ui.webrtc``, the table adapter ``ui.peer_adapter``, the invite's QR code
``ui.qr``, the connection dialog ``ui.peer_dialog`` and the peer game ``ui.peer_game``.

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
from .session import DEFAULT_GRACE, GUEST, HOST, Outcome, PeerSession, SessionValue, Settings

__all__ = ["NotYourTurn", "PeerError", "Refused", "SignalError", "MAX_MESSAGE_BYTES", "VERSION", "clean_text",
           "decode", "encode", "PeerDice", "PeerTable", "peer_fingerprint", "DEFAULT_GRACE", "GUEST", "HOST",
           "Outcome", "PeerSession", "SessionValue", "Settings"]
