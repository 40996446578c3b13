"""The review's pure parts (ui/review.py, review_list, review_graph, review_arrows, review_stats): its decisions
follow the record's replay (the board before each is the position the rules engine reaches, the arrows' steps
make the play), the analysis lands on the right decisions, texts in both languages, the graph and the list."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

import game
from bot import analysis as A
from rules.position import Position
from ui import i18n
from ui import review as R
from ui import review_arrows as RA
from ui import review_graph as RG
from ui import review_list as RL
from ui import review_stats as RS
from ui.model import slot_counts

SEEDS = ["12" * 32, "3c" * 32, "a7" * 32]


def bot_record(seed: str, match: int = 0) -> dict:
    """A game (or a whole match) of the intermediate bot against the beginner."""
    from game import intents
    table = game.Table(game.Options.bots("intermediate", "beginner", seed=seed, clock=0, match_length=match), now=0)
    state = game.drive_bots(table, now=0)
    while match and state.can_next_game:   # a money session would go on: one game
        table.apply(intents.NextGame(), 0)
        state = game.drive_bots(table, now=0)
    return table.record()


@pytest.fixture(scope="module", params=SEEDS)
def record(request):
    return bot_record(request.param)


@pytest.fixture(scope="module")
def analysed():
    rec = bot_record(SEEDS[0], match=5)
    return rec, R.items(rec), A.analyse_record(rec, "quick")


def moved(counts: dict, steps) -> dict:
    """``counts`` after the checker steps (from slot, to slot, hit), the mover told by the sign at the source."""
    out = dict(counts)
    for frm, to, hit in steps:
        sign = 1 if out[frm] > 0 else -1
        out[frm] -= sign
        if hit:
            assert out[to] == -sign, (frm, to, out[to])
            out[to] = 0
            bar = "opp-bar" if sign > 0 else "bar"
            out[bar] -= sign
        out[to] += sign
    return out


def test_items_are_the_decisions_in_order_and_their_boards_follow_the_replay(record):
    items = R.items(record)
    kinds = {"play", "double", "take", "pass", "beaver", "resign"}
    actions = [(gi, ai) for gi, g in enumerate(record["games"]) for ai, a in enumerate(g["actions"])
               if a["type"] in kinds or (a["type"] == "clock_expired" and a["phase"] != "roll")]
    assert [(it.game, it.action) for it in items] == actions
    assert items[0].counts == slot_counts(*Position.initial())
    for it, nxt in zip(items, items[1:]):
        if nxt.game == it.game:
            assert nxt.counts == it.after        # the position after a decision is the one before the next
    for it in items:
        assert sum(abs(v) for v in it.counts.values()) == 30
        if it.kind == "play":
            assert it.dice and len(it.steps) in (0, 1, 2, 3, 4)
            assert moved(it.counts, it.steps) == it.after, (it.game, it.action, it.notation)
            assert Position.from_id(it.position_id).pips()[0] == it.pips[it.player]
    last = items[-1]
    res = record["games"][-1]["result"]
    assert last.outcome[:2] == (res["winner"], res["points"])


def test_the_analysis_lands_on_its_decisions_and_the_best_plays_arrows_make_the_best_play(analysed):
    rec, items, result = analysed
    R.join(items, result)
    rows = [d for g in result["games"] for d in g["decisions"]]
    assert sum(len(it.analysed) for it in items) == len(rows)
    for it in items:
        for d in it.analysed:
            assert d["player"] == it.player
            if d["kind"] == "move":
                assert d["action"] == it.action and it.kind == "play"
            elif d["kind"] == "double" and d["played"] == "no_double":
                assert d["action"] == it.roll_action
        assert it.mark in R.MARKS
        assert it.mark == max((R.mark_value(d["mark"]) for d in it.analysed), key=R.MARKS.index, default="none")
    with_best = [it for it in items if R.best_steps(it)]
    assert with_best
    for it in with_best:
        assert moved(it.counts, R.best_steps(it)) == R.best_counts(it)
        assert R.best_counts(it) != it.after
    R.join(items, None)
    assert all(not it.analysed and it.mark == "none" and it.loss is None for it in items)


def test_each_decision_can_be_analysed_as_a_position(analysed):
    from rules import parse_xgid
    rec, items, result = analysed
    for it in items:
        pos, info, _ = parse_xgid(R.xgid_of(it, rec["match_length"]))
        seen = pos if info.on_roll == it.player else pos.swapped()
        assert seen.to_id() == it.position_id
        assert info.dice == (tuple(it.dice) if it.dice else (0, 0))
        assert info.double_offered == (it.kind in ("take", "pass", "beaver"))
        assert (info.length, info.cube, info.cube_owner) == (rec["match_length"], it.cube, it.owner)


def test_next_and_previous_error_of_a_player(analysed):
    rec, items, result = analysed
    R.join(items, result)
    errors = [i for i, it in enumerate(items) if it.mark != "none"]
    assert errors
    assert R.next_error(items, -1, 1, None) == errors[0]
    assert R.next_error(items, errors[-1], 1, None) is None
    assert R.next_error(items, len(items), -1, None) == errors[-1]
    for p in (0, 1):
        mine = [i for i in errors if items[i].player == p]
        got, i = [], -1
        while (i := R.next_error(items, i, 1, p)) is not None:
            got.append(i)
        assert got == mine


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_decision_has_its_words_the_list_and_the_graph(analysed, lang):
    rec, items, result = analysed
    R.join(items, result)
    t = i18n.Texts(lang)
    who = R.names(rec, t)
    for it in items:
        for text in (R.notation(it, t), R.item_text(it, who, t)):
            assert text and "{" not in text
        assert len(R.facts(it, who, t)) == 4
    html = RL.html(items, who, t, 3)
    assert html.count("data-decision") == len(items)
    assert re.findall(r'data-i="(\d+)"[^>]*aria-current', html) == ["3"]
    assert html.count('tabindex="0"') == 1
    assert re.findall(r'data-mark="([a-z-]+)"', html) == [it.mark for it in items]
    losses = re.findall(r'<span class="loss">([^<]*)</span>', html)   # each decision's loss; none is "−0.000"
    assert len(losses) == len(items) and "0.000" in losses and "−0.000" not in losses
    assert [x for x in losses if x not in ("", "0.000")] == [
        t("review_lost", loss=f"{it.loss:.3f}") for it in items if it.loss and f"{it.loss:.3f}" != "0.000"]
    svg = RG.svg(items, 5, who, t, player=1)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert {"0%", "50%", "100%", t("review_axis_turn"), t("review_axis_loss")} <= set(texts)
    assert sum(1 for x in texts if x == t("review_axis_game", g=2)) == 1
    with_chances = [i for i, it in enumerate(items) if RG.chances(it)]
    circles = re.findall(r'<circle class="pt[^"]*" data-i="(\d+)"[^>]*data-win="([0-9.]+)"', svg)
    assert [int(i) for i, _ in circles] == with_chances
    for i, win in circles:                               # player 1's chances: one minus player 0's
        assert abs(float(win) - (1 - RG.chances(items[int(i)])[0])) < 1e-3
    assert svg.count('tabindex="0"') == 1 and svg.count('class="mid"') == 1
    assert svg.count("<rect class=\"bar") == sum(1 for it in items if it.loss)
    # the chart's title on a line above the band, clear of a point at 100 % (radius 6 and its 2.5 ring; 11 px text
    # reaches about 9 px over its baseline and 3 under it); every text inside the picture
    ys = {x: float(y) for y, x in re.findall(r'<text class="axis title"[^>]* y="([0-9.]+)"[^>]*>([^<]*)</text>', svg)}
    top = ys[t("review_axis_win", name=who[1])]
    assert top - 9 >= 0 and top + 3 <= RG.TOP - 6 - 1.25
    assert all(0 < float(y) <= RG.H for y in re.findall(r'<text[^>]* y="([0-9.]+)"', svg))


def test_names_are_escaped_in_the_html():
    rec = bot_record(SEEDS[1])
    rec["players"][0]["name"] = 'A "<b>" & co'
    items = R.items(rec)
    t = i18n.Texts("en")
    who = R.names(rec, t)
    assert "<b>" not in RL.html(items, who, t, 0) and "&lt;b>" in RL.html(items, who, t, 0)
    R.join(items, A.analyse_record(rec, "quick"))
    svg = RG.svg(items, 0, who, t)
    assert "<b>" not in svg and "&quot;&lt;b>&quot;" in svg


WIDE = {**{str(n): ((n - 13) * 50 + 10, 10, 40, 200) for n in range(13, 25)},
        **{str(n): ((12 - n) * 50 + 10, 290, 40, 200) for n in range(1, 13)},
        "bar": (620, 290, 40, 200), "opp-bar": (620, 10, 40, 200), "off": (700, 290, 40, 200),
        "opp-off": (700, 10, 40, 200)}
PHONE = {**{str(n): (0, (12 - n) * 40 + (40 if n <= 6 else 0), 170, 40) for n in range(1, 13)},
         **{str(n): (180, (n - 13) * 40 + (40 if n >= 19 else 0), 170, 40) for n in range(13, 25)},
         "bar": (0, 240, 170, 40), "opp-bar": (180, 240, 170, 40), "off": (0, 520, 170, 40),
         "opp-off": (180, 520, 170, 40)}


@pytest.mark.parametrize("boxes", [WIDE, PHONE], ids=["wide", "phone"])
def test_arrows_start_on_the_checker_moved_and_end_where_it_lands(boxes):
    counts = slot_counts(*Position.initial())
    steps = (("24", "18", False), ("13", "7", False), ("7", "2", False))
    segs = RA.segments(boxes, counts, steps)
    assert [(s[5], s[6]) for s in segs] == [(f, to) for f, to, _ in steps]

    def inside(x, y, slot):
        bx, by, w, h = boxes[slot]
        return bx <= x <= bx + w and by <= y <= by + h

    for x1, y1, x2, y2, hit, frm, to in segs:
        assert inside(x1, y1, frm) and inside(x2, y2, to)
    # the 13-point's fifth checker (the top of its stack) is further from its edge than its first would be
    x, y = segs[1][0], segs[1][1]
    first = RA.anchor(boxes["13"], "13", 0)
    assert (y - boxes["13"][1] > first[1] - boxes["13"][1]) if boxes is WIDE else (x < first[0])
    # an arrow to an empty point lands at its edge; the second step starts where the first ended
    assert (segs[2][0], segs[2][1]) == (segs[1][2], segs[1][3])
    svg = RA.svg(800, 500, [("played", segs), ("best", segs[:1])], "rb")
    assert svg.count('data-kind="played"') == 3 and svg.count('data-kind="best"') == 1
    assert "url(#rb-head-played)" in svg and 'id="rb-head-best"' in svg


def test_a_hit_is_marked_and_the_hitter_lands_on_the_edge():
    counts = slot_counts(*Position.initial())
    counts["5"] = -1
    counts["6"] = 5
    counts["19"] = -4          # a blot of the top player on 5 (24 - 5 + 1 ... in screen numbering)
    segs = RA.segments(WIDE, counts, (("6", "5", True),))
    assert segs[0][4] is True
    assert (segs[0][2], segs[0][3]) == tuple(round(v, 1) for v in RA.anchor(WIDE["5"], "5", 0))
    svg = RA.svg(800, 500, [("played", segs)])
    assert svg.count("data-hit") == 2          # the arrow says it, and a ring marks the place


def test_statistics_rows_from_the_analysis(analysed):
    rec, items, result = analysed
    t = i18n.Texts("en")
    rows = RS.rows(result, t)
    names = [r[0] for r in rows]
    assert names[:2] == [t("stat_error_rate"), t("stat_rating")]
    p = result["players"]
    assert rows[0][1:] == (f"{p[0]['error_rate']:.1f}", f"{p[1]['error_rate']:.1f}")
    # checker play and cube apart, and the luck, as the analysis gives them
    by = {r[0]: r[1:] for r in rows}
    assert by[t("stat_checker_rate")] == tuple(f"{q['checker']['error_rate']:.1f}" for q in p)
    assert by[t("stat_luck")] == tuple(f"{q['luck']['total']:+.3f}" for q in p)
    assert by[t("stat_luck_adjusted")] == tuple(f"{q['luck_adjusted_result']:+.2f}" for q in p)
    assert t("stat_missed_doubles") in by and t("stat_luck_rating") in by
    lucky = next(d for g in result["games"] for d in g["decisions"] if "luck" in d)
    assert R.decision_lines(lucky, ("a", "b"), t)[-1] == t("review_luck", luck=f"{lucky['luck']:+.3f}")
    assert RS.rows(None, t) == [] and RS.rows({"players": []}, t) == []
    odd = {"players": [{"error_rate": 1.0, "rating": "Grandmaster"}, {"error_rate": 2.0, "rating": "Expert"}]}
    assert RS.rows(odd, t)[1] == (t("stat_rating"), "Grandmaster", t("rating_expert"))
    luck = {"players": [{"luck": {"total": 0.5, "rate": 12.0}}, {"luck": {"total": -0.5, "rate": -12.0}}]}
    assert [r[0] for r in RS.rows(luck, t)] == [t("stat_luck"), t("stat_luck_rate")]


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=1, max_value=500))
def test_any_seeded_bot_game_reviews(n):
    rec = bot_record(f"{n:064x}")
    items = R.items(rec)
    for it in items:
        if it.kind == "play":
            assert moved(it.counts, it.steps) == it.after


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
            R.items(bad)


def test_rating_names_have_texts_in_both_languages():
    for _, name in A.RATINGS + ((0, A.AWFUL), (0, A.NO_RATING)):
        for lang in ("en", "pt"):
            assert R.rating_key(name) in i18n.STRINGS[lang], (lang, name)
