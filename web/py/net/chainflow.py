"""The dice of a peer game as messages (docs/peer-protocol.md section 3, docs/fair-dice.md section 7): this
side's hash chains and their renewal every N throws, the reveals that make each throw, the secrets after a game
and the commitments of the next one. A mixin of :class:`net.session.PeerSession` (it uses the session's state
and its transaction helpers). Pure.
"""
from __future__ import annotations

from typing import Optional

import game
from game import intents as I
from rules import dice as _dice

from .chains import Chain, check_reveal, check_secret, hex_or_none as _hex
from .errors import Refused
from .peertable import PeerDice, PeerTable

__all__ = ["HOST", "GUEST", "ROLES", "DiceMessages"]

HOST, GUEST = 0, 1
ROLES = ("host", "guest")



class DiceMessages:
    """Chains, renewals, reveals, secrets and the next game's commitments, for PeerSession."""

    def _new_chain(self, game_no: int, seg: int = 0) -> Chain:
        key = str(game_no) if seg == 0 else f"{game_no}.{seg}"
        secret = self._saved_secrets.get(key)
        if secret is None:
            secret = self._random(32)
            self._saved_secrets = {**self._saved_secrets, key: secret}
        return Chain(secret, self.chain_length)


    def _my_value(self, k: int) -> bytes:
        """This side's chain value for throw k (throws from k = s·N on use the s-th renewed chain)."""
        seg, i = divmod(k, self.chain_length)
        return (self.chain if seg == 0 else self.segs[seg - 1]).value_for(i)


    def _renewal_missing(self) -> Optional[int]:
        """The side whose renewed chain throw k still needs (host first), or None."""
        if self.stage not in ("opening", "play"):
            return None
        seg = self.k // self.chain_length
        if seg == 0:
            return None
        if len(self.renewals) < seg:
            return HOST
        pair = self.renewals[seg - 1]
        return next((p for p in (HOST, GUEST) if pair[p] is None), None)


    def _sync_record(self, final: bool = False) -> None:
        """The current game's renewals (and, once it ended, its last throw's values) into its record."""
        if self.table is None or len(self.table.value.record["games"]) != self.game_no:
            return
        entries = [{"host_commitment": h.hex(), "guest_commitment": g.hex(),
                    "host_secret": None, "guest_secret": None} for h, g in self.renewals]
        for i, entry in enumerate(entries):
            if i + 1 < len(self.seg_secrets):
                entry["host_secret"], entry["guest_secret"] = self.seg_secrets[i + 1]
        first = self.seg_secrets[0] if self.seg_secrets else None
        last = [_hex(v) for v in self.throw_values] if final else [None, None]
        self.table.set_peer_dice(entries, first, last)


    def _next_message(self) -> dict:
        self.next_chain = self._new_chain(self.game_no + 1)
        return {"t": "next", "game": self.game_no + 1, "commit": self.next_chain.commitment.hex()}


    def _reveal_value(self, msg: dict, side: int) -> bytes:
        if msg["k"] != self.k:
            raise Refused("replayed" if msg["k"] < self.k else "unexpected",
                          f"a value for throw {msg['k']} came while throw {self.k} is being made")
        if self.revealed[side] is not None:
            raise Refused("unexpected", f"throw {self.k}: this side's value was already revealed")
        if self._renewal_missing() is not None:
            raise Refused("unexpected", f"throw {self.k} needs both sides' renewed chains first")
        value = bytes.fromhex(msg["value"])
        check_reveal(value, self.last[side], ROLES[side], self.k)
        return value


    def _throw(self) -> tuple:
        pair = _dice.peer_roll(self.revealed[HOST], self.revealed[GUEST])
        self.last = list(self.revealed)
        self.throw_values = list(self.revealed)
        self.revealed = [None, None]
        self.k += 1
        return pair


    def _on_reveal(self, msg: dict, side: int) -> None:
        if self.stage == "opening":
            if side == GUEST and self.revealed[HOST] is None:
                raise Refused("out_of_turn", "the host reveals first for an opening throw")
            self.revealed[side] = self._reveal_value(msg, side)
            if side == HOST:
                return
            pair = self._throw()
            self.opening.append(pair)
            if pair[0] == pair[1]:
                return
            dice = PeerDice(self.commits[HOST], self.commits[GUEST], self.chain_length, self.opening)
            if self.table is None:
                opts = game.Options(seats=(game.Seat("peer", name=self.names[HOST]),
                                           game.Seat("peer", name=self.names[GUEST])),
                                    match_length=self.settings.match_length, jacoby=self.settings.jacoby,
                                    beavers=self.settings.beavers, clock=self.settings.clock, seed=None)
                self.table = PeerTable(opts, self.now, dice)
                self._events.extend(self.table.state().events)
            else:
                self.table.prepare_game(dice)
                self._table_apply(I.NextGame())
            self.opening = []
            self.stage = "play"
            self._sync_record()
            return
        if self.stage != "play" or self.roll_pending is None:
            raise Refused("unexpected", "no throw is waiting for a value")
        if side == self.roll_pending:
            raise Refused("out_of_turn", "the roller's value is already in; the other side reveals now")
        self.revealed[side] = self._reveal_value(msg, side)
        self.table.push_throw(self._throw())
        self.roll_pending = None
        self._table_apply(I.Roll())
        self._check_over()


    def _on_roll(self, msg: dict, side: int) -> None:
        st = self._decider(side, "Roll")
        if st.phase != game.ROLL:
            raise Refused("out_of_turn", "Roll: the dice are already rolled")
        self.revealed[side] = self._reveal_value(msg, side)
        self.roll_pending = side


    def _on_secret(self, msg: dict, side: int) -> None:
        if self.stage not in ("over", "match_over") or msg["game"] != self.game_no:
            raise Refused("unexpected", "a secret is revealed only when its game is over")
        if self.secrets_in[side] is not None:
            raise Refused("replayed", "this secret was already revealed")
        secret = bytes.fromhex(msg["value"])
        seg = len(self.renewals)  # the secret of the game's last chain
        commit = self.renewals[-1][side] if seg else self.commits[side]
        check_secret(secret, commit, self.chain_length, ROLES[side])
        self.secrets_in = [secret if p == side else self.secrets_in[p] for p in (HOST, GUEST)]
        if all(s is not None for s in self.secrets_in):
            self.table.reveal_secrets(self.secrets_in[HOST], self.secrets_in[GUEST], seg)


    def _on_next(self, msg: dict, side: int) -> None:
        if self.stage != "over" or msg["game"] != self.game_no + 1:
            raise Refused("unexpected", "the next game can start only after a game is over")
        if self.secrets_in[side] is None:
            raise Refused("unexpected", "the secret of the last game must be revealed before the next game")
        if self.next_commits[side] is not None:
            raise Refused("replayed", "the next game's commitment was already sent")
        self.next_commits[side] = bytes.fromhex(msg["commit"])
        if side == self.me and self.next_chain is None:  # replaying a saved log
            self.next_chain = self._new_chain(self.game_no + 1)
        if all(c is not None for c in self.next_commits):
            self.game_no += 1
            self.commits = list(self.next_commits)
            self.last = list(self.next_commits)
            self.next_commits = [None, None]
            self.revealed = [None, None]
            self.k = 0
            self.opening = []
            self.chain, self.next_chain = self.next_chain, None
            self.secrets_in = [None, None]
            self.renewals, self.segs, self.seg_secrets, self.throw_values = [], [], [], [None, None]
            self.stage = "opening"


    def _on_renew(self, msg: dict, side: int) -> None:
        seg = self.k // self.chain_length
        if (self.stage not in ("opening", "play") or msg["game"] != self.game_no or seg == 0
                or self.k % self.chain_length or msg["seg"] != seg):
            raise Refused("unexpected", f"a renewed chain is sent only when throw {seg * self.chain_length or ''} "
                                        "is the next throw of the game")
        pairs = [list(p) for p in self.renewals] + [[None, None]] * (seg - len(self.renewals))
        if pairs[seg - 1][side] is not None:
            raise Refused("replayed", "this side's chain was already renewed")
        commit = bytes.fromhex(msg["commit"])
        pairs[seg - 1][side] = commit
        self.renewals = pairs
        self.last = [commit if p == side else self.last[p] for p in (HOST, GUEST)]
        if side == self.me and len(self.segs) < seg:
            self.segs = self.segs + [self._new_chain(self.game_no, seg)]
        if None not in pairs[seg - 1]:  # the chain before is used up: its last value was its secret
            self.seg_secrets = self.seg_secrets + [[_hex(v) for v in self.throw_values]]
            self._sync_record()
