"""Reading ``.mat`` match files as GNU Backgammon, eXtreme Gammon, Backgammon Galaxy and others write them.

Two stages. :func:`scan` splits the text into the header (tags, match length) and each game's score line and
cells (a roll and its play, a double, a take, ...), each with its line number and the player whose column it is
in. :func:`read_mat` then replays every game: the checker plays through the rules (``parse_play``,
``apply_play``), the cube through :class:`rules.MatchState` (who may double, beavers, the Crawford game, the
Jacoby rule, the points of a pass or a finished game), so the ``.mat`` reader keeps no cube arithmetic of its own.

What is read (GNU Backgammon's ``import.c`` accepts the same):

* ``; [Key "Value"]`` tags before the first game (``#`` and ``;`` lines are comments anywhere); the rules tags
  ``Crawford``, ``Jacoby`` and ``Beaver`` (``"On"``/``"Off"``) set the rules. Without a tag, a match plays the
  Crawford rule, unless a double in the Crawford game shows it did not; a money session plays Jacoby when a gammon
  with the cube in the middle won 1 point, and beavers when a beaver is written.
* `` N point match`` (0 = money), `` Game n``, the score line ``name : n   name : n``, rows ``n) left right``.
* Cells: ``dd: moves`` (``25``/``bar``, ``0``/``off``, ``*``, ``(2)``, paths), ``dd:`` alone (a dance; the one
  legal play; or, with legal plays, a roll the player resigned after, or the last roll of a match in progress),
  ``dd: Cannot Move``, ``dd: ???`` (eXtreme Gammon: rolled, then resigned), ``Doubles => v``, ``Beavers => v``
  (or GNU Backgammon's second ``Doubles`` by the doubled player, then the doubler's ``Takes``), ``Takes``,
  ``Drops``, ``Wins n point(s)`` (``and the match``): the end of a game, or a resignation when the game is not over.
* The last game may stop anywhere (a match in progress): after a roll not yet played, or a double not yet answered.

Anything else raises :class:`MatFormatError` naming its line. Pure, standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Optional

from .errors import CubeError, IllegalMoveError, MatFormatError, NotationError
from .kinds import MatActionKind
from .mat import BEAVER, DOUBLE, DROP, RESIGN, ROLL, RULE_TAGS, TAKE, MatAction, MatGame, MatMatch
from .match import MAX_CUBE, MatchState
from .movegen import apply_play, legal_plays
from .notation import parse_play
from .position import Position, Step

__all__ = ["read_mat", "scan", "MatCell", "MatText"]

MAX_MAT_CHARS = 5_000_000

_TAG = re.compile(r'^[;#]\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s*point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^(\s*)(\S.*?)\s*:\s*(\d+)(\s+)(\S.*?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)")
_MOVE = r"[0-9bB][^ \t:]*/[^ \t:]*"
_CELL = re.compile(
    r"(?P<roll>(?P<d1>[1-6])(?P<d2>[1-6]):(?P<moves>(?:[ \t]+" + _MOVE + r")*)"
    r"(?:[ \t]+(?P<cannot>(?:Cannot|Can't)[ \t]+Move)|[ \t]*\?{3,4})?)"
    r"|(?P<double>Doubles?\s*=>\s*(?P<cube>\d+))"
    r"|(?P<beaver>Beavers?\s*=>\s*(?P<bcube>\d+))"
    r"|(?P<raccoon>Raccoons?\s*=>\s*\d+)"
    r"|(?P<take>Takes?|Accepts?)"
    r"|(?P<drop>Drops?|Passes|Pass|Refuses|Rejects)"
    r"|(?P<win>Wins\s+(?P<points>\d+)\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE)
_ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


@dataclass(frozen=True)
class MatCell:
    """One entry of a row: ``kind`` (roll, double, beaver, take, drop, win), the player whose column it is in,
    the dice and move text of a roll, the value of a double, beaver or win, and its line."""
    line: int
    player: int
    kind: MatActionKind
    dice: tuple[int, int] = (0, 0)
    moves: str = ""
    value: int = 0
    cannot: bool = False  # written "Cannot Move"


@dataclass
class MatGameText:
    """One scanned game: the line of its ``Game n``, the names and score of its score line (and that line), its
    cells."""
    line: int
    names: Optional[tuple[str, str]] = None
    score: tuple[int, int] = (0, 0)
    score_line: int = 0
    cells: list[MatCell] = field(default_factory=list)


@dataclass
class MatText:
    """The scanned text: tags, the rules tags given (absent when not), the length, and the games."""
    tags: list[tuple[str, str]] = field(default_factory=list)
    rules: dict[str, bool] = field(default_factory=dict)
    length: Optional[int] = None
    games: list[MatGameText] = field(default_factory=list)


def _err(lineno: int, message: str) -> MatFormatError:
    return MatFormatError(f"line {lineno}: {message}")


def _cells(text: str, offset: int, lineno: int, split: int) -> list[MatCell]:
    """The cells of a row's text (``offset``: its column in the line); a cell starting at or after column
    ``split`` is player 1's."""
    out = []
    pos = 0
    while pos < len(text):
        if text[pos] in " \t":
            pos += 1
            continue
        m = _CELL.match(text, pos)
        if not m or m.end() == pos:
            snippet = text[pos:pos + 24].strip()
            raise _err(lineno, f"cannot read {snippet!r} (expected a roll such as '31: 8/5 6/5', "
                               "'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point')")
        player = 1 if offset + pos >= split else 0
        pos = m.end()
        if m.group("roll"):
            cell = MatCell(lineno, player, ROLL, (int(m.group("d1")), int(m.group("d2"))),
                           (m.group("moves") or "").strip(), cannot=bool(m.group("cannot")))
        elif m.group("double"):
            cell = MatCell(lineno, player, DOUBLE, value=int(m.group("cube")))
        elif m.group("beaver"):
            cell = MatCell(lineno, player, BEAVER, value=int(m.group("bcube")))
        elif m.group("raccoon"):
            raise _err(lineno, "a raccoon (a redouble of a beaver): not a rule Gamão plays")
        elif m.group("take"):
            cell = MatCell(lineno, player, TAKE)
        elif m.group("drop"):
            cell = MatCell(lineno, player, DROP)
        else:
            cell = MatCell(lineno, player, "win", value=int(m.group("points")))
        out.append(cell)
    return out


def _tag(out: MatText, key: str, value: str, lineno: int) -> None:
    rule = RULE_TAGS.get(key.lower())
    if rule is not None:
        on = _ON.get(value.strip().lower())
        if on is None:
            raise _err(lineno, f'the {key} tag must be "On" or "Off", got {value!r}')
        out.rules[rule] = on
    elif key.lower() == "variation" and value.strip().lower() not in ("backgammon", ""):
        raise _err(lineno, f"a match of {value!r}: only backgammon is read")
    else:
        out.tags.append((key, value))


def scan(text: str) -> MatText:
    """Split ``.mat`` text into its header and each game's cells (nothing is replayed yet)."""
    if not isinstance(text, str):
        raise MatFormatError(f"read_mat needs text, got {type(text).__name__}")
    if len(text) > MAX_MAT_CHARS:
        raise MatFormatError(f"the file is too large ({len(text)} characters)")
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = MatText()
    game: Optional[MatGameText] = None
    split = 19
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip().lstrip("\ufeff")
        if not line.strip():
            continue
        stripped = line.strip()
        if stripped[0] in ";#":
            m = _TAG.match(stripped)
            if m and not out.games:
                _tag(out, m.group(1).strip(), m.group(2), lineno)
            continue
        m = _LENGTH.match(line)
        if m:
            if out.length is not None:
                raise _err(lineno, "a second 'point match' header")
            out.length = int(m.group(1))
            if out.length > 32767:
                raise _err(lineno, f"a {out.length} point match: the longest is 32767")
            continue
        m = _GAME.match(line)
        if m:
            if out.length is None:
                raise _err(lineno, "'Game' before the 'N point match' header")
            if game is not None and game.names is None:
                raise _err(lineno, "a game with no score line")
            if int(m.group(1)) != len(out.games) + 1:
                raise _err(lineno, f"game {m.group(1)} where game {len(out.games) + 1} was expected")
            game = MatGameText(lineno)
            out.games.append(game)
            continue
        if game is None:
            raise _err(lineno, f"text outside a game: {stripped[:30]!r}")
        if game.names is None:
            m = _NAMES.match(line)
            if not m:
                raise _err(lineno, "expected the score line 'Name : 0   Name : 0'")
            # GamesGrid writes a rating after the name: "name, 1612"
            left, right_name = (n.split(",")[0].strip() or n.strip() for n in (m.group(2), m.group(5)))
            game.names = (left, right_name)
            game.score = (int(m.group(3)), int(m.group(6)))
            game.score_line = lineno
            right = m.start(5)
            split = (5 + right) // 2 + 1 if right > 12 else 19
            continue
        rm = _ROW.match(line)
        start = rm.end() if rm else 0
        game.cells += _cells(line[start:], start, lineno, split)
    if out.length is None:
        raise MatFormatError("no 'N point match' header found: this is not a .mat match file")
    if game is not None and game.names is None:
        raise _err(len(lines), "the last game has no score line")
    return out


class _Retry(MatFormatError):
    """A file that reads under another rule: ``rule`` is the rules field to set to ``value``."""

    def __init__(self, message: str, rule: str, value: bool) -> None:
        super().__init__(message)
        self.rule, self.value = rule, value


class _Game:
    """One game replayed: the position seen by ``turn``, the cube in ``state`` (a ``MatchState``), the doubler
    awaiting an answer, and the actions read so far."""

    def __init__(self, state: MatchState, score: tuple[int, int]) -> None:
        self.state = state.new_game()
        self.score = score
        self.pos = Position.initial()
        self.turn: Optional[int] = None
        self.pending: Optional[int] = None     # the doubler, while the double waits for an answer
        self.beaverer: Optional[int] = None    # just beavered: the doubler may write a take of it
        self.unplayed: Optional[MatCell] = None
        self.actions: list[MatAction] = []
        self.winner: Optional[int] = None
        self.points = 0
        self.how = ""                          # "play" (borne off), "drop", "resign" once over
        self.multiplier = 0
        self.won = False                       # the 'Wins' line was read

    @property
    def over(self) -> bool:
        return self.winner is not None

    def _check_open(self, c: MatCell, what: str) -> None:
        if self.over:
            raise _err(c.line, f"{what} after the game is over")

    # a roll written with no move while legal plays exist: a resignation follows, or the match stops there
    def settle(self, last: bool = False) -> None:
        c, self.unplayed = self.unplayed, None
        if c is None:
            return
        if last:  # a match in progress: rolled, not yet played
            self.actions.append(MatAction(c.player, ROLL, c.dice, ()))
        else:
            raise _err(c.line, f"{c.dice[0]}{c.dice[1]} with no move, but there are legal plays "
                               "(and no resignation follows)")

    def roll(self, c: MatCell) -> None:
        self.settle()
        self._check_open(c, "a roll")
        if self.beaverer is not None:
            self.beaverer = None  # the doubler rolls: the beaver was taken
        if self.pending is not None:
            raise _err(c.line, "a roll while a double waits for an answer")
        if self.turn is None:
            if c.dice[0] == c.dice[1]:
                raise _err(c.line, f"the game starts with {c.dice[0]}{c.dice[1]}: an opening roll is never "
                                   "a double")
            self.turn = c.player
        elif c.player != self.turn:
            raise _err(c.line, f"a roll by player {c.player} out of turn (player {self.turn} is to play)")
        if not c.moves:
            plays = legal_plays(self.pos, c.dice)
            if c.cannot and plays:
                raise _err(c.line, f"{c.dice[0]}{c.dice[1]}: 'Cannot Move', but there are legal plays")
            if len(plays) > 1:  # a resignation may follow (or the match stops here)
                self.unplayed = c
                return
            self._apply(c.player, c.dice, plays[0][0] if plays else ())  # a dance, or the one legal play
            return
        try:
            play = parse_play(c.moves, self.pos, c.dice)
        except NotationError as exc:
            raise _err(c.line, str(exc)) from None
        except IllegalMoveError as exc:
            raise _err(c.line, f"illegal play {c.moves!r} with {c.dice[0]}{c.dice[1]}: {exc}") from None
        self._apply(c.player, c.dice, play)

    def _apply(self, player: int, dice: tuple[int, int], play: tuple[Step, ...]) -> None:
        after = apply_play(self.pos, play)
        self.actions.append(MatAction(player, ROLL, tuple(dice), tuple(play)))
        kind = after.winner_kind()
        if kind:
            self.multiplier = kind
            self._end(player, self.state.points_for(kind), "play")
            self.pos = after
            return
        self.pos = after.swapped()
        self.turn = 1 - player

    def _end(self, winner: int, points: int, how: str) -> None:
        self.winner, self.points, self.how = winner, points, how

    def double(self, c: MatCell) -> None:
        self.settle()
        self._check_open(c, "a double")
        if self.pending is not None and c.player != self.pending:
            self.beaver(c)  # GNU Backgammon writes a beaver as a second double, by the doubled player
            return
        if self.turn is None:
            raise _err(c.line, "a double before the opening roll")
        if c.player != self.turn:
            raise _err(c.line, f"a double by player {c.player} out of turn (player {self.turn} is to play)")
        if self.pending is not None:
            raise _err(c.line, "a double while another waits for an answer")
        s = self.state
        if s.crawford:
            raise _Retry(f"line {c.line}: a double in the Crawford game", "crawford", False)
        if not s.can_double(c.player):
            if s.cube_owner not in (None, c.player):
                raise _err(c.line, f"player {c.player} doubles a cube player {s.cube_owner} owns")
            raise _err(c.line, f"a double past the highest cube ({MAX_CUBE})")
        if c.value != s.cube * 2:
            raise _err(c.line, f"doubles to {c.value}, expected {s.cube * 2}")
        self.beaverer = None
        self.pending = c.player
        self.actions.append(MatAction(c.player, DOUBLE, value=c.value))

    def beaver(self, c: MatCell) -> None:
        self.settle()
        self._check_open(c, "a beaver")
        if self.pending is None or c.player == self.pending:
            raise _err(c.line, "a beaver without a double to answer")
        s = self.state
        if not s.is_money:
            raise _err(c.line, "a beaver in a match (beavers are for money play only)")
        if not s.beavers:
            raise _Retry(f"line {c.line}: a beaver, but beavers are off", "beavers", True)
        if not s.can_beaver(self.pending):
            raise _err(c.line, f"a beaver past the highest cube ({MAX_CUBE})")
        if c.value != s.cube * 4:
            raise _err(c.line, f"beavers to {c.value}, expected {s.cube * 4}")
        self.state = s.beaver(self.pending)
        self.pending = None
        self.beaverer = c.player
        self.actions.append(MatAction(c.player, BEAVER, value=c.value))

    def answer(self, c: MatCell) -> None:
        self.settle()
        take = c.kind == TAKE
        self._check_open(c, "an answer")
        if self.beaverer is not None and c.player == self.turn:
            if not take:
                raise _err(c.line, "the doubler drops the beaver: a beaver cannot be refused")
            self.beaverer = None  # the doubler's take of the beaver, as GNU Backgammon writes it
            return
        if self.pending is None or c.player == self.pending:
            raise _err(c.line, f"{'a take' if take else 'a drop'} without a double to answer")
        doubler, self.pending = self.pending, None
        if take:
            self.state = self.state.take(doubler)
            self.actions.append(MatAction(c.player, TAKE))
        else:
            self.actions.append(MatAction(c.player, DROP))
            self._end(doubler, self.state.pass_points(doubler), "drop")

    def win(self, c: MatCell) -> None:
        if self.unplayed is not None:  # a roll, then the roller resigned (GNU Backgammon writes "44: ")
            rolled, self.unplayed = self.unplayed, None
            self.actions.append(MatAction(rolled.player, ROLL, rolled.dice, ()))
            self.resign(rolled.player, c)
            return
        if self.won:
            raise _err(c.line, "a second 'Wins' line")
        if self.over:
            self.won = True
            s = self.state
            if self.how == "play" and s.is_money and self.multiplier > 1 and s.cube_owner is None \
                    and not s.jacoby and c.value == s.cube:
                raise _Retry(f"line {c.line}: wins {c.value}, but the game gives {self.points}", "jacoby", True)
            if c.value != self.points:
                raise _err(c.line, f"wins {c.value}, but the game gives {self.points}")
            return
        if self.turn is None:
            raise _err(c.line, "a win before the game has started")
        self.resign(1 - c.player, c)

    def resign(self, loser: int, c: MatCell) -> None:
        cube = self.state.cube
        if c.value not in (cube, 2 * cube, 3 * cube):
            raise _err(c.line, f"a resignation for {c.value}: it must be 1, 2 or 3 times the cube ({cube})")
        self.pending = None
        self.actions.append(MatAction(loser, RESIGN, value=c.value))
        self._end(1 - loser, c.value, "resign")
        self.won = True

    def finish(self, lineno: int, last: bool, number: int) -> MatGame:
        self.settle(last)
        if not self.over and not last:
            if self.pending is not None:
                raise _err(lineno, f"game {number} ends with an unanswered double")
            raise _err(lineno, f"game {number} ends before it is over (no bear-off, drop or 'Wins' line)")
        return MatGame(self.score, tuple(self.actions), self.winner, self.points if self.over else 0)


_STEP = {ROLL: "roll", DOUBLE: "double", BEAVER: "beaver", TAKE: "answer", DROP: "answer", "win": "win"}


def _replay(text: MatText, rules: dict[str, bool]) -> MatMatch:
    length = text.length or 0
    crawford = rules["crawford"] and length > 0
    state = MatchState(length=length, jacoby=rules["jacoby"] and not length, beavers=rules["beavers"] and not length)
    games = []
    players = None
    for gi, g in enumerate(text.games):
        players = players or g.names
        if length and g.score != state.score:
            raise _err(g.score_line, f"the score line says {g.score[0]}-{g.score[1]}, but the games "
                                     f"before give {state.score[0]}-{state.score[1]}")
        if state.is_over:  # GNU Backgammon ignores games after the match was won
            break
        if not crawford:
            state = replace(state, crawford=False)
        game = _Game(state, state.score if length else g.score)
        for c in g.cells:
            getattr(game, _STEP[c.kind])(c)
        last = gi == len(text.games) - 1
        end = g.cells[-1].line if g.cells else g.score_line
        games.append(game.finish(end, last, gi + 1))
        if game.winner is not None:
            try:
                state = state.after_game(game.winner, game.points)
            except CubeError as exc:
                raise _err(end, str(exc)) from None
    return MatMatch(length=length, players=players or ("Player 0", "Player 1"), games=tuple(games),
                    tags=tuple(text.tags), crawford=rules["crawford"] if length else True,
                    jacoby=rules["jacoby"] and not length, beavers=rules["beavers"] and not length)


def read_mat(text: str) -> MatMatch:
    """Read a ``.mat`` file into a :class:`MatMatch`; every play and cube action is replayed and checked.

    Raises :class:`MatFormatError` with the line number and what is wrong.
    """
    scanned = scan(text)
    given = scanned.rules
    rules = {"crawford": given.get("crawford", True), "jacoby": given.get("jacoby", False),
             "beavers": given.get("beavers", False)}
    for _ in range(4):
        try:
            return _replay(scanned, rules)
        except _Retry as retry:
            if retry.rule in given or rules[retry.rule] == retry.value:
                raise MatFormatError(str(retry)) from None
            rules[retry.rule] = retry.value
    raise MatFormatError("the file does not read under any rules")  # pragma: no cover - three rules, four tries
