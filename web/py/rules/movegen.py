"""Legal plays: every distinct position reachable by a legal full play of a roll.

The search runs on a packed board: one Python int ``K`` holding 52 byte-sized counters.
Bytes 0..25 are the side to move (0 off, 1..24 its points, 25 bar); bytes 26..51 are the
other side *seen from the mover*: byte ``26 + p`` is the other side's checkers on the mover's
point ``p`` (byte 26 = its bar, byte 51 = its borne-off checkers). A move is two or three
integer additions, a node is read with one ``int.to_bytes`` call, and the int itself is the
de-duplication key of the resulting position.

Rules applied: bar first (as many as possible; a blocked checker loses the rest), use as many
dice as possible, the higher die when only one of two can be played, doubles move four times,
bearing off exactly / from a higher point first / from the highest point with a larger die,
and only when every checker is home.
"""

from __future__ import annotations

from typing import Any, Iterable

from .errors import IllegalMoveError
from .position import Position, Step

Play = tuple[Step, ...]
Found = dict[int, Any]  # result key -> the play that reaches it (or, while searching, the steps so far)
Board = tuple[tuple[int, ...], tuple[int, ...]]

__all__ = ["legal_plays", "legal_results", "result_boards", "apply_play", "check_dice"]

_U = [1 << (8 * p) for p in range(26)]  # one of my checkers on p
_O = [1 << (8 * (26 + p)) for p in range(26)]  # one opponent checker on my point p
_OBAR = _O[0]
_MINE = (1 << 208) - 1  # the mover's 26 bytes
_HIT = [_OBAR - _O[p] for p in range(26)]  # opponent blot on p sent to its bar
_MOVE = [[_U[max(f - d, 0)] - _U[f] if 1 <= d <= 6 else 0 for d in range(7)] for f in range(26)]

# Steps are interned: _STEP[(frm * 7 + die) * 2 + hit]
_STEP: list[Any] = [None] * (26 * 7 * 2)
for _f in range(1, 26):
    for _d in range(1, 7):
        for _h in (0, 1):
            _t = max(_f - _d, 0)
            if _h and _t == 0:
                continue
            _STEP[(_f * 7 + _d) * 2 + _h] = tuple.__new__(Step, (_f, _t, bool(_h), _d))
del _f, _d, _h, _t

_NEW = tuple.__new__


def check_dice(dice: Any) -> tuple[int, int]:
    """Validate a roll: a pair of ints 1..6 (raises :class:`IllegalMoveError`)."""
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise IllegalMoveError(f"dice must be a pair of ints 1..6, got {dice!r}") from None
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise IllegalMoveError(f"dice must be a pair of ints 1..6, got {dice!r}")
    return d1, d2


def pack(pos: Board) -> int:
    """The packed int of a position (the mover is ``pos.mine``)."""
    return int.from_bytes(bytes(pos[0]) + bytes(pos[1][::-1]), "little")


def unpack(key: int) -> Position:
    """The position of a packed int (inverse of :func:`pack`)."""
    b = key.to_bytes(52, "little")
    return _NEW(Position, (tuple(b[:26]), tuple(b[51:25:-1])))


def single_moves(b: bytes, d: int, maxsrc: int = 25) -> list[tuple[int, int, bool]]:
    """Legal single moves ``(frm, to, hit)`` with die ``d`` on node bytes ``b``.

    Only sources ``<= maxsrc`` are listed (used to enumerate doubles in one canonical order).
    """
    if b[25]:
        t = 25 - d
        o = b[26 + t]
        return [(25, t, o == 1)] if o < 2 else []
    hi = len(b[:25].rstrip(b"\0")) - 1  # highest occupied point (0: none)
    top = hi if hi < maxsrc else maxsrc
    res = []
    if hi <= 6:
        for p in range(top, 0, -1):
            if b[p]:
                t = p - d
                if t > 0:
                    o = b[26 + t]
                    if o < 2:
                        res.append((p, t, o == 1))
                elif t == 0 or p == hi:
                    res.append((p, 0, False))
    else:
        for p in range(top, d, -1):
            if b[p]:
                o = b[26 + p - d]
                if o < 2:
                    res.append((p, p - d, o == 1))
    return res


def key_after(key: int, frm: int, to: int, hit: bool, die: int) -> int:
    """The packed int after one of the mover's checkers moves ``frm`` -> ``to`` with ``die`` (a move
    :func:`single_moves` lists); ``hit`` sends the other side's blot on ``to`` to its bar."""
    key += _MOVE[frm][die]
    if hit:
        key += _HIT[to]
    return key


def step_of(frm: int, die: int, hit: bool) -> Step:
    """The :class:`Step` of a move :func:`single_moves` lists (interned: one object per step)."""
    step: Step = _STEP[(frm * 7 + die) * 2 + hit]
    return step


def apply_play(pos: Position, play: Iterable[Step]) -> Position:
    """The position after ``play`` (steps made by ``mine``), not turned round: ``mine`` still the side
    that moved, a checker it hit on ``theirs``' bar.

    Only the board is checked, not the roll or which plays are allowed (that is :func:`legal_plays`):
    each step needs a checker of ``mine`` on its source, a destination not held by two or more of
    ``theirs``, and ``hit`` exactly when one of theirs stands there alone. Raises
    :class:`IllegalMoveError` otherwise (``pos`` is unchanged, as always).
    """
    if not isinstance(pos, Position):
        raise IllegalMoveError(f"apply_play needs a Position, got {type(pos).__name__}")
    key = pack(pos)
    for s in play:
        if not isinstance(s, Step):
            raise IllegalMoveError(f"a play is a sequence of Step, got {s!r}")
        f, t, hit = s[0], s[1], s[2]
        if not (key >> (8 * f)) & 0xFF:
            raise IllegalMoveError(f"no checker to move on {_in_words(f)} for {s!r}")
        other = (key >> (8 * (26 + t))) & 0xFF if t else 0
        if other >= 2:
            raise IllegalMoveError(f"{_in_words(t)} is held by the other side: {s!r} cannot land there")
        if bool(other) != hit:
            raise IllegalMoveError(f"{s!r}: " + ("a blot stands on " if other else "no blot to hit on ") + _in_words(t))
        key += _U[t] - _U[f]
        if hit:
            key += _HIT[t]
    return unpack(key)


def _in_words(p: int) -> str:
    """A point in an error message's prose (the notation's names are ``position.point_name``)."""
    return "the bar" if p == 25 else "off" if p == 0 else f"point {p}"


def generate(key: int, d1: int, d2: int) -> tuple[int, Found]:
    """All distinct results of a legal full play: ``(dice_used, {result_key: play})``.

    ``dice_used`` is 0 (nothing can be played, dict empty), 1, 2, 3 or 4.
    """
    if d1 != d2:
        return _generate_pair(key, d1, d2)
    return _generate_double(key, d1)


def _generate_pair(key: int, d1: int, d2: int) -> tuple[int, Found]:
    b = key.to_bytes(52, "little")
    if sum(b[7:25]) >= 2:
        if not b[25]:
            return _generate_pair_free(key, d1, d2, b)
        if b[25] == 1:
            return _generate_pair_enter(key, d1, d2, b)
    return _generate_pair_dfs(key, d1, d2)


def _generate_pair_enter(key: int, d1: int, d2: int, b: bytes) -> tuple[int, Found]:
    """Two different dice, one checker on the bar, two or more others outside the home board:
    enter with one die, then any free move with the other (or the entered checker goes on)."""
    full: Found = {}
    singles: Found = {}
    step = _STEP
    move = _MOVE
    hitd = _HIT
    for a, bb in ((d1, d2), (d2, d1)):
        t = 25 - a
        o = b[26 + t]
        if o >= 2:
            continue
        h = o == 1
        k1 = key + move[25][a]
        if h:
            k1 += hitd[t]
        s1 = step[(25 * 7 + a) * 2 + h]
        seconds = _free_moves(b, bb)
        if not b[t]:
            t2 = t - bb
            if t2 >= 1 and b[26 + t2] < 2:
                seconds.append((t, t2, b[26 + t2] == 1))
        if not seconds:
            singles[a] = (k1, s1)
            continue
        for f2, t2, h2 in seconds:
            if h2 and h and t2 == t:
                h2 = False
            k2 = k1 + move[f2][bb]
            if h2:
                k2 += hitd[t2]
            if k2 not in full:
                full[k2] = (s1, step[(f2 * 7 + bb) * 2 + h2])
    if full:
        return 2, full
    if not singles:
        return 0, {}
    d = d1 if d1 in singles and (d1 > d2 or d2 not in singles) else d2
    k1, s1 = singles[d]
    return 1, {k1: (s1,)}


def _free_moves(b: bytes, d: int) -> list[tuple[int, int, bool]]:
    """Single moves with die ``d`` when nothing is on the bar and bearing off is impossible."""
    return [(p, p - d, b[26 + p - d] == 1) for p in range(24, d, -1) if b[p] and b[26 + p - d] < 2]


def _generate_pair_free(key: int, d1: int, d2: int, b: bytes) -> tuple[int, Found]:
    """Two different dice, nothing on the bar and two or more checkers outside the home board.

    Then a move's legality depends only on having a checker on its source, so the second
    move is either a move already legal at the start or the moved checker going on. Plays of
    two independent moves are made once (larger-source order does not matter for the result).
    """
    m1 = _free_moves(b, d1)
    m2 = _free_moves(b, d2)
    full: Found = {}
    step = _STEP
    move = _MOVE
    hitd = _HIT
    for a, bb, ma, mb in ((d1, d2, m1, m2), (d2, d1, m2, m1)):
        first_order = a == d1
        for f, t, h in ma:
            k1 = key + move[f][a]
            if h:
                k1 += hitd[t]
            s1 = step[(f * 7 + a) * 2 + h]
            if first_order:
                one_left = b[f] == 1
                for f2, t2, h2 in mb:
                    if f2 == f and one_left:
                        continue
                    if h2 and h and t2 == t:
                        h2 = False
                    k2 = k1 + move[f2][bb]
                    if h2:
                        k2 += hitd[t2]
                    if k2 not in full:
                        full[k2] = (s1, step[(f2 * 7 + bb) * 2 + h2])
            # the moved checker going on (a move from an empty point is new after the first)
            if not b[t]:
                t2 = t - bb
                if t2 >= 1:
                    o = b[26 + t2]
                    if o < 2:
                        k2 = k1 + move[t][bb]
                        if o == 1:
                            k2 += hitd[t2]
                        if k2 not in full:
                            full[k2] = (s1, step[(t * 7 + bb) * 2 + (o == 1)])
    if full:
        return 2, full
    hi_moves, hi = (m1, d1) if d1 > d2 else (m2, d2)
    lo_moves, lo = (m2, d2) if d1 > d2 else (m1, d1)
    moves, d = (hi_moves, hi) if hi_moves else (lo_moves, lo)
    if not moves:
        return 0, {}
    singles: dict[int, Any] = {}
    for f, t, h in moves:
        k1 = key + move[f][d] + (hitd[t] if h else 0)
        singles.setdefault(k1, (step[(f * 7 + d) * 2 + h],))
    return 1, singles


def _generate_pair_dfs(key: int, d1: int, d2: int) -> tuple[int, Found]:
    full: Found = {}
    singles: Found = {}
    hi = d1 if d1 > d2 else d2
    sm = single_moves
    step = _STEP
    move = _MOVE
    hitd = _HIT
    for a, b in ((d1, d2), (d2, d1)):
        for f, t, h in sm(key.to_bytes(52, "little"), a):
            k1 = key + move[f][a]
            if h:
                k1 += hitd[t]
            s1 = step[(f * 7 + a) * 2 + h]
            seconds = sm(k1.to_bytes(52, "little"), b)
            if seconds:
                for f2, t2, h2 in seconds:
                    k2 = k1 + move[f2][b]
                    if h2:
                        k2 += hitd[t2]
                    if k2 not in full:
                        full[k2] = (s1, step[(f2 * 7 + b) * 2 + h2])
            elif not full:
                singles.setdefault(a, {})[k1] = (s1,)
    if full:
        return 2, full
    if hi in singles:
        return 1, singles[hi]
    if singles:
        return 1, next(iter(singles.values()))
    return 0, {}


def _generate_double(key: int, d: int) -> tuple[int, Found]:
    found: list[Found] = [{}, {}, {}, {}, {}]
    sm = single_moves
    step = _STEP
    move = _MOVE
    hitd = _HIT

    def dfs(k: int, depth: int, maxsrc: int, play: Play) -> None:
        moves = sm(k.to_bytes(52, "little"), d, maxsrc)
        if not moves:
            found[depth].setdefault(k, play)
            return
        nd = depth + 1
        for f, t, h in moves:
            k2 = k + move[f][d]
            if h:
                k2 += hitd[t]
            p2 = play + (step[(f * 7 + d) * 2 + h],)
            if nd == 4:
                found[4].setdefault(k2, p2)
            else:
                dfs(k2, nd, f, p2)

    dfs(key, 0, 25, ())
    for n in (4, 3, 2, 1):
        if found[n]:
            return n, found[n]
    return 0, {}


def legal_plays(pos: Position, dice: Any) -> list[tuple[Play, Position]]:
    """Every distinct result of a legal full play, once: a list of ``(play, result)``.

    ``play`` is a tuple of :class:`Step`; ``result`` is **not** turned round (the side that
    moved is still ``mine``; a checker it hit is on ``theirs``' bar). When the roll cannot be
    played at all the list is empty (the position stays as it is and the turn passes).
    """
    d1, d2 = check_dice(dice)
    key = pack(pos)
    _, res = generate(key, d1, d2)
    return plays_of(pos, key, res)


def plays_of(pos: Position, key: int, res: Found) -> list[tuple[Play, Position]]:
    """``legal_plays``' list from what ``generate`` found for ``pos`` (packed as ``key``)."""
    out: list[Any] = []
    append = out.append
    theirs0 = pos[1]
    hi0 = key >> 208
    for k, play in res.items():
        if k >> 208 == hi0:  # nothing hit: the other side is unchanged
            append((play, _NEW(Position, (tuple((k & _MINE).to_bytes(26, "little")), theirs0))))
        else:
            b = k.to_bytes(52, "little")
            append((play, _NEW(Position, (tuple(b[:26]), tuple(b[51:25:-1])))))
    return out


def legal_results(position_id: str, dice: Any) -> set[str]:
    """Position IDs of every distinct position reachable by a legal full play (the contract).

    The input has the side to move encoded second; results are written without turning the
    board round (the mover stays encoded second). Empty set when nothing can be played.
    """
    pos = Position.from_id(position_id)
    d1, d2 = check_dice(dice)
    _, res = generate(pack(pos), d1, d2)
    return {unpack(k).to_id() for k in res}


def result_boards(board: Board, d1: int, d2: int) -> list[Board]:
    """The bot's fast path: every distinct board (not turned round) the side on roll can reach with
    ``d1``-``d2``, as plain ``(mine, theirs)`` pairs (:mod:`rules.board`), without the plays.

    The same rules and results as :func:`legal_plays`; when nothing can be played, ``[board]``. The
    dice are not checked (ints 1..6). The order is fixed, and the bot keeps the first of equally good
    plays, so it is part of the bot's behaviour: doubles in the order a breadth-first search first
    reaches each result (each board's moves from its highest point down, never from above the highest
    source used so far); two dice as a ``set`` of the results built in depth-first order, d1 first,
    iterates (the order of the bot's generator this replaced); one die played: highest point first.
    """
    mine0, theirs0 = board
    key = int.from_bytes(bytes(mine0) + bytes(theirs0[::-1]), "little")
    sm = single_moves
    move = _MOVE
    hitd = _HIT
    if d1 == d2:
        level = {key: 25}
        mv = [row[d1] for row in move]
        for _ in range(4):
            reached: Found = {}
            get = reached.get
            for k, src in level.items():
                # single_moves(k's bytes, d1, src), written out: k2 is the key after the move f -> t
                kb = k.to_bytes(52, "little")
                if kb[25]:  # entering (the bar is never below a source used)
                    t = 25 - d1
                    o = kb[26 + t]
                    if o < 2:
                        k2 = k + mv[25] + (hitd[t] if o == 1 else 0)
                        prev = get(k2)
                        if prev is None or 25 > prev:
                            reached[k2] = 25
                    continue
                hi = len(kb[:25].rstrip(b"\0")) - 1
                top = hi if hi < src else src
                if hi <= 6:
                    for f in range(top, 0, -1):
                        if kb[f]:
                            t = f - d1
                            if t > 0:
                                o = kb[26 + t]
                                if o >= 2:
                                    continue
                                k2 = k + mv[f] + (hitd[t] if o == 1 else 0)
                            elif t == 0 or f == hi:
                                k2 = k + mv[f]
                            else:
                                continue
                            prev = get(k2)
                            if prev is None or f > prev:
                                reached[k2] = f
                else:
                    for f in range(top, d1, -1):
                        if kb[f]:
                            o = kb[26 + f - d1]
                            if o < 2:
                                k2 = k + mv[f] + (hitd[f - d1] if o == 1 else 0)
                                prev = get(k2)
                                if prev is None or f > prev:
                                    reached[k2] = f
            if not reached:
                break
            level = reached
        if key in level:  # nothing could be played
            return [board]
        return _boards(level, key, theirs0)
    full: Found = {}
    partial: dict[int, Any] = {}
    b0 = key.to_bytes(52, "little")
    for a, b in ((d1, d2), (d2, d1)):
        firsts = sm(b0, a)
        if not firsts:
            continue
        ks = []
        for f, t, h in firsts:
            k1 = key + move[f][a]
            if h:
                k1 += hitd[t]
            ks.append(k1)
            # single_moves(k1's bytes, b), written out: each move's key into full, in its order
            b1 = k1.to_bytes(52, "little")
            if b1[25]:
                t2 = 25 - b
                o = b1[26 + t2]
                if o < 2:
                    full[k1 + move[25][b] + (hitd[t2] if o == 1 else 0)] = None
                continue
            hi = len(b1[:25].rstrip(b"\0")) - 1
            if hi <= 6:
                for p in range(hi, 0, -1):
                    if b1[p]:
                        t2 = p - b
                        if t2 > 0:
                            o = b1[26 + t2]
                            if o < 2:
                                full[k1 + move[p][b] + (hitd[t2] if o == 1 else 0)] = None
                        elif t2 == 0 or p == hi:
                            full[k1 + move[p][b]] = None
            else:
                for p in range(hi, b, -1):
                    if b1[p]:
                        o = b1[26 + p - b]
                        if o < 2:
                            full[k1 + move[p][b] + (hitd[p - b] if o == 1 else 0)] = None
        partial[a] = ks
    if full:
        return list(set(_boards(full, key, theirs0)))
    if partial:
        hi = d1 if d1 > d2 else d2
        return _boards(partial[hi] if hi in partial else partial[d1 + d2 - hi], key, theirs0)
    return [board]


def _boards(keys: Iterable[int], key0: int, theirs0: tuple[int, ...]) -> list[Board]:
    """Packed ints as ``(mine, theirs)`` pairs; ``theirs0`` is shared when nothing was hit."""
    out: list[Any] = []
    append = out.append
    hi0 = key0 >> 208
    for k in keys:
        if k >> 208 == hi0:
            append((tuple((k & _MINE).to_bytes(26, "little")), theirs0))
        else:
            b = k.to_bytes(52, "little")
            append((tuple(b[:26]), tuple(b[51:25:-1])))
    return out
