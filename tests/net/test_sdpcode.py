"""Signalling codes: Chromium's offers and answers (tests/net/data/chromium_sdp.json, made once with
/usr/bin/chromium, mDNS host names and plain addresses) survive the round trip, and the codes are short."""
from __future__ import annotations

import base64
import json
import pathlib
import string

import pytest
from hypothesis import given, settings, strategies as st

import net
from net import ice as ice_mod, sdpcode as S

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "chromium_sdp.json").read_text())
SDPS = [(e["offer"], True) for e in DATA] + [(e["answer"], False) for e in DATA]


@pytest.mark.parametrize("sdp,offer", SDPS)
def test_round_trip_of_real_sdps(sdp, offer):
    code = S.encode_sdp(sdp, offer)
    rebuilt = S.decode_sdp(code, offer)
    assert S.parse_sdp(rebuilt, offer) == S.parse_sdp(sdp, offer)
    assert S.encode_sdp(rebuilt, offer) == code
    # what the browser needs is all there
    original = S.parse_sdp(sdp, offer)
    for c in original.candidates:
        assert f" {c.address} {c.port} typ {c.kind}" in rebuilt
    assert f"a=ice-ufrag:{original.ufrag}\r\n" in rebuilt and f"a=ice-pwd:{original.pwd}\r\n" in rebuilt
    assert ("a=setup:actpass" in rebuilt) == offer
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt


@pytest.mark.parametrize("sdp,offer", SDPS)
def test_code_lengths(sdp, offer):
    code = S.encode_sdp(sdp, offer)
    assert len(code) <= 130
    if not offer:
        assert len(code) < 150
    assert set(code) <= set(string.ascii_letters + string.digits + "-_")


def test_invite_link_carries_the_offer_in_the_fragment():
    code = S.encode_sdp(DATA[0]["offer"], True)
    link = S.invite_link("http://127.0.0.1:8000/index.html?lang=en#old", code)
    assert link == f"http://127.0.0.1:8000/index.html?lang=en#join={code}"
    assert S.code_from_text(link) == code
    assert S.code_from_text("  " + code[:50] + "\n" + code[50:] + " ") == code
    with pytest.raises(net.SignalError):
        S.code_from_text("http://x/#other=1")


def test_offer_and_answer_are_not_confused():
    off = S.encode_sdp(DATA[0]["offer"], True)
    ans = S.encode_sdp(DATA[0]["answer"], False)
    with pytest.raises(net.SignalError, match="invite, not an answer"):
        S.decode_sdp(off, False)
    with pytest.raises(net.SignalError, match="answer code, not an invite"):
        S.decode_sdp(ans, True)


@pytest.mark.parametrize("bad", ["", "!!!", "abc", "A" * 3000, "AAAA", 5])
def test_bad_codes(bad):
    with pytest.raises(net.SignalError):
        S.decode_signal(bad)


def test_every_truncation_and_extension_is_refused():
    code = S.encode_sdp(DATA[3]["offer"], True)
    for n in range(len(code)):
        try:
            sig = S.decode_signal(code[:n])
        except net.SignalError:
            continue
        pytest.fail(f"a cut code was read: {n} {sig}")
    with pytest.raises(net.SignalError):
        S.decode_signal(code + "AAAA")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=1, max_size=200))
def test_random_codes_never_crash(code):
    try:
        sig = S.decode_signal(code)
    except net.SignalError:
        return
    assert S.decode_signal(S.encode_signal(sig)) == sig


ice = st.text(alphabet=string.ascii_letters + string.digits + "+/", min_size=4, max_size=40)
addresses = st.one_of(st.ip_addresses().map(str),
                      st.uuids().map(lambda u: f"{u}.local"))
candidates = st.builds(S.Candidate, addresses, st.integers(1, 65535), st.sampled_from(["host", "srflx", "relay"]))


@settings(max_examples=300, deadline=None)
@given(st.booleans(), ice, ice.filter(lambda s: len(s) >= 22), st.binary(min_size=32, max_size=32),
       st.sampled_from(["actpass", "active", "passive"]), st.lists(candidates, min_size=1, max_size=8))
def test_any_signal_round_trips(offer, ufrag, pwd, fp, setup, cands):
    sig = S.Signal(offer, ufrag, pwd, fp, setup, tuple(cands))
    assert S.decode_signal(S.encode_signal(sig)) == sig
    assert S.parse_sdp(S.build_sdp(sig), offer) == sig


def test_missing_essentials_are_explained():
    sdp = DATA[0]["offer"]
    for line in ("a=ice-pwd:", "a=fingerprint:", "a=ice-ufrag:"):
        broken = "\n".join(x for x in sdp.splitlines() if not x.startswith(line))
        with pytest.raises(net.SignalError, match="lacks"):
            S.parse_sdp(broken, True)
    no_cands = "\n".join(x for x in sdp.splitlines() if not x.startswith("a=candidate"))
    with pytest.raises(net.SignalError, match="no usable candidate"):
        S.parse_sdp(no_cands, True)


# ------------------------------------------------------------------------------ the host's STUN list in the invite
stun_lists = st.lists(st.one_of(st.sampled_from(ice_mod.KNOWN_STUN),
                                st.from_regex(r"stun:[a-z0-9]{1,20}(\.[a-z0-9]{1,10}){0,3}(:[1-9][0-9]{0,3})?",
                                              fullmatch=True)),
                      max_size=ice_mod.MAX_INVITE_STUN, unique=True)


@settings(max_examples=300, deadline=None)
@given(ice, ice.filter(lambda s: len(s) >= 22), st.binary(min_size=32, max_size=32),
       st.lists(candidates, min_size=1, max_size=8), stun_lists)
def test_an_offer_round_trips_with_its_stun_list(ufrag, pwd, fp, cands, stun):
    sig = S.Signal(True, ufrag, pwd, fp, "actpass", tuple(cands), tuple(stun))
    code = S.encode_signal(sig)
    assert S.decode_signal(code) == sig
    assert S.offer_stun(code) == tuple(stun)
    # well-known servers cost one byte, the list its count byte: the code grows by what it carries, no more
    plain = S.encode_signal(S.Signal(True, ufrag, pwd, fp, "actpass", tuple(cands)))
    extra = sum(1 if u in ice_mod.KNOWN_STUN else 1 + len(u) - 5 for u in stun)
    assert len(code) <= len(plain) + (extra * 4 + 2) // 3 + 2


def test_the_default_stun_list_costs_four_characters():
    sdp = DATA[0]["offer"]
    plain = S.encode_sdp(sdp, True)
    with_defaults = S.encode_sdp(sdp, True, stun=ice_mod.DEFAULT_STUN)
    assert len(with_defaults) - len(plain) <= 4
    assert S.offer_stun(with_defaults) == ice_mod.DEFAULT_STUN
    lab = S.encode_sdp(sdp, True, stun=("stun:198.51.100.1:3478",))
    assert S.offer_stun(lab) == ("stun:198.51.100.1:3478",) and len(lab) - len(plain) <= 26


def test_version_1_codes_are_still_read():
    sig = S.decode_signal(S.encode_sdp(DATA[0]["offer"], True))
    v2 = bytearray(base64.urlsafe_b64decode(S.encode_signal(sig) + "=="))
    assert v2[0] >> 4 == 2 and v2[-1] == 0  # version 2, an empty STUN list at the end
    v1 = bytes([(1 << 4) | (v2[0] & 15)]) + bytes(v2[1:-1])
    old = base64.urlsafe_b64encode(v1).decode().rstrip("=")
    assert S.decode_signal(old) == sig
    answer = S.encode_sdp(DATA[0]["answer"], False)
    a = bytearray(base64.urlsafe_b64decode(answer + "=="))
    a[0] = (1 << 4) | (a[0] & 15)
    assert S.decode_signal(base64.urlsafe_b64encode(bytes(a)).decode().rstrip("=")) == S.decode_signal(answer)


def _with_tail(code: str, tail: bytes) -> str:
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return base64.urlsafe_b64encode(data[:-1] + tail).decode().rstrip("=")


def test_bad_stun_lists_are_refused():
    code = S.encode_sdp(DATA[0]["offer"], True)
    with pytest.raises(net.SignalError, match="does not know"):
        S.decode_signal(_with_tail(code, bytes([1, 100])))
    with pytest.raises(net.SignalError, match="not a STUN address"):
        S.decode_signal(_with_tail(code, bytes([1, 0x80 | 3]) + b"a b"))
    with pytest.raises(net.SignalError, match="damaged"):
        S.decode_signal(_with_tail(code, bytes([1, 0x80 | 2]) + "é".encode()))
    with pytest.raises(net.SignalError, match="different STUN servers"):
        S.decode_signal(_with_tail(code, bytes([2, 0, 0])))
    with pytest.raises(net.SignalError, match="at most"):
        S.encode_sdp(DATA[0]["offer"], True, stun=ice_mod.KNOWN_STUN[:5])
    with pytest.raises(net.SignalError, match="only an invite"):
        S.encode_sdp(DATA[0]["answer"], False, stun=ice_mod.DEFAULT_STUN)
    with pytest.raises(net.SignalError, match="not a STUN"):
        S.encode_sdp(DATA[0]["offer"], True, stun=("turn:t.example.org:3478",))
    with pytest.raises(net.SignalError, match="answer code, not an invite"):
        S.offer_stun(S.encode_sdp(DATA[0]["answer"], False))


def test_every_truncation_of_an_offer_with_servers_is_refused():
    code = S.encode_sdp(DATA[3]["offer"], True, stun=("stun:stun.example.org:3478",) + ice_mod.DEFAULT_STUN)
    for n in range(len(code)):
        try:
            sig = S.decode_signal(code[:n])
        except net.SignalError:
            continue
        pytest.fail(f"a cut code was read: {n} {sig}")
