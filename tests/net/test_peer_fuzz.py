"""Fuzz: random and mutated messages at many moments of real games. None crashes the session, none changes its
state; every refused message gets a reason. The honest message is accepted afterwards."""
from __future__ import annotations

import json
import random

import net
from peer_harness import Link, fingerprint_of, random_turn

_JUNK = [None, True, False, 0, -1, 1, 2 ** 31, 2 ** 64, 1.5, float("inf"), "", "x" * 5000, [], {}, [1, 2],
         {"a": 1}, "0" * 64, "G" * 64, "ab" * 31, [[24, 18, 6]], [[25, 20, 5], [0, 0, 0]], "host", "\u202e<b>"]
_TYPES = list(net.messages.TYPES) + ["", "Roll", "hello2", 7]


def mutate(rng: random.Random, text: str, history: list) -> object:
    """One mutation of a real message text (or a random message)."""
    msg = json.loads(text)
    kind = rng.randrange(14)
    if kind == 0:  # change one field's value
        key = rng.choice(list(msg))
        msg[key] = rng.choice(_JUNK)
    elif kind == 1:  # drop a field
        del msg[rng.choice(list(msg))]
    elif kind == 2:  # an extra field
        msg[rng.choice(["x", "seq2", "html", "v "])] = rng.choice(_JUNK)
    elif kind == 3:  # another type with the same fields
        msg["t"] = rng.choice(_TYPES)
    elif kind == 4:  # shifted sequence number
        msg["seq"] = msg.get("seq", 1) + rng.choice([-3, -2, -1, 1, 2, 1000])
    elif kind == 5:  # flip one character of the text
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(32, 127)) + text[i + 1:]
    elif kind == 6:  # truncate
        return text[:rng.randrange(len(text))]
    elif kind == 7:  # raw bytes, possibly not UTF-8
        raw = bytearray(text.encode())
        raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    elif kind == 8:  # a message seen earlier (replay)
        return rng.choice(history) if history else text
    elif kind == 9:  # wrong version
        msg["v"] = rng.choice([0, 2, "1", 1.0, True, None])
    elif kind == 10:  # hex fields changed by one digit
        for key in ("value", "h", "commit"):
            if key in msg and isinstance(msg[key], str) and msg[key]:
                i = rng.randrange(len(msg[key]))
                msg[key] = msg[key][:i] + rng.choice("0123456789abcdef") + msg[key][i + 1:]
    elif kind == 11:  # steps changed
        msg["steps"] = [[rng.randrange(-1, 27), rng.randrange(-1, 27), rng.randrange(0, 8)]
                        for _ in range(rng.randrange(0, 6))]
    elif kind == 12:  # deep nesting / huge / not an object
        return rng.choice(["[" * 5000 + "]" * 5000, json.dumps([msg]), "null", "1e999", "NaN",
                           json.dumps({**msg, "pad": "y" * 5000}), "{\"v\":1,\"t\":\"hello\"" + "," * 10])
    else:  # a random message of a random type with random fields
        msg = {"v": 1, "t": rng.choice(_TYPES), "seq": rng.randrange(0, 40)}
        for key in rng.sample(["k", "value", "h", "steps", "game", "commit", "role", "sid", "name", "chain",
                               "settings", "have", "sent", "ref", "code", "text", "points"], rng.randrange(0, 5)):
            msg[key] = rng.choice(_JUNK)
    return json.dumps(msg)


class _Unpumped:
    """A Link whose ``act`` only queues the texts: the fuzz delivers every one of them itself."""

    def __init__(self, link: Link) -> None:
        self.link = link

    def side(self, p):
        return self.link.side(p)

    @property
    def now(self):
        return self.link.now

    @now.setter
    def now(self, value):
        self.link.now = value

    def act(self, p, intent) -> None:
        self.link.send_from(p, self.link.side(p).act(intent, self.link.now))


def specials(rng: random.Random, s, text: str) -> list:
    """claim, resume, next and renew as a peer could send them at this moment (valid sequence numbers, and
    otherwise plausible or random fields)."""
    seq = s.seq_in + 1
    real = json.loads(text)
    h = real.get("h", s.state_hash())
    return [
        json.dumps({"v": 1, "t": "claim", "seq": seq}),
        json.dumps({"v": 1, "t": "claim", "seq": rng.choice([seq - 1, seq + 1, 0])}),
        json.dumps({"v": 1, "t": "resume", "sid": s.sid or "0" * 16, "have": s.seq_out, "sent": s.seq_in,
                    "h": rng.choice([h, "0" * 64, s.state_hash()])}),
        json.dumps({"v": 1, "t": "resume", "sid": s.sid or "0" * 16, "have": rng.randrange(0, s.seq_out + 3),
                    "sent": rng.randrange(0, s.seq_in + 3), "h": "ab" * 32}),
        json.dumps({"v": 1, "t": "resume", "sid": "f" * 16, "have": 0, "sent": 0, "h": "0" * 64}),
        json.dumps({"v": 1, "t": "next", "seq": seq, "game": s.game_no + rng.choice([0, 1, 2]),
                    "commit": rng.choice(["cd" * 32, "0" * 64])}),
        json.dumps({"v": 1, "t": "renew", "seq": seq, "game": s.game_no, "seg": max(1, s.k // s.chain_length),
                    "commit": "ef" * 32}),
        json.dumps({"v": 1, "t": "resign", "seq": seq, "points": rng.choice([1, 2, 3, 4, 6, 8, 12]),
                    "h": rng.choice([h, s.state_hash()])}),
        json.dumps({"v": 1, "t": rng.choice(["accept", "decline"]), "seq": seq, "h": rng.choice([h, s.state_hash()])}),
    ]


def _same(a: object, b: str) -> bool:
    try:
        return json.loads(a) == json.loads(b)
    except (ValueError, TypeError, RecursionError):
        return False


def test_fuzz_ten_thousand_messages_change_nothing():
    total = refused = accepted = offered = 0
    codes: dict = {}
    kinds: dict = {}
    for seed in range(3):
        rng = random.Random(seed)

        def new_link(n: int) -> Link:
            # runs 2 and 3 are matches (one match after another); the third has short chains, so renewals
            # happen (and are fuzzed) several times a game
            lk = Link(200 + seed + 10 * n, chain_length=8 if seed == 2 else 1024,
                      settings=net.Settings(match_length=seed, clock=45))
            lk.send_from(0, lk.host.start(lk.now))
            return lk
        matches = 0
        link = new_link(matches)
        history: list = []
        while total < 3500 * (seed + 1) or seed and not matches:  # (a match is fuzzed to its end)
            # deliver the next real text, after fuzzing its receiver with mutations of it
            if not link.to_guest and not link.to_host:
                if not random_turn(_Unpumped(link), rng, double_rate=0.1, take_rate=0.6, resign_rate=0.03):
                    if link.host.stage == "over":
                        link.send_from(0, link.host.act(net.session.I.NextGame(), link.now))
                        link.send_from(1, link.guest.act(net.session.I.NextGame(), link.now))
                    else:
                        assert link.host.stage == "match_over"
                        matches += 1
                        link, history = new_link(matches), []
                continue
            receiver = 1 if link.to_guest else 0
            queue = link.to_guest if receiver == 1 else link.to_host
            text = queue[0]
            s = link.side(receiver)
            before = fingerprint_of(s)
            saved = s.value
            for i in range(29):
                bad = mutate(rng, text, history) if i < 20 else specials(rng, s, text)[i - 20]
                if _same(bad, text):
                    continue
                out = s.receive(bad, link.now)  # never raises
                total += 1
                phase = (s.stage, s.table.state().phase if s.table is not None else None)
                if i >= 20:
                    kinds.setdefault(json.loads(bad)["t"], set()).add(phase)
                offered += s.table is not None and s.table.state().offer is not None
                if out.refused is None:
                    t = json.loads(bad)["t"]
                    assert t != "claim", "a claim the receiver's clock does not justify was honoured"
                    if t in ("hello", "next", "renew"):
                        # a different but valid message (a commitment or a name cannot be checked): accepted,
                        # so this peer is set back for the rest of the fuzz
                        accepted += 1
                        s.restore(saved)
                    else:  # only a "refused" or "resume" notice: nothing changes
                        assert t in ("refused", "resume"), bad
                else:
                    refused += 1
                    codes[out.refused.code] = codes.get(out.refused.code, 0) + 1
                    assert out.refused.message
                assert fingerprint_of(s) == before, bad
                assert s.value == saved, bad
            queue.pop(0)
            out = s.receive(text, link.now)
            assert out.refused is None, out.refused
            link.send_from(receiver, out)
            history.append(text)
    print(f"fuzz: {total} messages, {refused} refused, {accepted} valid alternatives, codes {codes}")
    print("claim/resume/next/renew at", {k: sorted(map(str, v)) for k, v in kinds.items()})
    assert total >= 10_000
    assert {"bad_schema", "replayed", "missing", "not_json", "bad_version", "desync", "bad_claim"} <= set(codes)
    every = {("hello", None), ("opening", None), ("play", "roll"), ("play", "moving"), ("play", "take"),
             ("over", "game_over"), ("opening", "game_over"), ("match_over", "match_over")}
    for t in ("claim", "resume", "next", "renew"):
        assert every <= kinds[t], (t, every - kinds[t])
    for t in ("resign", "accept", "decline"):  # at every moment of a game; refused but when honest
        assert {("play", "roll"), ("play", "moving"), ("play", "take"), ("over", "game_over")} <= kinds[t], t
    print(f"messages fuzzed while a resignation waited for its answer: {offered}")
    assert offered > 100
