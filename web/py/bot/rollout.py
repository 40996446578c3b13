"""Rollouts: settle a decision by playing it out many times (docs/analysis.md, "Rollouts").

Each candidate (a play of a roll, or a cube action: no double / double-take / double-pass) is played on by the
bot's 0-ply checker play for both sides, ``truncate`` plies at most (0: to the end of the game), the same dice for
every candidate in a trial. The first roll of the trials is stratified (each round of 36 trials rolls each of the
36 dice once) and the second quasi-random (over 36 rounds every pair of first and second rolls comes once). A
trial stops early at a pure bear-off (exact from the one-sided table) and at the end of the game.

Variance reduction, as GNU Backgammon does it: at every ply the mover's best 0-ply play of each of the 21 rolls
is evaluated (the look, ``Ply``), the evaluator's own expectation of the ply is their weighted mean and the roll's
luck is its value less that mean. Each trial's result is the value at its end (the network at the leaf, the
exact outcome, or the bear-off table) less the sum of its luck: the luck terms have mean zero whatever the
evaluator's errors (any value computed the same way for every roll would do), so the estimate keeps the
truncated rollout's mean and loses most of its variance. The look takes the best of the pruning network's
``LOOK`` (2) best plays of each roll, the trial's own play the best of its ``PRUNE`` (4) best: the look evaluates
two plays of a roll with the full networks instead of four, its values differ from the played ones only where
the pruning network ranks the best play third or fourth, and the interval one CPU second buys is no wider
(``tools/bench/bench_rollout.py --speed``). Applying it to the first plies only would not pay: every ply's luck
is a like share of a trial's variance (about 0.06 each, against 0.01 left after all 11 are taken out, in the
contact positions of the benchmark).

Cubeful (money play, cube centred unless told): before each roll the side on roll doubles and the other takes or
passes by ``bot.cube`` on the look's 21-roll mean (its 1-ply estimate), and a leaf is valued by the Janowski model
at the cube then held (past the too-good point, the cubeless equity); the cubeful luck of a roll is measured with
the same model. Cubeless figures come from the same trials.

Dice come from SHA-256 of the seed and the trial number (never ``random``), so a seed gives the same dice on
every machine and interpreter, and the same figures on every machine running the same Python (the page's
Pyodide); Python 3.12 and later add floats in ``sum`` with a compensation that 3.11 lacks, so CPython 3.11's figures
may differ from theirs in the last bits. The statistics are summed per block of trials (``rollout_tally``), so
they are the same however the blocks are shared out over workers (``run_block``, ``block``, ``header``). The
trials' plays are evaluated by the full networks as ``rollout_eval.LookNet`` does (the first layer in fixed
point, ``bot.fixed_layer``). Pure Python, standard library only.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Optional

from rules.board import ALL_ROLLS, Board, swap, winner_kind
from rules.cubeinfo import CubeInfo
from rules.errors import RulesError
from rules.match import MAX_CUBE
from rules.movegen import legal_plays
from rules.movegen import result_boards as results
from rules.notation import format_play, parse_play
from rules.position import Position

from . import bearoff
from . import cube as _cube
from . import play as _play
from .levels import ROLLOUT
from .network import Evaluator, Outputs, equity, invert, outputs
from .rollout_tally import BLOCK, Stats, block_range, blocks
from .rollout_tally import result as _result
from .rollout_eval import look_evaluator

CUBE_CANDIDATES = ("no_double", "double_take", "double_pass")
DEFAULT_MOVE_CANDIDATES = 2
PRUNE = 4
"""The trials' checker play: the 0-ply best of the pruning network's 4 best plays of each roll (as the strong
level's reply choices; ``Evaluator.pruned``), four times faster than evaluating every play fully."""
LOOK = 2
"""The variance reduction's look at the 21 rolls of a ply: the best of the pruning network's LOOK best plays
of each roll (``Ply``)."""
CACHE_LIMIT = 1500
"""Looks a rollout keeps (``Rollout._ply``): those of the first ``KEPT_PLIES`` plies of its trials (22 per
candidate of a play; cleared when full)."""
KEPT_PLIES = 2

ROLLS36 = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
_INDEX21 = {r: ALL_ROLLS.index((min(r), max(r))) for r in ROLLS36}
_WEIGHTS21 = tuple(1 if a == b else 2 for a, b in ALL_ROLLS)
_WIN_OUTPUTS = _play.WIN_OUTPUTS


class RolloutError(ValueError):
    """Bad arguments to a rollout (position, dice, candidates, trials, truncation, level)."""


class RolloutCancelled(Exception):
    """The ``progress`` callback returned ``False``."""


# --- dice --------------------------------------------------------------------------------------------------------

def _bytes(seed: int, label: str):
    """An endless stream of bytes from SHA-256 of the seed and a label."""
    block = 0
    while True:
        yield from hashlib.sha256(f"gamao-rollout/{seed}/{label}/{block}".encode()).digest()
        block += 1


def _below(stream, n: int) -> int:
    """A uniform integer in 0..n-1 (n <= 256) from the stream, by rejection."""
    limit = 256 - 256 % n
    for b in stream:
        if b < limit:
            return b % n
    raise AssertionError("unreachable")


def permutation36(seed: int, label: str) -> list[int]:
    """A permutation of 0..35 (Fisher-Yates on the seed's stream)."""
    p = list(range(36))
    s = _bytes(seed, label)
    for i in range(35, 0, -1):
        j = _below(s, i + 1)
        p[i], p[j] = p[j], p[i]
    return p


class Dice:
    """The rolls of trial ``t``: the first stratified over each round of 36 trials, the second quasi-random
    (trial j of round r pairs first roll ``first[j]`` with ``second[(j + r) % 36]``), the rest from the stream."""

    def __init__(self, seed: int):
        self.seed = seed
        self.first = permutation36(seed, "first")
        self.second = permutation36(seed, "second")

    def rolls(self, t: int):
        j, r = t % 36, t // 36
        yield ROLLS36[self.first[j]]
        yield ROLLS36[self.second[(j + r) % 36]]
        s = _bytes(self.seed, f"trial{t}")
        while True:
            yield ROLLS36[_below(s, 36)]


# --- one ply -------------------------------------------------------------------------------------------------

class Ply:
    """The 21-roll look from a board on roll (the mover's side), for the variance reduction and the cube.

    ``looks[i]`` = (outputs for the mover, result board, how the mover won with it or 0) of the best play of
    roll ``ALL_ROLLS[i]`` among the ``look`` best by the pruning network (0: among all plays), ``mean`` their
    weighted mean: the luck of a roll is measured against it. :meth:`played` is the play the trial makes with a
    roll, the best of the ``prune`` best by the pruning network (the same as the look's when ``look`` >=
    ``prune``). The pruning network ranks each roll's plays once (the trial's play takes its wider choice
    from the look's ranking), and the full networks' outputs are kept per result board for the whole look: the
    rolls' plays often reach the same board (a checker moved 7 pips by 6-1, 5-2 or 4-3).
    """
    __slots__ = ("board", "looks", "mean", "_ev", "_look_ev", "_outs", "_pre", "_plays", "_ranks", "_played")

    def __init__(self, ev: Evaluator, board: Board, look: int = PRUNE):
        self.board, self._ev = board, ev
        self._look_ev = ev.pruned(look) if look else ev.pruned(0)
        self._outs: dict = {}
        self._pre: Optional[dict] = {}
        self._ranks: Optional[dict] = {}
        self._plays: Optional[list] = [results(board, a, b) for a, b in ALL_ROLLS]
        self._played: dict = {}
        looks = []
        acc = [0.0] * 5
        for w, r, plays in zip(_WEIGHTS21, ALL_ROLLS, self._plays):
            o, b = _play.best_reply(self._look_ev, board, r, None, self._pre, self._outs, plays, self._ranks)
            looks.append((o, b, winner_kind(b)))
            for k in range(5):
                acc[k] += w * o[k]
        self.looks = looks
        self.mean: Outputs = outputs(a / 36.0 for a in acc)

    def played(self, i: int) -> tuple:
        """(outputs for the mover, result board, win kind) of the play a trial makes with roll ``ALL_ROLLS[i]``."""
        if self._look_ev is self._ev:
            return self.looks[i]
        p = self._played.get(i)
        if p is None:
            plays = self._plays[i] if self._plays is not None else None
            pre = self._pre if self._pre is not None else {}
            o, b = _play.best_reply(self._ev, self.board, ALL_ROLLS[i], None, pre, self._outs, plays, self._ranks)
            p = self._played[i] = (o, b, winner_kind(b))
            # A kept look serves later trials with other rolls (the first plies): drop what only the look
            # needed, the roll's plays and the pruning ranks, which would fill memory.
            self._plays = self._pre = self._ranks = None
        return p


def _root(o, root_moves: bool):
    return o if root_moves else invert(o)


# --- the cube in a trial -----------------------------------------------------------------------------------------

class CubeState:
    """One cubeful line of a trial: cube value and owner ("root", "other" or None) in root's units, the sum of
    its cubeful luck, and its result once decided (a pass or the end of the game)."""
    __slots__ = ("value", "owner", "luck", "result")

    def __init__(self, value: int, owner: Optional[str]):
        self.value, self.owner, self.luck, self.result = value, owner, 0.0, None

    def seen_by(self, root_moves: bool) -> str:
        if self.owner is None:
            return _cube.CENTER
        return _cube.MINE if (self.owner == "root") == root_moves else _cube.THEIRS

    def decide(self, mean: Outputs, root_moves: bool) -> None:
        """The mover doubles (or not) and the other takes or passes, by the model on the ply's mean."""
        owner = self.seen_by(root_moves)
        if owner == _cube.THEIRS or self.value * 2 > MAX_CUBE:
            return
        view = CubeInfo(self.value, owner)
        if not _cube.should_double(mean, view):
            return
        taker = CubeInfo(self.value, _cube.CENTER if owner == _cube.CENTER else _cube.THEIRS)
        if _cube.should_take(mean, taker):
            self.value *= 2
            self.owner = "other" if root_moves else "root"
        else:
            self.result = float(self.value if root_moves else -self.value)

    def on_roll_value(self, o: Outputs, root_moves: bool) -> float:
        """Cubeful equity, for root, of a board on roll whose mover has outputs ``o``."""
        p, w, l_ = _cube._w_l(o)
        e = self.value * _cube.janowski(p, w, l_, self.seen_by(root_moves))
        return e if root_moves else -e

    def after_play_value(self, o: Outputs, kind: int, root_moves: bool) -> float:
        """Cubeful equity, for root, after the mover's play with outputs ``o`` (the other side then on roll)."""
        if kind:
            e = float(self.value * kind)
            return e if root_moves else -e
        return self.on_roll_value(invert(o), not root_moves)


# --- the rollout -------------------------------------------------------------------------------------------------

class Candidate:
    """What one candidate is and its trials' results, per block of trials (``rollout_tally.Stats``)."""

    def __init__(self, name: str, play: Optional[str], board: Board, root_moves: bool, cube: Optional[tuple]):
        self.name, self.play, self.board, self.root_moves, self.cube = name, play, board, root_moves, cube
        self.stats = Stats()

    @property
    def fixed(self) -> Optional[float]:
        """double/pass: its known value, no trial played."""
        return self.stats.fixed

    @property
    def trials(self) -> int:
        return self.stats.trials

    @property
    def sums(self) -> list:
        return self.stats.totals()[1]

    @property
    def squares(self) -> list:
        return self.stats.totals()[2]


def _check_int(name: str, v, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RolloutError(f"{name} must be an int {lo}..{hi}, got {v!r}")
    return v


class Rollout:
    """A rollout run a few trials at a time (``step``), for a worker that reports progress and can stop between
    steps; ``bot.rollout`` runs one to the end. Arguments as ``bot.rollout``'s."""

    def __init__(self, ev: Evaluator, position_id: str, *, dice=None, candidates=None, trials: int = 324,
                 truncate: int = 11, cubeful: bool = True, seed: int = 0, level: str = ROLLOUT.name,
                 variance_reduction: bool = True, look: Optional[int] = None):
        if level != ROLLOUT.name:
            raise RolloutError(f"a rollout plays at level {ROLLOUT.name}; got {level!r}")
        self.total = _check_int("trials", trials, 1, 1_000_000)
        self.truncate = _check_int("truncate", truncate, 0, 1000)
        self.seed = _check_int("seed", seed, 0, 2 ** 63)
        self.cubeful, self.level, self.ev = bool(cubeful), level, look_evaluator(ev).pruned(PRUNE)
        self.reduce = bool(variance_reduction)  # off only to measure what it gains
        self.look = LOOK if look is None else _check_int("look", look, 0, 1000)  # another only to measure
        try:
            pos = Position.from_id(position_id) if isinstance(position_id, str) else None
        except RulesError as e:
            raise RolloutError(f"bad position ID {position_id!r}: {e}") from None
        if pos is None:
            raise RolloutError(f"position_id must be a str, got {type(position_id).__name__}")
        if pos.is_over():
            raise RolloutError(f"the game is over in {position_id!r}")
        self.position_id, self.dice = position_id, None
        self.root: Board = (pos[0], pos[1])
        if dice is None:
            self.kind = "cube"
            self.candidates = self._cube_candidates(candidates)
        else:
            self.kind = "move"
            self.candidates = self._move_candidates(pos, dice, candidates)
        self._dice = Dice(self.seed)
        self._cache: dict = {}
        self._progress: dict[int, int] = {}  # trials run per block

    def _cube_candidates(self, names) -> list[Candidate]:
        names = list(CUBE_CANDIDATES if names is None else names)
        if not names or any(n not in CUBE_CANDIDATES for n in names) or len(set(names)) != len(names):
            raise RolloutError(f"cube candidates are distinct names of {', '.join(CUBE_CANDIDATES)}; got {names!r}")
        out = []
        for n in CUBE_CANDIDATES:  # the model's order, whatever order they were given in
            if n in names:
                c = Candidate(n, None, self.root, True, (1, None) if n == "no_double" else (2, "other"))
                if n == "double_pass":
                    c.stats.fixed = 1.0
                out.append(c)
        return out

    def _move_candidates(self, pos: Position, dice, wanted) -> list[Candidate]:
        try:
            d1, d2 = dice
        except (TypeError, ValueError):
            raise RolloutError(f"dice must be a pair of ints 1..6, got {dice!r}") from None
        d = (_check_int("a die", d1, 1, 6), _check_int("a die", d2, 1, 6))
        self.dice = d
        plays: dict[str, tuple[str, Position]] = {}
        for steps, result in legal_plays(pos, d):
            plays.setdefault(result.to_id(), (format_play(steps), result))
        if not plays:
            raise RolloutError(f"nothing can be played with {d1}-{d2}: nothing to roll out")
        if wanted is None:
            ranked = sorted(plays, key=lambda k: -equity(_play.after_play_outputs(self.ev, plays[k][1])))
            wanted = ranked[:DEFAULT_MOVE_CANDIDATES]
        if isinstance(wanted, str) or not wanted:
            raise RolloutError("candidates must be a non-empty list of plays (result Position IDs or notation)")
        out, seen = [], set()
        for w in wanted:
            key = w if isinstance(w, str) and w in plays else None
            if key is None and isinstance(w, str):
                key = self._by_notation(pos, d, w)
            if key is None or key not in plays:
                raise RolloutError(f"{w!r} is not a legal play of {d1}-{d2} here")
            if key in seen:
                raise RolloutError(f"{w!r} is given twice")
            seen.add(key)
            notation, result = plays[key]
            out.append(Candidate(key, notation, (result[0], result[1]), False, (1, None)))
        return out

    @staticmethod
    def _by_notation(pos: Position, d, text: str) -> Optional[str]:
        try:
            steps = parse_play(text, pos, d)
        except RulesError:
            return None
        for s, result in legal_plays(pos, d):
            if tuple(s) == tuple(steps):
                return result.to_id()
        return None

    @property
    def done(self) -> int:
        """Trials run by this instance (a worker's: those of the blocks it was given)."""
        return sum(self._progress.values())

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def blocks(self) -> int:
        """Blocks of trials (``rollout_tally.BLOCK`` each, the last may be short)."""
        return blocks(self.total)

    def _ply(self, board: Board, ply: int) -> Ply:
        """The look from ``board``, kept for later trials on the first two plies (every trial of a candidate
        starts from the same board and, after the stratified first roll, from one of 21), made afresh after
        them (the third roll is random: a board there seldom comes again)."""
        if ply >= KEPT_PLIES:
            return Ply(self.ev, board, self.look)
        p = self._cache.get(board)
        if p is None:
            if len(self._cache) >= CACHE_LIMIT:
                self._cache.clear()
            p = self._cache[board] = Ply(self.ev, board, self.look)
        return p

    def step(self, n: int) -> int:
        """Run up to ``n`` more trials of every candidate, in trial order; returns the trials done."""
        left = max(0, int(n))
        while left and not self.finished:
            b = self.done // BLOCK
            before = self._progress.get(b, 0)
            self.run_block(b, left)
            left -= self._progress[b] - before
        return self.done

    def run_block(self, b: int, n: int) -> dict:
        """Run up to ``n`` more trials of block ``b`` (in trial order, from where this instance left it); its
        report (``block``). A worker of a split rollout runs the blocks it is given this way."""
        trials = block_range(self.total, _check_int("block", b, 0, self.blocks - 1))
        done = self._progress.get(b, 0)
        for t in trials[done:done + max(0, int(n))]:
            self._trial(t)
            done += 1
        self._progress[b] = done
        return self.block(b)

    def block(self, b: int) -> dict:
        """Block ``b``'s report for ``rollout_tally.Tally.merge`` (JSON-ready; floats survive JSON exactly):
        its trials run, its size and per candidate (trials, sums, sums of squares)."""
        return {"block": b, "trials": self._progress.get(b, 0), "size": len(block_range(self.total, b)),
                "candidates": [list(c.stats.block(b)) for c in self.candidates]}

    def header(self) -> dict:
        """What this rollout rolls out, for a ``rollout_tally.Tally`` that merges its blocks' reports."""
        return {"position_id": self.position_id, "dice": list(self.dice) if self.dice else None,
                "kind": self.kind, "total": self.total, "truncate": self.truncate, "cubeful": self.cubeful,
                "seed": self.seed, "level": self.level, "blocks": self.blocks,
                "candidates": [{"candidate": c.name, "play": c.play, "fixed": c.fixed} for c in self.candidates]}

    def _trial(self, t: int) -> None:
        b = t // BLOCK
        live = [c for c in self.candidates if c.fixed is None]
        if self.kind == "cube":  # the cube lines differ, the checker play does not: one game for all of them
            if live:
                values = self.play_trial(self.root, True, [c.cube for c in live], t)
                for c, v in zip(live, values):
                    c.stats.add(b, v)
            for c in self.candidates:
                if c.fixed is not None:
                    c.stats.add(b, None)
            return
        for c in live:
            (v,) = self.play_trial(swap(c.board), False, [c.cube], t)
            c.stats.add(b, v)

    def play_trial(self, board: Board, root_moves: bool, cubes: list, t: int) -> list[list[float]]:
        """One trial from ``board`` (on roll; ``root_moves``: root is the side on roll): per cube line, the
        variance-reduced values of ``STATS`` for root."""
        states = [CubeState(v, o) for v, o in cubes] if self.cubeful else []
        luck = [0.0] * 5
        rolls = self._dice.rolls(t)
        end: Optional[tuple] = None  # root's outputs at the trial's end, and the line's leaf values
        ply = 0
        while True:
            exact = bearoff.outputs(board)
            if exact is not None or (self.truncate and ply >= self.truncate):
                o = exact if exact is not None else _play.outputs_on_roll(self.ev, board)
                end = (_root(o, root_moves), [s.on_roll_value(o, root_moves) for s in states])
                break
            p = self._ply(board, ply)
            i = _INDEX21[next(rolls)]
            o, result, kind = p.played(i)
            if self.reduce:
                mine, mean = _root(p.looks[i][0], root_moves), _root(p.mean, root_moves)
                for k in range(5):
                    luck[k] += mine[k] - mean[k]
            for s in states:
                if s.result is not None:
                    continue
                if ply or self.kind != "cube":  # a cube rollout's first decision is the candidate itself
                    s.decide(p.mean, root_moves)
                if s.result is not None:
                    continue
                if self.reduce:
                    values = [s.after_play_value(ro, rk, root_moves) for ro, _, rk in p.looks]
                    s.luck += values[i] - sum(w * v for w, v in zip(_WEIGHTS21, values)) / 36.0
                if kind:
                    s.result = s.after_play_value(o, kind, root_moves)
            if kind:
                won = _WIN_OUTPUTS[kind]
                end = (_root(won, root_moves), [0.0] * len(states))
                break
            board = swap(result)
            root_moves = not root_moves
            ply += 1
        final, leaves = end
        cubeless = [final[k] - luck[k] for k in range(5)]
        e = equity(cubeless)  # type: ignore[arg-type]
        if not states:
            return [[e, e] + cubeless] * len(cubes)
        out = []
        for s, leaf in zip(states, leaves):
            value = (s.result if s.result is not None else leaf) - s.luck
            out.append([value, e] + cubeless)
        return out

    def result(self) -> dict:
        return _result(self.header(), self.candidates)


ROUND = 36


def run(ev: Evaluator, position_id: str, *, progress: Optional[Callable] = None, **kwargs) -> dict:
    """Run a rollout to the end in rounds of 36 trials; ``progress(done, total, partial_result)`` after each
    round (and before the first, with 0 done); returning ``False`` stops it with :class:`RolloutCancelled`."""
    r = Rollout(ev, position_id, **kwargs)
    if progress is not None and progress(0, r.total, r.result()) is False:
        raise RolloutCancelled(0)
    while not r.finished:
        r.step(ROUND)
        if progress is not None and progress(r.done, r.total, r.result()) is False:
            raise RolloutCancelled(r.done)
    return r.result()
