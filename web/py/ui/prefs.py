"""The person's display settings, as plain data (the Settings panel, ``ui.settings``, shows and changes them).

Kept in localStorage under ``gamao.settings`` as JSON: ``{"home": "right"|"left", "animation": "slow"|"normal"|
"fast"|"instant", "numbers": true|false}``. A missing or unreadable value is its default: the home board on the
right (the checkers of the player at the bottom go anticlockwise), point numbers shown, and the animation the
browser's: "instant" while it asks for reduced motion, else "normal" (asked each time, so a change of the
browser's setting counts until the person picks a speed). Sound keeps its own key (``gamao.muted``,
``ui.sound``) and the language its own (``gamao.lang``), read before the page's strings are chosen.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Optional

SETTINGS_KEY = "gamao.settings"
LANG_KEY = "gamao.lang"

HOMES = ("right", "left")
ANIMATIONS = ("slow", "normal", "fast", "instant")

# How long a moved checker glides (ms), and how the bot's pauses between its steps scale, per animation speed.
# "instant" keeps a third of the pauses (as under reduced motion): a person still follows the bot's moves.
_GLIDE_MS = {"slow": 360, "normal": 180, "fast": 90, "instant": 0}
_PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 1 / 3}


@dataclass(frozen=True)
class Prefs:
    """``home``: where the bottom player's home board is ("right": anticlockwise, "left": clockwise);
    ``animation``: one of :data:`ANIMATIONS`, or None for the browser's (:meth:`speed`); ``numbers``: point
    numbers on the (desktop) board."""

    home: str = "right"
    animation: Optional[str] = None
    numbers: bool = True

    def __post_init__(self) -> None:
        if self.home not in HOMES:
            raise ValueError(f"home must be one of {HOMES}, got {self.home!r}")
        if self.animation is not None and self.animation not in ANIMATIONS:
            raise ValueError(f"animation must be one of {ANIMATIONS}, got {self.animation!r}")
        if not isinstance(self.numbers, bool):
            raise ValueError(f"numbers must be a bool, got {self.numbers!r}")

    @property
    def clockwise(self) -> bool:
        """The bottom player's checkers go clockwise (its home board on the left)."""
        return self.home == "left"

    def speed(self, reduced_motion: bool = False) -> str:
        """The animation speed in effect: the one chosen, else "instant" where the browser asks for reduced motion
        and "normal" elsewhere."""
        if self.animation is not None:
            return self.animation
        return "instant" if reduced_motion else "normal"

    def glide_ms(self, reduced_motion: bool = False) -> int:
        """How long a moved checker glides to its place (0: it jumps)."""
        return _GLIDE_MS[self.speed(reduced_motion)]

    def pace_factor(self, reduced_motion: bool = False) -> float:
        """What the bot's pauses between its steps are multiplied by."""
        return _PACE[self.speed(reduced_motion)]

    def replace(self, **kw) -> "Prefs":
        return replace(self, **kw)

    def to_json(self) -> str:
        """What is saved: the choices made (an animation never chosen is left out)."""
        return json.dumps({k: v for k, v in asdict(self).items() if v is not None}, sort_keys=True)


def load(text) -> Prefs:
    """The settings saved as ``text`` (None, or JSON): each field that is missing or not one of its values is
    its default, so an old or damaged save never stops the page."""
    base = Prefs()
    try:
        saved = json.loads(text) if text else {}
    except (TypeError, ValueError):
        return base
    if not isinstance(saved, dict):
        return base
    out = base
    if saved.get("home") in HOMES:
        out = out.replace(home=saved["home"])
    if saved.get("animation") in ANIMATIONS:
        out = out.replace(animation=saved["animation"])
    if isinstance(saved.get("numbers"), bool):
        out = out.replace(numbers=saved["numbers"])
    return out
