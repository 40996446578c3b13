"""The dice a table throws, as immutable values, and where a table gets each game's dice from.

A game's dice are a value like the rest of the table's state (:class:`~game.value.TableValue`): throwing returns
the pair and a new value with that throw counted, so an intent that fails leaves the old value, throws and all.
Anything with this shape can be a game's dice (``net.peertable.PeerDice`` is the peer game's):

- ``fingerprint`` (hex text shown from the start) and ``seed`` (bytes; empty until it may be shown);
- ``thrown``: the pairs thrown so far, in order; ``throw() -> (pair, dice)``: the next pair and the new value;
- ``start_record(builder)``: start the record's game with this dice scheme; ``reveal_record(builder)``: what the
  record learns when the game is over (the seed; nothing for peer dice, whose secrets come later).

A **dice source** gives each game its dice: ``dice_for(options, game_index) -> dice``. :data:`SEEDED` (the
default) derives them from ``options.seed`` (``game_seed``) or draws a fresh seed per game from ``secrets``.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING, Optional, Protocol

from rules import dice as _dice

if TYPE_CHECKING:
    from .options import Options
    from .record import RecordBuilder

__all__ = ["NEXT_SEED_LABEL", "game_seed", "Pair", "GameDice", "DiceSource", "SeededDice", "SeededSource", "SEEDED"]

NEXT_SEED_LABEL = b"gamao/next-game/v1"

#: One throw of two dice, in the order thrown.
Pair = tuple[int, int]


class GameDice(Protocol):
    """The shape of a game's dice (module docstring): :class:`SeededDice`, ``net.peertable.PeerDice``."""

    @property
    def fingerprint(self) -> str: ...

    @property
    def seed(self) -> bytes: ...

    @property
    def thrown(self) -> tuple[Pair, ...]: ...

    def throw(self) -> tuple[Pair, "GameDice"]: ...

    def start_record(self, builder: "RecordBuilder") -> None: ...

    def reveal_record(self, builder: "RecordBuilder") -> None: ...


class DiceSource(Protocol):
    """Where a table gets each game's dice (module docstring)."""

    def dice_for(self, options: "Options", game_index: int) -> GameDice: ...


def game_seed(first_seed: bytes, game_index: int) -> bytes:
    """The seed of game ``game_index`` (0-based) of a match started with a chosen seed: the seed itself for
    game 0, then HMAC-SHA256(first_seed, "gamao/next-game/v1" || index as uint64 big-endian). Only used when
    the options give a seed (practice, tests); otherwise every game gets a fresh seed from ``secrets``."""
    if game_index == 0:
        return first_seed
    return hmac.new(first_seed, NEXT_SEED_LABEL + game_index.to_bytes(8, "big"), hashlib.sha256).digest()


class _Pairs:
    """The endless throws of one seed, derived once and kept (values of the same game share it: it only grows,
    and pair k is the same whoever asks)."""

    __slots__ = ("_stream", "_pairs")

    def __init__(self, seed: bytes) -> None:
        self._stream = _dice.pair_stream(seed)
        self._pairs: list[Pair] = []

    def get(self, k: int) -> Pair:
        while len(self._pairs) <= k:
            self._pairs.append(next(self._stream))
        return self._pairs[k]


class SeededDice:
    """The dice of one game thrown from a 32-byte seed (docs/fair-dice.md): immutable."""

    __slots__ = ("_seed", "_fingerprint", "_thrown", "_pairs")

    def __init__(self, seed: Optional[bytes] = None, throws: int = 0) -> None:
        """``seed`` (None: a fresh one from ``secrets``) with its first ``throws`` pairs already thrown."""
        self._seed = _dice.new_seed() if seed is None else bytes(seed)
        self._fingerprint = _dice.fingerprint(self._seed)  # SeedError (a ValueError) unless 32 bytes
        self._pairs = _Pairs(self._seed)
        self._thrown = tuple(self._pairs.get(k) for k in range(throws))

    @property
    def seed(self) -> bytes:
        return self._seed

    @property
    def fingerprint(self) -> str:
        return self._fingerprint

    @property
    def thrown(self) -> tuple[Pair, ...]:
        return self._thrown

    def throw(self) -> tuple[Pair, "SeededDice"]:
        """``(pair, dice)``: the next pair and these dice with it thrown."""
        pair = self._pairs.get(len(self._thrown))
        nxt = object.__new__(SeededDice)
        nxt._seed, nxt._fingerprint, nxt._pairs = self._seed, self._fingerprint, self._pairs
        nxt._thrown = self._thrown + (pair,)
        return pair, nxt

    def start_record(self, builder: "RecordBuilder") -> None:
        builder.new_game(self._fingerprint)

    def reveal_record(self, builder: "RecordBuilder") -> None:
        builder.reveal(self._seed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeededDice) and (self._seed, self._thrown) == (other._seed, other._thrown)

    def __hash__(self) -> int:
        return hash((self._seed, len(self._thrown)))

    def __repr__(self) -> str:
        return f"SeededDice(fingerprint={self._fingerprint[:12]}..., thrown={len(self._thrown)})"


class SeededSource:
    """Each game's :class:`SeededDice`: from ``options.seed`` and the game's index (:func:`game_seed`) when the
    options give a seed, else from a fresh seed."""

    def dice_for(self, options: "Options", game_index: int) -> SeededDice:
        if options.seed:
            return SeededDice(game_seed(_dice.seed_from_hex(options.seed), game_index))
        return SeededDice()


SEEDED = SeededSource()
