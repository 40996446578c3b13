"""The distillation tools: the batched numpy 1-ply equals the browser's, and fitting moves 0-ply towards it."""
import json
import random
from pathlib import Path

import pytest

import bot
from bot import bearoff, network, play
from test_bot_board import random_game_positions

np = pytest.importorskip("numpy")
from tools.bot import bot_batch, bot_targets, distill_bot, train_bot  # noqa: E402  (numpy first)


def checkpoint_from_weights(path: Path, out: Path) -> None:
    """A trainer checkpoint holding exactly the (dequantised) networks of a weights file."""
    ev = bot_batch.from_weights(path)
    train_bot.save(out, ev, {"games": 0, "positions": 0}, random.Random(0), np.random.default_rng(0))


@pytest.fixture(scope="module")
def shipped_checkpoint(tmp_path_factory):
    out = tmp_path_factory.mktemp("ckpt") / "shipped.npz"
    checkpoint_from_weights(network.DEFAULT_WEIGHTS, out)
    return out


@pytest.fixture(scope="module")
def sample_boards():
    bearoff.load()
    boards = [b for b in random_game_positions(seed=21, games=6)[::9] if bearoff.outputs(b) is None]
    assert len(boards) >= 20
    return boards


def test_batched_1ply_equals_the_browser_1ply(shipped_checkpoint, sample_boards):
    batch = bot_batch.BatchOnePly(bot_batch.from_checkpoint(shipped_checkpoint))
    got = batch(sample_boards)
    ev = bot.evaluator()
    want = np.array([play.evaluate_1ply_board(ev, b) for b in sample_boards])
    assert np.abs(got - want).max() < 1e-9


def test_batched_0ply_plays_the_browser_0ply(shipped_checkpoint, sample_boards):
    batch = bot_batch.BatchOnePly(bot_batch.from_checkpoint(shipped_checkpoint))
    ev = bot.evaluator()
    rng = random.Random(4)
    for b in sample_boards:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        assert bot_targets.noisy_choice(batch, b, dice, 0.0, rng) == play.rank_0ply(ev, b, dice)[0][1]


def test_distilling_fits_the_0ply_to_the_targets(shipped_checkpoint, sample_boards, tmp_path):
    batch = bot_batch.BatchOnePly(bot_batch.from_checkpoint(shipped_checkpoint))
    boards = [b for b in random_game_positions(seed=33, games=20) if bearoff.outputs(b) is None][:1500]
    targets = batch(boards)
    np.savez(tmp_path / "data-1.npz", boards=np.array([m + t for m, t in boards], dtype=np.uint8),
             targets=targets.astype(np.float32))
    out = tmp_path / "fitted.npz"
    distill_bot.main(["--init", str(shipped_checkpoint), "--data", str(tmp_path / "data-*.npz"),
                      "--out", str(out), "--epochs", "8", "--lr", "3e-3", "--batch", "64"])
    before = train_bot.load(shipped_checkpoint, 128)[0]
    after = train_bot.load(out, 128)[0]

    def rmse(ev):
        return float(np.sqrt(np.mean((train_bot.equity(ev.outputs(boards)) - train_bot.equity(targets)) ** 2)))

    assert rmse(after) < 0.8 * rmse(before)
    # The version-3 inputs' weights were trained too.
    assert not np.array_equal(after.contact.w1[-12:], before.contact.w1[-12:])


def test_distilling_can_start_from_the_weights_file(tmp_path):
    """``--init weights.json``: the start is exactly the networks the browser evaluates, the lineage carried on."""
    weights = network.DEFAULT_WEIGHTS
    boards = [b for b in random_game_positions(seed=34, games=2) if bearoff.outputs(b) is None][:200]
    np.savez(tmp_path / "data-1.npz", boards=np.array([m + t for m, t in boards], dtype=np.uint8),
             targets=np.full((len(boards), 5), 0.5, dtype=np.float32))
    out = tmp_path / "same.npz"
    distill_bot.main(["--init", str(weights), "--data", str(tmp_path / "data-*.npz"), "--out", str(out),
                      "--epochs", "0"])
    want = bot_batch.weight_arrays(json.loads(Path(weights).read_bytes()))
    got = np.load(out)
    for k in ("w1", "b1", "w2", "b2"):
        for net in ("contact", "race"):
            assert np.array_equal(got[f"{net}_{k}"], want[f"{net}_{k}"]), (net, k)
    meta = json.loads(bytes(got["meta"]).decode())
    source = json.loads(Path(weights).read_bytes())["source"]
    assert meta["init_weights"] == str(weights)
    assert meta["distilled"][:-1] == source["distilled"] and meta["distilled"][-1]["epochs"] == 0


def test_an_older_checkpoint_gains_the_new_inputs_at_zero_weight(shipped_checkpoint):
    """A version-2 network (212 inputs) loads with zero rows for the version-3 inputs: it evaluates as before."""
    d = dict(np.load(shipped_checkpoint))
    n_v2 = train_bot.features.N_V2
    old = train_bot.Net(128, np.random.default_rng(0))
    old.load({"c_" + k: d["contact_" + k][:n_v2] if k == "w1" else d["contact_" + k]
              for k in ("w1", "b1", "w2", "b2")}, "c_")
    assert old.w1.shape == d["contact_w1"].shape
    assert not old.w1[n_v2:].any()
    assert np.array_equal(old.w1[:n_v2], d["contact_w1"][:n_v2])
