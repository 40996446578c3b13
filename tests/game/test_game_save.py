"""Saved tables round-trip every phase exactly; bad saves raise SaveError; IDs set up practice tables;
random intents at random points change nothing when refused."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import game
import rules
from game_helpers import SEED0, check_invariants, human_act, play_human_turn, seed_hex
from game import intents as I


def _same(a: game.State, b: game.State) -> None:
    for f in ("phase", "game_number", "turn", "actor", "board", "dice", "dice_left", "dice_used", "can_roll",
              "can_double", "can_take", "can_pass", "can_undo", "can_done", "can_next_game", "cube", "cube_owner",
              "pips", "score", "match_length", "crawford", "fingerprint", "seed", "result", "steps", "pending"):
        assert getattr(a, f) == getattr(b, f), f
    assert {k: list(v) for k, v in a.movable.items()} == {k: list(v) for k, v in b.movable.items()}


def _walk_states(n: int):
    """Tables at many points of a random game (each phase visited), as (table, now)."""
    rng = random.Random(n)
    table = game.Table(game.Options.two_players(seed=seed_hex(n), match_length=3, clock=45), now=0)
    now = 0.0
    out = []
    for _ in range(300):
        st = table.state()
        out.append(game.table_to_json(table, now))
        if st.phase == game.MATCH_OVER:
            break
        if st.phase == game.GAME_OVER:
            table.apply(I.NextGame(), now)
            continue
        now += rng.choice((1, 5, 20))
        if st.phase == game.MOVING and st.movable and rng.random() < 0.7:
            frm = rng.choice(sorted(st.movable))
            table.apply(I.Move(frm, rng.choice(st.movable[frm]).to), now=now)
        elif rng.random() < 0.1 and st.deadline is not None:
            now = st.deadline
            table.apply(I.Tick(now))
            game.drive_bots(table, now=now, chooser=game.RandomChooser(n))
        else:
            human_act(table, rng, now=now, double_rate=0.3)
    return out


@pytest.mark.parametrize("n", range(4))
def test_save_restore_round_trips_every_point_of_games(n):
    phases = set()
    for text in _walk_states(n):
        t = game.table_from_json(text, now=1000.0)
        data, again = json.loads(text), json.loads(game.table_to_json(t, 1000.0))
        assert data == again            # the clock is saved as time remaining: same remaining at load time
        phases.add(data["phase"])
        st = t.state()
        check_invariants(st)
        if data["clock_remaining"] is not None:
            assert st.deadline == pytest.approx(1000.0 + data["clock_remaining"])
    assert {"roll", "moving"} <= phases and phases & {"game_over", "match_over"}


def test_a_restored_table_plays_on_exactly_like_the_original():
    table = game.Table(game.Options.two_players(seed=SEED0), now=0)
    table.apply(I.Move(24, 18), now=3)
    copy = game.table_from_json(game.table_to_json(table, now=10), now=10)
    _same(table.state(), copy.state())
    a, b = table.apply(I.Move(18, 15), now=11), copy.apply(I.Move(18, 15), now=11)
    _same(a, b)
    a, b = table.apply(I.Done(), now=12), copy.apply(I.Done(), now=12)
    _same(a, b)
    a, b = table.apply(I.Roll(), now=13), copy.apply(I.Roll(), now=13)
    assert a.dice == b.dice == (6, 5)        # the dice stream resumes where it was
    assert table.record() == copy.record()


def test_restored_clock_keeps_the_remaining_time():
    table = game.Table(game.Options.two_players(seed=SEED0), now=0)
    text = game.table_to_json(table, now=30)   # 15 s left
    copy = game.table_from_json(text, now=5000)
    assert copy.state().deadline == 5015
    assert copy.apply(I.Tick(5014)).events == ()
    assert copy.apply(I.Tick(5015)).events[0].kind == "clock_expired"


def test_expired_and_pending_decisions_survive_a_save():
    table = game.Table(game.Options.two_players(seed=SEED0), now=0)
    table.apply(I.Move(24, 18), now=1)
    table.apply(I.Tick(100))
    copy = game.table_from_json(game.table_to_json(table, 100), now=100)
    assert copy.pending() == table.pending() and copy.pending().reason == "clock"
    table.apply(I.BotPlay(table.pending().candidates[0]))
    table.apply(I.Double(), now=101)                        # player 1 doubles: the take phase
    copy = game.table_from_json(game.table_to_json(table, 110), now=200)
    _same(copy.state(), table.state())
    assert copy.state().deadline == 200 + (146 - 110) and copy.state().can_take
    assert copy.apply(I.Take()).cube == 2
    bt = game.Table(game.Options.against_bot("beginner", seed=SEED0))
    play_human_turn(bt, random.Random(0))
    assert game.table_from_json(game.table_to_json(bt)).pending() == bt.pending()


GOOD = None


def _good() -> str:
    global GOOD
    if GOOD is None:
        t = game.Table(game.Options.two_players(seed=SEED0), now=0)
        t.apply(I.Move(24, 18))
        GOOD = game.table_to_json(t, 0)
    return GOOD


def _mutated(**changes) -> str:
    data = json.loads(_good())
    for k, v in changes.items():
        data[k] = v
    return json.dumps(data)


def test_a_save_written_with_the_old_mat_log_still_loads_and_gives_the_same_table():
    """Saves once also held a ``.mat`` log beside the record; the record is the one log now, and such a save
    loads as it was (its log ignored: the ``.mat`` is written from the record)."""
    t = game.Table(game.Options.two_players(seed=SEED0), now=0)
    t.apply(I.Move(24, 18))
    old = json.loads(game.table_to_json(t, 0))
    assert "mat" not in old
    old["mat"] = [{"score": [0, 0], "actions": [], "winner": None, "points": 0}]
    back = game.table_from_json(json.dumps(old), 0)
    assert game.table_to_json(back, 0) == game.table_to_json(t, 0)
    assert game.mat_text(back.value.record) == game.mat_text(t.value.record)


@pytest.mark.parametrize("text", [
    "", "not json", "[]", "{}", '{"format": "gamao-table"}', json.dumps({"format": "gamao-table", "version": 99}),
    None, 42, b"\xff\xfe",
])
def test_unreadable_saves_raise_save_error(text):
    with pytest.raises(game.SaveError):
        game.table_from_json(text)


@pytest.mark.parametrize("changes", [
    {"phase": "dancing"}, {"player": 2}, {"dice": [7, 1]}, {"dice": None}, {"steps": [[13, 1, 6]]},
    {"steps": [[24, 18, 6], [24, 18, 6], [24, 18, 6]]}, {"board": [[0] * 26, [0] * 26]}, {"seed": "zz"},
    {"seed": "11" * 32}, {"throws": -1}, {"clock_remaining": "soon"}, {"clock_remaining": -5},
    {"match": {"length": 3, "score": [0, 0], "crawford": True, "jacoby": False, "beavers": False, "cube": 3,
               "cube_owner": None}},
    {"options": {"seats": [{"kind": "alien"}, {"kind": "human"}]}}, {"record": None},
    {"result": {"winner": 0, "points": 1, "kind": "single"}}, {"game_index": 5},
])
def test_inconsistent_saves_raise_save_error(changes):
    with pytest.raises(game.SaveError):
        game.table_from_json(_mutated(**changes))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=hs.integers(min_value=0, max_value=10_000), junk=hs.text(max_size=5))
def test_truncated_or_spliced_saves_never_crash(cut, junk):
    text = _good()
    bad = text[:cut % len(text)] + junk
    try:
        t = game.table_from_json(bad)
    except game.SaveError:
        return
    check_invariants(t.state())


# --- intents refused change nothing --------------------------------------------------------------------------

INTENTS = [game.Roll(), game.Double(), game.Take(), game.Pass(), game.Beaver(), game.Undo(), game.Done(),
           game.NextGame(), game.BotCube("double"), game.BotCube("no_double"), game.BotCube("x"),
           game.BotAnswer("take"), game.BotAnswer("pass"), game.BotAnswer("beaver"), game.BotPlay("junk"),
           game.BotPlay(rules.Position.initial().to_id())]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), actions=hs.lists(hs.tuples(hs.integers(0, 100), hs.integers(-2, 27),
                                                               hs.integers(-2, 27)), min_size=5, max_size=60),
       kind=hs.sampled_from(["two", "bot", "beavers"]))
def test_random_intents_are_applied_or_refused_without_change(seed, actions, kind):
    opts = {"two": game.Options.two_players(seed=seed_hex(seed), match_length=3),
            "bot": game.Options.against_bot("beginner", seed=seed_hex(seed), auto_roll=True),
            "beavers": game.Options.two_players(seed=seed_hex(seed), beavers=True, jacoby=True)}[kind]
    table = game.Table(opts, now=0)
    chooser = game.RandomChooser(seed)
    rng = random.Random(seed)
    for i, (pick, frm, to) in enumerate(actions):
        if pick < 40:
            intent = INTENTS[pick % len(INTENTS)]
        elif pick < 80:
            intent = game.Move(frm, to)
        elif pick < 90:
            pend = table.pending()
            intent = game.answer_for(pend, chooser) if pend else game.Tick(float(i))
        else:
            intent = game.Tick(float(i * 20))
        before = game.table_to_json(table, now=1e6)
        try:
            table.apply(intent, now=float(i))
        except game.NotAllowed:
            assert game.table_to_json(table, now=1e6) == before, intent
        check_invariants(table.state())
        if rng.random() < 0.3 and table.state().phase not in (game.GAME_OVER, game.MATCH_OVER):
            pend = table.pending()
            if pend is None and not table.state().actor_is_bot:
                human_act(table, rng, now=float(i))
    from game.verify import verify_record
    rec = table.record()
    last = rec["games"][-1]
    if last["result"] is not None:
        assert verify_record(rec).ok or kind == "beavers"


# --- IDs ----------------------------------------------------------------------------------------------------


def test_ids_of_the_opening_position():
    st = game.Table(game.Options.two_players(seed=SEED0)).state()
    assert st.gnubg_id().startswith("4HPwATDgc/ABMA:")
    pos, info = rules.parse_gnubg_id(st.gnubg_id())
    # Our player 0 (at the bottom, on roll with 6-3 from this seed) is GNU Backgammon's player 1 ...
    assert st.turn == 0 and info.dice == (6, 3) and info.on_roll == 1 and pos == rules.Position.initial()
    x = st.xgid()
    pos2, info2, _ = rules.parse_xgid(x)
    assert pos2 == pos and info2.dice == (6, 3)
    # ... and the XGID's bottom player (upper case, turn 1).
    assert x.split(":")[3] == "1"


@pytest.mark.parametrize("n", range(6))
def test_id_round_trip_through_a_practice_table(n):
    rng = random.Random(n)
    table = game.Table(game.Options.two_players(seed=seed_hex(n), match_length=7), now=0)
    for _ in range(rng.randrange(2, 30)):
        st = table.state()
        if st.phase in (game.GAME_OVER, game.MATCH_OVER):
            break
        human_act(table, rng, double_rate=0.2)
    st = table.state()
    if st.phase in (game.GAME_OVER, game.MATCH_OVER) or st.steps:
        return
    for text in (st.gnubg_id(), st.xgid()):
        t2 = game.table_from_id(text, game.Options.two_players(seed=SEED0))
        s2 = t2.state()
        assert s2.practice and not s2.can_next_game
        assert s2.board == st.board and s2.turn == st.turn and s2.phase == st.phase
        assert (s2.cube, s2.cube_owner, s2.score, s2.match_length) == (st.cube, st.cube_owner, st.score, 7)
        assert s2.dice == st.dice
        assert s2.gnubg_id() == st.gnubg_id()


def test_practice_table_from_a_bare_position_id_plays_against_the_bot():
    t = game.table_from_id("4HPwATDgc/ABMA", game.Options.against_bot("beginner", seed=SEED0))
    st = t.state()
    assert st.phase == game.ROLL and st.turn == 0 and st.can_roll and st.match_length == 0
    st = t.apply(I.Roll())
    assert st.phase == game.MOVING
    assert t.record()["games"][0]["start"].startswith("4HPwATDgc/ABMA:")


@pytest.mark.parametrize("text", ["", "   ", "hello", "4HPwATDgc/ABMA:zzzz", "XGID=nonsense", "XGID=" + "-" * 26
                                  + ":0:0:1:00:0:0:0:0:10", None, 17, "a" * 500,
                                  "4HPwATDgc/ABMA:cAkAAAAAAAAA:extra"])
def test_bad_ids_raise_setup_error(text):
    with pytest.raises(game.SetupError):
        game.table_from_id(text)


def test_finished_positions_cannot_be_set_up():
    pos = rules.Position.from_points(mine={"off": 15}, theirs={"6": 15})
    with pytest.raises(game.SetupError, match="over"):
        game.table_from_id(pos.to_id())


# --- history ------------------------------------------------------------------------------------------------


def test_history_keeps_the_last_fifty_records():
    rec = game.Table(game.Options.two_players(seed=SEED0)).record()
    h: list = []
    for i in range(60):
        r = dict(rec, created=str(i))
        h = game.add_record(h, r)
    assert len(h) == 50 and h[0]["created"] == "10" and h[-1]["created"] == "59"
    back = game.history_from_json(game.history_to_json(h))
    assert back == h
    s = game.summary(h[-1])
    assert s["players"] == ["Player 1", "Player 2"] and s["games"] == 1
    for bad in ("", "[]", '{"format": "gamao-history", "version": 2, "records": []}',
                '{"format": "gamao-history", "version": 1, "records": [1]}'):
        with pytest.raises(game.SaveError):
            game.history_from_json(bad)
    with pytest.raises(game.SaveError):
        game.add_record(h, {"format": "other"})


@pytest.mark.parametrize("turn,on_roll", [("1", 0), ("-1", 1)])
def test_a_pasted_xgid_seats_its_bottom_player_at_the_bottom(turn, on_roll):
    # Upper case is the XGID's bottom player: two checkers on its 1-point and one on its 2-point; the top player
    # (lower case) has one checker on its own 1-point. The table shows its player 0 at the bottom.
    st = game.table_from_id(f"XGID=-BA---------------------a-:0:0:{turn}:00:0:0:0:0:10",
                            game.Options.two_players(seed=SEED0)).state()
    assert (st.board[0][1], st.board[0][2], sum(st.board[0][1:25])) == (2, 1, 3)
    assert (st.board[1][1], sum(st.board[1][1:25])) == (1, 1)
    assert st.turn == on_roll
    # and the table's own XGID gives the same string back (same seating, same player to move)
    assert st.xgid().split(":")[:4] == f"XGID=-BA---------------------a-:0:0:{turn}".split(":")


@given(st_info=hs.builds(rules.MatchInfo, length=hs.just(7), score=hs.tuples(hs.integers(0, 6), hs.integers(0, 6)),
                         cube=hs.sampled_from([1, 2, 4]), cube_owner=hs.sampled_from([None, 0, 1]),
                         on_roll=hs.integers(0, 1)))
def test_to_table_exchanges_the_players_and_is_its_own_inverse(st_info):
    info = game.to_table(st_info)
    assert info.score == st_info.score[::-1] and info.on_roll == 1 - st_info.on_roll
    assert info.cube_owner == (None if st_info.cube_owner is None else 1 - st_info.cube_owner)
    assert game.to_table(info) == st_info


@pytest.mark.parametrize("kind", ["flawless", 3, None, ""])
def test_a_finished_game_saved_with_an_unknown_result_kind_is_refused(kind):
    """A finished game's result kind is one of the record's kinds; any other (once read as its text) is refused."""
    table = game.Table(game.Options.bots(seed=SEED0), now=0)
    st = game.drive_bots(table, now=0, chooser=game.RandomChooser(3))
    assert st.phase == game.GAME_OVER
    data = json.loads(game.table_to_json(table, 0))
    assert game.table_from_json(json.dumps(data)).state().result == st.result
    data["result"]["kind"] = kind
    with pytest.raises(game.SaveError, match="result kind"):
        game.table_from_json(json.dumps(data))


@pytest.mark.parametrize("n", range(3))
def test_the_save_text_is_json_dumps_of_the_table_at_every_action(n):
    """The record's actions are written once each and reused by later saves: every save is still exactly the
    compact JSON of what it holds, and holds the table's record as it is at that action."""
    rng = random.Random(100 + n)
    table = game.Table(game.Options.two_players(seed=seed_hex(100 + n), match_length=3, clock=45), now=0)
    now = 0.0
    for _ in range(300):
        st = table.state()
        text = game.table_to_json(table, now)
        assert json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) == text
        assert json.loads(text)["record"] == table.value.record
        if st.phase == game.MATCH_OVER:
            break
        if st.phase == game.GAME_OVER:
            table.apply(I.NextGame(), now)
            continue
        now += 1
        human_act(table, rng, now=now, double_rate=0.3)


def test_save_text_writes_what_json_dumps_writes():
    from game.save_text import save_text
    action = {"type": "play", "player": 1, "play": "13/8 6/5*", "note": "é\u2028\"x\""}
    records = [
        {"format": "r", "games": [{"dice": {"seed": None}, "actions": [action, {"n": 1.5}], "result": None},
                                  {"actions": [action]}, 7], "result": {"score": [1, 2]}},
        {"games": "not a list", "x": [1, {"actions": "not a list"}]},
        {"games": [{"actions": [action], 3: "a key json writes as text"}]},
        ["not", "an", "object"],
    ]
    for record in records * 2:  # the second time from the actions' kept texts
        data = {"format": "gamao-table", "name": "Ação"}
        expected = json.dumps(dict(data, record=record), ensure_ascii=False, separators=(",", ":"))
        assert save_text(data, record) == expected
