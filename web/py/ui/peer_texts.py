"""Play a friend's sentences that are put together from parts: the session's notices in the page's language, and
the advice when a connection could not be made. Pure; the words are the ``peer_`` keys of the page's string
table (``ui.strings_en`` / ``ui.strings_pt``).

The session (``net.session``) reports notices as (code, English text); ``notice_text`` shows the ones listed in
``NOTICE_KEYS`` in the page's language. The others (a refused message, with the reason the protocol gives) keep
the session's text.
"""
from __future__ import annotations

from typing import Iterable

from .i18n import text

__all__ = ["NOTICE_KEYS", "notice_text", "diagnosis"]

# session notice code -> string key
NOTICE_KEYS = {"resumed": "peer_resumed", "clock": "peer_clock_played", "claim_won": "peer_claim_won",
               "claimed_against": "peer_claimed_against", "claim_answered": "peer_claim_answered",
               "bad_claim": "peer_bad_claim"}

_KIND_ORDER = ("host", "srflx", "relay")


def notice_text(lang: str, code: str, english: str) -> str:
    """What to show for a session notice: its translation when the code has one, else the session's text."""
    key = NOTICE_KEYS.get(code)
    return text(lang, key) if key else english


def diagnosis(lang: str, key: str, mine: Iterable[str], theirs: Iterable[str]) -> str:
    """The failure advice ``key`` (``net.ice.diagnose``'s answer, e.g. ``"diag_strict_nat"``) followed by the kinds
    of path each side found."""
    def names(kinds) -> str:
        found = [text(lang, "peer_kind_" + k) for k in _KIND_ORDER if k in set(kinds)]
        return ", ".join(found) or text(lang, "peer_kind_none")

    return text(lang, "peer_" + key) + " " + text(lang, "peer_diag_found", mine=names(mine), theirs=names(theirs))
