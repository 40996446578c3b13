"""The table of a peer game: a :class:`game.Table` whose dice come from both players' hash chains.

The ordinary table throws its dice from one seed. In a peer game each throw is made only once both sides have
revealed their chain values for it (docs/fair-dice.md section 7), so :class:`PeerDice` is a queue that the
session fills with each throw just before the table needs it; the record names the peer dice scheme with both
commitments, and each chain's secrets are added once both sides know them: a used-up chain's when both have
renewed, the last chain's when both are revealed after the game (docs/peer-protocol.md section 4).

:class:`PeerTable` wraps a ``game.Table`` and uses only its public API: the dice source (``dice=`` the first
game's, ``prepare_dice`` the next one's, ``update_dice`` as throws and secrets are revealed), ``amend_record``
and ``end_by_claim``; its state is the table's value.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Optional, Sequence

import rules
import game
from game.dice import Pair
from game.kinds import JsonDict
from game.pending import Completions
from game.record import RecordBuilder, RecordError
from game.state import Board
from rules import dice as _dice

__all__ = ["PEER_FINGERPRINT_LABEL", "peer_fingerprint", "PeerDice", "PeerTable", "DiceNotReady"]

PEER_FINGERPRINT_LABEL = b"gamao/peer-fingerprint/v1"


def peer_fingerprint(host_commitment: bytes, guest_commitment: bytes) -> str:
    """What a peer game shows as its fingerprint: SHA-256("gamao/peer-fingerprint/v1" || host commitment ||
    guest commitment), hex. Both commitments are in the record, so anyone can recompute it."""
    return hashlib.sha256(PEER_FINGERPRINT_LABEL + host_commitment + guest_commitment).hexdigest()


class DiceNotReady(RuntimeError):
    """The table asked for a throw that both sides have not revealed yet (a bug in the session)."""


@dataclass(frozen=True)
class PeerDice:
    """The dice of one peer game, as a value (the shape ``game.dice`` describes): ``revealed`` holds the throws
    both sides have revealed so far, ``thrown`` those the table has used; ``secrets`` (host's, guest's) once
    shown after the game. The session adds each throw (:meth:`push`) just before the table needs it."""

    host_commitment: bytes
    guest_commitment: bytes
    chain_length: int
    revealed: tuple[Pair, ...] = ()
    thrown: tuple[Pair, ...] = ()
    secrets: Optional[tuple[bytes, bytes]] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "revealed", tuple((p[0], p[1]) for p in self.revealed))

    @property
    def fingerprint(self) -> str:
        return peer_fingerprint(self.host_commitment, self.guest_commitment)

    @property
    def seed(self) -> bytes:
        """Both secrets (host's then guest's, 64 bytes) once revealed; empty before."""
        return self.secrets[0] + self.secrets[1] if self.secrets else b""

    def push(self, pair: Sequence[int]) -> "PeerDice":
        """These dice with one more revealed throw."""
        return replace(self, revealed=self.revealed + ((pair[0], pair[1]),))

    def with_secrets(self, host_secret: bytes, guest_secret: bytes) -> "PeerDice":
        return replace(self, secrets=(host_secret, guest_secret))

    def throw(self) -> tuple[Pair, "PeerDice"]:
        k = len(self.thrown)
        if k >= len(self.revealed):
            raise DiceNotReady("no revealed throw is ready")
        pair = self.revealed[k]
        return pair, replace(self, thrown=self.thrown + (pair,))

    def start_record(self, builder: RecordBuilder) -> None:
        builder.new_peer_game(0, self.host_commitment.hex(), self.guest_commitment.hex(), self.chain_length)

    def reveal_record(self, builder: RecordBuilder) -> None:
        """Nothing at the game's end: the secrets are revealed afterwards (``PeerTable.reveal_secrets``)."""


class _NoDice:
    """The dice source of a peer table: each game's dice are prepared by the session (``prepare_game``)."""

    def dice_for(self, options: game.Options, game_index: int) -> PeerDice:
        raise DiceNotReady("the next peer game's dice are not prepared")


class _PeerRecord(RecordBuilder):
    """A record builder for what only peer games have (docs/game-record.md): chain renewals, the values of the
    last throw, the secrets revealed after a game."""

    def peer_dice(self, renewals: list[JsonDict], first_secrets: Optional[Sequence[Optional[str]]],
                  last: Sequence[Optional[str]]) -> None:
        """The current game's renewed chains (``[{host_commitment, guest_commitment, host_secret,
        guest_secret}]``, hex or None), the secrets of the game's first chain once its last value was revealed in
        play ([host, guest] hex, or None) and the values each side revealed for its last throw (hex or None)."""
        info = self.game["dice"]
        if renewals:
            info["renewals"] = [dict(r) for r in renewals]
        if first_secrets is not None:
            info["host_secret"], info["guest_secret"] = first_secrets
        for key, value in zip(("host_last", "guest_last"), last):
            if value is not None:
                info[key] = value

    def reveal_segment(self, seg: int, host_secret: bytes, guest_secret: bytes) -> None:
        """Both secrets of the current game's last chain (segment 0: the game's own chain)."""
        if seg == 0:
            self.reveal_peer(host_secret, guest_secret)
            return
        info = self.game["dice"]
        entry = info["renewals"][seg - 1]
        for side, secret in (("host", host_secret), ("guest", guest_secret)):
            if _dice.chain_commitment(secret, info["chain_length"]).hex() != entry[side + "_commitment"]:
                raise RecordError(f"the {side}'s secret does not match its renewed commitment")
        info["renewals"][seg - 1].update(host_secret=host_secret.hex(), guest_secret=guest_secret.hex())


class PeerTable:
    """A ``game.Table`` for a peer game, wrapped. Player 0 is the host, player 1 the guest, on both sides.

    ``PeerTable(options, now, dice=PeerDice(...))`` starts game 1 with the throws already in ``dice``; before
    ``next_game`` the session calls :meth:`prepare_game` with the next game's ``PeerDice``. Its whole state is
    the table's value (:attr:`value`, :meth:`restore`): the session keeps it to roll back a refused message.
    """

    saves_locally = False  # the session saves itself (net.saving)

    def __init__(self, options: game.Options, now: float, dice: PeerDice) -> None:
        self._table = game.Table(options, now, dice=dice, dice_source=_NoDice())

    # the table's own API, passed through
    @property
    def options(self) -> game.Options:
        return self._table.options

    @property
    def value(self) -> "game.TableValue":
        return self._table.value

    def restore(self, value: "game.TableValue") -> game.State:
        """Back to a value kept from :attr:`value` (the session refused a message after the table applied it)."""
        return self._table.restore(value)

    def state(self) -> game.State:
        return self._table.state()

    def pending(self) -> Optional[game.Pending]:
        return self._table.pending()

    def apply(self, intent: game.Intent, now: Optional[float] = None, *, keep_events: bool = False) -> game.State:
        return self._table.apply(intent, now, keep_events=keep_events)

    def record(self) -> JsonDict:
        return self._table.record()

    def committed_board(self) -> Board:
        """Both sides' 26 slots, without the steps of a turn still being played."""
        return self._table.committed_board()

    def completions(self) -> Completions:
        """Result Position ID -> steps still to make, for the turn being played."""
        return self._table.completions()

    def match_state(self) -> "rules.MatchState":
        return self._table.value.match

    def clock_pending(self, player: int) -> game.Pending:
        """The decision the clock makes for ``player`` (a play, or an answer to a double), for a chooser."""
        return self._table.clock_pending(player, "intermediate")

    # what only a peer game has
    @property
    def dice_source(self) -> PeerDice:
        """The current game's dice."""
        dice = self._table.value.game_dice
        assert isinstance(dice, PeerDice)  # a peer table's games have peer dice
        return dice

    def prepare_game(self, dice: PeerDice) -> None:
        self._table.prepare_dice(dice)

    def push_throw(self, pair: Sequence[int]) -> None:
        """A throw both sides revealed, for the table's next roll."""
        self._table.update_dice(self.dice_source.push(pair))

    def reveal_secrets(self, host_secret: bytes, guest_secret: bytes, seg: int = 0) -> None:
        """Both secrets of the last chain of the game just finished (checked against the commitments)."""
        self._table.amend_record(lambda data: _PeerRecord.over(data).reveal_segment(seg, host_secret, guest_secret))
        self._table.update_dice(self.dice_source.with_secrets(host_secret, guest_secret))

    def set_peer_dice(self, renewals: list[JsonDict], first_secrets: Optional[Sequence[Optional[str]]],
                      last: Sequence[Optional[str]]) -> None:
        """Write the current game's renewals and last throw values into its record (see _PeerRecord)."""
        self._table.amend_record(lambda data: _PeerRecord.over(data).peer_dice(renewals, first_secrets, last))

    def end_by_claim(self, claimant: int, points: int, owed: str = "decide") -> None:
        """A justified claim: a game in play ends, won by ``claimant`` for ``points`` (a ``claim`` action and the
        result kind "claimed" in the record); between games of a match, the match goes to ``claimant``."""
        self._table.end_by_claim(claimant, points, owed)
