"""Benchmark: how long "Verify a game" takes for a 100-roll record, in CPython and in the browser (Pyodide).

    .venv/bin/python -m tools.bench.bench_verify            # CPython only
    .venv/bin/python -m tools.bench.bench_verify --browser  # also in Chromium through the served verify page

Prints medians. Baselines measured in the same run: deriving the 100 throws from the seed alone, and (browser)
a record that is rejected at once (not JSON), which measures the page's fixed cost.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time

from game import record as rec
from game.verify import verify_record
from rules import dice
from rules.movegen import legal_plays
from rules.notation import format_play, parse_play
from rules.position import Position

ROLLS = 100


def record_with_rolls(n: int = ROLLS) -> dict:
    """A game of random legal plays cut after its n-th throw's play (marked abandoned): n throws in all."""
    for base in range(1000):
        rng = random.Random(base)
        gd = dice.GameDice(hashlib.sha256(b"bench %d" % base).digest())
        b = rec.RecordBuilder(players=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
                              fingerprint=gd.fingerprint)
        pairs = gd.opening()
        for p in pairs:
            b.opening_roll(*p)
        throws = len(pairs)
        turn, roll, pos = (0 if pairs[-1][0] > pairs[-1][1] else 1), pairs[-1], Position.initial()
        while True:
            options = legal_plays(pos, roll)
            rng.shuffle(options)
            play, after = (), pos
            for cand, res in options:
                try:
                    parse_play(format_play(cand), pos, roll)
                    play, after = cand, res
                    break
                except ValueError:
                    pass
            if options and not play or after.is_over():
                break
            b.play(turn, format_play(play))
            if throws == n:
                b.result(None, 0, "abandoned")
                b.reveal(gd.seed)
                return b.to_dict()
            pos, turn = after.swapped(), 1 - turn
            roll = gd.roll()
            b.roll(turn, *roll)
            throws += 1
    raise RuntimeError("no game long enough")


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def cpython(data: dict, repeat: int) -> None:
    text = json.dumps(data)
    seed = bytes.fromhex(data["games"][0]["dice"]["seed"])
    verdict = verify_record(text)
    assert verdict.ok and len(verdict.rolls) == ROLLS, verdict.reasons
    base = median_ms(lambda: dice.first_pairs(seed, ROLLS), repeat)
    full = median_ms(lambda: verify_record(text), repeat)
    print(f"CPython {sys.version.split()[0]}: {ROLLS}-roll record ({len(text)} bytes)")
    print(f"  baseline, derive {ROLLS} throws only : {base:8.2f} ms")
    print(f"  verify_record (dice + replay + stats): {full:8.2f} ms")


def browser(data: dict, repeat: int) -> None:
    from tools.site import serve
    from playwright.sync_api import sync_playwright
    from tools.site.chromium import LAUNCH_ARGS, chromium_path

    server = serve.start(0)
    base_url = f"http://127.0.0.1:{server.server_address[1]}/"
    text = json.dumps(data)
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            page = chromium.new_page()
            page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
            start = time.perf_counter()
            page.goto(base_url + "verify.html?lang=en")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            boot = (time.perf_counter() - start) * 1000

            def run(record_text: str) -> tuple[float, float]:
                page.evaluate("document.getElementById('verdict').removeAttribute('data-verdict')")
                page.fill("#record-text", record_text)
                t0 = time.perf_counter()
                page.click("#verify-button")
                page.wait_for_selector("#verdict[data-verdict]")
                wall = (time.perf_counter() - t0) * 1000
                return float(page.get_attribute("#verdict", "data-ms")), wall

            run(text)  # warm-up (first imports of the rules engine)
            good = [run(text) for _ in range(repeat)]
            assert page.get_attribute("#verdict", "data-verdict") == "ok"
            bad = [run("not json") for _ in range(repeat)]
            chromium.close()
    finally:
        server.shutdown()
    print(f"Browser (Chromium, Pyodide): page ready in {boot:.0f} ms")
    print(f"  baseline, reject 'not json' : verify {statistics.median(b[0] for b in bad):8.2f} ms, "
          f"click to verdict {statistics.median(b[1] for b in bad):8.1f} ms")
    print(f"  {ROLLS}-roll record           : verify {statistics.median(g[0] for g in good):8.2f} ms, "
          f"click to verdict {statistics.median(g[1] for g in good):8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", action="store_true", help="also measure in Chromium (needs the site built)")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    data = record_with_rolls()
    cpython(data, args.repeat)
    if args.browser:
        browser(data, max(3, args.repeat // 3))


if __name__ == "__main__":
    main()
