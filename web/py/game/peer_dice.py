"""The throws of a peer game's record (scheme ``gamao/peer-dice/v1``), for the verifier (game.record).

A peer game's dice come from two hash chains (docs/fair-dice.md section 7), renewed every N throws in a long game
(docs/peer-protocol.md section 3). The record holds, per chain ("segment": the game's own, then each renewal), both
commitments and, once revealed, both secrets; and ``host_last``/``guest_last``, the values each side revealed for
the game's last throw. A chain whose secret was never revealed (a side that left) is checked from its last value
instead: hashed forward it must reach that side's commitment, and it gives every earlier value. So every throw
revealed in play is checked against the commitments, with or without the absent side's secret.

Pure: standard library and ``rules.dice``.
"""
from __future__ import annotations

from typing import Any, Optional

from rules import dice as _dice

from .kinds import JsonDict

__all__ = ["PeerDiceProblem", "peer_throws"]

MAX_CHAIN = 100_000

#: One chain's (host, guest) values: the commitments, or the secrets (None: not revealed).
_Sides = tuple[Optional[bytes], Optional[bytes]]
#: Per chain, in order: (commitments, secrets).
_Segment = tuple[_Sides, _Sides]


class PeerDiceProblem(ValueError):
    """The peer dice cannot be derived: ``code`` bad_field, seed_missing or seed_mismatch (game.record codes)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.params = code, message, params


def _bytes(value: Any, what: str) -> Optional[bytes]:
    if value is None:
        return None
    try:
        return _dice.seed_from_hex(value)
    except (_dice.SeedError, TypeError, AttributeError):
        raise PeerDiceProblem("bad_field", f"{what} is not 64 hex digits", field="dice") from None


def _segments(info: JsonDict) -> list[_Segment]:
    """[(host commitment, guest commitment, host secret, guest secret)] per chain, in order."""
    segs = [(info.get("host_commitment"), info.get("guest_commitment"), info.get("host_secret"),
             info.get("guest_secret"))]
    renewals = info.get("renewals", [])
    if not isinstance(renewals, list) or not all(isinstance(r, dict) for r in renewals):
        raise PeerDiceProblem("bad_field", "'renewals' must be a list of objects", field="dice.renewals")
    segs += [(r.get("host_commitment"), r.get("guest_commitment"), r.get("host_secret"), r.get("guest_secret"))
             for r in renewals]
    out: list[_Segment] = []
    for i, (hc, gc, hs, gs) in enumerate(segs):
        where = "the game's chains" if i == 0 else f"renewal {i}"
        commits = (_bytes(hc, f"{where}: the host's commitment"), _bytes(gc, f"{where}: the guest's commitment"))
        if None in commits:
            raise PeerDiceProblem("bad_field", f"{where}: both commitments are needed", field="dice")
        out.append((commits, (_bytes(hs, f"{where}: the host's secret"), _bytes(gs, f"{where}: the guest's secret"))))
    return out


def _side_values(side: str, segs: list[_Segment], n: int, last: Optional[bytes]) -> list[bytes]:
    """Every value of ``side`` that the record lets us check, throw 0 first."""
    idx = 0 if side == "host" else 1
    values: list[bytes] = []
    for i, (commits, secrets_) in enumerate(segs):
        secret, commit = secrets_[idx], commits[idx]
        if secret is not None:
            chain = [secret]
            for _ in range(n):
                chain.append(_dice.chain_link(chain[-1]))
            if chain[n] != commit:
                raise PeerDiceProblem("seed_mismatch", f"the {side}'s secret does not match its commitment"
                                      + (f" (renewal {i})" if i else ""), side=side)
            values += [chain[n - 1 - j] for j in range(n)]
            continue
        if last is None or last in values:  # no last value, or it was the end of an earlier chain
            break
        # the last value revealed: hashed forward it reaches the commitment after at most n steps
        chain = [last]
        while len(chain) <= n and chain[-1] != commit:
            chain.append(_dice.chain_link(chain[-1]))
        if chain[-1] != commit or len(chain) == 1:
            raise PeerDiceProblem("seed_mismatch", f"the {side}'s last value does not lead to its commitment"
                                  + (f" (renewal {i})" if i else ""), side=side)
        values += list(reversed(chain[:-1]))  # chain[-2] is the value for the chain's first throw
        break
    return values


def peer_throws(info: JsonDict) -> tuple[list[tuple[int, int]], str]:
    """(list of (d1, d2) throws, "seed" text for the verdict) from a peer game's dice object. Raises
    PeerDiceProblem when nothing can be derived or something does not match."""
    n = info.get("chain_length")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_CHAIN:
        raise PeerDiceProblem("bad_field", "the peer dice need 'chain_length' and both commitments (64 hex digits)",
                              field="dice")
    segs = _segments(info)
    lasts = (_bytes(info.get("host_last"), "host_last"), _bytes(info.get("guest_last"), "guest_last"))
    host = _side_values("host", segs, n, lasts[0])
    guest = _side_values("guest", segs, n, lasts[1])
    if not host or not guest:
        raise PeerDiceProblem("seed_missing", "the secrets have not been revealed, so the dice cannot be checked")
    pairs = [_dice.peer_roll(h, g) for h, g in zip(host, guest)]
    s0 = segs[-1][1]
    seed = " / ".join(x.hex() if x is not None else "(not revealed)" for x in s0)
    return pairs, seed
