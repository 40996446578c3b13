"""Exceptions raised by the rules package.

Every error is a :class:`RulesError`, itself a :class:`ValueError`, so callers that only care
about "bad input" can catch ``ValueError``.  Nothing in the package is ever half-applied: when
one of these is raised, no value has changed (all value types are immutable anyway).
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error raised by :mod:`rules`."""


class IllegalMoveError(RulesError):
    """A step or play that is well formed but not allowed by the rules in this position."""


class PositionIdError(RulesError):
    """A malformed GNU Backgammon Position ID, or an impossible position."""


class MatchIdError(RulesError):
    """A malformed GNU Backgammon Match ID or GNUbg ID."""


class XgidError(RulesError):
    """A malformed XGID (eXtreme Gammon position string)."""


# rules.dice.SeedError (a malformed seed, fingerprint or chain value) is a RulesError too; it lives beside the
# dice derivation it guards.


class NotationError(RulesError):
    """Move notation that cannot be parsed (garbage, not an illegal move)."""


class MatFormatError(RulesError):
    """A ``.mat`` match file that cannot be read (the message says what and on which line)."""


class CubeError(RulesError):
    """A cube action that is not allowed in the current match state."""
