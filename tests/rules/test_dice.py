"""The dice derivation: deterministic, exactly uniform, specific errors, peer hash chains."""
from __future__ import annotations

import hashlib
import hmac
import itertools

import pytest
from hypothesis import given, settings, strategies as st

from rules import dice

seeds = st.binary(min_size=32, max_size=32)

# Chi-square critical values at p = 0.001 (fixed thresholds: the seeds below are fixed, so the test is exact).
CHI2_CRIT_5DOF = 20.515
CHI2_CRIT_35DOF = 66.619


def chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def reference_dice(seed: bytes, count: int) -> list[int]:
    """The derivation as docs/fair-dice.md states it, written independently of rules.dice."""
    out: list[int] = []
    block = 0
    while len(out) < count:
        digest = hmac.new(seed, b"gamao/dice/v1" + block.to_bytes(8, "big"), hashlib.sha256).digest()
        out.extend(b % 6 + 1 for b in digest if b < 252)
        block += 1
    return out[:count]


def test_byte_mapping_is_exactly_uniform():
    faces = [b % 6 + 1 for b in range(256) if b < dice.REJECT_FROM]
    assert len(faces) == 252
    assert all(faces.count(f) == 42 for f in range(1, 7))


def test_uniformity_chi_square_600k_dice_many_seeds():
    counts = [0] * 6
    pair_counts = [0] * 36
    doubles = 0
    n_seeds, per_seed = 2000, 300  # 600,000 dice, 300,000 throws
    for i in range(n_seeds):
        seed = hashlib.sha256(b"uniformity %d" % i).digest()
        stream = dice.die_stream(seed)
        for _ in range(per_seed // 2):
            a, b = next(stream), next(stream)
            counts[a - 1] += 1
            counts[b - 1] += 1
            pair_counts[(a - 1) * 6 + (b - 1)] += 1
            doubles += a == b
    total = n_seeds * per_seed
    assert sum(counts) == total >= 600_000
    assert chi_square(counts, total / 6) < CHI2_CRIT_5DOF
    assert chi_square(pair_counts, total / 2 / 36) < CHI2_CRIT_35DOF
    # doubles: 1/6 of throws; normal approximation, 4 standard deviations
    throws = total // 2
    assert abs(doubles - throws / 6) < 4 * (throws * (1 / 6) * (5 / 6)) ** 0.5


def test_chi_square_detects_a_biased_die():
    """The threshold is not so loose that a modulo-biased derivation (byte % 6 with no rejection) passes."""
    counts = [0] * 6
    for i in range(2000):
        seed = hashlib.sha256(b"uniformity %d" % i).digest()
        for block in range(10):
            for b in dice.stream_block(seed, block):
                counts[b % 6] += 1
    assert chi_square(counts, sum(counts) / 6) > CHI2_CRIT_5DOF


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_stream_matches_the_documented_derivation(seed):
    assert list(itertools.islice(dice.die_stream(seed), 100)) == reference_dice(seed, 100)


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=60))
def test_same_seed_same_game(seed, n):
    assert dice.first_pairs(seed, n) == dice.first_pairs(seed, n)
    g1, g2 = dice.GameDice(seed), dice.GameDice(seed)
    assert g1.opening() == g2.opening()
    assert [g1.roll() for _ in range(n)] == [g2.roll() for _ in range(n)]
    assert g1.thrown == g2.thrown == dice.first_pairs(seed, len(g1.thrown))


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_opening_ends_at_first_non_tie(seed):
    g = dice.GameDice(seed)
    pairs = g.opening()
    assert all(a == b for a, b in pairs[:-1])
    assert pairs[-1][0] != pairs[-1][1]
    assert all(1 <= d <= 6 for p in pairs for d in p)
    assert g.thrown == pairs == dice.first_pairs(seed, len(pairs))
    assert g.roll() == dice.first_pairs(seed, len(pairs) + 1)[-1]


def test_rejected_bytes_are_skipped():
    for i in itertools.count():
        seed = hashlib.sha256(b"reject %d" % i).digest()
        block = dice.stream_block(seed, 0)
        if any(b >= 252 for b in block):
            break
    kept = [b % 6 + 1 for b in block if b < 252]
    assert len(kept) < 32
    assert list(itertools.islice(dice.die_stream(seed), len(kept))) == kept


def test_different_seeds_differ():
    games = {tuple(dice.first_pairs(hashlib.sha256(b"%d" % i).digest(), 20)) for i in range(200)}
    assert len(games) == 200


def test_new_seed_is_fresh_and_fingerprint_checks():
    a, b = dice.new_seed(), dice.new_seed()
    assert len(a) == 32 and a != b
    fp = dice.fingerprint(a)
    assert fp == hashlib.sha256(a).hexdigest()
    assert dice.seed_matches(a, fp)
    assert dice.seed_matches(a, fp.upper())
    assert not dice.seed_matches(b, fp)
    assert dice.GameDice(a).fingerprint == fp
    assert len(dice.GameDice().seed) == 32


def test_short_fingerprint():
    fp = "0123456789abcdef" + "0" * 48
    assert dice.short_fingerprint(fp) == "0123 4567 89ab cdef"


@pytest.mark.parametrize("bad, message", [
    (b"\x00" * 31, "32 bytes, got 31"),
    (b"\x00" * 33, "32 bytes, got 33"),
    ("00" * 32, "must be bytes"),
])
def test_bad_seed_bytes(bad, message):
    with pytest.raises(dice.SeedError, match=message):
        dice.fingerprint(bad)
    with pytest.raises(dice.SeedError):
        next(dice.die_stream(bad))
    with pytest.raises(dice.SeedError):
        dice.GameDice(bad)


@pytest.mark.parametrize("text, message", [
    ("00" * 31, "64 hex digits, got 62"),
    ("zz" * 32, "not hexadecimal"),
    (1234, "must be a hex string"),
])
def test_bad_seed_hex(text, message):
    with pytest.raises(dice.SeedError, match=message):
        dice.seed_from_hex(text)
    with pytest.raises(dice.SeedError, match=message.replace("seed", "fingerprint")):
        dice.fingerprint_from_hex(text)


def test_seed_hex_round_trip():
    seed = bytes(range(32))
    assert dice.seed_from_hex("  " + seed.hex().upper() + "\n") == seed


def test_block_index_range():
    with pytest.raises(ValueError):
        dice.stream_block(bytes(32), -1)
    with pytest.raises(ValueError):
        dice.stream_block(bytes(32), 1 << 64)
    with pytest.raises(ValueError):
        dice.first_pairs(bytes(32), -1)


# --- peer chains --------------------------------------------------------------------------------------------

@settings(max_examples=20, deadline=None)
@given(seeds, seeds, st.integers(min_value=1, max_value=12))
def test_peer_chain_reveals_check_and_give_the_throws(host, guest, length):
    commitments = dice.chain_commitment(host, length), dice.chain_commitment(guest, length)
    previous = list(commitments)
    throws = []
    for k in range(length):
        hv, gv = dice.chain_value(host, length - 1 - k), dice.chain_value(guest, length - 1 - k)
        assert dice.check_chain_step(hv, previous[0]) and dice.check_chain_step(gv, previous[1])
        assert not dice.check_chain_step(gv, previous[0]) or host == guest
        throws.append(dice.peer_roll(hv, gv))
        previous = [hv, gv]
    assert list(dice.peer_pairs(host, guest, length)) == throws
    assert all(1 <= d <= 6 for t in throws for d in t)


def test_peer_key_depends_on_both_sides_and_order():
    a, b = hashlib.sha256(b"a").digest(), hashlib.sha256(b"b").digest()
    keys = {dice.peer_roll_key(a, b), dice.peer_roll_key(b, a), dice.peer_roll_key(a, a), dice.peer_roll_key(b, b)}
    assert len(keys) == 4
    assert dice.peer_roll_key(a, b) == hashlib.sha256(b"gamao/peer-roll/v1" + a + b).digest()


def test_peer_bad_input():
    with pytest.raises(dice.SeedError, match="host value"):
        dice.peer_roll_key(b"x", bytes(32))
    with pytest.raises(dice.SeedError, match="guest value"):
        dice.peer_roll_key(bytes(32), b"x")
    with pytest.raises(ValueError):
        dice.chain_commitment(bytes(32), 0)
    with pytest.raises(ValueError):
        dice.chain_value(bytes(32), -1)
