"""The table page's time (``ui.table_clock``: the wall clock less the time held by the page's views) and its save
(``ui.table_saves``), under CPython with a wall clock and a storage the test drives."""
from __future__ import annotations

import json

import game
from game import intents as I
from ui.table_clock import TableClock
from game.save import STEPS_SUFFIX
from ui.table_saves import SAVE_KEY, TableSaves


class Wall:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Store:
    def __init__(self) -> None:
        self.data: dict = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value) -> bool:
        self.data[key] = value
        return True

    def remove(self, key) -> None:
        self.data.pop(key, None)


def test_the_clock_follows_the_wall_until_held():
    wall = Wall()
    clock = TableClock(wall)
    assert clock.now() == 1000.0 and not clock.held
    wall.t = 1010.0
    assert clock.now() == 1010.0


def test_held_time_does_not_count_and_every_reason_must_let_go():
    wall = Wall()
    clock = TableClock(wall)
    clock.hold("review")
    wall.t += 5
    clock.hold("dialog")
    wall.t += 5
    assert clock.held and clock.now() == 1000.0
    clock.release("review")
    wall.t += 5
    assert clock.held and clock.now() == 1000.0  # the dialog still holds it
    clock.release("dialog")
    assert not clock.held and clock.now() == 1000.0
    wall.t += 3
    assert clock.now() == 1003.0


def test_releasing_what_was_never_held_changes_nothing():
    wall = Wall()
    clock = TableClock(wall)
    clock.release("review")
    wall.t += 2
    assert clock.now() == 1002.0
    clock.hold("a")
    clock.hold("a")  # the same reason twice is one reason
    wall.t += 4
    clock.release("a")
    assert clock.now() == 1002.0


def test_two_pages_keep_their_own_time():
    wall = Wall()
    one, two = TableClock(wall), TableClock(wall)
    one.hold("review")
    wall.t += 7
    assert one.now() == 1000.0 and two.now() == 1007.0


def _played_table(now: float) -> game.Table:
    """Two people at a 45-second clock, the opening roll made (a game under way, its clock running)."""
    table = game.Table(game.Options.two_players(seed="ab" * 32, clock=45), now=now)
    if table.state().can_roll:
        table.apply(I.Roll(), now)
    assert table.state().phase == game.MOVING
    return table


def test_a_saved_table_is_read_back():
    wall, store, warned = Wall(), Store(), []
    saves = TableSaves(store, TableClock(wall).now, warned.append)
    table = _played_table(wall())
    saves.save(table)
    again, notice = TableSaves(store, TableClock(wall).now, warned.append).load()
    assert notice == "resumed" and not warned
    assert game.table_to_json(again, wall()) == game.table_to_json(table, wall())


def test_nothing_saved_reads_as_none():
    saves = TableSaves(Store(), Wall(), [].append)
    assert saves.load() == (None, "")


def test_a_corrupt_save_is_kept_aside_and_removed():
    store = Store()
    store.set(SAVE_KEY, "{not json")
    table, notice = TableSaves(store, Wall(), [].append).load()
    assert table is None and notice == "corrupt_save"
    assert store.get(SAVE_KEY) is None and store.get(SAVE_KEY + ".corrupt") == "{not json"


def test_a_failed_save_warns_and_does_not_raise():
    class Broken:
        @property
        def value(self):
            raise RuntimeError("full")

    warned: list = []
    TableSaves(Store(), Wall(), warned.append).save(Broken())
    assert warned == ["could not save the game: full"]


def test_the_clock_is_saved_only_over_this_pages_own_save():
    wall, store = Wall(), Store()
    saves = TableSaves(store, wall, [].append)
    table = _played_table(wall())
    saves.save(table)
    assert not saves.clock_due()
    wall.t += 5
    assert saves.clock_due()
    saves.save_clock(table)
    back, _ = TableSaves(store, wall, [].append).load()  # the clock's time left as of now, read back
    assert json.loads(game.table_to_json(back, wall())) == json.loads(game.table_to_json(table, wall()))
    assert not saves.clock_due()
    store.set(SAVE_KEY, "another tab's game")
    wall.t += 5
    saves.save_clock(table)
    assert store.get(SAVE_KEY) == "another tab's game"  # only an action overwrites it now
    saves.written_elsewhere(SAVE_KEY)  # the page hears of the other tab's save
    saves.save(table)
    assert store.get(SAVE_KEY) != "another tab's game"
    back, _ = TableSaves(store, wall, [].append).load()
    assert json.loads(game.table_to_json(back, wall())) == json.loads(game.table_to_json(table, wall()))


def test_after_a_checker_step_only_the_steps_are_written_and_read_back_with_the_whole():
    wall, store = Wall(), Store()
    saves = TableSaves(store, wall, [].append)
    table = _played_table(wall())
    saves.save(table)
    whole = store.get(SAVE_KEY)
    st = table.state()
    frm = max(st.movable)
    table.apply(I.Move(frm, st.movable[frm][0].to), wall())
    saves.save(table)
    assert store.get(SAVE_KEY) == whole and store.get(SAVE_KEY + STEPS_SUFFIX)
    back, notice = TableSaves(store, wall, [].append).load()
    assert notice == "resumed" and game.table_to_json(back, wall()) == game.table_to_json(table, wall())


def test_no_table_saves_no_clock():
    wall, store = Wall(), Store()
    saves = TableSaves(store, wall, [].append)
    saves.save_clock(None)
    assert store.data == {} and saves.saved_at == wall()
