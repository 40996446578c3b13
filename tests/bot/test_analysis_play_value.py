"""What the analysis counts a checker play worth (``bot.analysis._play_value``): in a match the play's cubeful
match-winning chance as equivalent money, the opponent on roll taking its best cube action by the cube model;
cubeless where the cube is dead (the Crawford game, a game that has ended) and in money play."""
from __future__ import annotations

import pytest

from bot import analysis as A
from bot import cube as C
from rules.cubeinfo import CubeInfo
from rules.position import Position

# After the play the opponent is on roll; the mover's cubeless chances (win, gammon, backgammon, lose gammon,
# lose backgammon). A contact position: the opening's, whose efficiency is contact's.
AFTER = Position.initial()


def _ctx(value=1, owner="center", score=(0, 0), crawford=False, length=7) -> CubeInfo:
    return CubeInfo(value, owner, length, score, crawford)


def test_a_play_that_lets_the_opponent_double_us_out_is_a_game_lost():
    """The opponent wins 88 % without gammons: it doubles and the mover passes, a single game lost at this cube
    (-1 as equivalent money), where the cubeless value counts the mover's 12 % of wins."""
    o = (0.12, 0.0, 0.0, 0.0, 0.0)
    for ctx in (_ctx(), _ctx(score=(2, 3)), _ctx(2, "opponent", (1, 1))):
        assert A._play_value(o, ctx, AFTER) == pytest.approx(-1.0, abs=1e-9)
        assert A._cubeless_value(o, ctx) > -0.9


def test_owning_the_cube_is_worth_something_and_the_opponents_cube_costs():
    """The same chances are worth more to the mover when it owns the cube (the opponent cannot double, the mover
    can redouble) than when the opponent owns it, and the centred cube lies between."""
    o = (0.55, 0.12, 0.01, 0.10, 0.005)
    mine = A._play_value(o, _ctx(2, "me", (1, 1)), AFTER)
    theirs = A._play_value(o, _ctx(2, "opponent", (1, 1)), AFTER)
    centre = A._play_value(o, _ctx(1, "center", (1, 1)), AFTER)
    assert mine > centre > theirs


def test_the_value_is_the_opponents_best_cube_action_by_the_model():
    o = (0.3, 0.08, 0.004, 0.2, 0.01)
    ctx = _ctx(1, "center", (3, 2))
    opp = ctx.flipped()
    e = C.match_equities(A.invert(o), opp, C.efficiency(AFTER))
    best = max(e["no_double"], min(e["double_take"], e["double_pass"]))
    assert A._play_value(o, ctx, AFTER) == pytest.approx(A.emg(ctx, 1.0 - best), abs=1e-12)
    # The mover owns the cube: the opponent cannot double, only play on against the mover's cube.
    own = _ctx(2, "me", (3, 2))
    opp = own.flipped()
    on = C.match_cubeful(A.invert(o), opp.my_away, opp.their_away, 2, "opponent", False, C.efficiency(AFTER))
    assert A._play_value(o, own, AFTER) == pytest.approx(A.emg(own, 1.0 - on), abs=1e-12)


@pytest.mark.parametrize("o", [(0.12, 0.0, 0.0, 0.0, 0.0), (0.55, 0.12, 0.01, 0.10, 0.005), (0.9, 0.5, 0.1, 0.0, 0.0)])
def test_a_dead_cube_and_money_play_count_the_cubeless_value(o):
    for ctx in (_ctx(1, "center", (6, 3), crawford=True), CubeInfo(), CubeInfo(2, "me")):
        assert A._play_value(o, ctx, AFTER) == A._cubeless_value(o, ctx)


def test_a_play_that_ends_the_game_is_worth_its_points():
    mine = (15,) + (0,) * 25  # the mover has borne off all 15; the opponent 3 off, 12 in its home board
    won = Position(mine, (3, 2, 2, 2, 2, 2, 2) + (0,) * 19)
    o = (1.0, 0.0, 0.0, 0.0, 0.0)
    ctx = _ctx(1, "center", (2, 2))
    assert A._play_value(o, ctx, won) == A._cubeless_value(o, ctx) == pytest.approx(1.0)


def test_quick_ranks_a_match_play_by_its_cubeful_value():
    """In a match with a live cube, each play's equity is its cubeful value and the plays are ranked by it."""
    from rules.movegen import legal_plays
    from bot import play as P
    ctx = _ctx(1, "center", (2, 4))
    pos = Position.initial()
    opts = A.move_options(pos, (6, 4), "quick", ctx)
    ev = A._evaluator()
    by_id = {r.to_id(): r for _, r in legal_plays(pos, (6, 4))}
    assert {o["position_id"] for o in opts} == set(by_id)
    for o in opts:
        r = by_id[o["position_id"]]
        assert o["equity"] == pytest.approx(A._play_value(P.after_play_outputs(ev, r), ctx, r), abs=1e-12)
    assert [o["equity"] for o in opts] == sorted((o["equity"] for o in opts), reverse=True)
    assert any(o["equity"] != pytest.approx(A._cubeless_value(o["outputs"], ctx), abs=1e-3) for o in opts)
