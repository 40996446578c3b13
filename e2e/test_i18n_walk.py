"""Every view of the site in Portuguese and in English shows no string of the other language.

A walk per language goes through: the start (a move to make), a lifted checker, the New game dialog, two people
mid-game, a double offered, the pass confirmation, game over, the IDs panel, the history, help (when the page has
it) and the verify page with the last game checked. At each view it collects every visible text and every
aria-label / title / data-tip / placeholder, and looks for the other language's strings in them: the i18n tables
(``ui.i18n``, ``ui.verify_view``) and, for the Portuguese pages, the English words the HTML skeletons start with.
"""
from __future__ import annotations

import html.parser
import pathlib
import re

import pytest

import helpers as H

ROOT = pathlib.Path(__file__).resolve().parent.parent
from ui import i18n, verify_view

try:  # the keyboard and screen-reader strings (issue 7), when the page has them
    from ui import announce as _announce
    TABLES = [i18n.STRINGS, verify_view.STRINGS, _announce.STRINGS]
except ImportError:
    TABLES = [i18n.STRINGS, verify_view.STRINGS]

# Strings that are the same in both languages by nature ("bar" and "off" as words of move notation: 6/off).
NEUTRAL = {"Gamão", "XGID", "GNU ID", "Pips", "OK", "bar", "off"}

COLLECT_JS = """() => {
  const out = [];
  const shown = el => {
    if (!el || el.closest('[hidden], script, style, mpy-config, template')) return false;
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (text && shown(node.parentElement)) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [data-tip], [placeholder], [alt]')) {
    if (el.closest('[hidden]') && !el.hasAttribute('data-tip')) continue;
    for (const name of ['aria-label', 'title', 'data-tip', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  for (const el of document.querySelectorAll('input[type=submit], input[type=button]')) out.push(el.value);
  out.push(document.title);
  return out;
}"""


class _Skeleton(html.parser.HTMLParser):
    """The texts and labels an HTML page starts with (before Python translates it)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: set[str] = set()
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "mpy-config", "title"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt") and value:
                self.texts.add(value.strip())

    def handle_endtag(self, tag):
        if tag in ("script", "style", "mpy-config", "title"):
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.add(" ".join(data.split()))


def skeleton_texts() -> set[str]:
    out: set[str] = set()
    for name in ("index.html", "verify.html"):
        parser = _Skeleton()
        parser.feed((ROOT / "web" / name).read_text(encoding="utf-8"))
        out |= parser.texts
    return out


def _pattern(template: str):
    """A regex finding a table string (its {placeholders} match anything) as whole words; None when the string
    has too little text of its own to tell the languages apart."""
    parts = re.split(r"\{[^}]*\}", template)
    if sum(ch.isalpha() for part in parts for ch in part) < 3:
        return None
    body = ".+?".join(re.escape(part) for part in parts)
    return re.compile(r"(?<!\w)" + body + r"(?!\w)")


def foreign_patterns(lang: str) -> list:
    """(pattern, source string) for every string of the other language that differs from this language's."""
    other = "en" if lang == "pt" else "pt"
    mine = set().union(*(set(tables[lang].values()) for tables in TABLES))
    theirs = {}
    for table, this in ((tables[other], tables[lang]) for tables in TABLES):
        for key, text in table.items():
            if text != this.get(key) and text not in mine:
                theirs[text] = key
    if lang == "pt":
        for text in skeleton_texts():
            if text not in mine:
                theirs[text] = "html"
    out = []
    for text in theirs:
        if text in NEUTRAL:
            continue
        pattern = _pattern(text)
        if pattern is not None:
            out.append((pattern, text))
    return out


class Walk:
    def __init__(self, page, lang: str) -> None:
        self.page = page
        self.lang = lang
        self.t = i18n.Texts(lang)
        self.patterns = foreign_patterns(lang)
        self.problems: list[str] = []
        self.views: list[str] = []

    def check(self, view: str) -> None:
        self.views.append(view)
        for text in self.page.evaluate(COLLECT_JS):
            for pattern, source in self.patterns:
                if pattern.search(text):
                    self.problems.append(f"{view}: {text!r} looks like {source!r}")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_view_is_in_one_language(browser, base_url, lang):
    from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
    guard = Guard()
    context = browser.new_context(locale="pt-BR" if lang == "en" else "en-US")  # ?lang= must win
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(H.table_url(base_url, lang=lang, clock=600))
        wait_ready(page)
        walk = Walk(page, lang)
        t = walk.t
        assert H.wait_for_turn(page) == "move"
        walk.check("start")
        H.point(page, "8").click()
        page.wait_for_selector("#board [data-dest]")
        walk.check("lifted checker")
        page.keyboard.press("Escape")
        page.locator("#btn-new").click()
        walk.check("new game dialog")
        page.locator('#dlg-new input[name="opponent"][value="human"]').check()
        page.locator('#dlg-new input[name="kind"][value="money"]').check()
        page.locator("#ng-start").click()
        # Two people: White (bottom) opens with 3-1; Black doubles; White passes.
        H.point(page, "8").click()
        H.ring(page, "5").click()
        H.point(page, "6").click()
        H.ring(page, "5").click()
        walk.check("mid-game")
        page.locator("#btn-done").click()
        page.get_by_role("button", name=t("double"), exact=True).click()
        page.wait_for_selector("#btn-take:not([hidden])")
        walk.check("double offered")
        page.get_by_role("button", name=t("pass"), exact=True).click()
        page.wait_for_selector("#dlg-pass[open]")
        walk.check("pass confirmation")
        page.get_by_role("button", name=t("confirm_pass"), exact=True).click()
        page.wait_for_selector("#dlg-over[open]")
        walk.check("game over")
        page.locator("#over-close").click()
        page.locator("#ids summary").click()
        walk.check("IDs panel")
        page.locator("#ids summary").click()
        page.locator("#btn-history").click()
        page.wait_for_selector("#dlg-history[open] [data-history]")
        walk.check("history")
        page.locator("#history-close").click()
        page.locator("#btn-keys, #btn-help").first.click()  # help: the keys and how to play by keyboard
        page.wait_for_selector("dialog[open]")
        walk.check("help")
        page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        page.locator("#link-verify").click()
        wait_ready(page)
        page.wait_for_selector("#verdict[data-verdict]")
        assert page.locator("#verdict").get_attribute("data-verdict") == "ok"
        walk.check("verify page")
        assert not walk.problems, "\n".join(walk.problems)
        assert len(walk.views) == 11, walk.views
    finally:
        context.close()
    guard.check()


def test_the_walk_would_see_a_foreign_string():
    """The checker itself: English strings and the English skeleton are found on a Portuguese page."""
    pt = foreign_patterns("pt")
    en = foreign_patterns("en")

    def hits(patterns, text):
        return [source for pattern, source in patterns if pattern.search(text)]

    assert hits(pt, "Your move: 3-1.")
    assert hits(pt, "Bot (Beginner)")
    assert hits(pt, "Loading the table…")
    assert hits(pt, "Top player")
    assert not hits(pt, i18n.Texts("pt")("your_turn_move", dice="3-1"))
    assert not hits(pt, "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10")
    assert not hits(pt, "8/5 6/5")
    assert hits(en, "Sua jogada: 3-1.")
    assert not hits(en, "Your move: 3-1.")
