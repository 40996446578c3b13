"""Several training checkpoints' networks made one, written as a checkpoint for ``bot_export`` or ``duel``:

* a weight soup (the default): the element-wise mean of networks of one shape, fitted from a common ancestor as
  consecutive generations are. It keeps what they share and averages out what each learned from its own data's
  noise; the weights shipped as soup2 were the mean of two generations (docs/bot-history.md, "soup2").
* an ensemble (``--ensemble``): the networks side by side, one network as wide as all of theirs whose output
  weights are divided by their number, so that each output is the sigmoid of the members' mean logit. It costs
  the sum of their widths at every evaluation (docs/bot-history.md, "Output ensembles").

    .venv/bin/python -m tools.bot.soup gen3.npz gen4.npz --out soup2.npz
    .venv/bin/python -m tools.bot.soup X6.npz X7.npz --ensemble --out E67.npz
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from tools.bot import train_bot as tb


def _load_all(paths: list[Path]) -> list[tuple]:
    if len(paths) < 2:
        raise SystemExit("a soup or an ensemble needs at least two checkpoints")
    return [tb.load(p, int(np.load(p)["contact_w1"].shape[1])) for p in paths]


def _save(paths: list[Path], parts: list[tuple], ev, out: Path, command: str, kind: str) -> None:
    _, _, rng, nprng = parts[0]
    metas = [m for _, m, *_ in parts]
    # The last checkpoint's record (the newest generation's, which lists the earlier generations' fits too).
    meta = {**metas[-1], "command": command or f"{kind} {' '.join(map(str, paths))}",
            kind: [{"checkpoint": str(p), "command": m.get("command")} for p, m in zip(paths, metas)]}
    tb.save(out, ev, meta, rng, nprng)


def soup(paths: list[Path], out: Path, command: str = "") -> None:
    parts = _load_all(paths)
    ev = parts[0][0]
    for name in ("contact", "race"):
        for k in ("w1", "b1", "w2", "b2"):
            arrays = [getattr(getattr(e, name), k) for e, *_ in parts]
            if len({a.shape for a in arrays}) != 1:
                raise SystemExit(f"{name}_{k}: the checkpoints' shapes differ ({sorted({a.shape for a in arrays})})")
            setattr(getattr(ev, name), k, np.mean(arrays, axis=0))
    _save(paths, parts, ev, out, command, "soup")


def ensemble(paths: list[Path], out: Path, command: str = "") -> None:
    """The networks side by side: hidden units concatenated, output weights and biases averaged."""
    parts = _load_all(paths)
    ev, n = parts[0][0], len(parts)
    for name in ("contact", "race"):
        nets = [getattr(e, name) for e, *_ in parts]
        net = getattr(ev, name)
        net.w1 = np.concatenate([m.w1 for m in nets], axis=1)
        net.b1 = np.concatenate([m.b1 for m in nets])
        net.w2 = np.concatenate([m.w2 for m in nets], axis=0) / n
        net.b2 = np.mean([m.b2 for m in nets], axis=0)
    _save(paths, parts, ev, out, command, "ensemble")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--ensemble", action="store_true", help="side by side (the mean logit), not the mean weights")
    args = ap.parse_args(argv)
    make = ensemble if args.ensemble else soup
    make(args.checkpoints, args.out, " ".join(["tools/bot/soup.py", *(argv if argv is not None else sys.argv[1:])]))
    print(json.dumps({"out": str(args.out)}))


if __name__ == "__main__":
    main()
