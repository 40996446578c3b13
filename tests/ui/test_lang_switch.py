"""The language switch's link: the other language, every other URL parameter kept."""
from __future__ import annotations

from urllib.parse import parse_qs

from hypothesis import given, strategies as st

from ui import lang_switch as L
from ui.i18n import LANGS, Texts


def test_it_offers_the_other_language():
    assert L.other("en") == "pt" and L.other("pt") == "en"


def test_the_link_replaces_lang_and_keeps_the_rest():
    seed = "ab" * 32
    assert L.switch_href(f"?lang=en&seed={seed}&clock=3", "", "pt") == f"?lang=pt&seed={seed}&clock=3"
    assert L.switch_href("", "", "pt") == "?lang=pt"
    assert L.switch_href("?clock=0&lang=pt&lang=en", "#x", "en") == "?lang=en&clock=0#x"
    assert L.switch_href("?a=1", "#", "pt") == "?lang=pt&a=1"


@given(st.dictionaries(st.sampled_from(["seed", "clock", "pace", "x", "lang"]), st.text(max_size=8), max_size=5),
       st.sampled_from(LANGS))
def test_every_parameter_but_lang_survives(params, lang):
    from urllib.parse import urlencode
    href = L.switch_href("?" + urlencode(params), "", lang)
    got = parse_qs(href[1:], keep_blank_values=True)
    assert got.pop("lang") == [lang]
    assert got == {k: [v] for k, v in params.items() if k != "lang"}


def test_the_names_are_the_languages_own():
    assert Texts("en")("lang_name_pt") == "Português" and Texts("pt")("lang_name_en") == "English"
