"""The match cube model (``bot.cube``) against GNU Backgammon's 0-ply cube analysis of the same decisions.

GNU Backgammon analyses its own self-play match and exports it as text; for each of its cube analyses our model
is given GNU's own cubeless chances (as it prints them, to three decimals), the same score and cube, and must
give the same no double, double/take, double/pass and take equities: the cube model (match equity table, live
take and cash points, efficiency by position class, normalisation) is the same published theory, so what is
left between the two analyses is the networks' chances alone."""
from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")

from tools.bench import mat_cube_diff as D  # noqa: E402  (after the importorskip)
from tools.bench import mat_vs_gnubg as M  # noqa: E402

pytestmark = pytest.mark.xdist_group("gnubg")

PRINTED = """Move number 39:  root on roll, cube decision?

 GNU Backgammon  Position ID: jA9QMEfB7YMBEQ
                 Match ID   : cAngAAAAAAAE
* root doubles

Alert: wrong double (-0.029)!

Cube analysis
0-ply cubeless equity +0.448 (Money: +0.442)
  0.614 0.292 0.013 - 0.386 0.086 0.004
Cubeful equities:
1. No double           +0.607
2. Double, pass        +1.000  (+0.393)
3. Double, take        +0.578  (-0.029)
Proper cube action: No double, take (7.0%)
"""


def test_reads_a_printed_cube_analysis():
    (only,) = D._parse(PRINTED.splitlines())
    assert only["pid"] == "jA9QMEfB7YMBEQ" and only["action"] == "double"
    assert only["outputs"] == [0.614, 0.292, 0.013, 0.386, 0.086, 0.004]
    assert only["equities"] == {"no_double": 0.607, "double_pass": 1.0, "double_take": 0.578}
    assert D._loss("double", "double", only["equities"]) == (pytest.approx(0.029), "no_double")


@pytest.mark.parametrize("seed", [3, 5])
def test_our_model_on_gnus_chances_gives_gnus_cube_equities(tmp_path: pathlib.Path, seed: int):
    path = tmp_path / f"s{seed}.mat"
    text = M.gnubg_selfplay_mat(7, seed, path)
    rows = D.decisions(text, path)
    assert len(rows) >= 30
    assert {r["ctx"].score for r in rows} != {(0, 0)}  # scores beyond the first game's
    _agree(rows)


@pytest.mark.parametrize("seed", [7, 9])
def test_money_model_on_gnus_chances_gives_gnus_cube_equities(tmp_path: pathlib.Path, seed: int):
    """A money game of GNU Backgammon's self-play (no Jacoby rule, as our analysis): Janowski's model on its
    chances, too-good positions included, gives its cube equities."""
    path = tmp_path / f"m{seed}.mat"
    text = M.gnubg_selfplay_mat(0, seed, path)
    rows = D.decisions(text, path)
    assert len(rows) >= 15 and all(r["ctx"].match_length == 0 for r in rows)
    _agree(rows)


def _agree(rows: list[dict]) -> None:
    worst = max(abs(r["model"][k] - r["gnu"][k]) for r in rows for k in r["gnu"])
    # GNU prints its chances to three decimals; an equity moves by up to a few thousandths with them.
    assert worst < 0.01
    clear = [r for r in rows if _margin(r["gnu"]) > 0.01]
    assert clear and all(r["model_best"] == r["gnu_best"] for r in clear)


def _margin(eq: dict) -> float:
    """How far apart the two choices of a cube decision are (double or not; take or pass)."""
    if "no_double" in eq:
        return abs(min(eq["double_take"], eq["double_pass"]) - eq["no_double"])
    return abs(eq["double_take"] - eq["double_pass"])
