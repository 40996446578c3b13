"""The ``bench_analysis.py --mat-vs-gnubg`` benchmark's reading of GNU Backgammon's match statistics, on text
GNU Backgammon printed and on a match it analyses now."""
from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("gnubg", reason="GNU Backgammon (requirements-test.txt) is not installed")

from tools.bench import mat_vs_gnubg as M  # noqa: E402  (after the importorskip)

pytestmark = pytest.mark.xdist_group("gnubg")

PRINTED = M.MARK + """
Player                                   Bot (intermediate)      Bot (beginner)

Chequerplay statistics

Unforced moves                            10                       9
Error total EMG (MWC)                         -0.015 ( -0.151%)       -0.412 ( -5.905%)
Error rate mEMG (MWC)                         -1.5   ( -0.015%)      -45.8   ( -0.656%)

Cube statistics

Error rate mEMG (MWC)                         -0.0   ( -0.000%)       -2.0   ( -0.000%)

Overall statistics

Error total EMG (MWC)                         -0.015 ( -0.151%)       -0.412 ( -5.905%)
Error rate mEMG (MWC)                         -1.3   ( -0.013%)      -41.2   ( -0.590%)
"""


def test_reads_checker_and_overall_rates_per_player():
    assert M._rates("board printed before\n" + PRINTED) == {"checker": [1.5, 45.8], "overall": [1.3, 41.2]}


def test_no_statistics_is_an_error():
    with pytest.raises(RuntimeError):
        M._rates(M.MARK + "\nnothing here\n")


def test_within_twenty_percent():
    assert M.within(12.0, 10.0) and M.within(8.0, 10.0)
    assert not M.within(12.1, 10.0) and not M.within(7.9, 10.0)
    assert M.within(0.0, 0.0) and not M.within(0.1, 0.0)


def test_gnubg_analyses_a_written_match(tmp_path: pathlib.Path):
    path = tmp_path / "m.mat"
    path.write_text(M.match_mat(1, 3))
    gnu = M.gnubg_rates(path)
    ours = M.our_rates(path.read_text())
    for rates in (gnu, ours):
        assert set(rates) >= {"checker", "overall"}
        assert all(len(rates[k]) == 2 and all(x >= 0.0 for x in rates[k]) for k in ("checker", "overall"))
    assert sum(ours["unforced"]) > 0


def test_gnubg_self_play_is_reproducible_material_both_judges_read(tmp_path: pathlib.Path):
    """GNU Backgammon's own noisy players play a match (the same dice seed, the same match) that it exports,
    our import reads and both analyses rate: both players err by GNU Backgammon's judgement."""
    path = tmp_path / "s.mat"
    text = M.gnubg_selfplay_mat(3, 5, path)
    again = M.gnubg_selfplay_mat(3, 5, tmp_path / "t.mat")
    body = [ln for ln in text.splitlines() if not ln.startswith(";")]
    assert body == [ln for ln in again.splitlines() if not ln.startswith(";")]
    assert body != [ln for ln in M.gnubg_selfplay_mat(3, 6, tmp_path / "u.mat").splitlines()
                    if not ln.startswith(";")]
    assert " 3 point match" in text
    gnu = M.gnubg_rates(path)
    ours = M.our_rates(text)
    assert all(u > 0 for u in ours["unforced"])
    assert all(x > 0 for x in gnu["checker"]) and all(x >= 0 for x in ours["checker"])


def test_a_baseline_revisions_rates_are_its_codes_own(tmp_path: pathlib.Path):
    """``--baseline REV``: our rates by another checkout's code, in a process of its own, are what that code gives;
    here the checkout is this one, so they equal ours."""
    text = M.match_mat(1, 3)
    rates, cpu = M.baseline_rates(pathlib.Path(__file__).resolve().parents[2], text)
    assert rates == M.our_rates(text) and cpu > 0.0
