"""Two in-memory peers joined by an ordered, reliable channel (lists of texts), and a random player."""
from __future__ import annotations

import random

import game
import net
from game import intents as I


def seeded_bytes(seed: int):
    rng = random.Random(seed)
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


class Link:
    """host <-> guest; ``pump`` delivers every queued text in order until both queues are empty."""

    def __init__(self, seed: int = 0, settings: net.Settings | None = None, clock: int = 45, **kw) -> None:
        settings = settings or net.Settings(clock=clock)
        self.host = net.PeerSession("host", "Ana", settings, random_bytes=seeded_bytes(seed), **kw)
        self.guest = net.PeerSession("guest", "Bea", random_bytes=seeded_bytes(seed + 10_000), **kw)
        self.to_guest: list = []
        self.to_host: list = []
        self.refusals: list = []
        self.now = 0.0
        self.texts = 0

    def side(self, p: int) -> net.PeerSession:
        return self.host if p == 0 else self.guest

    def send_from(self, p: int, outcome: net.Outcome) -> None:
        (self.to_guest if p == 0 else self.to_host).extend(outcome.send)
        if outcome.refused is not None:
            self.refusals.append((p, outcome.refused))

    def pump(self, limit: int = 1000) -> None:
        for _ in range(limit):
            if self.to_guest:
                text = self.to_guest.pop(0)
                self.texts += 1
                self.send_from(1, self.guest.receive(text, self.now))
            elif self.to_host:
                text = self.to_host.pop(0)
                self.texts += 1
                self.send_from(0, self.host.receive(text, self.now))
            else:
                return
        raise AssertionError("the peers keep talking")

    def connect(self) -> None:
        self.send_from(0, self.host.start(self.now))
        self.pump()

    def act(self, p: int, intent) -> None:
        self.send_from(p, self.side(p).act(intent, self.now))
        self.pump()


def random_turn(link: Link, rng: random.Random, double_rate: float = 0.1, take_rate: float = 0.7,
                resign_rate: float = 0.0) -> bool:
    """The player who must decide makes one random legal decision; False when nobody must decide. With
    ``resign_rate``, the player on turn sometimes offers to resign, and an offer is accepted or declined."""
    for p in (0, 1):
        s = link.side(p)
        if not s.my_decision():
            continue
        st = s.state()
        link.now += 1.0
        if st.offer is not None:
            link.act(p, I.AcceptResign() if rng.random() < 0.4 else I.DeclineResign())
        elif resign_rate and st.can_resign and st.resign_offers and rng.random() < resign_rate:
            link.act(p, I.Resign(rng.choice(sorted(st.resign_offers.values()))))
        elif st.phase == game.ROLL:
            link.act(p, I.Double() if st.can_double and rng.random() < double_rate else I.Roll())
        elif st.phase == game.TAKE:
            link.act(p, I.Take() if rng.random() < take_rate else I.Pass())
        else:
            comp = s.table.completions()
            steps = comp[rng.choice(sorted(comp))]
            for step in steps:
                link.act(p, I.Move(step.frm, step.to, step.die))
            link.act(p, I.Done())
        return True
    return False


def play_game(link: Link, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if not random_turn(link, rng):
            return
    raise AssertionError("the game did not end")


def both_next(link: Link) -> None:
    link.act(0, I.NextGame())
    link.act(1, I.NextGame())


def advance_until(link: Link, rng: random.Random, pred, limit: int = 2000) -> None:
    """Random legal decisions until ``pred(link)`` holds (AssertionError if the game ends first)."""
    for _ in range(limit):
        if pred(link):
            return
        assert random_turn(link, rng, double_rate=0.0), "the game ended first"
    raise AssertionError("never reached")


def forge(sender, seq=None, **fields) -> str:
    """A message from ``sender`` with its next sequence number, written by hand (as a cheating peer would)."""
    import json
    msg = {"v": 1, "seq": sender.seq_out + 1 if seq is None else seq, **fields}
    if fields.get("t") in net.messages.HASHED and "h" not in fields:
        msg["h"] = sender.state_hash()
    return json.dumps(msg)


def fingerprint_of(s) -> tuple:
    """What must not change when a message is refused."""
    return (s.state_hash(), s.seq_in, s.seq_out, len(s.log), s.stage,
            s.table.state().board if s.table is not None else None,
            s.table.state().steps if s.table is not None else None, s.k, tuple(s.revealed))
