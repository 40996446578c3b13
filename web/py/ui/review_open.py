"""Where a review's record comes from besides the page's own games (the game-over dialog, the History): the Verify
page, which leaves it in ``localStorage["gamao.review"]`` and opens ``index.html?review=1``, and a file the person
chooses ("Open a match file", on the review and in the History, or dropped on the page: a game record or a ``.mat``
match, read by ``ui.review_file``)."""
from __future__ import annotations

import asyncio
from typing import Callable

from . import dom

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
    label = dom.el("label", cls="file-button", parent=parent)
    dom.el("span", t("open_match_file"), parent=label)
    inp = dom.el("input", id=id, parent=label, type="file", accept=".mat,.txt,.json,text/plain,application/json")
    dom.on(inp, "change", lambda e: asyncio.ensure_future(from_file(inp, open_record, notice, t)))
    return label


async def from_file(file_input, open_record: Callable[[dict], object], notice: Callable[[str], None], t) -> None:
    """The file chosen in ``file_input`` (emptied for the next choice): its record opened, or ``notice`` of why it
    cannot be read."""
    files = file_input.files
    if not files or not files.length:
        return
    text = str(await files.item(0).text())
    file_input.value = ""
    open_text(text, open_record, notice, t)


def install_drop(target, open_record: Callable[[dict], object], notice: Callable[[str], None], t) -> None:
    """A file dragged from the desktop and dropped anywhere on ``target`` (the table's page) is opened as "Open a
    match file" opens one; a drag that carries no file (text, a link) is left to the browser."""
    def carries_file(event) -> bool:  # (a file input takes a file dropped on it itself: "Open a match file")
        transfer = event.dataTransfer
        return bool(transfer) and bool(transfer.types.includes("Files")) and event.target.tagName != "INPUT"

    def over(event) -> None:
        if carries_file(event):
            event.preventDefault()  # (what lets the drop happen)
            event.dataTransfer.dropEffect = "copy"

    async def read(file) -> None:
        open_text(str(await file.text()), open_record, notice, t)

    def drop(event) -> None:
        if not carries_file(event):
            return
        event.preventDefault()  # (else the browser leaves the table to show the file)
        files = event.dataTransfer.files
        if files.length:
            asyncio.ensure_future(read(files.item(0)))

    dom.on(target, "dragover", over)
    dom.on(target, "drop", drop)


def open_text(text: str, open_record: Callable[[dict], object], notice: Callable[[str], None], t) -> None:
    """A file's ``text`` (a game record or a match) opened by ``open_record``, or ``notice`` of why it cannot be."""
    from .review_file import read_match_file  # (the review's modules: not imported by the page's start)

    try:
        record = read_match_file(text)
    except ValueError as exc:
        notice(t("review_bad_file", why=str(exc)))
        return
    open_record(record)
