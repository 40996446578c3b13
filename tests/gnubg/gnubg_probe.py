"""Runs inside GNU Backgammon's Python module (PyPI ``gnubg``) in a process of its own: its state is global
and it prints boards on stdout, so the tests drive it through files. Not a test module.

``python gnubg_probe.py JOB.json OUT.json``; the job is ``{"mats": [{"path", "export"}], "ids": [text]}``.
For each .mat: GNU Backgammon's own reading (``gnubg.match()``), the GNUbg ID after every record of every
game (navigating the imported match record by record), and its own export of the match (``export match mat``).
For each ID (GNUbg ID or XGID): what GNU Backgammon set up from it (its GNUbg ID, board, cube and position
info), or the error it gave.
"""
import json
import sys

import gnubg


def _plain(x):
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def walk_match() -> list:
    """The GNUbg ID after each record, per game (index 0: the game's start)."""
    games = []
    gnubg.navigate()
    while True:
        ids = [gnubg.gnubgid()]
        while gnubg.navigate(next=1) is None:
            ids.append(gnubg.gnubgid())
        games.append(ids)
        # navigate(game=1) gives (0, games moved), or None when there is no next game
        if gnubg.navigate(game=1) is None:
            break
    return games


def probe_mat(path: str, export: str) -> dict:
    gnubg.command(f"import mat {path}")
    m = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
    out = {"match": _plain(m), "walk": walk_match()}
    if export:
        gnubg.command(f"export match mat {export}")
    return out


def probe_id(text: str) -> dict:
    try:
        gnubg.command(("set xgid " if text.startswith("XGID=") else "set gnubgid ") + text)
        return {"gnubgid": gnubg.gnubgid(), "board": _plain(gnubg.board()), "cube": _plain(gnubg.cubeinfo()),
                "pos": _plain(gnubg.posinfo())}
    except Exception as exc:  # what GNU Backgammon refused, reported to the test
        return {"error": f"{type(exc).__name__}: {exc}"}


def main() -> None:
    job = json.load(open(sys.argv[1]))
    for setting in ("set display off", "set confirm new off", "set confirm save off", "set automatic game off",
                    "set automatic roll off", "set automatic move off"):
        try:
            gnubg.command(setting)
        except Exception:  # a setting this build lacks: the defaults do
            pass
    result = {"mats": [probe_mat(j["path"], j.get("export")) for j in job.get("mats", [])],
              "ids": [probe_id(t) for t in job.get("ids", [])]}
    with open(sys.argv[2], "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
