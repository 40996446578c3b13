"""The step-by-step API: it reaches exactly the legal results and never a dead end."""

import pytest

import rules
from rules import IllegalMoveError, Position, Turn
from rules_testkit import mixed_sample

P = Position.from_points


def reachable(turn: Turn, out: set, via_options: bool = True) -> None:
    """Every complete result reachable from ``turn`` by offered single steps."""
    if turn.is_complete:
        out.add(turn.position)
        return
    opts = turn.options()
    assert opts, f"dead end: {turn}"  # an incomplete turn always has a next step
    for src, lst in opts.items():
        for o in lst:
            if len(o.dice) == 1:
                nxt = turn.apply(src, o.to)
                assert nxt.steps[-1] == o.path[0]
                reachable(nxt, out)


def test_steps_reach_exactly_the_legal_results():
    for pos, dice in mixed_sample(11, 1200):
        want = {r for _, r in rules.legal_plays(pos, dice)}
        got: set = set()
        turn = Turn(pos, dice)
        reachable(turn, got)
        if not want:
            assert got == {pos} and turn.is_complete and turn.dice_to_play == 0
        else:
            assert got == want, (pos, dice)


def test_multi_die_options_match_single_steps():
    for pos, dice in mixed_sample(12, 600):
        turn = Turn(pos, dice)
        for src, lst in turn.options().items():
            tos = [o.to for o in lst]
            assert tos == sorted(tos, reverse=True) and len(set(tos)) == len(tos)
            for o in lst:
                t2 = turn.apply(src, o.to)
                assert t2.steps[len(turn.steps):] == o.path
                assert t2.position.mine[o.to] >= 1 or o.to == 0
                assert len(t2.dice_left) == len(turn.dice_left) - len(o.dice)
                assert o.hit == any(s.hit for s in o.path)
                # the path is made of offered single steps
                cur = turn
                for s in o.path:
                    cur = cur.apply(s.frm, s.to, s.die)
                assert cur.position == t2.position


def test_apply_undo_round_trip():
    pos = Position.initial()
    t0 = Turn(pos, (6, 5))
    t1 = t0.apply(24, 13)  # both dice with one checker: two steps
    assert len(t1.steps) == 2 and t1.is_complete
    assert t1.undo().undo().position == pos
    assert t1.undo().dice_left in ((5,), (6,))
    with pytest.raises(IllegalMoveError):
        t0.undo()


def test_illegal_steps_raise_and_change_nothing():
    t0 = Turn(Position.initial(), (6, 5))
    before = (t0.position, t0.steps, t0.dice_left)
    for frm, to in [(6, 0), (13, 12), (24, 17), (3, 1), (25, 20), (8, 7)]:
        with pytest.raises(IllegalMoveError):
            t0.apply(frm, to)
    with pytest.raises(IllegalMoveError):
        t0.apply(24, 18, die=5)
    assert (t0.position, t0.steps, t0.dice_left) == before
    done = t0.apply(24, 13)
    with pytest.raises(IllegalMoveError):
        done.apply(13, 7)


def test_no_dead_end_offered_when_only_one_order_uses_both_dice():
    # Checker on 8 and the rest back on 24 behind our closed 19/18: 6-5 can only use the 6.
    pos = P({"8": 1, "24": 14}, {"6": 2, "7": 2, "13": 11})
    t = Turn(pos, (5, 6))
    assert t.dice_to_play == 1
    assert {src: [o.to for o in lst] for src, lst in t.options().items()} == {8: [2]}
    # Whole roll must be used: with 2-1 from a position where 2 first leads nowhere
    pos = P({"3": 1, "13": 14}, {"24": 2, "13": 13})  # our 1 closed: 3/1 blocked; 3/2/off? no
    t = Turn(pos, (2, 1))
    for src, lst in t.options().items():
        for o in lst:
            assert o.to != 1


def test_bear_off_options_prefer_smaller_die():
    pos = P({"3": 1, "2": 1}, {"24": 15})
    t = Turn(pos, (6, 5))
    # from the 3, off with the 5 first (keeps the 6), both checkers off in the end
    o = {x.to: x for x in t.options()[3]}[0]
    assert o.dice == (5,)
    t2 = t.apply(3, 0)
    assert t2.options()[2][0].dice == (6,)
    assert t2.apply(2, 0).position.mine[0] == 15


def test_enter_then_continue_same_checker():
    pos = P({"bar": 1, "13": 14}, {"5": 15})
    t = Turn(pos, (4, 2))
    opts = t.options()
    assert set(opts) == {25}
    assert {o.to: o.dice for o in opts[25]} == {21: (4,), 23: (2,), 19: (2, 4)}


def test_dice_used_marks_the_played_dice():
    from rules.turn import dice_used
    assert dice_used((6, 3), (6, 3)) == (False, False)
    assert dice_used((6, 3), (3,)) == (True, False)
    assert dice_used((6, 3), (6,)) == (False, True)
    assert dice_used((4, 4), (4, 4, 4)) == (False, False, False, True)
    assert dice_used((4, 4), ()) == (True, True, True, True)


@pytest.mark.parametrize("seed", range(40))
def test_dice_used_follows_a_turn_step_by_step(seed):
    """Along any played turn, as many dice are marked used as steps were made, and the unused ones are the
    dice the turn still has left."""
    import random

    from rules.turn import dice_used
    from rules_testkit import random_position
    rng = random.Random(seed)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    turn = Turn(random_position(rng), dice)
    while True:
        used = dice_used(turn.dice, turn.dice_left)
        faces = (dice[0],) * 4 if dice[0] == dice[1] else dice
        assert sum(used) == len(turn.steps)
        assert sorted(f for f, u in zip(faces, used) if not u) == sorted(turn.dice_left)
        if turn.is_complete:
            break
        src, options = rng.choice(sorted(turn.options().items()))
        turn = turn.apply(src, rng.choice([o for o in options if len(o.dice) == 1] or options).to)


def test_a_point_is_named_as_the_notation_writes_it():
    from rules.position import point_name
    assert [point_name(p) for p in (25, 24, 13, 1, 0)] == ["bar", "24", "13", "1", "off"]
