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
The reader accepts that and the usual variations (``bar``, ``off``, ``*``, ``(2)``, paths,
other column widths: a cell's side is found from where it starts), replays every play through
the rules and raises :class:`MatFormatError` naming the line of anything it cannot accept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .errors import IllegalMoveError, MatFormatError, NotationError
from .kinds import MatActionKind
from .movegen import apply_play, legal_plays
from .notation import parse_play
from .position import Position, Step

__all__ = ["MatAction", "MatGame", "MatMatch", "read_mat", "write_mat"]

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
    """A match (``length`` 0 = money session): player names, games, and ``; [Key "Value"]`` tags."""

    length: int = 0
    players: tuple[str, str] = ("Player 0", "Player 1")
    games: tuple[MatGame, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()


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


def write_mat(match: MatMatch) -> str:
    """The ``.mat`` text of ``match`` (GNU Backgammon's layout)."""
    if not isinstance(match, MatMatch):
        raise MatFormatError(f"write_mat needs a MatMatch, got {type(match).__name__}")
    out: list[str] = []
    for key, value in match.tags:
        out.append(f'; [{key} "{value}"]')
    if match.tags:
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


# ---------------------------------------------------------------------------- reading
_TAG = re.compile(r'^;\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^(\s*)(\S.*?)\s*:\s*(\d+)(\s+)(\S.*?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)")
_CELL = re.compile(
    r"(?P<roll>(?P<d1>[1-6])(?P<d2>[1-6]):(?P<moves>(?:[ \t]+[0-9bB][^ \t:]*/[^ \t:]*)*)"
    r"(?:[ \t]+(?:Cannot|Can't)[ \t]+Move)?)"
    r"|(?P<double>Doubles\s*=>\s*(?P<cube>\d+))"
    r"|(?P<beaver>Beavers\s*=>\s*(?P<bcube>\d+))"
    r"|(?P<take>Takes|Accepts)"
    r"|(?P<drop>Drops|Passes|Refuses|Rejects)"
    r"|(?P<win>Wins\s+(?P<points>\d+)\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE)


def _cells(text: str, offset: int, lineno: int) -> list[tuple[int, "re.Match[str]"]]:
    """Split the text of a row into ``(column, match)`` cells; anything else is an error."""
    cells = []
    pos = 0
    while pos < len(text):
        if text[pos] in " \t":
            pos += 1
            continue
        m = _CELL.match(text, pos)
        if not m or m.end() == pos:
            snippet = text[pos:pos + 24].strip()
            raise MatFormatError(f"line {lineno}: cannot read {snippet!r} (expected a roll such as "
                                 "'31: 8/5 6/5', 'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point')")
        cells.append((offset + pos, m))
        pos = m.end()
    return cells


class _Replay:
    """Plays a game's actions through the rules, checking turn order and legality."""

    def __init__(self, score: tuple[int, int], money: bool) -> None:
        self.pos = Position.initial()  # ``mine`` is the player on turn once known
        self.money = money
        self.turn: Optional[int] = None
        self.cube = 1
        self.cube_owner: Optional[int] = None
        self.pending: Optional[int] = None  # player who doubled, awaiting an answer
        self.beavered = False  # the last action was a beaver (GNU Backgammon may write the doubler's take)
        self.unplayed: Optional[tuple[int, tuple[int, ...], int]] = None  # (player, dice, line) of a roll written with no move
        self.actions: list[MatAction] = []
        self.winner: Optional[int] = None
        self.points = 0
        self.score = score
        self.over = False

    def _expect_turn(self, player: int, what: str, lineno: int) -> None:
        if self.over:
            raise MatFormatError(f"line {lineno}: {what} after the game is over")
        if self.turn is None:
            self.turn = player
        if player != self.turn:
            raise MatFormatError(f"line {lineno}: {what} by player {player} out of turn "
                                 f"(player {self.turn} is to play)")

    def settle(self) -> None:
        """A roll written with no move, not followed by a resignation: the forced play (as GNU
        Backgammon reads it) or an error."""
        if self.unplayed is None:
            return
        player, dice, lineno = self.unplayed
        self.unplayed = None
        plays = legal_plays(self.pos, dice)
        if len(plays) != 1:
            raise MatFormatError(f"line {lineno}: {dice[0]}{dice[1]} with no move, but there are legal plays "
                                 "(and no resignation follows)")
        self._apply(player, dice, plays[0][0])

    def roll(self, player: int, dice: tuple[int, int], moves: str, lineno: int) -> None:
        self.settle()
        self.beavered = False
        self._expect_turn(player, "a roll", lineno)
        if self.pending is not None:
            raise MatFormatError(f"line {lineno}: a roll while a double waits for an answer")
        if not moves.strip() and legal_plays(self.pos, dice):
            self.unplayed = (player, tuple(dice), lineno)  # a resignation may follow
            return
        try:
            play = parse_play(moves, self.pos, dice)
        except NotationError as exc:
            raise MatFormatError(f"line {lineno}: {exc}") from None
        except IllegalMoveError as exc:
            raise MatFormatError(f"line {lineno}: illegal play {moves.strip()!r} with "
                                 f"{dice[0]}{dice[1]}: {exc}") from None
        self._apply(player, dice, play)

    def _apply(self, player: int, dice: tuple[int, ...], play: tuple[Step, ...]) -> None:
        after = apply_play(self.pos, play)
        self.actions.append(MatAction(player, ROLL, tuple(dice), tuple(play)))
        if after.is_over():
            self.over = True
            self.winner = player
            self.points = after.winner_kind() * self.cube
        self.pos = after.swapped()
        self.turn = 1 - player

    def double(self, player: int, value: int, lineno: int) -> None:
        self.settle()
        self.beavered = False
        if self.pending is not None and player != self.pending:
            # GNU Backgammon writes a beaver as a second double by the doubled player
            self.beaver(player, value, lineno)
            return
        self._expect_turn(player, "a double", lineno)
        if self.pending is not None:
            raise MatFormatError(f"line {lineno}: a double while another waits for an answer")
        if self.cube_owner not in (None, player):
            raise MatFormatError(f"line {lineno}: player {player} doubles a cube they do not own")
        if value != self.cube * 2:
            raise MatFormatError(f"line {lineno}: doubles to {value}, expected {self.cube * 2}")
        self.pending = player
        self.actions.append(MatAction(player, DOUBLE, value=value))

    def beaver(self, player: int, value: int, lineno: int) -> None:
        self.settle()
        if self.over:
            raise MatFormatError(f"line {lineno}: a beaver after the game is over")
        if self.pending is None or player == self.pending:
            raise MatFormatError(f"line {lineno}: a beaver without a double to answer")
        if not self.money:
            raise MatFormatError(f"line {lineno}: a beaver in a match (beavers are for money play only)")
        if value != self.cube * 4:
            raise MatFormatError(f"line {lineno}: beavers to {value}, expected {self.cube * 4}")
        self.pending = None
        self.cube *= 4
        self.cube_owner = player
        self.beavered = True
        self.actions.append(MatAction(player, BEAVER, value=value))

    def answer(self, player: int, take: bool, lineno: int) -> None:
        self.settle()
        if self.over:
            raise MatFormatError(f"line {lineno}: an answer after the game is over")
        if take and self.beavered and player == self.turn:
            self.beavered = False  # the doubler's take of the beaver, as GNU Backgammon writes it
            return
        if self.pending is None or player == self.pending:
            raise MatFormatError(f"line {lineno}: {'take' if take else 'drop'} without a double to answer")
        doubler = self.pending
        self.pending = None
        self.actions.append(MatAction(player, TAKE if take else DROP))
        if take:
            self.cube *= 2
            self.cube_owner = player
        else:
            self.over = True
            self.winner = doubler
            self.points = self.cube

    def win(self, player: int, points: int, lineno: int) -> None:
        if self.unplayed is not None:  # a roll, then the roller resigned (GNU Backgammon writes "44: ")
            roller, dice, _ = self.unplayed
            self.unplayed = None
            self.actions.append(MatAction(roller, ROLL, dice, ()))
            self.resign(1 - roller, roller, points, lineno)
            return
        if self.winner is not None and self.winner != player:
            # GNU Backgammon's layout is sometimes one column off: trust the game itself.
            player = self.winner
        if self.winner is None:  # a resignation that was accepted
            if self.pending is not None:
                raise MatFormatError(f"line {lineno}: a win while a double waits for an answer")
            self.resign(player, 1 - player, points, lineno)
            return
        if points != self.points:
            raise MatFormatError(f"line {lineno}: wins {points}, but the game gives {self.points}")

    def resign(self, winner: int, loser: int, points: int, lineno: int) -> None:
        if self.turn is None:
            raise MatFormatError(f"line {lineno}: a win before the game has started")
        if points not in (self.cube, 2 * self.cube, 3 * self.cube):
            raise MatFormatError(f"line {lineno}: a resignation for {points}: it must be 1, 2 or 3 times "
                                 f"the cube ({self.cube})")
        self.actions.append(MatAction(loser, RESIGN, value=points))
        self.over = True
        self.winner = winner
        self.points = points


def read_mat(text: str) -> MatMatch:
    """Read a ``.mat`` file into a :class:`MatMatch`; plays are replayed and checked.

    Raises :class:`MatFormatError` with the line number and what is wrong.
    """
    if not isinstance(text, str):
        raise MatFormatError(f"read_mat needs text, got {type(text).__name__}")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    tags: list[tuple[str, str]] = []
    length: Optional[int] = None
    players: Optional[tuple[str, str]] = None
    games: list[MatGame] = []
    game: Optional[_Replay] = None
    game_no = 0
    split = 19  # a cell starting at or after this column is player 1's
    expect_names = False

    def finish(lineno: int) -> None:
        nonlocal game
        if game is not None:
            game.settle()
            if game.pending is not None:
                raise MatFormatError(f"line {lineno}: game {game_no} ends with an unanswered double")
            games.append(MatGame(game.score, tuple(game.actions), game.winner, game.points))
            game = None

    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            m = _TAG.match(line.strip())
            if m and game is None and not games:
                tags.append((m.group(1).strip(), m.group(2)))
            continue
        m = _LENGTH.match(line)
        if m:
            if length is not None:
                raise MatFormatError(f"line {lineno}: a second 'point match' header")
            length = int(m.group(1))
            continue
        m = _GAME.match(line)
        if m:
            if length is None:
                raise MatFormatError(f"line {lineno}: 'Game' before the 'N point match' header")
            finish(lineno)
            game_no += 1
            if int(m.group(1)) != game_no:
                raise MatFormatError(f"line {lineno}: game {m.group(1)} where game {game_no} was expected")
            expect_names = True
            continue
        if expect_names:
            m = _NAMES.match(line)
            if not m:
                raise MatFormatError(f"line {lineno}: expected the score line 'Name : 0   Name : 0'")
            names = (m.group(2), m.group(5))
            if players is None:
                players = names
            score = (int(m.group(3)), int(m.group(6)))
            right_col = m.start(5)
            split = (5 + right_col) // 2 + 1 if right_col > 12 else 19
            game = _Replay(score, length == 0)
            expect_names = False
            continue
        if game is None:
            raise MatFormatError(f"line {lineno}: text outside a game: {line.strip()[:30]!r}")
        m = _ROW.match(line)
        body_start = m.end() if m else 0
        for col, cm in _cells(line[body_start:], body_start, lineno):
            player = 1 if col >= split else 0
            if cm.group("roll"):
                game.roll(player, (int(cm.group("d1")), int(cm.group("d2"))), cm.group("moves") or "", lineno)
            elif cm.group("double"):
                game.double(player, int(cm.group("cube")), lineno)
            elif cm.group("beaver"):
                game.beaver(player, int(cm.group("bcube")), lineno)
            elif cm.group("take"):
                game.answer(player, True, lineno)
            elif cm.group("drop"):
                game.answer(player, False, lineno)
            else:
                game.win(player, int(cm.group("points")), lineno)
    finish(len(lines))
    if length is None:
        raise MatFormatError("no 'N point match' header found")
    return MatMatch(length=length, players=players or ("Player 0", "Player 1"),
                    games=tuple(games), tags=tuple(tags))
