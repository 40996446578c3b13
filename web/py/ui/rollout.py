"""What a rollout panel rolls out, as plain data (no DOM): the decision shown (a hint's advice, a pasted position
with its analysis, the review's decision) as a ``Decision``, the plays one may tick, the request for
``bot.rollout`` (through the bot's worker) and the rows of the result. ``ui.rollout_view`` shows them; tests run
this in CPython.

The rollout plays money with a centred cube when it plays cubeful (``bot.rollout``): a play is rolled out cubeful
there and cubeless otherwise (a match, an owned cube); a cube decision only there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

import rules

TRIALS = (36, 108, 324, 648, 1296)
TRUNCATE = (11, 7, 3, 0)  # 0: to the end of the game
DEFAULT_TICKED = 2   # the plays ticked at first: the best two (the play made and the best, in the review)
MAX_TICKED = 4       # plays rolled out at once at most: each costs as much as the first
SHOWN = 8            # the plays offered to tick

NO_CUBE = "rollout_no_cube"          # (a text key) a cube decision the rollout does not model
NOTHING = "rollout_nothing"          # (a text key) no decision to roll out


@dataclass(frozen=True)
class Choice:
    """A play one may roll out: its result's Position ID (what ``bot.rollout`` takes), its notation ("" for no
    move) and what it is to the person ("best", "played", "best_played" or "")."""
    id: str
    play: str
    note: str = ""


@dataclass(frozen=True)
class Decision:
    """A decision to roll out: the position (the side on roll's view), the dice (None: a cube decision), the plays
    to choose from (empty: the bot takes its best two), those ticked at first, the cube candidates (None: all
    three), and whether to play cubeful."""
    position_id: str
    dice: Optional[tuple]
    cubeful: bool
    choices: tuple = ()
    ticked: tuple = ()
    cube: Optional[tuple] = None

    @property
    def kind(self) -> str:
        return "move" if self.dice else "cube"


Offer = Union[Decision, str, None]   # a decision, or the text key saying why there is none


def _choices(plays, first: tuple = ()) -> tuple[tuple, tuple]:
    """(choices, ticked) from (id, play, note) rows in rank order: at most ``SHOWN`` of them (the ``first`` ids
    kept whatever their rank), the ``first`` ticked, else the best ``DEFAULT_TICKED``."""
    out, seen = [], set()
    for pid, play, note in plays:
        if pid and pid not in seen:
            seen.add(pid)
            out.append(Choice(pid, play or "", note))
    keep = out[:SHOWN]
    for c in out[SHOWN:]:
        if c.id in first:
            keep.append(c)
    ticked = tuple(i for i in first if i in seen)[:MAX_TICKED] or tuple(c.id for c in keep[:DEFAULT_TICKED])
    return tuple(keep), ticked


def from_hint(hint_request: dict, advice: dict) -> Offer:
    """The decision a hint advised on: its suggested plays (the best two ticked), or its cube question."""
    cube = hint_request.get("cube") or rules.CubeInfo()
    money, centred = cube.is_money, cube.owner == "center"
    pid = hint_request["position_id"]
    if advice.get("kind") == "move":
        top = [o for o in advice.get("top") or [] if o.get("play")]
        if not top:
            return NOTHING
        choices, ticked = _choices([(o["position_id"], o["play"], "best" if k == 0 else "")
                                    for k, o in enumerate(top)])
        return Decision(pid, tuple(hint_request["dice"]), money and centred, choices, ticked)
    if not (money and centred):
        return NO_CUBE
    if advice.get("kind") == "double" and advice.get("equities"):
        return Decision(pid, None, True)
    if advice.get("kind") == "take":
        return Decision(pid, None, True, cube=("double_take", "double_pass"))
    return NOTHING


def money_centred(setup) -> bool:
    """Whether a pasted position plays money with the cube in the middle (what a cubeful rollout models)."""
    return not setup.match_length and setup.cube.owner == "center"


def from_setup(setup, rows: Optional[list] = None, first: tuple = ()) -> Offer:
    """The decision of a pasted position (``ui.position.Setup``): with dice its plays (the analysis' ranked rows,
    ``ui.position.candidate_rows``; none: the bot's best two), without dice the cube decision (the answer to it
    when a double is offered)."""
    if setup.dice:
        choices, ticked = _choices([(r["position_id"], r["play"], "best" if r["rank"] == 1 else "")
                                    for r in rows or [] if r.get("position_id")], first)
        return Decision(setup.position_id, tuple(setup.dice), money_centred(setup), choices, ticked)
    if not money_centred(setup):
        return NO_CUBE
    if setup.double_offered:
        return Decision(setup.position_id, None, True, cube=("double_take", "double_pass"))
    return Decision(setup.position_id, None, True)


def from_review(item, match_length: int = 0) -> Offer:
    """The review's decision (``ui.review.Item``): a play's roll (the analysis' top plays and the play made, the
    best and the play made ticked), a double, or the answer to one."""
    from . import position as P
    from . import review as R
    if item.kind not in ("play", "double", "take", "pass", "beaver"):
        return NOTHING
    if item.kind == "play" and not item.dice:
        return NOTHING
    setup = P.read(R.xgid_of(item, match_length))
    if item.kind != "play":
        return from_setup(setup)
    move = R.move_row(item) or {}
    if move.get("forced"):
        return NOTHING
    played = move.get("played") or (item.play[1].to_id() if item.play else "")
    rows = [(o.get("position_id"), o.get("play"), "best" if k == 0 else "")
            for k, o in enumerate(move.get("top") or [])]
    if played:
        rows = [(i, p, (n + "_played" if n else "played") if i == played else n) for i, p, n in rows]
        if played not in [r[0] for r in rows]:
            rows.append((played, item.notation, "played"))
    best = move.get("best") or (rows[0][0] if rows else "")
    first = (best, played) if best and played and best != played else ()  # else the best two
    choices, ticked = _choices(rows, first)
    if len(choices) < 2:
        choices, ticked = (), ()  # nothing to compare with (not analysed): the bot's best two
    return Decision(setup.position_id, tuple(setup.dice), money_centred(setup), choices, ticked)


def tick_problem(decision: Decision, ticked) -> Optional[str]:
    """The text key saying why these ticks cannot be rolled out (none, too many), or None."""
    if decision.kind != "move" or not decision.choices:
        return None
    n = len([i for i in ticked if any(c.id == i for c in decision.choices)])
    if n == 0:
        return "rollout_tick_none"
    if n > MAX_TICKED:
        return "rollout_tick_many"
    return None


def request(decision: Decision, ticked, trials: int, truncate: int, seed: int) -> dict:
    """``bot.rollout``'s arguments for ``decision`` with the plays ``ticked`` (in the choices' order)."""
    base = {"position_id": decision.position_id, "trials": trials, "truncate": truncate, "seed": seed,
            "cubeful": decision.cubeful}
    if decision.kind == "move":
        wanted = set(ticked)
        plays = [c.id for c in decision.choices if c.id in wanted] or None
        return dict(base, dice=list(decision.dice), candidates=plays)
    return dict(base, dice=None, candidates=list(decision.cube) if decision.cube else None)


def choice_label(c: Choice, t) -> str:
    """A play to tick, in words: "8/5 6/5 (best)"."""
    name = c.play or t("hint_no_move")
    return t("rollout_choice_" + c.note, play=name) if c.note else name


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def rows(result: dict, t) -> list[dict]:
    """One row per candidate: its name in words, equity ± interval, chances, trials; the best marked."""
    out = []
    for c in result["candidates"]:
        name = c.get("play") if result["kind"] == "move" else t(f"hint_{c['candidate']}")
        ci = c["equity_ci"]
        out.append({"candidate": c["candidate"], "name": name or t("hint_no_move"),
                    "equity": f"{c['equity']:+.3f}", "ci": "…" if ci is None else f"± {ci:.3f}",
                    "win": _pct(c["win"]), "gammon": _pct(c["gammon_win"]), "lose_gammon": _pct(c["gammon_loss"]),
                    "trials": str(c["trials"]), "best": c["candidate"] == result["best"] and result["trials"] > 0})
    return out


def best_name(result: dict, t) -> str:
    return next(r["name"] for r in rows(result, t) if r["candidate"] == result["best"])
