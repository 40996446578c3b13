"""The table of a peer game: a :class:`game.Table` whose dice come from both players' hash chains.

The ordinary table throws its dice from one seed. In a peer game each throw is made only once both sides have
revealed their chain values for it (docs/fair-dice.md section 7), so :class:`PeerDice` is a queue that the
session fills with each throw just before the table needs it; the record names the peer dice scheme with both
commitments, and both secrets are added when they are revealed after the game.

This module relies on a few internals of ``game.Table`` (``_start_game``, ``_restore``, ``_board``); see the
report/issue asking for a public dice-source hook in ``game``.
"""
from __future__ import annotations

import hashlib
from typing import Optional

import rules
import game
from game.claims import CLAIM_KIND
from game.record import PEER_DICE_SCHEME, RecordBuilder, RecordError
from rules import dice as _dice
from game.state import ROLL

__all__ = ["PEER_FINGERPRINT_LABEL", "peer_fingerprint", "PeerDice", "PeerTable", "DiceNotReady"]

PEER_FINGERPRINT_LABEL = b"gamao/peer-fingerprint/v1"


def peer_fingerprint(host_commitment: bytes, guest_commitment: bytes) -> str:
    """What a peer game shows as its fingerprint: SHA-256("gamao/peer-fingerprint/v1" || host commitment ||
    guest commitment), hex. Both commitments are in the record, so anyone can recompute it."""
    return hashlib.sha256(PEER_FINGERPRINT_LABEL + host_commitment + guest_commitment).hexdigest()


class DiceNotReady(RuntimeError):
    """The table asked for a throw that both sides have not revealed yet (a bug in the session)."""


class PeerDice:
    """Stands in for ``rules.dice.GameDice`` in a peer game: throws are pushed in as both sides reveal them."""

    def __init__(self, host_commitment: bytes, guest_commitment: bytes, chain_length: int,
                 opening: list) -> None:
        self.host_commitment, self.guest_commitment = host_commitment, guest_commitment
        self.chain_length = chain_length
        self.fingerprint = peer_fingerprint(host_commitment, guest_commitment)
        self._queue: list = [tuple(p) for p in opening]
        self.thrown: list = []
        self.secrets: Optional[tuple] = None

    @property
    def seed(self) -> bytes:
        """Both secrets (host's then guest's, 64 bytes) once revealed; empty before."""
        return self.secrets[0] + self.secrets[1] if self.secrets else b""

    def push(self, pair: tuple) -> None:
        self._queue.append(tuple(pair))

    def next_pair(self) -> tuple:
        if not self._queue:
            raise DiceNotReady("no revealed throw is ready")
        pair = self._queue.pop(0)
        self.thrown.append(pair)
        return pair

    def opening(self) -> list:
        pairs = [self.next_pair()]
        while pairs[-1][0] == pairs[-1][1]:
            pairs.append(self.next_pair())
        return pairs

    def roll(self) -> tuple:
        return self.next_pair()

    def rewind(self, count: int) -> None:
        """Put back the throws after the first ``count`` (the table undoes a failed intent)."""
        back = self.thrown[count:]
        del self.thrown[count:]
        self._queue[:0] = back


class _PeerRecord(RecordBuilder):
    """A record builder whose ``reveal(seed)`` does nothing in a peer game: the secrets come later. It also
    writes what only peer games have (docs/game-record.md): chain renewals, the values of the last throw, claims.
    """

    def reveal(self, seed) -> None:  # the table calls this at the end of every game
        if self.game["dice"]["scheme"] == PEER_DICE_SCHEME:
            return
        super().reveal(seed)

    def peer_dice(self, renewals: list, first_secrets, last: list) -> None:
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
        renewals = [dict(r) for r in info["renewals"]]  # new objects: a table checkpoint holds the old ones
        renewals[seg - 1].update(host_secret=host_secret.hex(), guest_secret=guest_secret.hex())
        info["renewals"] = renewals

    def claim(self, player: int, owed: str) -> None:
        """``player`` claimed the game; the other side owed ``owed``: "decide" (a roll or double, a play, an
        answer) or "reveal"/"renew" (a message its table sends by itself)."""
        self._add({"type": "claim", "player": player, "owed": owed})


class PeerTable(game.Table):
    """``game.Table`` for a peer game. Player 0 is the host, player 1 the guest, on both sides.

    ``PeerTable(options, now, dice=PeerDice(...))`` starts game 1 with the throws already in ``dice``; before
    ``next_game`` the session calls :meth:`prepare_game` with the next game's ``PeerDice``.
    """

    def __init__(self, options: game.Options, now: float, dice: PeerDice) -> None:
        self._next_dice: Optional[PeerDice] = dice
        super().__init__(options, now)
        record = _PeerRecord(players=[{"kind": "peer", "name": ""}] * 2)
        record.data = self._record.data
        self._record = record

    def prepare_game(self, dice: PeerDice) -> None:
        self._next_dice = dice

    @property
    def dice_source(self) -> PeerDice:
        return self._dice_src

    def reveal_secrets(self, host_secret: bytes, guest_secret: bytes, seg: int = 0) -> None:
        """Both secrets of the last chain of the game just finished (checked against the commitments)."""
        self._record.reveal_segment(seg, host_secret, guest_secret)
        self._dice_src.secrets = (host_secret, guest_secret)
        self._cache = {}

    def set_peer_dice(self, renewals: list, first_secrets, last: list) -> None:
        """Write the current game's renewals and last throw values into its record (see _PeerRecord)."""
        self._record.peer_dice(renewals, first_secrets, last)
        self._cache = {}

    def match_state(self):
        return self._match

    def end_by_claim(self, claimant: int, points: int, owed: str = "decide") -> None:
        """A justified claim: a game in play ends, won by ``claimant`` for ``points`` (a ``claim`` action and the
        result kind "claimed" in the record); between games of a match, the match goes to ``claimant``."""
        self._events = []
        self._cache = {}
        if self._phase in (game.ROLL, game.MOVING, game.TAKE):
            self._record.claim(claimant, owed)
            self._game_over(claimant, points, CLAIM_KIND)
            return
        if self._phase == game.GAME_OVER and points:
            self._record.data["result"] = {"score": list(self._match.score), "winner": claimant,
                                           "complete": True, "claimed_by": claimant}
            self._phase = game.MATCH_OVER
            self._emit("match_over", player=claimant)
            self._cache = {}

    def record_data(self) -> dict:
        """The record as the table holds it (read only: no copy; ``record()`` gives a copy)."""
        return self._record.data

    def committed_board(self) -> tuple:
        """Both sides' 26 slots, without the steps of a turn still being played."""
        return self._board

    def completions(self) -> dict:
        """Result Position ID -> steps still to make, for the turn being played."""
        return self._completions()

    def checkpoint(self) -> tuple:
        """Everything needed to undo any sequence of intents in the current game (and a NextGame after it)."""
        src = self._dice_src
        return (self._snapshot(), self._next_dice, src, list(src._queue), list(src.thrown), src.secrets,
                list(self._events), self._record.data.get("result"))

    def rollback(self, cp: tuple) -> None:
        """Back to ``checkpoint()``: the session refused a message after the table had applied it."""
        snap, nxt, src, queue, thrown, secrets_, events, match_result = cp
        if match_result is None:
            self._record.data.pop("result", None)
        else:
            self._record.data["result"] = match_result
        src._queue[:] = queue
        src.thrown[:] = thrown
        src.secrets = secrets_
        game.Table._restore(self, snap, events)
        self._next_dice = nxt

    def clock_pending(self, player: int) -> game.Pending:
        """The decision the clock makes for ``player`` (a play, or an answer to a double), for a chooser."""
        if self._phase == game.TAKE:
            return game.Pending(player, "answer", "clock", "intermediate",
                                self._position(1 - player).to_id(), cube=self._cube_args(player, True))
        return game.Pending(player, "play", "clock", "intermediate", self._turn.start.to_id(), dice=self._dice,
                            candidates=tuple(sorted(self._completions())))

    # overrides of the table's internals ------------------------------------------------------------------
    def _start_game(self) -> None:
        src, self._next_dice = self._next_dice, None
        if src is None:
            raise DiceNotReady("the next peer game's dice are not prepared")
        self._game_no += 1
        self._dice_src = src
        self._record.new_peer_game(0, src.host_commitment.hex(), src.guest_commitment.hex(), src.chain_length)
        start = rules.Position.initial()
        self._board = (start.mine, start.theirs)
        self._match = self._match.new_game()
        self._result = None
        self._mat.append({"score": list(self._match.score), "actions": [], "winner": None, "points": 0})
        self._phase, self._player, self._dice, self._turn = ROLL, 0, None, None
        self._deadline, self._expired, self._advised = None, False, False
        self._emit("game_started", fingerprint=src.fingerprint)
        for d0, d1 in src.opening():
            starter = rules.opening_roll(d0, d1)
            self._record.opening_roll(d0, d1)
            self._emit("opening_roll", player=starter, dice=(d0, d1))
        self._begin_moving(starter, (d0, d1))

    def _restore(self, saved: tuple, events: list) -> None:
        src = saved[0][self._FIELDS.index("_dice_src")]
        if isinstance(src, PeerDice):
            src.rewind(saved[-1])
        if saved[0][self._FIELDS.index("_game_no")] != self._game_no and isinstance(self._dice_src, PeerDice):
            self._next_dice = self._dice_src  # a failed NextGame: keep its dice for the retry
            self._dice_src.rewind(0)
        super()._restore(saved, events)

    def to_json(self, now=None) -> str:  # the save format holds one seed; a peer session saves its own log
        raise game.SaveError("a peer table is saved by its session (net.PeerSession.to_json)")

