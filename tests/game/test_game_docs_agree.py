"""Each point where docs/game-record.md, docs/game-api.md, docs/rules-api.md, docs/formats.md and
docs/peer-protocol.md say what the code does, checked against the code: a test fails when they part again."""
from __future__ import annotations

import hashlib
import pathlib
import random
import re

import pytest

import game
import rules
from game import intents as I
from game.handlers import HANDLERS
from game.verify import verify_record
from rules import dice

from game_helpers import peer_record_opening, play_out

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


def doc(name: str) -> str:
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def humans(**kw) -> game.Options:
    return game.Options(seats=(game.Seat("human"), game.Seat("human")), **kw)


def test_notation_examples_in_rules_api_are_what_format_play_writes():
    text = (DOCS / "rules-api.md").read_text(encoding="utf-8")
    block = text.split("<!-- notation-examples -->")[1].split("<!-- /notation-examples -->")[0]
    examples = [ln.strip() for ln in block.splitlines() if "=>" in ln]
    assert len(examples) >= 5
    for ln in examples:
        made, written = (x.strip() for x in ln.split("=>"))
        steps = []
        for tok in made.split():
            a, b = tok.rstrip("*").split("/")
            steps.append(rules.Step(int(a), int(b), tok.endswith("*"), int(a) - int(b)))
        assert rules.format_play(tuple(steps)) == written, ln
        # any order of the same steps writes the same text
        assert rules.format_play(tuple(reversed(steps))) == written, ln


def test_cube_cap_is_the_documented_4096_in_rules_table_and_bot():
    assert "`rules.MAX_CUBE` = **4096**" in doc("rules-api.md")
    assert rules.MAX_CUBE == 4096
    m = rules.MatchState(cube=2048)
    assert m.can_double(0) and not rules.MatchState(cube=4096).can_double(0)
    assert rules.MatchState(cube=1024, beavers=True).can_beaver(0)
    assert not rules.MatchState(cube=2048, beavers=True).can_beaver(0)
    with pytest.raises(rules.CubeError):
        rules.MatchState(cube=8192)
    import bot
    pid = rules.Position.initial().to_id()
    assert bot.cube_action(pid, rules.CubeInfo(4096, "me"), level="beginner") == "no_double"


def _beaver_table(seed: int):
    """A money table with beavers: after the opening play the player on roll doubles, the other beavers."""
    t = game.Table(humans(beavers=True, seed=f"{seed:064x}"))
    rng = random.Random(seed)
    st = play_out_turn(t, rng)
    doubler = st.turn
    t.apply(I.Double())
    st = t.apply(I.Beaver())
    return t, st, doubler, rng


def play_out_turn(t, rng):
    from game_helpers import play_human_turn
    st = t.state()
    if st.phase == game.MOVING:
        st = play_human_turn(t, rng)
    return st


def test_after_a_beaver_the_beaverer_owns_the_cube_redoubles_and_the_record_verifies():
    assert "the beaverer owns it" in doc("game-record.md")
    t, st, doubler, rng = _beaver_table(7)
    beaverer = 1 - doubler
    assert (st.cube, st.cube_owner, st.turn, st.phase) == (4, beaverer, doubler, game.ROLL)
    from game_helpers import play_human_turn
    t.apply(I.Roll())
    st = play_human_turn(t, rng)
    # the beaverer's turn (with this seed the game goes on): they own the cube and may redouble
    assert st.phase == game.ROLL and st.turn == beaverer and st.can_double
    t.apply(I.Double())
    st = t.apply(I.Take())
    assert (st.cube, st.cube_owner) == (8, doubler)
    st = play_out(t, rng)
    verdict = verify_record(t.record())
    assert verdict.ok, verdict.reasons
    back = rules.read_mat(game.mat_text(t.value.record))
    kinds = [a.kind for a in back.games[0].actions]
    assert "beaver" in kinds and "Beavers => 4" in game.mat_text(t.value.record)


def test_a_roll_that_cannot_be_played_after_a_clock_expiry_is_a_plain_empty_play():
    assert 'A roll that cannot be played is a plain `play` with `""`, clock or not' in doc("game-record.md")
    mine = [0] * 26
    mine[25], mine[6], mine[8], mine[13] = 1, 5, 3, 6
    theirs = [0] * 26
    for p in range(1, 7):
        theirs[p] = 2
    theirs[13] = 3
    pos = rules.Position(tuple(mine), tuple(theirs))
    info = rules.MatchInfo(on_roll=1)  # a pasted ID's player 1 is the table's player 0
    t = game.table_from_id(rules.gnubg_id(pos, info), humans(clock=30))
    st = t.state()
    assert st.phase == game.ROLL and st.turn == 0
    t.apply(I.Tick(100.0))
    acts = t.record()["games"][-1]["actions"]
    assert [a["type"] for a in acts[-3:]] == ["clock_expired", "roll", "play"]
    assert acts[-1] == {"type": "play", "player": 0, "play": ""}


def _jacoby_gammon():
    for seed in range(200):
        t = game.Table(humans(jacoby=True, seed=f"{seed:064x}"))
        st = play_out(t, random.Random(seed), chooser=game.RandomChooser(seed, double_rate=0.0))
        loser = 1 - st.result.winner
        doubled = any(a["type"] == "double" for a in t.record()["games"][0]["actions"])
        if not doubled and st.board[loser][0] == 0:  # the cube centred, the loser bore off nothing
            return t, st
    raise AssertionError("no gammon in 200 random games")


def test_a_jacoby_gammon_with_the_cube_centred_is_recorded_single():
    assert ('Under the Jacoby rule (money, `jacoby` on) a gammon or backgammon with the cube centred counts as '
            'a single game: `kind: "single"`, `points` 1.') in doc("game-record.md")
    t, st = _jacoby_gammon()
    res = t.record()["games"][0]["result"]
    assert res["kind"] == "single" and res["points"] == 1
    assert verify_record(t.record()).ok


def test_a_money_session_holds_several_games_and_its_result_is_as_documented():
    d = doc("game-record.md")
    assert "`0` is money play: a session of one or more games" in d
    assert "A money session: `winner` the player ahead on points (`null` when level), `complete` when" in d
    t = game.Table(humans(seed="ab" * 32))
    rng = random.Random(3)
    for _ in range(3):
        st = play_out(t, rng)
        if st.phase == game.GAME_OVER and len(t.record()["games"]) < 3:
            t.apply(I.NextGame())
    r = t.record()
    assert r["match_length"] == 0 and len(r["games"]) == 3
    score = [0, 0]
    for g in r["games"]:
        score[g["result"]["winner"]] += g["result"]["points"]
    want_winner = None if score[0] == score[1] else int(score[1] > score[0])
    assert r["result"] == {"score": score, "winner": want_winner, "complete": True}
    assert verify_record(r).ok


def test_a_double_in_a_one_point_match_verifies_as_game_api_says():
    assert "the record verifier accepts it" in doc("game-api.md")
    t = game.Table(humans(match_length=1, seed="cd" * 32))
    rng = random.Random(5)
    from game_helpers import play_human_turn
    play_human_turn(t, rng)
    t.apply(I.Double())
    t.apply(I.Take())
    play_out(t, rng, chooser=game.RandomChooser(1, double_rate=0.0))
    r = t.record()
    assert any(a["type"] == "double" for a in r["games"][0]["actions"])
    assert verify_record(r).ok


def _peer_record():
    b, throws, first, starter, host, guest = peer_record_opening(64)
    hc, gc = dice.chain_commitment(host, 64), dice.chain_commitment(guest, 64)
    play = rules.legal_plays(rules.Position.initial(), first)[0][0]
    b.play(starter, rules.format_play(play))
    b.result(None, 0, "abandoned")
    b.reveal_peer(host, guest)
    return b.to_dict(), hc, gc


def test_the_peer_fingerprint_hashes_raw_commitments_and_the_verifier_recomputes_it():
    assert "over the commitments' 32 raw bytes each (not their hex text)" in doc("peer-protocol.md")
    from net.peertable import peer_fingerprint
    data, hc, gc = _peer_record()
    assert "fingerprint" not in data["games"][0]["dice"]
    verdict = verify_record(data)
    assert verdict.ok, verdict.reasons
    assert verdict.games[0]["fingerprint"] == peer_fingerprint(hc, gc)
    assert peer_fingerprint(hc, gc) == hashlib.sha256(b"gamao/peer-fingerprint/v1" + hc + gc).hexdigest()


def test_host_player_does_not_change_verification():
    assert "`host_player` says which seat the host had; verification does not use it" in doc("game-record.md")
    data, _, _ = _peer_record()
    ok = verify_record(data)
    data["games"][0]["dice"]["host_player"] = 1
    flipped = verify_record(data)
    assert ok.ok and flipped.ok and [r.derived for r in ok.rolls] == [r.derived for r in flipped.rolls]


def test_a_resignation_accepted_is_recorded_and_verifies_and_a_declined_one_is_not_recorded():
    assert "An offer that was declined is not recorded" in doc("game-record.md")
    assert I.Resign in HANDLERS and I.AcceptResign in HANDLERS and I.DeclineResign in HANDLERS
    t = game.Table(humans(seed="ef" * 32))
    from game_helpers import play_human_turn
    play_human_turn(t, random.Random(1))
    st = t.state()
    loser = st.turn
    assert st.resign_offers == {"single": 1, "gammon": 2, "backgammon": 3}
    t.apply(I.Resign(1))
    before = t.record()
    t.apply(I.DeclineResign())
    assert t.record() == before  # the declined offer left no trace
    t.apply(I.Roll())
    with pytest.raises(game.NotAllowed, match="in this turn already"):
        t.apply(I.Resign(2))
    play_human_turn(t, random.Random(2))
    loser = t.state().turn  # the other player rolls, then resigns a gammon
    t.apply(I.Roll())
    st = t.apply(I.Resign(2))
    assert st.offer == (loser, 2) and st.actor == 1 - loser and st.can_answer_resign
    st = t.apply(I.AcceptResign())
    assert st.result == game.Result(1 - loser, 2, "resign")
    r = t.record()
    assert r["games"][0]["actions"][-2]["type"] == "roll"  # rolled, then resigned
    assert r["games"][0]["actions"][-1] == {"type": "resign", "player": loser, "points": 2}
    verdict = verify_record(r)
    assert verdict.ok, verdict.reasons


def test_xgid_turn_with_a_double_offered_is_the_doubler_as_formats_says():
    assert "`turn` is the player on roll, also with a double offered" in doc("formats.md")
    t = game.Table(humans(match_length=5, seed="12" * 32))
    from game_helpers import play_human_turn
    st = play_human_turn(t, random.Random(2))
    doubler = st.turn
    st = t.apply(I.Double())
    fields = st.xgid().split(":")
    # our player 0 is the XGID's bottom player (turn 1)
    assert fields[3] == ("1" if doubler == 0 else "-1") and fields[4] == "D"
    pos, info, _ = rules.parse_xgid(st.xgid())
    assert info.double_offered and info.on_roll == 1 - doubler and info.turn == doubler
    assert re.search(r"IDs before 2026-12", doc("formats.md"))


@pytest.mark.parametrize("which", ["xgid", "gnubg_id"])
def test_a_pasted_id_of_an_offered_double_sets_up_the_same_double(which):
    t = game.Table(humans(match_length=7, seed="34" * 32))
    from game_helpers import play_human_turn
    play_human_turn(t, random.Random(4))
    st = t.apply(I.Double())
    back = game.table_from_id(getattr(st, which)(), humans()).state()
    assert (back.phase, back.turn, back.actor, back.board, back.cube, back.score) == (
        game.TAKE, st.turn, st.actor, st.board, st.cube, st.score)
