"""The game record: a versioned JSON document of a finished (or abandoned) game or match, and its verification.

Schema (docs/game-record.md has the full description)::

    {"format": "gamao-record", "version": 1,
     "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "strong"}],
     "match_length": 0,                      # 0 = money play
     "rules": {"crawford": true, "jacoby": false},
     "games": [{"dice": {"scheme": "gamao/dice/v1", "fingerprint": "<hex>", "seed": "<hex>"},
                "actions": [{"type": "opening_roll", "dice": [5, 2]},
                            {"type": "play", "player": 0, "play": "13/8 24/22"}, ...],
                "result": {"winner": 0, "points": 1, "kind": "single"}}],
     "result": {"score": [1, 0], "winner": 0, "complete": true}}

``RecordBuilder`` is what the game state machine calls while it plays; ``verify_record`` checks a record
(see ``game.verify`` style in docs/game-record.md): seed against fingerprint, every throw against the derivation,
every play against the rules engine, every cube action, the results. Pure: no js, no pyscript.
"""
from __future__ import annotations

import hashlib

import json
import math
from dataclasses import dataclass, field
from typing import Any

from rules import dice as _dice

__all__ = [
    "FORMAT",
    "VERSION",
    "DICE_SCHEME",
    "PEER_DICE_SCHEME",
    "SEAT_KINDS",
    "RESULT_KINDS",
    "RecordError",
    "RecordBuilder",
    "Problem",
    "RollVerdict",
    "DiceStats",
    "Verdict",
    "verify_record",
    "verify_many",
    "dice_stats",
    "chi_square_p",
    "load_record",
    "ReplayState",
    "walk_record",
]

FORMAT = "gamao-record"
VERSION = 1
DICE_SCHEME = "gamao/dice/v1"
PEER_DICE_SCHEME = "gamao/peer-dice/v1"
SEAT_KINDS = ("human", "bot", "peer")
RESULT_KINDS = ("single", "gammon", "backgammon", "pass", "resign", "abandoned", "claimed")
CLOCK_PHASES = ("roll", "move", "take")
MAX_RECORD_CHARS = 5_000_000


class RecordError(ValueError):
    """A builder call that would make an invalid record (wrong player, bad dice, ...); the record is unchanged."""


def _player(p: Any) -> int:
    if p not in (0, 1) or isinstance(p, bool):
        raise RecordError(f"player must be 0 or 1, got {p!r}")
    return int(p)


def _die(d: Any) -> int:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
        raise RecordError(f"a die must be an integer 1 to 6, got {d!r}")
    return d


# --- Building ------------------------------------------------------------------------------------------------


class RecordBuilder:
    """Builds a record while a game or match is played.

    >>> b = RecordBuilder(players=[{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": 2}])
    >>> b.new_game(fingerprint)        # each game of a match has its own seed; then for each action:
    >>> b.opening_roll(5, 2); b.play(0, "13/8 24/22"); b.roll(1, 6, 6); ...
    >>> b.result(winner=0, points=1, kind="single"); b.reveal(seed); b.to_json()

    ``fingerprint=`` in the constructor starts the first game at once. Calls apply to the current game.
    """

    def __init__(self, players: list[dict], match_length: int = 0, rules: dict | None = None,
                 fingerprint: str | None = None, created: str | None = None) -> None:
        if not isinstance(players, (list, tuple)) or len(players) != 2:
            raise RecordError("players must be a list of two seats")
        seats = []
        for i, seat in enumerate(players):
            if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
                raise RecordError(f"player {i}: kind must be one of {', '.join(SEAT_KINDS)}")
            if seat["kind"] == "bot" and "level" not in seat:
                raise RecordError(f"player {i}: a bot seat needs its level")
            seats.append(dict(seat))
        if not isinstance(match_length, int) or isinstance(match_length, bool) or match_length < 0:
            raise RecordError(f"match_length must be an integer >= 0 (0 = money play), got {match_length!r}")
        self.data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "players": seats,
            "match_length": match_length,
            "rules": {"crawford": True, "jacoby": False, **(rules or {})},
            "games": [],
        }
        if created is not None:
            self.data["created"] = created
        if fingerprint is not None:
            self.new_game(fingerprint)

    # games
    def new_game(self, fingerprint: str) -> None:
        """Start the next game of the match, committed to the seed with this fingerprint."""
        fp = _dice.fingerprint_from_hex(fingerprint)  # SeedError (a ValueError) if malformed
        self.data["games"].append({"dice": {"scheme": DICE_SCHEME, "fingerprint": fp, "seed": None},
                                   "actions": [], "result": None})

    def new_peer_game(self, host_player: int, host_commitment: str, guest_commitment: str,
                      chain_length: int = _dice.DEFAULT_CHAIN_LENGTH) -> None:
        """Start the next game of a peer match (hash-chain dice, docs/fair-dice.md section 7)."""
        self.data["games"].append({"dice": {
            "scheme": PEER_DICE_SCHEME, "host_player": _player(host_player), "chain_length": int(chain_length),
            "host_commitment": _dice.fingerprint_from_hex(host_commitment),
            "guest_commitment": _dice.fingerprint_from_hex(guest_commitment),
            "host_secret": None, "guest_secret": None}, "actions": [], "result": None})

    @property
    def game(self) -> dict:
        if not self.data["games"]:
            raise RecordError("no game started: call new_game(fingerprint) first")
        return self.data["games"][-1]

    def _add(self, action: dict) -> None:
        if self.game["result"] is not None:
            raise RecordError("the game already has its result")
        self.game["actions"].append(action)

    # actions
    def opening_roll(self, d0: int, d1: int) -> None:
        """One opening throw: d0 is player 0's die, d1 player 1's (a tie is followed by another opening roll)."""
        self._add({"type": "opening_roll", "dice": [_die(d0), _die(d1)]})

    def roll(self, player: int, d1: int, d2: int) -> None:
        self._add({"type": "roll", "player": _player(player), "dice": [_die(d1), _die(d2)]})

    def play(self, player: int, notation: str) -> None:
        """A whole play in standard notation as ``rules.format_play`` writes it (e.g. "13/8 24/22")."""
        if not isinstance(notation, str):
            raise RecordError(f"a play is written as text, got {type(notation).__name__}")
        self._add({"type": "play", "player": _player(player), "play": notation})

    def double(self, player: int) -> None:
        self._add({"type": "double", "player": _player(player)})

    def take(self, player: int) -> None:
        self._add({"type": "take", "player": _player(player)})

    def beaver(self, player: int) -> None:
        """The player who was doubled takes and at once redoubles, keeping the cube (money play, beavers on)."""
        self._add({"type": "beaver", "player": _player(player)})

    def pass_(self, player: int) -> None:
        self._add({"type": "pass", "player": _player(player)})

    def resign(self, player: int, points: int) -> None:
        """``player`` gives up the game, losing ``points`` (cube value times 1, 2 or 3)."""
        self._add({"type": "resign", "player": _player(player), "points": int(points)})

    def clock_expired(self, player: int, phase: str, what_was_played: str) -> None:
        """The turn clock ran out and the table acted for ``player``.

        phase "roll": the table rolled (``what_was_played`` = "roll"; the roll itself follows as a roll action);
        phase "move": the table played ``what_was_played`` (a play in notation; no separate play action);
        phase "take": the table answered the double (``what_was_played`` = "take" or "pass"; no separate action).
        """
        if phase not in CLOCK_PHASES:
            raise RecordError(f"clock phase must be one of {', '.join(CLOCK_PHASES)}, got {phase!r}")
        if phase == "roll" and what_was_played != "roll":
            raise RecordError("when the clock runs out before rolling, the table rolls: what_was_played='roll'")
        if phase == "take" and what_was_played not in ("take", "pass"):
            raise RecordError("when the clock runs out on a double, the table takes or passes")
        if not isinstance(what_was_played, str):
            raise RecordError("what_was_played is text")
        self._add({"type": "clock_expired", "player": _player(player), "phase": phase, "played": what_was_played})

    def hint(self, player: int) -> None:
        """``player`` was shown a hint in the current game: counted in the game's ``hints`` ([player 0, player 1]),
        which is only present once a hint was used."""
        counts = self.game.setdefault("hints", [0, 0])
        counts[_player(player)] += 1

    def result(self, winner: int | None, points: int, kind: str) -> None:
        """The game's end: ``kind`` one of single, gammon, backgammon, pass, resign, abandoned (winner None)."""
        if kind not in RESULT_KINDS:
            raise RecordError(f"result kind must be one of {', '.join(RESULT_KINDS)}, got {kind!r}")
        if kind != "abandoned":
            winner = _player(winner)
        self.game["result"] = {"winner": winner, "points": int(points), "kind": kind}

    def reveal(self, seed: bytes | str) -> None:
        """Reveal the current game's seed (bytes or hex); RecordError if it does not match the fingerprint."""
        dice_info = self.game["dice"]
        seed_bytes = _dice.seed_from_hex(seed) if isinstance(seed, str) else seed
        if dice_info["scheme"] != DICE_SCHEME:
            raise RecordError("this is a peer game: use reveal_peer(host_secret, guest_secret)")
        if not _dice.seed_matches(seed_bytes, dice_info["fingerprint"]):
            raise RecordError("the seed does not match the game's fingerprint")
        dice_info["seed"] = seed_bytes.hex()

    def reveal_peer(self, host_secret: bytes | str, guest_secret: bytes | str) -> None:
        """Reveal both chain secrets of the current peer game."""
        info = self.game["dice"]
        if info["scheme"] != PEER_DICE_SCHEME:
            raise RecordError("not a peer game: use reveal(seed)")
        h = _dice.seed_from_hex(host_secret) if isinstance(host_secret, str) else host_secret
        g = _dice.seed_from_hex(guest_secret) if isinstance(guest_secret, str) else guest_secret
        n = info["chain_length"]
        if _dice.chain_commitment(h, n).hex() != info["host_commitment"]:
            raise RecordError("the host's secret does not match its commitment")
        if _dice.chain_commitment(g, n).hex() != info["guest_commitment"]:
            raise RecordError("the guest's secret does not match its commitment")
        info["host_secret"], info["guest_secret"] = h.hex(), g.hex()

    def match_result(self, score: list[int], winner: int | None, complete: bool) -> None:
        self.data["result"] = {"score": [int(score[0]), int(score[1])], "winner": winner, "complete": bool(complete)}

    def summary(self) -> dict:
        """The match result from the games' results, as ``match_result`` would be given it."""
        score = [0, 0]
        for g in self.data["games"]:
            res = g["result"]
            if res and res["winner"] is not None:
                score[res["winner"]] += res["points"]
        n = self.data["match_length"]
        last = self.data["games"][-1]["result"] if self.data["games"] else None
        if n:
            winner = next((p for p in (0, 1) if score[p] >= n), None)
            complete = winner is not None
        else:
            winner = None if score[0] == score[1] else int(score[1] > score[0])
            complete = bool(last) and last["kind"] != "abandoned"
        return {"score": score, "winner": winner, "complete": complete}

    def to_dict(self) -> dict:
        """The record as plain data (the match result filled in from the games if not given)."""
        data = json.loads(json.dumps(self.data))
        data.setdefault("result", self.summary())
        return data

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False) + "\n"


def load_record(text: str) -> dict:
    """Parse record text; RecordError with a clear message if it is not a JSON object."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is too large ({len(text)} characters)")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: the JSON is not an object")
    return data


# --- Statistics ----------------------------------------------------------------------------------------------


def chi_square_p(x: float) -> float:
    """P(chi-square with 5 degrees of freedom >= x): the p-value of a six-face die count test."""
    if x <= 0:
        return 1.0
    r = math.sqrt(x)
    return math.erfc(r / math.sqrt(2)) + math.sqrt(2 / math.pi) * math.exp(-x / 2) * (r + r ** 3 / 3)


@dataclass
class DiceStats:
    """Counts of the dice thrown (opening throws included) and a chi-square test of the faces."""
    faces: list[int] = field(default_factory=lambda: [0] * 6)
    throws: int = 0
    doubles: int = 0

    def add(self, pair: tuple[int, int] | list[int]) -> None:
        a, b = pair
        self.faces[a - 1] += 1
        self.faces[b - 1] += 1
        self.throws += 1
        self.doubles += a == b

    def merge(self, other: "DiceStats") -> "DiceStats":
        out = DiceStats(list(self.faces), self.throws, self.doubles)
        out.faces = [x + y for x, y in zip(self.faces, other.faces)]
        out.throws += other.throws
        out.doubles += other.doubles
        return out

    @property
    def dice(self) -> int:
        return sum(self.faces)

    @property
    def chi_square(self) -> float:
        n = self.dice
        if n == 0:
            return 0.0
        e = n / 6
        return sum((c - e) ** 2 / e for c in self.faces)

    @property
    def p_value(self) -> float:
        return chi_square_p(self.chi_square)

    @property
    def doubles_expected(self) -> float:
        return self.throws / 6

    def to_dict(self) -> dict:
        return {"faces": list(self.faces), "dice": self.dice, "throws": self.throws, "doubles": self.doubles,
                "doubles_expected": round(self.doubles_expected, 2), "chi_square": round(self.chi_square, 3),
                "p_value": round(self.p_value, 4)}


def dice_stats(pairs) -> DiceStats:
    stats = DiceStats()
    for pair in pairs:
        stats.add(pair)
    return stats


# --- Verification --------------------------------------------------------------------------------------------


@dataclass
class Problem:
    """One reason a record fails. ``code`` is stable (the page translates by it); ``message`` is English."""
    code: str
    message: str
    game: int | None = None      # 0-based game index
    action: int | None = None    # 0-based action index within the game
    params: dict = field(default_factory=dict)

    def where(self) -> str:
        parts = []
        if self.game is not None:
            parts.append(f"game {self.game + 1}")
        if self.action is not None:
            parts.append(f"action {self.action + 1}")
        return ", ".join(parts)

    def __str__(self) -> str:
        w = self.where()
        return f"{w}: {self.message}" if w else self.message


@dataclass
class RollVerdict:
    """One throw of the record against the derivation."""
    game: int
    index: int                    # throw number within the game (0 = first opening throw)
    kind: str                     # "opening" or "roll"
    player: int | None            # who rolled (None for an opening throw)
    recorded: tuple[int, int]
    derived: tuple[int, int] | None   # None when the seed is missing or wrong
    ok: bool


@dataclass
class Verdict:
    ok: bool
    problems: list[Problem]
    rolls: list[RollVerdict]
    stats: DiceStats
    games: list[dict]             # per game: {"fingerprint", "seed", "seed_ok", "result", "actions"}
    record: dict | None = None

    @property
    def reasons(self) -> list[str]:
        return [str(p) for p in self.problems]

    def to_dict(self) -> dict:
        return {"ok": self.ok, "problems": [vars(p) for p in self.problems],
                "rolls": [vars(r) for r in self.rolls], "stats": self.stats.to_dict(), "games": self.games}


def verify_record(record: str | bytes | dict) -> Verdict:
    """Check a record completely; never raises for bad input: every fault is a Problem in the verdict."""
    replay = _Replay()
    try:
        return replay.run(record)
    except Exception as exc:  # a bug of ours must still give a verdict, never a crash of the page
        replay.fail("internal_error", f"the verifier failed: {type(exc).__name__}: {exc}")
        return replay.verdict(record if isinstance(record, dict) else None)


def verify_many(records: list) -> tuple[list[Verdict], DiceStats]:
    """Verify several records; the combined dice statistics of all of them (for the chi-square over many games)."""
    verdicts = [verify_record(r) for r in records]
    total = DiceStats()
    for v in verdicts:
        total = total.merge(v.stats)
    return verdicts, total


# --- The replay ----------------------------------------------------------------------------------------------

PEER_FINGERPRINT_LABEL = b"gamao/peer-fingerprint/v1"  # as net.peertable.peer_fingerprint
MAX_CUBE = 4096  # rules.MAX_CUBE (this module imports the rules engine only to replay)
ACTION_TYPES = ("opening_roll", "roll", "play", "double", "take", "beaver", "pass", "resign", "clock_expired",
                "claim")
KIND_BY_MULTIPLIER = {1: "single", 2: "gammon", 3: "backgammon"}


def _pair_text(pair) -> str:
    return f"{pair[0]}-{pair[1]}"


class _Broken(Exception):
    """The replay of a game cannot go on (a problem was recorded); only its dice are still checked."""


class _GameReplay:
    """The replay state of one game: position (seen by the player on turn), turn, phase, cube."""

    def __init__(self, crawford: bool, beavers: bool = False) -> None:
        self.beavers = beavers
        self.rules = _rules_engine()
        self.pos = self.rules.Position.initial()
        self.turn: int | None = None         # the player whose turn it is; pos is seen from their side
        self.phase = "opening"               # opening, roll, move, take, over
        self.dice: tuple[int, int] | None = None
        self.cube = 1
        self.owner: int | None = None        # None = centred
        self.crawford = crawford
        self.table_must_roll = False         # set by a clock expiry before rolling
        self.outcome: tuple[int | None, int, str] | None = None   # winner, points, kind


@dataclass(frozen=True)
class ReplayState:
    """The replay's state around one action (for ``walk_record``): ``pos`` is a ``rules.Position`` seen by
    ``turn`` (None before the opening roll), ``phase`` one of opening, roll, move, take, over, ``dice`` the roll
    to play (phase move), the cube value and owner (None = centred), ``crawford`` for the Crawford game, and
    ``outcome`` (winner, points, kind) once the game is over."""
    pos: Any
    turn: int | None
    phase: str
    dice: tuple[int, int] | None
    cube: int
    owner: int | None
    crawford: bool
    outcome: tuple | None

    @classmethod
    def of(cls, r: "_GameReplay") -> "ReplayState":
        return cls(r.pos, r.turn, r.phase, r.dice, r.cube, r.owner, r.crawford, r.outcome)


def walk_record(record: str | bytes | dict, observer) -> Verdict:
    """Replay ``record`` exactly as ``verify_record`` does, calling ``observer(game, action, data, before,
    after)`` (indexes 0-based, ``data`` the action's dict, ``before``/``after`` ``ReplayState``) for every
    action the replay applies. Review and analysis use it, so no second replayer exists. Unlike
    ``verify_record``, an exception raised by the observer propagates."""
    return _Replay(observer).run(record)


class _Replay:
    def __init__(self, observer=None) -> None:
        self.observer = observer
        self.problems: list[Problem] = []
        self.rolls: list[RollVerdict] = []
        self.stats = DiceStats()
        self.games: list[dict] = []
        self.unfinished = False  # some game's replay stopped on a problem
        self.beavers = False
        self.match_length, self.score, self.jacoby = 0, [0, 0], False

    def fail(self, code: str, message: str, game: int | None = None, action: int | None = None, **params) -> None:
        self.problems.append(Problem(code, message, game, action, params))

    def verdict(self, data: dict | None) -> Verdict:
        return Verdict(not self.problems, self.problems, self.rolls, self.stats, self.games, data)

    # record level
    def run(self, record: str | bytes | dict) -> Verdict:
        data = self.load(record)
        if data is None or not self.header(data):
            return self.verdict(data)
        n = data["match_length"]
        rules_opts = data.get("rules") or {}
        use_crawford = bool(rules_opts.get("crawford", True)) and n > 0
        jacoby = bool(rules_opts.get("jacoby", False)) and n == 0
        self.beavers = bool(rules_opts.get("beavers", False)) and n == 0
        score = [0, 0]
        self.match_length, self.score = n, score  # a claim's points depend on them (game.claims)
        self.jacoby = jacoby
        crawford_used = False
        for gi, game in enumerate(data["games"]):
            if n and max(score) >= n:
                self.fail("match_already_over", f"the match was already won ({score[0]}-{score[1]}) before this game",
                          gi, score=list(score))
            # As rules.MatchState.after_game: the Crawford game follows the game in which a player *reaches*
            # 1-away, so the first game is never one (a 1-point match has no Crawford game; its cube is dead).
            crawford = use_crawford and not crawford_used and gi > 0 and max(score) == n - 1
            crawford_used = crawford_used or crawford
            outcome = self.game(gi, game, crawford, jacoby)
            if outcome is not None and outcome[0] is not None:
                score[outcome[0]] += outcome[1]
        if not self.unfinished:  # a game whose replay stopped says nothing about the match score
            self.match_result(data, score)
        return self.verdict(data)

    def load(self, record) -> dict | None:
        if isinstance(record, dict):
            return record
        if isinstance(record, (bytes, bytearray)):
            try:
                record = bytes(record).decode("utf-8")
            except UnicodeDecodeError:
                self.fail("not_json", "not a game record: the file is not UTF-8 text")
                return None
        if not isinstance(record, str):
            self.fail("not_json", f"not a game record: got {type(record).__name__}")
            return None
        if not record.strip():
            self.fail("empty", "nothing to verify: the record is empty")
            return None
        try:
            return load_record(record)
        except RecordError as exc:
            self.fail("not_json", f"not a game record: {exc}")
            return None

    def header(self, data: dict) -> bool:
        if data.get("format") != FORMAT:
            self.fail("wrong_format", f"not a Gamão game record (format is {data.get('format')!r}, "
                                      f"expected {FORMAT!r})", found=str(data.get("format")))
            return False
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            self.fail("wrong_version", f"record version {version!r} is not supported (this page reads version "
                                       f"{VERSION})", found=str(version))
            return False
        ok = True
        for key in ("players", "match_length", "games"):
            if key not in data:
                self.fail("missing_field", f"the record has no {key!r}", field=key)
                ok = False
        if not ok:
            return False
        players = data["players"]
        if not isinstance(players, list) or len(players) != 2:
            self.fail("bad_field", "'players' must list two seats", field="players")
            ok = False
        else:
            for i, seat in enumerate(players):
                if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
                    self.fail("bad_field", f"player {i}: 'kind' must be one of {', '.join(SEAT_KINDS)}",
                              field=f"players[{i}].kind")
                    ok = False
                elif seat["kind"] == "bot" and "level" not in seat:
                    self.fail("missing_field", f"player {i} is a bot with no 'level'", field=f"players[{i}].level")
                    ok = False
        n = data["match_length"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            self.fail("bad_field", "'match_length' must be an integer >= 0 (0 = money play)", field="match_length")
            ok = False
        if "rules" in data and not isinstance(data["rules"], dict):
            self.fail("bad_field", "'rules' must be an object", field="rules")
            ok = False
        games = data["games"]
        if not isinstance(games, list) or not games:
            self.fail("bad_field", "'games' must be a non-empty list", field="games")
            ok = False
        return ok

    def match_result(self, data: dict, score: list[int]) -> None:
        result = data.get("result")
        if result is None:
            self.fail("missing_field", "the record has no 'result'", field="result")
            return
        if not isinstance(result, dict) or not isinstance(result.get("score"), list):
            self.fail("bad_field", "'result' must be an object with the final 'score'", field="result")
            return
        if result["score"] != score:
            self.fail("match_result_mismatch",
                      f"the record gives the final score {_score_text(result['score'])}, the replay gives "
                      f"{score[0]}-{score[1]}", recorded=str(result["score"]), replayed=f"{score[0]}-{score[1]}")

    # game level
    def game(self, gi: int, game: Any, crawford: bool, jacoby: bool) -> tuple[int | None, int, str] | None:
        info: dict[str, Any] = {"index": gi, "fingerprint": None, "seed": None, "seed_ok": None, "result": None,
                                "actions": 0, "crawford": crawford}
        self.games.append(info)
        if not isinstance(game, dict):
            self.fail("bad_field", "a game must be an object", gi, field="games")
            return None
        for key in ("dice", "actions"):
            if key not in game:
                self.fail("missing_field", f"the game has no {key!r}", gi, field=key)
                return None
        actions = game["actions"]
        if not isinstance(actions, list):
            self.fail("bad_field", "'actions' must be a list", gi, field="actions")
            return None
        info["actions"] = len(actions)
        info["result"] = game.get("result")
        throws = self.throws(gi, game["dice"], info)
        if "start" in game:
            self.fail("practice_start", "this game started from a set-up position (practice), not the opening: "
                                        "it cannot be verified", gi)
            self.unfinished = True
            return None
        replay: _GameReplay | None = _GameReplay(crawford, self.beavers)
        throw_index = 0
        for ai, action in enumerate(actions):
            if not isinstance(action, dict) or action.get("type") not in ACTION_TYPES:
                kind = action.get("type") if isinstance(action, dict) else type(action).__name__
                self.fail("bad_action", f"unknown action {kind!r}", gi, ai, found=str(kind))
                replay = None
                continue
            if action["type"] in ("opening_roll", "roll"):
                pair = self.pair(gi, ai, action)
                if pair is None:
                    replay = None
                    continue
                derived = next(throws, None) if throws is not None else None
                if throws is not None and derived is None:
                    self.fail("seed_missing", f"throw {throw_index + 1} cannot be derived from the revealed "
                                              "values", gi, ai, throw=throw_index + 1)
                    throws = None
                ok = derived == pair
                kind = "opening" if action["type"] == "opening_roll" else "roll"
                player = action.get("player") if kind == "roll" else None
                self.rolls.append(RollVerdict(gi, throw_index, kind, player, pair, derived, ok))
                self.stats.add(pair)
                if derived is not None and not ok:
                    who = "opening throw" if kind == "opening" else f"roll by player {player}"
                    self.fail("die_mismatch", f"throw {throw_index + 1} ({who}): the record has "
                                              f"{_pair_text(pair)} but the seed gives {_pair_text(derived)}",
                              gi, ai, throw=throw_index + 1, recorded=_pair_text(pair), derived=_pair_text(derived))
                throw_index += 1
            if replay is None:
                continue
            before = ReplayState.of(replay) if self.observer else None
            try:
                self.step(replay, gi, ai, action)
            except _Broken:
                replay = None
                continue
            if self.observer:
                self.observer(gi, ai, action, before, ReplayState.of(replay))
        if replay is None:
            self.unfinished = True
            return None
        return self.game_result(gi, game, replay, jacoby)

    def throws(self, gi: int, dice_info: Any, info: dict):
        """The derived throws of the game, or None (with a problem) when they cannot be derived."""
        if not isinstance(dice_info, dict):
            self.fail("bad_field", "'dice' must be an object", gi, field="dice")
            return None
        scheme = dice_info.get("scheme", DICE_SCHEME)
        if scheme == DICE_SCHEME:
            fp, seed = dice_info.get("fingerprint"), dice_info.get("seed")
            try:
                fp = _dice.fingerprint_from_hex(fp)
            except _dice.SeedError:
                self.fail("bad_field", "the game's fingerprint is missing or is not 64 hex digits", gi,
                          field="fingerprint")
                return None
            info["fingerprint"] = fp
            if seed is None:
                self.fail("seed_missing", "the seed has not been revealed, so the dice cannot be checked", gi)
                return None
            try:
                seed_bytes = _dice.seed_from_hex(seed)
            except _dice.SeedError as exc:
                self.fail("bad_field", f"the seed is not valid: {exc}", gi, field="seed")
                return None
            info["seed"] = seed_bytes.hex()
            if not _dice.seed_matches(seed_bytes, fp):
                info["seed_ok"] = False
                self.fail("seed_mismatch", f"the seed does not match the fingerprint: its SHA-256 is "
                                           f"{_dice.fingerprint(seed_bytes)[:16]}…, the game showed {fp[:16]}…",
                          gi, actual=_dice.fingerprint(seed_bytes), expected=fp)
                return None
            info["seed_ok"] = True
            return _dice.pair_stream(seed_bytes)
        if scheme == PEER_DICE_SCHEME:  # hash chains, renewals, a side that left: game.peer_dice
            from .peer_dice import PeerDiceProblem, peer_throws
            try:  # the fingerprint the game showed (docs/peer-protocol.md): over the commitments' raw bytes
                commits = [_dice.seed_from_hex(dice_info.get(k)) for k in ("host_commitment", "guest_commitment")]
                info["fingerprint"] = hashlib.sha256(PEER_FINGERPRINT_LABEL + commits[0] + commits[1]).hexdigest()
            except (_dice.SeedError, TypeError, AttributeError):
                pass  # peer_throws names the bad field
            try:
                pairs, info["seed"] = peer_throws(dice_info)
            except PeerDiceProblem as exc:
                if exc.code == "seed_mismatch":
                    info["seed_ok"] = False
                self.fail(exc.code, exc.message, gi, **exc.params)
                return None
            info["seed_ok"] = True
            return iter(pairs)
        self.fail("bad_field", f"unknown dice scheme {scheme!r}", gi, field="dice.scheme")
        return None

    def pair(self, gi: int, ai: int, action: dict) -> tuple[int, int] | None:
        d = action.get("dice")
        if (not isinstance(d, list) or len(d) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in d)):
            self.fail("bad_action", f"{action['type']}: 'dice' must be two integers 1 to 6, got {d!r}", gi, ai,
                      found=str(d))
            return None
        return d[0], d[1]

    # one action
    def broken(self, code: str, message: str, gi: int, ai: int, **params) -> _Broken:
        self.fail(code, message, gi, ai, **params)
        return _Broken()

    def expect(self, r: _GameReplay, gi: int, ai: int, action: dict, phase: str, player: int | None) -> None:
        if r.phase == "over":
            raise self.broken("extra_action", f"{action['type']} after the game was over", gi, ai,
                              what=action["type"])
        if r.phase != phase:
            raise self.broken("out_of_order", f"{action['type']} is not possible now (expected "
                                              f"{_PHASE_TEXT[r.phase]})", gi, ai, what=action["type"],
                              phase=r.phase)
        if player is not None and action.get("player") != player:
            raise self.broken("wrong_player", f"{action['type']} by player {action.get('player')!r}, but it is "
                                              f"player {player}'s to do", gi, ai, what=action["type"],
                              expected=player, found=str(action.get("player")))

    def step(self, r: _GameReplay, gi: int, ai: int, action: dict) -> None:
        t = action["type"]
        if r.table_must_roll and t != "roll":
            raise self.broken("out_of_order", f"{t} after the clock ran out: the table only rolls", gi, ai,
                              what=t, phase="roll")
        if t == "opening_roll":
            self.expect(r, gi, ai, action, "opening", None)
            d0, d1 = action["dice"]
            if d0 != d1:
                r.turn = 0 if d0 > d1 else 1
                r.dice = (d0, d1)
                r.phase = "move"
        elif t == "roll":
            self.expect(r, gi, ai, action, "roll", r.turn)
            r.table_must_roll = False
            r.dice = (action["dice"][0], action["dice"][1])
            r.phase = "move"
        elif t == "play":
            self.expect(r, gi, ai, action, "move", r.turn)
            self.play(r, gi, ai, action.get("play"))
        elif t == "double":
            self.expect(r, gi, ai, action, "roll", r.turn)
            if r.crawford:
                raise self.broken("illegal_double", "no doubling in the Crawford game", gi, ai)
            if r.owner not in (None, r.turn):
                raise self.broken("illegal_double", f"player {r.turn} doubles but the cube is player {r.owner}'s",
                                  gi, ai)
            if r.cube * 2 > MAX_CUBE:
                raise self.broken("illegal_double", f"a double past the highest cube ({MAX_CUBE})", gi, ai)
            r.phase = "take"
        elif t in ("take", "pass"):
            self.expect(r, gi, ai, action, "take", 1 - r.turn)
            self.answer(r, t)
        elif t == "beaver":
            self.expect(r, gi, ai, action, "take", 1 - r.turn)
            if not r.beavers:
                raise self.broken("illegal_beaver", "a beaver, but beavers are not allowed in this game", gi, ai)
            if r.cube * 4 > MAX_CUBE:
                raise self.broken("illegal_beaver", f"a beaver past the highest cube ({MAX_CUBE})", gi, ai)
            r.cube *= 4
            r.owner = 1 - r.turn  # the beaverer owns the cube at 4x; the doubler rolls
            r.phase = "roll"
        elif t == "resign":
            if r.phase in ("over", "opening"):
                raise self.broken("out_of_order", "resign is not possible now", gi, ai, what=t, phase=r.phase)
            player = action.get("player")
            points = action.get("points")
            if player not in (0, 1) or points not in (r.cube, 2 * r.cube, 3 * r.cube):
                raise self.broken("bad_action", f"resign: points must be 1, 2 or 3 times the cube ({r.cube})",
                                  gi, ai, found=str(points))
            r.phase = "over"
            r.outcome = (1 - player, points, "resign")
        elif t == "claim":  # a peer game claimed against a silent player (game.claims)
            if r.phase == "over":
                raise self.broken("extra_action", "claim after the game was over", gi, ai, what=t)
            owed = action.get("owed", "decide")  # the accused owed a decision, or a message sent by itself
            decider = None if r.phase == "opening" else (1 - r.turn if r.phase == "take" else r.turn)
            claimant = action.get("player")
            if owed not in ("decide", "reveal", "renew") or owed == "decide" and decider is None:
                raise self.broken("bad_action", f"claim: 'owed' {owed!r} is not possible now", gi, ai,
                                  found=str(owed))
            if claimant not in (0, 1) or owed == "decide" and claimant == decider:
                raise self.broken("wrong_player", f"claim by player {claimant!r}, who must act itself", gi, ai,
                                  what=t, expected=None if decider is None else 1 - decider, found=str(claimant))
            pos = r.pos if r.turn in (None, claimant) else r.pos.swapped()
            from .claims import CLAIM_KIND, claim_points
            points = claim_points(pos[0], pos[1], r.cube, r.owner, self.jacoby, self.match_length,
                                  self.score[claimant])
            r.phase = "over"
            r.outcome = (claimant, points, CLAIM_KIND)
        elif t == "clock_expired":
            phase = action.get("phase")
            if phase not in CLOCK_PHASES:
                raise self.broken("bad_action", f"clock_expired: unknown phase {phase!r}", gi, ai, found=str(phase))
            who = 1 - r.turn if phase == "take" and r.turn is not None else r.turn
            self.expect(r, gi, ai, action, phase, who)
            played = action.get("played")
            if phase == "roll":
                if played != "roll":
                    raise self.broken("bad_action", "clock_expired before rolling: the table only rolls "
                                                    "(it never doubles)", gi, ai, found=str(played))
                r.table_must_roll = True
            elif phase == "move":
                self.play(r, gi, ai, played)
            else:
                if played not in ("take", "pass"):
                    raise self.broken("bad_action", f"clock_expired on a double: 'played' must be take or pass, "
                                                    f"got {played!r}", gi, ai, found=str(played))
                self.answer(r, played)

    def answer(self, r: _GameReplay, answer: str) -> None:
        if answer == "take":
            r.cube *= 2
            r.owner = 1 - r.turn
            r.phase = "roll"
        else:
            r.phase = "over"
            r.outcome = (r.turn, r.cube, "pass")

    def play(self, r: _GameReplay, gi: int, ai: int, text: Any) -> None:
        rules = r.rules
        dice_text = _pair_text(r.dice)
        if not isinstance(text, str):
            raise self.broken("bad_action", f"a play must be text, got {text!r}", gi, ai, found=str(text))
        try:
            play = rules.parse_play(text, r.pos, r.dice)
        except rules.NotationError as exc:
            raise self.broken("bad_notation", f"player {r.turn} with {dice_text}: {text!r} is not a play in "
                                              f"standard notation ({exc})", gi, ai, player=r.turn, dice=dice_text,
                              play=text, detail=str(exc))
        except rules.IllegalMoveError as exc:
            raise self.broken("illegal_play", f"player {r.turn} with {dice_text}: {text!r} is not a legal play "
                                              f"({exc})", gi, ai, player=r.turn, dice=dice_text, play=text,
                              detail=str(exc))
        r.pos = _apply_play(rules, r.pos, r.dice, play)
        if r.pos.is_over():
            multiplier = _multiplier(r.pos)
            r.phase = "over"
            r.outcome = (r.turn, r.cube * multiplier, KIND_BY_MULTIPLIER[multiplier])
        else:
            r.pos = r.pos.swapped()
            r.turn = 1 - r.turn
            r.phase = "roll"
        r.dice = None

    def game_result(self, gi: int, game: dict, r: _GameReplay, jacoby: bool) -> tuple[int | None, int, str] | None:
        recorded = game.get("result")
        if r.outcome is not None and jacoby and r.cube == 1 and r.outcome[2] in ("gammon", "backgammon"):
            r.outcome = (r.outcome[0], 1, "single")
        if recorded is None:
            self.fail("missing_field", "the game has no 'result'", gi, field="result")
            return r.outcome
        if not isinstance(recorded, dict) or recorded.get("kind") not in RESULT_KINDS:
            self.fail("bad_field", f"the game's result must have a 'kind' among {', '.join(RESULT_KINDS)}", gi,
                      field="result")
            return r.outcome
        rec = (recorded.get("winner"), recorded.get("points"), recorded.get("kind"))
        if r.outcome is None:
            if rec[2] != "abandoned":
                self.fail("result_mismatch", f"the game is not over after its last action, but the record says "
                                             f"{_outcome_text(rec)}", gi, recorded=_outcome_text(rec),
                          replayed="not over")
                return None
            return None
        if rec != r.outcome:
            self.fail("result_mismatch", f"the record says {_outcome_text(rec)}, the replay gives "
                                         f"{_outcome_text(r.outcome)}", gi, recorded=_outcome_text(rec),
                      replayed=_outcome_text(r.outcome))
        return r.outcome


_PHASE_TEXT = {"opening": "the opening roll", "roll": "a roll or a double", "move": "a play",
               "take": "a take or a pass", "over": "nothing: the game is over"}


def _outcome_text(outcome) -> str:
    winner, points, kind = outcome
    if kind == "abandoned":
        return "the game was abandoned"
    return f"player {winner} wins {points} point{'s' if points != 1 else ''} ({kind})"


def _score_text(score) -> str:
    try:
        return f"{score[0]}-{score[1]}"
    except (IndexError, KeyError, TypeError):
        return repr(score)


class _RulesEngine:
    """The parts of the rules engine the replay uses (imported on first use: building records needs none)."""

    def __init__(self) -> None:
        from rules.errors import IllegalMoveError, NotationError
        from rules.notation import parse_play
        from rules.position import Position

        self.Position, self.parse_play = Position, parse_play
        self.IllegalMoveError, self.NotationError = IllegalMoveError, NotationError


_ENGINE: _RulesEngine | None = None


def _rules_engine() -> _RulesEngine:
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = _RulesEngine()
    return _ENGINE


def _apply_play(rules: _RulesEngine, pos, dice, play):
    """The position after ``play`` (a legal play from ``parse_play``), still seen by the player who made it.

    Each step moves one of ``mine`` from ``frm`` (25 = bar) to ``to`` (0 = off); a hit sends the blot on ``to``
    (the other side's point 25 - to) to the other side's bar.
    """
    mine, theirs = list(pos[0]), list(pos[1])
    for step in play:
        mine[step.frm] -= 1
        mine[step.to] += 1
        if step.hit:
            theirs[25 - step.to] -= 1
            theirs[25] += 1
    return rules.Position(mine, theirs)


def _multiplier(pos) -> int:
    """1, 2 or 3 for a single game, gammon or backgammon, of a finished position seen by the winner."""
    return int(pos.winner_kind())
