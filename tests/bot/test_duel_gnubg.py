"""The C core against GNU Backgammon (tools/bench/duel_gnubg.py): the games are legal, both games of a pair
are played on the same dice, and a run is decided by its seed."""
import random

import pytest

gnubg = pytest.importorskip("gnubg", reason="gnubg (pinned in requirements-test.txt) is not installed")
np = pytest.importorskip("numpy")

from bot import network  # noqa: E402  (after the importorskips)
from rules.board import is_race, swap, winner_kind  # noqa: E402
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


def test_the_phases_of_a_mixed_side():
    start = fast.START
    home = ((0,) + (2, 2, 2, 3, 3, 3) + (0,) * 19, (0,) + (3, 3, 3, 2, 2, 2) + (0,) * 19)
    race = ((0,) * 7 + (15,) + (0,) * 18, (0,) * 10 + (15,) + (0,) * 15)  # passed: 8 + 11 <= 25
    deep = (0, 8, 5) + (0,) * 10 + (2,) + (0,) * 12  # 15 checkers, but 2 in play besides the spares: crashed
    crashed = (deep, start[1])
    assert [name for name, test in duel_gnubg.PHASES.items() if test(start)] == ["contact"]
    assert [name for name, test in duel_gnubg.PHASES.items() if test(home)] == ["race", "bearoff"]
    assert [name for name, test in duel_gnubg.PHASES.items() if test(race)] == ["race"]
    assert [name for name, test in duel_gnubg.PHASES.items() if test(crashed)] == ["crashed"]
    assert duel_gnubg.PHASES["crashed"](swap(crashed))  # either side's board
    # the limit: 6 checkers in play besides the spares is crashed, 7 is not (15 checkers on the board each time)
    six = (0, 10, 0, 1, 1, 1, 1, 1) + (0,) * 18
    seven = (0, 9, 0, 1, 1, 1, 1, 1, 1) + (0,) * 17
    assert sum(six) == sum(seven) == 15
    assert duel_gnubg.is_crashed((six, start[1])) and not duel_gnubg.is_crashed((seven, start[1]))
    passed = (0,) * 18 + (15,) + (0,) * 7  # on its 18 point, past six's rearmost checker (7 + 18 <= 25)
    assert is_race((six, passed)) and not duel_gnubg.is_crashed((six, passed))  # a race is never crashed


def test_a_side_mixed_with_gnubg_plays_its_choice_only_in_its_phase():
    """mix:PHASE:SIDE plays GNU Backgammon's choice exactly where PHASE holds: mixed into GNU Backgammon itself it
    is GNU Backgammon (pairs cancel), and in every phase together with its complement it is GNU Backgammon too."""
    assert np.all(duel_gnubg.duel("mix:race:gnubg:0", 2, seed=12).sum(axis=1) == 0)
    weights = str(network.DEFAULT_WEIGHTS)
    ours = duel_gnubg.duel(weights, 3, seed=13)
    everywhere = duel_gnubg.duel(f"mix:contact:mix:crashed:mix:race:{weights}", 3, seed=13)
    assert np.all(everywhere.sum(axis=1) == 0)
    assert not np.array_equal(ours, everywhere)
    for bad in ("mix:opening:" + weights, "mix:race:", "mix:race"):
        with pytest.raises(SystemExit):
            duel_gnubg.duel(bad, 1, seed=11)


def test_a_mixed_side_chooses_as_gnubg_in_its_phase_and_as_its_side_elsewhere():
    weights = str(network.DEFAULT_WEIGHTS)
    ours, mixed = duel_gnubg._chooser(weights), duel_gnubg._chooser("mix:race:" + weights)
    moves = []

    def recording(board, d1, d2):
        moves.append((board, d1, d2))
        return ours(board, d1, d2)

    for seed in range(3):
        duel_gnubg.play_game(recording, 0, random.Random(40 + seed))
    assert any(is_race(b) for b, _, _ in moves) and any(not is_race(b) for b, _, _ in moves)
    differ = 0
    for board, d1, d2 in moves:
        theirs = gnubg_opponent.choose(board, (d1, d2), 0)
        assert mixed(board, d1, d2) == (theirs if is_race(board) else ours(board, d1, d2))
        differ += theirs != ours(board, d1, d2)
    assert differ  # the two players choose differently somewhere, so the test can tell them apart
