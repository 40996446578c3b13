"""The bot's resignations (bot.resign): accepting what is worth at least playing on, offering only lost games."""
from __future__ import annotations

import pytest

import rules
from rules import CubeInfo
from bot.resign import SURE_LOSS, answer_values, resign_answer, resign_offer
from game import intents as I


def side(d: dict) -> tuple:
    s = [0] * 26
    for k, v in d.items():
        s[k] = v
    return tuple(s)


def test_the_answer_is_what_the_values_say_and_better_offers_are_never_refused_after_a_worse_is_accepted():
    # the resigner on roll, all its checkers in the bot's home board; the bot has two checkers left
    pid = rules.Position(side({19: 3, 20: 3, 21: 3, 22: 3, 23: 3}), side({0: 13, 1: 2})).to_id()
    answers = []
    for points in (1, 2, 3):
        v = answer_values(pid, points)
        answers.append(resign_answer(pid, points))
        assert answers[-1] == ("accept" if v["accept"] >= v["play_on"] - 1e-9 else "decline")
    assert answers[0] == "decline" and answers[2] == "accept"
    assert answers.index("accept") == len(answers) - answers[::-1].count("accept")  # accepting is monotone


def test_after_the_resigners_roll_the_bot_looks_at_the_position_after_its_best_play():
    pid = rules.Position(side({1: 1, 0: 14}), side({6: 2, 0: 13})).to_id()  # the resigner wins with any roll
    assert resign_answer(pid, 1, dice=(6, 5)) == "accept"


def test_match_play_uses_match_winning_chances():
    pid = rules.Position(side({19: 3, 20: 3, 21: 3, 22: 3, 23: 3}), side({0: 13, 1: 2})).to_id()
    # the bot needs one point: a single game wins it the match, so any offer is accepted
    v = answer_values(pid, 1, cube=CubeInfo(match_length=5, score=(4, 0)))
    assert v["accept"] == 1.0 and resign_answer(pid, 1, cube=CubeInfo(match_length=5, score=(4, 0))) == "accept"


def test_the_bot_offers_only_when_it_cannot_win():
    lost = rules.Position(side({1: 15}), side({1: 1, 0: 14})).to_id()  # on roll, the opponent is off next
    assert resign_offer(lost, (1, 2)) == 1
    assert resign_offer(lost, ()) == 0
    assert resign_offer(rules.Position.initial().to_id(), (1, 2, 3)) == 0
    assert resign_offer(lost, (2, 4), cube=CubeInfo(2)) == 2
    assert 0 < SURE_LOSS < 0.01


def test_the_offer_looks_at_the_win_chance_as_evaluate_gives_it():
    """The offer's first look (``_network_wins_more``) answers as ``bot.evaluate``'s win chance does, also within
    the last bits of it, where the network's first output alone could answer otherwise, and for an exact
    bear-off; an unknown level is refused as before."""
    import bot
    from bot.resign import _network_wins_more
    race = rules.Position(side({0: 8, 1: 2, 2: 3, 3: 2}), side({0: 9, 4: 3, 5: 2, 20: 1})).to_id()  # network, no contact
    bear = rules.Position(side({0: 10, 1: 2, 2: 3}), side({0: 10, 4: 3, 5: 2})).to_id()  # the exact table
    for pid in (rules.Position.initial().to_id(), race, bear,
                rules.Position(side({1: 15}), side({1: 1, 0: 14})).to_id()):
        win = bot.evaluate(pid)["win"]
        for chance in (win, win - 1e-13, win + 1e-13, win / 2, min(1.0, win * 2 + 0.01), SURE_LOSS):
            assert _network_wins_more(pid, chance) == (win > chance)
    with pytest.raises(bot.BotError):
        resign_offer(rules.Position.initial().to_id(), (1,), level="grandmaster")


def test_the_worker_answers_and_makes_offers_from_plain_data():
    import json

    import bot_worker
    import game
    opts = game.Options.against_bot("strong")
    t = game.Table.practice(opts, (side({19: 3, 20: 3, 21: 3, 22: 3, 23: 3}), side({0: 13, 1: 2})),
                            rules.MatchState(), 0)
    t.apply(I.Resign(1))
    pend = t.pending()
    decision = bot_worker.decide(json.dumps(pend.to_dict()))
    assert decision == resign_answer(pend.position_id, 1, level="strong", cube=pend.cube)
    t.apply(pend.intent(decision))
    lost = game.Table.practice(opts, (side({1: 1, 0: 14}), side({1: 15})), rules.MatchState(), 1)
    pend = lost.pending()
    assert bot_worker.decide(json.dumps(pend.to_dict())) == "resign 1"
