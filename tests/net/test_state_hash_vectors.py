"""The state hash worked examples of docs/peer-protocol.md section 4 (tests/net/data/state_hash_vectors.json):
the hashed object, its canonical JSON bytes and its SHA-256 at several moments of a 3-point match between two
sessions with fixed random bytes. Checked three ways: the session gives the same object and hash today; the
canonical bytes are what an independent encoder written from the document's rules gives; the hash is the
SHA-256 of those bytes. Regenerate with ``.venv/bin/python tests/net/test_state_hash_vectors.py --write`` after
a (documented!) change of the state hash."""
from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys

import game
import net
from net.statehash import canonical, state_object
from peer_harness import Link, random_turn

PATH = pathlib.Path(__file__).parent / "data" / "state_hash_vectors.json"


def moments() -> list:
    """(name, what, session) at each moment worth a worked example, in the order they happen."""
    out = []
    link = Link(7, settings=net.Settings(match_length=3, clock=45, jacoby=False, beavers=False))
    host, guest = link.host, link.guest
    rng = random.Random(7)

    def grab(name, what, s):
        out.append((name, what, json.loads(json.dumps(state_object(s))), s.state_hash()))  # a copy: it lives on

    link.send_from(0, host.start(link.now))
    grab("hello", "the host has sent its hello (stage hello, no table)", host)
    link.send_from(1, guest.receive(link.to_guest.pop(0), link.now))   # the guest's hello and nothing more
    link.send_from(0, host.receive(link.to_host.pop(0), link.now))     # the host's reveal for throw 0
    grab("opening", "both hellos applied; the host has revealed its value for opening throw 0", host)
    link.pump()
    grab("first_turn", "the opening throw made; the opening winner's table: it must play those dice", host)
    # on to a roll decision of a player who may double
    while True:
        p = next(q for q in (0, 1) if link.side(q).my_decision())
        st = link.side(p).state()
        if st.phase == game.ROLL and st.can_double:
            break
        assert random_turn(link, rng, double_rate=0.0)
    roller = link.side(p)
    link.send_from(p, roller.act(game.Roll(), link.now))
    grab("mid_turn_roll", "a player has sent roll (its value for the throw), the other's reveal not yet in", roller)
    link.pump()
    grab("mid_turn_move", "the throw made: the roller must play (dice shown, no step sent yet)", roller)
    assert random_turn(link, rng, double_rate=0.0)  # that play
    p = 1 - p
    link.send_from(p, link.side(p).act(game.Double(), link.now))
    grab("double", "after a double: the other player must take or pass", link.side(p))
    link.pump()
    link.send_from(1 - p, link.side(1 - p).act(game.Take(), link.now))
    grab("take", "after the take: the cube is 2, owned by the taker; the doubler rolls", link.side(1 - p))
    link.pump()
    while random_turn(link, rng, double_rate=0.0):
        pass
    assert host.stage == "over", host.stage
    grab("game_over", "game 1 over, both secrets revealed (they are in the record's game)", host)
    link.send_from(0, host.act(game.NextGame(), link.now))
    grab("next_one", "between games: the host pressed Next game (its next commitment); the guest not yet", host)
    link.pump()
    link.send_from(1, guest.act(game.NextGame(), link.now))
    link.send_from(0, host.receive(link.to_host.pop(0), link.now))
    grab("between_games", "both next commitments in: game 2's opening; the table still shows game 1 over",
         host)
    link.pump()
    assert host.state_hash() == guest.state_hash()
    return out


def _vectors() -> list:
    return [{"moment": name, "what": what, "object": obj, "canonical": canonical(obj).decode("ascii"),
             "sha256": h} for name, what, obj, h in moments()]


# an encoder written from the document (section 4), not from json.dumps
def _doc_canonical(v) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        out = ['"']
        for ch in v:
            c = ord(ch)
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch in "\b\f\n\r\t":
                out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
            elif c < 0x20 or 0x7F <= c <= 0xFFFF:  # controls, DEL, the rest of the BMP
                out.append(f"\\u{c:04x}")
            elif c > 0xFFFF:
                c -= 0x10000
                out.append(f"\\u{0xD800 + (c >> 10):04x}\\u{0xDC00 + (c & 0x3FF):04x}")
            else:
                out.append(ch)
        return "".join(out) + '"'
    if isinstance(v, list):
        return "[" + ",".join(_doc_canonical(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_doc_canonical(k) + ":" + _doc_canonical(v[k]) for k in sorted(v)) + "}"
    raise TypeError(type(v))


def test_state_hash_vectors_match_the_sessions_today():
    saved = json.loads(PATH.read_text())
    assert [v["moment"] for v in saved["vectors"]] == [v["moment"] for v in _vectors()]
    assert saved["vectors"] == _vectors()


def test_state_hash_vectors_follow_the_documented_encoding():
    saved = json.loads(PATH.read_text())["vectors"]
    assert len(saved) >= 8
    stages = {v["object"]["stage"] for v in saved}
    assert {"hello", "opening", "play", "over"} <= stages
    for v in saved:
        assert _doc_canonical(v["object"]) == v["canonical"]
        assert json.loads(v["canonical"]) == v["object"]
        assert hashlib.sha256(v["canonical"].encode("ascii")).hexdigest() == v["sha256"]
        t = v["object"].get("table")
        if t is not None:  # "earlier" is the hash of the record's finished games, recomputable from them
            assert len(t["earlier"]) == 64
    # the earlier-games digest of the first game is the hash of []
    first = next(v for v in saved if "table" in v["object"])
    assert first["object"]["table"]["earlier"] == hashlib.sha256(b"[]").hexdigest()


def test_a_name_outside_ascii_is_escaped_as_documented():
    obj = {"names": ["Jo\u00e3o 😀", "\"\\\n"]}
    assert canonical(obj).decode() == _doc_canonical(obj) == \
        '{"names":["Jo\\u00e3o \\ud83d\\ude00","\\"\\\\\\n"]}'


if __name__ == "__main__":
    if "--write" in sys.argv:
        PATH.write_text(json.dumps({"about": "docs/peer-protocol.md section 4: the state hash at moments of a "
                                    "3-point match; made by tests/net/test_state_hash_vectors.py --write",
                                    "vectors": _vectors()}, indent=1, ensure_ascii=True) + "\n")
        print("wrote", PATH)
