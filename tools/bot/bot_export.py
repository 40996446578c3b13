"""Export a training checkpoint as the browser's compact weights file, and record its SHA-256.

Weights file (JSON, ``format: gamao-bot-weights/1``): per network (``contact``, ``race``)
  w1: base64 of little-endian int16, row-major (inputs x hidden), ``w1_dtype: "int16"``, with
      ``w1_scale``: one float per input row (weight = int16 * scale);
  b1, w2 (hidden x 5, row-major), b2: floats rounded to 6 significant digits.
and, with ``--prune FILE`` (from ``tools/bot/train_prune.py``), ``prune``: ``{"hidden": H, "inputs": N,
"net": {...}}``, the pruning network in the same form (w2 hidden x 1, one b2) over the first N inputs.
The SHA-256 of the file's bytes is written to ``web/py/bot/weights_sha256.py``; the evaluator refuses a file
that does not match.

    .venv/bin/python -m tools.bot.bot_export runs/td128/checkpoint.npz [--out web/assets/bot/weights.json] \
        [--prune runs/prune/prune16.npz]
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "web" / "assets" / "bot" / "weights.json"
HASH_MODULE = ROOT / "web" / "py" / "bot" / "weights_sha256.py"


def portable(value):
    """``value`` (the training history: strings, lists, dicts) with every absolute path made independent of the
    machine that trained: inside the repository relative to its root, elsewhere without its first folder (and a
    home folder's user): ``/srv/runs/x6/g-*.npz`` -> ``runs/x6/g-*.npz``. The shipped file names no machine."""
    if isinstance(value, dict):
        return {k: portable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [portable(v) for v in value]
    if not isinstance(value, str):
        return value
    words = []
    for word in value.split(" "):
        if word.startswith("/"):
            path = Path(word)
            if path.is_relative_to(ROOT):
                word = str(path.relative_to(ROOT))
            else:
                parts = path.parts[1:]
                word = "/".join(parts[2:] if parts[:1] == ("home",) else parts[1:])
        words.append(word)
    return " ".join(words)


def _floats(a: np.ndarray) -> list[float]:
    return [float(f"{v:.6g}") for v in np.asarray(a, dtype=np.float64).ravel()]


def _net(d, prefix: str) -> dict:
    w1 = np.asarray(d[prefix + "w1"], dtype=np.float64)
    scale = np.abs(w1).max(axis=1) / 32767.0
    scale[scale == 0] = 1.0
    scale = np.array(_floats(scale))
    q = np.clip(np.rint(w1 / scale[:, None]), -32767, 32767).astype("<i2")
    return {
        "w1": base64.b64encode(q.tobytes()).decode("ascii"),
        "w1_dtype": "int16",
        "w1_scale": scale.tolist(),
        "b1": _floats(d[prefix + "b1"]),
        "w2": _floats(d[prefix + "w2"]),
        "b2": _floats(d[prefix + "b2"]),
    }


def export(checkpoint: Path, out: Path = DEFAULT_OUT, hash_module: Path | None = HASH_MODULE,
           prune: Path | None = None) -> str:
    """Write the weights file and (optionally) the hash module; returns the SHA-256 hex digest."""
    d = np.load(checkpoint)
    meta = json.loads(bytes(d["meta"]).decode())
    w1 = d["contact_w1"]
    doc = {
        "format": "gamao-bot-weights/1",
        "inputs": int(w1.shape[0]),
        "hidden": int(w1.shape[1]),
        "outputs": 5,
        "outputs_order": ["win", "gammon_win", "backgammon_win", "gammon_loss", "backgammon_loss"],
        "source": portable({k: meta.get(k) for k in ("games", "positions", "seed", "hidden", "command", "distilled",
                                                     "soup") if k in meta or k not in ("distilled", "soup")}),
        "nets": {"contact": _net(d, "contact_"), "race": _net(d, "race_")},
    }
    if prune is not None:
        p = np.load(prune)
        if p["prune_w1"].shape[0] > w1.shape[0]:
            raise SystemExit(f"the pruning network has {p['prune_w1'].shape[0]} inputs, the networks {w1.shape[0]}")
        pmeta = json.loads(bytes(p["meta"]).decode())
        doc["prune"] = {"hidden": int(p["prune_w1"].shape[1]), "inputs": int(p["prune_w1"].shape[0]),
                        "net": _net(p, "prune_"),
                        "source": {k: pmeta[k] for k in ("seed", "positions", "plays", "epochs") if k in pmeta}}
        if pmeta.get("activation", "sigmoid") != "sigmoid":
            doc["prune"]["activation"] = pmeta["activation"]
        if pmeta.get("inputs_used", "all") != "all":
            doc["prune"]["source"]["inputs"] = pmeta["inputs_used"]
    data = (json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n").encode()
    digest = hashlib.sha256(data).hexdigest()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    if hash_module is not None:
        hash_module.write_text(
            '"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""\n'
            f'WEIGHTS_SHA256 = "{digest}"\n'
            f"WEIGHTS_GAMES = {int(meta.get('games', 0))}\n"
        )
    return digest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoint", type=Path)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--no-hash-module", action="store_true")
    ap.add_argument("--prune", type=Path, default=None, help="the pruning network (tools/bot/train_prune.py)")
    a = ap.parse_args()
    print(export(a.checkpoint, a.out, None if a.no_hash_module else HASH_MODULE, a.prune))


if __name__ == "__main__":
    main()
