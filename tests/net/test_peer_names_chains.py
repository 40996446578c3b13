"""Names cleaned by the one documented rule before they are hashed, shown or saved; integer versions; chains
renewed so a game longer than N throws goes on (docs/peer-protocol.md sections 2 and 3)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import game
import net
from game.verify import verify_record
from net import messages as M
from peer_harness import Link, forge, play_game, random_turn, seeded_bytes

# every kind of code point the rule removes, and some it must keep (astral, joiners, combining marks, BOM,
# noncharacters, right-to-left letters)
REMOVED = ["\ud800", "\udbff", "\udc00", "\udfff", "\x00", "\x1f", "\x7f", "\x85", "\x9f", "\u061c", "\u200e",
           "\u200f", "\u2028", "\u2029", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067",
           "\u2068", "\u2069", "\n", "\t"]
KEPT = ["😀", "👩\u200d💻", "e\u0301", "\ufeff", "\uffff", "\U0010fffd", "ש", "ا", "\u200d", "\u00a0"]


def test_the_rule_removes_exactly_the_documented_code_points():
    for a, b in M.REMOVED_FROM_TEXT:
        for cp in {a, b, (a + b) // 2}:
            assert M.clean_name("x" + chr(cp) + "y") == "xy", hex(cp)
    for text in KEPT:
        assert M.clean_name("x" + text + "y") == "x" + text + "y"
    assert M.clean_name("  Ana  ") == "Ana" and M.clean_name("\u00a0Ana") == "\u00a0Ana"  # only U+0020 trimmed


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=60))
def test_clean_name_gives_valid_text_and_is_idempotent(text):
    once = M.clean_name(text)
    once.encode("utf-8")  # no lone surrogate left
    assert M.clean_name(once) == once
    assert all(not (a <= ord(c) <= b) for c in once for a, b in M.REMOVED_FROM_TEXT)


def _dirty(i: int) -> str:
    parts = REMOVED[i::2] + KEPT[i::2]
    random.Random(i).shuffle(parts)
    return " " + "".join(parts)[:38] + " "


def test_a_name_with_every_troublesome_code_point_round_trips_through_hash_save_and_export():
    raw = [_dirty(0), _dirty(1)]
    assert all(len(r) <= M.MAX_NAME for r in raw)
    # each side keeps its own raw name cleaned (the one rule for a name)
    host = net.PeerSession("host", raw[0], net.Settings(match_length=3), random_bytes=seeded_bytes(1))
    guest = net.PeerSession("guest", raw[1], random_bytes=seeded_bytes(2))
    assert host.names[0] == M.clean_name(raw[0]) and guest.names[1] == M.clean_name(raw[1])
    # the hellos as a peer written from the documents would send them: the raw names, with \\ud800 escapes
    texts = host.start(0.0).send
    texts = [json.dumps({**json.loads(t), "name": raw[0]}) for t in texts]
    assert "\\ud800" in texts[0] or "\\udc00" in texts[0]
    out = guest.receive(texts[0], 0.0)
    assert out.refused is None and guest.names[0] == M.clean_name(raw[0])
    # the guest's hello, rewritten with its raw name
    ghello = json.loads(next(t for t in out.send if json.loads(t)["t"] == "hello"))
    ghello["name"] = raw[1]
    back = host.receive(json.dumps(ghello), 0.0)
    assert back.refused is None and list(host.names) == list(guest.names) == [M.clean_name(r) for r in raw]
    rest = [t for t in out.send if json.loads(t)["t"] != "hello"] + back.send
    link = Link.__new__(Link)
    link.host, link.guest, link.to_guest, link.to_host, link.refusals, link.now, link.texts = \
        host, guest, [], [], [], 0.0, 0
    for t in rest:
        (link.to_host if t in out.send else link.to_guest).append(t)
    link.pump()
    assert host.state_hash() == guest.state_hash() and not link.refusals
    play_game(link, random.Random(3))
    for s in (host, guest):
        s2 = net.PeerSession.from_json(s.to_json(), 0.0)
        assert s2.state_hash() == s.state_hash() and s2.names == s.names
        text = game.record_json(s.table.value.record)
        text.encode("utf-8")
        game.mat_text(s.table.value.record).encode("utf-8")
        rec = json.loads(text)
        assert [p["name"] for p in rec["players"]] == [M.clean_name(r) for r in raw]
        assert verify_record(text).ok


def test_an_over_long_name_is_refused_not_cut_and_length_counts_code_points():
    host = net.PeerSession("host", "Ana", random_bytes=seeded_bytes(1))
    hello = json.loads(host.start(0.0).send[0])
    guest = net.PeerSession("guest", "", random_bytes=seeded_bytes(2))
    out = guest.receive(json.dumps({**hello, "name": "a" * (M.MAX_NAME + 1)}), 0.0)
    assert out.refused.code == "bad_schema" and guest.stage == "hello"
    out = guest.receive(json.dumps({**hello, "name": "😀" * M.MAX_NAME}), 0.0)  # 40 code points, 80 UTF-16 units
    assert out.refused is None and guest.names[0] == "😀" * M.MAX_NAME


@pytest.mark.parametrize("v", ["1.0", "true", "1e0", "\"1\"", "null", "2", "0"])
def test_versions_are_integers(v):
    with pytest.raises(net.Refused) as exc:
        M.decode('{"v":' + v + ',"t":"claim","seq":1}')
    assert exc.value.code == "bad_version"
    assert M.decode('{"v":1,"t":"claim","seq":1}')["v"] == 1


# --- chains renewed every N throws ---------------------------------------------------------------------------
def _play_out(link, rng):
    while random_turn(link, rng, double_rate=0.0):
        pass


def _long_link(seed: int, n: int = 8, match: int = 0) -> Link:
    link = Link(seed, settings=net.Settings(match_length=match, clock=45), chain_length=n)
    link.connect()
    return link


def test_a_whole_game_past_n_throws_is_played_and_verifies():
    link = _long_link(21)
    rng = random.Random(21)
    _play_out(link, rng)
    host, guest = link.host, link.guest
    assert not link.refusals and host.state_hash() == guest.state_hash()
    assert host.k > 3 * host.chain_length      # three renewals at least
    rec = host.table.record()
    dice = rec["games"][0]["dice"]
    assert len(dice["renewals"]) == host.k // 8
    assert all(r["host_secret"] and r["guest_secret"] for r in dice["renewals"])
    v = verify_record(game.record_json(host.table.value.record))
    assert v.ok, v.reasons
    assert len(v.rolls) == host.k and all(r.ok for r in v.rolls)
    assert host.table.record() == guest.table.record()
    # saved and read back, the renewed chains replay to the same state
    for s in (host, guest):
        assert net.PeerSession.from_json(s.to_json(), link.now).state_hash() == s.state_hash()


def test_a_match_of_long_games_and_a_claim_in_a_renewed_chain():
    link = _long_link(22, n=8, match=5)
    rng = random.Random(22)
    _play_out(link, rng)
    assert link.host.stage == "over"
    link.act(0, game.NextGame())
    link.act(1, game.NextGame())
    for _ in range(30):
        if not random_turn(link, rng, double_rate=0.0):
            break
    host = link.host
    assert host.stage == "play" and host.k > 8
    p = next(q for q in (0, 1) if link.side(q).my_decision())
    claimant = link.side(1 - p)
    claimant.claim(claimant.since + 45 + claimant.grace)  # never delivered
    v = verify_record(game.record_json(claimant.table.value.record))
    assert v.ok, v.reasons
    assert sum(1 for r in v.rolls if r.game == len(v.games) - 1) == claimant.k


def test_a_renewal_out_of_place_is_refused():
    link = _long_link(23)
    rng = random.Random(23)
    random_turn(link, rng)
    s = link.host
    assert s.k < 8
    out = s.receive(forge(link.guest, t="renew", game=1, seg=1, commit="ab" * 32), link.now)
    assert out.refused.code == "unexpected"


def test_every_refusal_code_is_documented():
    import pathlib
    doc = (pathlib.Path(__file__).parents[2] / "docs" / "peer-protocol.md").read_text()
    errors_doc = net.errors.Refused.__doc__
    import re
    root = pathlib.Path(net.__file__).parent
    codes = set()
    for f in root.glob("*.py"):
        codes |= set(re.findall(r'Refused\(\s*"([a-z_]+)"', f.read_text()))
    assert codes >= {"bad_claim", "bad_schema", "bad_version", "unexpected", "replayed", "bad_dice"}
    for code in codes:
        assert f"`{code}`" in doc and f"``{code}``" in errors_doc, code
