"""Self-play TD(lambda) training of the bot's contact and race networks (numpy, one core).

Each network: the inputs of ``bot.features`` (224), one hidden layer of sigmoid units, five sigmoid outputs
(win, gammon win, backgammon win, gammon loss, backgammon loss) for the side on roll. Both sides of every game
play greedily at 0-ply with the current networks; after each game, every position gets its offline
lambda-return as target (built backwards from the game's result through the networks' own evaluations of the
following positions) and one cross-entropy gradient step is taken on the game (plain SGD). Positions where the
armies have passed go to the race network, all others to the contact network.

Resumable: checkpoints (weights + counters + both random generators) go to ``--run-dir`` every few minutes;
running the same command again continues from the last one. A log line per interval and a small pubeval
match now and then go to ``<run-dir>/log.txt``.

    nice -n 10 .venv/bin/python -m tools.bot.train_bot --run-dir runs/td1 --seed 1 --games 200000
"""
from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

from bot import features
from rules.board import START_BOARD, Board, is_race, swap, winner_kind
from rules.movegen import result_boards as results

from tools.bench import pubeval

N_IN = features.N_INPUTS
N_OUT = 5


def _build_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per-slot unit table (52, 16, 4) and pip matrix (52, 2), both from ``bot.features``."""
    lut = np.zeros((features.SLOTS, features.MAX_COUNT + 1, features.PER_SLOT))
    pipm = np.zeros((features.SLOTS, 2))
    for slot in range(features.SLOTS):
        side, point = divmod(slot, 26)
        for n in range(features.MAX_COUNT + 1):
            lut[slot, n] = features.slot_units(point, n)
        pipm[slot, side] = features.pip_weight(point)
    return lut, pipm


LUT, PIPM = _build_tables()
SLOT_IDX = np.arange(features.SLOTS)
POINT_BITS = (np.int64(1) << np.arange(26, dtype=np.int64))
POINT_BITS[0] = 0


SHIFTS = np.array([25 - q + 1 for q in range(1, 25)], dtype=np.int64)  # blot on target point q


ROLL_SETS = np.array(features.ROLL_SETS, dtype=np.int64)
LOSSES = np.arange(24, 0, -1, dtype=np.int64)  # 25 - q for q = 1..24


def hit_stats(hitter: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Vectorised ``features.hit_stats`` over rows of 26-slot counts: (N, 3)."""
    occ = ((hitter > 0) * POINT_BITS).sum(axis=1)
    sets = np.where(target[:, 1:25] == 1, ROLL_SETS[(occ[:, None] >> SHIFTS[None, :]) & 0xFFF], 0)
    covered = np.zeros(len(hitter), dtype=np.int64)
    twice = np.zeros_like(covered)
    loss = np.zeros_like(covered)
    for i in range(24):  # q = i + 1, the costliest blots first
        s = sets[:, i]
        loss += LOSSES[i] * np.bitwise_count(s & ~covered)
        twice |= covered & s
        covered |= s
    out = np.empty((len(hitter), 3))
    out[:, 0] = np.bitwise_count(covered) / 36.0
    out[:, 1] = np.bitwise_count(twice) / 36.0
    out[:, 2] = loss / (36.0 * 24.0)
    return out


ESCAPES = np.array(features.ESCAPES, dtype=np.int64)
BLOCK_BITS = np.int64(1) << np.arange(1, 25, dtype=np.int64)  # bit j for point j = 1..24
CONTAIN_SHIFTS = np.array([26 - p for p in range(13, 25)], dtype=np.int64)


def _rearmost(side: np.ndarray) -> np.ndarray:
    """The highest point 1..25 holding a checker of each row (0 when none)."""
    occupied = side[:, 25:0:-1] > 0
    return np.where(occupied.any(axis=1), 25 - occupied.argmax(axis=1), 0)


def side_extras(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Vectorised ``features.side_extras`` over rows of 26-slot counts: (N, 6)."""
    made_other = other[:, 1:25] >= 2
    blocks = (made_other * BLOCK_BITS).sum(axis=1)
    home = made_other[:, :6].sum(axis=1)
    back = _rearmost(side)
    escape = ESCAPES[(blocks >> (26 - back)) & 0xFFF]
    least = ESCAPES[(blocks[:, None] >> CONTAIN_SHIFTS[None, :]) & 0xFFF].min(axis=1)
    bits = ((side[:, 1:25] >= 2) * BLOCK_BITS).sum(axis=1)
    run = np.zeros(len(side), dtype=np.int64)
    while bits.any():
        run += bits != 0
        bits = bits & (bits >> 1)
    closed = (home / 6.0) ** 2
    their_back = _rearmost(other)
    suffix = np.cumsum(side[:, ::-1], axis=1)[:, ::-1]  # suffix[:, k] = side[:, k:26].sum()
    behind = np.where(their_back > 0, suffix[np.arange(len(side)), np.maximum(26 - their_back, 0) % 26], 0)
    out = np.empty((len(side), features.SIDE_EXTRAS))
    out[:, 0] = escape / 36.0
    out[:, 1] = 1.0 - least / 36.0
    out[:, 2] = np.minimum(run, 6) / 6.0
    out[:, 3] = closed
    out[:, 4] = np.where(side[:, 25] > 0, closed, 0.0)
    out[:, 5] = behind / 15.0
    return out


def encode_batch(boards: list[Board]) -> np.ndarray:
    """Inputs for many boards (each seen by its side on roll); equal to ``features.encode`` row by row."""
    counts = np.array([m + t for m, t in boards], dtype=np.int64)
    x = np.empty((len(boards), N_IN))
    x[:, :features.PIP_MINE] = LUT[SLOT_IDX, counts].reshape(len(boards), -1)
    x[:, features.PIP_MINE:features.N_BASE] = counts @ PIPM
    h_mine = hit_stats(counts[:, :26], counts[:, 26:])
    h_theirs = hit_stats(counts[:, 26:], counts[:, :26])
    x[:, features.HIT_MINE] = h_mine[:, 0]
    x[:, features.HIT_THEIRS] = h_theirs[:, 0]
    x[:, features.N_V2:features.N_V2 + features.SIDE_EXTRAS] = side_extras(counts[:, :26], counts[:, 26:])
    x[:, features.N_V2 + features.SIDE_EXTRAS:features.N_V3] = side_extras(counts[:, 26:], counts[:, :26])
    x[:, features.N_V3:features.N_V3 + features.HIT_EXTRAS] = h_mine[:, 1:]
    x[:, features.N_V3 + features.HIT_EXTRAS:] = h_theirs[:, 1:]
    return x


class Net:
    """One hidden layer MLP with sigmoid units and outputs."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        self.w1 = rng.normal(0.0, 0.1, (N_IN, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, (hidden, N_OUT))
        self.b2 = np.zeros(N_OUT)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))
        o = 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))
        return h, o

    def train(self, x: np.ndarray, y: np.ndarray, lr: float) -> float:
        h, o = self.forward(x)
        dz2 = o - y  # cross-entropy through the output sigmoid
        dh = (dz2 @ self.w2.T) * h * (1.0 - h)
        self.w2 -= lr * (h.T @ dz2)
        self.b2 -= lr * dz2.sum(0)
        self.w1 -= lr * (x.T @ dh)
        self.b1 -= lr * dh.sum(0)
        return float(np.mean((o - y) ** 2))

    def state(self) -> dict:
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}

    def load(self, d: dict, prefix: str) -> None:
        for k in ("w1", "b1", "w2", "b2"):
            setattr(self, k, np.array(d[prefix + k]))
        if self.w1.shape[0] < N_IN:  # a checkpoint from before the hit-share inputs: they start at zero
            pad = np.zeros((N_IN - self.w1.shape[0], self.w1.shape[1]))
            self.w1 = np.vstack([self.w1, pad])


def invert(o: np.ndarray) -> np.ndarray:
    """Outputs seen by the other side: win <-> loss, gammons and backgammons exchanged."""
    return np.stack([1.0 - o[..., 0], o[..., 3], o[..., 4], o[..., 1], o[..., 2]], axis=-1)


def equity(o: np.ndarray) -> np.ndarray:
    """Cubeless money equity of the side on roll."""
    return 2.0 * o[..., 0] - 1.0 + o[..., 1] + o[..., 2] - o[..., 3] - o[..., 4]


def outcome_vector(kind: int) -> np.ndarray:
    """Target for the winner's position before its winning play."""
    return np.array([1.0, 1.0 if kind >= 2 else 0.0, 1.0 if kind == 3 else 0.0, 0.0, 0.0])


class Evaluator:
    """Contact and race networks together: evaluate boards with the side on roll's outputs."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        self.contact = Net(hidden, rng)
        self.race = Net(hidden, rng)

    def outputs(self, boards: list[Board]) -> np.ndarray:
        out = np.empty((len(boards), N_OUT))
        race_mask = np.array([is_race(b) for b in boards])
        for mask, net in ((~race_mask, self.contact), (race_mask, self.race)):
            if mask.any():
                idx = np.nonzero(mask)[0]
                out[idx] = net.forward(encode_batch([boards[i] for i in idx]))[1]
        return out

    def choose(self, board: Board, d1: int, d2: int) -> tuple[Board, np.ndarray | None, int]:
        """Greedy 0-ply play. Returns (result not swapped, outputs of swap(result) or None if won, win kind)."""
        cands = results(board, d1, d2)
        best_kind = 0
        for c in cands:
            k = winner_kind(c)
            if k > best_kind:
                best_kind, best = k, c
        if best_kind:
            return best, None, best_kind
        outs = self.outputs([swap(c) for c in cands])
        i = int(np.argmax(-equity(outs)))
        return cands[i], outs[i], 0


def opening_roll(rng: random.Random) -> tuple[int, int]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return a, b


def self_play_game(ev: Evaluator, rng: random.Random, lam: float, lr: float) -> tuple[int, float]:
    board = START_BOARD
    states: list[Board] = []
    nexts: list[np.ndarray | None] = []
    d1, d2 = opening_roll(rng)
    kind = 0
    for _ply in range(1000):
        states.append(board)
        chosen, out, kind = ev.choose(board, d1, d2)
        nexts.append(out)
        if kind:
            break
        board = swap(chosen)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    # Offline lambda-returns, from the end backwards, each in its own state's perspective.
    n = len(states)
    targets = np.empty((n, N_OUT))
    y = outcome_vector(kind)
    targets[n - 1] = y
    for t in range(n - 2, -1, -1):
        g_next = (1.0 - lam) * nexts[t] + lam * targets[t + 1]
        targets[t] = invert(g_next)
    race_mask = np.array([is_race(b) for b in states])
    err = 0.0
    for mask, net in ((~race_mask, ev.contact), (race_mask, ev.race)):
        if mask.any():
            idx = np.nonzero(mask)[0]
            err += net.train(encode_batch([states[i] for i in idx]), targets[idx], lr) * len(idx)
    return n, err / n


def points(kind: int) -> int:
    return kind


def vs_pubeval(ev: Evaluator, games: int, seed: int) -> tuple[float, float]:
    """Cubeless games against pubeval, alternating who starts; returns (points per game, win rate)."""
    rng = random.Random(seed)
    total = 0
    wins = 0
    for g in range(games):
        board = START_BOARD
        bot_turn = g % 2 == 0
        d1, d2 = opening_roll(rng)
        while True:
            if bot_turn:
                chosen, _, _ = ev.choose(board, d1, d2)
            else:
                chosen = pubeval.choose(board, d1, d2)
            k = winner_kind(chosen)
            if k:
                total += k if bot_turn else -k
                wins += 1 if bot_turn else 0
                break
            board = swap(chosen)
            bot_turn = not bot_turn
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return total / games, wins / games


def save(path: Path, ev: Evaluator, meta: dict, rng: random.Random, nprng: np.random.Generator) -> None:
    tmp = path.with_suffix(".tmp.npz")
    arrays = {"contact_" + k: v for k, v in ev.contact.state().items()}
    arrays.update({"race_" + k: v for k, v in ev.race.state().items()})
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    arrays["rng"] = np.frombuffer(pickle.dumps((rng.getstate(), nprng.bit_generator.state)), dtype=np.uint8)
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    tmp.replace(path)


def load(path: Path, hidden: int) -> tuple[Evaluator, dict, random.Random, np.random.Generator]:
    d = np.load(path)
    meta = json.loads(bytes(d["meta"]).decode())
    py_state, np_state = pickle.loads(bytes(d["rng"]))
    rng = random.Random()
    rng.setstate(py_state)
    nprng = np.random.default_rng()
    nprng.bit_generator.state = np_state
    ev = Evaluator(hidden, nprng)
    ev.contact.load(d, "contact_")
    ev.race.load(d, "race_")
    return ev, meta, rng, nprng


def schedule(start: float, end: float, frac: float) -> float:
    return start + (end - start) * min(1.0, frac)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run-dir", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--games", type=int, default=200000, help="total self-play games of the run")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--lr-end", type=float, default=0.003)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--lam-end", type=float, default=0.3)
    ap.add_argument("--checkpoint-minutes", type=float, default=4.0)
    ap.add_argument("--eval-every", type=int, default=5000, help="games between pubeval checks")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--export", type=Path, default=None, help="also export quantised weights here at checkpoints")
    ap.add_argument("--stop-at", type=float, default=None, help="unix time to stop (checkpointing first)")
    ap.add_argument("--stop-games", type=int, default=None,
                    help="stop (checkpointing) at this game count; the schedules still span --games")
    ap.add_argument("--schedule-from", type=int, default=0,
                    help="game count where the lr/lambda schedules start (for a second phase resumed from a copy)")
    ap.add_argument("--init", type=Path, default=None, help="start a new run from this checkpoint's weights")
    args = ap.parse_args(argv)

    args.run_dir.mkdir(parents=True, exist_ok=True)
    ckpt = args.run_dir / "checkpoint.npz"
    log = open(args.run_dir / "log.txt", "a", buffering=1)
    if ckpt.exists():
        ev, meta, rng, nprng = load(ckpt, args.hidden)
        log.write(f"# resumed at game {meta['games']} {time.ctime()} argv={sys.argv}\n")
    elif args.init is not None:
        ev, meta, _, _ = load(args.init, args.hidden)
        nprng = np.random.default_rng(args.seed)
        rng = random.Random(args.seed)
        meta["init"] = str(args.init)
        meta["seed"] = args.seed
        log.write(f"# start from {args.init} (game {meta['games']}) {time.ctime()} argv={sys.argv}\n")
    else:
        nprng = np.random.default_rng(args.seed)
        rng = random.Random(args.seed)
        ev = Evaluator(args.hidden, nprng)
        meta = {"games": 0, "positions": 0, "seed": args.seed, "hidden": args.hidden}
        log.write(f"# start {time.ctime()} argv={sys.argv}\n")
    meta["command"] = " ".join(sys.argv)

    last_ckpt = time.time()
    t0 = time.time()
    games0 = meta["games"]
    err_acc, err_n = 0.0, 0
    while meta["games"] < args.games:
        frac = (meta["games"] - args.schedule_from) / max(1, args.games - args.schedule_from)
        lam = schedule(args.lam, args.lam_end, frac)
        lr = schedule(args.lr, args.lr_end, frac)
        n, err = self_play_game(ev, rng, lam, lr)
        meta["games"] += 1
        meta["positions"] += n
        err_acc += err
        err_n += 1
        g = meta["games"]
        if g % args.eval_every == 0:
            ppg, wr = vs_pubeval(ev, args.eval_games, seed=12345)
            rate = (g - games0) / (time.time() - t0)
            log.write(f"{time.strftime('%H:%M:%S')} games={g} g/s={rate:.1f} lam={lam:.2f} lr={lr:.4f} "
                      f"td_mse={err_acc / max(err_n, 1):.4f} pubeval{args.eval_games}: ppg={ppg:+.3f} win={wr:.3f}\n")
            err_acc, err_n = 0.0, 0
            meta.setdefault("evals", []).append([g, ppg, wr])
        now = time.time()
        stop = (args.stop_at is not None and now >= args.stop_at) or \
            (args.stop_games is not None and meta["games"] >= args.stop_games)
        if now - last_ckpt >= args.checkpoint_minutes * 60 or stop or meta["games"] >= args.games:
            save(ckpt, ev, meta, rng, nprng)
            if args.export is not None:
                import bot_export
                bot_export.export(ckpt, args.export)
            last_ckpt = now
            log.write(f"{time.strftime('%H:%M:%S')} checkpoint games={g}\n")
            if stop:
                break
    save(ckpt, ev, meta, rng, nprng)
    log.write(f"# done games={meta['games']} {time.ctime()}\n")


if __name__ == "__main__":
    main()
