"""The language switch in the top bar: a link to this page in the other language (``?lang=``), named in that
language. The game in progress is saved after every action, so it resumes on the reloaded page.
:func:`switch_href` is pure (tested under CPython)."""
from __future__ import annotations

from .query import encode, parse_pairs

from .i18n import LANGS


def other(lang: str) -> str:
    """The language the switch offers."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)]


def switch_href(search: str, fragment: str, lang: str) -> str:
    """This page's query with ``lang`` set (every other parameter kept, in order), and its fragment."""
    pairs = [(k, v) for k, v in parse_pairs(str(search).lstrip("?"), keep_blank_values=True) if k != "lang"]
    query = encode([("lang", lang)] + pairs)
    return "?" + query + (str(fragment) if str(fragment).startswith("#") and len(str(fragment)) > 1 else "")


def install(document, window, texts) -> None:
    """Add (or update) the switch ``#link-lang`` in the top bar's actions."""
    to = other(texts.lang)
    link = document.getElementById("link-lang")
    if not link:
        link = document.createElement("a")
        link.id = "link-lang"
        link.className = "ghost"
        holder = document.querySelector(".top-actions")
        if not holder:
            return
        holder.appendChild(link)
    link.textContent = texts("lang_name_" + to)
    link.setAttribute("lang", "pt-BR" if to == "pt" else to)
    link.setAttribute("hreflang", "pt-BR" if to == "pt" else to)
    link.setAttribute("title", texts("lang_switch"))
    link.setAttribute("href", switch_href(str(window.location.search), str(window.location.hash), to))
