"""The table page's URL parameters (pure, tested under CPython)."""
from __future__ import annotations

from .query import parse as parse_qs


def parse_params(search: str) -> dict:
    """The page's URL parameters we use: lang, seed (64 hex), clock (seconds), pace (ms per bot step), analyse (a
    GNUbg ID or XGID to open in "Analyse a position"), workers (1..8: the workers a rollout uses, for tests and
    benchmarks; by default from the device, ``ui.rollout_split.worker_count``)."""
    q = parse_qs(search.lstrip("?"))
    out: dict = {}
    if q.get("lang"):
        out["lang"] = q["lang"][0]
    seed = (q.get("seed") or [""])[0].strip().lower()
    if len(seed) == 64 and all(c in "0123456789abcdef" for c in seed):
        out["seed"] = seed
    for key in ("clock", "pace"):
        try:
            value = float((q.get(key) or [""])[0])
        except ValueError:
            continue
        if 0 <= value <= 3600 and value == value:
            out[key] = value
    count = (q.get("workers") or [""])[0].strip()
    if count.isdigit() and 1 <= int(count) <= 8:
        out["workers"] = int(count)
    analyse = (q.get("analyse") or [""])[0].strip().replace(" ", "+")  # a GNUbg ID's "+" left unescaped
    if analyse and len(analyse) <= 120:
        out["analyse"] = analyse
    return out
