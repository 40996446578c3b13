"""Where a review's record comes from besides the page's own games (the game-over dialog, the History): the Verify
page, which leaves it in ``localStorage["gamao.review"]`` and opens ``index.html?review=1``, and a file the person
chooses ("Open a match file", on the review and in the History: a game record or a ``.mat`` match, read by
``ui.review_file``)."""
from __future__ import annotations

import asyncio
from typing import Callable

REVIEW_KEY = "gamao.review"


def from_url(search: str, store, open_record: Callable[[str], object]) -> None:
    """``?review=1`` in the page's ``search``: open the record the Verify page left in ``store``."""
    if "review=1" not in search:
        return
    text = store.get(REVIEW_KEY)
    if text:
        open_record(text)


def file_button(t, id: str, open_record: Callable[[dict], object], notice: Callable[[str], None], parent):
    """"Open a match file" in ``parent``: a button-like label over a file input (``id``) whose chosen file is
    opened by ``open_record`` or, unreadable, explained by ``notice`` (``from_file``). Returns the label."""
    from . import dom

    label = dom.el("label", cls="file-button", parent=parent)
    dom.el("span", t("open_match_file"), parent=label)
    inp = dom.el("input", id=id, parent=label, type="file", accept=".mat,.txt,.json,text/plain,application/json")
    dom.on(inp, "change", lambda e: asyncio.ensure_future(from_file(inp, open_record, notice, t)))
    return label


async def from_file(file_input, open_record: Callable[[dict], object], notice: Callable[[str], None], t) -> None:
    """The file chosen in ``file_input`` (emptied for the next choice): its record opened, or ``notice`` of why it
    cannot be read."""
    from .review_file import read_match_file  # (the review's modules: not imported by the page's start)

    files = file_input.files
    if not files or not files.length:
        return
    text = str(await files.item(0).text())
    file_input.value = ""
    try:
        record = read_match_file(text)
    except ValueError as exc:
        notice(t("review_bad_file", why=str(exc)))
        return
    open_record(record)
