"""tools/bot/soup.py: the mean of checkpoints' networks, or the networks side by side (an ensemble), their lineage
kept, other shapes refused."""
import json
import random

import pytest

np = pytest.importorskip("numpy")
from tools.bot import soup, train_bot  # noqa: E402
from rules.board import START_BOARD, is_race, swap  # noqa: E402


def _checkpoint(path, hidden, seed):
    rng = np.random.default_rng(seed)
    ev = train_bot.Evaluator(hidden, rng)
    for net in (ev.contact, ev.race):
        net.b1 = rng.normal(0.0, 0.1, net.b1.shape)
        net.b2 = rng.normal(0.0, 0.1, net.b2.shape)
    train_bot.save(path, ev, {"games": seed, "command": f"made with seed {seed}"}, random.Random(seed),
                   np.random.default_rng(seed))
    return np.load(path)


def test_the_soup_is_the_mean_of_each_weight_and_records_its_parts(tmp_path):
    a = _checkpoint(tmp_path / "a.npz", 8, 1)
    b = _checkpoint(tmp_path / "b.npz", 8, 2)
    c = _checkpoint(tmp_path / "c.npz", 8, 3)
    soup.main([str(tmp_path / n) for n in ("a.npz", "b.npz", "c.npz")] + ["--out", str(tmp_path / "s.npz")])
    s = np.load(tmp_path / "s.npz")
    for k in [f"{net}_{w}" for net in ("contact", "race") for w in ("w1", "b1", "w2", "b2")]:
        assert not np.array_equal(a[k], b[k])
        assert np.allclose(s[k], (a[k] + b[k] + c[k]) / 3, rtol=0, atol=1e-12)
    meta = json.loads(bytes(s["meta"]).decode())
    assert [p["command"] for p in meta["soup"]] == ["made with seed 1", "made with seed 2", "made with seed 3"]
    assert meta["command"].startswith("tools/bot/soup.py") and "s.npz" in meta["command"]


def _logit(p):
    return np.log(p / (1.0 - p))


def test_an_ensemble_outputs_the_sigmoid_of_its_members_mean_logit(tmp_path):
    """Members of different widths, on boards from the start, mid-game and a race (both networks used)."""
    for name, hidden, seed in (("a", 8, 1), ("b", 12, 2), ("c", 8, 3)):
        _checkpoint(tmp_path / f"{name}.npz", hidden, seed)
    soup.main([str(tmp_path / n) for n in ("a.npz", "b.npz", "c.npz")]
              + ["--ensemble", "--out", str(tmp_path / "e.npz")])
    e = np.load(tmp_path / "e.npz")
    assert e["contact_w1"].shape[1] == e["race_w1"].shape[1] == 28
    members = [train_bot.load(tmp_path / f"{n}.npz", h)[0] for n, h in (("a", 8), ("b", 12), ("c", 8))]
    whole = train_bot.load(tmp_path / "e.npz", 28)[0]
    mine, theirs = START_BOARD
    split = tuple(1 if p in (18, 24) else c for p, c in enumerate(mine))  # a back checker moved out to 18
    race = (tuple([0, 3, 3, 3, 3, 3] + [0] * 20), tuple([0, 0, 3, 3, 3, 3, 3] + [0] * 19))
    boards = [START_BOARD, (split, theirs), swap((split, theirs)), race]
    assert [is_race(b) for b in boards] == [False, False, False, True]
    got = whole.outputs(boards)
    assert got[:, 0].std() > 0.001  # the boards tell the networks something
    want = 1.0 / (1.0 + np.exp(-np.mean([_logit(m.outputs(boards)) for m in members], axis=0)))
    assert np.allclose(got, want, rtol=0, atol=1e-12)
    assert not np.allclose(got, np.mean([m.outputs(boards) for m in members], axis=0), rtol=0, atol=1e-6)
    meta = json.loads(bytes(e["meta"]).decode())
    assert [p["command"] for p in meta["ensemble"]] == ["made with seed 1", "made with seed 2", "made with seed 3"]


def test_networks_of_other_shapes_or_a_single_one_are_refused(tmp_path):
    _checkpoint(tmp_path / "a.npz", 8, 1)
    _checkpoint(tmp_path / "b.npz", 16, 2)
    with pytest.raises(SystemExit, match="shapes differ"):
        soup.main([str(tmp_path / "a.npz"), str(tmp_path / "b.npz"), "--out", str(tmp_path / "s.npz")])
    with pytest.raises(SystemExit, match="at least two"):
        soup.main([str(tmp_path / "a.npz"), "--out", str(tmp_path / "s.npz")])
    assert not (tmp_path / "s.npz").exists()
