"""Made tests/net/data/saved_sessions.json: peer sessions saved (``PeerSession.to_json``) at moments worth keeping
(a match with short chains, so renewals happen; a resignation; a claim), with what each side's session said of
itself then. Saved games must keep loading as the code changes: tests/net/test_peer_value.py loads these.
Run from the repository root: .venv/bin/python tests/net/data/make_saved_sessions.py"""
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "web" / "py"), str(ROOT / "tests" / "net")]

import game  # noqa: E402
import game.verify  # noqa: E402
import net  # noqa: E402
from game import intents as I  # noqa: E402
from peer_harness import Link, both_next, random_turn  # noqa: E402

out = []


def grab(name, link):
    for p in (0, 1):
        s = link.side(p)
        out.append({"name": name, "side": p, "now": link.now, "saved": s.to_json(), "hash": s.state_hash(),
                    "seq_in": s.seq_in, "seq_out": s.seq_out, "stage": s.stage,
                    "record": s.table.record() if s.table is not None else None})


link = Link(5, settings=net.Settings(match_length=3, clock=45), chain_length=8)
link.connect()
grab("opening", link)
rng = random.Random(5)
while link.host.k <= 9 and random_turn(link, rng, double_rate=0.2):  # past throw 8: the chains were renewed
    pass
assert link.host.stage == "play"
grab("mid_game_renewed", link)
while random_turn(link, rng, double_rate=0.2):
    pass
grab("game_over", link)
both_next(link)
for _ in range(6):
    random_turn(link, rng)
grab("second_game", link)

link = Link(9)
link.connect()
rng = random.Random(9)
while not any(link.side(p).my_decision() and link.side(p).state().can_resign for p in (0, 1)):
    random_turn(link, rng)
p = next(q for q in (0, 1) if link.side(q).my_decision())
link.act(p, I.Resign(link.side(p).state().resign_offers[min(link.side(p).state().resign_offers)]))
grab("resign_offered", link)

link = Link(11, clock=45)
link.connect()
rng = random.Random(11)
for _ in range(5):
    random_turn(link, rng)
p = next(q for q in (0, 1) if link.side(q).my_decision())
claimant = link.side(1 - p)
link.now = claimant.since + 45 + net.DEFAULT_GRACE
link.send_from(1 - p, claimant.claim(link.now))
grab("claimed_unseen", link)  # the claim is not delivered yet: the accused may still answer by acting
link.pump()
grab("claimed", link)
assert not link.refusals and game.verify.verify_record(link.host.table.record()).ok

(ROOT / "tests" / "net" / "data" / "saved_sessions.json").write_text(json.dumps(out, indent=0) + "\n")
print(len(out), "saved sessions:", sorted({o["name"] for o in out}))
