"""``game.import_match``: a ``.mat`` match file as a seedless game record that the verifier, the review and the
analysis take. Our own files read back to the table's own record; round trips (write, read, same record) over
random sessions; other programs' dialects (tests/data/mat, written from their published formats); bad input gives
``rules.MatFormatError`` naming the line, fuzzed."""
from __future__ import annotations

import pathlib
import random
import sys
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import game
import rules
from game.export import mat_match
from game.verify import verify_record

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "gnubg"))
from sessions import play_session, resigned_games  # noqa: E402  (the scripted sessions of the gnubg checks)

DATA = pathlib.Path(__file__).parents[1] / "data" / "mat"


def _plain(actions: list) -> list:
    """A game's actions without the opening ties (a .mat file keeps only the throw that started the game)."""
    out = list(actions)
    while len(out) > 1 and out[1]["type"] == "opening_roll":
        out.pop(0)
    return out


def _session(seed: int, length: int):
    if length:
        return play_session(f"m{seed}", seed, length, double_rate=0.08, take_rate=0.7)
    return play_session(f"money{seed}", seed, 0, jacoby=seed % 2 == 0, beavers=True, games=3, double_rate=0.1,
                        take_rate=0.8, beaver_rate=0.3)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), length=st.sampled_from([0, 1, 3, 5]))
def test_our_mat_files_import_as_the_table_recorded_them(seed, length):
    s = _session(seed, length)
    table_record = s.table.record()
    record = game.import_match(game.mat_text(s.table.value.record))
    assert record["source"] == "mat" and record["match_length"] == length
    assert record["players"] == [{"name": p["name"], "kind": "human"} for p in table_record["players"]]
    assert (record["rules"]["jacoby"], record["rules"]["beavers"]) == (
        s.table.options.jacoby and not length, s.table.options.beavers and not length)
    assert len(record["games"]) == len(table_record["games"])
    for ours, theirs in zip(record["games"], table_record["games"]):
        assert ours["dice"] == {"scheme": "none"}
        assert ours["actions"] == _plain(theirs["actions"])
        assert ours["result"] == theirs["result"]
    assert record["result"] == {k: table_record["result"][k] for k in ("score", "winner", "complete")}
    verdict = verify_record(record)
    assert verdict.ok, verdict.reasons
    assert not verdict.dice_verified
    assert {n.code for n in verdict.notes} == {"dice_unverifiable"}
    assert all(r.derived is None and not r.ok for r in verdict.rolls)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), length=st.sampled_from([0, 2, 5]), cut=st.integers(0, 10_000),
       stop=st.sampled_from(["play", "roll", "double"]))
def test_write_read_write_gives_the_same_record(seed, length, cut, stop):
    """Our write, our read, the same record; matches in progress and resignations included."""
    m = mat_match(_session(seed, length).table.record())
    rng = random.Random(cut)
    variants = [m]
    last = m.games[-1]
    kinds = [i for i, a in enumerate(last.actions)  # not the last action: the game would still be over
             if 0 < i < len(last.actions) - 1 and a.kind == ("double" if stop == "double" else "roll")]
    if kinds:
        i = rng.choice(kinds)
        acts = [a for a in last.actions[:i + 1] if a.kind != "resign"]
        variants.append(replace(m, games=m.games[:-1] + (rules.MatGame(last.score, tuple(acts), None, 0),)))
    variants += [replace(r, jacoby=m.jacoby, beavers=m.beavers) for r in resigned_games(m, cut)[:1]]
    for v in variants:
        text = rules.write_mat(v)
        back = rules.read_mat(text)
        assert rules.write_mat(back) == text
        record = game.import_match(text)
        assert game.import_match(rules.write_mat(rules.read_mat(text))) == record
        assert verify_record(record).ok


def _sample(name: str) -> dict:
    return game.import_match((DATA / name).read_text())


def test_extreme_gammon_money_session_with_jacoby_beaver_and_a_resignation_after_rolling():
    r = _sample("xg_money.mat")
    assert r["players"][0]["name"] == "Rita" and r["players"][1]["name"] == "XG-Expert"
    assert r["match_length"] == 0 and r["rules"] == {"crawford": True, "jacoby": True, "beavers": True}
    g1, g2 = r["games"]
    assert [a["type"] for a in g1["actions"]] == ["opening_roll", "play", "roll", "play", "double", "beaver",
                                                   "roll", "play", "roll", "play", "roll", "play", "roll", "resign"]
    assert g1["actions"][0]["dice"] == [1, 5]  # player 1 started with 5-1
    assert g1["actions"][-2] == {"type": "roll", "player": 0, "dice": [5, 5]}  # "55: ???": rolled, resigned
    assert g1["result"] == {"winner": 1, "points": 4, "kind": "resign"}  # the beavered cube (4), single
    assert g2["result"] == {"winner": 1, "points": 1, "kind": "pass"}
    assert r["result"] == {"score": [0, 5], "winner": 1, "complete": True}
    assert r["tags"]["Site"] == "XG Mobile" and "Jacoby" not in r["tags"]


def test_backgammon_galaxy_match_without_leading_spaces():
    r = _sample("galaxy_match.mat")
    assert [g["result"] for g in r["games"]] == [{"winner": 0, "points": 1, "kind": "pass"},
                                                 {"winner": 0, "points": 2, "kind": "pass"}]
    assert r["result"] == {"score": [3, 0], "winner": 0, "complete": True}
    assert r["games"][1]["actions"][9] == {"type": "play", "player": 0, "play": "24/18(2) 13/7(2)"}
    assert verify_record(r).ok


def test_gnubg_match_in_progress_stops_on_a_roll_not_yet_played():
    r = _sample("gnubg_in_progress.mat")
    last = r["games"][-1]
    assert last["actions"][-1] == {"type": "roll", "player": 1, "dice": [5, 5]}
    assert last["result"] == {"winner": None, "points": 0, "kind": "unfinished"}
    assert r["result"] == {"score": [0, 1], "winner": None, "complete": False}
    verdict = verify_record(r)
    assert verdict.ok and not verdict.dice_verified
    assert verdict.games[-1]["result"]["kind"] == "unfinished"


def test_jellyfish_layout_stops_after_a_play():
    r = _sample("jellyfish_classic.mat")
    assert r["players"][0]["name"] == "Player1"
    assert r["games"][1]["actions"][-1] == {"type": "play", "player": 1, "play": "bar/22 13/10(2) 6/3"}
    assert r["games"][1]["result"]["kind"] == "unfinished" and verify_record(r).ok


def test_rules_come_from_tags_or_from_the_games():
    base = (DATA / "galaxy_match.mat").read_text()
    assert game.import_match(base.replace('[Crawford "On"]', '[Crawford "Off"]'))["rules"]["crawford"] is False
    with pytest.raises(rules.MatFormatError, match="line 8"):
        game.import_match(base.replace('[Crawford "On"]', '[Crawford "Maybe"]'))
    with pytest.raises(rules.MatFormatError, match="line 7: .*only backgammon"):
        game.import_match(base.replace('"Backgammon"]', '"Nackgammon"]'))
    money = (DATA / "xg_money.mat").read_text()
    with pytest.raises(rules.MatFormatError, match="line 22: a beaver, but beavers are off"):
        game.import_match(money.replace('[Beaver "On"]', '[Beaver "Off"]'))
    assert game.import_match(money.replace('; [Beaver "On"]\n', ""))["rules"]["beavers"] is True  # seen in play


def test_jacoby_is_read_from_a_gammon_worth_one_point():
    s = play_session("jacoby", 77, 0, jacoby=True, games=8, double_rate=0.0)  # every gammon with the cube centred
    text = game.mat_text(s.table.value.record)
    assert '; [Jacoby "On"]' in text
    with pytest.raises(rules.MatFormatError, match="wins 1, but the game gives [23]"):  # a gammon or backgammon counted single
        game.import_match(text.replace('[Jacoby "On"]', '[Jacoby "Off"]'))
    tagged, untagged = game.import_match(text), game.import_match(text.replace('; [Jacoby "On"]\n', ""))
    assert untagged["rules"]["jacoby"] is True and untagged["games"] == tagged["games"]
    assert verify_record(untagged).ok


def test_the_analysis_and_the_review_take_a_seedless_record():
    from bot.analysis import analyse_record
    from ui.review import items, join
    record = _sample("galaxy_match.mat")
    analysis = analyse_record(record, "quick")
    assert sum(len(g["decisions"]) for g in analysis["games"]) > 5
    review = items(record)  # one item per decision of either player
    decided = [a for g in record["games"] for a in g["actions"]
               if a["type"] in ("play", "double", "take", "pass", "beaver", "resign")]
    assert [(it.kind, it.player) for it in review] == [(a["type"], a["player"]) for a in decided]
    join(review, analysis)  # every analysed decision lands on the review's item for it
    assert sum(len(it.analysed) for it in review) == sum(len(g["decisions"]) for g in analysis["games"])


BAD = [
    ("", "no 'N point match' header"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 33: 8/5 8/5 6/3 6/3\n", "line 5: the game starts with 33"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2) 55:\n  3)                              Wins 1 point\n"
     "\n Game 2\n a : 0                          b : 1\n", None),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 Raccoons => 8\n", "line 5: a raccoon"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 Beavers => 4\n", "line 5: a beaver without a double"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 42: 8/4 6/4\n      Wins 5 points\n", "line 6: a resignation for 5"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                 42: 8/4 6/4\n\n Game 2\n a : 0                          b : 0\n",
     "line 5: game 1 ends before it is over"),
    (" 3 point match\n\n Game 1\n a : 0                          b : 0\n"
     "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n"
     "\n Game 2\n a : 0                          b : 0\n", "line 10: the score line says 0-0, but the games before "
                                                          "give 0-1"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_bad_files_name_the_line(text, message):
    if message is None:  # a resignation after rolling, then a next game: reads
        assert game.import_match(text)["games"][0]["result"]["kind"] == "resign"
        return
    with pytest.raises(rules.MatFormatError, match=message):
        game.import_match(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(p.name for p in DATA.iterdir())), data=st.data())
def test_fuzzed_files_read_or_fail_with_the_line(name, data):
    """Characters deleted, replaced or inserted, lines dropped or doubled: the file reads to a record the verifier
    accepts, or fails with MatFormatError naming a line of the file (or saying there is no header); nothing else."""
    lines = (DATA / name).read_text().split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "replace", "insert", "drop", "double"]))
        line = lines[i]
        j = data.draw(st.integers(0, len(line)))
        ch = data.draw(st.sampled_from(list("0123456789/:*() abDTW;[]\"\t=>?")))
        if op == "delete" and line:
            lines[i] = line[:max(j - 1, 0)] + line[j:]
        elif op == "replace":
            lines[i] = line[:j] + ch + line[j + 1:]
        elif op == "insert":
            lines[i] = line[:j] + ch + line[j:]
        elif op == "drop":
            del lines[i]
        else:
            lines.insert(i, line)
        if not lines:
            lines = [""]
    text = "\n".join(lines)
    try:
        record = game.import_match(text)
    except rules.MatFormatError as exc:
        message = str(exc)
        if not message.startswith("no 'N point match' header") and message not in ("the file has no game",
                                                                                   "the replay has no game"):
            assert message.startswith("line "), message
            n = int(message.split(":")[0].split()[1])
            assert 1 <= n <= len(lines) + 1, message
        return
    assert verify_record(record).ok


CRAWFORD = """\
 3 point match

 Game 1
 alice : 0                      bob : 0
  1) 31: 8/5 6/5                 Doubles => 2
  2)  Takes                      64: 24/18 13/9
  3)  Doubles => 4                Drops
      Wins 2 points

 Game 2
 alice : 2                      bob : 0
  1) 52: 13/8 13/11              Doubles => 2
  2)  Takes                      31: 8/5 6/5
"""


def test_a_double_in_the_crawford_game_means_no_crawford_rule_unless_a_tag_says_otherwise():
    record = game.import_match(CRAWFORD)
    assert record["rules"]["crawford"] is False
    assert record["games"][1]["result"]["kind"] == "unfinished" and verify_record(record).ok
    with pytest.raises(rules.MatFormatError, match="line 13: a double in the Crawford game"):
        game.import_match('; [Crawford "On"]\n' + CRAWFORD)


def _bgammon_text(m: rules.MatMatch) -> str:
    """A match written in bgammon.org's replay format (its REPLAY.md): every move from player 1's side, the
    highest die first, moves separated by commas, a double and its answer on one line."""
    def space(n: int, player: int) -> str:
        if n == 25:
            return "bar"
        if n == 0:
            return "off"
        return str(n if player == 0 else 25 - n)

    out = [f"bgammon-replay {0:08d}"]
    for gi, g in enumerate(m.games):
        out.append(f"i {1700000000 + gi} {m.players[0]} {m.players[1]} {m.length} {g.score[0]} {g.score[1]} "
                   f"{(g.winner or 0) + 1} 1 0")
        acts = list(g.actions)
        for i, a in enumerate(acts):
            p = a.player + 1
            if a.kind == "roll":
                moves = ", ".join(f"{space(st.frm, a.player)}/{space(st.to, a.player)}" for st in a.play)
                out.append(f"{p} r {max(a.dice)}-{min(a.dice)}" + (f" {moves}" if moves else ""))
            elif a.kind == "double":
                out.append(f"{p} d {a.value} {1 if acts[i + 1].kind == 'take' else 0}")
    return "\n".join(out) + "\n"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), length=st.sampled_from([1, 3, 5]))
def test_a_bgammon_org_replay_imports_as_the_same_match_in_mat(seed, length):
    m = mat_match(_session(seed, length).table.record())
    via_mat = game.import_match(rules.write_mat(m))
    via_bgammon = game.import_match(_bgammon_text(m))
    assert via_bgammon["tags"] == {"Site": "bgammon.org"}
    def highest_first(record: dict) -> list:  # bgammon.org writes a roll's higher die first
        return [[{**a, "dice": sorted(a["dice"], reverse=True)} if a["type"] == "roll" else a for a in g["actions"]]
                + [g["result"]] for g in record["games"]]
    assert highest_first(via_bgammon) == highest_first(via_mat) and via_bgammon["result"] == via_mat["result"]
    assert verify_record(via_bgammon).ok


def test_bgammon_org_match_with_commas_a_declined_double_and_a_resignation():
    match = _sample("bgammon_match.match")  # a double declined, one taken, a resignation counted as a gammon
    assert [p["name"] for p in match["players"]] == ["ana", "bob"]
    assert match["games"][0]["actions"][1] == {"type": "play", "player": 0, "play": "8/5 6/5"}
    assert match["games"][0]["actions"][3] == {"type": "play", "player": 1, "play": "24/18 13/9"}  # "1/7, 12/16"
    assert [g["result"] for g in match["games"]] == [{"winner": 0, "points": 1, "kind": "pass"},
                                                     {"winner": 1, "points": 4, "kind": "resign"}]  # a gammon x 2
    assert match["result"] == {"score": [1, 4], "winner": 1, "complete": True}
    verdict = verify_record(match)
    assert verdict.ok and not verdict.dice_verified


@pytest.mark.parametrize("edit,message", [
    (("i 1700000100 ana bob 3 1 0 2 2 0", "i 1700000100 ana bob 3 1 0 2 2 1"), "line 7: a game of another variant"),
    (("2 r 4-4 17/21", "2 r 4-4 17/25"), "line 11: point 25"),
    (("1 d 2 0", "1 x 2 0"), "line 6: cannot read the event"),
    (("1 r 6-6 24/18,", "1 r 6-5 24/18,"), "line 9: illegal play"),
])
def test_bad_bgammon_replays_name_the_line(edit, message):
    text = (DATA / "bgammon_match.match").read_text().replace(*edit)
    with pytest.raises(rules.MatFormatError, match=message):
        game.import_match(text)
