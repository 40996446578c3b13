"""bgammon.org's match files (``.match``, its published replay format) read into a :class:`MatMatch`.

The format (bgammon.org's REPLAY.md): index lines ``bgammon-replay <offset>``; per game a metadata line
``i <timestamp> <player1> <player2> <match length> <score1> <score2> <winner> <cube> <variant>`` then events
``<player> r <d1>-<d2> <moves>`` (moves from player 1's side for both players, separated by spaces or commas,
``bar``/``off``; no moves: a dance), ``<player> d <value> 1|0`` (a double to ``value``, taken or declined) and
``<player> t`` (the player resigns or leaves: the game is worth a single, gammon or backgammon by the position, times
the cube). Player 1 is our player 0. Each game is replayed by the ``.mat`` reader's own replay
(``rules.mat_read``), so the rules and the cube are checked the same way; :class:`MatFormatError` names the line.
"""
from __future__ import annotations

import re

from .errors import MatFormatError
from .mat import DOUBLE, DROP, ROLL, TAKE, MatMatch
from .mat_read import MatCell, _err, _Game
from .match import MatchState

__all__ = ["is_bgammon", "read_bgammon"]

_ROLL = re.compile(r"^([12]) r ([1-6])-([1-6])((?:[ ,]+\S+)*)\s*$")
_DOUBLE = re.compile(r"^([12]) d (\d+) ([01])\s*$")
_TERMINATE = re.compile(r"^([12]) t\s*$")
_MOVE = re.compile(r"^(bar|\d{1,2})/(off|\d{1,2})\*?$", re.IGNORECASE)


def is_bgammon(text: str) -> bool:
    """True for a bgammon.org replay (it starts with its index table)."""
    return text.lstrip("\ufeff").startswith("bgammon-replay ")


def _own(move: str, player: int, lineno: int) -> str:
    """One move from player 1's side, written from the mover's own side."""
    m = _MOVE.match(move)
    if not m:
        raise _err(lineno, f"cannot read the move {move!r}")

    def point(text: str) -> str:
        if not text.isdigit():
            return text.lower()
        n = int(text)
        if not 1 <= n <= 24:
            raise _err(lineno, f"point {n} in {move!r}")
        return str(25 - n if player == 1 else n)

    return f"{point(m.group(1))}/{point(m.group(2))}"


def _resign_points(game: _Game, loser: int) -> int:
    """What the game is worth when ``loser`` leaves it: single, gammon (none borne off) or backgammon (a checker
    on the bar or in the winner's home board), times the cube."""
    side = game.pos[0] if game.turn in (None, loser) else game.pos[1]
    kind = 1
    if side[0] == 0:
        kind = 3 if side[25] or any(side[p] for p in range(19, 25)) else 2
    return kind * game.state.cube


def read_bgammon(text: str) -> MatMatch:
    """Read a bgammon.org ``.match`` replay; every play and cube action is replayed and checked."""
    if not isinstance(text, str) or not is_bgammon(text):
        raise MatFormatError("not a bgammon.org replay: it does not start with 'bgammon-replay'")
    games: list[tuple[int, list[str], list[tuple[int, str]]]] = []  # (line, header fields, [(line, event)])
    for lineno, raw in enumerate(text.lstrip("\ufeff").replace("\r\n", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("bgammon-replay "):
            continue
        if line.startswith("i "):
            fields = line.split()
            if len(fields) != 10 or not all(f.lstrip("-").isdigit() for f in fields[4:]):
                raise _err(lineno, "expected 'i <timestamp> <player1> <player2> <points> <score1> <score2> "
                                   "<winner> <cube> <variant>'")
            if fields[9] != "0":
                raise _err(lineno, "a game of another variant (acey-deucey or tabula): only backgammon is read")
            games.append((lineno, fields, []))
        elif not games:
            raise _err(lineno, "an event before the first game's 'i' line")
        else:
            games[-1][2].append((lineno, line))
    if not games:
        raise MatFormatError("the replay has no game")
    length = int(games[0][1][4])
    if length > 32767:
        raise _err(games[0][0], f"a {length} point match: the longest is 32767")
    state = MatchState(length=length)
    out = []
    for gi, (head_line, fields, events) in enumerate(games):
        game = _Game(state, state.score)
        for lineno, event in events:
            if game.over:
                raise _err(lineno, "an event after the game is over")
            m = _ROLL.match(event)
            if m:
                player = int(m.group(1)) - 1
                moves = " ".join(_own(x, player, lineno) for x in re.split(r"[ ,]+", m.group(4).strip()) if x
                                 and x.lower() != "none")
                game.roll(MatCell(lineno, player, ROLL, (int(m.group(2)), int(m.group(3))), moves))
                if not moves:
                    game.settle()  # no moves written: none was possible (bgammon.org writes every play)
                continue
            m = _DOUBLE.match(event)
            if m:
                doubler = int(m.group(1)) - 1
                game.double(MatCell(lineno, doubler, DOUBLE, value=int(m.group(2))))
                game.answer(MatCell(lineno, 1 - doubler, TAKE if m.group(3) == "1" else DROP))
                continue
            m = _TERMINATE.match(event)
            if not m:
                raise _err(lineno, f"cannot read the event {event!r} (expected a roll 'r', a double 'd' or 't')")
            loser = int(m.group(1)) - 1
            if game.turn is None:
                raise _err(lineno, "a resignation before the game has started")
            game.win(MatCell(lineno, 1 - loser, "win", value=_resign_points(game, loser)))
        last = gi == len(games) - 1
        end = events[-1][0] if events else head_line
        out.append(game.finish(end, last, gi + 1))
        if game.winner is not None:
            state = state.after_game(game.winner, game.points)
        if state.is_over and not last:
            raise _err(games[gi + 1][0], "a game after the match was won")
    return MatMatch(length=length, players=(games[0][1][2], games[0][1][3]), games=tuple(out),
                    tags=(("Site", "bgammon.org"),))
