"""Records of games played to the end in CPython verify; tampered records fail with the right message."""
from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest

from game import record as rec
from game.verify import verify_many, verify_record
import rules
from rules import dice
from rules.movegen import legal_plays
from rules.notation import format_play
from rules.position import Position

from game_helpers import peer_record_opening

KINDS = {1: "single", 2: "gammon", 3: "backgammon"}
PLAYERS = [{"name": "Random A", "kind": "bot", "level": "random"}, {"name": "Random B", "kind": "human"}]


def play_match(base: int, match_length: int = 0, cube: bool = True, clock: bool = False) -> rec.RecordBuilder:
    """Two simple players (random legal plays, random cube actions) play a game or match to the end."""
    rng = random.Random(base)
    b = rec.RecordBuilder(players=PLAYERS, match_length=match_length)
    score = [0, 0]
    crawford_used = False
    while True:
        gd = dice.GameDice(hashlib.sha256(b"game %d %d" % (base, len(b.data["games"]))).digest())
        b.new_game(gd.fingerprint)
        crawford = bool(match_length) and not crawford_used and max(score) == match_length - 1
        crawford_used = crawford_used or crawford
        pairs = gd.opening()
        for pair in pairs:
            b.opening_roll(*pair)
        turn = 0 if pairs[-1][0] > pairs[-1][1] else 1
        roll: tuple[int, int] | None = pairs[-1]
        pos, value, owner = Position.initial(), 1, None
        while True:
            if roll is None:
                if cube and not crawford and owner in (None, turn) and rng.random() < 0.04:
                    b.double(turn)
                    answer = "take" if rng.random() < 0.75 else "pass"
                    if clock and rng.random() < 0.3:
                        b.clock_expired(1 - turn, "take", answer)
                    elif answer == "take":
                        b.take(1 - turn)
                    else:
                        b.pass_(1 - turn)
                    if answer == "pass":
                        result = (turn, value, "pass")
                        break
                    value, owner = value * 2, 1 - turn
                if clock and rng.random() < 0.1:
                    b.clock_expired(turn, "roll", "roll")
                roll = gd.roll()
                b.roll(turn, *roll)
            every = legal_plays(pos, roll)
            rng.shuffle(every)
            play, after = next(((p, a) for p, a in every if _round_trips(p, pos, roll)), ((), pos))
            if every and not play:
                return play_match(base + 1000, match_length, cube, clock)
            if clock and rng.random() < 0.1:
                b.clock_expired(turn, "move", format_play(play))
            else:
                b.play(turn, format_play(play))
            if after.is_over():
                kind = after.winner_kind()
                result = (turn, value * kind, KINDS[kind])
                break
            pos, turn, roll = after.swapped(), 1 - turn, None
        b.result(*result)
        b.reveal(gd.seed)
        score[result[0]] += result[1]
        if not match_length or max(score) >= match_length:
            return b


def _round_trips(play, pos, roll) -> bool:
    """Whether the rules engine reads back what it writes for this play.

    A guard: an early version of format_play marked a hit on the wrong path when two checkers landed where a blot
    was hit ("15/10 13/10*") and parse_play refused it; these tests are about records, not about that.
    """
    from rules.notation import parse_play
    try:
        parse_play(format_play(play), pos, roll)
        return True
    except ValueError:
        return False


@pytest.fixture(scope="module")
def money_game() -> dict:
    for base in range(1, 100):  # the first seed whose game is played out (20 rolls or more, no double passed)
        data = play_match(base).to_dict()
        game = data["games"][0]
        if len(rolls_of(game)) >= 20 and game["result"]["kind"] != "pass":
            return data
    raise AssertionError("no long game found")


@pytest.fixture(scope="module")
def match_record() -> dict:
    for base in range(7, 100):  # the first seed whose match lasts three games or more
        data = play_match(base, match_length=5, clock=True).to_dict()
        if len(data["games"]) >= 3:
            return data
    raise AssertionError("no long match found")


def codes(verdict) -> list[str]:
    return [p.code for p in verdict.problems]


def rolls_of(game: dict) -> list[int]:
    return [i for i, a in enumerate(game["actions"]) if a["type"] == "roll"]


def test_a_played_game_verifies(money_game):
    text = json.dumps(money_game)
    verdict = verify_record(text)
    assert verdict.ok, verdict.reasons
    assert verdict.problems == []
    throws = [a for a in money_game["games"][0]["actions"] if a["type"] in ("opening_roll", "roll")]
    assert len(verdict.rolls) == len(throws) > 10
    assert all(r.ok and r.derived == r.recorded for r in verdict.rolls)
    assert verdict.rolls[0].kind == "opening" and verdict.rolls[-1].kind == "roll"
    assert verdict.stats.throws == len(throws) and verdict.stats.dice == 2 * len(throws)
    assert verdict.games[0]["seed_ok"] is True
    assert verify_record(money_game).ok and verify_record(text.encode()).ok


@pytest.mark.parametrize("base", range(40))
def test_many_played_games_and_matches_verify(base):
    b = play_match(100 + base, match_length=[0, 3, 5][base % 3], clock=base % 2 == 0)
    verdict = verify_record(b.to_json())
    assert verdict.ok, verdict.reasons
    assert verdict.rolls and all(r.ok for r in verdict.rolls)


def test_a_match_verifies_with_its_score(match_record):
    verdict = verify_record(match_record)
    assert verdict.ok, verdict.reasons
    assert len(match_record["games"]) >= 2
    assert max(match_record["result"]["score"]) >= 5
    tampered = copy.deepcopy(match_record)
    tampered["result"]["score"][0] += 1
    verdict = verify_record(tampered)
    assert codes(verdict) == ["match_result_mismatch"]


def test_one_die_changed_fails_on_that_roll(money_game):
    record = copy.deepcopy(money_game)
    game = record["games"][0]
    i = rolls_of(game)[5]
    d1, d2 = game["actions"][i]["dice"]
    game["actions"][i]["dice"] = [d1, d2 % 6 + 1]
    verdict = verify_record(json.dumps(record))
    assert not verdict.ok
    assert codes(verdict)[0] == "die_mismatch"
    problem = verdict.problems[0]
    assert problem.action == i
    assert f"the record has {d1}-{d2 % 6 + 1} but the seed gives {d1}-{d2}" in problem.message
    bad = [r for r in verdict.rolls if not r.ok]
    assert len(bad) == 1 and bad[0].recorded == (d1, d2 % 6 + 1) and bad[0].derived == (d1, d2)


def test_one_opening_die_changed(money_game):
    record = copy.deepcopy(money_game)
    first = record["games"][0]["actions"][0]
    first["dice"] = [first["dice"][1], first["dice"][0]]  # swap: the other player starts
    verdict = verify_record(record)
    assert "die_mismatch" in codes(verdict)
    assert "opening throw" in verdict.reasons[0]


def test_one_play_changed_to_an_illegal_one(money_game):
    record = copy.deepcopy(money_game)
    game = record["games"][0]
    i = next(i for i, a in enumerate(game["actions"]) if a["type"] == "play" and i > 6)
    player = game["actions"][i]["player"]
    game["actions"][i]["play"] = "6/off"
    verdict = verify_record(record)
    assert codes(verdict) == ["illegal_play"]
    assert verdict.problems[0].action == i
    assert f"player {player} with" in verdict.reasons[0] and "'6/off' is not a legal play" in verdict.reasons[0]
    assert all(r.ok for r in verdict.rolls)  # the dice are still checked, and still right


def test_one_play_changed_to_another_legal_play_breaks_the_replay(money_game):
    """A different legal play changes the position: the record's later plays or result no longer fit."""
    record = copy.deepcopy(money_game)
    game = record["games"][0]
    pos = Position.initial()
    for i, a in enumerate(game["actions"]):
        if a["type"] == "opening_roll" and a["dice"][0] != a["dice"][1]:
            roll = tuple(a["dice"])
        elif a["type"] == "roll":
            roll = tuple(a["dice"])
        elif a["type"] == "play":
            plays = legal_plays(pos, roll)
            others = [format_play(p) for p, _ in plays if format_play(p) != a["play"]]
            if len(others) >= 5 and i > 4:
                game["actions"][i]["play"] = others[0]
                break
            from rules.notation import parse_play
            from rules.turn import Turn
            t = Turn(pos, roll)
            for s in parse_play(a["play"], pos, roll):
                t = t.apply_step(s)
            pos = t.position.swapped()
    verdict = verify_record(record)
    assert not verdict.ok
    assert set(codes(verdict)) & {"illegal_play", "bad_notation", "result_mismatch", "match_result_mismatch"}


def test_garbage_play_is_a_notation_problem(money_game):
    record = copy.deepcopy(money_game)
    game = record["games"][0]
    i = next(i for i, a in enumerate(game["actions"]) if a["type"] == "play")
    game["actions"][i]["play"] = "hello world"
    verdict = verify_record(record)
    assert codes(verdict) == ["bad_notation"]
    assert "not a play in standard notation" in verdict.reasons[0]


def test_wrong_seed_fails(money_game):
    record = copy.deepcopy(money_game)
    record["games"][0]["dice"]["seed"] = hashlib.sha256(b"another").hexdigest()
    verdict = verify_record(record)
    assert codes(verdict) == ["seed_mismatch"]
    assert "the seed does not match the fingerprint" in verdict.reasons[0]
    assert verdict.rolls and all(r.derived is None and not r.ok for r in verdict.rolls)
    assert verdict.games[0]["seed_ok"] is False


def test_seed_and_fingerprint_of_another_game_fail_on_the_dice(money_game):
    record = copy.deepcopy(money_game)
    other = hashlib.sha256(b"another").digest()
    record["games"][0]["dice"].update(seed=other.hex(), fingerprint=dice.fingerprint(other))
    verdict = verify_record(record)
    assert "die_mismatch" in codes(verdict)
    assert sum(not r.ok for r in verdict.rolls) > len(verdict.rolls) // 2


@pytest.mark.parametrize("mutate, code, words", [
    (lambda g: g["actions"].insert(1, {"type": "roll", "player": 0, "dice": [1, 2]}), "out_of_order", ""),
    (lambda g: g["actions"].append({"type": "double", "player": 0}), "extra_action", "after the game was over"),
    (lambda g: g["actions"].insert(3, {"type": "teleport"}), "bad_action", "unknown action 'teleport'"),
    (lambda g: g["actions"][0].update(dice=[7, 1]), "bad_action", "two integers 1 to 6"),
    (lambda g: g["result"].update(points=g["result"]["points"] + 1), "result_mismatch", "the replay gives"),
    (lambda g: g["result"].update(winner=1 - g["result"]["winner"]), "result_mismatch", "the record says"),
    (lambda g: g.update(result=None), "missing_field", "no 'result'"),
    (lambda g: g["actions"].pop(), "result_mismatch", "not over after its last action"),
])
def test_tampered_actions(money_game, mutate, code, words):
    record = copy.deepcopy(money_game)
    mutate(record["games"][0])
    verdict = verify_record(record)
    assert not verdict.ok
    assert code in codes(verdict), verdict.reasons
    assert any(words in r for r in verdict.reasons)
    assert "internal_error" not in codes(verdict)


def test_wrong_player_and_cube_rules(money_game):
    record = copy.deepcopy(money_game)
    game = record["games"][0]
    i = rolls_of(game)[2]
    roller = game["actions"][i]["player"]
    game["actions"][i]["player"] = 1 - roller
    verdict = verify_record(record)
    assert codes(verdict)[0] == "wrong_player"
    assert f"but it is player {roller}'s to do" in verdict.reasons[0]

    record = copy.deepcopy(money_game)
    game = record["games"][0]
    i = rolls_of(game)[2]
    roller = game["actions"][i]["player"]
    game["actions"][i:i] = [{"type": "double", "player": roller}, {"type": "take", "player": 1 - roller},
                            {"type": "double", "player": roller}]
    verdict = verify_record(record)
    assert codes(verdict)[0] == "illegal_double" and "the cube is player" in verdict.reasons[0]


def test_no_double_in_the_crawford_game():
    b = rec.RecordBuilder(players=PLAYERS, match_length=3)
    fp = dice.fingerprint(bytes(32))
    b.new_game(fp)
    b.result(0, 2, "resign")  # 2-0: player 0 is 1-away, the next game is the Crawford game
    b.new_game(fp)
    first = dice.GameDice(bytes(32)).opening()
    for pair in first:
        b.opening_roll(*pair)
    record = b.to_dict()
    starter = 0 if first[-1][0] > first[-1][1] else 1
    record["games"][0]["actions"] = [{"type": "opening_roll", "dice": list(p)} for p in first]
    record["games"][0]["actions"].append({"type": "resign", "player": 1 - starter, "points": 2})
    record["games"][0]["result"] = {"winner": starter, "points": 2, "kind": "resign"}
    record["games"][0]["dice"]["seed"] = bytes(32).hex()
    record["games"][1]["dice"]["seed"] = bytes(32).hex()
    record["games"][1]["actions"] += [{"type": "play", "player": starter, "play": "24/18 13/10"},
                                      {"type": "double", "player": 1 - starter}]
    record["games"][1]["result"] = {"winner": 1 - starter, "points": 1, "kind": "pass"}
    verdict = verify_record(record)
    assert "illegal_double" in codes(verdict), verdict.reasons
    assert any("Crawford" in r for r in verdict.reasons)


def test_a_one_point_match_has_no_crawford_game():
    """As the rules engine (and GNU Backgammon): nobody has *reached* 1-away, so a double is allowed."""
    seed = bytes(32)
    b = rec.RecordBuilder(players=PLAYERS, match_length=1, fingerprint=dice.fingerprint(seed))
    gd = dice.GameDice(seed)
    pairs = gd.opening()
    for pair in pairs:
        b.opening_roll(*pair)
    starter = 0 if pairs[-1][0] > pairs[-1][1] else 1
    b.data["games"][-1]["actions"] += [{"type": "play", "player": starter, "play": _first_play(pairs[-1])},
                                       {"type": "double", "player": 1 - starter},
                                       {"type": "pass", "player": starter}]
    b.data["games"][-1]["result"] = {"winner": 1 - starter, "points": 1, "kind": "pass"}
    b.reveal(seed)
    assert rules.MatchState(length=1).can_double(1 - starter)
    verdict = verify_record(b.to_dict())
    assert "illegal_double" not in codes(verdict), verdict.reasons


def test_verdict_to_dict_is_json(money_game):
    verdict = verify_record(money_game)
    assert json.loads(json.dumps(verdict.to_dict()))["ok"] is True


def test_verify_many_merges_statistics(money_game, match_record):
    verdicts, total = verify_many([money_game, match_record])
    assert all(v.ok for v in verdicts)
    assert total.throws == sum(v.stats.throws for v in verdicts)
    assert total.faces == [a + b for a, b in zip(verdicts[0].stats.faces, verdicts[1].stats.faces)]


def _opening_then(actions_after, seed=bytes(32), rules=None):
    """A money record from ``seed``: its opening throws, then ``actions_after(starter, first_roll)``."""
    b = rec.RecordBuilder(players=PLAYERS, fingerprint=dice.fingerprint(seed), rules=rules)
    gd = dice.GameDice(seed)
    pairs = gd.opening()
    for pair in pairs:
        b.opening_roll(*pair)
    starter = 0 if pairs[-1][0] > pairs[-1][1] else 1
    for action in actions_after(starter, gd):
        b.data["games"][-1]["actions"].append(action)
    b.reveal(seed)
    return b


def _first_play(pair):
    plays = legal_plays(Position.initial(), pair)
    return format_play(next(p for p, _ in plays if _round_trips(p, Position.initial(), pair)))


def test_beaver_only_when_allowed():
    def actions(starter, gd):
        opening = gd.thrown[-1]
        return [{"type": "play", "player": starter, "play": _first_play(opening)},
                {"type": "double", "player": 1 - starter},
                {"type": "beaver", "player": starter},
                {"type": "resign", "player": starter, "points": 4}]

    for beavers, ok in ((True, True), (False, False)):
        b = _opening_then(actions, rules={"beavers": beavers})
        starter = b.data["games"][0]["actions"][-1]["player"]
        b.result(1 - starter, 4, "resign")
        verdict = verify_record(b.to_dict())
        assert verdict.ok is ok, verdict.reasons
        if not ok:
            assert codes(verdict) == ["illegal_beaver"]


def test_practice_game_from_a_position_is_reported_not_crashed():
    b = _opening_then(lambda s, g: [])
    b.result(None, 0, "abandoned")
    data = b.to_dict()
    data["games"][0]["start"] = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    verdict = verify_record(data)
    assert codes(verdict) == ["practice_start"] and "set-up position" in verdict.reasons[0]


def test_clock_expiry_sequence_as_the_table_records_it():
    """Roll phase: clock_expired("roll"), the roll, then clock_expired("move") with the table's play."""
    def actions(starter, gd):
        opening = gd.thrown[-1]
        pos = Position.initial()
        play = next(p for p, _ in legal_plays(pos, opening) if _round_trips(p, pos, opening))
        after = dict(legal_plays(pos, opening))[play].swapped()
        roll = gd.roll()
        reply = next(p for p, _ in legal_plays(after, roll) if _round_trips(p, after, roll))
        return [{"type": "play", "player": starter, "play": format_play(play)},
                {"type": "clock_expired", "player": 1 - starter, "phase": "roll", "played": "roll"},
                {"type": "roll", "player": 1 - starter, "dice": list(roll)},
                {"type": "clock_expired", "player": 1 - starter, "phase": "move", "played": format_play(reply)}]

    b = _opening_then(actions)
    b.result(None, 0, "abandoned")
    verdict = verify_record(b.to_dict())
    assert verdict.ok, verdict.reasons
    data = b.to_dict()
    data["games"][0]["actions"].insert(-2, {"type": "double", "player": data["games"][0]["actions"][-2]["player"]})
    verdict = verify_record(data)
    assert codes(verdict) == ["out_of_order"] and "the table only rolls" in verdict.reasons[0]


def test_peer_game_record_verifies_and_a_wrong_secret_fails():
    b, throws, first, starter, host, guest = peer_record_opening(64)
    b.play(starter, _first_play(first))
    b.roll(1 - starter, *next(throws))
    b.result(None, 0, "abandoned")
    b.reveal_peer(host, guest)
    verdict = verify_record(b.to_json())
    assert verdict.ok, verdict.reasons
    assert all(r.ok for r in verdict.rolls) and len(verdict.rolls) >= 2
    data = b.to_dict()
    data["games"][0]["dice"]["guest_secret"] = host.hex()
    verdict = verify_record(data)
    assert codes(verdict) == ["seed_mismatch"] and "guest's secret" in verdict.reasons[0]
    data = b.to_dict()
    data["games"][0]["actions"][-1]["dice"] = [7 - d for d in data["games"][0]["actions"][-1]["dice"]]
    assert "die_mismatch" in codes(verify_record(data))
