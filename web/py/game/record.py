"""The game record: a versioned JSON document of a finished (or abandoned) game or match, and its builder.

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

``RecordBuilder`` is what the game state machine calls while it plays; ``load_record`` reads record text.
Checking a record is ``game.verify``; its dice statistics are ``game.dice_stats``. Pure: no js, no pyscript.
"""
from __future__ import annotations

import json
from typing import Any, Self

from rules import dice as _dice

from .kinds import CLOCK_PHASES, RESULT_KINDS, SEAT_KINDS, JsonDict

__all__ = ["FORMAT", "VERSION", "DICE_SCHEME", "PEER_DICE_SCHEME", "NO_DICE_SCHEME", "SEAT_KINDS", "RESULT_KINDS", "MAX_RECORD_CHARS",
           "RecordError", "RecordBuilder", "load_record", "record_json"]

FORMAT = "gamao-record"
VERSION = 1
DICE_SCHEME = "gamao/dice/v1"
PEER_DICE_SCHEME = "gamao/peer-dice/v1"
NO_DICE_SCHEME = "none"  # a game from elsewhere (a .mat file): its dice were never committed to
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



class RecordBuilder:
    """Builds a record while a game or match is played.

    >>> b = RecordBuilder(players=[{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": 2}])
    >>> b.new_game(fingerprint)        # each game of a match has its own seed; then for each action:
    >>> b.opening_roll(5, 2); b.play(0, "13/8 24/22"); b.roll(1, 6, 6); ...
    >>> b.result(winner=0, points=1, kind="single"); b.reveal(seed); b.to_json()

    ``fingerprint=`` in the constructor starts the first game at once. Calls apply to the current game.
    """

    def __init__(self, players: list[JsonDict], match_length: int = 0, rules: JsonDict | None = None,
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
    def game(self) -> JsonDict:
        if not self.data["games"]:
            raise RecordError("no game started: call new_game(fingerprint) first")
        game: JsonDict = self.data["games"][-1]
        return game

    def _add(self, action: JsonDict) -> JsonDict:
        if self.game["result"] is not None:
            raise RecordError("the game already has its result")
        self.game["actions"].append(action)
        return action

    # actions
    def opening_roll(self, d0: int, d1: int) -> JsonDict:
        """One opening throw: d0 is player 0's die, d1 player 1's (a tie is followed by another opening roll)."""
        return self._add({"type": "opening_roll", "dice": [_die(d0), _die(d1)]})

    def roll(self, player: int, d1: int, d2: int) -> JsonDict:
        return self._add({"type": "roll", "player": _player(player), "dice": [_die(d1), _die(d2)]})

    def play(self, player: int, notation: str) -> JsonDict:
        """A whole play in standard notation as ``rules.format_play`` writes it (e.g. "13/8 24/22")."""
        if not isinstance(notation, str):
            raise RecordError(f"a play is written as text, got {type(notation).__name__}")
        return self._add({"type": "play", "player": _player(player), "play": notation})

    def double(self, player: int) -> JsonDict:
        return self._add({"type": "double", "player": _player(player)})

    def take(self, player: int) -> JsonDict:
        return self._add({"type": "take", "player": _player(player)})

    def beaver(self, player: int) -> JsonDict:
        """The player who was doubled takes and at once redoubles, keeping the cube (money play, beavers on)."""
        return self._add({"type": "beaver", "player": _player(player)})

    def pass_(self, player: int) -> JsonDict:
        return self._add({"type": "pass", "player": _player(player)})

    def resign(self, player: int, points: int) -> JsonDict:
        """``player`` gives up the game, losing ``points`` (cube value times 1, 2 or 3)."""
        return self._add({"type": "resign", "player": _player(player), "points": int(points)})

    def clock_expired(self, player: int, phase: str, what_was_played: str) -> JsonDict:
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
        return self._add({"type": "clock_expired", "player": _player(player), "phase": phase, "played": what_was_played})

    def claim(self, player: int, owed: str, offer: int | None = None) -> JsonDict:
        """``player`` claims the game against a peer who went silent owing a decision (``owed`` "decide"), or a
        message of the dice (``"reveal"``, ``"renew"``); ``offer``: the points of a resignation that waited for
        its answer."""
        action: JsonDict = {"type": "claim", "player": _player(player), "owed": owed}
        if offer is not None:
            action["offer"] = int(offer)
        return self._add(action)

    def hint(self, player: int) -> None:
        """``player`` was shown a hint in the current game: counted in the game's ``hints`` ([player 0, player 1]),
        which is only present once a hint was used."""
        counts = self.game.setdefault("hints", [0, 0])
        counts[_player(player)] += 1

    def result(self, winner: int | None, points: int, kind: str) -> None:
        """The game's end: ``kind`` one of single, gammon, backgammon, pass, resign, abandoned (winner None)."""
        if kind not in RESULT_KINDS:
            raise RecordError(f"result kind must be one of {', '.join(RESULT_KINDS)}, got {kind!r}")
        if kind not in ("abandoned", "unfinished"):
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

    def summary(self) -> JsonDict:
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
            complete = bool(last and last["kind"] not in ("abandoned", "unfinished"))
        return {"score": score, "winner": winner, "complete": complete}

    @classmethod
    def over(cls, data: JsonDict) -> Self:
        """A builder writing to the record ``data`` itself (a table's record, as ``Table.amend_record`` gives it)."""
        builder = cls(players=data["players"], match_length=data["match_length"])
        builder.data = data
        return builder

    def to_dict(self) -> JsonDict:
        """The record as plain data (the match result filled in from the games if not given)."""
        data: JsonDict = json.loads(json.dumps(self.data))
        data.setdefault("result", self.summary())
        return data

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False) + "\n"


def record_json(data: JsonDict) -> str:
    """The text of the record ``data`` (a table's, ``table.value.record``), the match result filled in from the
    games if not given: the file of the game (``RecordBuilder.to_json``)."""
    return RecordBuilder.over(data).to_json()


def load_record(text: str) -> JsonDict:
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
