"""The texts about the person at the table use "You" with its own verb forms ("You win", "You take", "You pass",
"You start"), in every notice, status line, result and tooltip of games played against the bot."""
from __future__ import annotations

import re

import pytest

import game
from game import intents as I
from ui import status as S
from ui.i18n import Texts

THIRD_PERSON = re.compile(r"\bYou (wins|takes|passes|starts|rolls|doubles|plays|is|has)\b")


def person(state, rng):
    """A random allowed intent for the person (seat 0)."""
    if state.phase == game.TAKE:
        return I.Take() if rng.random() < 0.6 else I.Pass()
    if state.phase == game.ROLL:
        return I.Double() if state.can_double and rng.random() < 0.2 else I.Roll()
    if state.can_done:
        return I.Done()
    frm = rng.choice(sorted(state.movable))
    return I.Move(frm, rng.choice(list(state.movable[frm])).to)


def texts_of(table_states, t):
    for state in table_states:
        yield S.status_line(state, t)
        yield S.result_text(state, t)
        yield S.cube_text(state, t)
        yield S.tray_text(state, 0, t)
        yield S.score_text(state, t)
        for ev in state.events:
            yield S.event_notice(ev, state.seats, t)


@pytest.mark.parametrize("seed_byte", range(1, 7))
def test_no_you_with_a_third_person_verb(seed_byte):
    t = Texts("en")
    import random
    rng = random.Random(seed_byte)
    opts = game.Options.against_bot("beginner", seed=f"{seed_byte:02x}" * 32, clock=0, match_length=3)
    table = game.Table(opts, now=0)
    chooser = game.RandomChooser(seed_byte, double_rate=0.3, take_rate=0.5)
    states = [table.state()]
    seen = set()
    for _ in range(5000):
        state = table.state()
        if state.phase == game.MATCH_OVER:
            break
        if state.pending is not None:
            state = table.apply(game.answer_for(state.pending, chooser), 0)
        elif state.phase == game.GAME_OVER:
            state = table.apply(I.NextGame(), 0)
        else:
            state = table.apply(person(state, rng), 0)
        states.append(state)
        seen.update(ev.kind for ev in state.events)
    assert states[-1].phase == game.MATCH_OVER
    bad = [text for text in texts_of(states, t) if THIRD_PERSON.search(text)]
    assert not bad, bad[:5]
    assert {"game_over", "rolled"} <= seen


def test_the_person_wins_and_passes_in_the_second_person():
    t = Texts("en")
    table = game.Table(game.Options.against_bot("beginner", seed="ab" * 32, clock=0), now=0)
    table.apply(I.Move(8, 5))
    table.apply(I.Move(6, 5))
    state = table.apply(I.Done(), 0)
    while state.pending is not None:
        state = table.apply(game.answer_for(state.pending, game.RandomChooser(1, double_rate=0)), 0)
    state = table.apply(I.Double(), 0)
    # The bot answers; whatever it does, the sentences about the person read "You ...".
    state = table.apply(game.answer_for(state.pending, game.RandomChooser(3, take_rate=0)), 0)
    assert S.result_text(state, t) == "You win 1 point (double passed)."
    assert S.event_notice(next(e for e in state.events if e.kind == "passed"), state.seats, t) == \
        "Bot (Beginner) passes."
    pt = Texts("pt")
    assert S.result_text(state, pt) == "Você ganha 1 ponto (dobra recusada)."
