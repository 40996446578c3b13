"""An invite link in the address: the page opened with one, or one opened later in a tab already showing the table.

    on_invite(lambda code: peer.open_dialog("guest", code))   # ui.peer_game (ui.no_webrtc explains instead)

An invite is the fragment ``#join=<offer code>``. Opening a second link in a tab that shows the table changes only
the fragment, so the browser does not load the page again: it fires ``hashchange``, and that is answered the same
way as the first. Each time the fragment is dropped from the address (a reload does not join again, and the code
does not stay in the tab's history).
"""
from __future__ import annotations

from typing import Callable, Optional

from pyscript import window

from .dom import on

__all__ = ["PREFIX", "invite_code", "on_invite"]

PREFIX = "#join="


def invite_code(fragment: str) -> Optional[str]:
    """The offer code of an invite fragment (``#join=...``), or None for any other fragment."""
    return fragment[len(PREFIX):] if fragment.startswith(PREFIX) else None


def _take() -> Optional[str]:
    """The invite in the address now, if any, dropped from the address."""
    code = invite_code(str(window.location.hash or ""))
    if code is not None:
        try:
            window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        except Exception:
            pass
    return code


def on_invite(answer: Callable[[str], None]) -> None:
    """Call ``answer(code)`` for the invite the page was opened with and for each one opened in it later."""
    def changed(_event) -> None:
        code = _take()
        if code is not None:
            answer(code)

    on(window, "hashchange", changed)
    changed(None)
