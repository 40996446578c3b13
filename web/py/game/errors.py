"""The table's exceptions. Every one is a :class:`GameError` (a ``ValueError``); an intent that raises changes
nothing."""
from __future__ import annotations

__all__ = ["GameError", "NotAllowed", "OptionsError", "SaveError", "SetupError"]


class GameError(ValueError):
    """Base class of the table's errors."""


class NotAllowed(GameError):
    """An intent that is not allowed now (wrong phase, wrong seat, illegal move, ...). Nothing changed."""


class OptionsError(GameError):
    """New-game options that make no sense (unknown level, negative clock, bad seed, ...)."""


class SaveError(GameError):
    """A saved table that cannot be read (not JSON, wrong format or version, inconsistent). Keep the text aside."""


class SetupError(GameError):
    """A pasted GNUbg ID / XGID that cannot set up a table (malformed, or the game in it is over)."""
