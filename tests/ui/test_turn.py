"""Whose turn (ui.turn.chip): with two people at one device, the chip names the player who acts now, in every
acting phase (rolling, moving, answering a double); against the bot and between games there is none."""
from __future__ import annotations

import pytest

import game
from ui import turn
from ui.i18n import Texts
from game import intents as I

SEED = "ab" * 32  # White (player 0) opens with 3-1


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_chip_follows_the_player_who_acts(lang):
    t = Texts(lang)
    white, black = t("player_white"), t("player_black")
    table = game.Table(game.Options.two_players(seed=SEED, clock=0), now=0)
    state = table.state()
    assert state.phase == game.MOVING and turn.chip(state, t) == ("bottom", t("turn_of", name=white))
    table.apply(I.Move(8, 5))
    state = table.apply(I.Move(6, 5))
    assert turn.chip(state, t) == ("bottom", t("turn_of", name=white))  # still White's until Done
    state = table.apply(I.Done())
    assert state.phase == game.ROLL and turn.chip(state, t) == ("top", t("turn_of", name=black))
    state = table.apply(I.Double())
    assert state.phase == game.TAKE and turn.chip(state, t) == ("bottom", t("turn_of", name=white))
    state = table.apply(I.Pass())
    assert state.phase == game.GAME_OVER and turn.chip(state, t) is None


def test_no_chip_against_the_bot():
    t = Texts("en")
    table = game.Table(game.Options.against_bot("beginner", seed=SEED, clock=0), now=0)
    assert table.state().phase == game.MOVING and turn.chip(table.state(), t) is None


@pytest.mark.parametrize("seed_byte", range(1, 9))
def test_the_chip_is_always_the_actor_through_random_games(seed_byte):
    """Two people played by random choices: at every state the chip names the actor's side, or is absent
    exactly when nobody acts."""
    t = Texts("en")
    table = game.Table(game.Options.two_players(seed=f"{seed_byte:02x}" * 32, clock=0), now=0)
    chooser = game.RandomChooser(seed_byte)
    names = (t("turn_of", name=t("player_white")), t("turn_of", name=t("player_black")))
    for _ in range(3000):
        state = table.state()
        found = turn.chip(state, t)
        if state.phase in (game.GAME_OVER, game.MATCH_OVER):
            assert found is None
            return
        assert found == (("bottom", "top")[state.actor], names[state.actor])
        # Let a bot's chooser decide for the person who acts (single steps: many intents per game).
        table.apply(I_for(table, state, chooser), 0)
    pytest.fail("the game did not end")


def I_for(table, state, chooser):
    """A random allowed intent for the person who acts."""
    if state.phase == game.TAKE:
        return I.Take() if chooser.rng.random() < 0.7 else I.Pass()
    if state.phase == game.ROLL:
        return I.Double() if state.can_double and chooser.rng.random() < 0.05 else I.Roll()
    if state.can_done:
        return I.Done()
    frm = chooser.rng.choice(sorted(state.movable))
    return I.Move(frm, chooser.rng.choice(list(state.movable[frm])).to)
