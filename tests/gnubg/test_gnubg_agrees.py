"""The table's ``.mat`` files, GNUbg IDs and XGIDs read by the real GNU Backgammon (PyPI ``gnubg``), and GNU
Backgammon's own ``.mat`` exports read by ours: every game, position, dice, cube action, score and Crawford flag
equal. GNU Backgammon runs once for the whole module in a process of its own (``gnubg_probe.py``)."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import rules
from game.export import mat_match, mat_text
from game.state import MOVING, ROLL, TAKE

from sessions import resigned_games, sessions

pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")
pytestmark = pytest.mark.xdist_group("gnubg")

PROBE = pathlib.Path(__file__).with_name("gnubg_probe.py")
PLAYING = (ROLL, MOVING, TAKE)
GNUBG_PLAYER = {"X": 0, "O": 1}  # gnubg.match(): X is the left column of a .mat (player 0)


@pytest.fixture(scope="module")
def probed(tmp_path_factory):
    ss = sessions()
    d = tmp_path_factory.mktemp("gnubg")
    mats, ids = [], []
    for s in ss:
        path = d / f"{s.name}.mat"
        path.write_text(mat_text(s.table.value.record))
        mats.append({"path": str(path), "export": str(d / f"{s.name}.gnubg.mat")})
        for gs in s.snaps:
            for _, st in gs:
                if st.phase in PLAYING:
                    ids += [st.gnubg_id(), st.xgid()]
    resigned = [m for i, s in enumerate(ss) for m in resigned_games(mat_match(s.table.record()), i)]
    for i, m in enumerate(resigned):
        path = d / f"resigned-{i}.mat"
        path.write_text(rules.write_mat(m))
        mats.append({"path": str(path), "export": str(d / f"resigned-{i}.gnubg.mat")})
    job = d / "job.json"
    job.write_text(json.dumps({"mats": mats, "ids": ids}))
    out = d / "out.json"
    subprocess.run([sys.executable, str(PROBE), str(job), str(out)], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=True, cwd=d)
    return ss, mats, ids, json.loads(out.read_text()), resigned


def _log(s) -> list:
    """A session's ``.mat`` games (written from its record) as plain data: per game its score, winner, points and
    actions (player, kind, dice, play as [from, to, hit, die], value)."""
    return [{"score": list(g.score), "winner": g.winner, "points": g.points,
             "actions": [{"player": a.player, "kind": a.kind, "dice": list(a.dice), "value": a.value,
                          "play": [[st.frm, st.to, st.hit, st.die] for st in a.play]} for a in g.actions]}
            for g in mat_match(s.table.record()).games]


def _expected_records(actions: list) -> list:
    """What GNU Backgammon's reading of our .mat must hold for one game: (action, player, dice, moves). A
    beaver is its second double, and the doubler's take of it comes before the doubler's next roll."""
    out = []
    for i, a in enumerate(actions):
        p = a["player"]
        after = actions[i + 1] if i + 1 < len(actions) else None
        if a["kind"] == "roll" and not a["play"] and after and after["kind"] == "resign" and after["player"] == p:
            out.append(("set", p, None, None))  # rolled, then resigned: GNU Backgammon keeps the dice only
        elif a["kind"] == "roll":
            out.append(("move", p, tuple(a["dice"]), tuple(sorted((f, t) for f, t, _, _ in a["play"]))))
        elif a["kind"] == "beaver":
            out += [("double", p, None, None), ("take", 1 - p, None, None)]
        else:
            out.append(({"drop": "drop"}.get(a["kind"], a["kind"]), p, None, None))
    return out


def _gnubg_records(game: dict) -> list:
    out = []
    for r in game["game"]:
        p = GNUBG_PLAYER[r["player"]]
        if r["action"] == "move":
            moves = tuple(sorted(tuple(m) for m in r.get("move") or ()))
            out.append(("move", p, tuple(r["dice"]), moves))
        else:
            out.append((r["action"], p, None, None))
    return out


def _state_fields(pos, info) -> tuple:
    return (pos.to_id(), info.on_roll, info.turn, info.cube, info.cube_owner, info.score, info.crawford,
            info.double_offered, info.length)


def test_every_game_of_our_mat_files_imports_into_gnubg_as_played(probed):
    ss, _, _, result, _ = probed
    problems, games, positions, records = [], 0, 0, 0
    for s, got in zip(ss, result["mats"]):
        mat = _log(s)
        theirs = got["match"]["games"]
        if len(theirs) != len(mat) or len(got["walk"]) != len(mat):
            problems.append(f"{s.name}: {len(mat)} games, GNU Backgammon read {len(theirs)}")
            continue
        for gi, (ours, their, walk, snaps) in enumerate(zip(mat, theirs, got["walk"], s.snaps)):
            games += 1
            exp, rec = _expected_records(ours["actions"]), _gnubg_records(their)
            records += len(exp)
            if exp != rec:
                first = next(i for i in range(min(len(exp), len(rec)) + 1) if i >= min(len(exp), len(rec))
                             or exp[i] != rec[i])
                problems.append(f"{s.name} game {gi + 1}: record {first}: ours {exp[first:first + 2]}, "
                                f"gnubg {rec[first:first + 2]}")
                continue
            info = their["info"]
            want = (ours["winner"], ours["points"], tuple(ours["score"]))
            have = (GNUBG_PLAYER.get(info.get("winner")), info.get("points-won"),
                    (info["score-X"], info["score-O"]))
            if want != have:
                problems.append(f"{s.name} game {gi + 1}: winner/points/score ours {want}, gnubg {have}")
            beavers = [0]
            for a in ours["actions"]:
                beavers.append(beavers[-1] + (a["kind"] == "beaver"))
            for n, st in snaps:
                if st.phase not in PLAYING or n == 0 or st.offer is not None:
                    continue
                positions += 1
                pos, gi_info = rules.parse_gnubg_id(walk[n + beavers[n]])
                mine_info = st.match_info()
                if not st.match_length:  # its Match IDs of a money session say 0-0 (the games' scores are above)
                    mine_info = mine_info.replace(score=(0, 0))
                mine = _state_fields(st.position(), mine_info)
                if _state_fields(pos, gi_info) != mine:
                    problems.append(f"{s.name} game {gi + 1} after {n} actions: ours {mine}, gnubg "
                                    f"{_state_fields(pos, gi_info)}")
    print(f"GNU Backgammon import: {len(ss)} sessions, {games} games, {records} records, {positions} positions "
          f"compared; {len(problems)} differ")
    assert games == sum(len(s.snaps) for s in ss) and positions > 1000
    assert not problems, "\n".join(problems[:10])


def _our_game(g) -> tuple:
    # a play as its steps and how many hit (two steps to one point: either may be written as the hit)
    acts = tuple((a.kind, a.player, a.dice, tuple(sorted((s.frm, s.to) for s in a.play)),
                  sum(s.hit for s in a.play), a.value) for a in g.actions)
    return (g.score, acts, g.winner, g.points)


def test_gnubg_exports_of_the_same_matches_read_back_equal_to_ours(probed):
    ss, mats, _, _, _ = probed
    games = 0
    for s, m in zip(ss, mats):
        back = rules.read_mat(pathlib.Path(m["export"]).read_text())
        ours = mat_match(s.table.record())
        assert back.length == ours.length and back.players == ours.players, s.name
        assert len(back.games) == len(ours.games), s.name
        for gi, (b, o) in enumerate(zip(back.games, ours.games)):
            bo, oo = _our_game(b), _our_game(o)
            diff = [(i, x, y) for i, (x, y) in enumerate(zip(bo[1], oo[1])) if x != y][:2]
            assert bo == oo, f"{s.name} game {gi + 1}: {diff} {bo[0]} {oo[0]} {bo[2:]} {oo[2:]}"
            games += 1
    print(f"GNU Backgammon exports: {len(ss)} sessions, {games} games read back equal")


def _dice(info) -> tuple:
    return tuple(sorted(info.dice, reverse=True))  # GNU Backgammon sets the higher die first


def _meant(st, xgid: bool) -> tuple:
    """What GNU Backgammon must set up from our ID of ``st``. It cannot hold an offered double: it steps back to
    the doubler on roll before the double (SetMatchID). From an XGID it puts the player on roll at the bottom
    (its player 1), exchanging the players when the XGID has the top one on roll."""
    info = st.match_info().swapped()  # our IDs number the players as GNU Backgammon shows them
    if info.double_offered:
        info = info.replace(double_offered=False, turn=info.on_roll)
    if xgid and info.on_roll == 0:
        info = info.swapped()
    if not info.length:  # a money session's score is not part of GNU Backgammon's position
        info = info.replace(score=(0, 0))
    return _state_fields(st.position(), info) + (_dice(info),)


def test_every_gnubg_id_and_xgid_we_write_reads_back_in_gnubg_as_meant(probed):
    ss, _, ids, result, _ = probed
    states = [st for s in ss for gs in s.snaps for _, st in gs if st.phase in PLAYING]
    assert len(ids) == 2 * len(states) == len(result["ids"])
    problems, doubles = [], 0
    for i, st in enumerate(states):
        doubles += st.phase == TAKE
        for j, xgid in ((0, False), (1, True)):
            got = result["ids"][2 * i + j]
            if "error" in got:
                problems.append(f"{ids[2 * i + j]}: {got['error']}")
                continue
            pos, info = rules.parse_gnubg_id(got["gnubgid"])
            have = _state_fields(pos, info) + (_dice(info),)
            # (the XGID's Jacoby and beaver flags cannot be checked this way: "set xgid" keeps them in settings
            # its cube info does not show)
            if have != _meant(st, xgid):
                problems.append(f"{ids[2 * i + j]} ({st.phase}): meant {_meant(st, xgid)}, gnubg {have}")
    print(f"IDs read back by GNU Backgammon: {len(ids)} ({len(states)} GNUbg IDs and as many XGIDs, {doubles} "
          f"with a double offered); {len(problems)} differ")
    assert doubles > 50
    assert not problems, "\n".join(problems[:10])


def test_the_sessions_cover_what_the_comparison_must_see(probed):
    ss = probed[0]
    acts = [a for s in ss for g in _log(s) for a in g["actions"]]
    ends = [gs[-1][1] for s in ss for gs in s.snaps]
    assert {a["player"] for a in acts if a["kind"] == "drop"} == {0, 1}
    assert any(a["kind"] == "beaver" for a in acts)
    assert any(a["kind"] == "roll" and not a["play"] for a in acts)  # dances
    kinds = {st.result.kind for st in ends if st.result}
    assert {"single", "gammon", "backgammon", "pass", "resign"} <= kinds
    resigned = [g for s in ss for g in _log(s) if g["actions"] and g["actions"][-1]["kind"] == "resign"]
    assert len(resigned) >= 6 and len({g["actions"][-1]["value"] for g in resigned}) >= 3
    assert any(g["actions"][-2]["kind"] == "roll" and not g["actions"][-2]["play"] for g in resigned)
    assert {s.table.options.match_length for s in ss} >= {0, 1, 2, 3, 4, 5, 7}
    assert any(st.crawford for s in ss for gs in s.snaps for _, st in gs)
    assert any(s.table.options.jacoby for s in ss) and any(s.table.options.beavers for s in ss)
    assert max(st.cube for s in ss for gs in s.snaps for _, st in gs) == rules.MAX_CUBE


def test_resignations_we_write_import_into_gnubg_and_its_exports_of_them_read_back(probed):
    ss, mats, _, result, resigned = probed
    got = result["mats"][len(ss):]
    assert len(got) == len(resigned) > 10
    after_roll = 0
    for i, (m, g, job) in enumerate(zip(resigned, got, mats[len(ss):])):
        ours = m.games[0]
        theirs = g["match"]["games"][0]
        acts = [{"player": a.player, "kind": a.kind, "dice": list(a.dice),
                 "play": [[st.frm, st.to, st.hit, st.die] for st in a.play]} for a in ours.actions]
        exp = [(r[0], r[1], r[2]) for r in _expected_records(acts)]
        last, rolled = ours.actions[-1], ours.actions[-2]
        if rolled.kind == "roll" and rolled.player == last.player and not rolled.play:
            exp[-2] = ("set", rolled.player, tuple(rolled.dice))  # rolled, then resigned: its dice only
            after_roll += 1
        rec = [(r["action"], GNUBG_PLAYER[r["player"]], tuple(r["dice"]) if r["action"] in ("move", "set") else None)
               for r in theirs["game"]]
        assert exp == rec, f"resigned-{i}"
        info = theirs["info"]
        assert (GNUBG_PLAYER[info["winner"]], info["points-won"], bool(info["resigned"])) == (
            ours.winner, ours.points, True), f"resigned-{i}"
        back = rules.read_mat(pathlib.Path(job["export"]).read_text())
        assert _our_game(back.games[0]) == _our_game(ours), f"resigned-{i}"
    print(f"Resignations: {len(resigned)} games ({after_roll} after rolling) imported and re-exported equal")
    assert after_roll > 3


def test_gnubg_refuses_a_cube_beyond_4096_and_so_do_our_ids(tmp_path):
    """A Match ID's four bits and an XGID's field hold cubes up to 32768, but GNU Backgammon does not set one up
    beyond 4096 (``rules.MAX_CUBE``): it gives an error or another cube. So ``rules.gnubg_id`` and
    ``rules.to_xgid`` refuse such a cube rather than write an ID nobody can read; 4096 itself goes both ways."""
    pos = rules.Position.initial()
    cases = []  # (cube, text): the IDs written field by field, as ours would be without the check
    for log in range(12, 16):
        info = rules.MatchInfo(length=0, cube=1 << log, cube_owner=0, on_roll=0, turn=0, state=1, dice=(3, 1))
        cases.append((1 << log, f"{pos.to_id()}:{rules.encode_match_id(info)}"))
        xgid = rules.to_xgid(pos, info.replace(cube=4096)).split(":")
        xgid[1], xgid[-1] = str(log), "15"
        cases.append((1 << log, ":".join(xgid)))
        if log > 12:
            with pytest.raises(rules.MatchIdError, match="beyond 4096"):
                rules.gnubg_id(pos, info)
            with pytest.raises(rules.XgidError, match="beyond 4096"):
                rules.to_xgid(pos, info)
    job, out = tmp_path / "job.json", tmp_path / "out.json"
    job.write_text(json.dumps({"ids": [text for _, text in cases]}))
    subprocess.run([sys.executable, str(PROBE), str(job), str(out)], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=True, cwd=tmp_path)
    got = json.loads(out.read_text())["ids"]
    set_up = {text: ("error" not in g and g["cube"]["cube"] == cube) for (cube, text), g in zip(cases, got)}
    print(f"GNU Backgammon set up {sum(set_up.values())} of {len(cases)} IDs with cubes 4096..32768")
    assert [set_up[text] for cube, text in cases if cube == 4096] == [True, True]
    assert not any(set_up[text] for cube, text in cases if cube > 4096)
