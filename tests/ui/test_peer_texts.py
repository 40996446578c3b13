"""The words of "Play a friend": the session's notices shown translated, and the connection advice in both
languages (the strings themselves are the ``peer_`` part of the page's table: tests/ui/test_i18n.py)."""
from __future__ import annotations

import ast
import itertools
import pathlib
import re
import typing

import pytest

import net
from net import ice
from ui import i18n, peer_texts

NET = pathlib.Path(net.__file__).parent
SESSION_MODULES = sorted(NET.glob("session*.py")) + [NET / "claims.py", NET / "chainflow.py"]
KINDS = ["host", "srflx", "prflx", "relay"]


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


def test_the_peer_strings_are_translated_not_copied():
    peer = [k for k in i18n.EN if k.startswith("peer_")]
    assert len(peer) > 40
    for key in peer:
        assert i18n.PT[key] != i18n.EN[key], key


def test_translated_notices_are_codes_the_session_sends():
    sent = _session_notice_codes()
    assert {"clock", "resumed", "peer_refused"} <= sent
    # a refused message is reported under its refusal code (Refused("bad_claim", ...) in net.claims)
    refusals = set(re.findall(r'Refused\(\s*"([a-z_]+)"', (NET / "claims.py").read_text()))
    assert "bad_claim" in refusals
    assert set(peer_texts.NOTICE_KEYS) <= sent | refusals
    for key in peer_texts.NOTICE_KEYS.values():
        assert key in i18n.EN and key in i18n.PT


@pytest.mark.parametrize("code", sorted(peer_texts.NOTICE_KEYS))
def test_a_session_notice_is_shown_in_the_page_language(code):
    english = "whatever the session wrote"
    en = peer_texts.notice_text("en", code, english)
    pt = peer_texts.notice_text("pt", code, english)
    assert en == i18n.EN[peer_texts.NOTICE_KEYS[code]] and pt == i18n.PT[peer_texts.NOTICE_KEYS[code]] != en


def test_the_clock_notice_in_portuguese_says_the_play_was_made():
    assert peer_texts.notice_text("pt", "clock", "x") == "Seu tempo acabou: a mesa jogou por você."


def test_other_notices_keep_the_session_text():
    text = "Refused a message from the other player: bad <b>thing</b>"
    assert peer_texts.notice_text("pt", "bad_schema", text) == text
    assert peer_texts.notice_text("pt", "peer_refused", text) == text


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        peer_texts.notice_text("fr", "clock", "x")
    assert i18n.text("pt", "peer_points", n=5) == "5 pontos"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_diagnosis_is_said_with_the_paths_found(lang):
    subsets = [set(c) for n in range(len(KINDS) + 1) for c in itertools.combinations(KINDS, n)]
    for mine, theirs in itertools.product(subsets, subsets):
        key = ice.diagnose(mine, theirs)
        text = peer_texts.diagnosis(lang, key, {ice.candidate_kind(k) for k in mine},
                                    {ice.candidate_kind(k) for k in theirs})
        assert text.startswith(i18n.text(lang, "peer_" + key))
        assert ("relay (TURN)" in text or "retransmissão (TURN)" in text) == ("relay" in mine | theirs)
    for advice in typing.get_args(ice.Advice):
        assert "peer_" + advice in i18n.EN and "peer_" + advice in i18n.PT


def test_the_diagnosis_names_the_paths_each_side_found():
    text = peer_texts.diagnosis("en", "diag_strict_nat", {"host", "srflx"}, {"srflx"})
    assert text.endswith("Paths found: you: local network, public address (STUN); your friend: public address "
                         "(STUN).")
    assert "TURN server" in text and "same Wi-Fi" in text
    pt = peer_texts.diagnosis("pt", "diag_local_only", {"host"}, set())
    assert pt.endswith("Caminhos encontrados: você: rede local; seu amigo: nenhum.")


def test_every_path_the_page_can_name_has_words():
    for path in typing.get_args(ice.Path):
        assert i18n.text("en", "peer_path_" + path) != i18n.text("pt", "peer_path_" + path)
