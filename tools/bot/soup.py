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

NETS = [f"{net}_{k}" for net in ("contact", "race") for k in ("w1", "b1", "w2", "b2")]


def soup(paths: list[Path], out: Path, command: str = "") -> None:
    if len(paths) < 2:
        raise SystemExit("a soup needs at least two checkpoints")
    loaded = [np.load(p) for p in paths]
    arrays = {}
    for k in NETS:
        shapes = {d[k].shape for d in loaded}
        if len(shapes) != 1:
            raise SystemExit(f"{k}: the checkpoints' shapes differ ({sorted(shapes)})")
        arrays[k] = np.mean([d[k].astype(np.float64) for d in loaded], axis=0).astype(loaded[0][k].dtype)
    metas = [json.loads(bytes(d["meta"]).decode()) for d in loaded]
    # The last checkpoint's record (the newest generation's, which lists the earlier generations' fits too).
    meta = {**metas[-1], "command": command or f"soup {' '.join(map(str, paths))}",
            "soup": [{"checkpoint": str(p), "command": m.get("command")} for p, m in zip(paths, metas)]}
    extra = {k: loaded[0][k] for k in loaded[0].files if k not in NETS and k != "meta"}
    np.savez(out, **arrays, **extra, meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    soup(args.checkpoints, args.out, " ".join(["tools/bot/soup.py", *(argv if argv is not None else sys.argv[1:])]))
    print(json.dumps({"out": str(args.out)}))


if __name__ == "__main__":
    main()
