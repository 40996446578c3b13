"""After the training run stops: ship its last checkpoint, benchmark the intermediate level against pubeval,
and write the figure into docs/bot.md (between the ``final-bench`` markers), committing only those files.

    nice -n 5 .venv/bin/python tools/bot_final_bench.py --run-dir /work/runs/td128 --deadline 16:48
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bot_autocommit  # noqa: E402
import bot_export  # noqa: E402

ROOT = bot_export.ROOT
DOC = ROOT / "docs" / "bot.md"
BEGIN, END = "<!-- final-bench -->", "<!-- /final-bench -->"


def today(hhmm: str) -> float:
    hh, mm = (int(x) for x in hhmm.split(":"))
    return datetime.now().replace(hour=hh, minute=mm, second=0, microsecond=0).timestamp()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run-dir", type=Path, required=True)
    ap.add_argument("--deadline", required=True, help="HH:MM: everything committed by then")
    a = ap.parse_args()
    deadline = today(a.deadline)
    log = a.run_dir / "log.txt"
    while "# done" not in log.read_text().splitlines()[-1]:
        if time.time() > deadline - 5 * 60:
            print("training did not finish in time", flush=True)
            return
        time.sleep(20)
    ckpt = a.run_dir / "checkpoint.npz"
    games = bot_autocommit.games_in(ckpt)
    digest = bot_export.export(ckpt)
    bot_autocommit.commit(f"Bot weights: final checkpoint of the run at {games} games (sha256 {digest[:12]})")
    print(f"{time.strftime('%H:%M:%S')} exported {games} games", flush=True)
    left = deadline - time.time() - 60
    n = 2000 if left > 12 * 60 else 1000 if left > 5 * 60 else 400
    try:
        out = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_bot.py"), "--levels", "intermediate",
                              "--games", str(n)], cwd=ROOT, capture_output=True, text=True,
                             timeout=max(30, deadline - time.time() - 30)).stdout
    except subprocess.TimeoutExpired:
        print("bench did not finish in time", flush=True)
        return
    line = [x for x in out.splitlines() if "vs pubeval" in x]
    if not line:
        print(out, flush=True)
        return
    text = DOC.read_text()
    if BEGIN not in text or END not in text:
        return
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    figure = (f"{BEGIN}\nFinal weights ({games} self-play games, sha256 {digest[:16]}…), measured automatically "
              f"right after training stopped:\n\n    {line[0].strip()}\n{END}")
    DOC.write_text(head + figure + tail)
    for _ in range(20):
        r = subprocess.run(["git", "commit", "-q", "-m", f"docs/bot.md: intermediate vs pubeval at {games} games",
                            "--", "docs/bot.md"], cwd=ROOT, capture_output=True, text=True)
        if r.returncode == 0 or "index.lock" not in r.stderr:
            break
        time.sleep(3)
    print(f"{time.strftime('%H:%M:%S')} {line[0].strip()}", flush=True)


if __name__ == "__main__":
    main()
