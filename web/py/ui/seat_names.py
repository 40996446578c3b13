"""The one rule for the names of a game's two seats on the page, from the table's seats (``game.Seat``) or a
record's players (``{"kind", "level", "name"}``).

=================  ===========================  ==========================  ==========================
``names``          a seat with a name           the bot                     a person
=================  ===========================  ==========================  ==========================
"table"            its name                     "Bot (level)"               "You" against the bot, else
                                                                            "White" / "Black"
"history"          its name unless bot/person   "Bot (level)" (a known      as "table"
                   (records store "Player 1")   level; else its name, "?")
"record"           its name                     its name, else "White" /    its name, else "White" /
                                                "Black"                     "Black"
=================  ===========================  ==========================  ==========================
"""
from __future__ import annotations

from typing import Any, Callable, Literal, Sequence

from game.kinds import LEVELS

__all__ = ["seat_names"]

Names = Literal["table", "history", "record"]


def _fields(seat: Any) -> tuple[Any, Any, str]:
    if isinstance(seat, dict):
        name = seat.get("name")
        return seat.get("kind"), seat.get("level"), name if isinstance(name, str) else ""
    if not hasattr(seat, "kind"):  # not a player: no name
        return None, None, ""
    return seat.kind, seat.level, seat.name or ""


def seat_names(seats: Sequence[Any], t: Callable[..., str], names: Names = "table") -> tuple[str, str]:
    """The two seats' names in the language of ``t`` (the module docstring's table)."""
    views = [_fields(s) for s in (list(seats)[:2] + [None, None])[:2]]
    vs_bot = any(kind == "bot" for kind, _, _ in views)
    out = []
    for i, (kind, level, name) in enumerate(views):
        colour = t("player_white") if i == 0 else t("player_black")
        if names == "record":
            out.append(name or colour)
        elif name and (names == "table" or kind not in ("bot", "human")):
            out.append(name)
        elif kind == "bot" and level in LEVELS:
            out.append(t("bot_level", level=t("level_" + level)))
        elif kind == "human" or (names == "table" and kind != "bot"):
            out.append(t("you") if vs_bot else colour)
        else:
            out.append(name or "?")
    return out[0], out[1]
