"""Building records, and the verdicts on records that are not well formed (no rules engine needed)."""
from __future__ import annotations

import json

import pytest

from game import record as rec
from game.dice_stats import DiceStats, chi_square_p, dice_stats
from game.verify import verify_record
from rules import dice

SEED = bytes(range(32))
FP = dice.fingerprint(SEED)
PLAYERS = [{"name": "Ana", "kind": "human"}, {"name": "Gamão bot", "kind": "bot", "level": "strong"}]


def builder(**kw) -> rec.RecordBuilder:
    return rec.RecordBuilder(players=PLAYERS, fingerprint=FP, **kw)


def test_builder_writes_the_documented_shape():
    b = builder(match_length=5)
    b.opening_roll(3, 3)
    b.opening_roll(6, 1)
    b.play(0, "13/7 8/7")
    b.roll(1, 4, 2)
    b.clock_expired(1, "move", "8/4 6/4")
    b.result(winner=0, points=1, kind="resign")
    b.reveal(SEED)
    data = json.loads(b.to_json())
    assert data["format"] == "gamao-record" and data["version"] == 1
    assert data["players"] == PLAYERS and data["match_length"] == 5
    assert data["rules"] == {"crawford": True, "jacoby": False}
    game = data["games"][0]
    assert game["dice"] == {"scheme": "gamao/dice/v1", "fingerprint": FP, "seed": SEED.hex()}
    assert [a["type"] for a in game["actions"]] == ["opening_roll", "opening_roll", "play", "roll", "clock_expired"]
    assert game["actions"][1] == {"type": "opening_roll", "dice": [6, 1]}
    assert game["actions"][4] == {"type": "clock_expired", "player": 1, "phase": "move", "played": "8/4 6/4"}
    assert game["result"] == {"winner": 0, "points": 1, "kind": "resign"}
    assert data["result"] == {"score": [1, 0], "winner": None, "complete": False}
    assert b.to_dict() == data


def test_match_summary_and_explicit_result():
    b = builder(match_length=3)
    b.result(1, 2, "gammon")
    b.new_game(FP)
    b.result(1, 1, "single")
    assert b.summary() == {"score": [0, 3], "winner": 1, "complete": True}
    b.match_result([0, 3], 1, True)
    assert b.to_dict()["result"] == {"score": [0, 3], "winner": 1, "complete": True}


@pytest.mark.parametrize("call, message", [
    (lambda b: b.roll(2, 1, 1), "player must be 0 or 1"),
    (lambda b: b.roll(True, 1, 1), "player must be 0 or 1"),
    (lambda b: b.roll(0, 0, 1), "integer 1 to 6"),
    (lambda b: b.opening_roll(7, 1), "integer 1 to 6"),
    (lambda b: b.play(0, ["13/7"]), "written as text"),
    (lambda b: b.clock_expired(0, "cube", "x"), "clock phase"),
    (lambda b: b.clock_expired(0, "roll", "double"), "table rolls"),
    (lambda b: b.clock_expired(0, "take", "beaver"), "takes or passes"),
    (lambda b: b.result(0, 1, "won"), "result kind"),
    (lambda b: b.result(None, 1, "single"), "player must be 0 or 1"),
    (lambda b: b.reveal(bytes(32)), "does not match"),
    (lambda b: b.reveal_peer(bytes(32), bytes(32)), "not a peer game"),
])
def test_builder_refuses_bad_calls_and_changes_nothing(call, message):
    b = builder()
    before = b.to_json()
    with pytest.raises(rec.RecordError, match=message):
        call(b)
    assert b.to_json() == before


def test_builder_needs_a_game_and_refuses_actions_after_result():
    b = rec.RecordBuilder(players=PLAYERS)
    with pytest.raises(rec.RecordError, match="no game started"):
        b.opening_roll(1, 2)
    b.new_game(FP)
    b.result(None, 0, "abandoned")
    with pytest.raises(rec.RecordError, match="already has its result"):
        b.roll(0, 1, 2)


@pytest.mark.parametrize("players, message", [
    ([{"kind": "human"}], "two seats"),
    ([{"kind": "human"}, {"kind": "robot"}], "kind must be one of"),
    ([{"kind": "human"}, {"kind": "bot"}], "needs its level"),
])
def test_builder_checks_seats(players, message):
    with pytest.raises(rec.RecordError, match=message):
        rec.RecordBuilder(players=players)


def test_builder_checks_match_length_and_fingerprint():
    with pytest.raises(rec.RecordError, match="match_length"):
        rec.RecordBuilder(players=PLAYERS, match_length=-1)
    with pytest.raises(ValueError, match="fingerprint"):
        rec.RecordBuilder(players=PLAYERS, fingerprint="abc")


def test_reveal_accepts_hex_and_peer_reveal_checks_commitments():
    b = builder()
    b.reveal(SEED.hex().upper())
    assert b.game["dice"]["seed"] == SEED.hex()
    host, guest = bytes([1]) * 32, bytes([2]) * 32
    b.new_peer_game(1, dice.chain_commitment(host, 16).hex(), dice.chain_commitment(guest, 16).hex(), 16)
    with pytest.raises(rec.RecordError, match="host's secret"):
        b.reveal_peer(guest, host)
    with pytest.raises(rec.RecordError, match="peer game"):
        b.reveal(SEED)
    b.reveal_peer(host, guest.hex())
    assert b.game["dice"]["guest_secret"] == guest.hex()


# --- verdicts on malformed records -------------------------------------------------------------------------

def good() -> dict:
    b = builder()
    b.result(None, 0, "abandoned")
    b.reveal(SEED)
    return b.to_dict()


def codes(verdict) -> list[str]:
    return [p.code for p in verdict.problems]


@pytest.mark.parametrize("text, code, words", [
    ("", "empty", "empty"),
    ("   \n", "empty", "empty"),
    ("{not json", "not_json", "not JSON"),
    ("[1, 2]", "not_json", "not an object"),
    ("42", "not_json", "not an object"),
    (b"\xff\xfe", "not_json", "UTF-8"),
    ('{"format": "pgn"}', "wrong_format", "not a Gamão game record"),
    ('{"format": "gamao-record", "version": 2}', "wrong_version", "version 2 is not supported"),
    ('{"format": "gamao-record", "version": "1"}', "wrong_version", "not supported"),
    ('{"format": "gamao-record", "version": 1}', "missing_field", "no 'players'"),
])
def test_not_a_record(text, code, words):
    verdict = verify_record(text)
    assert not verdict.ok
    assert codes(verdict)[0] == code
    assert words in verdict.reasons[0]
    assert verdict.rolls == []


def test_an_empty_game_list_and_bad_fields():
    data = good()
    for mutate, code, words in [
        (lambda d: d.update(games=[]), "bad_field", "'games' must be a non-empty list"),
        (lambda d: d.update(players=[PLAYERS[0]]), "bad_field", "two seats"),
        (lambda d: d["players"][1].pop("level"), "missing_field", "bot with no 'level'"),
        (lambda d: d.update(match_length="7"), "bad_field", "match_length"),
        (lambda d: d.update(rules=[]), "bad_field", "'rules' must be an object"),
        (lambda d: d["games"][0].pop("actions"), "missing_field", "no 'actions'"),
        (lambda d: d["games"][0]["dice"].update(fingerprint="12"), "bad_field", "fingerprint"),
        (lambda d: d["games"][0]["dice"].update(seed=None), "seed_missing", "not been revealed"),
        (lambda d: d["games"][0]["dice"].update(seed="xyz"), "bad_field", "seed is not valid"),
        (lambda d: d["games"][0]["dice"].update(seed="00" * 32), "seed_mismatch", "does not match the fingerprint"),
        (lambda d: d["games"][0]["dice"].update(scheme="dice/v9"), "bad_field", "unknown dice scheme"),
        (lambda d: d.pop("result"), "missing_field", "no 'result'"),
    ]:
        d = json.loads(json.dumps(data))
        mutate(d)
        verdict = verify_record(json.dumps(d))
        assert not verdict.ok, code
        assert code in codes(verdict), (code, verdict.reasons)
        assert any(words in r for r in verdict.reasons), (words, verdict.reasons)


def test_stats_and_chi_square_p():
    stats = dice_stats([(1, 1), (2, 3), (6, 6)])
    assert stats.faces == [2, 1, 1, 0, 0, 2] and stats.throws == 3 and stats.doubles == 2
    assert stats.merge(stats).faces == [4, 2, 2, 0, 0, 4]
    assert chi_square_p(0) == 1.0
    # Published chi-square critical values, 5 degrees of freedom.
    assert chi_square_p(11.070) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(15.086) == pytest.approx(0.01, abs=1e-5)
    assert chi_square_p(20.515) == pytest.approx(0.001, abs=1e-6)
    assert chi_square_p(4.351) == pytest.approx(0.5, abs=1e-3)
    d = DiceStats([100] * 6, 300, 50).to_dict()
    assert d["chi_square"] == 0 and d["p_value"] == 1.0 and d["doubles_expected"] == 50
