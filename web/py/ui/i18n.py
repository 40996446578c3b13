"""The table page's strings and how the language is chosen.

The strings themselves are one table per language, for the whole page (``ui.strings_en``, ``ui.strings_pt``: the
controls and dialogs, what a screen reader hears, Play a friend). Pure: no DOM. ``pick_language`` decides from the
``?lang=`` parameter and the browser's preferred languages; ``Texts`` formats a string by key
(``t("pips", n=167)``), and ``text(lang, key, ...)`` does the same without an object. A key missing from one language
falls back to English, and a key missing from both is a programming error (``KeyError``), caught by the tests.
"""
from __future__ import annotations

from typing import Iterable

from .strings_en import EN
from .strings_pt import PT

__all__ = ["LANGS", "DEFAULT_LANG", "EN", "PT", "STRINGS", "pick_language", "Texts", "text"]

LANGS = ("en", "pt")
DEFAULT_LANG = "en"

STRINGS: dict[str, dict[str, str]] = {"en": EN, "pt": PT}


def pick_language(query_lang: str | None, preferred: Iterable[str] = ()) -> str:
    """The table's language: ``?lang=`` when it names one we have, else Portuguese when the browser prefers
    Portuguese before English, else English."""
    if query_lang:
        code = query_lang.strip().lower()[:2]
        if code in STRINGS:
            return code
    for tag in preferred:
        code = str(tag).strip().lower()[:2]
        if code in STRINGS:
            return code
    return DEFAULT_LANG


class Texts:
    """The strings of one language: ``t(key, **values)``."""

    def __init__(self, lang: str) -> None:
        if lang not in STRINGS:
            raise ValueError(f"unknown language {lang!r}; have {', '.join(LANGS)}")
        self.lang = lang
        self._table = STRINGS[lang]

    @property
    def html_lang(self) -> str:
        """The value for ``<html lang>``."""
        return "pt-BR" if self.lang == "pt" else "en"

    def __call__(self, key: str, **values: object) -> str:
        found = self._table.get(key)
        if found is None:
            found = EN[key]
        return found.format(**values) if values else found


def text(lang: str, key: str, **values: object) -> str:
    """The string ``key`` in ``lang`` (``"en"`` or ``"pt"``), formatted with ``values``, as ``Texts(lang)`` gives it."""
    table = STRINGS.get(lang)
    if table is None:
        raise ValueError(f"unknown language {lang!r}; have {', '.join(LANGS)}")
    found = table.get(key)
    if found is None:
        found = EN[key]
    return found.format(**values) if values else found
