"""Python function calls and CPU time of what the page runs for one checker step and one bot play.

    .venv/bin/python -m tools.bench.bench_calls [--games 12] [--plays 8] [--levels ...] [--baseline REV]

Figures, each an average (calls: Python function calls, counted with ``sys.setprofile``; time: CPU time of the
same work without the counter, best of ``--rounds``):

- ``step``: one checker step as the page makes it: ``Table.apply(Move(frm, to), now)`` and what the page then
  saves (``game.save.PageSave.texts``, or ``Table.to_json`` in revisions before it), over every step of
  ``--games`` seeded games between two people on one device (each step a random legal move of the person on
  turn, the same in every tree);
- ``turn``: a whole turn of such a game: the roll, the steps and Done, each with its save;
- ``play <level>``: one bot play as the page makes it: ``table.pending()``, the page's chooser
  (``game.BotChooser``) answering it, the play applied and the table saved, over ``--plays`` plays of each level
  in seeded games of that level against itself (the bot's decisions before each measured play are made the same
  way, unmeasured).

``--baseline REV`` measures git revision REV (checked out in a temporary ``git worktree``) in the same run, each
tree in its own process with its own ``game``/``bot``/``rules`` on the path, the two alternating round by round,
and prints both with their ratio. Each tree runs the workload its own code defines: the same seeds, the same
games (a check compares the plays chosen: they must not differ).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEVELS = ("beginner", "intermediate", "strong", "expert")


# ------------------------------------------------------------------------------------------- in a tree's process
class _Counter:
    """Python function calls while active (``sys.setprofile``'s "call" events)."""

    def __init__(self) -> None:
        self.calls = 0

    def _hook(self, frame, event, arg) -> None:
        if event == "call":
            self.calls += 1

    def __enter__(self) -> "_Counter":
        sys.setprofile(self._hook)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(None)


def _saver(game):
    """What the page runs after an action to save the table: ``texts(table, now)`` -> the strings it writes."""
    import importlib
    page_save = getattr(importlib.import_module("game.save"), "PageSave", None)
    if page_save is not None:
        saver = page_save()

        def texts(table, now):
            return list(saver.texts(table, now).values())
        return texts

    def whole(table, now):  # revisions before PageSave: the whole table after every action
        return [table.to_json(now)]
    return whole


def _seed(k: int) -> str:
    return f"{k:064x}"


def _step_workload(game, games: int) -> list:
    """Per game: its Options and the human intents of the game (roll, moves, done), chosen from seeded random
    numbers and the states' legal moves, so every tree plays the same games."""
    from game import intents as I
    out = []
    for g in range(games):
        rng = random.Random(g)
        options = game.Options.two_players(seed=_seed(1000 + g), match_length=0)
        table = game.Table(options, now=0.0)
        intents = []
        now = 0.0
        for _ in range(400):
            st = table.state()
            now += 1.0
            if st.phase in (game.GAME_OVER, game.MATCH_OVER):
                break
            if st.can_roll:
                it = I.Roll()
            elif st.can_done:
                it = I.Done()
            elif st.movable:
                frm = rng.choice(sorted(st.movable))
                dest = rng.choice(sorted(o.to for o in st.movable[frm]))
                it = I.Move(frm, dest)
            else:
                raise RuntimeError(f"no human action in phase {st.phase}")
            table.apply(it, now)
            intents.append((it, now))
        out.append((options, intents))
    return out


def measure_steps(game, workload, count: bool) -> dict:
    """Calls (``count``) or CPU seconds of the steps and of the turns of ``workload``."""
    from game import intents as I
    steps = turns = 0
    step_cost = turn_cost = 0.0
    for options, intents in workload:
        table = game.Table(options, now=0.0)
        save = _saver(game)
        save(table, 0.0)
        for it, now in intents:
            if count:
                with _Counter() as c:
                    table.apply(it, now)
                    save(table, now)
                cost = c.calls
            else:
                t0 = time.process_time()
                table.apply(it, now)
                save(table, now)
                cost = time.process_time() - t0
            turn_cost += cost
            if isinstance(it, I.Move):
                steps += 1
                step_cost += cost
            elif isinstance(it, I.Done):
                turns += 1
    return {"step": step_cost / steps, "turn": turn_cost / max(turns, 1)}


def _play_workload(game, level: str, plays: int) -> list:
    """Tables of ``level`` against itself, each just before a bot play worth measuring (more than one result)."""
    out = []
    g = 0
    chooser = game.BotChooser()
    while len(out) < plays:
        options = game.Options.bots(level, level, seed=_seed(2000 + g), match_length=0)
        table = game.Table(options, now=0.0)
        g += 1
        k = 0
        for _ in range(200):
            pend = table.pending()
            if pend is None:
                break
            if pend.kind == "play" and len(pend.candidates) > 1:
                k += 1
                if k % 3 == 0:
                    out.append(table.value)
                    if len(out) == plays:
                        break
            table.apply(game.answer_for(pend, chooser), 1.0)
    return out


def measure_plays(game, values: list, count: bool) -> tuple[float, list]:
    """Calls (``count``) or CPU seconds of one bot play through the page's path, and the plays chosen."""
    chooser = game.BotChooser()
    save = _saver(game)
    total = 0.0
    chosen = []
    for value in values:
        table = game.Table.from_value(value)
        save(table, 1.0)
        if count:
            with _Counter() as c:
                pend = table.pending()
                intent = game.answer_for(pend, chooser)
                table.apply(intent, 1.0)
                save(table, 1.0)
            total += c.calls
        else:
            t0 = time.process_time()
            pend = table.pending()
            intent = game.answer_for(pend, chooser)
            table.apply(intent, 1.0)
            save(table, 1.0)
            total += time.process_time() - t0
        chosen.append(str(getattr(intent, "result", intent)))
    return total / len(values), chosen


def run_tree(games: int, plays: int, levels: list[str]) -> dict:
    """Every figure for the ``game``/``bot`` on this process's path (one round)."""
    import bot
    import game
    bot.evaluator()
    out: dict = {}
    work = _step_workload(game, games)
    calls = measure_steps(game, work, True)
    secs = measure_steps(game, work, False)
    for k in ("step", "turn"):
        out[k] = {"calls": calls[k], "ms": secs[k] * 1e3}
    for lv in levels:
        values = _play_workload(game, lv, plays)
        measure_plays(game, values[:1], False)  # warm the bot's caches (bear-off table, pruned networks)
        c, chosen = measure_plays(game, values, True)
        t, _ = measure_plays(game, values, False)
        out[f"play {lv}"] = {"calls": c, "ms": t * 1e3, "chosen": chosen}
    return out


# ------------------------------------------------------------------------------------------------- the runner
def _in_process(tree: pathlib.Path, args: list[str]) -> dict:
    from tools.bench import baseline
    env = baseline.python_env(tree)
    cmd = ["nice", "-n", "19", sys.executable, str(pathlib.Path(__file__).resolve()), "--tree-run", *args]
    res = subprocess.run(cmd, env=env, cwd=tree, check=True, capture_output=True, text=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def _merge(rounds: list[dict]) -> dict:
    """Calls from the first round (they do not vary), the least CPU time over the rounds."""
    out = {}
    for k, v in rounds[0].items():
        out[k] = dict(v, ms=min(r[k]["ms"] for r in rounds))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=12, help="seeded games whose steps are measured")
    ap.add_argument("--plays", type=int, default=8, help="bot plays measured per level")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--rounds", type=int, default=2, help="rounds per tree (alternating); CPU time: the least")
    ap.add_argument("--baseline", default=None, metavar="REV", help="also measure git revision REV")
    ap.add_argument("--tree-run", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    levels = [lv for lv in a.levels.split(",") if lv]
    if a.tree_run:
        print(json.dumps(run_tree(a.games, a.plays, levels)))
        return
    args = ["--games", str(a.games), "--plays", str(a.plays), "--levels", ",".join(levels)]
    if a.baseline is None:
        here = _merge([_in_process(ROOT, args) for _ in range(a.rounds)])
        base, label = None, ""
    else:
        from tools.bench import baseline as baseline_rev
        label = baseline_rev.describe(a.baseline)
        with baseline_rev.worktree(a.baseline) as tree:
            pairs = [(_in_process(ROOT, args), _in_process(tree, args)) for _ in range(a.rounds)]
        here, base = _merge([p[0] for p in pairs]), _merge([p[1] for p in pairs])
    print(f"games: {a.games} (steps and turns), bot plays per level: {a.plays}; CPU time: least of {a.rounds} "
          f"rounds")
    head = f"{'figure':<20} {'this tree':>22}"
    if base is not None:
        head += f" {'baseline ' + label:>30} {'ratio':>13}"
    print(head)
    for k, v in here.items():
        line = f"{k + ' calls':<20} {v['calls']:>22,.0f}"
        if base is not None:
            line += f" {base[k]['calls']:>30,.0f} {v['calls'] / base[k]['calls']:>13.2f}"
        print(line)
        line = f"{k + ' ms':<20} {v['ms']:>22.3f}"
        if base is not None:
            line += f" {base[k]['ms']:>30.3f} {v['ms'] / base[k]['ms']:>13.2f}"
        print(line)
    if base is not None:
        for k, v in here.items():
            if "chosen" in v:
                differ = sum(x != y for x, y in zip(v["chosen"], base[k]["chosen"]))
                print(f"{k}: {differ} of {len(v['chosen'])} plays differ from the baseline's")


if __name__ == "__main__":
    main()
