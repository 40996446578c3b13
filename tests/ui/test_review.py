"""The review's pure part (ui/review.py): its steps follow the record's replay (the board after every action is
the position the rules engine reaches), texts in both languages, the graph, the stored analyses."""
from __future__ import annotations

import json

import pytest

import game
from bot import analysis as A
from rules.position import Position
from ui import i18n
from ui import review as R
from ui.model import slot_counts


@pytest.fixture(scope="module")
def record():
    table = game.Table(game.Options.bots("intermediate", "beginner", seed="12" * 32, clock=0), now=0)
    game.drive_bots(table, now=0)
    return table.record()


def test_steps_follow_every_action_and_end_on_the_result(record):
    steps = R.steps(record)
    actions = record["games"][0]["actions"]
    assert steps[0].kind == "start" and steps[0].counts == slot_counts(*Position.initial())
    assert [s.action for s in steps[1:]] == list(range(len(actions)))
    assert all(sum(abs(v) for v in s.counts.values()) == 30 for s in steps)
    # every play's step shows the position the analysis calls the played result
    result = A.analyse_record(record, "quick")
    by_action = {s.action: s for s in steps}
    for d in result["games"][0]["decisions"]:
        if d["kind"] == "move":
            assert by_action[d["action"]].counts == R.result_counts(d["played"], d["player"])
    last = steps[-1]
    res = record["games"][0]["result"]
    assert last.outcome[:2] == (res["winner"], res["points"])
    assert last.score[res["winner"]] == res["points"]
    if res["kind"] in ("single", "gammon", "backgammon"):
        assert last.pips[res["winner"]] == 0 and last.counts["off" if res["winner"] == 0 else "opp-off"] in (15, -15)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_step_has_its_sentence(record, lang):
    t = i18n.Texts(lang)
    steps = R.steps(record)
    who = R.names(record, t)
    texts = [R.step_text(s, who, t) for s in steps]
    assert all(texts) and not any("{" in x for x in texts)
    assert any(("plays" if lang == "en" else "joga") in x for x in texts)
    assert all(len(R.facts(s, who, t)) == 4 for s in steps)


def test_graph_points_jump_to_their_steps(record):
    steps = R.steps(record)
    result = A.analyse_record(record, "quick")
    points = R.graph_points(steps, result)
    assert points and all(0 <= w <= 1 for _, w, _, _ in points)
    svg = R.graph_svg(points, points[0][0], 'chances "x" <y>')
    assert svg.count("<circle") == len(points) and 'class="pt current' in svg
    assert f'data-step="{points[-1][0]}"' in svg and "&quot;x&quot; &lt;y>" in svg
    lines = R.decision_lines(result["games"][0]["decisions"][0], R.names(record, i18n.Texts("pt")),
                             i18n.Texts("pt"))
    assert lines and "perdeu" in lines[0]


def test_stored_analyses_keep_the_newest(record):
    key = R.record_key(record)
    assert R.record_key(json.loads(json.dumps(record))) == key
    assert R.record_key({**record, "created": "2026-12-01T10:00:00Z"}) == key
    assert R.record_key({**record, "games": record["games"][:0]}) != key
    stored = None
    for n in range(R.ANALYSIS_KEEP + 5):
        stored = R.store_analysis(stored, f"k{n}", {"level": "quick", "n": n})
    stored = R.store_analysis(stored, key, {"level": "quick", "n": -1})
    stored = R.store_analysis(stored, key, {"level": "deep", "n": -2})
    data = json.loads(stored)
    assert len(data) == R.ANALYSIS_KEEP and "k0" not in data
    assert R.stored_analysis(stored, key) == {"level": "deep", "n": -2}
    assert R.stored_analysis("not json", key) is None and R.stored_analysis(None, key) is None


def test_a_record_that_is_not_one_is_a_clear_error():
    for bad in ("nope", "{}", json.dumps({"format": "gamao-record", "version": 1, "games": []})):
        with pytest.raises(R.ReviewError):
            R.steps(bad)


def test_rating_names_have_texts_in_both_languages():
    for _, name in A.RATINGS + ((0, A.AWFUL), (0, A.NO_RATING)):
        for lang in ("en", "pt"):
            assert R.rating_key(name) in i18n.STRINGS[lang], (lang, name)
