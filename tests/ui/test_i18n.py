"""The table's strings: both languages complete and formatting, language choice."""
import re
import string

import pytest

from ui import i18n


def test_both_languages_have_the_same_keys():
    assert set(i18n.EN) == set(i18n.PT)


@pytest.mark.parametrize("key", sorted(i18n.EN))
def test_placeholders_match(key):
    names = lambda s: {f[1] for f in string.Formatter().parse(s) if f[1]}
    assert names(i18n.EN[key]) == names(i18n.PT[key]), key


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_string_formats(lang):
    t = i18n.Texts(lang)
    for key, text in i18n.STRINGS[lang].items():
        names = {f[1] for f in string.Formatter().parse(text) if f[1]}
        out = t(key, **{n: "X" for n in names})
        assert out and "{" not in out


@pytest.mark.parametrize("query,preferred,expected", [
    ("pt", ["en-US"], "pt"), ("en", ["pt-BR"], "en"), ("PT-br", [], "pt"), ("xx", ["pt-BR", "en"], "pt"),
    (None, ["de-DE", "pt-PT"], "pt"), (None, ["en-GB", "pt-BR"], "en"), (None, [], "en"), ("", ["fr"], "en"),
])
def test_pick_language(query, preferred, expected):
    assert i18n.pick_language(query, preferred) == expected


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.Texts("de")


def test_missing_key_is_an_error():
    with pytest.raises(KeyError):
        i18n.Texts("pt")("no such key")


def test_button_names_in_english():
    t = i18n.Texts("en")
    assert [t(k) for k in ("roll", "double", "take", "pass", "undo", "done", "new_game", "start")] == \
        ["Roll", "Double", "Take", "Pass", "Undo", "Done", "New game", "Start"]
    assert i18n.Texts("pt").html_lang == "pt-BR"


def test_every_key_the_ui_uses_exists():
    import pathlib
    ui = pathlib.Path(i18n.__file__).parent
    used = set()
    for path in ui.glob("*.py"):
        if path.name == "verify_view.py":
            continue
        text = path.read_text()
        used |= set(re.findall(r"\bt\(\s*\"([a-z_]+)\"", text))
        used |= set(re.findall(r"(?<!setAttribute)\(\"[a-z]+-[a-z-]+\", \"([a-z_]+)\"\)", text))  # ("element-id", key) tables
    used = {k for k in used if not k.endswith("_")}
    used |= {"level_" + level for level in ("beginner", "intermediate", "strong", "expert")}
    missing = sorted(k for k in used if k not in i18n.EN)
    assert not missing, missing
    assert len(used) > 40


def test_every_sentence_the_screen_reader_and_play_a_friend_use_exists():
    import pathlib
    ui = pathlib.Path(i18n.__file__).parent
    text = "".join(p.read_text() for p in ui.glob("*.py") if p.name != "verify_view.py")
    said = set(re.findall(r"\bsay\((?:self\.)?lang, \"([a-z_0-9]+)\"", text))
    peer = set(re.findall(r"\bt\(\"(peer_[a-z_0-9]+)\"", text))
    assert len(said) > 20 and len(peer) > 30
    missing = sorted(k for k in said | peer if not k.endswith("_") and (k not in i18n.EN or k not in i18n.PT))
    assert not missing, missing


def _literal_keys(name: str) -> list:
    import ast
    import pathlib
    path = pathlib.Path(i18n.__file__).parent / name
    tables = [n.value for n in ast.parse(path.read_text()).body if isinstance(n, ast.AnnAssign)]
    assert len(tables) == 1 and isinstance(tables[0], ast.Dict), name  # one table in the module
    return [k.value for k in tables[0].keys]


@pytest.mark.parametrize("name", ["strings_en.py", "strings_pt.py"])
def test_one_table_per_language_with_no_key_written_twice(name):
    keys = _literal_keys(name)
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, twice  # (a dict literal keeps the last of two: the first would be lost silently)
    assert set(keys) == set(i18n.EN) == set(i18n.PT)


# Keys whose words are the same in both languages but whose places differ (a button and a dialog's title, a level
# chosen and a rating earned): the same words today, free to differ tomorrow.
SAME_WORDS = [{"new_game", "ng_title"}, {"cancel", "review_cancel"}, {"close", "review_close"},
              {"ng_money", "score_money"},
              {"bot", "bot_badge"}, {"rating_expert", "level_expert"}, {"rating_beginner", "level_beginner"},
              {"rating_intermediate", "level_intermediate"}]


def test_no_words_written_twice_under_two_keys():
    by_words: dict = {}
    for key in i18n.EN:
        by_words.setdefault((i18n.EN[key], i18n.PT[key]), set()).add(key)
    repeated = [keys for keys in by_words.values() if len(keys) > 1]
    assert sorted(map(sorted, repeated)) == sorted(map(sorted, SAME_WORDS))
