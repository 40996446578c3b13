"""The table's history of finished games (ui.history): storing, replacing a session's entry, the limit, what
verify.html opens, and the rows' text in both languages."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

import game
from game import verify as V
from ui import history as Hi
from ui.i18n import EN, PT, Texts
from game import intents as I


def finished(seed_byte: int, options=None) -> game.Table:
    opts = options or game.Options.bots("beginner", seed=f"{seed_byte:02x}" * 32)
    table = game.Table(opts, now=0)
    game.drive_bots(table, now=0, chooser=game.RandomChooser(seed_byte))
    assert table.state().phase in (game.GAME_OVER, game.MATCH_OVER)
    return table


@pytest.fixture(scope="module")
def tables():
    return [finished(i) for i in range(1, 4)]


def test_push_adds_records_newest_last_and_they_verify(tables):
    text = None
    for table in tables:
        text = Hi.push(text, game.record_json(table.value.record), created="2026-11-29T15:00:00Z")
    records = game.history_from_json(text)
    assert len(records) == 3
    assert [r["games"][0]["dice"]["fingerprint"] for r in records] == [
        t.record()["games"][0]["dice"]["fingerprint"] for t in tables]
    assert all(r["created"] == "2026-11-29T15:00:00Z" for r in records)
    # An entry opened from the history is a record the verifier accepts (the date is an optional field).
    for n in (1, 3):
        opened = Hi.prefill_text("", f"#history={n}", {Hi.HISTORY_KEY: text}.get)
        assert V.verify_record(opened).ok


def test_the_next_game_of_the_same_session_replaces_its_entry():
    table = game.Table(game.Options.bots("beginner", seed="cd" * 32, match_length=5), now=0)
    text = None
    games = 0
    while True:
        game.drive_bots(table, now=0, chooser=game.RandomChooser(7, double_rate=0))
        text = Hi.push(text, game.record_json(table.value.record), created=f"2026-11-29T15:0{games}:00Z")
        games += 1
        if table.state().phase == game.MATCH_OVER:
            break
        table.apply(I.NextGame(), now=0)
    records = game.history_from_json(text)
    assert games >= 2 and len(records) == 1
    assert len(records[0]["games"]) == games
    assert records[0]["created"] == "2026-11-29T15:00:00Z"  # when the session's first game ended
    other = Hi.push(text, game.record_json(finished(9).value.record))
    assert len(game.history_from_json(other)) == 2


def test_only_the_last_fifty_are_kept(tables):
    base = tables[0].record()
    text = None
    for i in range(game.HISTORY_LIMIT + 7):
        rec = dict(base, games=[dict(base["games"][0], dice=dict(base["games"][0]["dice"], fingerprint=f"{i:064x}"))])
        text = Hi.push(text, json.dumps(rec))
    records = Hi.load(text)
    assert len(records) == game.HISTORY_LIMIT
    assert records[-1]["games"][0]["dice"]["fingerprint"] == f"{game.HISTORY_LIMIT + 6:064x}"
    assert records[0]["games"][0]["dice"]["fingerprint"] == f"{7:064x}"
    assert [n for n, _ in Hi.newest_first(text)][:3] == [1, 2, 3]
    assert Hi.newest_first(text)[0][1] is not None and Hi.entry(text, 1) == records[-1]
    assert Hi.entry(text, game.HISTORY_LIMIT) == records[0]


@pytest.mark.parametrize("bad", ["", "{", "[]", '{"format": "gamao-history", "version": 9, "records": []}',
                                 '{"format": "x"}', '{"format": "gamao-history", "version": 1, "records": [1]}'])
def test_an_unreadable_history_reads_as_empty_and_is_started_afresh(bad, tables):
    assert Hi.load(bad) == []
    assert len(Hi.load(Hi.push(bad, game.record_json(tables[0].value.record)))) == 1


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", '{"format": "something else"}', "null"])
def test_a_bad_record_is_refused_and_the_history_is_unchanged(bad, tables):
    text = Hi.push(None, game.record_json(tables[0].value.record))
    with pytest.raises(game.SaveError):
        Hi.push(text, bad)
    assert len(Hi.load(text)) == 1


@pytest.mark.parametrize("search,fragment,want", [
    ("?record=last", "", "last"), ("?lang=pt&record=last", "", "last"), ("", "#history=3", 3),
    ("?lang=en", "#history=12", 12), ("", "#history=0", None), ("", "#history=-1", None), ("", "#history=x", None),
    ("", "", None), ("?record=first", "", None)])
def test_what_the_verify_page_was_asked_to_open(search, fragment, want):
    assert Hi.wanted(search, fragment) == want


def test_prefill_reads_the_last_record_or_a_history_entry(tables):
    last = game.record_json(tables[1].value.record)
    text = Hi.push(Hi.push(None, game.record_json(tables[0].value.record)), last)
    store = {Hi.LAST_KEY: last, Hi.HISTORY_KEY: text}
    assert Hi.prefill_text("?record=last", "", store.get) == last
    assert json.loads(Hi.prefill_text("", "#history=2", store.get)) == tables[0].record()
    assert Hi.prefill_text("", "#history=3", store.get) is None  # no such entry
    assert Hi.prefill_text("?record=last", "", {}.get) is None
    assert Hi.prefill_text("", "", store.get) is None


@given(st.integers(min_value=-5, max_value=60))
@settings(max_examples=60, deadline=None)
def test_entry_numbers_outside_the_history_are_none(n):
    text = game.history_to_json([{"format": "gamao-record", "i": i} for i in range(5)])
    got = Hi.entry(text, n)
    assert (got is None) == (not 1 <= n <= 5)
    if got is not None:
        assert got["i"] == 5 - n


def test_verify_links_carry_the_language():
    assert Hi.verify_href(None, "pt") == "verify.html?lang=pt&record=last"
    assert Hi.verify_href(4, "en") == "verify.html?lang=en#history=4"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_rows_name_the_players_in_the_page_language(lang, tables):
    t = Texts(lang)
    vs_bot = finished(5, game.Options.against_bot("beginner", seed="05" * 32).replace(
        seats=(game.Seat("bot", "beginner"), game.Seat("bot", "expert"))))
    row = Hi.row_text(vs_bot.record(), t)
    assert t("level_beginner") in row and t("level_expert") in row and t("score_money") in row
    table = {"en": EN, "pt": PT}[lang]
    people = {"format": "gamao-record", "players": [{"kind": "human", "name": "Player 1"},
                                                   {"kind": "human", "name": "Player 2"}],
              "match_length": 5, "games": [], "result": {"score": [5, 2], "winner": 0, "complete": True},
              "created": "2026-11-29T15:04:05Z"}
    row = Hi.row_text(people, t)
    assert row.startswith("2026-11-29 15:04 · ")
    assert table["player_white"] in row and table["player_black"] in row and "5–2" in row
    assert t("score_match", n=5) in row and "Player" not in row
    me = dict(people, players=[{"kind": "human", "name": "Player 1"}, {"kind": "bot", "level": "strong"}])
    assert Hi.player_names(me["players"], t) == (t("you"), t("bot_level", level=t("level_strong")))


@pytest.mark.parametrize("room", [10**9, 60_000, 25_000, 9_000, 10])
def test_a_full_storage_drops_the_oldest_games_first(room, tables):
    base = tables[0].record()
    text = None
    for i in range(20):
        rec = dict(base, games=[dict(base["games"][0], dice=dict(base["games"][0]["dice"], fingerprint=f"{i:064x}"))])
        text = Hi.push(text, json.dumps(rec))
    stored = {}

    def put(value: str) -> bool:
        if len(value) > room:
            return False
        stored["v"] = value
        return True

    kept = Hi.store_trimmed(text, put)
    if kept == 0:
        assert "v" not in stored
        return
    records = Hi.load(stored["v"])
    assert len(records) == kept and len(stored["v"]) <= room
    assert records[-1]["games"][0]["dice"]["fingerprint"] == f"{19:064x}"  # the newest is always kept
    fingerprints = [r["games"][0]["dice"]["fingerprint"] for r in records]
    assert fingerprints == [f"{i:064x}" for i in range(20 - kept, 20)]  # the newest ones, in order
    assert (kept == 20) == (room == 10**9)


def test_the_date_is_given_to_the_page_to_put_in_local_words():
    t = Texts("en")
    rec = {"format": "gamao-record", "players": [], "match_length": 0, "games": [], "created": "2026-11-29T15:04:05Z"}
    assert Hi.row_text(rec, t, lambda iso: f"<{iso}>").startswith("<2026-11-29T15:04:05Z> · ")
    assert Hi.row_text(dict(rec, created=None), t, lambda iso: "never").startswith("? 0–0 ?")
