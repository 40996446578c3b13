"""The pruning network and the pruned reply choice of the strong and expert levels (bot.play._pruned)."""
import json
import math
import random
from operator import mul

import pytest
from hypothesis import given, settings, strategies as st

import bot
from bot import bearoff, features, network, levels, play, prune_scores
from rules.board import ALL_ROLLS, swap, winner_kind
from rules.movegen import result_boards as results
from bot.network import equity
from test_bot_board import random_game_positions
from test_bot_search import reference_pre_from, reference_with_extras


def _sig(a):
    return 4.248354255291589e-18 if a < -40.0 else 1.0 / (1.0 + math.exp(-a))


@pytest.fixture(scope="module")
def ev():
    bot.load_weights()
    bearoff.load()
    return bot.evaluator()


@pytest.fixture(scope="module")
def boards():
    return random_game_positions(seed=33, games=5)


def shipped_doc() -> dict:
    return json.loads(network.DEFAULT_WEIGHTS.read_bytes())


def reference_score(net, base, board):
    """The pruning network's score by the plain computation: slot rows one by one, every extra input (those
    with zero weights too), the hidden units (sigmoids or max(0, x)), one dot product."""
    pre = reference_pre_from(net, base, net.hidden_pre(base), board)
    if net.extra_rows:
        pre = reference_with_extras(net, pre, board)
    return net.b2[0] + sum(map(mul, net.w2[0], [max(a, 0.0) if net.relu else _sig(a) for a in pre]))


def test_the_shipped_weights_have_a_pruning_network_that_strong_and_expert_use(ev):
    assert ev.pruner is not None and ev.pruner.hidden < ev.contact.hidden
    assert ev.prune == 0  # the plain evaluator evaluates every play
    for name in ("strong", "expert"):
        k = levels.PLAY[name].prune
        assert k >= 2
        view = ev.pruned(k)
        assert view.prune == k and view is ev.pruned(k)  # one view per k
        assert view.contact is ev.contact and view.pruner is ev.pruner
        assert view.pruned(0) is ev
    assert levels.PLAY["intermediate"].prune == 0 and levels.PLAY["beginner"].prune == 0


def test_the_score_is_the_plain_computation(ev, boards):
    """The extra inputs are added as one summed row (network.fused_extras), so up to the order of additions."""
    net = ev.pruner
    for b in boards[::4]:
        base = swap(b)
        pre = net.hidden_pre(base)
        for r in results(b, 6, 4)[:5] + results(b, 2, 2)[:5]:
            sb = swap(r)
            want = reference_score(net, base, sb)
            assert net.score_from(base, pre, sb) == pytest.approx(want, abs=1e-12)
            assert net.score_from(base, pre, sb) == pytest.approx(want, abs=1e-12)  # again, from the cache
    assert net._fused_cache


def test_the_score_ranks_plays_much_as_the_full_networks(ev, boards):
    """Not a proof of strength (the benchmarks are), but a wrong table, sign or input order would rank the
    plays of a roll at random: then the best play would be among the 4 best scores about 4 times in 20."""
    hits = total = 0
    for b in boards[::2]:
        for roll in ALL_ROLLS[::4]:
            sbs = [swap(r) for r in results(b, *roll)]
            sbs = [sb for sb in sbs if not winner_kind(swap(sb)) and bearoff.outputs(sb) is None]
            if len(sbs) < 8:
                continue
            base = swap(b)
            pre = ev.pruner.hidden_pre(base)
            by_score = sorted(range(len(sbs)), key=lambda i: ev.pruner.score_from(base, pre, sbs[i]))
            best = min(range(len(sbs)), key=lambda i: equity(ev.evaluate(sbs[i])))
            hits += best in by_score[:4]
            total += 1
    assert total > 30
    assert hits / total > 0.85


def check_pruned_choice(ev, board, dice, k):
    """best_reply with ``ev.pruned(k)``: the best by the full networks of exactly the plays that end the game
    or leave a pure bear-off and the k best scores of the others (the first in generation order among
    equals)."""
    plays = results(board, *dice)
    view = ev.pruned(k)
    o, chosen = play.best_reply(view, board, dice)
    if len(plays) <= k:
        assert (o, chosen) == play.best_reply(ev, board, dice)
        return
    base = swap(board)
    exact = [i for i, r in enumerate(plays) if winner_kind(r) or bearoff.outputs(swap(r)) is not None]
    others = [i for i in range(len(plays)) if i not in exact]
    pre = ev.pruner.hidden_pre(base)
    scores = {i: ev.pruner.score_from(base, pre, swap(plays[i])) for i in others}  # (checked against the plain computation above)
    kept = sorted(exact + sorted(others, key=lambda i: (scores[i], i))[:k])
    want = max(kept, key=lambda i: (equity(play.after_play_outputs(ev, plays[i])), -i))
    assert chosen == plays[want]
    assert o == pytest.approx(play.after_play_outputs(ev, plays[want]), abs=1e-12)
    # A work counter counts every play of the roll, pruned or not.
    w = play.Work(10 ** 6)
    play.best_reply(view, board, dice, w)
    assert w.done == len(plays)


def test_pruned_reply_choice_on_game_positions(ev, boards):
    rng = random.Random(4)
    for b in boards[::3]:
        check_pruned_choice(ev, b, rng.choice(ALL_ROLLS), rng.choice((1, 2, 4, 6)))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_pruned_reply_choice_property(ev, boards, data):
    b = data.draw(st.sampled_from(boards))
    check_pruned_choice(ev, b, data.draw(st.sampled_from(ALL_ROLLS)), data.draw(st.integers(1, 8)))


def test_a_wide_prune_is_the_plain_search(ev, boards):
    wide = ev.pruned(10 ** 6)
    for b in boards[2::9]:
        for r in results(b, 5, 3)[:2]:
            assert play.outputs_1ply(wide, r) == play.outputs_1ply(ev, r)


def test_the_pruned_1ply_stays_close_to_the_full_1ply(ev, boards):
    view = ev.pruned(levels.PLAY["strong"].prune)
    diffs = []
    for b in boards[1::6]:
        r = results(b, 4, 1)[0]
        if winner_kind(r):
            continue
        diffs.append(equity(play.outputs_1ply(ev, r)) - equity(play.outputs_1ply(view, r)))
    assert len(diffs) > 10
    # Pruning only ever misses a better reply for the opponent, so the mover's value can only rise.
    assert all(d <= 1e-12 for d in diffs)
    assert sum(diffs) / len(diffs) > -0.01


def test_weights_without_a_pruning_network_search_every_play(ev, boards):
    doc = shipped_doc()
    del doc["prune"]
    plain = network.Evaluator(doc)
    assert plain.pruner is None and plain.pruned(4) is plain
    b = boards[10]
    level = levels.PLAY["strong"]
    assert play.choose_board(plain, b, (3, 1), level) == play.choose_board(
        ev, b, (3, 1), levels.Level("unpruned", 1, candidates=level.candidates, margin=level.margin))


@pytest.mark.parametrize("bad", [
    "not a dict", {"net": {}}, {"hidden": 0, "net": {}}, {"hidden": 16}, {"hidden": 16, "net": {"w1": "!"}},
])
def test_a_malformed_pruning_network_is_refused(bad):
    doc = shipped_doc()
    doc["prune"] = bad
    with pytest.raises(network.WeightsError):
        network.Evaluator(doc)


@pytest.mark.parametrize("wrong", [{"hidden": 8}, {"inputs": 5}, {"inputs": 10 ** 6}, {"inputs": "all"},
                                   {"activation": "tanh"}, {"activation": 1}])
def test_a_pruning_network_of_the_wrong_size_is_refused(wrong):
    doc = shipped_doc()
    doc["prune"] = dict(doc["prune"], **wrong)
    with pytest.raises(network.WeightsError):
        network.Evaluator(doc)


def test_strong_and_expert_play_what_the_pruned_search_says(ev, boards):
    """choose_board uses the level's pruning inside its 1-ply look (not at the root)."""
    level = levels.PLAY["strong"]
    view = ev.pruned(level.prune)
    for b in boards[3::10]:
        d = (6, 2)
        ranked = play.rank_0ply(ev, b, d)
        short = play.shortlist(ranked, level)
        if len(short) < 2:
            continue
        cache: play.Cache = {}
        scored = sorted(((equity(play.outputs_1ply(view, r, cache)), i, r) for i, r in enumerate(short)),
                        key=lambda t: (-t[0], t[1]))
        assert play.choose_board(ev, b, d, level) == scored[0][2]


def test_the_shipped_pruner_has_relu_units_and_no_per_side_inputs(ev, boards):
    """The shipped pruning network (``train_prune --inputs hits --activation relu``): its per-side input rows
    are zero, so the search does not compute those inputs for it (the full networks do), and the score is
    still the plain computation over every input (above); its units are max(0, x)."""
    assert ev.pruner.relu and not ev.contact.relu
    assert not ev.pruner._sides_used and ev.contact._sides_used and ev.race._sides_used
    side_rows = ev.pruner.extra_rows[2:2 + 2 * features.SIDE_EXTRAS]
    assert len(side_rows) == 2 * features.SIDE_EXTRAS and not any(any(r) for r in side_rows)
    b = boards[7]
    base = swap(b)
    pre = ev.pruner.hidden_pre(base)
    sb = swap(results(b, 5, 3)[0])
    assert len(ev.pruner.fused_extras(sb)) <= 1  # the hit statistics' row only
    assert ev.pruner.score_from(base, pre, sb) == pytest.approx(reference_score(ev.pruner, base, sb), abs=1e-12)


def test_a_sigmoid_pruner_scores_with_sigmoids(boards):
    """A weights file whose pruning network says nothing of its activation (the first pruning network's format) has sigmoid
    units: the same network read that way scores otherwise, and as the plain computation with sigmoids."""
    doc = shipped_doc()
    doc["prune"].pop("activation", None)
    sig = network.Evaluator(doc).pruner
    relu = network.Evaluator(shipped_doc()).pruner
    assert not sig.relu
    b = boards[12]
    base = swap(b)
    pre = sig.hidden_pre(base)
    differ = 0
    for r in results(b, 6, 2)[:6]:
        sb = swap(r)
        got = sig.score_from(base, pre, sb)
        assert got == pytest.approx(reference_score(sig, base, sb), abs=1e-12)
        differ += abs(got - relu.score_from(base, pre, sb)) > 1e-6
    assert differ >= 1


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_batch_scores_are_the_single_scores(ev, boards, data):
    """network.scores_from (a roll's plays in one pass, the rollouts' path) gives score_from's floats exactly,
    plays that hit (the other side's checkers change) included, with sigmoid units too."""
    b = data.draw(st.sampled_from(boards))
    dice = data.draw(st.sampled_from(ALL_ROLLS))
    base = swap(b)
    sbs = [swap(r) for r in results(b, *dice) if not winner_kind(r)]
    for net in (ev.pruner, _sigmoid_pruner()):
        pre = net.hidden_pre(base)
        assert net.scores_from(base, pre, sbs) == [net.score_from(base, pre, sb) for sb in sbs]


def test_batch_scores_cover_hits(ev, boards):
    hits = 0
    for b in boards[::2]:
        base = swap(b)
        pre = ev.pruner.hidden_pre(base)
        for dice in ((6, 5), (3, 1), (4, 4)):
            sbs = [swap(r) for r in results(b, *dice) if not winner_kind(r)]
            hits += sum(sb[0] != base[0] for sb in sbs)
            assert ev.pruner.scores_from(base, pre, sbs) == [ev.pruner.score_from(base, pre, sb) for sb in sbs]
    assert hits > 0


def test_batch_scores_of_every_roll_of_random_games(ev):
    """The shipped pruner's own pass (bot.prune_scores: changed slots from the sides' bytes, masks kept up to
    date, the hit counts written out) scores as score_from, bit for bit, over every roll of every position of
    random games: entering from the bar, bearing off and hitting included."""
    net = ev.pruner
    assert net.relu and not net._sides_used  # the kind bot.prune_scores scores
    seen = {"bar": 0, "off": 0, "hit": 0}
    for b in random_game_positions(seed=41, games=3):
        base = swap(b)
        pre = net.hidden_pre(base)
        for dice in ALL_ROLLS:
            sbs = [swap(r) for r in results(b, *dice) if not winner_kind(r)]
            assert net.scores_from(base, pre, sbs) == [net.score_from(base, pre, sb) for sb in sbs]
            seen["bar"] += sum(sb[1][25] < base[1][25] for sb in sbs)
            seen["off"] += sum(sb[1][0] > base[1][0] for sb in sbs)
            seen["hit"] += sum(sb[0] != base[0] for sb in sbs)
    assert min(seen.values()) > 0, seen


@pytest.mark.parametrize("kept", [prune_scores.HITS_KEPT, 2])
def test_batch_scores_keep_hit_counts_per_board(ev, monkeypatch, kept):
    """The pass keeps hit counts and the hit statistics' summed rows across its calls (per mask of the side
    on roll, for all the rolls of one board): the rolls of different boards scored in a shuffled order, one
    scorer for all of them, score as score_from, bit for bit; also with the kept counts cleared every few
    plays (``HITS_KEPT``)."""
    monkeypatch.setattr(prune_scores, "HITS_KEPT", kept)
    net = ev.pruner
    scorer = prune_scores.PruneScorer(net)
    calls = []
    for b in random_game_positions(seed=43, games=2)[::3]:
        base = swap(b)
        pre = net.hidden_pre(base)
        for dice in ALL_ROLLS:
            sbs = [swap(r) for r in results(b, *dice) if not winner_kind(r)]
            if sbs:
                calls.append((base, pre, sbs))
    random.Random(kept).shuffle(calls)
    assert len({c[0] for c in calls}) > 5
    for base, pre, sbs in calls:
        assert scorer.scores(base, pre, sbs) == [net.score_from(base, pre, sb) for sb in sbs]
    assert len(scorer._hit_rows) > 0


def test_kept_ranks_choose_as_without_them(ev, boards):
    """best_reply's ``ranks`` (each roll's plays ranked by the pruning network, kept across the rolls of one
    starting board) change no choice, for a narrower choice and then a wider one from the same ranks (a
    rollout's look, then the trial's own play)."""
    narrow, wide = ev.pruned(2), ev.pruned(4)
    kept = 0
    for b in boards[1::7]:
        pre, outs, ranks = {}, {}, {}
        for dice in ALL_ROLLS:
            assert play.best_reply(narrow, b, dice, None, pre, outs, None, ranks) == play.best_reply(narrow, b, dice)
        kept += len(ranks)
        for dice in ALL_ROLLS:
            assert play.best_reply(wide, b, dice, None, pre, outs, None, ranks) == play.best_reply(wide, b, dice)
        assert len(ranks) <= len(ALL_ROLLS)  # one ranking per roll, none made again
    assert kept > 0


_SIG = []


def _sigmoid_pruner():
    if not _SIG:
        doc = shipped_doc()
        doc["prune"].pop("activation", None)
        _SIG.append(network.Evaluator(doc).pruner)
    return _SIG[0]
