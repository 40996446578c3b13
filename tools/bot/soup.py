"""A weight soup: the element-wise mean of several training checkpoints' networks (of one shape, fitted from a
common ancestor, as consecutive generations are), written as a checkpoint for ``bot_export`` or ``duel``.

Averaging the weights of networks that differ by a few generations' noise keeps what they share and averages
out what each learned from its own data's noise; the shipped weights since the twelfth session are the mean of
two generations (docs/bot.md, "Rollout generations").

    .venv/bin/python -m tools.bot.soup gen3.npz gen4.npz --out soup2.npz
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from tools.bot import train_bot as tb


def soup(paths: list[Path], out: Path, command: str = "") -> None:
    if len(paths) < 2:
        raise SystemExit("a soup needs at least two checkpoints")
    parts = [tb.load(p, int(np.load(p)["contact_w1"].shape[1])) for p in paths]
    ev, _, rng, nprng = parts[0]
    for name in ("contact", "race"):
        for k in ("w1", "b1", "w2", "b2"):
            arrays = [getattr(getattr(e, name), k) for e, *_ in parts]
            if len({a.shape for a in arrays}) != 1:
                raise SystemExit(f"{name}_{k}: the checkpoints' shapes differ ({sorted({a.shape for a in arrays})})")
            setattr(getattr(ev, name), k, np.mean(arrays, axis=0))
    metas = [m for _, m, *_ in parts]
    # The last checkpoint's record (the newest generation's, which lists the earlier generations' fits too).
    meta = {**metas[-1], "command": command or f"soup {' '.join(map(str, paths))}",
            "soup": [{"checkpoint": str(p), "command": m.get("command")} for p, m in zip(paths, metas)]}
    tb.save(out, ev, meta, rng, nprng)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    soup(args.checkpoints, args.out, " ".join(["tools/bot/soup.py", *(argv if argv is not None else sys.argv[1:])]))
    print(json.dumps({"out": str(args.out)}))


if __name__ == "__main__":
    main()
