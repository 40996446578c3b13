"""The state hash of peer games whose dice chains are renewed, worked out from the documents alone.

A small model written from docs/peer-protocol.md (sections 3 and 4) and docs/fair-dice.md (section 7) follows
the messages each side applies and builds, by itself, every field of the hashed object that the dice decide:
`k`, `commits`, `last`, `revealed`, `roll_pending`, `opening`, `next`, `renewals`, the stage up to the start of
play, the record game's `dice` (the first chain's secrets written once both sides have committed to the chain
after it, each renewed chain's once the one after it is in or, for the game's last chain, once both `secret`
messages are), its `host_last`/`guest_last` from the game's end, and the dice of every `opening_roll` (ties
included) and `roll` action, thrown as fair-dice.md derives them from the two revealed values. Only what the
rules engine decides (the board, the turn, the cube, the score, the plays, whether the game is over) is read
from the side's table. The object is encoded by the section 4 encoder of test_state_hash_vectors (not json.dumps)
and hashed, and must give the side's own state hash after every message, on both sides, through a 3-point match
with chains of 8 throws (a renewal every 8 throws) and an opening tie.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import random

import game
import net
from game.verify import verify_record
from peer_harness import Link, random_turn
from test_state_hash_vectors import _doc_canonical

CHAIN, ROLL, STREAM = b"gamao/chain/v1", b"gamao/peer-roll/v1", b"gamao/dice/v1"
N = 8  # the shortest chain the protocol allows: a renewal every 8 throws


def throw(host_value: bytes, guest_value: bytes) -> list[int]:
    """fair-dice.md section 7.4: the first two dice of the byte stream (sections 2-3) keyed by
    SHA-256(ROLL || host value || guest value)."""
    key = hashlib.sha256(ROLL + host_value + guest_value).digest()
    dice, block = [], 0
    while len(dice) < 2:
        for b in hmac.new(key, STREAM + block.to_bytes(8, "big"), hashlib.sha256).digest():
            if b < 252 and len(dice) < 2:
                dice.append(b % 6 + 1)
        block += 1
    return dice


def opens(value: bytes, commitment: bytes, steps: int) -> bool:
    """``steps`` applications of H(CHAIN || .) take ``value`` to ``commitment`` (fair-dice.md section 7.1)."""
    for _ in range(steps):
        value = hashlib.sha256(CHAIN + value).digest()
    return value == commitment


class DocSide:
    """One side's view, from the messages it applied, as the documents describe it."""

    def __init__(self) -> None:
        self.sid = None
        self.stage = "hello"
        self.game = 1
        self.k = 0
        self.commits = [None, None]
        self.last = [None, None]
        self.revealed = [None, None]
        self.roll_pending = None
        self.opening: list = []
        self.next = [None, None]
        self.renewals: list = []
        self.names = ["", ""]
        self.settings = None
        self.last_throw = [None, None]  # the values of the last complete throw
        self.secrets = [None, None]
        self.dice = None  # the record game's dice object (the latest game the record holds)
        self.thrown: list = []  # [kind, dice] of the record game's opening_roll and roll actions
        self.chain_secrets: list = []  # [host, guest] secrets of the game's used-up chains, in order
        self.frozen = None  # between games: the finished game's dice, which the table still shows

    def apply(self, msg: dict, side: int) -> None:
        getattr(self, "on_" + msg["t"], lambda m, s: None)(msg, side)

    def on_hello(self, msg: dict, side: int) -> None:
        self.sid = msg["sid"]
        self.names[side] = msg["name"]
        self.commits[side] = self.last[side] = bytes.fromhex(msg["commit"])
        if side == 0:
            self.settings = msg["settings"]
        if None not in self.commits:
            self.stage = "opening"

    def _throw(self) -> list[int]:
        assert self.k % N != 0 or self.k == 0 or len(self.renewals) >= self.k // N, "a throw before its renewal"
        for side in (0, 1):  # each value opens the one before it on its side's chain (section 3)
            assert opens(self.revealed[side], self.last[side], 1)
        pair = throw(self.revealed[0], self.revealed[1])
        self.last, self.last_throw = list(self.revealed), list(self.revealed)
        self.revealed = [None, None]
        self.k += 1
        return pair

    def on_reveal(self, msg: dict, side: int) -> None:
        assert msg["k"] == self.k
        self.revealed[side] = bytes.fromhex(msg["value"])
        if None in self.revealed:
            return
        pair = self._throw()
        if self.stage == "opening":
            self.opening.append(pair)
            if pair[0] != pair[1]:  # the game starts: its record game, with every opening throw, ties included
                self.frozen = None
                self.thrown = [["opening_roll", p] for p in self.opening]
                self.opening = []
                self.stage = "play"
                self.dice = {"scheme": "gamao/peer-dice/v1", "host_player": 0, "chain_length": N,
                             "host_commitment": self.commits[0].hex(), "guest_commitment": self.commits[1].hex(),
                             "host_secret": None, "guest_secret": None}
            return
        self.roll_pending = None
        self.thrown.append(["roll", pair])

    def on_roll(self, msg: dict, side: int) -> None:
        assert msg["k"] == self.k
        self.revealed[side] = bytes.fromhex(msg["value"])
        self.roll_pending = side

    def on_renew(self, msg: dict, side: int) -> None:
        seg = msg["seg"]
        assert msg["game"] == self.game and seg == self.k // N and self.k % N == 0
        while len(self.renewals) < seg:
            self.renewals.append([None, None])
        self.renewals[seg - 1][side] = self.last[side] = bytes.fromhex(msg["commit"])
        if None in self.renewals[seg - 1]:
            return
        # Both sides are on chain `seg` now: the chain before it is used up, and its last value, revealed for
        # throw seg*N - 1, is its secret h0 (section 3.4), N steps from that chain's commitment.
        before = self.commits if seg == 1 else self.renewals[seg - 2]
        for side_ in (0, 1):
            assert opens(self.last_throw[side_], before[side_], N)
        self.chain_secrets.append(list(self.last_throw))

    def on_secret(self, msg: dict, side: int) -> None:
        self.secrets[side] = bytes.fromhex(msg["value"])

    def on_next(self, msg: dict, side: int) -> None:
        self.next[side] = bytes.fromhex(msg["commit"])
        if None not in self.next:
            self.frozen = self.record_dice(over=True)
            self.game += 1
            self.commits, self.last, self.next = list(self.next), list(self.next), [None, None]
            self.revealed, self.k, self.opening, self.renewals = [None, None], 0, [], []
            self.secrets, self.chain_secrets, self.stage = [None, None], [], "opening"

    def record_dice(self, over: bool) -> dict:
        """The record game's `dice` as section 4 and docs/game-record.md describe it."""
        d = dict(self.dice)
        renewed = [pair for pair in self.renewals if None not in pair]  # the record lists those both committed to
        chains = [self.commits] + renewed  # the current game's chains, in order
        secret_of = {c: [v.hex() for v in pair] for c, pair in enumerate(self.chain_secrets)}
        if None not in self.secrets:  # both `secret` messages: the game's last chain
            secret_of[len(chains) - 1] = [v.hex() for v in self.secrets]
        if 0 in secret_of:
            d["host_secret"], d["guest_secret"] = secret_of[0]
        if renewed:
            d["renewals"] = [{"host_commitment": h.hex(), "guest_commitment": g.hex(), "host_secret": None,
                              "guest_secret": None} for h, g in renewed]
            for c, (h, g) in secret_of.items():
                if c > 0:
                    d["renewals"][c - 1].update(host_secret=h, guest_secret=g)
        if over:
            d["host_last"], d["guest_last"] = (v.hex() for v in self.last_throw)
        return d

    def state_object(self, session: net.PeerSession) -> dict:
        hexes = lambda pair: [None if v is None else v.hex() for v in pair]  # noqa: E731
        stage = self.stage
        obj = {"sid": self.sid, "game": self.game, "k": self.k, "commits": hexes(self.commits),
               "last": hexes(self.last), "revealed": hexes(self.revealed), "roll_pending": self.roll_pending,
               "opening": [list(p) for p in self.opening], "next": hexes(self.next),
               "renewals": [hexes(p) for p in self.renewals], "names": list(self.names), "settings": self.settings}
        if self.dice is not None:  # the table: what the rules decide is read from it, the dice from the model
            st = session.table.state()
            board = session.table.committed_board()
            record = session.table.value.record
            rec_game = record["games"][-1]
            over = rec_game["result"] is not None
            if stage == "play" and over:
                stage = "match_over" if st.phase == "match_over" else "over"
            # the same game, thrown as the model threw it: every opening_roll (ties included) and roll in order
            assert [[a["type"], a["dice"]] for a in rec_game["actions"] if "dice" in a] == self.thrown
            obj["table"] = {"players": record["players"],
                            "earlier": hashlib.sha256(_doc_canonical(record["games"][:-1]).encode()).hexdigest(),
                            "game": {**rec_game, "dice": self.frozen or self.record_dice(over)}, "phase": st.phase, "turn": st.turn,
                            "board": [list(board[0]), list(board[1])],
                            "dice": list(st.dice) if st.dice and st.phase != "roll" else None,
                            "cube": st.cube, "owner": st.cube_owner, "score": list(st.score),
                            "crawford": st.crawford}
        obj["stage"] = stage
        return obj

    def state_hash(self, session: net.PeerSession) -> str:
        return hashlib.sha256(_doc_canonical(self.state_object(session)).encode("ascii")).hexdigest()


class DocLink(Link):
    """Two sessions, each followed by its own DocSide: a side's own messages count when it sends them (it applied
    them then), the other's when it receives them; after each, the two hashes must agree."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.docs = [DocSide(), DocSide()]
        self.checked = 0
        self.seen: set = set()

    def check(self, p: int) -> None:
        s = self.side(p)
        assert self.docs[p].state_hash(s) == s.state_hash(), (p, self.checked, self.docs[p].state_object(s))
        self.checked += 1

    def send_from(self, p: int, outcome: net.Outcome) -> None:
        assert outcome.refused is None, outcome.refused
        for text in outcome.send:
            msg = json.loads(text)
            self.seen.add(msg["t"])
            self.docs[p].apply(msg, p)
        super().send_from(p, outcome)
        self.check(p)

    def pump(self, limit: int = 1000) -> None:
        for _ in range(limit):
            queue, q = (self.to_guest, 1) if self.to_guest else (self.to_host, 0)
            if not queue:
                return
            text = queue[0]
            self.docs[q].apply(json.loads(text), 1 - q)
            queue.pop(0)
            self.texts += 1
            self.send_from(q, self.side(q).receive(text, self.now))
        raise AssertionError("the peers keep talking")


def test_the_state_hash_through_renewals_is_the_documents():
    link = DocLink(0, settings=net.Settings(match_length=3, clock=45, jacoby=False, beavers=False), chain_length=N)
    link.connect()
    rng = random.Random(1)
    first = link.host.table.value.record["games"][0]
    assert [a["dice"] for a in first["actions"] if a["type"] == "opening_roll"][0] in ([1, 1], [2, 2], [3, 3],
                                                                                       [4, 4], [5, 5], [6, 6])
    games = 0
    while True:
        while random_turn(link, rng, double_rate=0.02):
            pass
        games += 1
        record = link.host.table.value.record
        dice = record["games"][-1]["dice"]
        assert dice.get("renewals"), "a game of more than 8 throws renews its chains"
        assert all(r["host_secret"] and r["guest_secret"] for r in dice["renewals"]) and dice["host_secret"]
        if link.host.stage == "match_over":
            break
        link.act(0, game.NextGame())
        link.act(1, game.NextGame())
    assert games == 3 and {"renew", "secret", "next", "roll", "reveal", "play", "double", "take", "pass"} <= link.seen
    assert link.checked > 200 and link.host.state_hash() == link.guest.state_hash()
    # the record the tables wrote, renewals and all, verifies
    assert verify_record(game.record_json(link.host.table.value.record)).ok
