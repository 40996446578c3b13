"""bot.analyse_record on records the game engine made: planted blunders are found (a play that throws away a
gammon, a missed double, a wrong pass), forced plays are not counted, the totals add up, quick and deep agree
on clear cases, and every kind of record (money, match, peer, beaver, clock expiry) gives the documented shape."""
from __future__ import annotations

import copy
import json

import pytest

import bot
import game
import rules
from bot import analysis as A
from bot import play as bot_play
from game import record as rec
from rules import dice
from rules.movegen import legal_plays
from rules.notation import format_play
from rules.position import Position

from tests.game.game_helpers import peer_record_opening
from game import intents as I

pytestmark = pytest.mark.filterwarnings("ignore")

MARKS = {"", "doubtful", "bad", "very bad"}


def bot_record(seed: int, level0="intermediate", level1=None, **kw) -> dict:
    """A game (or match) two bots played to the end on game.Table."""
    table = game.Table(game.Options.bots(level0, level1, seed=f"{seed:064x}", clock=0, **kw), now=0)
    st = game.drive_bots(table, now=0)
    assert st.phase in (game.GAME_OVER, game.MATCH_OVER)
    return table.record()


def cut(record: dict, gi: int, ai: int, result: dict, replace: dict | None = None) -> dict:
    """The record up to action ``ai`` of game ``gi`` (the action itself replaced by ``replace`` if given)."""
    data = copy.deepcopy(record)
    data["games"] = data["games"][:gi + 1]
    acts = data["games"][gi]["actions"]
    data["games"][gi]["actions"] = acts[:ai] + ([replace] if replace else [acts[ai]])
    data["games"][gi]["result"] = result
    b = rec.RecordBuilder(players=data["players"], match_length=data["match_length"])
    b.data = data
    data["result"] = b.summary()
    return data


ABANDONED = {"winner": None, "points": 0, "kind": "abandoned"}


def decisions(result: dict) -> list[dict]:
    return [d for g in result["games"] for d in g["decisions"]]


def at(result: dict, gi: int, ai: int) -> dict:
    return next(d for d in result["games"][gi]["decisions"] if d["action"] == ai)


def check_shape(result: dict) -> None:
    """The documented shape, the rules' view of every position, and the totals."""
    assert json.loads(json.dumps(result)) == result
    totals = [{"decisions": 0, "unforced": 0, "loss": 0.0} for _ in (0, 1)]
    resigns = [[0, 0.0], [0, 0.0]]
    for d in decisions(result):
        assert d["player"] in (0, 1) and d["kind"] in ("move", "double", "take", "resign")
        assert d["loss"] >= 0 and d["mark"] == A.mark(d["loss"]) and d["mark"] in MARKS
        Position.from_id(d["position_id"])
        if d["kind"] == "move":
            legal = rules.legal_results(d["position_id"], tuple(d["dice"]))
            if legal:
                assert d["played"] in legal and d["best"] in legal
            else:
                assert d["forced"] and d["played"] == d["best"] == d["position_id"]
            assert d["forced"] == (len(legal) <= 1)
            if d["forced"]:
                assert d["loss"] == 0
        else:
            assert d["dice"] is None and not d["forced"]
            choices = {"double": ("double", "no_double"), "take": ("take", "pass"),
                       "resign": ("resign", "play_on")}[d["kind"]]
            assert d["played"] in choices and d["best"] in choices
            if d["played"] == d["best"]:
                assert d["loss"] == 0
        if d["kind"] == "resign":  # counted apart, as GNU Backgammon's totals are checker play and cube
            resigns[d["player"]][0] += 1
            resigns[d["player"]][1] += d["loss"]
            continue
        t = totals[d["player"]]
        t["decisions"] += 1
        t["unforced"] += not d["forced"]
        t["loss"] += d["loss"]
    for p, t in enumerate(totals):
        got = result["players"][p]
        assert got["decisions"] == t["decisions"] and got["unforced"] == t["unforced"]
        assert got["loss"] == pytest.approx(t["loss"], abs=1e-5)
        rate = 1000 * t["loss"] / t["unforced"] if t["unforced"] else 0.0
        assert got["error_rate"] == pytest.approx(rate, abs=1e-3)
        assert got["rating"] == A.rating(got["error_rate"], got["unforced"])
        assert got["resign"]["decisions"] == resigns[p][0]
        assert got["resign"]["loss"] == pytest.approx(resigns[p][1], abs=1e-5)


@pytest.fixture(scope="module")
def money():
    bot.evaluator()
    return bot_record(4)


@pytest.fixture(scope="module")
def money_quick(money):
    return A.analyse_record(money, "quick")


def test_ratings_and_marks_follow_gnubg_thresholds():
    assert [A.mark(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.2)] == [
        "", "", "doubtful", "doubtful", "bad", "bad", "very bad", "very bad"]
    names = [A.rating(x, 10) for x in (0, 1.9, 2.0, 4.9, 5.0, 7.9, 8, 11.9, 12, 17.9, 18, 25.9, 26, 34.9, 35, 90)]
    assert names == ["Supernatural", "Supernatural", "World class", "World class", "Expert", "Expert", "Advanced",
                     "Advanced", "Intermediate", "Intermediate", "Casual player", "Casual player", "Beginner",
                     "Beginner", "Awful!", "Awful!"]
    assert A.rating(0.0, 0) == "N/A"


def test_a_clean_bot_game_has_the_shape_and_its_totals(money, money_quick):
    check_shape(money_quick)
    moves = [d for d in decisions(money_quick) if d["kind"] == "move"]
    plays = [a for a in money["games"][0]["actions"] if a["type"] == "play"]
    assert len(moves) == len(plays)
    # The intermediate bot plays the 0-ply best: the quick analysis finds no checker play error of its own.
    assert all(d["loss"] == 0 for d in moves), [d for d in moves if d["loss"]]
    assert money_quick["level"] == "quick" and money_quick["games"][0]["index"] == 0


def _gammon_blunder():
    """A bot game and a decision of it where some legal play keeps the win but gives up most of the gammon
    chances (the first such game from seed 4 on)."""
    ev = bot.evaluator()
    for seed in range(4, 40):
        record = bot_record(seed)
        for d in decisions(A.analyse_record(record, "quick")):
            if d["kind"] != "move" or d["forced"]:
                continue
            pos, roll = Position.from_id(d["position_id"]), tuple(d["dice"])
            scored = [(p, r, bot_play.after_play_outputs(ev, r)) for p, r in legal_plays(pos, roll)]
            best = next(o for p, r, o in scored if r.to_id() == d["best"])
            for p, r, o in scored:
                if best[1] - o[1] > 0.25 and abs(best[0] - o[0]) < 0.08:
                    return record, d, format_play(p), r.to_id(), best, o
    raise AssertionError("no position to plant a gammon blunder in")


def test_a_play_that_throws_away_a_gammon_is_very_bad_at_both_depths():
    money, d, play, played_id, best, worse = _gammon_blunder()
    planted = cut(money, 0, d["action"], ABANDONED, {"type": "play", "player": d["player"], "play": play})
    bests = []
    for level in ("quick", "deep"):
        result = A.analyse_record(planted, level)
        check_shape(result)
        row = at(result, 0, d["action"])
        assert row["played"] == played_id and row["play"] == play
        assert row["best"] != played_id and row["mark"] == "very bad", row
        assert row["loss"] >= 0.16
        assert result["players"][d["player"]]["loss"] >= row["loss"]
        assert row["top"][0]["position_id"] == row["best"] and len(row["top"]) == 3
        bests.append(row["best"])
    assert bests[0] == bests[1]  # quick and deep agree on this clear case: the same best play


def _first(record, kind):
    for gi, g in enumerate(record["games"]):
        for ai, a in enumerate(g["actions"]):
            if a["type"] == kind:
                return gi, ai, a
    return None


def test_a_missed_double_is_found():
    """Intermediate bots double when the cube model says so; removing the double (and the answer) leaves a
    roll where the analysis must say "double"."""
    for seed in range(40):
        record = bot_record(seed)
        hit = _first(record, "double")
        if hit is None:
            continue
        gi, ai, a = hit
        acts = record["games"][gi]["actions"]
        if ai + 2 >= len(acts) or acts[ai + 2]["type"] != "roll":
            continue
        data = cut(record, gi, ai + 2, ABANDONED)
        data["games"][gi]["actions"][ai:ai + 2] = []       # no double, no answer: the player just rolled
        for level in ("quick", "deep"):
            result = A.analyse_record(data, level)
            check_shape(result)
            row = at(result, gi, ai)
            assert row["kind"] == "double" and row["player"] == a["player"]
            assert row["played"] == "no_double" and row["best"] == "double" and row["loss"] > 0
        return
    raise AssertionError("no double in 40 games")


def test_a_wrong_pass_is_found():
    """A take the cube model agrees with, changed to a pass."""
    for seed in range(60):
        record = bot_record(seed, "intermediate", "beginner")
        hit = _first(record, "take")
        if hit is None:
            continue
        gi, ai, a = hit
        taken = A.analyse_record(cut(record, gi, ai, ABANDONED), "quick")
        if at(taken, gi, ai)["best"] != "take":
            continue
        doubler = 1 - a["player"]
        cube = 2 ** sum(1 for x in record["games"][gi]["actions"][:ai] if x["type"] == "take")
        passed = cut(record, gi, ai, {"winner": doubler, "points": cube, "kind": "pass"},
                     {"type": "pass", "player": a["player"]})
        result = A.analyse_record(passed, "quick")
        check_shape(result)
        row = at(result, gi, ai)
        assert row["kind"] == "take" and row["played"] == "pass" and row["best"] == "take" and row["loss"] > 0
        assert row["equities"]["take"] > row["equities"]["pass"] == pytest.approx(-1.0)
        assert result["verified"] is True  # still a valid record: a pass is legal, only wrong
        return
    raise AssertionError("no take the model agrees with in 60 games")


def test_forced_plays_are_not_counted():
    for seed in range(30):
        result = A.analyse_record(bot_record(seed, "beginner"), "quick")
        forced = [d for d in decisions(result) if d["forced"]]
        if not forced:
            continue
        check_shape(result)
        for p in (0, 1):
            mine = [d for d in decisions(result) if d["player"] == p]
            assert result["players"][p]["unforced"] == len([d for d in mine if not d["forced"]])
        assert all(d["loss"] == 0 and d["mark"] == "" for d in forced)
        return
    raise AssertionError("no forced play in 30 games")


def test_a_beginner_loses_more_than_an_expert_player_would(money_quick):
    result = A.analyse_record(bot_record(7, "intermediate", "beginner"), "quick")
    check_shape(result)
    assert result["players"][1]["loss"] > result["players"][0]["loss"]
    assert result["players"][1]["error_rate"] > 0


def test_a_match_record_with_its_cube_and_score():
    data = bot_record(3, "intermediate", "beginner", match_length=3)
    assert data["match_length"] == 3
    result = A.analyse_record(data, "quick")
    check_shape(result)
    assert len(result["games"]) == len(data["games"]) and result["match_length"] == 3
    assert result["verified"] is True


def test_a_peer_record():
    b, throws, roll, turn, host, guest = peer_record_opening(256)
    pos = Position.initial()
    for _ in range(12):
        result = bot.choose(pos.to_id(), roll, "intermediate")
        play = next((p for p, r in legal_plays(pos, roll) if r.to_id() == result), ())
        b.play(turn, format_play(play))
        pos, turn = Position.from_id(result).swapped(), 1 - turn
        roll = next(throws)
        b.roll(turn, *roll)
    b.data["games"][-1]["actions"].pop()
    b.result(None, 0, "abandoned")
    b.reveal_peer(host, guest)
    result = A.analyse_record(b.to_json())
    check_shape(result)
    assert len([d for d in decisions(result) if d["kind"] == "move"]) == 12
    assert all(d["loss"] == 0 for d in decisions(result) if d["kind"] == "move")


def test_a_beaver_record():
    seed = bytes(32)
    b = rec.RecordBuilder(players=[{"kind": "human"}, {"kind": "human"}], fingerprint=dice.fingerprint(seed),
                          rules={"beavers": True})
    gd = dice.GameDice(seed)
    pairs = gd.opening()
    for pair in pairs:
        b.opening_roll(*pair)
    starter = 0 if pairs[-1][0] > pairs[-1][1] else 1
    first = bot.choose(Position.initial().to_id(), pairs[-1], "intermediate")
    play = next(p for p, r in legal_plays(Position.initial(), pairs[-1]) if r.to_id() == first)
    b.play(starter, format_play(play))
    b.double(1 - starter)
    b.beaver(starter)
    b.resign(starter, 4)
    b.result(1 - starter, 4, "resign")
    b.reveal(seed)
    result = A.analyse_record(b.to_dict(), "quick")
    check_shape(result)
    rows = decisions(result)
    assert [r["kind"] for r in rows] == ["move", "double", "take", "resign"]
    assert rows[2]["beaver"] is True and rows[2]["played"] == "take"
    # doubling after one opening play is an error; the beaver (a take) of it is right
    assert rows[1]["best"] == "no_double" and rows[1]["loss"] > 0.16 and rows[1]["mark"] == "very bad"
    assert rows[2]["best"] == "take"
    # the take decision is the taker's: the position has the taker encoded second
    assert rows[2]["position_id"] == Position.from_id(rows[1]["position_id"]).swapped().to_id()
    # giving up 4 points (the beavered cube) at the second roll of the game throws away about the cube's worth
    resign = rows[3]
    assert resign["player"] == starter and resign["played"] == "resign" and resign["points"] == 4
    assert resign["best"] == "play_on" and resign["mark"] == "very bad"
    assert resign["loss"] == pytest.approx(resign["equities"]["play_on"] + 1.0, abs=1e-5)
    assert resign["equities"]["resign"] == -1.0
    # the resignation is counted apart from the player's checker play and cube totals (GNU Backgammon's)
    me = result["players"][starter]
    assert me["resign"] == {"decisions": 1, "loss": pytest.approx(resign["loss"], abs=1e-6)}
    assert me["loss"] == pytest.approx(me["checker"]["loss"] + me["cube"]["loss"], abs=1e-5)


def test_clock_expiry_on_the_table():
    """Two people on one device with a clock: the table plays and answers for them when it runs out."""
    table = game.Table(game.Options.two_players(seed="ab" * 32, clock=10), now=0)
    now = 0.0
    for _ in range(10):
        now += 11
        table.apply(I.Tick(now))
        game.drive_bots(table, now=now)
    data = table.record()
    clocked = [a for a in data["games"][0]["actions"] if a["type"] == "clock_expired"]
    assert any(a["phase"] == "move" for a in clocked)
    result = A.analyse_record(data, "quick")
    check_shape(result)
    flagged = [d for d in decisions(result) if d.get("clock")]
    assert any(d["kind"] == "move" for d in flagged)


@pytest.mark.parametrize("bad, words", [
    ("", "not JSON"), ("[1]", "got list"), (b"\xff", "UTF-8"), ('{"format": "x"}', "can be analysed"),
    (42, "got int"),
])
def test_bad_input_is_a_clear_error(bad, words):
    with pytest.raises(A.AnalysisError, match=words):
        A.analyse_record(bad)


def test_bad_level_and_cancel(money):
    with pytest.raises(A.AnalysisError, match="level"):
        A.analyse_record(money, "medium")
    seen = []

    def progress(done, total):
        seen.append((done, total))
        return done < 3

    with pytest.raises(A.AnalysisCancelled):
        A.analyse_record(money, "quick", progress)
    assert seen[0][0] == 0 and seen[-1][0] == 3 and all(t == seen[0][1] for _, t in seen)


def test_stepwise_analysis_equals_the_whole(money, money_quick):
    a = A.Analysis(money, "quick")
    while not a.finished:
        a.step(7)
    assert a.result() == money_quick
    assert bot.analyse_record is A.analyse_record


def test_hints_give_the_bots_play_and_cube_advice():
    start = Position.initial().to_id()
    h = A.hint("move", start, (3, 1))
    assert h["top"][0]["play"] == "8/5 6/5" and len(h["top"]) == 3
    assert h["top"][0]["position_id"] == bot.choose(start, (3, 1), "intermediate")
    deep = A.hint("move", start, (6, 4), level="deep")
    assert deep["top"][0]["position_id"] == bot.choose(start, (6, 4), "strong")
    cube = A.hint("double", start, cube=rules.CubeInfo())
    assert cube["best"] == "no_double" == bot.cube_action(start)
    # a crushing position: all of one side's checkers home against a closed-out opponent
    crushing = Position.from_points(mine={"2": 3, "3": 3, "4": 3, "5": 3, "6": 3},
                                    theirs={"bar": 2, "24": 13}).to_id()
    assert A.hint("double", crushing)["best"] == bot.cube_action(crushing)
    assert A.hint("take", crushing)["best"] == bot.take_decision(crushing) == "pass"
    assert A.hint("double", start, cube=rules.CubeInfo(2, "opponent"))["best"] == "no_double"
    with pytest.raises(A.AnalysisError):
        A.hint("resign", start)


def test_the_record_notes_hints_and_peer_games_have_none():
    table = game.Table(game.Options.against_bot("intermediate", seed="ab" * 32, clock=0), now=0)
    st = table.state()
    assert st.actor == 0
    assert table.note_hint() == 0
    table.note_hint()
    assert table.record()["games"][0]["hints"] == [2, 0]
    restored = game.table_from_json(game.table_to_json(table, 0), now=0)
    assert restored.record()["games"][0]["hints"] == [2, 0]
    plain = game.Table(game.Options.against_bot("intermediate", seed="ab" * 32, clock=0), now=0)
    assert "hints" not in plain.record()["games"][0]
    peer = game.Table(game.Options(seats=(game.Seat("human"), game.Seat("peer")), seed="ab" * 32, clock=0), now=0)
    with pytest.raises(game.NotAllowed):
        peer.note_hint()


def test_a_resignation_is_right_when_playing_on_loses_more():
    """Giving up a single game when a gammon is certain is right (no loss); giving up a gammon at the start of
    a game is a blunder by about the points given away, at both depths."""
    mine = [0] * 26
    mine[19] = 15   # the resigner: all 15 checkers on the opponent's side, none borne off
    theirs = [0] * 26
    theirs[1] = 1   # the opponent, on roll next, bears off its last checker: a gammon (a backgammon even)
    theirs[0] = 14
    pos = Position(mine, theirs)
    for level in ("quick", "deep"):
        c = A.resign_options(pos, 1, on_turn=False, level=level)
        assert c["best"] == "resign" and c["equities"]["play_on"] < -1.9
        c3 = A.resign_options(pos, 3, on_turn=False, level=level)
        assert c3["equities"]["resign"] == -3.0
        start = A.resign_options(Position.initial(), 2, on_turn=True, level=level)
        assert start["best"] == "play_on" and start["equities"]["play_on"] > -0.2


def _positions_of_play(n: int, seed: int):
    """``n`` (position, dice) pairs met in a game of random legal plays (seeded)."""
    import random
    rng = random.Random(seed)
    pos, out = Position.initial(), []
    while len(out) < n:
        d = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, d)
        if len(plays) > 1:
            out.append((pos, d))
        if not plays:
            pos = pos.swapped()
            continue
        after = rng.choice(plays)[1]
        pos = Position.initial() if after.is_over() else after.swapped()
    return out


def test_quick_looks_again_at_a_charged_play_one_ply_deeper():
    """Quick ranks by the network; a play made that loses ONE_PLY_FROM or more by it, however much, gets strong's
    1-ply look, with the best and the second best, and those three rank first by their 1-ply value. Any other play
    made leaves the network's ranking as it is."""
    ev = A._evaluator().pruned(A.DEEP_PRUNE)
    looked = kept = big = 0
    for pos, d in _positions_of_play(40, 5):
        plain = A.move_options(pos, d, "quick")
        close = [o for o in plain[1:] if plain[0]["equity"] - o["equity"] < A.ONE_PLY_FROM]
        for o in close + plain[1:3] + plain[-1:]:
            made = Position.from_id(o["position_id"])
            opts = A.move_options(pos, d, "quick", include=made)
            loss = plain[0]["equity"] - o["equity"]
            big += loss >= 0.30
            if loss >= A.ONE_PLY_FROM:
                looked += 1
                picked = {plain[0]["position_id"], plain[1]["position_id"], o["position_id"]}
                assert {x["position_id"] for x in opts if x["ply"] == 1} == picked
                assert [x["ply"] for x in opts[:len(picked)]] == [1] * len(picked)
                for x in opts[:len(picked)]:
                    one = A._one_ply_after(ev, Position.from_id(x["position_id"]))
                    assert x["equity"] == pytest.approx(A._cubeless_value(one, A.MONEY))
                assert [x["equity"] for x in opts[:len(picked)]] == sorted(
                    (x["equity"] for x in opts[:len(picked)]), reverse=True)
            else:
                kept += 1
                assert opts == plain
    assert looked >= 10 and kept >= 5 and big >= 5, (looked, kept, big)
