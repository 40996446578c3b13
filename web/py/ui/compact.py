"""The compact layout (a phone held upright, or a short screen on its side): the table fills the screen, so
the page's extras (the typed-move field, the dice fingerprint, the position IDs) go into the top bar's Menu
(``#menu``, a popover in index.html, beside the actions it holds on every screen) while that layout applies,
and come back under the buttons when it does not. The media query is the one the style sheets use."""
from __future__ import annotations

from pyscript.ffi import create_proxy

COMPACT = "(orientation: portrait) and (max-width: 600px), (orientation: landscape) and (max-height: 560px)"
EXTRAS = ("typed", "info", "ids")

_PROXIES: list = []


def place(document, compact: bool) -> None:
    """Move the extras into the menu (``compact``) or back to their places on the table."""
    holder = document.getElementById("menu-extra")
    extras = [document.getElementById(el_id) for el_id in EXTRAS]
    if not holder or not all(extras):  # (a missing element is JS null: a falsy jsnull, not None)
        return
    typed, info, ids = extras
    if compact:
        for el in extras:
            holder.appendChild(el)
        return
    document.getElementById("controls").insertAdjacentElement("afterend", typed)
    notice = document.getElementById("notice")
    notice.insertAdjacentElement("afterend", info)
    info.insertAdjacentElement("afterend", ids)


def open_menu_for(document, el) -> None:
    """Show the menu if ``el`` is inside it and it is closed (so that focusing ``el`` can work)."""
    menu = el.closest("[popover]") if el else None  # (closest gives JS null, a falsy jsnull, not None)
    if menu and not menu.matches(":popover-open"):
        menu.showPopover()


def install(document, window) -> None:
    query = window.matchMedia(COMPACT)
    place(document, bool(query.matches))
    proxy = create_proxy(lambda event: place(document, bool(event.matches)))
    _PROXIES.append(proxy)
    query.addEventListener("change", proxy)
