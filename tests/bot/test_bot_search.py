"""The search behind the strong and expert levels, and the evaluator's fast path (same floats as the plain
computation)."""
import math
from operator import add, mul, sub

import pytest

import bot
import rules
from bot import features, levels, network, play
from rules.board import ALL_ROLLS, swap, winner_kind
from rules.movegen import result_boards as results
from bot.network import equity, invert
from test_bot_board import random_game_positions


def _sig(a):
    return 4.248354255291589e-18 if a < -40.0 else 1.0 / (1.0 + math.exp(-a))


def reference_pre(net, board):
    """The plain loop (one new list per added row), as the evaluator was first written."""
    acc = net.b1
    for side in (0, 1):
        for p in range(26):
            n = board[side][p]
            if n:
                acc = list(map(add, acc, net.tables[26 * side + p][n]))
    return acc


def reference_pre_from(net, base, base_pre, board):
    acc = base_pre
    for side in (0, 1):
        for p in range(26):
            n, o = board[side][p], base[side][p]
            if n != o:
                row = net.tables[26 * side + p]
                if n:
                    acc = list(map(add, acc, row[n]))
                if o:
                    acc = list(map(sub, acc, row[o]))
    return acc


def reference_outputs(net, pre, board):
    h = [_sig(a) for a in pre]
    o = [_sig(net.b2[k] + sum(map(mul, net.w2[k], h))) for k in range(5)]
    return net.outputs_from_pre.__globals__["_consistent"](o, board)


def reference_with_extras(net, pre, board):
    """The non-slot inputs added as first written: each value times its row, in the rows' order, then the
    per-side inputs' sum (version 4 weights)."""
    mine, theirs = board
    hm, ht = features.hit_stats(mine, theirs), features.hit_stats(theirs, mine)
    rows, k = net.extra_rows, features.N_V3 - features.N_BASE
    acc = pre
    for v, row in ((hm[0], rows[0]), (ht[0], rows[1]), (hm[1], rows[k]), (hm[2], rows[k + 1]),
                   (ht[1], rows[k + 2]), (ht[2], rows[k + 3])):
        if v:
            acc = list(map(add, acc, [v * w for w in row]))
    contrib = [0.0] * net.hidden
    for v, row in zip(features.side_extras(mine, theirs) + features.side_extras(theirs, mine), rows[2:]):
        if v:
            contrib = list(map(add, contrib, [v * w for w in row]))
    return list(map(add, acc, contrib))


@pytest.fixture(scope="module")
def boards():
    return random_game_positions(seed=21, games=6)


def test_fast_evaluation_gives_the_plain_floats(boards):
    ev = bot.evaluator()
    for b in boards[::3]:
        for net in (ev.contact, ev.race):
            pre = net.hidden_pre(b)
            assert pre == reference_pre(net, b)
            full = net.with_extras(pre, b)
            assert full == reference_with_extras(net, pre, b)
            assert net.with_extras(pre, b) == full  # again, from the per-count tables
            assert net.outputs_from_pre(full, b) == reference_outputs(net, full, b)
            for r in results(b, 3, 1)[:4] + results(b, 5, 5)[:4]:
                sr = swap(r)
                base = swap(b)
                bp = net.hidden_pre(base)
                assert net.hidden_pre_from(base, bp, sr) == reference_pre_from(net, base, bp, sr)
                # The fused pass used by the search (changed rows, the extra inputs as one summed row, and the
                # sigmoids in one comprehension): the same up to the order of additions.
                pre_sr = reference_pre_from(net, base, bp, sr)
                want = reference_outputs(net, reference_with_extras(net, pre_sr, sr), sr)
                assert net.outputs_from(base, bp, sr) == pytest.approx(want, abs=1e-12)
                assert net.outputs_from(base, bp, sr) == pytest.approx(want, abs=1e-12)  # the cached row
            assert net.evaluate(b) == reference_outputs(net, full, b)
    # Saturated units: below -40 the sigmoid is the constant it was.
    net = ev.contact
    pre = [-50.0, -40.0, -39.9, 0.0, 45.0] + [0.0] * (net.hidden - 5)
    assert net.outputs_from_pre(pre, boards[0]) == reference_outputs(net, pre, boards[0])


def test_the_0ply_path_gives_the_plain_outputs_to_the_last_bits(boards):
    """``Network.outputs_of``, the 0-ply ranking's path (a row per changed slot, the new count's less the old
    count's; the extra inputs as cached rows; each unit kept as its sigmoid's denominator and divided by), against
    the plain computation, over every play of a few
    rolls; among them bear-offs with contact, whose side that cannot lose a gammon any more gets no gammon
    outputs computed."""
    ev = bot.evaluator()
    borne_off = 0
    for b in boards[::8]:
        base = swap(b)
        for roll in ((3, 1), (6, 6), (5, 2)):
            sbs = [swap(r) for r in results(b, *roll)]
            for net in (ev.contact, ev.race):
                bp = net.hidden_pre(base)
                for sb, o in zip(sbs, net.outputs_of(base, bp, sbs)):
                    pre = reference_with_extras(net, reference_pre_from(net, base, bp, sb), sb)
                    assert o == pytest.approx(reference_outputs(net, pre, sb), abs=1e-12)
                    borne_off += sb[0][0] > 0 or sb[1][0] > 0
    assert borne_off
    # Saturated units: below -40 a unit's share of an output is within 4.3e-18 of the floor's, and a unit so far
    # below that exp overflows (-800) takes the floor's exactly.
    net = ev.contact
    b = boards[0]
    for low in (-50.0, -800.0):
        pre = [low, -40.0, -39.9, 0.0, 45.0] + [0.0] * (net.hidden - 5)
        want = reference_outputs(net, reference_with_extras(net, pre, b), b)
        assert net.outputs_of(b, pre, [b])[0] == pytest.approx(want, abs=1e-15)


def test_the_kept_slot_rows_change_no_float(boards, monkeypatch):
    """The 0-ply path's rows per slot and pair of counts are the same whether kept from before, computed anew,
    or computed with the cache cleared at every second row (its bound)."""
    ev = bot.evaluator()
    net = ev.contact
    cases = []
    for b in boards[1::15]:
        base = swap(b)
        sbs = [swap(r) for r in results(b, 4, 4)]
        cases.append((base, net.hidden_pre(base), sbs))
    first = [net.outputs_of(base, bp, sbs) for base, bp, sbs in cases]
    assert net._diffs
    assert [net.outputs_of(base, bp, sbs) for base, bp, sbs in cases] == first  # from the kept rows
    net._diffs.clear()
    monkeypatch.setattr(network, "DIFFS_CACHE_SIZE", 2)
    assert [net.outputs_of(base, bp, sbs) for base, bp, sbs in cases] == first
    assert len(net._diffs) <= 2
    net._diffs.clear()


def test_the_win_chance_alone_is_the_evaluations_first_output(boards):
    """``Network.win_chance`` (the first output alone, the extra inputs as cached rows) within 1e-12 of
    ``Network.evaluate``'s, over contact and race positions."""
    ev = bot.evaluator()
    kinds = set()
    for b in boards[::5]:
        net = ev.net_for(b)
        kinds.add(net is ev.race)
        assert net.win_chance(b) == pytest.approx(net.evaluate(b)[0], abs=1e-12)
    assert kinds == {False, True}


def test_the_0ply_best_alone_is_the_rankings_first(boards):
    """``play.best_0ply`` (output units computed only while a result can still be the best) plays what
    ``rank_0ply`` ranks first, ties to the first generated included, over game positions with every roll, bear-offs
    and races among them; ``choose_board`` at a 0-ply level without noise is it."""
    ev = bot.evaluator()
    kinds = set()
    for b in boards[::2]:
        for d in ALL_ROLLS:
            ranked = play.rank_0ply(ev, b, d)
            best = play.best_0ply(ev, b, d)
            assert best == ranked[0][1]
            kinds.add((len(ranked) > 1, len(ranked) > 1 and ranked[0][0] == ranked[1][0]))
    assert (True, False) in kinds and (False, False) in kinds
    b, d = boards[40], (6, 5)
    assert play.choose_board(ev, b, d, levels.PLAY["intermediate"]) == play.best_0ply(ev, b, d)


def test_1ply_is_the_average_of_the_opponents_best_replies(boards):
    ev = bot.evaluator()
    b = boards[40]
    r = results(b, 4, 2)[0]
    acc = [0.0] * 5
    for roll in ALL_ROLLS:
        w = 1 if roll[0] == roll[1] else 2
        best = max((play.after_play_outputs(ev, x) for x in results(swap(r), *roll)), key=equity)
        acc = [a + w * v for a, v in zip(acc, best)]
    assert play.outputs_1ply(ev, r) == pytest.approx(invert(tuple(a / 36 for a in acc)), abs=1e-12)


def test_2ply_scores_each_reply_at_1ply():
    ev = bot.evaluator()
    # A late race (few plays per roll) keeps this cheap.
    mine = (9, 2, 2, 0, 1, 0, 0, 0, 1) + (0,) * 17
    theirs = (8, 1, 2, 2, 1, 0, 0, 0, 0, 0, 1) + (0,) * 15
    b = (mine, theirs)
    r = results(b, 2, 1)[0]
    acc = [0.0] * 5
    counted = play.Work(10 ** 9)  # the plays a leaf-by-leaf search evaluates
    for roll in ALL_ROLLS:
        w = 1 if roll[0] == roll[1] else 2
        _, reply = play.best_reply(ev, swap(r), roll, counted)
        k = winner_kind(reply)
        o = invert(play.WIN_OUTPUTS[k]) if k else play.evaluate_1ply_board(ev, swap(reply), counted)
        acc = [a + w * v for a, v in zip(acc, o)]
    want = tuple(a / 36 for a in acc)
    assert play.outputs_2ply(ev, r) == pytest.approx(want, abs=1e-12)
    # Planned first, it counts the same plays: it fits a limit of exactly that many and no fewer.
    n = counted.done
    assert n > 100
    assert play.outputs_2ply(ev, r, play.Work(n)) == pytest.approx(want, abs=1e-12)
    with pytest.raises(play.OverBudget):
        play.outputs_2ply(ev, r, play.Work(n - 1))
    # A search's position cache (filled by a first search, then used by a second) changes nothing.
    cache: play.Cache = {}
    first = play.outputs_2ply(ev, r, None, cache)
    assert len(cache) > 0
    assert play.outputs_2ply(ev, r, None, cache) == first == pytest.approx(want, abs=1e-12)


def test_levels_search_deeper_upwards():
    lv = levels.PLAY
    assert [lv[n].plies for n in bot.LEVELS] == [0, 0, 1, 2]
    assert lv["expert"].candidates >= lv["strong"].candidates
    assert lv["expert"].margin >= lv["strong"].margin
    assert lv["expert"].deep >= 2 and lv["expert"].deep_budget > 0


def test_expert_falls_back_to_its_1ply_choice_past_the_work_limit(boards):
    ev = bot.evaluator()
    starved = levels.Level("starved", 2, candidates=10, margin=0.20, deep=2, deep_margin=0.10, deep_budget=1)
    one_ply = levels.Level("one", 1, candidates=10, margin=0.20)
    for b in boards[5:60:18]:
        assert play.choose_board(ev, b, (6, 3), starved) == play.choose_board(ev, b, (6, 3), one_ply)
    w = play.Work(10)
    w.add(10)
    with pytest.raises(play.OverBudget):
        w.add(1)


def test_expert_is_legal_and_deterministic_on_a_few_positions(boards):
    for b in boards[7:70:21]:
        pid = rules.Position(*b).to_id()
        legal = rules.legal_results(pid, (4, 1))
        got = bot.choose(pid, (4, 1), "expert")
        assert (got in legal) if legal else got == pid
        assert bot.choose(pid, (4, 1), "expert") == got


def test_the_per_side_inputs_cache_gives_the_same_floats(boards):
    """A cold and a warm cache of the version-3 inputs' contribution give identical evaluations."""
    ev = bot.evaluator()
    sample = boards[::5]
    for net in (ev.contact, ev.race):
        net._extras_cache.clear()
        cold = [net.with_extras(net.hidden_pre(b), b) for b in sample]
        warm = [net.with_extras(net.hidden_pre(b), b) for b in sample]
        assert cold == warm
        if len(net.extra_rows) > 2:
            assert 0 < len(net._extras_cache) <= len(sample)


def test_the_per_side_row_is_the_row_by_row_sum(boards):
    """The per-side inputs' summed contribution (computed in one pass) is, float for float, the rows scaled by
    their inputs and added one after the other from 0.0."""
    ev = bot.evaluator()
    for net in (ev.contact, ev.race):
        rows = net.extra_rows[2:2 + 2 * features.SIDE_EXTRAS]
        if not any(any(r) for r in rows):
            continue
        for b in boards[::3]:
            mine, theirs = b
            sides = features.side_extras(mine, theirs) + features.side_extras(theirs, mine)
            want = [0.0] * net.hidden
            for v, row in zip(sides, rows):
                if v:
                    want = list(map(add, want, [v * w for w in row]))
            net._extras_cache.clear()
            assert list(net._side_row(sides)) == want


def test_self_play_lists_the_positions_before_each_move_of_one_finished_game():
    import random
    ev = bot.evaluator()
    moves = play.self_play(ev, random.Random(3))
    assert len(moves) > 20 and moves[0][0] == rules.board.START_BOARD
    for (b, d), (nxt, _) in zip(moves, moves[1:]):
        assert swap(nxt) in results(b, *d)  # each position follows from the one before by a legal play
    last_b, last_d = moves[-1]
    assert winner_kind(play.choose_board(ev, last_b, last_d, levels.PLAY["intermediate"]))
    assert play.self_play(ev, random.Random(3)) == moves
