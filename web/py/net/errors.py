"""The errors of the peer protocol. Every refusal names a ``code`` (stable, for tests and logs) and a message in
plain English that both players are shown."""
from __future__ import annotations

__all__ = ["PeerError", "Refused", "NotYourTurn", "SignalError"]


class PeerError(ValueError):
    """Base class of the peer package's errors."""


class Refused(PeerError):
    """A message from the peer was refused; nothing changed.

    ``code`` is one of: ``too_large``, ``not_json``, ``bad_schema``, ``bad_version``, ``replayed`` (a sequence
    number already seen: a replayed or stale message), ``missing`` (a sequence number skipped), ``out_of_turn``,
    ``illegal`` (the rules engine refuses it), ``bad_dice`` (a chain value or secret that does not match the
    commitment: forged dice), ``desync`` (the state hashes differ), ``unexpected`` (not possible at this stage),
    ``not_same_game`` (a resume for another session), ``bad_claim`` (a claim its receiver's clock does not
    justify: the accused side does not owe an action, or its time has not run out).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class NotYourTurn(PeerError):
    """A local intent that is not this side's to make now (the other player must act, or a reveal is awaited)."""


class SignalError(PeerError):
    """An invite link or answer code that cannot be read."""
