"""One side's hash chain for one peer game (docs/fair-dice.md section 7), and the checks of the other side's."""
from __future__ import annotations

from typing import Optional

from rules import dice as _dice

from .errors import Refused

__all__ = ["Chain", "check_reveal", "check_secret", "hex_or_none"]


def hex_or_none(b: Optional[bytes]) -> Optional[str]:
    """A chain value, commitment or secret as the messages and the state hash write it: hex, or None."""
    return None if b is None else b.hex()


class Chain:
    """This side's chain: ``secret`` = h0, ``commitment`` = hN; ``value_for(k)`` = h(N-1-k), revealed for throw k."""

    def __init__(self, secret: bytes, length: int) -> None:
        values = [_dice.chain_value(secret, 0)]
        for _ in range(length):
            values.append(_dice.chain_link(values[-1]))
        self.secret, self.length, self._values = bytes(secret), length, values

    @property
    def commitment(self) -> bytes:
        return self._values[self.length]

    def value_for(self, k: int) -> bytes:
        if not 0 <= k < self.length:
            raise Refused("bad_dice", f"the chains have only {self.length} throws for a game")
        return self._values[self.length - 1 - k]


def check_reveal(value: bytes, previous: bytes, who: str, k: int) -> None:
    """Refused("bad_dice") unless ``value`` hashes once to ``previous`` (the value revealed for throw k-1, or the
    commitment for throw 0)."""
    if not _dice.check_chain_step(value, previous):
        raise Refused("bad_dice", f"the {who}'s value for throw {k} does not match its commitment: the dice "
                                  "would be forged")


def check_secret(secret: bytes, commitment: bytes, length: int, who: str) -> None:
    if _dice.chain_commitment(secret, length) != commitment:
        raise Refused("bad_dice", f"the {who}'s revealed secret does not match its commitment")
