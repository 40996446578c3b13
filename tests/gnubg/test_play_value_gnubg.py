"""A match's checker plays as the analysis values them (``bot.analysis._play_value``, cubeful) against GNU
Backgammon's 0-ply analysis of the same plays.

GNU Backgammon analyses its own self-play match and exports it as text; for each checker play it prints the
cubeful equity of the play made and its cubeless chances. Our value of the play made, computed from GNU's own
chances at the same score and cube, must be GNU's equity: the cube model and the match equity table are the same
published theory, so what is left between the two analyses is the networks' chances alone. Without the cube
(cubeless MWC) the values are far apart."""
from __future__ import annotations

import pathlib
import statistics

import pytest

pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")

from tools.bench import mat_play_diff as P  # noqa: E402  (after the importorskip)
from tools.bench import mat_vs_gnubg as M  # noqa: E402

pytestmark = pytest.mark.xdist_group("gnubg")

PRINTED = """Move number 1:  root to play 43

 GNU Backgammon  Position ID: 4HPwATDgc/ABMA
                 Match ID   : cAjuAAAAAAAE
* root moves 13/10 13/9
Alert: doubtful move ( -0.041)

Rolled 43 (+0.033):
     1. Cubeful 0-ply    24/21 13/9                   Eq.: +0.033
       0.508 0.138 0.007 - 0.492 0.131 0.006
     2. Cubeful 0-ply    24/20 13/10                  Eq.: +0.027 (-0.006)
       0.507 0.136 0.007 - 0.493 0.132 0.006
*    3. Cubeful 0-ply    13/10 13/9                   Eq.: -0.008 (-0.041)
       0.494 0.150 0.011 - 0.506 0.143 0.009


Move number 2:  gnubg to play 66
"""


def test_reads_a_printed_checker_play_analysis():
    found = P._parse(PRINTED.splitlines())
    plays = found[("4HPwATDgc/ABMA", (4, 3))]
    assert found[("4HPwATDgc/ABMA", (3, 4))] is plays
    assert [p["play"] for p in plays] == ["24/21 13/9", "24/20 13/10", "13/10 13/9"]
    assert [p["made"] for p in plays] == [False, False, True]
    assert [p["equity"] for p in plays] == [0.033, 0.027, -0.008]
    assert plays[2]["outputs"] == (0.494, 0.150, 0.011, 0.143, 0.009)


@pytest.mark.parametrize("seed", [3, 5])
def test_our_value_on_gnus_chances_is_gnus_cubeful_equity(tmp_path: pathlib.Path, seed: int):
    path = tmp_path / f"s{seed}.mat"
    text = M.gnubg_selfplay_mat(7, seed, path)
    rows = P.decisions(text, path)
    assert len(rows) >= 80
    assert len({(r["ctx"].score, r["ctx"].value) for r in rows}) >= 3  # scores and cubes beyond the first game's
    live = [r for r in rows if not r["ctx"].crawford]
    model = [abs(r["model"] - r["gnu_equity"]) for r in live]
    cubeless = [abs(r["cubeless"] - r["gnu_equity"]) for r in live]
    # GNU prints its chances to three decimals: a value moves by a few thousandths with them.
    assert statistics.fmean(model) < 0.003
    assert sorted(model)[int(0.95 * len(model))] < 0.006
    assert statistics.fmean(cubeless) > 10 * statistics.fmean(model)
