"""The page's save (``game.save.PageSave``): after every action it writes the whole table or only the turn's
steps, and the two read back together are the table as it was at that moment; steps that belong to another
whole save are not read."""
from __future__ import annotations

import json
import random

import pytest

import game
from game import intents as I
from game.save import STEPS_SUFFIX, PageSave
from game_helpers import seed_hex


def _play(n: int):
    """(table, now) after each action of a random game between two people (steps, undos, rolls, doubles)."""
    rng = random.Random(n)
    table = game.Table(game.Options.two_players(seed=seed_hex(n), match_length=3, clock=45), now=0)
    now = 0.0
    for _ in range(250):
        st = table.state()
        if st.phase == game.MATCH_OVER:
            return
        now += rng.choice((0.5, 2, 9))
        if st.phase == game.GAME_OVER:
            table.apply(I.NextGame(), now)
        elif st.can_take:
            table.apply(I.Take(), now)
        elif st.can_double and rng.random() < 0.05:
            table.apply(I.Double(), now)
        elif st.can_roll:
            table.apply(I.Roll(), now)
        elif st.can_undo and rng.random() < 0.2:
            table.apply(I.Undo(), now)
        elif st.movable and not (st.can_done and rng.random() < 0.5):
            frm = rng.choice(sorted(st.movable))
            table.apply(I.Move(frm, rng.choice([o.to for o in st.movable[frm]])), now)
        elif st.can_done:
            table.apply(I.Done(), now)
        else:
            table.apply(I.Tick(now))
        yield table, now


@pytest.mark.parametrize("n", range(6))
def test_whole_and_steps_read_back_as_the_table_at_every_action(n):
    saver = PageSave()
    stored: dict = {}
    kinds = set()
    for table, now in _play(n):
        writes = saver.texts(table, now)
        kinds.add(tuple(sorted(writes)))
        stored.update(writes)
        back = game.table_from_json(stored[""], now, steps=stored.get(STEPS_SUFFIX))
        assert game.table_to_json(back, now) == game.table_to_json(table, now)
    assert kinds == {("", STEPS_SUFFIX), (STEPS_SUFFIX,)}  # both kinds of writes happened


def test_a_step_writes_only_the_steps_and_the_clock_left():
    table = game.Table(game.Options.two_players(seed=seed_hex(3), clock=45), now=0)
    saver = PageSave()
    while table.state().phase != game.MOVING or not table.state().movable:
        table.apply(I.Roll() if table.state().can_roll else I.Done(), 1.0)
    saver.texts(table, 1.0)
    st = table.state()
    frm = max(st.movable)
    table.apply(I.Move(frm, st.movable[frm][0].to), 4.0)
    writes = saver.texts(table, 4.0)
    assert list(writes) == [STEPS_SUFFIX]
    data = json.loads(writes[STEPS_SUFFIX])
    assert data["steps"] == [[s.frm, s.to, s.die] for s in table.turn.steps]
    assert data["clock_remaining"] == pytest.approx(table.value.deadline - 4.0)


def test_steps_of_another_whole_save_or_unreadable_steps_are_not_read():
    table = game.Table(game.Options.two_players(seed=seed_hex(5)), now=0)
    saver = PageSave()
    while table.state().phase != game.MOVING or not table.state().movable:
        table.apply(I.Roll() if table.state().can_roll else I.Done(), 1.0)
    whole = saver.texts(table, 1.0)[""]
    st = table.state()
    frm = max(st.movable)
    table.apply(I.Move(frm, st.movable[frm][0].to), 2.0)
    steps = saver.texts(table, 2.0)[STEPS_SUFFIX]
    assert game.table_to_json(game.table_from_json(whole, 2.0, steps=steps), 2.0) == game.table_to_json(table, 2.0)
    without = game.table_to_json(game.table_from_json(whole, 2.0), 2.0)
    other = json.dumps(dict(json.loads(steps), of="1:2"))
    for bad in (other, "{not json", "", json.dumps({"of": json.loads(steps)["of"], "steps": 3})):
        assert game.table_to_json(game.table_from_json(whole, 2.0, steps=bad), 2.0) == without
