"""bot_export writes the weights file's training history without the folders of the machine that trained."""
from __future__ import annotations

import json

from tools.bot.bot_export import DEFAULT_OUT, ROOT, portable


def test_paths_inside_the_repository_become_relative_and_others_lose_the_machine():
    slash = "/"
    history = {
        "command": f"{ROOT}/tools/bot/distill_bot.py --init web/assets/bot/weights.json --data {slash}srv/runs/x6/g-*.npz",
        "distilled": [{"data": f"{slash}home/ana/runs/d/gen1-*.npz", "epochs": 30}, {"data": "runs/v4/f5.npz"}],
        "games": 286374, "hidden": None,
    }
    assert portable(history) == {
        "command": "tools/bot/distill_bot.py --init web/assets/bot/weights.json --data runs/x6/g-*.npz",
        "distilled": [{"data": "runs/d/gen1-*.npz", "epochs": 30}, {"data": "runs/v4/f5.npz"}],
        "games": 286374, "hidden": None,
    }


def test_the_shipped_history_names_no_absolute_path():
    source = json.loads(DEFAULT_OUT.read_text())["source"]
    assert portable(source) == source

    def strings(v):
        if isinstance(v, dict):
            return [s for x in v.values() for s in strings(x)]
        if isinstance(v, list):
            return [s for x in v for s in strings(x)]
        return [v] if isinstance(v, str) else []
    assert strings(source) and not any(w.startswith("/") for s in strings(source) for w in s.split(" "))
