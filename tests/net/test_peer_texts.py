"""The words of "Play a friend": both languages complete, and the session's notices shown translated."""
from __future__ import annotations

import ast
import re
import pathlib
import string

import pytest

import net
from net import peer_texts

NET = pathlib.Path(net.__file__).parent
SESSION_MODULES = [NET / "session.py", NET / "claims.py", NET / "chainflow.py"]


def _fields(s: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(s) if name}


def _session_notice_codes() -> set:
    """The literal codes ``net.session`` appends to ``out.notices``."""
    codes = set()
    for node in (n for f in SESSION_MODULES for n in ast.walk(ast.parse(f.read_text()))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "append" \
                and "notices" in ast.unparse(node.func.value) and isinstance(node.args[0], ast.Tuple):
            code = node.args[0].elts[0]
            if isinstance(code, ast.Constant):
                codes.add(code.value)
    return codes


def test_both_languages_have_every_string_with_the_same_fields():
    en, pt = peer_texts.TEXTS["en"], peer_texts.TEXTS["pt"]
    assert set(en) == set(pt)
    for key in en:
        assert _fields(en[key]) == _fields(pt[key]), key
        assert pt[key] != en[key], key  # translated, not copied


def test_translated_notices_are_codes_the_session_sends():
    sent = _session_notice_codes()
    assert {"clock", "resumed", "peer_refused"} <= sent
    # a refused message is reported under its refusal code (Refused("bad_claim", ...) in net.claims)
    refusals = set(re.findall(r'Refused\(\s*"([a-z_]+)"', (NET / "claims.py").read_text()))
    assert "bad_claim" in refusals
    assert set(peer_texts.NOTICE_KEYS) <= sent | refusals
    for key in peer_texts.NOTICE_KEYS.values():
        assert key in peer_texts.TEXTS["en"] and key in peer_texts.TEXTS["pt"]


@pytest.mark.parametrize("code", sorted(peer_texts.NOTICE_KEYS))
def test_a_session_notice_is_shown_in_the_page_language(code):
    english = "whatever the session wrote"
    en = peer_texts.notice_text("en", code, english)
    pt = peer_texts.notice_text("pt", code, english)
    assert en == peer_texts.TEXTS["en"][peer_texts.NOTICE_KEYS[code]] and pt != en


def test_the_clock_notice_in_portuguese_says_the_play_was_made():
    assert peer_texts.notice_text("pt", "clock", "x") == "Seu tempo acabou: a mesa jogou por você."


def test_other_notices_keep_the_session_text():
    text = "Refused a message from the other player: bad <b>thing</b>"
    assert peer_texts.notice_text("pt", "bad_schema", text) == text
    assert peer_texts.notice_text("pt", "peer_refused", text) == text


def test_an_unknown_language_falls_back_to_english():
    assert peer_texts.text("fr", "connect") == "Connect"
    assert peer_texts.text("pt", "points", n=5) == "5 pontos"
