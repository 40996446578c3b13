"""A peer message that the table applied and the session then refused (the state hashes differ) is rolled back by
keeping the table's value: afterwards the table holds the very value it had, dice and record included."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as hs

import net
from peer_harness import Link, both_next, random_turn


class TamperingLink(Link):
    """Delivers every message, but first (at ``rate``) a copy of a hashed one with a wrong state hash: the
    receiver applies it to its table, finds the hashes differ and must refuse it without a trace."""

    def __init__(self, seed: int, rate: float) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.rate = rate
        self.rolled_back: dict = {}

    def _deliver(self, receiver: int, text: str) -> None:
        s = self.side(receiver)
        msg = json.loads(text)
        if msg.get("t") in net.messages.HASHED and self.rng.random() < self.rate:
            before = s.table.value if s.table is not None else None
            hash_before = s.state_hash()
            out = s.receive(json.dumps({**msg, "h": "0" * 64}), self.now)
            assert out.refused is not None and out.refused.code == "desync", out.refused
            assert (s.table.value if s.table is not None else None) is before
            assert s.state_hash() == hash_before
            self.rolled_back[msg["t"]] = self.rolled_back.get(msg["t"], 0) + 1
        self.send_from(receiver, s.receive(text, self.now))

    def pump(self, limit: int = 1000) -> None:
        for _ in range(limit):
            if self.to_guest:
                self._deliver(1, self.to_guest.pop(0))
            elif self.to_host:
                self._deliver(0, self.to_host.pop(0))
            else:
                return
        raise AssertionError("the peers keep talking")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 1 << 16), double_rate=hs.sampled_from([0.0, 0.3]))
def test_a_refused_message_leaves_the_table_value_it_found(seed, double_rate):
    link = TamperingLink(seed, rate=1.0)
    link.connect()
    rng = random.Random(seed)
    for game_no in range(2):
        while random_turn(link, rng, double_rate=double_rate):
            pass
        if game_no == 0:
            both_next(link)
    assert link.refusals == []
    assert link.host.state_hash() == link.guest.state_hash()
    assert link.host.table.record() == link.guest.table.record()
    assert {"reveal", "play"} <= set(link.rolled_back)  # a throw, and a play after the opening roll
