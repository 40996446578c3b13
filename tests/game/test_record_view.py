"""The verify page's texts (pure parts of ui/verify_view.py): language choice, both languages complete, every
problem the verifier can report has a Portuguese text that its parameters fill."""
from __future__ import annotations

import pathlib
import re

import pytest

from game import dice_stats, reducer, verify
from ui import verify_view as vv


@pytest.mark.parametrize("search, nav, lang", [
    ("?lang=pt", "en-US", "pt"),
    ("?lang=en", "pt-BR", "en"),
    ("?lang=EN&x=1", "pt-BR", "en"),
    ("", "pt-BR", "pt"),
    ("", "pt", "pt"),
    ("", "PT-pt", "pt"),
    ("", "en-GB", "en"),
    ("", "", "en"),
    ("?lang=fr", "de", "en"),
    ("?lang=fr", "pt-BR", "pt"),
])
def test_pick_lang(search, nav, lang):
    assert vv.pick_lang(search, nav) == lang


def test_both_languages_have_every_string():
    assert set(vv.STRINGS["en"]) == set(vv.STRINGS["pt"])
    for lang in vv.LANGS:
        for key, text in vv.STRINGS[lang].items():
            assert text.strip(), (lang, key)


def test_every_problem_code_has_a_portuguese_text():
    source = "".join(pathlib.Path(m.__file__).read_text(encoding="utf-8") for m in (verify, reducer))
    codes = set(re.findall(r'(?:fail|Refused)\(\s*"([a-z_]+)"', source))
    assert {"die_mismatch", "seed_mismatch", "illegal_play", "not_json"} <= codes
    assert codes <= set(vv.PROBLEMS_PT), codes - set(vv.PROBLEMS_PT)


@pytest.mark.parametrize("text", [
    "", "nope", "[]", '{"format": "x"}', '{"format": "gamao-record", "version": 3}',
    '{"format": "gamao-record", "version": 1}',
    '{"format": "gamao-record", "version": 1, "players": [], "match_length": -1, "games": [], "rules": 5}',
])
def test_portuguese_reasons_fill_their_parameters(text):
    verdict = verify.verify_record(text)
    assert verdict.problems
    for problem in verdict.problems:
        pt = vv.problem_text(problem, "pt")
        assert "{" not in pt and pt != problem.message
        assert vv.problem_text(problem, "en").endswith(problem.message)


def test_problem_text_says_where():
    p = verify.Problem("die_mismatch", "throw 3 (roll by player 1): the record has 1-2 but the seed gives 1-3", 0, 4,
                    {"throw": 3, "recorded": "1-2", "derived": "1-3"})
    assert vv.problem_text(p, "en") == "game 1, action 5: " + p.message
    assert vv.problem_text(p, "pt") == "jogo 1, ação 5: Lançamento 3: o registro tem 1-2, mas a semente dá 1-3."


def test_problem_text_falls_back_when_params_are_missing():
    p = verify.Problem("illegal_play", "player 0 with 3-1: 'x' is not a legal play", None, None, {})
    assert vv.problem_text(p, "pt") == p.message


def test_stats_lines():
    few = dice_stats.dice_stats([(1, 2)] * 10)
    assert any("Too few" in line for line in vv.stats_lines(few, "en"))
    fair = dice_stats.DiceStats([100, 101, 99, 100, 100, 100], 300, 50)
    lines = vv.stats_lines(fair, "pt")
    assert "Duplas: 50 em 300" in lines[0] and "nada fora do comum" in lines[-1]
    assert "0,0" in lines[1]  # decimal comma in Portuguese
    skewed = dice_stats.DiceStats([200, 50, 50, 50, 50, 200], 300, 50)
    assert "Unusual" in vv.stats_lines(skewed, "en")[-1]


def test_number_and_pair_text():
    assert vv.number(3.14159, "pt") == "3,14" and vv.number(3.14159, "en", 1) == "3.1"
    assert vv.pair_text((5, 2)) == "5-2" and vv.pair_text(None) == "—"
