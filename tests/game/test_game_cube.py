"""The doubling cube through the table: double/take, double/pass, beavers, Crawford, auto-roll, bot cube."""
from __future__ import annotations

import random

import pytest

import game
import rules
from game.verify import verify_record
from game_helpers import SEED0, play_human_turn, seed_hex


def _to_roll_phase(table: game.Table) -> game.State:
    """Play player 0's opening turn so that player 1 is in the roll phase."""
    play_human_turn(table, random.Random(0))
    st = table.state()
    assert st.phase == game.ROLL and st.turn == 1
    return st


def test_double_take_gives_the_cube_to_the_taker_and_the_doubler_rolls():
    table = game.Table(game.Options.two_players(seed=SEED0))
    st = _to_roll_phase(table)
    assert st.can_double and st.cube == 1 and st.cube_owner is None
    st = table.double()
    assert st.phase == game.TAKE and st.actor == 0 and st.turn == 1 and st.double_offered
    assert st.can_take and st.can_pass and not st.can_beaver and not st.can_roll
    assert st.events[-1].kind == "doubled" and st.events[-1].value == 2
    st = table.take()
    assert st.phase == game.ROLL and st.turn == 1 and st.cube == 2 and st.cube_owner == 0
    assert not st.can_double and st.can_roll
    assert st.events[0].kind == "took" and st.events[0].value == 2
    acts = table.record()["games"][0]["actions"][-2:]
    assert acts == [{"type": "double", "player": 1}, {"type": "take", "player": 0}]
    # the taker may redouble on their turn
    play_human_turn(table, random.Random(1)) if table.roll().phase == game.MOVING else None
    st = table.state()
    if st.turn == 0 and st.phase == game.ROLL:
        assert st.can_double
        st = table.double()
        assert st.events[-1].value == 4


def test_double_pass_ends_the_game_at_the_value_before_the_double():
    table = game.Table(game.Options.two_players(seed=SEED0, match_length=7))
    _to_roll_phase(table)
    table.double()
    st = table.pass_()
    assert st.phase == game.GAME_OVER and st.result == game.Result(1, 1, "pass")
    assert st.score == (0, 1) and st.cube == 1 and st.cube_owner is None
    assert st.seed == "00" * 32
    assert [e.kind for e in st.events] == ["passed", "game_over"]
    assert verify_record(table.record()).ok


def test_pass_after_a_redouble_is_worth_the_old_cube():
    table = game.Table(game.Options.two_players(seed=SEED0))
    rng = random.Random(2)
    _to_roll_phase(table)
    table.double()
    table.take()                      # cube 2, player 0's
    table.roll()
    play_human_turn(table, rng)       # player 1 plays; player 0 on roll with the cube
    st = table.double()
    assert st.events[-1].value == 4
    st = table.pass_()
    assert st.result == game.Result(0, 2, "pass") and st.score == (2, 0)
    assert verify_record(table.record()).ok


def test_cannot_double_with_the_opponents_cube_or_outside_the_roll_phase():
    table = game.Table(game.Options.two_players(seed=SEED0))
    with pytest.raises(game.NotAllowed):
        table.double()                # moving
    _to_roll_phase(table)
    table.double()
    with pytest.raises(game.NotAllowed):
        table.double()                # take phase
    table.take()
    before = table.to_json()
    with pytest.raises(game.NotAllowed, match="the cube is player 0.s"):
        table.double()                # player 1 doubled; the cube is player 0's
    assert table.to_json() == before


def test_beaver_when_on_in_money_play():
    table = game.Table(game.Options.two_players(seed=SEED0, beavers=True))
    _to_roll_phase(table)
    st = table.double()
    assert st.can_beaver
    st = table.beaver()
    assert st.cube == 4 and st.cube_owner == 0 and st.phase == game.ROLL and st.turn == 1
    assert st.events[0].kind == "beavered" and st.events[0].value == 4


def test_no_beaver_when_off_or_in_a_match():
    for opts in (game.Options.two_players(seed=SEED0), game.Options.two_players(seed=SEED0, match_length=5)):
        table = game.Table(opts)
        _to_roll_phase(table)
        st = table.double()
        assert not st.can_beaver
        before = table.to_json()
        with pytest.raises(game.NotAllowed):
            table.beaver()
        assert table.to_json() == before


def test_jacoby_gammon_counts_single_with_a_centred_cube():
    # player 0 bears off its last checker; player 1 has borne off none: a gammon
    pos = rules.Position.from_points(mine={"1": 1}, theirs={"12": 15})
    for jacoby, points, kind in ((False, 2, "gammon"), (True, 1, "single")):
        table = game.Table.from_id(rules.gnubg_id(pos, game.to_table(rules.MatchInfo(on_roll=0))),
                                   game.Options.two_players(seed=SEED0, jacoby=jacoby))
        table.roll()
        st = table.state()
        frm = next(iter(st.movable))
        st = table.move(frm, 0)
        st = table.done()
        assert st.result == game.Result(0, points, kind)


def test_gammon_and_backgammon_times_the_cube():
    pos = rules.Position.from_points(mine={"1": 1}, theirs={"22": 1, "12": 14})   # one in 0's home: bg
    info = rules.MatchInfo(on_roll=0, cube=2, cube_owner=0)
    table = game.Table.from_id(rules.gnubg_id(pos, game.to_table(info)), game.Options.two_players(seed=SEED0))
    table.roll()
    table.move(1, 0)
    st = table.done()
    assert st.result == game.Result(0, 6, "backgammon")


def test_bot_seat_cube_decisions_are_pending_and_applied():
    table = game.Table(game.Options.against_bot("beginner", seed=SEED0))
    st = table.state()                   # player 0 (human) starts with 6-3
    assert table.pending() is None
    play_human_turn(table, random.Random(0))
    pend = table.pending()
    assert pend is not None and pend.player == 1 and pend.kind == "cube" and pend.reason == "bot"
    assert pend.cube == rules.CubeInfo(1, "center", 0, (0, 0), crawford=False)
    assert rules.Position.from_id(pend.position_id).mine == table.state().board[1]
    with pytest.raises(game.NotAllowed):
        table.roll()                     # the bot's turn: not the human's intent
    with pytest.raises(game.NotAllowed):
        table.bot_cube("maybe")
    st = table.bot_cube("double")
    assert st.phase == game.TAKE and st.actor == 0 and st.can_take and table.pending() is None
    with pytest.raises(game.NotAllowed):
        table.bot_answer("take")         # the human answers, not the bot
    st = table.take()
    # the bot now cannot double: it rolls at once and its play is pending
    assert st.phase == game.MOVING and st.turn == 1
    pend = table.pending()
    assert pend.kind == "play" and pend.reason == "bot" and pend.candidates
    assert st.movable == {}


def test_bot_answers_a_human_double():
    table = game.Table(game.Options.against_bot("beginner", seed=seed_hex(7)))
    rng = random.Random(0)
    for _ in range(200):
        game.drive_bots(table, chooser=game.RandomChooser(1, double_rate=0))
        st = table.state()
        if st.phase == game.ROLL and st.turn == 0 and st.can_double:
            break
        if st.phase == game.ROLL:
            table.roll()
        else:
            play_human_turn(table, rng)
    st = table.double()
    pend = table.pending()
    assert pend.kind == "answer" and pend.player == 1 and pend.reason == "bot"
    assert pend.cube.owner == "center"
    assert rules.Position.from_id(pend.position_id).mine == st.board[0]   # the doubler on roll
    st = table.bot_answer("pass")
    assert st.result == game.Result(0, 1, "pass")


def test_auto_roll_rolls_when_doubling_is_impossible_and_asks_the_bot_otherwise():
    opts = game.Options.two_players(seed=SEED0, auto_roll=True, match_length=5)
    table = game.Table(opts)
    play_human_turn(table, random.Random(0))
    st = table.state()
    assert st.phase == game.ROLL and st.can_roll
    pend = table.pending()
    assert pend.kind == "cube" and pend.reason == "auto" and pend.player == 1
    st = table.bot_cube("no_double")
    assert st.phase == game.MOVING and st.turn == 1 and st.events[0].auto
    # a "double" advice leaves the choice to the human
    play_human_turn(table, random.Random(1))
    st = table.state()
    assert table.pending().reason == "auto"
    st = table.bot_cube("double")
    assert table.pending() is None and st.phase == game.ROLL and st.can_double
    assert st.turn == 0
    table.double()
    st = table.take()
    # the doubler (player 0) cannot double again (the cube is player 1's): auto-roll rolls at once
    assert [e.kind for e in st.events][:2] == ["took", "rolled"] and st.events[1].auto
    assert st.turn == 0 and st.phase in (game.MOVING, game.ROLL)


def test_auto_roll_when_the_cube_belongs_to_the_opponent():
    opts = game.Options.two_players(seed=SEED0, auto_roll=True)
    table = game.Table(opts)
    play_human_turn(table, random.Random(0))
    table.bot_cube("double")
    table.double()
    st = table.take()                   # player 1 doubled, player 0 owns the cube: player 1 rolls at once
    kinds = [e.kind for e in st.events]
    assert kinds[:2] == ["took", "rolled"] and st.turn == 1


def test_crawford_game_forbids_doubles_for_humans_too():
    pos = rules.Position.initial()
    info = rules.MatchInfo(length=5, score=(4, 2), crawford=True, on_roll=0)
    table = game.Table.from_id(rules.gnubg_id(pos, game.to_table(info)), game.Options.two_players(seed=SEED0))
    st = table.state()
    assert st.crawford and not st.can_double and st.can_roll
    with pytest.raises(game.NotAllowed, match="Crawford"):
        table.double()
    # post-Crawford: doubles are allowed again
    info = rules.MatchInfo(length=5, score=(4, 2), crawford=False, on_roll=1)
    table = game.Table.from_id(rules.gnubg_id(pos, game.to_table(info)), game.Options.two_players(seed=SEED0))
    st = table.state()
    assert st.post_crawford and st.can_double


def test_many_random_cube_paths_verify():
    for n in range(15):
        table = game.Table(game.Options.two_players(seed=seed_hex(300 + n), match_length=(0, 9)[n % 2]))
        rng = random.Random(n)
        from game_helpers import human_act
        st = table.state()
        while st.phase not in (game.GAME_OVER, game.MATCH_OVER):
            st = human_act(table, rng, double_rate=0.5, take_rate=0.8)
        assert verify_record(table.record()).ok
        assert rules.read_mat(table.mat_text()).games[0].winner == st.result.winner


def test_a_beavered_game_verifies():
    table = game.Table(game.Options.two_players(seed=SEED0, beavers=True))
    _to_roll_phase(table)
    table.double()
    table.beaver()
    rng = random.Random(4)
    from game_helpers import human_act
    st = table.state()
    while st.phase not in (game.GAME_OVER, game.MATCH_OVER):
        st = human_act(table, rng, double_rate=0.0)
    assert st.result.points % 4 == 0
    assert verify_record(table.record()).ok
