"""The bot's contract: legal, deterministic choices; weights checked by hash; the encoder's tables."""
import hashlib
import random

import pytest

import bot
import rules
from bot import features, network
from rules.board import START_BOARD, swap
from rules.movegen import result_boards as results
from bot.weights_sha256 import WEIGHTS_SHA256
from test_bot_board import random_game_positions

START_ID = rules.Position.initial().to_id()


@pytest.fixture(scope="module")
def positions():
    """(position ID, dice) pairs from random-play games, a few with no legal play."""
    rng = random.Random(11)
    out = []
    for b in random_game_positions(seed=3, games=12)[::2]:
        out.append((rules.Position(*b).to_id(), (rng.randint(1, 6), rng.randint(1, 6))))
    # Closed board with a checker on the bar: nothing can be played.
    theirs = [0] * 26
    for q in range(1, 7):
        theirs[q] = 2
    theirs[0] = 3
    mine = list(START_BOARD[0])
    mine[24] -= 2
    mine[25] += 1
    mine[13] += 1
    out.append((rules.Position(tuple(mine), tuple(theirs)).to_id(), (6, 6)))
    return out


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_0ply_levels_always_return_a_legal_result(positions, level):
    for pid, dice in positions:
        legal = rules.legal_results(pid, dice)
        got = bot.choose(pid, dice, level)
        assert got in legal if legal else got == pid


@pytest.mark.parametrize("level, step", [("strong", 8), ("expert", 20)])  # expert's 2-ply costs ~1 s a move
def test_lookahead_levels_always_return_a_legal_result(positions, level, step):
    for pid, dice in positions[::step]:
        legal = rules.legal_results(pid, dice)
        got = bot.choose(pid, dice, level)
        assert got in legal if legal else got == pid


def test_same_input_same_choice_at_every_level(positions):
    for level in bot.LEVELS:
        for pid, dice in positions[::{"strong": 12, "expert": 40}.get(level, 3)]:
            assert bot.choose(pid, dice, level) == bot.choose(pid, dice, level)


def test_beginner_noise_follows_its_seed(positions):
    picks = {}
    for seed in range(6):
        picks[seed] = [bot.choose(pid, dice, "beginner", seed=seed) for pid, dice in positions[:40]]
    assert picks[0] == [bot.choose(pid, dice, "beginner", seed=0) for pid, dice in positions[:40]]
    assert len({tuple(v) for v in picks.values()}) > 1, "the noise never changes a play"


def test_intermediate_plays_the_best_0ply_result(positions):
    ev = bot.evaluator()
    for pid, dice in positions[::5]:
        pos = rules.Position.from_id(pid)
        board = (pos[0], pos[1])
        cands = results(board, *dice)
        best = max(network.equity(network.invert(ev.evaluate(swap(c)))) if c[0][0] < 15 else 9 for c in cands)
        got = rules.Position.from_id(bot.choose(pid, dice, "intermediate"))
        got_b = (got[0], got[1])
        val = 9 if got_b[0][0] == 15 else network.equity(network.invert(ev.evaluate(swap(got_b))))
        assert val == pytest.approx(best)


def test_takes_a_winning_bear_off():
    pos = rules.Position.from_points({"1": 2}, {"6": 5, "5": 5, "4": 5})
    for level in bot.LEVELS:
        got = rules.Position.from_id(bot.choose(pos.to_id(), (2, 1), level))
        assert got.winner_kind() == 2  # a gammon: they have borne off none


@pytest.mark.parametrize("bad", [
    dict(position_id="nonsense!!", dice=(3, 1), level="intermediate"),
    dict(position_id=START_ID, dice=(0, 1), level="intermediate"),
    dict(position_id=START_ID, dice=(3,), level="intermediate"),
    dict(position_id=START_ID, dice=(3, 7), level="intermediate"),
    dict(position_id=START_ID, dice=(3, 1), level="grandmaster"),
    dict(position_id=12345, dice=(3, 1), level="intermediate"),
])
def test_bad_input_raises_bot_error(bad):
    with pytest.raises(bot.BotError):
        bot.choose(bad["position_id"], bad["dice"], bad["level"])


def test_weights_file_matches_its_recorded_hash_and_is_compact():
    data = network.DEFAULT_WEIGHTS.read_bytes()
    assert hashlib.sha256(data).hexdigest() == WEIGHTS_SHA256
    assert len(data) < 400_000
    ev = bot.load_weights()
    assert ev.contact.hidden == ev.race.hidden


def test_tampered_weights_are_refused_and_the_loaded_ones_kept():
    before = bot.evaluator()
    data = bytearray(network.DEFAULT_WEIGHTS.read_bytes())
    data[200] ^= 1
    with pytest.raises(bot.WeightsError):
        bot.load_weights(bytes(data))
    assert bot.evaluator() is before
    with pytest.raises(bot.WeightsError):
        bot.load_weights(path="/nonexistent/weights.json")
    with pytest.raises(bot.WeightsError):
        bot.load_weights(b'{"format": "other"}', expected_sha256=hashlib.sha256(b'{"format": "other"}').hexdigest())
    assert bot.evaluator() is before


def weights_doc(n_in: int, hidden: int, seed: int) -> dict:
    """A weights document (the exporter's format) with random weights for ``n_in`` inputs."""
    import base64
    import sys
    from array import array
    rng = random.Random(seed)
    nets = {}
    for name in ("contact", "race"):
        q = array("h", (rng.randint(-30000, 30000) for _ in range(n_in * hidden)))
        if sys.byteorder == "big":
            q.byteswap()
        nets[name] = {"w1": base64.b64encode(q.tobytes()).decode(), "w1_dtype": "int16",
                      "w1_scale": [rng.uniform(1e-5, 1e-4) for _ in range(n_in)],
                      "b1": [rng.uniform(-1, 1) for _ in range(hidden)],
                      "w2": [rng.uniform(-1, 1) for _ in range(hidden * 5)], "b2": [0.1] * 5}
    return {"format": network.WEIGHTS_FORMAT, "inputs": n_in, "hidden": hidden, "nets": nets}


def plain_pre(doc: dict, board) -> list[float]:
    """sigmoid's argument W1 . encode(board) + b1 of the contact network, computed input by input."""
    import base64
    spec = doc["nets"]["contact"]
    h, n_in = doc["hidden"], doc["inputs"]
    raw = base64.b64decode(spec["w1"])
    q = [int.from_bytes(raw[i:i + 2], "little", signed=True) for i in range(0, len(raw), 2)]
    x = features.encode(board)[:n_in]  # each version's inputs are a prefix of the next one's
    return [spec["b1"][j] + sum(x[i] * q[i * h + j] * spec["w1_scale"][i] for i in range(n_in) if x[i])
            for j in range(h)]


@pytest.mark.parametrize("n_in", [features.N_BASE, features.N_V2, features.N_V3, features.N_INPUTS])
def test_folded_tables_equal_the_plain_network_for_every_input_version(n_in):
    """Table evaluation == W1 . encode(board) + b1, for weights of each input version (the shipped file's
    among them: it is checked against the same sum below)."""
    doc = weights_doc(n_in, 6, seed=n_in)
    net = network.Evaluator(doc).contact
    for b in random_game_positions(seed=5, games=2)[::5]:
        assert net.with_extras(net.hidden_pre(b), b) == pytest.approx(plain_pre(doc, b), abs=1e-9)


def test_folded_tables_equal_the_plain_network_with_the_shipped_weights():
    import json
    doc = json.loads(network.DEFAULT_WEIGHTS.read_bytes())
    assert doc["inputs"] == features.N_INPUTS
    net = bot.evaluator().contact
    for b in random_game_positions(seed=5, games=2)[::7]:
        assert net.with_extras(net.hidden_pre(b), b) == pytest.approx(plain_pre(doc, b), abs=1e-9)


def test_weights_for_an_unknown_input_count_are_refused():
    with pytest.raises(network.WeightsError):
        network.Evaluator(weights_doc(features.N_INPUTS + 1, 4, seed=1))


def test_encoding_is_a_sum_of_slot_vectors():
    for b in random_game_positions(seed=9, games=2)[::5]:
        total = [0.0] * features.N_INPUTS
        for slot in range(features.SLOTS):
            n = (b[0] + b[1])[slot]
            total = [a + c for a, c in zip(total, features.slot_vector(slot, n))]
        assert total[:features.N_BASE] == pytest.approx(features.encode(b)[:features.N_BASE])


def test_trainer_encoding_equals_the_browser_encoding():
    np = pytest.importorskip("numpy")
    from tools.bot import train_bot
    boards = random_game_positions(seed=13, games=3)
    x = train_bot.encode_batch(boards)
    assert np.allclose(x, [features.encode(b) for b in boards])


def test_probabilities_are_consistent():
    for pid in (START_ID, rules.Position.from_points({"1": 2}, {"6": 5, "5": 5, "4": 5}).to_id()):
        p = bot.evaluate(pid)
        assert 0.0 <= p["backgammon_win"] <= p["gammon_win"] <= p["win"] <= 1.0
        assert 0.0 <= p["backgammon_loss"] <= p["gammon_loss"] <= 1.0 - p["win"]
        assert -3.0 <= p["equity"] <= 3.0


@pytest.mark.parametrize("distance, rolls", [(1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17), (7, 6),
                                             (8, 6), (9, 5), (10, 3), (11, 2), (12, 3)])
def test_hit_share_counts_the_standard_shot_table(distance, rolls):
    # One checker of mine on my 13-point, their single blot `distance` pips in front of it.
    mine = [0] * 26
    mine[13], mine[0] = 1, 14
    theirs = [0] * 26
    theirs[25 - (13 - distance)], theirs[0] = 1, 14
    assert features.hit_share(tuple(mine), tuple(theirs)) == pytest.approx(rolls / 36)
    # Two blots facing each other: each hits the other at the same distance.
    assert features.hit_share(tuple(theirs), tuple(mine)) == pytest.approx(rolls / 36)
    mine[13], mine[1] = 0, 1  # my checker now behind their blot from my side: no shot either way
    theirs_only = list(theirs)
    assert features.hit_share(tuple(mine), tuple(theirs_only)) == 0.0


def test_the_last_board_read_is_kept_only_for_its_own_id(positions):
    """``bot._board`` keeps the last ID's board: read again it is that board, another ID gives its own, and a bad
    ID is refused whatever was read before."""
    ids = [pid for pid, _ in positions[:6]]
    for pid in ids + ids[::-1]:
        assert bot._board(pid) == tuple(rules.Position.from_id(pid)[:2])
        assert bot._board(pid) is bot._board(pid)
    for bad in ("", ids[0][:-1], None):
        with pytest.raises(bot.BotError):
            bot._board(bad)
