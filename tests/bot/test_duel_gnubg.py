"""The C core against GNU Backgammon (tools/bench/duel_gnubg.py): the games are legal, both games of a pair
are played on the same dice, and a run is decided by its seed."""
import random

import pytest

gnubg = pytest.importorskip("gnubg", reason="gnubg (pinned in requirements-test.txt) is not installed")
np = pytest.importorskip("numpy")

from bot import network  # noqa: E402  (after the importorskips)
from rules.board import swap, winner_kind  # noqa: E402
from rules.movegen import result_boards  # noqa: E402
from tools.bench import duel_gnubg, gnubg_opponent  # noqa: E402
from tools.bot import fast  # noqa: E402

pytestmark = pytest.mark.xdist_group("fast_core")


def test_gnubg_against_itself_mirrors_in_every_pair():
    """If our side plays as GNU Backgammon does, the two games of a pair are the same game with the seats
    swapped: the same dice in the same order, so the points cancel."""
    def as_gnubg(board, d1, d2):
        return gnubg_opponent.choose(board, (d1, d2))

    for i in range(6):
        pair = [duel_gnubg.play_game(as_gnubg, g, random.Random(70 + i)) for g in range(2)]
        assert pair[0] in (-3, -2, -1, 1, 2, 3)
        assert pair[0] + pair[1] == 0


def test_every_play_of_a_game_is_legal_and_the_result_is_the_winners():
    seen = []

    def random_player(board, d1, d2):
        r = random.Random(len(seen)).choice(result_boards(board, d1, d2))
        seen.append((board, (d1, d2), r))
        return r

    pts = duel_gnubg.play_game(random_player, 0, random.Random(3))
    assert seen and all(r in result_boards(b, *d) for b, d, r in seen)
    last = seen[-1][2]
    # gnubg, a far better player than random plays, wins, and with our last play not ending the game
    assert pts < 0 and not winner_kind(last)


def test_a_duel_is_decided_by_its_seed():
    spec = str(network.DEFAULT_WEIGHTS)
    a = duel_gnubg.duel(spec, 4, seed=9)
    assert a.shape == (4, 2) and set(np.unique(a)) <= {-3, -2, -1, 1, 2, 3}
    assert np.array_equal(a, duel_gnubg.duel(spec, 4, seed=9))
    # two processes split the pairs and play the same games
    assert np.array_equal(duel_gnubg.duel(spec, 4, seed=9, jobs=2), a)
    mean, half = fast.ppg(a)
    assert half > 0


def test_a_side_names_its_1ply_filter_and_a_bad_filter_is_refused():
    from tools.bench.duel import engine
    weights = "web/assets/bot/weights.json"
    assert engine(weights)[1:] == (1, 0.0)
    assert engine(weights + "@1ply")[1:] == (4, 0.08)
    assert engine(weights + "@1ply:6:0.12")[1:] == (6, 0.12)
    for bad in ("@1ply:six:0.1", "@1ply:6", "@1ply:17:0.1", "@1ply:1:0.1", "@1ply:4:-0.1", "@2ply"):
        with pytest.raises(SystemExit):
            engine(weights + bad)


def test_gnubg_as_our_side_calibrates_the_match():
    """A side ``gnubg:N`` is GNU Backgammon itself at N plies: at 0 plies every pair is one game with the seats
    swapped, so it scores exactly 0; at 1 ply it plays other games on the same dice."""
    zero = duel_gnubg.duel("gnubg:0", 3, seed=11)
    assert zero.shape == (3, 2) and np.all(zero.sum(axis=1) == 0) and np.all(zero != 0)
    assert not np.array_equal(duel_gnubg.duel("gnubg:1", 1, seed=11), zero[:1])  # one pair: 1-ply is slow
    for bad in ("gnubg:3", "gnubg:", "gnubg:one"):
        with pytest.raises(SystemExit):
            duel_gnubg.duel(bad, 1, seed=11)
