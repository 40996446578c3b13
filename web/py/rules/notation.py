"""Standard move notation, GNU Backgammon style: ``24/18 13/11``, ``bar/22*``, ``6/off``,
``8/5(2)``, ``24/18*/13`` (a checker moving on after hitting on the way).

Points are those of the side that moves. One checker moving with several dice is written as
one path; intermediate points are written only where it hits. Identical moves are grouped with
a count in brackets. Paths are ordered from the highest source down.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Iterable, Iterator, Optional

from .errors import IllegalMoveError, NotationError
from .movegen import Found, Play, check_dice, generate, key_after, pack, single_moves, step_of
from .position import Position, Step, point_name as _pt

__all__ = ["format_play", "parse_play"]

Path = list[tuple[int, bool]]  # one checker's points as written, each with whether it is marked hit
Move = tuple[int, int, int]  # (from, to, die)


def _chains(play: Iterable[Step]) -> list[list[Step]]:
    """Group a play's steps into checker paths (lists of steps, each continuing the last).

    Steps are taken from the highest source down, so the grouping depends only on the set of
    steps: two plays with the same steps format the same way."""
    paths: list[list[Step]] = []
    for s in sorted(play, key=lambda s: (-s.frm, -s.to)):
        for path in paths:
            last = path[-1]
            if last.to == s.frm and last.to != 0:  # the checker that just arrived moves on
                path.append(s)
                break
        else:
            paths.append([s])
    return paths


def _path_text(path: list[Step]) -> str:
    parts = [_pt(path[0].frm)]
    for s in path[:-1]:
        if s.hit:
            parts.append(f"{_pt(s.to)}*")
    last = path[-1]
    parts.append(_pt(last.to) + ("*" if last.hit else ""))
    return "/".join(parts)


def format_play(play: Iterable[Step]) -> str:
    """Format a play (tuple of :class:`Step`) as GNU Backgammon writes it; ``""`` for no move."""
    for s in play:
        if not isinstance(s, Step):
            raise NotationError(f"a play is a tuple of Step, got {s!r}")
    if type(play) is tuple and len(play) == 1:  # one step (each step the table reports): written once
        text = _ONE_STEP.get(play[0])
        if text is None:
            text = _ONE_STEP[play[0]] = _format(play)
        return text
    return _format(play)


_ONE_STEP: dict[Step, str] = {}
"""A one-step play's text by its step (at most 25 sources x 6 dice x hit or not)."""


def _format(play: Iterable[Step]) -> str:
    # A star goes on the first step (highest source first) that lands on a hit point, so the
    # text depends only on which moves were made and where blots were hit.
    hit_points = {s.to for s in play if s.hit}
    steps = []
    for s in sorted(play, key=lambda s: (-s.frm, -s.to)):
        h = s.to in hit_points
        if h:
            hit_points.discard(s.to)
        steps.append(s if s.hit == h else Step(s.frm, s.to, h, s.die))
    paths = _chains(steps)
    keyed = sorted(paths, key=lambda p: (-p[0].frm, -p[-1].to))
    texts = [_path_text(p) for p in keyed]
    counts = Counter(texts)
    out = []
    seen = set()
    for t in texts:
        if t in seen:
            continue
        seen.add(t)
        out.append(t if counts[t] == 1 else f"{t}({counts[t]})")
    return " ".join(out)


_POINT = r"(?:bar|off|\d{1,2})"
_TOKEN = re.compile(rf"^({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?$", re.IGNORECASE)


def _point_value(text: str, where: str) -> int:
    t = text.lower()
    if t == "bar":
        return 25
    if t == "off":
        return 0
    v = int(t)
    if not 0 <= v <= 25:
        raise NotationError(f"point {v} in {where!r} is outside 0..25")
    return v


def parse_moves(text: str) -> list[Path]:
    """Parse notation into checker paths without a position: a list of
    ``[(point, hit_marked), ...]`` lists, one per checker (counts expanded)."""
    if not isinstance(text, str):
        raise NotationError(f"notation must be a string, got {type(text).__name__}")
    t = text.strip()
    if t.lower() in ("", "cannot move", "can't move", "no move", "-"):
        return []
    out = []
    for tok in t.replace(",", " ").split():
        m = _TOKEN.match(tok)
        if not m:
            raise NotationError(f"cannot read {tok!r}: expected moves like 24/18, bar/22*, 6/off, 8/5(2)")
        pts = []
        for part in m.group(1).split("/"):
            star = part.endswith("*")
            pts.append((_point_value(part.rstrip("*"), tok), star))
        for (a, _), (b, _) in zip(pts, pts[1:]):
            if b >= a:
                raise NotationError(f"{tok!r} moves backwards or nowhere ({_pt(a)} to {_pt(b)})")
        if pts[0][1]:
            raise NotationError(f"{tok!r}: a hit mark belongs on a destination")
        if any(p == 0 for p, _ in pts[:-1]) or any(p == 25 for p, _ in pts[1:]):
            raise NotationError(f"{tok!r}: 'off' can only end a move and 'bar' only start one")
        n = int(m.group(2)) if m.group(2) else 1
        if not 1 <= n <= 4:
            raise NotationError(f"{tok!r}: a move can be repeated 1..4 times")
        out.extend([pts] * n)
    return out


def parse_play(text: str, pos: Position, dice: Any) -> Play:
    """The legal play that ``text`` denotes from ``pos`` with ``dice``.

    Raises :class:`NotationError` when the text cannot be read and :class:`IllegalMoveError`
    when it reads well but is not a legal full play (wrong dice, blocked, not using the whole
    roll, higher-die rule...). A path without intermediate points prefers a route that does not
    hit on the way; write the hit (``24/18*/13``) to choose the other.
    """
    paths = parse_moves(text)
    d1, d2 = check_dice(dice)
    key0 = pack(pos)
    need, results = generate(key0, d1, d2)
    dice_all = [d1] * 4 if d1 == d2 else [d1, d2]
    if not paths:
        if need == 0:
            return ()
        raise IllegalMoveError(f"the roll {d1}{d2} can be played: 'no move' is not legal")
    # Required waypoints per checker: start, the points written (hit-marked or not), end.
    order = sorted(paths, key=lambda p: -p[0][0])
    all_stars = {p for path in paths for p, star in path if star}
    candidates: list[tuple[int, int, Play]] = []

    def seq_for_path(key: int, path: Path, left: list[int], steps: Play,
                     cb: Callable[[int, list[int], Play, int], None]) -> None:
        """Enumerate step sequences moving one checker along ``path`` with dice from ``left``."""
        pts = [p for p, _ in path]

        def go(k: int, at: int, idx: int, left: list[int], steps: Play, hits_off_route: int) -> None:
            target = pts[idx]
            if at == target:
                if idx == len(pts) - 1:
                    cb(k, left, steps, hits_off_route)
                    return
                go(k, at, idx + 1, left, steps, hits_off_route)
                return
            b = k.to_bytes(52, "little")
            for d in sorted(set(left)):
                for f, t, h in single_moves(b, d):
                    if f != at:
                        continue
                    if t < target or (t == 0 and target != 0):
                        continue
                    extra = 1 if h and t not in all_stars else 0
                    l2 = list(left)
                    l2.remove(d)
                    go(key_after(k, f, t, h, d), t, idx, l2, steps + (step_of(f, d, h),), hits_off_route + extra)

        go(key, pts[0], 1, left, steps, 0)

    def all_paths(i: int, key: int, left: list[int], steps: Play, penalty: int) -> None:
        if i == len(order):
            if all_stars <= {s.to for s in steps if s.hit}:
                candidates.append((penalty, key, steps))
            return
        seq_for_path(key, order[i], left, steps,
                     lambda k, l, s, pen: all_paths(i + 1, k, l, s, penalty + pen))

    all_paths(0, key0, dice_all, (), 0)
    candidates.sort(key=lambda c: c[0])
    only = None  # the one die to play when only one of two can be (the higher if possible)
    if need == 1 and d1 != d2:
        only = next(iter(results.values()))[0].die
    for _, k, steps in candidates:
        if k in results and len(steps) == need and (only is None or steps[0].die == only):
            return steps
    # Checkers that must move in an interleaved order (two on the bar, each entering and moving
    # on) are not found path by path: match the written moves' result instead.
    found = _by_result(key0, order, dice_all, all_stars, need, results)
    if found is not None:
        return found
    if not candidates:
        raise IllegalMoveError(f"{text.strip()!r} cannot be played with {d1}{d2} in this position")
    raise IllegalMoveError(f"{text.strip()!r} is not a legal full play of {d1}{d2}: "
                           f"a legal play uses {need} dice" + (
                               " (the higher die when only one can be played)" if need == 1 and d1 != d2 else ""))


def _routes(start: int, pts: list[int], left: list[int], b: bytes) -> Iterator[tuple[tuple[int, ...], tuple[Move, ...]]]:
    """Die sequences taking one checker through the waypoints ``pts`` (no legality beyond
    not landing on a closed point): yields ``(dice_used, landings)``."""
    def go(at: int, idx: int, left: list[int], used: tuple[int, ...],
           lands: tuple[Move, ...]) -> Iterator[tuple[tuple[int, ...], tuple[Move, ...]]]:
        if at == pts[idx]:
            if idx == len(pts) - 1:
                yield used, lands
                return
            yield from go(at, idx + 1, left, used, lands)
            return
        target = pts[idx]
        for d in sorted(set(left)):
            t = at - d
            if t < target and not (target == 0 and t < 0):
                continue
            t = max(t, 0)
            if t > 0 and b[26 + t] >= 2:
                continue
            l2 = list(left)
            l2.remove(d)
            yield from go(t, idx, l2, used + (d,), lands + ((at, t, d),))
    yield from go(start, 1, left, (), ())


def _by_result(key0: int, order: list[Path], dice_all: list[int], stars: set[int], need: int,
               results: Found) -> Optional[Play]:
    b = key0.to_bytes(52, "little")
    best = None

    def combine(i: int, left: list[int], moves: tuple[Move, ...]) -> None:
        nonlocal best
        if i == len(order):
            if len(moves) != need:
                return
            k = key0
            hits = set()
            for f, t, d in moves:
                hit = t > 0 and (k >> (8 * (26 + t))) & 0xFF == 1 and t not in hits and b[26 + t] == 1
                k = key_after(k, f, t, hit, d)
                if hit:
                    hits.add(t)
            if k in results and stars <= hits:
                pen = len(hits - stars)
                if best is None or pen < best[0]:
                    best = (pen, results[k])
            return
        pts = [p for p, _ in order[i]]
        for used, lands in _routes(pts[0], pts, left, b):
            l2 = list(left)
            for d in used:
                l2.remove(d)
            combine(i + 1, l2, moves + lands)

    combine(0, list(dice_all), ())
    return None if best is None else best[1]
