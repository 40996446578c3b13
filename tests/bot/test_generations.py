"""tools/bot/generations.py, the loop behind the shipped weights, at a tiny scale: one generation makes its
targets in two processes, fits them, duels the result against where it started, and a second run of the same
command does nothing again."""
import json

import pytest

np = pytest.importorskip("numpy")
from tools.bot import generations  # noqa: E402

pytestmark = pytest.mark.xdist_group("fast_core")


def test_one_generation_end_to_end_and_resumed(tmp_path):
    # A small learning rate: the fit keeps its best epoch on held-out positions, and at 3e-3 one epoch on
    # 3,000 positions overshoots (the X6 weights' fit kept its start, so the duel was the start against itself).
    args = ["--start", "web/assets/bot/weights.json", "--run-dir", str(tmp_path), "--generations", "1",
            "--seed", "5", "--positions", "1500", "--jobs", "2", "--epochs", "1", "--duel-pairs", "150",
            "--policy-cands", "2", "--lr", "3e-4"]
    generations.main(args)
    result = json.loads((tmp_path / "gen1.json").read_text())
    assert result["generation"] == 1 and result["games"] == 300
    assert -3 <= result["ppg"] <= 3 and result["half_interval"] > 0
    for j in (0, 1):
        data = np.load(tmp_path / "gen1" / f"g-{5010 + j}.npz")
        meta = json.loads(bytes(data["meta"]).decode())
        assert meta["policy_cands"] == 2 and meta["lam"] == 0.9
        assert len(data["boards"]) >= 1500 and len(data["targets"]) == len(data["boards"])
    first = np.load(tmp_path / "gen1" / "g-5010.npz")["boards"]
    second = np.load(tmp_path / "gen1" / "g-5011.npz")["boards"]
    assert not np.array_equal(first[:100], second[:100])  # each process has its own seed
    fitted = np.load(tmp_path / "gen1.npz")
    start = np.load(tmp_path / "start.npz")
    assert any(not np.array_equal(fitted[k], start[k]) for k in start.files if k.endswith("w1"))
    # The fit's record extends the start's: the weights file's own training history, then this generation.
    shipped = json.loads(open("web/assets/bot/weights.json").read())["source"]
    meta = json.loads(bytes(fitted["meta"]).decode())
    assert meta["games"] == shipped["games"]
    assert meta["distilled"][:-1] == shipped.get("distilled", [])
    assert meta["distilled"][-1]["data"] == str(tmp_path / "gen1" / "g-*.npz")

    log = (tmp_path / "log.txt").read_text()
    stamp = (tmp_path / "gen1.npz").stat().st_mtime_ns
    generations.main(args)
    assert (tmp_path / "log.txt").read_text() == log
    assert (tmp_path / "gen1.npz").stat().st_mtime_ns == stamp
