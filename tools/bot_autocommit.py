"""Keep the shipped weights in step with a training run: export its checkpoint and commit only the bot's
weights paths, every few minutes, until a given time (so an abrupt end loses at most one interval).

    nice -n 10 .venv/bin/python tools/bot_autocommit.py --checkpoint /work/runs/td128/checkpoint.npz \
        --every-minutes 10 --until 16:45

Commits use ``git commit -- <paths>`` so nothing else that happens to be staged is swept in.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bot_export  # noqa: E402

ROOT = bot_export.ROOT
PATHS = ["web/assets/bot/weights.json", "web/py/bot/weights_sha256.py"]


def games_in(checkpoint: Path) -> int:
    d = np.load(checkpoint)
    return int(json.loads(bytes(d["meta"]).decode())["games"])


def commit(message: str) -> bool:
    for _ in range(20):
        subprocess.run(["git", "add", "--", *PATHS], cwd=ROOT, capture_output=True)
        r = subprocess.run(["git", "commit", "-q", "-m", message, "--", *PATHS], cwd=ROOT, capture_output=True,
                           text=True)
        if r.returncode == 0:
            return True
        if "index.lock" not in (r.stderr + r.stdout):
            return False  # e.g. nothing changed
        time.sleep(3)
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", type=Path, required=True)
    ap.add_argument("--every-minutes", type=float, default=10.0)
    ap.add_argument("--until", required=True, help="HH:MM today (local time)")
    a = ap.parse_args()
    hh, mm = (int(x) for x in a.until.split(":"))
    end = datetime.now().replace(hour=hh, minute=mm, second=0, microsecond=0).timestamp()
    last = -1
    while True:
        try:
            g = games_in(a.checkpoint)
            if g != last:
                digest = bot_export.export(a.checkpoint)
                ok = commit(f"Bot weights: self-play checkpoint at {g} games (sha256 {digest[:12]})")
                print(f"{time.strftime('%H:%M:%S')} games={g} committed={ok}", flush=True)
                last = g
        except Exception as e:  # keep going: a checkpoint being replaced, a busy index...
            print(f"{time.strftime('%H:%M:%S')} error: {e!r}", flush=True)
        if time.time() + a.every_minutes * 60 > end:
            break
        time.sleep(a.every_minutes * 60)


if __name__ == "__main__":
    main()
