"""Verification of a game record (docs/game-record.md): the seed against the fingerprint, every throw against the
derivation, every play, cube action and claim replayed by ``game.reducer`` (the rules engine and
``rules.MatchState``), every game's result and the match score. ``walk_record`` is the same replay with an observer,
for review and analysis. Pure: no js, no pyscript.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Optional

import rules
from rules import dice as _dice

from .dice_stats import DiceStats
from .kinds import ACTION_TYPES, RESULT_KINDS, SEAT_KINDS, JsonDict, RollKind
from .record import DICE_SCHEME, FORMAT, NO_DICE_SCHEME, PEER_DICE_SCHEME, VERSION, RecordError, load_record
from .reducer import GameState, Outcome, Refused, advance, pair_text, start

__all__ = ["Problem", "RollVerdict", "Verdict", "GameState", "verify_record", "verify_many", "walk_record",
           "PEER_FINGERPRINT_LABEL", "MAX_MATCH_LENGTH", "Observer"]

PEER_FINGERPRINT_LABEL = b"gamao/peer-fingerprint/v1"  # as net.peertable.peer_fingerprint
MAX_MATCH_LENGTH = 32767  # rules.MatchState's (GNU Backgammon's) longest match

#: ``observer(game, action, data, before, after)`` of :func:`walk_record`.
Observer = Callable[[int, int, JsonDict, GameState, GameState], None]
#: The record as given to the verifier: its text (str or UTF-8 bytes) or its data.
RecordInput = str | bytes | JsonDict


@dataclass
class Problem:
    """One reason a record fails. ``code`` is stable (the page translates by it); ``message`` is English."""
    code: str
    message: str
    game: int | None = None      # 0-based game index
    action: int | None = None    # 0-based action index within the game
    params: dict[str, Any] = field(default_factory=dict)

    def where(self) -> str:
        parts: list[str] = []
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
    kind: RollKind                # "opening" or "roll"
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
    games: list[JsonDict]         # per game: {"fingerprint", "seed", "seed_ok", "result", "actions"}
    record: JsonDict | None = None
    notes: list[Problem] = field(default_factory=list)  # not failures: "dice_unverifiable" (a game with no seed)

    @property
    def reasons(self) -> list[str]:
        return [str(p) for p in self.problems]

    @property
    def dice_verified(self) -> bool:
        """False when some game has no dice commitment (a match from a .mat file): its dice cannot be checked."""
        return not any(n.code == "dice_unverifiable" for n in self.notes)

    def to_dict(self) -> JsonDict:
        return {"ok": self.ok, "dice_verified": self.dice_verified, "problems": [vars(p) for p in self.problems],
                "notes": [vars(n) for n in self.notes], "rolls": [vars(r) for r in self.rolls],
                "stats": self.stats.to_dict(), "games": self.games}


def verify_record(record: RecordInput) -> Verdict:
    """Check a record completely; never raises for bad input: every fault is a Problem in the verdict."""
    replay = _Replay()
    try:
        return replay.run(record)
    except Exception as exc:  # a bug of ours must still give a verdict, never a crash of the page
        replay.fail("internal_error", f"the verifier failed: {type(exc).__name__}: {exc}")
        return replay.verdict(record if isinstance(record, dict) else None)


def verify_many(records: list[RecordInput]) -> tuple[list[Verdict], DiceStats]:
    """Verify several records; the combined dice statistics of all of them (for the chi-square over many games)."""
    verdicts = [verify_record(r) for r in records]
    total = DiceStats()
    for v in verdicts:
        total = total.merge(v.stats)
    return verdicts, total



def walk_record(record: RecordInput, observer: Observer) -> Verdict:
    """Replay ``record`` exactly as ``verify_record`` does, calling ``observer(game, action, data, before,
    after)`` (indexes 0-based, ``data`` the action's dict, ``before``/``after`` ``game.reducer.GameState``) for every
    action the replay applies. Review and analysis use it, so no second replayer exists. Unlike
    ``verify_record``, an exception raised by the observer propagates."""
    return _Replay(observer).run(record)


class _Replay:
    def __init__(self, observer: Optional[Observer] = None) -> None:
        self.observer = observer
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.rolls: list[RollVerdict] = []
        self.stats = DiceStats()
        self.games: list[JsonDict] = []
        self.unfinished = False  # some game's replay stopped on a problem

    def fail(self, code: str, message: str, game: int | None = None, action: int | None = None, **params: Any) -> None:
        self.problems.append(Problem(code, message, game, action, params))

    def verdict(self, data: JsonDict | None) -> Verdict:
        return Verdict(not self.problems, self.problems, self.rolls, self.stats, self.games, data, self.notes)

    # record level
    def run(self, record: RecordInput) -> Verdict:
        data = self.load(record)
        if data is None or not self.header(data):
            return self.verdict(data)
        n = data["match_length"]
        opts = data.get("rules") or {}
        use_crawford = bool(opts.get("crawford", True)) and n > 0
        match = rules.MatchState(length=n, jacoby=bool(opts.get("jacoby", False)) and n == 0,
                                 beavers=bool(opts.get("beavers", False)) and n == 0)
        for gi, game in enumerate(data["games"]):
            if match.is_over:
                score = list(match.score)
                self.fail("match_already_over", f"the match was already won ({score[0]}-{score[1]}) before this game",
                          gi, score=score)
            # rules.MatchState.after_game makes the game after the one in which a player *reaches* 1-away the
            # Crawford game (so the first game never is one: a 1-point match has none, its cube is dead).
            if not use_crawford:
                match = replace(match, crawford=False)
            outcome = self.game(gi, game, match)
            if outcome is not None and outcome[0] is not None:
                match = _after_game(match, outcome[0], outcome[1])
            else:  # a game with no winner leaves the score; a Crawford game it was is used up all the same
                match = replace(match, crawford=False)
        if not self.unfinished:  # a game whose replay stopped says nothing about the match score
            self.match_result(data, list(match.score))
        return self.verdict(data)

    def load(self, record: object) -> JsonDict | None:
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

    def header(self, data: JsonDict) -> bool:
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
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_MATCH_LENGTH:
            self.fail("bad_field", f"'match_length' must be an integer 0 to {MAX_MATCH_LENGTH} (0 = money play)",
                      field="match_length")
            ok = False
        if "rules" in data and not isinstance(data["rules"], dict):
            self.fail("bad_field", "'rules' must be an object", field="rules")
            ok = False
        games = data["games"]
        if not isinstance(games, list) or not games:
            self.fail("bad_field", "'games' must be a non-empty list", field="games")
            ok = False
        return ok

    def match_result(self, data: JsonDict, score: list[int]) -> None:
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
    def game(self, gi: int, game: Any, match: rules.MatchState) -> Optional[Outcome]:
        """Replay one game from ``match`` (score before it, Crawford, options); its outcome, or None."""
        info: dict[str, Any] = {"index": gi, "fingerprint": None, "seed": None, "seed_ok": None, "result": None,
                                "actions": 0, "crawford": match.crawford}
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
        replay: GameState | None = start(match)
        throw_index = 0
        for ai, action in enumerate(actions):
            if not isinstance(action, dict) or action.get("type") not in ACTION_TYPES:
                what = action.get("type") if isinstance(action, dict) else type(action).__name__
                self.fail("bad_action", f"unknown action {what!r}", gi, ai, found=str(what))
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
                kind: RollKind = "opening" if action["type"] == "opening_roll" else "roll"
                player = action.get("player") if kind == "roll" else None
                self.rolls.append(RollVerdict(gi, throw_index, kind, player, pair, derived, ok))
                self.stats.add(pair)
                if derived is not None and not ok:
                    who = "opening throw" if kind == "opening" else f"roll by player {player}"
                    self.fail("die_mismatch", f"throw {throw_index + 1} ({who}): the record has "
                                              f"{pair_text(pair)} but the seed gives {pair_text(derived)}",
                              gi, ai, throw=throw_index + 1, recorded=pair_text(pair), derived=pair_text(derived))
                throw_index += 1
            if replay is None:
                continue
            before = replay
            try:
                replay = advance(replay, action)
            except Refused as refused:
                self.fail(refused.code, refused.message, gi, ai, **refused.params)
                replay = None
                continue
            if self.observer:
                self.observer(gi, ai, action, before, replay)
        if replay is None:
            self.unfinished = True
            return None
        return self.game_result(gi, game, replay.final_outcome())

    def throws(self, gi: int, dice_info: Any, info: JsonDict) -> Optional[Iterator[tuple[int, int]]]:
        """The derived throws of the game, or None (with a problem) when they cannot be derived."""
        if not isinstance(dice_info, dict):
            self.fail("bad_field", "'dice' must be an object", gi, field="dice")
            return None
        scheme = dice_info.get("scheme", DICE_SCHEME)
        if scheme == NO_DICE_SCHEME:  # a game from elsewhere: its moves are checked, its dice cannot be
            info["scheme"] = NO_DICE_SCHEME
            self.notes.append(Problem("dice_unverifiable", "this game has no seed (it was imported from a match "
                                                           "file): its dice cannot be verified", gi))
            return None
        if scheme == DICE_SCHEME:
            fp: Any = dice_info.get("fingerprint")  # JSON: checked here
            seed: Any = dice_info.get("seed")
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
                given: list[Any] = [dice_info.get(k) for k in ("host_commitment", "guest_commitment")]
                commits = [_dice.seed_from_hex(c) for c in given]
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

    def pair(self, gi: int, ai: int, action: JsonDict) -> tuple[int, int] | None:
        d = action.get("dice")
        if (not isinstance(d, list) or len(d) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in d)):
            self.fail("bad_action", f"{action['type']}: 'dice' must be two integers 1 to 6, got {d!r}", gi, ai,
                      found=str(d))
            return None
        return d[0], d[1]

    def game_result(self, gi: int, game: JsonDict, outcome: Optional[Outcome]) -> Optional[Outcome]:
        """The replayed ``outcome`` against the game's recorded result."""
        recorded = game.get("result")
        if recorded is None:
            self.fail("missing_field", "the game has no 'result'", gi, field="result")
            return outcome
        if not isinstance(recorded, dict) or recorded.get("kind") not in RESULT_KINDS:
            self.fail("bad_field", f"the game's result must have a 'kind' among {', '.join(RESULT_KINDS)}", gi,
                      field="result")
            return outcome
        rec = (recorded.get("winner"), recorded.get("points"), recorded.get("kind"))
        if outcome is None:
            if rec[2] not in ("abandoned", "unfinished"):
                self.fail("result_mismatch", f"the game is not over after its last action, but the record says "
                                             f"{_outcome_text(rec)}", gi, recorded=_outcome_text(rec),
                          replayed="not over")
                return None
            return None
        if rec != outcome:
            self.fail("result_mismatch", f"the record says {_outcome_text(rec)}, the replay gives "
                                         f"{_outcome_text(outcome)}", gi, recorded=_outcome_text(rec),
                      replayed=_outcome_text(outcome))
        return outcome


def _after_game(match: rules.MatchState, winner: int, points: int) -> rules.MatchState:
    """The state for the next game (``rules.MatchState.after_game``); past a match already won (a record that
    fails) the points are still added, so the final score can be compared."""
    if not match.is_over:
        return match.after_game(winner, points)
    score = list(match.score)
    score[winner] += points
    return replace(match, score=(score[0], score[1]), cube=1, cube_owner=None)


def _outcome_text(outcome: tuple[Any, Any, Any]) -> str:
    winner, points, kind = outcome
    if kind == "abandoned":
        return "the game was abandoned"
    if kind == "unfinished":
        return "the game is not finished"
    return f"player {winner} wins {points} point{'s' if points != 1 else ''} ({kind})"


def _score_text(score: Any) -> str:
    try:
        return f"{score[0]}-{score[1]}"
    except (IndexError, KeyError, TypeError):
        return repr(score)
