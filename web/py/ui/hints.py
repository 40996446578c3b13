"""Hints: the bot's advice to a person at this device (the Hint button and the H key).

The top plays for the roll being played, or the cube advice before rolling (double or not) and when doubled
(take or pass), listed under the controls and the best play marked on the board. Never in a game with a remote
player; the record notes every hint shown (``game.Table.note_hint``). The bot thinks in its worker
(``BotProxy.hint``); the pure part (``request_for``) says what to ask.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import game
import rules

from . import rollout
from .model import slot_of
if TYPE_CHECKING:  # the views' interface, for the type checker only (not imported when the page runs)
    from .port import TablePort


def start_position(state) -> rules.Position:
    """The position at the start of the turn being played (the steps already made taken back)."""
    pos = state.position()
    mine, theirs = list(pos[0]), list(pos[1])
    for step in reversed(state.steps):
        mine[step.to] -= 1
        mine[step.frm] += 1
        if step.hit:
            theirs[25 - step.to] += 1
            theirs[25] -= 1
    return rules.Position(mine, theirs)


def cube_info(state, decider: int) -> rules.CubeInfo:
    """The cube and score as player ``decider`` sees them in ``state``."""
    return rules.CubeInfo.seen_by(decider, state.cube, state.cube_owner, state.match_length,
                                  (state.score[0], state.score[1]), bool(state.crawford))


def remote(state, local: bool) -> bool:
    """Whether ``state`` is a game with a remote seat, where no hint is given (``local``: the page's table is this
    device's own, not a peer game's; ``App.saves_locally``)."""
    return not local or any(seat.kind == "peer" for seat in state.seats)


def allowed(state, local: bool) -> bool:
    """Whether a hint may be asked now: a person at this device is to decide, in a game with no remote seat
    (``remote``)."""
    if state is None or remote(state, local):
        return False
    if state.actor is None or state.seats[state.actor].kind != "human":
        return False
    if state.phase == game.MOVING:
        return bool(state.movable or state.can_done) and state.dice is not None
    if state.phase == game.ROLL:
        return bool(state.can_double)
    return state.phase == game.TAKE and bool(state.can_take)


def request_for(state) -> Optional[dict]:
    """What to ask the bot (``bot.analysis.hint``'s arguments; ``cube`` a ``rules.CubeInfo``), or None when there
    is nothing to advise."""
    if state.phase == game.MOVING and state.dice is not None:
        return {"kind": "move", "position_id": start_position(state).to_id(), "dice": list(state.dice),
                "cube": cube_info(state, state.turn)}
    if state.phase == game.ROLL and state.can_double:
        return {"kind": "double", "position_id": state.position().to_id(), "dice": None,
                "cube": cube_info(state, state.turn)}
    if state.phase == game.TAKE:
        taker = 1 - state.turn
        return {"kind": "take", "position_id": state.position().to_id(), "dice": None,
                "cube": cube_info(state, taker)}
    return None


def play_slots(notation: str, request: dict, bottom: bool) -> list[tuple[str, str]]:
    """The (from, to) screen slots of each step of a play, for marking the board."""
    pos = rules.Position.from_id(request["position_id"])
    steps = rules.parse_play(notation, pos, tuple(request["dice"]))
    return [(slot_of(s.frm, bottom), slot_of(s.to, bottom)) for s in steps]


def lines(advice: dict, t) -> list[tuple[str, str]]:
    """The advice as (text, data value) lines in the language of ``t``."""
    if advice["kind"] == "move":
        if not advice["top"]:
            return [(t("hint_no_move"), "")]
        return [(t("hint_play", play=o["play"] or t("hint_no_move"), e=f"{o['equity']:+.3f}"), o["position_id"])
                for o in advice["top"]]
    eq = advice.get("equities") or {}
    best = advice["best"]
    out = [(t("hint_best", action=t(f"hint_{best}")), best)]
    for key in ("no_double", "double_take", "double_pass", "take", "pass"):
        if key in eq:
            out.append((t("hint_equity", action=t(f"hint_{key}"), e=f"{eq[key]:+.3f}"), key))
    return out


class Hints:
    """The Hint button and panel of the table page."""

    MARKS = ("hint-from", "hint-to")

    def __init__(self, texts, app: TablePort) -> None:
        from pyscript import document
        from pyscript.ffi import create_proxy
        self.t, self.app = texts, app
        self.button = document.getElementById("btn-hint")
        self.panel = document.getElementById("hint")
        self.title = document.getElementById("hint-title")
        self.list = document.getElementById("hint-list")
        self._proxy = create_proxy(lambda e: self.ask())
        self.button.addEventListener("click", self._proxy)
        self.button.textContent = texts("hint")
        self.button.setAttribute("aria-keyshortcuts", "H")
        self.title.textContent = texts("hint_title")
        self._asked_for = None   # the state the panel shows advice for
        self._asking = False
        from .rollout_view import RolloutPanel
        self.rollout = RolloutPanel(texts, app, lambda sec: self.panel.insertAdjacentElement("afterend", sec))

    def update(self, state) -> None:
        """Show the button when a hint may be asked; the advice shown belongs to one decision only."""
        ok = allowed(state, self.app.saves_locally) and not self.app.busy
        self.button.hidden = not ok
        self.button.disabled = not ok or self._asking
        key = self._key(state)
        if key != self._asked_for:
            self.clear()

    @staticmethod
    def _key(state):
        if state is None:
            return None
        return (state.game_number, state.phase, state.turn, tuple(state.dice or ()), state.cube, state.cube_owner,
                len(state.steps))

    def clear(self) -> None:
        self.panel.hidden = True
        self.list.innerHTML = ""
        self._forget_answer()
        self._asked_for = None
        self._unmark()
        self.rollout.withdraw()

    def _forget_answer(self) -> None:
        """The panel's answer attributes go with its advice: a hidden panel holds none (a test, or a script,
        waiting for the next hint's answer must not read the last one's)."""
        for name in ("data-kind", "data-best"):
            self.panel.removeAttribute(name)

    def _unmark(self) -> None:
        for el in self.app.board.slots.values():
            for cls in self.MARKS:
                el.classList.remove(cls)

    def ask(self) -> None:
        import asyncio
        state, table = self.app.state, self.app.table
        if self._asking or not allowed(state, self.app.saves_locally):
            return
        request = request_for(state)
        if request is None:
            return
        asyncio.ensure_future(self._ask(state, table, request))

    async def _ask(self, state, table, request: dict) -> None:
        from pyscript import document
        self._asking = True
        self.button.disabled = True
        self.panel.hidden = False
        self.list.innerHTML = ""
        self._forget_answer()  # (what the last hint said is not this one's answer)
        self.panel.setAttribute("aria-busy", str(True).lower())
        self.title.textContent = self.t("hint_thinking")
        try:
            await self.app.wait_for_bot()
            advice = await self.app.bots.hint(request)
        finally:
            self._asking = False
            self.panel.setAttribute("aria-busy", str(False).lower())
        if table is not self.app.table or self._key(self.app.state) != self._key(state):
            self.update(self.app.state)
            return  # the game moved on while the bot thought
        try:
            table.note_hint()
        except game.GameError:
            return
        self.app.save()
        self.title.textContent = self.t("hint_title")
        self.panel.setAttribute("data-kind", advice["kind"])
        self.panel.setAttribute("data-best", advice["top"][0]["position_id"] if advice["kind"] == "move"
                                and advice["top"] else advice.get("best", ""))
        for text, value in lines(advice, self.t):
            li = document.createElement("li")
            li.textContent = text
            li.setAttribute("data-value", value)
            self.list.appendChild(li)
        self._asked_for = self._key(state)
        self.button.disabled = False
        decision = rollout.from_hint(request, advice)  # *Roll out* the advice shown (when the rollout models it)
        self.rollout.offer(decision if isinstance(decision, rollout.Decision) else None)
        if advice["kind"] == "move" and advice["top"] and advice["top"][0]["play"]:
            self._unmark()
            for frm, to in play_slots(advice["top"][0]["play"], request, state.turn == 0):
                self.app.board.slots[frm].classList.add("hint-from")
                self.app.board.slots[to].classList.add("hint-to")
