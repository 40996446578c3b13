"""net.ice: the servers field, what the invite carries and the guest uses, candidate kinds, the path of a selected
pair, and the diagnosis when nothing connects."""
from __future__ import annotations

import itertools
import string
import typing

import pytest
from hypothesis import given, settings, strategies as st

import net
from net import ice


# ------------------------------------------------------------------------------------------- the servers field
def test_the_defaults_are_public_stun_servers_only():
    assert ice.DEFAULT_STUN == ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
    servers = ice.parse_servers(ice.servers_text(ice.DEFAULT_STUN))
    assert [s.rtc() for s in servers] == [{"urls": u} for u in ice.DEFAULT_STUN]
    assert set(ice.DEFAULT_STUN) <= set(ice.KNOWN_STUN)


def test_a_field_with_stun_turn_comments_and_blank_lines():
    text = "# mine\n\nstun:stun.example.org\n  turn:turn.example.org:3478?transport=udp alice s3cret  \n" \
           "turns:[2001:db8::1]:5349 bob pw\nstun:192.0.2.7:3478\n"
    servers = ice.parse_servers(text)
    assert servers == (ice.Server("stun:stun.example.org"),
                       ice.Server("turn:turn.example.org:3478?transport=udp", "alice", "s3cret"),
                       ice.Server("turns:[2001:db8::1]:5349", "bob", "pw"),
                       ice.Server("stun:192.0.2.7:3478"))
    assert servers[1].rtc() == {"urls": "turn:turn.example.org:3478?transport=udp", "username": "alice",
                                "credential": "s3cret"}
    assert ice.parse_servers("") == () and ice.parse_servers("\n# nothing\n") == ()


@pytest.mark.parametrize("text,why", [
    ("http://stun.example.org", "line 1: not a STUN or TURN address"),
    ("stun:ok.example\nstun.example.org:3478", "line 2: not a STUN or TURN address"),
    ("turn:turn.example.org:3478", "line 1: a TURN server needs its user name and password"),
    ("turn:turn.example.org alice", "needs its user name and password"),
    ("stun:stun.example.org alice pw", "takes no user name or password"),
    ("stun:bad_host:3478", "not a STUN address"),
    ("stun:stun.example.org:0", "not a STUN address"),
    ("stun:stun.example.org:65536", "not a STUN address"),
    ("stun:[not-v6]:3478", "not a STUN address"),
    ("stun:", "not a STUN address"),
    ("turn:turn.example.org:3478?transport=sctp a b", "not a TURN address"),
    ("turn::3478 a b", "not a TURN address"),
    ("\n".join(f"stun:s{i}.example.org" for i in range(11)), "at most 10 servers"),
])
def test_a_field_that_cannot_be_read_is_explained(text, why):
    with pytest.raises(net.SignalError, match=why.replace("?", r"\?")):
        ice.parse_servers(text)


def test_the_invite_carries_stun_urls_only_never_turn_or_credentials():
    servers = ice.parse_servers("turn:t.example.org:3478 alice pw\nstun:a.example.org\nstun:a.example.org\n"
                                "stun:b.example.org\nstun:c.example.org\nstun:d.example.org\nstun:e.example.org")
    assert ice.stun_urls(servers) == ("stun:a.example.org", "stun:b.example.org", "stun:c.example.org",
                                      "stun:d.example.org")
    assert ice.stun_urls(()) == ()


def test_the_guest_uses_the_hosts_stun_with_its_own_servers_unless_it_chose_the_same_network_only():
    own = ice.parse_servers("stun:stun.l.google.com:19302\nturn:t.example.org alice pw")
    host = ("stun:h.example.org:3478", "stun:stun.l.google.com:19302")
    assert ice.guest_servers(host, own, False) == [
        {"urls": "stun:h.example.org:3478"}, {"urls": "stun:stun.l.google.com:19302"},
        {"urls": "turn:t.example.org", "username": "alice", "credential": "pw"}]
    assert ice.guest_servers(host, own, True) == []
    assert ice.guest_servers((), (), False) == []


@pytest.mark.parametrize("search,expected", [
    ("?lang=en", None), ("", None), ("?stun=none", ()), ("?stun=", ()), ("?lang=en&stun=stun:10.0.0.1:3478",
                                                                        ("stun:10.0.0.1:3478",)),
    ("?stun=stun:a.example,stun:b.example:1", ("stun:a.example", "stun:b.example:1")),
    ("?stun=http://evil.example", ()), ("?stun=stun:a.example,turn:x", ()),
])
def test_the_test_only_stun_parameter(search, expected):
    assert ice.default_override(search) == expected


# ------------------------------------------------------------------------------------------------ candidates
def test_candidate_kinds():
    assert [ice.candidate_kind(k) for k in ("host", "srflx", "prflx", "relay")] == ["host", "srflx", "srflx",
                                                                                   "relay"]
    with pytest.raises(ValueError):
        ice.candidate_kind("tcp")


def test_kinds_in_an_sdp():
    sdp = ("v=0\r\na=candidate:1 1 udp 2122260223 1f0e.local 5000 typ host generation 0\r\n"
           "a=candidate:2 1 udp 1686052607 198.51.100.11 6000 typ srflx raddr 0.0.0.0 rport 0\r\n"
           "a=candidate:3 1 udp 41885439 198.51.100.1 50001 typ relay raddr 198.51.100.11 rport 6000\r\n"
           "a=candidate:4 1 udp 1 x 1 typ\r\na=ice-ufrag:abcd\r\n")
    assert ice.kinds_in_sdp(sdp) == {"host", "srflx", "relay"}
    assert ice.kinds_in_sdp("") == frozenset()


@pytest.mark.parametrize("local,remote,address,path", [
    ("host", "host", "", "local"), ("host", "host", "1f0e.local", "local"), ("host", "srflx", "", "direct"),
    ("srflx", "prflx", "10.0.0.2", "direct"), ("srflx", "host", "", "direct"), ("srflx", "host", "10.0.0.5", "local"),
    ("srflx", "host", "1f0e.local", "local"), ("srflx", "host", "198.51.100.7", "direct"),
    ("host", "prflx", "10.10.1.12", "local"), ("host", "prflx", "192.168.1.9", "local"),
    ("host", "prflx", "fe80::1", "local"), ("host", "prflx", "198.51.100.12", "direct"),
    ("host", "prflx", "8.8.8.8", "direct"), ("host", "prflx", "", "direct"), ("prflx", "host", "", "direct"),
    ("relay", "host", "", "relay"), ("srflx", "relay", "", "relay"), ("relay", "relay", "", "relay"),
])
def test_path_of_a_pair(local, remote, address, path):
    assert ice.path_of(local, remote, address) == path


def _report(local="srflx", remote="prflx", with_transport=True, nominated=True, address="198.51.100.12"):
    stats = [{"id": "L", "type": "local-candidate", "candidateType": local},
             {"id": "R", "type": "remote-candidate", "candidateType": remote, "address": address},
             {"id": "Lh", "type": "local-candidate", "candidateType": "host"},
             {"id": "P0", "type": "candidate-pair", "state": "failed", "nominated": False,
              "localCandidateId": "Lh", "remoteCandidateId": "R"},
             {"id": "P1", "type": "candidate-pair", "state": "succeeded", "nominated": nominated,
              "localCandidateId": "L", "remoteCandidateId": "R"}]
    if with_transport:
        stats.append({"id": "T", "type": "transport", "selectedCandidatePairId": "P1"})
    return stats


def test_selected_path_from_stats():
    assert ice.selected_path(_report()) == "direct"
    assert ice.selected_path(_report("relay", "host")) == "relay"
    assert ice.selected_path(_report("host", "prflx", address="10.10.1.12")) == "local"
    assert ice.selected_path(_report("host", "prflx", address="198.51.100.12")) == "direct"
    assert ice.selected_path(_report("host", "host", with_transport=False)) == "local"  # the nominated pair
    assert ice.selected_path(_report(with_transport=False, nominated=False)) is None
    assert ice.selected_path([]) is None
    broken = [s for s in _report() if s["id"] != "R"]
    assert ice.selected_path(broken) is None
    assert ice.selected_path(_report("weird", "host")) is None


def test_a_prflx_pair_is_local_when_this_side_has_no_public_candidate():
    """One Wi-Fi: Chromium reports the remote prflx candidate without its address. When this side has no srflx or
    relay candidate (Same network only, or no STUN answer) and its end of the pair is a host candidate, the friend's
    checks reached it from inside the network: local, whatever the friend signalled (in the lab's one-LAN scenario
    with Same network only the guest's answer holds only its srflx candidate). With a public candidate of this
    side's own, or this side's end not a host candidate, it is direct."""
    lan = [s for s in _report("host", "prflx", address="") if s["id"] != "P0"]
    assert ice.selected_path(lan) == "local"
    assert ice.selected_path(lan + [{"id": "Rs", "type": "remote-candidate", "candidateType": "srflx"}]) == "local"
    assert ice.selected_path(lan + [{"id": "Rr", "type": "remote-candidate", "candidateType": "relay"}]) == "local"
    assert ice.selected_path(lan + [{"id": "Ls", "type": "local-candidate", "candidateType": "srflx"}]) == "direct"
    assert ice.selected_path(lan + [{"id": "Lr", "type": "local-candidate", "candidateType": "relay"}]) == "direct"
    assert ice.selected_path([s for s in _report("srflx", "prflx", address="") if s["id"] != "P0"]) == "direct"


def _sdp(*cands):
    return "v=0\r\n" + "".join(f"a=candidate:1 1 udp 2122260223 {a} 5000 typ {t} generation 0\r\n"
                                   for a, t in cands)


def test_an_offer_of_lan_host_candidates_only_is_lan_only():
    assert ice.lan_only(_sdp(("192.168.1.5", "host"), ("fe80::1", "host"), ("4b1c-aa.local", "host")))
    assert not ice.lan_only(_sdp())  # no candidates at all: nothing known
    assert not ice.lan_only(_sdp(("192.168.1.5", "host"), ("203.0.113.9", "srflx")))
    assert not ice.lan_only(_sdp(("192.168.1.5", "host"), ("198.51.100.7", "relay")))
    assert not ice.lan_only(_sdp(("198.51.100.20", "host")))  # a public address on the host's own interface


def test_an_invite_with_no_stun_and_no_public_candidate_says_same_network_only():
    """The invite's empty STUN list is the host's "Same network only", even when its host candidates are public
    addresses that lan_only cannot count as a home network's; a STUN or relay candidate, or a STUN URL, says
    otherwise."""
    public_host = _sdp(("198.51.100.20", "host"), ("2001:db8::5", "host"))
    assert not ice.lan_only(public_host)
    assert ice.same_network_invite((), public_host)
    assert ice.same_network_invite([], _sdp(("192.168.1.5", "host")))
    assert not ice.same_network_invite(("stun:stun.example.org:3478",), public_host)
    assert not ice.same_network_invite((), _sdp(("192.168.1.5", "host"), ("203.0.113.9", "srflx")))
    assert not ice.same_network_invite((), _sdp(("192.168.1.5", "host"), ("198.51.100.7", "relay")))
    hidden = [s for s in _report("srflx", "prflx", address="") if s["id"] != "P0"]
    assert ice.selected_path(hidden, lan_offer=ice.same_network_invite((), public_host)) == "local"


def test_with_a_lan_only_offer_a_pair_that_is_not_relayed_is_local():
    """Same network only on the host's side: whatever this side's end (its STUN mapping in the lab's one-LAN
    scenario) or the hidden prflx address, the host was reached inside its network. A relay stays a relay."""
    hidden = [s for s in _report("srflx", "prflx", address="") if s["id"] != "P0"]
    assert ice.selected_path(hidden) == "direct"
    assert ice.selected_path(hidden, lan_offer=True) == "local"
    assert ice.selected_path(_report(), lan_offer=True) == "local"
    assert ice.selected_path(_report("relay", "host"), lan_offer=True) == "relay"
    assert ice.selected_path([], lan_offer=True) is None


# ----------------------------------------------------------------------------------------------- diagnosis
@pytest.mark.parametrize("mine,theirs,key", [
    ({"host"}, {"host"}, "diag_local_only"),
    (set(), {"host"}, "diag_local_only"),
    ({"host"}, {"host", "srflx"}, "diag_you_no_public"),
    ({"host", "srflx"}, {"host"}, "diag_friend_no_public"),
    ({"host", "srflx"}, {"host", "prflx"}, "diag_strict_nat"),
    ({"host", "srflx", "relay"}, {"host", "srflx"}, "diag_relay_failed"),
    ({"host"}, {"relay"}, "diag_relay_failed"),
])
def test_the_diagnosis(mine, theirs, key):
    assert ice.diagnose(mine, theirs) == key


KINDS = ["host", "srflx", "prflx", "relay"]


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(KINDS)), st.sets(st.sampled_from(KINDS)))
def test_every_diagnosis_is_consistent(mine, theirs):
    # (said in both languages: tests/ui/test_peer_texts.py)
    key = ice.diagnose(mine, theirs)
    assert key in typing.get_args(ice.Advice)
    public = {"srflx", "prflx"}
    # a TURN hint exactly when public addresses were found and no relay was tried; same Wi-Fi is always offered
    if key == "diag_strict_nat":
        assert mine & public and theirs & public and "relay" not in mine | theirs
    if "relay" in mine | theirs:
        assert key == "diag_relay_failed"
    # swapping the sides swaps the "you"/"friend" diagnoses and keeps the others
    swap = {"diag_you_no_public": "diag_friend_no_public", "diag_friend_no_public": "diag_you_no_public"}
    assert ice.diagnose(theirs, mine) == swap.get(key, key)


def test_every_advice_is_given_for_some_pair_of_kinds():
    subsets = [set(c) for n in range(len(KINDS) + 1) for c in itertools.combinations(KINDS, n)]
    given_ = {ice.diagnose(a, b) for a in subsets for b in subsets}
    assert given_ == set(typing.get_args(ice.Advice))


# ------------------------------------------------------------------------------------------ property: the field
stun_hosts = st.one_of(
    st.from_regex(r"[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?(\.[a-z0-9]{1,8}){0,3}", fullmatch=True),
    st.ip_addresses(v=4).map(str), st.ip_addresses(v=6).map(lambda a: f"[{a}]"))
stun_urls = st.builds(lambda h, p: f"stun:{h}" + (f":{p}" if p else ""), stun_hosts,
                      st.one_of(st.none(), st.integers(1, 65535)))


@settings(max_examples=200, deadline=None)
@given(st.lists(stun_urls, max_size=10))
def test_any_stun_list_reads_back_as_typed(urls):
    servers = ice.parse_servers(ice.servers_text(urls))
    assert [s.url for s in servers] == urls
    assert ice.stun_urls(servers) == tuple(dict.fromkeys(urls))[:ice.MAX_INVITE_STUN]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.printable, max_size=200))
def test_any_text_is_read_or_explained(text):
    try:
        servers = ice.parse_servers(text)
    except net.SignalError as exc:
        assert str(exc)
        return
    for s in servers:
        assert s.url.startswith(("stun:", "turn:", "turns:")) and (s.url.startswith("stun:") != bool(s.username))


def test_known_stun_order_is_the_code_format():
    # the index of each well-known server is written in invites: appending is fine, reordering is not
    assert ice.KNOWN_STUN[:2] == ice.DEFAULT_STUN and len(set(ice.KNOWN_STUN)) == len(ice.KNOWN_STUN) < 128
    for url in itertools.chain(ice.KNOWN_STUN):
        assert ice.check_stun_url(url) == url
