"""The turn clock: deadlines as data, expiry in every phase, the table never doubles for anyone."""
from __future__ import annotations

import random

import pytest

import game
import rules
from game.verify import verify_record
from game_helpers import SEED0, human_act, play_human_turn, seed_hex
from game import intents as I


def _two(**kw) -> game.Table:
    return game.Table(game.Options.two_players(seed=SEED0, **kw), now=100.0)


def test_deadlines_start_with_each_phase_and_bots_have_none():
    table = _two()
    st = table.state()
    assert st.deadline == 145.0 and st.remaining(130.0) == 15.0 and st.remaining(200) == 0.0
    st = table.apply(I.Tick(144.9))
    assert st.events == () and st.deadline == 145.0
    play_human_turn(table, random.Random(0), now=110.0)
    assert table.state().deadline == 155.0            # player 1's roll phase
    st = table.apply(I.Roll(), now=120.0)
    assert st.deadline == 165.0                       # moving gets its own time
    bot_table = game.Table(game.Options.bots(seed=SEED0), now=0.0)
    assert bot_table.state().deadline is None
    assert game.Table(game.Options.two_players(clock=0), now=5).state().deadline is None


def test_expiry_while_moving_keeps_the_steps_made_and_plays_the_rest():
    table = _two()                                    # player 0 plays 6-3
    table.apply(I.Move(24, 18), now=101)
    st = table.apply(I.Tick(145.0))
    assert [e.kind for e in st.events] == ["clock_expired"] and st.events[0].phase == "move"
    assert not st.can_undo and not st.can_done and st.movable == {} and st.deadline is None
    pend = table.pending()
    assert pend.kind == "play" and pend.reason == "clock" and pend.player == 0
    # every candidate keeps 24/18
    for cand in pend.candidates:
        assert rules.Position.from_id(cand).mine[24] <= 1
    with pytest.raises(game.NotAllowed):
        table.apply(I.Undo())
    with pytest.raises(game.NotAllowed):
        table.apply(I.Move(13, 10))
    with pytest.raises(game.NotAllowed):
        table.apply(I.BotPlay(rules.Position.initial().to_id()))  # not a result of this roll
    st = game.drive_bots(table, now=146, chooser=game.RandomChooser(4))
    played = [e for e in st.events if e.kind == "played"][0]
    assert played.auto and ("24/18" in played.notation or "24/15" in played.notation)
    assert st.turn == 1 and st.phase == game.ROLL and st.deadline == 146 + 45
    acts = table.record()["games"][0]["actions"]
    assert acts[-1]["type"] == "clock_expired" and acts[-1]["phase"] == "move"
    assert acts[-1]["played"] == played.notation


def test_expiry_with_steps_made_uses_the_bot_when_it_keeps_them():
    from game_helpers import real_bot_or_skip
    real_bot_or_skip()
    table = _two()
    table.apply(I.Move(24, 18), now=101)
    table.apply(I.Tick(200))
    st = game.drive_bots(table, now=200)
    assert st.turn == 1 and verify_record(_finish(table)).ok


def _finish(table: game.Table) -> dict:
    rng = random.Random(9)
    st = table.state()
    while st.phase not in (game.GAME_OVER, game.MATCH_OVER):
        st = game.drive_bots(table, chooser=game.RandomChooser(3))
        if st.phase in (game.GAME_OVER, game.MATCH_OVER) or table.state().phase in (game.GAME_OVER,
                                                                                     game.MATCH_OVER):
            break
        st = human_act(table, rng)
    return table.record()


def test_expiry_before_rolling_rolls_and_plays_and_never_doubles():
    table = _two()
    play_human_turn(table, random.Random(0), now=101)  # player 1 to roll; may double
    st = table.state()
    assert st.can_double and st.deadline == 146
    st = table.apply(I.Tick(146))
    kinds = [e.kind for e in st.events]
    assert kinds[:2] == ["clock_expired", "rolled"] and st.events[0].phase == "roll"
    assert "doubled" not in kinds and st.cube == 1
    pend = table.pending()
    assert pend is not None and pend.kind == "play" and pend.reason == "clock" and pend.player == 1
    st = game.drive_bots(table, now=147, chooser=game.RandomChooser(0, double_rate=1.0))
    assert st.turn == 0 and st.cube == 1
    acts = table.record()["games"][0]["actions"]
    assert [a["type"] for a in acts[-3:]] == ["clock_expired", "roll", "clock_expired"]
    assert verify_record(_finish(table)).ok


def test_expiry_before_rolling_with_an_auto_roll_check_pending():
    table = _two(auto_roll=True)
    play_human_turn(table, random.Random(0), now=101)
    assert table.pending().reason == "auto"
    st = table.apply(I.Tick(1000))
    assert [e.kind for e in st.events][:2] == ["clock_expired", "rolled"]
    assert table.pending().reason == "clock"


def test_expiry_facing_a_double_answers_and_never_beavers():
    table = _two(beavers=True)
    play_human_turn(table, random.Random(0), now=101)
    table.apply(I.Double(), now=102)
    st = table.state()
    assert st.deadline == 147 and st.actor == 0
    st = table.apply(I.Tick(147.5))
    assert st.events[0].kind == "clock_expired" and st.events[0].phase == "take" and st.events[0].player == 0
    pend = table.pending()
    assert pend.kind == "answer" and pend.reason == "clock" and pend.player == 0
    with pytest.raises(game.NotAllowed):
        table.apply(I.Take())
    with pytest.raises(game.NotAllowed):
        table.apply(I.BotAnswer("beaver"))
    st = table.apply(I.BotAnswer("take"), now=148)
    assert st.cube == 2 and st.cube_owner == 0 and st.events[0].auto
    act = table.record()["games"][0]["actions"][-1]
    assert act == {"type": "clock_expired", "player": 0, "phase": "take", "played": "take"}
    assert verify_record(_finish(table)).ok


def test_expiry_facing_a_double_can_pass():
    table = _two(match_length=3)
    play_human_turn(table, random.Random(0), now=101)
    table.apply(I.Double(), now=102)
    table.apply(I.Tick(500))
    st = table.apply(I.BotAnswer("pass"))
    assert st.result == game.Result(1, 1, "pass")
    assert verify_record(table.record()).ok


def test_ticks_do_nothing_outside_a_running_clock():
    table = game.Table(game.Options.bots(seed=SEED0), now=0)
    st = table.apply(I.Tick(10_000))
    assert st.events == ()
    table = _two()
    table.apply(I.Tick(145))
    st = table.apply(I.Tick(10_000))                  # already expired: nothing more
    assert st.events == ()
    with pytest.raises(game.NotAllowed):
        table.apply(I.Tick("soon"))


def test_a_long_game_of_expiries_verifies():
    table = game.Table(game.Options.two_players(seed=seed_hex(77), match_length=3), now=0)
    rng = random.Random(77)
    now = 0.0
    for _ in range(400):
        st = table.state()
        if st.phase in (game.GAME_OVER, game.MATCH_OVER):
            break
        if rng.random() < 0.5 and st.deadline is not None:
            now = st.deadline + 1
            table.apply(I.Tick(now))
            game.drive_bots(table, now=now, chooser=game.RandomChooser(rng.randrange(99)))
        else:
            human_act(table, rng, now=now, double_rate=0.3)
    assert verify_record(table.record()).ok
