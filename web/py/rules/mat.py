"""``.mat`` match files (the Jellyfish text format GNU Backgammon imports and exports).

Layout written, as GNU Backgammon writes it::

    ; [Site "Gamão"]
    <blank>
     7 point match
    <blank>
     Game 1
     Alice : 0                      Bob : 0
      1)                             31: 8/5 6/5
      2) 52: 13/8 13/11              Doubles => 2
      3)  Takes                      42: 8/4 6/4
    ...

Player 0's cells start at column 5, player 1's at column 33 (``%3d) %-27s ``). Moves are
written from the mover's own side, one ``from/to`` per die with 25 for the bar and 0 for off.
The rules that differ from the defaults are written as tags (``; [Jacoby "On"]``).
The reader is ``rules.mat_read`` (``read_mat``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .errors import MatFormatError
from .kinds import MatActionKind
from .position import Step

__all__ = ["MatAction", "MatGame", "MatMatch", "RULE_TAGS", "write_mat"]

ROLL: MatActionKind = "roll"
DOUBLE: MatActionKind = "double"
TAKE: MatActionKind = "take"
DROP: MatActionKind = "drop"
WIN: MatActionKind = "win"
BEAVER: MatActionKind = "beaver"
RESIGN: MatActionKind = "resign"


@dataclass(frozen=True)
class MatAction:
    """One entry of a game: ``kind`` is ``"roll"`` (``dice`` and the ``play`` made, a tuple of
    Step, empty when the roll could not be played or when a resignation follows it unplayed),
    ``"double"`` (``value`` = new cube value), ``"take"``, ``"drop"``, ``"beaver"`` (the doubled
    player takes and redoubles at once, keeping the cube: ``value`` = the new cube, 4x the cube
    before the double), ``"resign"`` (``player`` gives up, ``value`` = points lost) or ``"win"``
    (``value`` = points won; not written, the game's winner is). ``player`` is 0 or 1."""

    player: int
    kind: MatActionKind
    dice: tuple[int, ...] = ()
    play: tuple[Step, ...] = ()
    value: int = 0


@dataclass(frozen=True)
class MatGame:
    """A game: the score before it, its actions in order, the winner and the points won."""

    score: tuple[int, int] = (0, 0)
    actions: tuple[MatAction, ...] = ()
    winner: Optional[int] = None
    points: int = 0


@dataclass(frozen=True)
class MatMatch:
    """A match (``length`` 0 = money session): player names, games, ``; [Key "Value"]`` tags, and the rules:
    ``crawford`` (matches), ``jacoby`` and ``beavers`` (money). The last game may be unfinished (no winner: a
    match still in progress)."""

    length: int = 0
    players: tuple[str, str] = ("Player 0", "Player 1")
    games: tuple[MatGame, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False


#: ``; [Key "On"]`` tags that carry the rules, as eXtreme Gammon and Backgammon Galaxy write them (the reader
#: reads them into :class:`MatMatch`'s fields; the writer writes those that differ from the defaults).
RULE_TAGS = {"crawford": "crawford", "jacoby": "jacoby", "beaver": "beavers", "beavers": "beavers"}


# ---------------------------------------------------------------------------- writing
def _roll_text(a: MatAction) -> str:
    # highest source first (always a legal order), one from/to per die as gnubg writes them
    moves = " ".join(f"{s.frm}/{s.to}" for s in sorted(a.play, key=lambda s: (-s.frm, -s.to)))
    return f"{a.dice[0]}{a.dice[1]}: {moves}".rstrip() if moves else f"{a.dice[0]}{a.dice[1]}: "


def _cell(a: MatAction) -> str:
    if a.kind == ROLL:
        return _roll_text(a)
    if a.kind == DOUBLE:
        return f" Doubles => {a.value}"
    if a.kind == TAKE:
        return " Takes"
    if a.kind == DROP:
        return " Drops"
    if a.kind == BEAVER:
        return f" Beavers => {a.value}"
    raise MatFormatError(f"cannot write an action of kind {a.kind!r}")


def _win_text(points: int) -> str:
    return f"Wins {points} point{'s' if points != 1 else ''}"


def _rule_tags(match: MatMatch) -> list[str]:
    """The rules that differ from the defaults (Crawford on in a match, no Jacoby, no beavers), as tags."""
    out = []
    if match.length and not match.crawford:
        out.append('; [Crawford "Off"]')
    if not match.length and match.jacoby:
        out.append('; [Jacoby "On"]')
    if not match.length and match.beavers:
        out.append('; [Beaver "On"]')
    return out


def write_mat(match: MatMatch) -> str:
    """The ``.mat`` text of ``match`` (GNU Backgammon's layout)."""
    if not isinstance(match, MatMatch):
        raise MatFormatError(f"write_mat needs a MatMatch, got {type(match).__name__}")
    out: list[str] = []
    for key, value in match.tags:
        out.append(f'; [{key} "{value}"]')
    out += _rule_tags(match)
    if out:
        out.append("")
    out.append(f" {match.length} point match")
    out.append("")
    p0, p1 = match.players
    for gi, game in enumerate(match.games):
        out.append(f" Game {gi + 1}")
        out.append(" " + f"{p0} : {game.score[0]}".ljust(31) + f"{p1} : {game.score[1]}")
        row = 1
        line = ""
        slot = 0  # 0: the next cell is the left one of a row, 1: the right one
        left_drop = False
        for a in game.actions:
            if a.kind in (WIN, RESIGN):
                continue
            if a.player not in (0, 1):
                raise MatFormatError(f"action player must be 0 or 1, got {a.player!r}")
            if a.player == 0:
                if slot == 1:  # right cell of this row unused
                    out.append(line.rstrip())
                    row += 1
                line = f"{row:3d}) " + f"{_cell(a)}".ljust(27) + " "
                slot = 1
                left_drop = a.kind == DROP
            else:
                left_drop = False
                if slot == 0:
                    line = f"{row:3d}) " + " " * 28
                line += _cell(a)
                out.append(line.rstrip() if a.kind != ROLL or a.play else line)
                line = ""
                row += 1
                slot = 0
        if left_drop and slot == 1 and game.winner == 1:
            # as GNU Backgammon writes it: the drop and the win on one row (its reader needs that)
            out.append(f"{row:3d}) " + " Drops" + " " * 23 + _win_text(game.points))
        else:
            if slot == 1:
                out.append(line.rstrip() if not line.endswith(": ") else line.rstrip() + " ")
            if game.winner is not None:
                pad = 6 if game.winner == 0 else 34
                out.append(" " * pad + _win_text(game.points))
        out.append("")
    return "\n".join(out) + "\n"
