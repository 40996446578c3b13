"""Benchmark of the peer protocol in CPython: what two in-memory peers cost per message and per game, against a
baseline of the same games played on one plain ``game.Table`` in the same run; message sizes; signalling code
lengths on the Chromium SDPs of tests/net/data. (The browser figure, Connect -> first roll on loopback, is printed
by ``pytest -s e2e/test_peer.py``.)

    .venv/bin/python -m tools.bench.bench_peer [--games 20]
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]

import game
from game import intents as I
from net import sdpcode
from net.chains import Chain
from tests.net.peer_harness import Link, random_turn


def plain_game(seed: int) -> int:
    """The baseline: a random game on one table (two people on one device), the same kind of decisions."""
    rng = random.Random(seed)
    table = game.Table(game.Options.two_players(clock=0), now=0.0)
    actions = 0
    while table.state().phase not in (game.GAME_OVER, game.MATCH_OVER):
        st = table.state()
        if st.phase == game.ROLL:
            table.apply(I.Double() if st.can_double and rng.random() < 0.1 else I.Roll())
        elif st.phase == game.TAKE:
            table.apply(I.Take() if rng.random() < 0.7 else I.Pass())
        else:
            comp = table._completions()
            for s in comp[rng.choice(sorted(comp))]:
                table.apply(I.Move(s.frm, s.to, s.die))
            table.apply(I.Done())
        actions += 1
    return actions


def peer_game(seed: int) -> tuple:
    link = Link(seed)
    sizes: list = []
    orig = link.send_from

    def record(p, out):
        sizes.extend(len(t.encode()) for t in out.send)
        orig(p, out)

    link.send_from = record
    link.connect()
    rng = random.Random(seed)
    while random_turn(link, rng):
        pass
    return link.texts, sizes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()

    t0 = time.perf_counter()
    for seed in range(args.games):
        plain_game(seed)
    base = time.perf_counter() - t0

    t0 = time.perf_counter()
    texts, sizes = 0, []
    for seed in range(args.games):
        n, s = peer_game(seed)
        texts += n
        sizes += s
    peer = time.perf_counter() - t0

    t0 = time.perf_counter()
    for i in range(20):
        Chain(bytes([i]) * 32, 1024)
    chain_ms = (time.perf_counter() - t0) / 20 * 1000

    print(f"games: {args.games} random money games (the same kind of random decisions in both runs)")
    print(f"baseline, one game.Table:      {base / args.games * 1000:8.1f} ms per game")
    print(f"two PeerSessions (both sides): {peer / args.games * 1000:8.1f} ms per game, "
          f"{texts / args.games:.0f} messages per game, {peer / texts * 1000:.2f} ms per message delivered")
    print(f"message size: mean {statistics.mean(sizes):.0f} B, max {max(sizes)} B (limit 4096)")
    print(f"one hash chain of 1024 values: {chain_ms:.2f} ms")
    data = json.loads((ROOT / "tests" / "net" / "data" / "chromium_sdp.json").read_text())
    offers = [len(sdpcode.encode_sdp(e["offer"], True)) for e in data]
    answers = [len(sdpcode.encode_sdp(e["answer"], False)) for e in data]
    raw = [len(e["offer"]) for e in data]
    link = sdpcode.invite_link("http://127.0.0.1:8000/index.html?lang=en", sdpcode.encode_sdp(data[0]["offer"], True))
    print(f"signalling: raw SDP {min(raw)}-{max(raw)} chars; offer code {min(offers)}-{max(offers)}, "
          f"answer code {min(answers)}-{max(answers)} chars; invite link {len(link)} chars ({link[:48]}…)")


if __name__ == "__main__":
    main()
