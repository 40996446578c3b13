"""Shared helpers for tests/game: playing human turns through intents, whole games, invariants."""
from __future__ import annotations

import random

import game
from game import intents as I

SEED0 = "00" * 32


def seed_hex(n: int) -> str:
    return f"{n:064x}"


def play_human_turn(table: game.Table, rng: random.Random, now=None) -> game.State:
    """Play the current human turn with random offered moves (sometimes undoing), then Done."""
    st = table.state()
    assert st.phase == game.MOVING and not st.actor_is_bot
    while not st.can_done:
        frm = rng.choice(sorted(st.movable))
        opt = rng.choice(st.movable[frm])
        st = table.apply(I.Move(frm, opt.to), now=now)
        if st.can_undo and rng.random() < 0.15:
            st = table.apply(I.Undo(), now=now)
    return table.apply(I.Done(), now=now)


def human_act(table: game.Table, rng: random.Random, now=None, double_rate=0.1, take_rate=0.7) -> game.State:
    """One human decision of whatever kind the state asks for."""
    st = table.state()
    if st.phase == game.ROLL:
        if st.can_double and rng.random() < double_rate:
            return table.apply(I.Double(), now=now)
        return table.apply(I.Roll(), now=now)
    if st.phase == game.TAKE:
        return table.apply(I.Take(), now=now) if rng.random() < take_rate else table.apply(I.Pass(), now=now)
    if st.phase == game.MOVING:
        return play_human_turn(table, rng, now)
    raise AssertionError(f"no human decision in phase {st.phase}")


def play_out(table: game.Table, rng: random.Random, chooser=None, now=None, max_steps=5000) -> game.State:
    """Play the current game to its end: bots/clock through drive_bots with ``chooser``, humans randomly."""
    chooser = chooser or game.RandomChooser(rng.randrange(1 << 30))
    st = table.state()
    for _ in range(max_steps):
        st = game.drive_bots(table, now=now, chooser=chooser)
        st = table.state()
        if st.phase in (game.GAME_OVER, game.MATCH_OVER):
            return st
        st = human_act(table, rng, now)
    raise AssertionError("the game did not end")


def check_invariants(st: game.State) -> None:
    """What must hold in every state."""
    for side in st.board:
        assert len(side) == 26 and sum(side) == 15 and min(side) >= 0
    mine, theirs = st.view(0)
    for i in range(1, 25):
        assert not (mine[i] and theirs[i]), "two colours on one point"
    assert st.pips == tuple(sum(i * n for i, n in enumerate(s)) for s in st.board)
    assert st.phase in game.PHASES
    playing = st.phase in (game.ROLL, game.MOVING, game.TAKE)
    assert (st.result is None) == playing
    assert (st.seed is None) == playing
    if st.phase == game.MOVING:
        assert st.dice is not None and len(st.dice_used) in (2, 4)
    else:
        assert not st.movable and not st.can_undo and not st.can_done
    if st.can_double:
        assert st.match_state.can_double(st.turn) and not st.crawford
    if st.phase == game.MATCH_OVER:
        assert st.match_winner is not None and not st.can_next_game


def real_bot_or_skip():
    """Skip a test that needs the real bot when its networks cannot load (the bot is being retrained)."""
    import pytest
    try:
        import bot
        bot.evaluator()
    except Exception as exc:  # noqa: BLE001 - any failure to load means "not available here"
        pytest.skip(f"the bot's networks do not load now: {exc}")


def peer_record_opening(n: int):
    """A peer game's record up to its opening roll, with the secrets ``sha256("host")`` and ``sha256("guest")``
    and chains of ``n`` throws: ``(builder, throws, opening roll, starter, host secret, guest secret)``, where
    ``throws`` goes on with the game's next throws and tied openings are recorded as thrown again."""
    import hashlib

    from game import record as rec
    from rules import dice

    host, guest = hashlib.sha256(b"host").digest(), hashlib.sha256(b"guest").digest()
    b = rec.RecordBuilder(players=[{"kind": "human"}, {"kind": "peer"}])
    b.new_peer_game(0, dice.chain_commitment(host, n).hex(), dice.chain_commitment(guest, n).hex(), n)
    throws = dice.peer_pairs(host, guest, n)
    first = next(throws)
    while first[0] == first[1]:
        b.opening_roll(*first)
        first = next(throws)
    b.opening_roll(*first)
    return b, throws, first, (0 if first[0] > first[1] else 1), host, guest
