"""Fair dice: every die of a game derived from a secret seed that players can check afterwards.

The derivation (specified byte for byte in docs/fair-dice.md):

* A game's seed is 32 random bytes (``new_seed``). Its fingerprint, shown when the game starts, is
  ``SHA-256(seed)`` in lowercase hex.
* A byte stream: block ``i`` (i = 0, 1, 2, ...) is ``HMAC-SHA256(key=seed, msg=b"gamao/dice/v1" || i as 8-byte
  big-endian)``; the blocks are concatenated.
* Each byte ``b`` of the stream with ``b >= 252`` is skipped (rejection sampling: 252 = 6 * 42, so every face
  keeps exactly 42 byte values); any other byte gives the die ``b % 6 + 1``.
* Dice are taken two at a time, each pair one throw. The first pair is the opening roll (first die for player 0,
  second for player 1); while an opening pair is a tie, the next pair is another opening pair. Every later roll of
  the game is the next pair, in order.

Peer games (two contributions, neither side able to choose or predict a roll) use hash chains; see
``chain_commitment``, ``peer_roll_key`` and ``peer_pairs``.

Standard library only: runs unchanged in CPython and Pyodide.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator

from .errors import RulesError

__all__ = [
    "SEED_BYTES",
    "DICE_LABEL",
    "CHAIN_LABEL",
    "PEER_LABEL",
    "REJECT_FROM",
    "DEFAULT_CHAIN_LENGTH",
    "SeedError",
    "new_seed",
    "fingerprint",
    "short_fingerprint",
    "seed_from_hex",
    "fingerprint_from_hex",
    "seed_matches",
    "stream_block",
    "die_stream",
    "pair_stream",
    "first_pairs",
    "GameDice",
    "chain_link",
    "chain_commitment",
    "chain_value",
    "check_chain_step",
    "peer_roll_key",
    "peer_roll",
    "peer_pairs",
]

SEED_BYTES = 32
DICE_LABEL = b"gamao/dice/v1"
CHAIN_LABEL = b"gamao/chain/v1"
PEER_LABEL = b"gamao/peer-roll/v1"
REJECT_FROM = 252  # bytes 252..255 are skipped: 252 is the largest multiple of 6 that fits in a byte
DEFAULT_CHAIN_LENGTH = 1024


class SeedError(RulesError):
    """A seed, fingerprint or chain value that is not well formed (wrong length, not hex)."""


def _check_seed(seed: bytes, what: str = "seed") -> bytes:
    if not isinstance(seed, (bytes, bytearray)):
        raise SeedError(f"{what} must be bytes, not {type(seed).__name__}")
    if len(seed) != SEED_BYTES:
        raise SeedError(f"{what} must be {SEED_BYTES} bytes, got {len(seed)}")
    return bytes(seed)


def new_seed() -> bytes:
    """A fresh seed for one game, from the operating system's cryptographic source."""
    return secrets.token_bytes(SEED_BYTES)


def fingerprint(seed: bytes) -> str:
    """The seed's fingerprint: SHA-256 of its 32 bytes, lowercase hex (64 characters)."""
    return hashlib.sha256(_check_seed(seed)).hexdigest()


def short_fingerprint(fp: str) -> str:
    """The first 16 hex digits of a fingerprint in groups of four (``"1a2b 3c4d 5e6f 7a8b"``), for display."""
    fp = fingerprint_from_hex(fp)
    return " ".join(fp[i:i + 4] for i in range(0, 16, 4))


def _hex32(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise SeedError(f"{what} must be a hex string, not {type(text).__name__}")
    clean = text.strip().lower()
    if len(clean) != 2 * SEED_BYTES:
        raise SeedError(f"{what} must be {2 * SEED_BYTES} hex digits, got {len(clean)}")
    try:
        return bytes.fromhex(clean)
    except ValueError:
        raise SeedError(f"{what} is not hexadecimal: {text[:80]!r}") from None


def seed_from_hex(text: str) -> bytes:
    """Parse a seed written as 64 hex digits (surrounding spaces and upper case accepted)."""
    return _hex32(text, "seed")


def fingerprint_from_hex(text: str) -> str:
    """Normalise a fingerprint written as 64 hex digits to lowercase; SeedError if malformed."""
    return _hex32(text, "fingerprint").hex()


def seed_matches(seed: bytes, fp: str) -> bool:
    """True when ``fingerprint(seed)`` equals the fingerprint ``fp`` (hex, any case)."""
    return hmac.compare_digest(fingerprint(seed), fingerprint_from_hex(fp))


def stream_block(seed: bytes, index: int) -> bytes:
    """Block ``index`` of the seed's byte stream: HMAC-SHA256(seed, DICE_LABEL || index as uint64 big-endian)."""
    if not 0 <= index < 1 << 64:
        raise ValueError(f"block index out of range: {index}")
    return hmac.new(_check_seed(seed), DICE_LABEL + index.to_bytes(8, "big"), hashlib.sha256).digest()


def die_stream(seed: bytes) -> Iterator[int]:
    """Every die of the game, in order: accepted stream bytes mapped to 1..6 (endless)."""
    key = _check_seed(seed)
    index = 0
    while True:
        block = hmac.new(key, DICE_LABEL + index.to_bytes(8, "big"), hashlib.sha256).digest()
        for byte in block:
            if byte < REJECT_FROM:
                yield byte % 6 + 1
        index += 1


def pair_stream(seed: bytes) -> Iterator[tuple[int, int]]:
    """The throws of the game in order, two dice each (opening pairs first), endless."""
    dice = die_stream(seed)
    while True:
        first = next(dice)
        yield first, next(dice)


def first_pairs(seed: bytes, count: int) -> list[tuple[int, int]]:
    """The first ``count`` throws of the game from ``seed``."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    pairs = pair_stream(seed)
    return [next(pairs) for _ in range(count)]


class GameDice:
    """The dice of one game, thrown in order; what the table uses while it plays.

    ``opening()`` throws opening pairs until they differ and returns them all (the last is the opening roll:
    first die for player 0, second for player 1); ``roll()`` throws the next pair. ``thrown`` lists every pair
    so far, which is exactly what a verifier will derive again from the revealed seed.
    """

    def __init__(self, seed: bytes | None = None) -> None:
        self.seed = _check_seed(seed) if seed is not None else new_seed()
        self.fingerprint = fingerprint(self.seed)
        self._pairs = pair_stream(self.seed)
        self.thrown: list[tuple[int, int]] = []

    def next_pair(self) -> tuple[int, int]:
        """The next throw, whatever it is for (an opening pair or a roll)."""
        pair = next(self._pairs)
        self.thrown.append(pair)
        return pair

    def opening(self) -> list[tuple[int, int]]:
        """Opening pairs up to and including the first that is not a tie."""
        pairs = [self.next_pair()]
        while pairs[-1][0] == pairs[-1][1]:
            pairs.append(self.next_pair())
        return pairs

    def roll(self) -> tuple[int, int]:
        """A normal roll: the next pair."""
        return self.next_pair()


# --- Peer games: two hash chains ---------------------------------------------------------------------------
#
# Each side picks a secret s (32 bytes) and builds the chain h_0 = s, h_(i+1) = SHA-256(CHAIN_LABEL || h_i).
# It commits to h_N (N = chain length) before the game. Throw k (k = 0, 1, ...; opening pairs count) is made
# from each side's h_(N-1-k), revealed for that throw and checked by hashing it once to the previous value.
# The throw's key is SHA-256(PEER_LABEL || host's value || guest's value); its dice are the first two dice of
# die_stream(key). Both chains are fixed by the commitments, so neither side can choose a value, and neither
# knows the other's next value until it is revealed, so neither can predict a roll.


def chain_link(value: bytes) -> bytes:
    """One step along a hash chain: SHA-256(CHAIN_LABEL || value)."""
    return hashlib.sha256(CHAIN_LABEL + _check_seed(value, "chain value")).digest()


def chain_value(secret: bytes, steps: int) -> bytes:
    """h_steps of the chain that starts at ``secret`` (h_0 = secret)."""
    if steps < 0:
        raise ValueError(f"steps must be >= 0, got {steps}")
    value = _check_seed(secret, "chain secret")
    for _ in range(steps):
        value = chain_link(value)
    return value


def chain_commitment(secret: bytes, length: int = DEFAULT_CHAIN_LENGTH) -> bytes:
    """The value a side publishes before a peer game: h_length of its chain."""
    if length < 1:
        raise ValueError(f"chain length must be >= 1, got {length}")
    return chain_value(secret, length)


def check_chain_step(revealed: bytes, previous: bytes) -> bool:
    """True when ``revealed`` is the value just before ``previous`` on its chain."""
    return hmac.compare_digest(chain_link(revealed), _check_seed(previous, "chain value"))


def peer_roll_key(host_value: bytes, guest_value: bytes) -> bytes:
    """The key of one peer throw: SHA-256(PEER_LABEL || host's chain value || guest's chain value)."""
    return hashlib.sha256(
        PEER_LABEL + _check_seed(host_value, "host value") + _check_seed(guest_value, "guest value")
    ).digest()


def peer_roll(host_value: bytes, guest_value: bytes) -> tuple[int, int]:
    """The two dice of one peer throw: the first pair of the die stream keyed by ``peer_roll_key``."""
    return next(pair_stream(peer_roll_key(host_value, guest_value)))


def peer_pairs(host_secret: bytes, guest_secret: bytes, length: int = DEFAULT_CHAIN_LENGTH
               ) -> Iterator[tuple[int, int]]:
    """Every throw of a peer game from both sides' revealed chain secrets (at most ``length`` throws)."""
    host = [_check_seed(host_secret, "host secret")]
    guest = [_check_seed(guest_secret, "guest secret")]
    for _ in range(length - 1):
        host.append(chain_link(host[-1]))
        guest.append(chain_link(guest[-1]))
    for k in range(length):
        yield peer_roll(host[length - 1 - k], guest[length - 1 - k])
