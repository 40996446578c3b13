"""game.practice: collecting a player's errors, the spaced-repetition schedule, judging answers, JSON."""
import json

import pytest
from hypothesis import given, settings, strategies as st

import bot
import game
import rules
from game import practice as P


@pytest.fixture(scope="module")
def analysed():
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=f"{2:064x}", clock=0), now=0)
    game.drive_bots(table, now=0)
    record = table.record()
    return record, bot.analyse_record(record, "quick")


def _cube_analysis(kind: str, best: str, played: str, pid: str) -> dict:
    return {"games": [{"decisions": [{"player": 0, "kind": kind, "action": 3, "position_id": pid, "dice": None,
                                      "played": played, "best": best, "loss": 0.2, "forced": False,
                                      "mark": "very bad", "equities": {"no_double": 0.5, "double_take": 0.9}}]}]}


def test_collects_only_opted_in_players_bad_unforced_decisions(analysed):
    record, analysis = analysed
    name = record["players"][1]["name"]
    assert P.collect(P.new_deck(), record, analysis, "k", 5.0)["items"] == []  # nobody opted in
    deck = P.collect(P.opt_in(P.new_deck(), name), record, analysis, "k", 5.0)
    expected = [d for g in analysis["games"] for d in g["decisions"]
                if d["player"] == 1 and d["mark"] in ("bad", "very bad") and not d["forced"]
                and d["kind"] in ("move", "double", "take")]  # (a resignation is not practised)
    assert len(deck["items"]) == len(expected) > 0
    for it, d in zip(deck["items"], expected):
        assert it["position_id"] == d["position_id"] and it["best"] == d["best"] and it["due"] == 5.0
        pos, info = rules.parse_gnubg_id(it["gnubg_id"])
        assert pos.to_id() == d["position_id"] and tuple(info.dice) == tuple(d["dice"]) and info.on_roll == 1
        # the table sets it up with the decider at the bottom, the dice rolled
        table = game.table_from_id(it["gnubg_id"], game.Options.two_players(clock=0), now=0)
        assert table.state().turn == 0 and tuple(table.state().dice) == tuple(d["dice"])
    # collecting the same analysis again adds nothing
    assert P.collect(deck, record, analysis, "k", 9.0) == deck
    assert P.collect(P.opt_in(P.new_deck(), record["players"][0]["name"]), record, analysis, "k", 0)["items"] == []


def test_cube_items_set_up_the_decision():
    start = rules.Position.initial().to_id()
    rec = {"players": [{"name": "Ana"}, {"name": "Bot"}]}
    deck = P.collect(P.opt_in(P.new_deck(), "Ana"), rec, _cube_analysis("take", "take", "pass", start), "r", 0)
    (it,) = deck["items"]
    state = game.table_from_id(it["gnubg_id"], game.Options.two_players(clock=0), now=0).state()
    assert state.phase == game.TAKE and state.turn == 1 and state.actor == 0  # the bottom player answers
    deck = P.collect(P.opt_in(P.new_deck(), "Ana"), rec, _cube_analysis("double", "double", "no_double", start),
                     "r", 0)
    state = game.table_from_id(deck["items"][0]["gnubg_id"], game.Options.two_players(clock=0), now=0).state()
    assert state.phase == game.ROLL and state.turn == 0 and state.dice is None


times = st.floats(min_value=0, max_value=1e9, allow_nan=False)


@st.composite
def items(draw):
    return {"id": "x", "kind": "double", "interval": draw(st.sampled_from([0.0, 600.0, P.DAY, 5 * P.DAY, 200 * P.DAY])),
            "due": draw(times), "right": draw(st.integers(0, 50)), "wrong": draw(st.integers(0, 50))}


@given(items(), times)
@settings(max_examples=200, deadline=None)
def test_schedule_right_later_wrong_sooner(item, now):
    right, wrong = P.schedule(item, True, now), P.schedule(item, False, now)
    assert wrong["due"] == now + P.AGAIN < right["due"]
    assert right["interval"] >= min(item["interval"], P.LONGEST) and right["interval"] <= P.LONGEST
    assert right["interval"] >= P.FIRST
    assert right["right"] == item["right"] + 1 and wrong["wrong"] == item["wrong"] + 1
    assert wrong["interval"] == 0.0


@given(st.lists(st.booleans(), min_size=1, max_size=30))
@settings(max_examples=100, deadline=None)
def test_a_run_of_right_answers_grows_the_interval_until_the_cap(answers):
    item = {"id": "x", "kind": "double", "interval": 0.0, "due": 0.0, "right": 0, "wrong": 0}
    now = 0.0
    for ok in answers:
        before = item["interval"]
        item = P.schedule(item, ok, now)
        if ok:
            assert item["interval"] > before or item["interval"] == P.LONGEST
        now = item["due"]


def test_next_item_is_the_longest_due():
    deck = dict(P.new_deck(), items=[{"id": "a", "due": 50.0}, {"id": "b", "due": 10.0}, {"id": "c", "due": 99.0}])
    assert P.next_item(deck, 60.0)["id"] == "b"
    assert [it["id"] for it in P.due(deck, 60.0)] == ["b", "a"]
    assert P.next_item(deck, 5.0) is None


def test_judging_moves_and_cube_answers(analysed):
    record, analysis = analysed
    deck = P.collect(P.opt_in(P.new_deck(), record["players"][1]["name"]), record, analysis, "k", 0)
    it = deck["items"][0]
    assert P.judge(it, it["best"])["right"]
    assert not P.judge(it, it["played"])["right"]
    assert P.judge(it, it["played"])["loss"] == it["loss"]
    eq = {it["best"]: 0.1, "other": 0.08, "far": -0.2}
    assert P.judge(it, "other", eq) == {"right": True, "reply": "other", "loss": pytest.approx(0.02)}
    assert not P.judge(it, "far", eq)["right"]
    with pytest.raises(P.PracticeError):
        P.judge(it, "unknown")
    cube = {"kind": "take", "best": "pass", "played": "take", "loss": 0.3}
    assert P.judge(cube, "pass")["right"] and not P.judge(cube, "take")["right"]
    with pytest.raises(P.PracticeError, match="take or pass"):
        P.judge(cube, "double")
    deck2, verdict = P.answer(deck, it["id"], it["best"], 1000.0)
    assert verdict["right"] and deck2["items"][0]["due"] == 1000.0 + P.FIRST and deck["items"][0]["due"] == 0


def test_json_round_trip_and_bad_imports(analysed):
    record, analysis = analysed
    deck = P.collect(P.opt_in(P.new_deck(), record["players"][1]["name"]), record, analysis, "k", 0)
    assert P.from_json(P.to_json(deck)) == deck
    doc = json.loads(P.to_json(deck))
    bad = [("{", "not JSON"), ("[]", "practice list"), (json.dumps(dict(doc, version=9)), "version"),
           (json.dumps(dict(doc, items=[dict(doc["items"][0], kind="resign")])), "kind"),
           (json.dumps(dict(doc, items=[dict(doc["items"][0], position_id="zz")])), "position"),
           (json.dumps(dict(doc, items=[dict(doc["items"][0], due=-1)])), "due"),
           (json.dumps(dict(doc, items=[doc["items"][0], doc["items"][0]])), "same id"),
           (json.dumps(dict(doc, players="Ana")), "players")]
    for text, why in bad:
        with pytest.raises(P.PracticeError, match=why):
            P.from_json(text)
    merged = P.merge(P.opt_in(P.new_deck(), "Zé"), deck)
    assert merged["players"] == ["Zé"] + deck["players"] and merged["items"] == deck["items"]
    assert P.merge(merged, deck) == merged
