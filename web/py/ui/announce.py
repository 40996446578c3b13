"""What a screen reader hears: the accessible names of the board's places and the live region's sentences.

Pure (no DOM): every sentence is tested under CPython. Names are told from the listener's side: the listener is
the person at this device (against the bot, the bottom seat; with two people on one device, the player on turn),
so a point reads "your 13-point, 5 of your checkers" in that player's own numbering.

``lang`` is ``"en"`` or ``"pt"``; the sentences are in the page's one string table per language
(``ui.strings_en`` / ``ui.strings_pt``, looked up through ``ui.i18n``).
"""
from __future__ import annotations

from typing import Optional, Sequence

from rules.position import point_name as _pt

from .i18n import text

# The help overlay's rows: (key caps, text key).
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "key_tab"), ("Enter", "key_enter"), ("← → ↑ ↓", "key_arrows"), ("Esc", "key_escape"),
    ("R", "key_r"), ("O", "key_o"), ("U", "key_u"), ("D", "key_d"), ("M", "key_m"), ("T", "key_t"),
    ("H", "key_h"), ("G", "key_g"), ("?", "key_help"))


def say(lang: str, key: str, **values: object) -> str:
    """One sentence in ``lang`` (English when ``lang`` lacks it); a key missing from both is a ``KeyError``, an
    unknown language a ``ValueError``."""
    return text(lang, key, **values)


def _own_number(slot: str, listener_bottom: bool) -> int:
    n = int(slot)
    return n if listener_bottom else 25 - n


def place_name(slot: str, listener_bottom: bool, other: str, lang: str) -> str:
    """A slot's place from the listener's side: "your 13-point", "your bar", "Bot's tray"."""
    if slot in ("bar", "opp-bar"):
        return say(lang, "your_bar") if (slot == "bar") == listener_bottom else say(lang, "their_bar", name=other)
    if slot in ("off", "opp-off"):
        return say(lang, "your_tray") if (slot == "off") == listener_bottom else say(lang, "their_tray", name=other)
    if slot not in {str(n) for n in range(1, 25)}:
        raise ValueError(f"not a slot: {slot!r}")
    return say(lang, "your_point", n=_own_number(slot, listener_bottom))


def slot_label(slot: str, count: int, listener_bottom: bool, other: str, lang: str,
               movable: bool = False) -> str:
    """The accessible name of a point, bar or tray: its place and its contents from the listener's side, e.g.
    "your 13-point, 5 of your checkers" (``count``: signed, positive for the bottom player's checkers)."""
    if not isinstance(count, int) or isinstance(count, bool) or abs(count) > 15:
        raise ValueError(f"count must be an int -15..15, got {count!r}")
    place = place_name(slot, listener_bottom, other, lang)
    n = abs(count)
    if slot in ("off", "opp-off"):
        desc = say(lang, "borne_off", n=n)
    elif n == 0:
        desc = say(lang, "point_empty")
    elif (count > 0) == listener_bottom:
        desc = say(lang, "yours_1") if n == 1 else say(lang, "yours_n", n=n)
    else:
        desc = say(lang, "theirs_n", n=n, name=other)
    text = f"{place}, {desc}"
    if movable:
        text += f", {say(lang, 'movable')}"
    return text


def step_words(frm: int, to: int, hit: bool, lang: str) -> str:
    """A step in words, in the mover's numbering (25 bar, 0 off): "from the 13-point to the 8-point"."""
    for v in (frm, to):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 25:
            raise ValueError(f"a point is an int 0..25, got {v!r}")
    if not frm > to:
        raise ValueError(f"a step goes down from the mover's side: {frm} -> {to}")
    if frm == 25:
        words = say(lang, "enter", to=to)
    elif to == 0:
        words = say(lang, "bear_off", frm=frm)
    else:
        words = say(lang, "from_to", frm=frm, to=to)
    if hit:
        words += ", " + say(lang, "hits")
    return words


def event_text(event, names: Sequence[str], me: Optional[int], lang: str) -> str:
    """The live region's sentence for one ``game.Event`` ('' for events it does not tell).

    ``names``: the two seats' display names; ``me``: the seat at this device (None with two people, when
    every seat is spoken of by name)."""
    kind = event.kind
    p = event.player
    mine = p is not None and p == me
    name = names[p] if p is not None else ""
    if kind == "rolled" and event.dice:
        a, b = event.dice
        return say(lang, "rolled_you", a=a, b=b) if mine else say(lang, "rolled", name=name, a=a, b=b)
    if kind == "moved":
        words = step_words(event.frm, event.to, event.hit, lang)
        notation = event.notation or f"{_pt(event.frm)}/{_pt(event.to)}{'*' if event.hit else ''}"
        if mine:
            return say(lang, "step_you", notation=notation, words=words)
        return say(lang, "step", name=name, notation=notation, words=words)
    if kind == "undone":
        return say(lang, "undone")
    if kind == "doubled":
        return say(lang, "doubled_you", value=event.value) if mine else say(lang, "doubled", name=name,
                                                                              value=event.value)
    if kind == "took":
        if mine:
            return say(lang, "took_you", value=event.value)
        return say(lang, "took_notice", name=name, value=event.value)
    if kind == "beavered":
        return say(lang, "beavered", name=name, value=event.value)
    if kind == "passed":
        return say(lang, "passed_you") if mine else say(lang, "passed_notice", name=name)
    if kind == "no_legal_move" and event.dice:
        a, b = event.dice
        return say(lang, "no_move_you", a=a, b=b) if mine else say(lang, "no_move", name=name, a=a, b=b)
    return ""


def clock_text(seconds: int, lang: str) -> str:
    """What the clock says in its last 10 seconds (10, 5, 3, 2, 1); '' for the other seconds."""
    if seconds not in (10, 5, 3, 2, 1):
        return ""
    return say(lang, "clock_1") if seconds == 1 else say(lang, "clock", s=seconds)


def game_over_text(result: str, lang: str) -> str:
    return say(lang, "game_over_result", result=result)


def lifted_text(slot: str, dests: Sequence, listener_bottom: bool, other: str, lang: str) -> str:
    """The lifted checker and its places: "Lifted a checker from your 13-point. 2 places: your 10-point using 3,
    your 12-point using 1." ``dests``: ``ui.model.Dest``-like (``slot``, ``label``)."""
    place = place_name(slot, listener_bottom, other, lang)
    parts = []
    for d in dests:
        if d.slot in ("off", "opp-off"):
            parts.append(say(lang, "place_off", dice=d.label))
        else:
            parts.append(say(lang, "place", to=place_name(d.slot, listener_bottom, other, lang), dice=d.label))
    key = "lifted_1" if len(parts) == 1 else "lifted"
    return say(lang, key, place=place, n=len(parts), places=", ".join(parts))
