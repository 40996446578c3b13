"""The table's state is one immutable value (game.TableValue): saves round-trip it, a refused intent keeps it,
and keeping an old value is the rollback."""
from __future__ import annotations

import dataclasses
import random
import typing

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import game
import rules
from game_helpers import SEED0, check_invariants, human_act, seed_hex

OVER = (game.GAME_OVER, game.MATCH_OVER)


def _comparable(st: game.State) -> game.State:
    """A state without what a reload does not keep: the events of the last intent (the clock is compared as a
    deadline: both tables resume at the same ``now``)."""
    return dataclasses.replace(st, events=())


def _options(kind: str, seed: int, length: int) -> game.Options:
    s = seed_hex(seed)
    return {"two": game.Options.two_players(seed=s, match_length=length, clock=30),
            "bot": game.Options.against_bot("beginner", seed=s, match_length=length, auto_roll=True),
            "money": game.Options.two_players(seed=s, jacoby=True, beavers=True, clock=0),
            "bots": game.Options.bots("beginner", seed=s, match_length=length)}[kind]


def _step(table: game.Table, rng: random.Random, chooser, now: float) -> None:
    """One random thing that happens at a table: a decision, a clock tick, a claim, the next game."""
    st = table.state()
    r = rng.random()
    if st.phase in OVER:
        if st.phase == game.GAME_OVER:
            table.next_game(now=now)
        else:
            table.new_game(table.options, now=now)
    elif r < 0.04:  # a claim against the player who owes the decision; by that player itself, refused
        v = table.value
        decider = 1 - v.player if v.phase == game.TAKE or v.offer is not None else v.player
        if r < 0.01:
            before = table.value
            with pytest.raises(game.NotAllowed, match="must act itself"):
                table.end_by_claim(decider, st.cube, "decide")
            assert table.value is before
        else:
            table.end_by_claim(1 - decider, rng.randint(1, 3) * st.cube, "decide")
    elif r < 0.12:
        table.tick(now + 40)  # a clock that runs out (where there is one)
    elif table.pending() is not None:
        table.apply(game.answer_for(table.pending(), chooser), now=now)
    elif st.phase == game.MOVING and st.movable and r < 0.5:
        frm = rng.choice(sorted(st.movable))
        table.move(frm, rng.choice(st.movable[frm]).to, now=now)  # a partly played turn is saved too
    elif not st.actor_is_bot:
        human_act(table, rng, now=now, double_rate=0.4, take_rate=0.7)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 1 << 20), kind=hs.sampled_from(["two", "bot", "money", "bots"]),
       length=hs.sampled_from([0, 1, 3, 5]), steps=hs.integers(1, 120), last=hs.sampled_from(["any", "tick"]))
def test_a_saved_table_reloads_as_the_same_value_and_plays_on_the_same(seed, kind, length, steps, last):
    table = game.Table(_options(kind, seed, length), now=0.0)
    rng = random.Random(seed)
    chooser = game.RandomChooser(seed)
    for i in range(steps):
        _step(table, rng, chooser, float(i))
    now = float(steps)
    if last == "tick":  # saved while the table plays for a player whose clock ran out
        table.tick(now + 40)
        now += 40
    text = table.to_json(now)
    copy = game.Table.from_json(text, now)
    assert copy.to_json(now) == text
    assert _comparable(copy.state()) == _comparable(table.state())
    assert copy.record() == table.record() and copy.mat_text() == table.mat_text()
    if table.value.phase not in OVER:  # the game in play, as the reducer holds it, is read back too
        assert copy.value.game_state == table.value.game_state
    # the reloaded table is the same machine: the same intents give the same states from here on
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    for j in range(25):
        t = now + j
        _step(table, rng_a, game.RandomChooser(j), t)
        _step(copy, rng_b, game.RandomChooser(j), t)
        assert _comparable(copy.state()) == _comparable(table.state())
        check_invariants(copy.state())
    assert copy.to_json(now + 30) == table.to_json(now + 30)


INTENTS = [game.Roll(), game.Double(), game.Take(), game.Pass(), game.Beaver(), game.Undo(), game.Done(),
           game.NextGame(), game.BotCube("double"), game.BotCube("no_double"), game.BotCube("x"),
           game.BotAnswer("take"), game.BotAnswer("pass"), game.BotAnswer("beaver"), game.BotPlay("junk"),
           game.BotPlay(rules.Position.initial().to_id()), game.NewGame("not options"), game.Tick("soon")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 1 << 20), kind=hs.sampled_from(["two", "bot", "money", "bots"]),
       length=hs.sampled_from([0, 3]),
       actions=hs.lists(hs.tuples(hs.integers(0, 99), hs.integers(-2, 27), hs.integers(-2, 27)), min_size=5,
                        max_size=60))
def test_a_refused_intent_leaves_the_very_same_value(seed, kind, length, actions):
    table = game.Table(_options(kind, seed, length), now=0.0)
    rng = random.Random(seed)
    chooser = game.RandomChooser(seed)
    refused = 0
    for i, (pick, frm, to) in enumerate(actions):
        intent = INTENTS[pick % len(INTENTS)] if pick < 60 else game.Move(frm, to, None if pick < 80 else to % 7)
        before, state_before = table.value, table.state()
        try:
            table.apply(intent, now=float(i))
        except game.NotAllowed:
            refused += 1
            assert table.value is before, intent
            assert table.state() is state_before
        else:
            assert table.value is not before
        if rng.random() < 0.4:
            _step(table, rng, chooser, float(i))
    assert refused


def test_keeping_the_old_value_is_the_rollback():
    table = game.Table(game.Options.two_players(seed=SEED0, match_length=3), now=0.0)
    rng = random.Random(3)
    kept = [(table.value, table.to_json(0.0), table.record_json())]
    for i in range(60):
        _step(table, rng, game.RandomChooser(i), float(i))
        kept.append((table.value, table.to_json(table.value.now), table.record_json()))
    for value, text, record in kept[::7]:  # every value kept is still what it was, and can be gone back to
        table.restore(value)
        assert table.value is value and table.record_json() == record
        assert table.to_json(value.now) == text
    with pytest.raises(TypeError):
        table.restore(table.state())


def test_a_value_is_frozen_and_its_record_is_not_shared_with_what_comes_after():
    table = game.Table(game.Options.two_players(seed=SEED0), now=0.0)
    v = table.value
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.phase = game.ROLL  # type: ignore[misc]
    actions = len(v.record["games"][-1]["actions"])
    human_act(table, random.Random(1))
    human_act(table, random.Random(2))
    assert table.value.record is not v.record
    assert len(v.record["games"][-1]["actions"]) == actions


def test_the_dice_come_from_the_source_given():
    class Fixed:
        """Every game's dice from one seed (counting the games asked for)."""
        asked: list = []

        def dice_for(self, options, game_index):
            self.asked.append(game_index)
            return game.SeededDice(bytes(range(32)))

    src = Fixed()
    table = game.Table(game.Options.bots("beginner"), now=0.0, dice_source=src)
    assert table.state().fingerprint == game.SeededDice(bytes(range(32))).fingerprint
    st = game.drive_bots(table, chooser=game.RandomChooser(1))
    assert st.phase in OVER and src.asked == [0]
    table.next_game()
    assert src.asked == [0, 1] and table.state().fingerprint == game.SeededDice(bytes(range(32))).fingerprint
    prepared = game.SeededDice(bytes(32))
    game.drive_bots(table, chooser=game.RandomChooser(2))
    table.prepare_dice(prepared)
    table.next_game()
    assert src.asked == [0, 1] and table.state().fingerprint == prepared.fingerprint


def test_the_table_emits_only_the_kinds_its_types_name():
    kinds, phases, results = set(), set(), set()
    for n in range(6):
        table = game.Table(_options(("two", "bot", "money", "bots")[n % 4], n, (0, 3)[n % 2]), now=0.0)
        rng = random.Random(n)
        for i in range(150):
            _step(table, rng, game.RandomChooser(i), float(i))
            st = table.state()
            kinds |= {e.kind for e in st.events}
            phases.add(st.phase)
            if st.result is not None:
                results.add(st.result.kind)
    assert kinds <= set(typing.get_args(game.EventKind)) and {"moved", "played", "game_over"} <= kinds
    assert phases == set(typing.get_args(game.Phase)) == set(game.PHASES)
    assert results <= set(typing.get_args(game.ResultKind)) and "claimed" in results


_GAME_PHASE = {game.ROLL: "roll", game.MOVING: "move", game.TAKE: "take"}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 1 << 20), kind=hs.sampled_from(["two", "bot", "money", "bots"]),
       length=hs.sampled_from([0, 1, 3, 5]), steps=hs.integers(1, 150))
def test_the_table_s_game_is_its_record_replayed_by_the_one_reducer(seed, kind, length, steps):
    """One flow: at every moment of a game in play, the game the table holds is what ``game.reducer`` makes of
    the record's actions so far, and the table's phase, player, dice and committed board are that game's."""
    table = game.Table(_options(kind, seed, length), now=0.0)
    rng, chooser = random.Random(seed), game.RandomChooser(seed)
    for i in range(steps):
        _step(table, rng, chooser, float(i))
        v = table.value
        if v.phase not in _GAME_PHASE:
            assert v.game_state is not None and v.game_state.phase == "over"
            assert v.game_state.final_outcome() == (v.result.winner, v.result.points, v.result.kind)
            continue
        m = v.match
        s = game.reducer.start(rules.MatchState(length=m.length, score=m.score, crawford=m.crawford,
                                                jacoby=m.jacoby, beavers=m.beavers))
        for action in v.record["games"][-1]["actions"]:
            s = game.reducer.advance(s, action)
        assert s == v.game_state
        assert (_GAME_PHASE[v.phase], v.player, v.dice) == (s.phase, s.turn, s.dice)
        assert v.position(v.player) == s.pos and s.match == m
