"""Played sessions for the GNU Backgammon checks: the table with both seats driven, seeded, and a snapshot of
the table at every decision (the state, and how many ``.mat`` actions of the game were written by then: the
``.mat`` is written from the record, so this is counted from the record's actions at the end)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import game
from game.export import mat_match
from game.drive import BotChooser, answer_for
from game.state import GAME_OVER, MATCH_OVER
from rules.mat import MatMatch
from game import intents as I


class SessionChooser:
    """Random legal plays, or the bot's (``bot_rate``); doubles, takes and beavers at the given rates."""

    def __init__(self, table, seed: int, double_rate: float, take_rate: float, beaver_rate: float = 0.0,
                 bot_rate: float = 0.0, resign_rate: float = 0.0) -> None:
        self.table, self.rng = table, random.Random(seed)
        self.resign_rate = resign_rate
        self.double_rate, self.take_rate, self.beaver_rate, self.bot_rate = (double_rate, take_rate, beaver_rate,
                                                                             bot_rate)
        self.bot = BotChooser() if bot_rate else None

    def _resign(self, p):
        """Sometimes the seat on turn offers to resign (the table's own offer and answer, game.resign)."""
        if p.resign and self.rng.random() < self.resign_rate:
            return f"resign {self.rng.choice(p.resign)}"
        return None

    def resign_answer(self, p) -> str:
        return "accept" if self.rng.random() < 0.6 else "decline"

    def cube(self, p) -> str:
        offer = self._resign(p)
        if offer:
            return offer
        return "double" if self.rng.random() < self.double_rate else "no_double"

    def answer(self, p) -> str:
        m = self.table.value.match
        if m.can_beaver(1 - p.player) and self.rng.random() < self.beaver_rate:
            return "beaver"
        return "take" if self.rng.random() < self.take_rate else "pass"

    def play(self, p) -> str:
        offer = self._resign(p)
        if offer:
            return offer
        if self.bot is not None and self.rng.random() < self.bot_rate:
            return self.bot.play(p)
        return self.rng.choice(p.candidates)


@dataclass
class Session:
    name: str
    table: game.Table
    snaps: list = field(default_factory=list)  # per game: [(mat actions written, State)]

    def count_mat_actions(self) -> None:
        """Turn each snapshot's count of record actions into the count of ``.mat`` actions written by then."""
        sources: list = []
        mat_match(self.table.record(), sources)
        self.snaps = [[(sum(1 for ai in src if ai < n), st) for n, st in gs] for gs, src in zip(self.snaps, sources)]


def play_session(name: str, seed: int, length: int, *, jacoby=False, beavers=False, games=1, double_rate=0.1,
                 take_rate=0.7, beaver_rate=0.0, bot_rate=0.0, resign_rate=0.0) -> Session:
    opts = game.Options(seats=(game.Seat("bot", "beginner", name="Ana"), game.Seat("bot", "beginner", name="Bia")),
                        match_length=length, jacoby=jacoby, beavers=beavers, seed=f"{seed:064x}")
    t = game.Table(opts)
    s = Session(name, t, [[]])
    chooser = SessionChooser(t, seed, double_rate, take_rate, beaver_rate, bot_rate, resign_rate)
    for _ in range(20_000):
        st = t.state()
        gi = st.game_number - 1
        s.snaps[gi].append((len(t.value.record["games"][gi]["actions"]), st))
        if st.phase == MATCH_OVER or (st.phase == GAME_OVER and len(s.snaps) >= games and not length):
            s.count_mat_actions()
            return s
        if st.phase == GAME_OVER:
            t.apply(I.NextGame())
            s.snaps.append([])
            continue
        t.apply(answer_for(t.pending(), chooser))
    raise AssertionError(f"session {name} did not end")


def sessions() -> list:
    """Money with and without Jacoby and beavers (high cubes up to the cap among them), matches of 1 to 7
    points (Crawford games in the longer ones); random plays give dances, gammons and backgammons, some
    plays are the bot's."""
    out = []
    n = 0
    for length in (1, 2, 3, 4, 5, 7):
        for k in range(3):
            n += 1
            out.append(play_session(f"match{length}-{k}", 1000 + n, length, double_rate=0.02 + 0.04 * k,
                                    take_rate=0.7, bot_rate=0.2 if k == 0 else 0.0))
    for k in range(8):
        n += 1
        out.append(play_session(f"money-{k}", 2000 + n, 0, jacoby=k % 2 == 0, beavers=k % 4 < 2, games=4,
                                double_rate=0.05 if k < 6 else 0.6, take_rate=0.8 if k < 6 else 0.95,
                                beaver_rate=0.3 if k % 4 < 2 else 0.0))
    for k in range(4):  # games the table's own resignations end (offers declined, accepted)
        n += 1
        length = (0, 0, 5, 7)[k]
        out.append(play_session(f"resign-{k}", 3000 + n, length, jacoby=k == 1, games=6, double_rate=0.08,
                                take_rate=0.8, resign_rate=0.03))
    return out


def resigned_games(match: MatMatch, seed: int) -> list:
    """One-game matches cut from ``match``'s games at a random turn, where the player on turn resigns a single,
    gammon or backgammon: before rolling, or after rolling (the roll written with no move, as GNU Backgammon
    writes a resignation after rolling)."""
    import rules
    from rules.mat import MatAction, MatGame, MatMatch
    rng = random.Random(seed)
    out = []
    for game_ in match.games:
        rolls = [i for i, a in enumerate(game_.actions) if a.kind == "roll" and i > 0]
        if not rolls:
            continue
        cut = rng.choice(rolls)
        acts = list(game_.actions[:cut])
        cube = 1
        for a in acts:
            if a.kind in ("take", "beaver"):
                cube = cube * 2 if a.kind == "take" else cube * 4
        nxt = game_.actions[cut]
        p = nxt.player
        pos = rules.Position.initial()
        for a in acts:  # the position before the cut, seen by the player on turn
            if a.kind == "roll":
                t = rules.Turn(pos, a.dice)
                for s in a.play:
                    t = t.apply_step(s)
                pos = t.position.swapped()
        can_roll = len(rules.legal_plays(pos, nxt.dice)) > 1
        answered = acts[-1].kind in ("take", "beaver")
        if answered and not can_roll:
            # GNU Backgammon misreads a doubler resigning right after the take, before rolling (it adds a
            # second double, even to its own export of such a game): not a case to compare
            continue
        if can_roll and (answered or rng.random() < 0.6):
            acts.append(MatAction(p, "roll", nxt.dice, ()))
        points = cube * rng.choice((1, 2, 3))
        acts.append(MatAction(p, "resign", value=points))
        out.append(MatMatch(length=match.length, players=match.players,
                            games=(MatGame((0, 0), tuple(acts), 1 - p, points),), tags=match.tags))
    return out
