"""The network's input encoding: one definition shared by the browser evaluator and the trainer.

The board is seen by the side on roll. There are 52 *slots*: ``mine[0..25]`` then ``theirs[0..25]``
(0 = borne off, 1..24 = points from that side's ace, 25 = bar). Every input is a function of one slot's
checker count, or a sum over slots (the pip counts), so a network's first layer folds into a table
``slot -> count -> hidden contribution`` and evaluation is a handful of vector additions.

Per slot, four inputs (Tesauro-style with an explicit blot unit):
  points and bar: [n == 1, n >= 2, n >= 3, max(n - 3, 0) / 2]
  borne off:      [n / 15, n >= 1, 0, 0]
then two global inputs: each side's pip count / 100.
A count of zero always encodes as all zeros (the tables rely on it).

Two further inputs (version 2 weights) are not per-slot: the share of the 36 rolls with which the side on
roll could hit a blot of the other side, and the same the other way round. "Could hit" counts a roll when a
die, the sum of both dice, or three or four times a double equals the distance (at most 12) from one of the
hitter's checkers (the bar included) to a blot ahead of it; points in between are not checked.

Version 3 weights add six inputs per side, each a non-linear function of the whole board that a single
hidden layer finds hard to build from the slot inputs (see :func:`side_extras`): the escape of the side's
rearmost checker, how well the other side contains it anywhere in the outfield, its longest prime, how closed
the board it would enter is (and whether it is on the bar now), and how many of its checkers have still to
pass the other side's rearmost one.

Version 4 weights add two inputs per direction of hitting (see :func:`hit_stats`): the share of the rolls
that threaten two or more blots at once, and the pips a blot hit would lose, averaged over the 36 rolls
(each roll taking the costliest blot it reaches), over 24. The same shot model as the hit shares.
"""
from __future__ import annotations

SLOTS = 52
PER_SLOT = 4
N_BASE = SLOTS * PER_SLOT + 2
PIP_MINE = SLOTS * PER_SLOT
PIP_THEIRS = PIP_MINE + 1
HIT_MINE = N_BASE          # the side on roll hits
HIT_THEIRS = N_BASE + 1    # the other side would hit
N_V2 = N_BASE + 2
SIDE_EXTRAS = 6
N_V3 = N_V2 + 2 * SIDE_EXTRAS
HIT_EXTRAS = 2             # per direction: double shots, pip loss
N_INPUTS = N_V3 + 2 * HIT_EXTRAS
MAX_COUNT = 15


def _roll_masks() -> list[int]:
    """For each of the 36 rolls, the 12-bit mask of the distances it can move one checker."""
    out = []
    for a in range(1, 7):
        for b in range(1, 7):
            ds = {a, b, a + b}
            if a == b:
                ds.update((3 * a, 4 * a))
            out.append(sum(1 << (d - 1) for d in ds if d <= 12))
    return out


_ROLL_MASKS = _roll_masks()


def _rolls_hitting(mask: int) -> int:
    """How many of the 36 rolls contain a way to move some distance whose bit (d - 1) is set in ``mask``."""
    return sum(1 for r in _ROLL_MASKS if r & mask)


HIT_ROLLS: tuple[int, ...] = tuple(_rolls_hitting(m) for m in range(1 << 12))
"""Rolls out of 36 that hit, for each 12-bit mask of hitting distances."""


ROLL_SETS: tuple[int, ...] = tuple(sum(1 << i for i, r in enumerate(_ROLL_MASKS) if r & m) for m in range(1 << 12))
"""For each 12-bit mask of hitting distances, the set of the 36 rolls (bit i: roll i) that contain one."""


def hit_counts(hitter: tuple[int, ...], target: tuple[int, ...]) -> tuple[int, int, int]:
    """The integers behind :func:`hit_stats`: (rolls that hit, rolls that could hit two or more blots,
    the summed pip loss over the 36 rolls). The network keys its per-value tables on them."""
    occ = 0
    for p in range(1, 26):
        if hitter[p]:
            occ |= 1 << p
    if not occ:
        return (0, 0, 0)
    covered = twice = loss = 0
    for q in range(1, 25):  # the costliest blots first
        if target[q] == 1:
            m = (occ >> (26 - q)) & 0xFFF
            if m:
                rolls = ROLL_SETS[m]
                loss += (25 - q) * (rolls & ~covered).bit_count()
                twice |= covered & rolls
                covered |= rolls
    return (covered.bit_count(), twice.bit_count(), loss)


def hit_stats(hitter: tuple[int, ...], target: tuple[int, ...]) -> tuple[float, float, float]:
    """``(hit_share, double, pip_loss)`` of ``hitter`` shooting at ``target``'s blots.

    ``double`` is the share of the 36 rolls that could hit each of two or more blots (the same shot model
    as :func:`hit_share`: each blot reached by a die, the sum, or a double's steps, blocks ignored);
    ``pip_loss`` the pips a hit blot loses (25 - its point, for the target), taking with each roll the
    costliest blot it reaches, averaged over the 36 rolls and divided by 24."""
    c, t, l = hit_counts(hitter, target)
    return (c / 36.0, t / 36.0, l / (36.0 * 24.0))


def hit_share(hitter: tuple[int, ...], target: tuple[int, ...]) -> float:
    """Share of the 36 rolls with which ``hitter`` could hit a blot of ``target`` (see the module doc)."""
    occ = 0
    for p in range(1, 26):
        if hitter[p]:
            occ |= 1 << p
    if not occ:
        return 0.0
    mask = 0
    for q in range(1, 25):
        if target[q] == 1:
            b = 25 - q  # the blot's point in the hitter's numbering
            mask |= (occ >> (b + 1)) & 0xFFF
    return HIT_ROLLS[mask] / 36.0 if mask else 0.0


def _escapes(blocks: int) -> int:
    """Of the 36 rolls, how many take a checker past every blocked point among the 12 ahead of it.

    Bit ``d - 1`` of ``blocks`` is set when the point ``d`` pips ahead is made by the other side. A roll
    escapes when one die, or both dice one after the other (through an open point), or a double's 2, 3 or
    4 steps (each landing open) carry the checker beyond the farthest block. Blocks further than 12 pips
    are not considered."""
    if not blocks:
        return 36
    far = blocks.bit_length()

    def open_(d: int) -> bool:
        return d > 12 or not (blocks >> (d - 1)) & 1

    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a != b:
                ok = a > far or b > far or (a + b > far and (open_(a) or open_(b)))
            else:
                ok = False
                for k in range(1, 5):
                    if not open_(k * a):
                        break
                    if k * a > far:
                        ok = True
                        break
            n += ok
    return n


ESCAPES: tuple[int, ...] = tuple(_escapes(m) for m in range(1 << 12))
"""Escaping rolls out of 36 for each 12-bit mask of blocked points ahead (bit d - 1: d pips ahead)."""

_PRIME_CAP = 6


def _longest_run(bits: int) -> int:
    n = 0
    while bits:
        bits &= bits >> 1
        n += 1
    return n


def side_extras(side: tuple[int, ...], other: tuple[int, ...]) -> tuple[float, ...]:
    """The six version-3 inputs of ``side`` (26 counts from its ace) against ``other``:

    0. escape: the share of the 36 rolls that take its rearmost checker past the other side's points
       (made, 2+ checkers) among the 12 ahead of it (1.0 when none blocks);
    1. containment: 1 - the smallest such share from any of its points 13..24 (where it would be
       trapped, whether or not it has a checker there);
    2. prime: its longest run of consecutive made points, over 6 (capped at 1);
    3. closed: (the other side's made home points / 6) squared, the chance a checker of it fails to enter;
    4. on the bar: the same when it has a checker on the bar now, else 0;
    5. to pass: its checkers still behind the other side's rearmost checker, over 15.
    """
    # blocks: bit j set when the other side has made its point j (= this side's point 25 - j).
    blocks = 0
    home = 0
    for j in range(1, 25):
        if other[j] >= 2:
            blocks |= 1 << j
            if j <= 6:
                home += 1
    back = 0
    for p in range(25, 0, -1):
        if side[p]:
            back = p
            break
    escape = ESCAPES[(blocks >> (26 - back)) & 0xFFF] if back >= 2 and blocks else 36
    least = 36
    if blocks:
        for p in range(13, 25):
            e = ESCAPES[(blocks >> (26 - p)) & 0xFFF]
            if e < least:
                least = e
    made = 0
    for p in range(1, 25):
        if side[p] >= 2:
            made |= 1 << p
    prime = min(_longest_run(made), _PRIME_CAP) / _PRIME_CAP
    closed = (home / 6.0) ** 2
    their_back = 0
    for q in range(25, 0, -1):
        if other[q]:
            their_back = q
            break
    behind = sum(side[25 - their_back + 1:26]) if their_back else 0
    return (escape / 36.0, 1.0 - least / 36.0, prime, closed, closed if side[25] else 0.0, behind / 15.0)


def extras(board: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[float, ...]:
    """Every non-slot input after the pip counts (versions 2 to 4), in input order."""
    mine, theirs = board
    h_mine, h_theirs = hit_stats(mine, theirs), hit_stats(theirs, mine)
    return (h_mine[0], h_theirs[0]) + side_extras(mine, theirs) + side_extras(theirs, mine) \
        + h_mine[1:] + h_theirs[1:]


def slot_units(point: int, n: int) -> tuple[float, float, float, float]:
    """The four per-slot inputs for ``n`` checkers at ``point`` (0 off, 1..24, 25 bar) of either side."""
    if n <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    if point == 0:
        return (n / 15.0, 1.0, 0.0, 0.0)
    return (
        1.0 if n == 1 else 0.0,
        1.0 if n >= 2 else 0.0,
        1.0 if n >= 3 else 0.0,
        (n - 3) / 2.0 if n > 3 else 0.0,
    )


def pip_weight(point: int) -> float:
    """Contribution of one checker at ``point`` to its side's pip input (pips / 100)."""
    return point / 100.0


def encode(board: tuple[tuple[int, ...], tuple[int, ...]]) -> list[float]:
    """The full input vector of ``board`` (mine on roll). Reference definition; the evaluator uses tables."""
    mine, theirs = board
    x = [0.0] * N_INPUTS
    for side, counts in enumerate((mine, theirs)):
        for point in range(26):
            n = counts[point]
            if n:
                base = (side * 26 + point) * PER_SLOT
                x[base:base + PER_SLOT] = slot_units(point, n)
    x[PIP_MINE] = sum(p * mine[p] for p in range(1, 26)) / 100.0
    x[PIP_THEIRS] = sum(p * theirs[p] for p in range(1, 26)) / 100.0
    x[N_BASE:] = extras(board)
    return x


def slot_vector(slot: int, n: int) -> list[float]:
    """Sparse-free form of one slot's part of the input vector: ``encode`` is the sum of these over slots."""
    x = [0.0] * N_INPUTS
    side, point = divmod(slot, 26)
    if n:
        base = slot * PER_SLOT
        x[base:base + PER_SLOT] = slot_units(point, n)
        x[PIP_MINE + side] = n * pip_weight(point)
    return x


# The same inputs, faster, for the evaluator: most boards of a search share one side with many others (the
# side that did not move), and many share bit patterns, so per-side summaries and the integer results built
# from them are kept in bounded caches. The floats are made from the same integers by the same operations,
# so they equal :func:`hit_counts` and :func:`side_extras` exactly (``tests/test_bot_features.py``).

SUMMARY_CACHE_SIZE = 8192
"""Distinct sides (26-tuples) and bit patterns whose summaries the fast path keeps (each cache cleared when
full)."""

_SUMMARIES: dict[tuple[int, ...], tuple[int, int, int, int, int]] = {}
_HITS: dict[tuple[int, int], tuple[int, int, int]] = {}
_LEAST: dict[int, int] = {}
_PRIMES: dict[int, float] = {}


def summary(side: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """``(occupied, made, blots, rearmost, home)`` of one side: bit masks over its points (occupied: 1..25,
    the bar included; made (2+ checkers) and blots: 1..24), its rearmost occupied point (0 if none) and its
    made home points (1..6)."""
    s = _SUMMARIES.get(side)
    if s is None:
        occ = made = blots = back = home = 0
        for p in range(1, 26):
            n = side[p]
            if n:
                occ |= 1 << p
                back = p
                if p < 25:
                    if n >= 2:
                        made |= 1 << p
                        if p <= 6:
                            home += 1
                    else:
                        blots |= 1 << p
        if len(_SUMMARIES) >= SUMMARY_CACHE_SIZE:
            _SUMMARIES.clear()
        _SUMMARIES[side] = s = (occ, made, blots, back, home)
    return s


def hit_counts_of(occ: int, blots: int) -> tuple[int, int, int]:
    """:func:`hit_counts` from the hitter's occupied mask and the target's blot mask (``summary``), kept in a
    bounded cache."""
    key = (occ, blots)
    r = _HITS.get(key)
    if r is None:
        r = hit_counts_uncached(occ, blots)
        if len(_HITS) >= SUMMARY_CACHE_SIZE:
            _HITS.clear()
        _HITS[key] = r
    return r


def hit_counts_uncached(occ: int, blots: int) -> tuple[int, int, int]:
    """:func:`hit_counts_of` without its cache (for boards whose masks seldom repeat: ``bot.prune_scores``)."""
    covered = twice = loss = 0
    if occ:
        b = blots
        while b:  # the target's blots from its point 1 up: the costliest first, as in hit_counts
            low = b & -b
            b ^= low
            q = low.bit_length() - 1
            m = (occ >> (26 - q)) & 0xFFF
            if m:
                rolls = ROLL_SETS[m]
                loss += (25 - q) * (rolls & ~covered).bit_count()
                twice |= covered & rolls
                covered |= rolls
    return covered.bit_count(), twice.bit_count(), loss


def _least(blocks: int) -> int:
    least = _LEAST.get(blocks)
    if least is None:
        least = 36
        if blocks:
            for p in range(13, 25):
                e = ESCAPES[(blocks >> (26 - p)) & 0xFFF]
                if e < least:
                    least = e
        if len(_LEAST) >= SUMMARY_CACHE_SIZE:
            _LEAST.clear()
        _LEAST[blocks] = least
    return least


def _prime(made: int) -> float:
    prime = _PRIMES.get(made)
    if prime is None:
        prime = min(_longest_run(made), _PRIME_CAP) / _PRIME_CAP
        if len(_PRIMES) >= SUMMARY_CACHE_SIZE:
            _PRIMES.clear()
        _PRIMES[made] = prime
    return prime


def side_extras_of(side: tuple[int, ...], mine: tuple[int, int, int, int, int],
                   other: tuple[int, int, int, int, int]) -> tuple[float, ...]:
    """:func:`side_extras` of ``side`` from its ``summary`` and the other side's."""
    blocks = other[1]
    back = mine[3]
    escape = ESCAPES[(blocks >> (26 - back)) & 0xFFF] if back >= 2 and blocks else 36
    closed = (other[4] / 6.0) ** 2
    their_back = other[3]
    behind = sum(side[26 - their_back:26]) if their_back else 0
    least = _LEAST.get(blocks)  # the caches looked up here first
    if least is None:
        least = _least(blocks)
    prime = _PRIMES.get(mine[1])
    if prime is None:
        prime = _prime(mine[1])
    return (escape / 36.0, 1.0 - least / 36.0, prime, closed, closed if side[25] else 0.0, behind / 15.0)
