"""Ring latency: the time from "lift a checker" to having its destinations (the brass rings), in CPython.

A click is: the table's state for the current turn (``Table.state()``, which computes ``rules.Turn.options()``)
and the lifted point's destinations from ``state.movable[frm]``. The scenarios are every lift of a whole seeded
two-player game (each human decision point: before each move of each turn). Prints p50/p95 in milliseconds and,
as a baseline measured in the same run, the bare ``rules.Turn(...).options()`` time for the same positions.

    .venv/bin/python -m tools.bench.bench_rings [--games N] [--seed HEX]
    .venv/bin/python -m tools.bench.bench_rings --browser [--lifts N]   # the same in the table page (Chromium)

``click_scenarios(games, seed)`` returns the scenarios (save text + point lifted) so a browser measurement can
replay the same clicks (e.g. load each save with ``game.table_from_json`` in Pyodide and time the same call).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import game
import rules
from game import intents as I


def click_scenarios(games: int = 1, seed: str = "00" * 32) -> list[dict]:
    """Every lift of ``games`` seeded two-player games: ``{"save": table JSON, "frm": point lifted,
    "turn": player, "steps": steps made}``; the checker lifted is a random movable one (seeded)."""
    out = []
    rng = random.Random(seed)
    table = game.Table(game.Options.two_players(seed=seed, clock=0), now=0)
    played = 0
    while played < games:
        st = table.state()
        if st.phase in (game.GAME_OVER, game.MATCH_OVER):
            played += 1
            if played < games:
                table.apply(I.NextGame())
            continue
        if st.phase == game.ROLL:
            table.apply(I.Roll())
        elif st.phase == game.MOVING:
            if st.can_done:
                table.apply(I.Done())
                continue
            frm = rng.choice(sorted(st.movable))
            out.append({"save": game.table_to_json(table, 0), "frm": frm, "turn": st.turn, "steps": len(st.steps)})
            table.apply(I.Move(frm, rng.choice(st.movable[frm]).to))
    return out


def lift(table: "game.Table", frm: int) -> list:
    """What the UI does on a lift: the state (options included) and the point's destinations."""
    return table.state().movable[frm]


def measure(scenarios: list[dict], repeat: int = 3) -> tuple[list[float], list[float]]:
    """(table lift times, bare rules.Turn.options() times) in ms, the best of ``repeat`` per scenario, each on
    a fresh table so no cache helps."""
    table_ms, bare_ms = [], []
    for sc in scenarios:
        best_t = best_b = float("inf")
        for _ in range(repeat):
            t = game.table_from_json(sc["save"])
            turn = t.turn
            fresh = rules.Turn(turn.start, turn.dice)
            for s in turn.steps:
                fresh = fresh.apply_step(s)
            t0 = time.perf_counter()
            dests = lift(t, sc["frm"])
            t1 = time.perf_counter()
            assert dests
            t2 = time.perf_counter()
            fresh.options()
            t3 = time.perf_counter()
            best_t, best_b = min(best_t, t1 - t0), min(best_b, t3 - t2)
        table_ms.append(best_t * 1000)
        bare_ms.append(best_b * 1000)
    return table_ms, bare_ms


def _pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[q - 1] if len(xs) > 1 else xs[0]


# --- In the browser (the table page, Chromium): click -> rings in the DOM -------------------------------------

_LIFT_JS = """(slot) => {
  const el = document.querySelector(`#board [data-point="${slot}"]`);
  const r = el.getBoundingClientRect();
  const opts = {bubbles: true, button: 0, pointerId: 1, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2};
  const t0 = performance.now();
  el.dispatchEvent(new PointerEvent('pointerdown', opts));
  el.dispatchEvent(new PointerEvent('pointerup', opts));
  const t1 = performance.now();
  return [t1 - t0, document.querySelectorAll('#board [data-dest]').length];
}"""


def browser_measure(lifts: int = 200, seed: str = "00" * 32) -> tuple[list[float], list[float]]:
    """Serve the site, play a seeded two-player game in Chromium by clicking, and time each lift of a movable
    checker from the pointer events to its rings being in the DOM (the handler is synchronous, so the DOM is
    complete when dispatch returns). Baseline, same run: the same events on a point that cannot move (the
    handler runs and draws nothing). Returns (lift ms, baseline ms)."""
    from e2e import helpers as H
    from tools.site import serve
    from playwright.sync_api import sync_playwright
    from tools.site.chromium import LAUNCH_ARGS, chromium_path

    server = serve.start(0)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    lift_ms, base_ms = [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            page = browser.new_page()
            page.goto(H.table_url(base, seed=seed))
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            H.new_game(page, "human")
            while len(lift_ms) < lifts:
                state = H.wait_for_turn(page)
                if state == "over":
                    page.locator("#over-next").click()
                    continue
                if state != "move":
                    H.play_turn(page)
                    continue
                counts = H.counts(page)
                idle = next(s for s in H.POINTS[:24] if counts[s] == 0 and s not in H.movable(page))
                for slot in H.movable(page):
                    page.keyboard.press("Escape")
                    ms, rings = page.evaluate(_LIFT_JS, slot)
                    assert rings, f"no rings after lifting {slot}"
                    lift_ms.append(ms)
                    page.keyboard.press("Escape")
                    ms, rings = page.evaluate(_LIFT_JS, idle)
                    base_ms.append(ms)
                page.keyboard.press("Escape")
                H.click_first_move(page)
            browser.close()
    finally:
        server.shutdown()
    return lift_ms, base_ms


def browser_main(lifts: int, seed: str) -> None:
    lift_ms, base_ms = browser_measure(lifts, seed)
    print(f"browser: {len(lift_ms)} lifts in the table page (Chromium, Pyodide)")
    print(f"click -> rings in the DOM:                p50 {_pct(lift_ms, 50):.2f} ms  "
          f"p95 {_pct(lift_ms, 95):.2f} ms  max {max(lift_ms):.2f} ms")
    print(f"baseline click on a point that cannot move: p50 {_pct(base_ms, 50):.2f} ms  "
          f"p95 {_pct(base_ms, 95):.2f} ms  max {max(base_ms):.2f} ms")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", default="00" * 32)
    ap.add_argument("--browser", action="store_true",
                    help="measure in the real page instead (Chromium; run tools/site/build_site.py first)")
    ap.add_argument("--lifts", type=int, default=200, help="with --browser: how many lifts to time")
    args = ap.parse_args(argv)
    if args.browser:
        browser_main(args.lifts, args.seed)
        return
    scenarios = click_scenarios(args.games, args.seed)
    table_ms, bare_ms = measure(scenarios)
    print(f"clicks: {len(scenarios)} lifts over {args.games} game(s), CPython {sys.version.split()[0]}")
    print(f"lift -> destinations (Table.state + movable): p50 {_pct(table_ms, 50):.3f} ms  "
          f"p95 {_pct(table_ms, 95):.3f} ms  max {max(table_ms):.3f} ms")
    print(f"baseline rules.Turn.options() alone:          p50 {_pct(bare_ms, 50):.3f} ms  "
          f"p95 {_pct(bare_ms, 95):.3f} ms  max {max(bare_ms):.3f} ms")


if __name__ == "__main__":
    main()
