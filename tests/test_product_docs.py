"""The repository describes the product, not how it was made: no tracked file (code, tests, tools, docs, the
shipped weights' training history) narrates numbered rounds of work, cites issue numbers, or names a folder of
one particular machine, nor keeps an unresolved merge. The patterns are the project's own checks (they match what its pre-stop hook looks for);
docs/bot-history.md dates experiments and names weights versions instead."""
from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SKIPPED = ("web/assets/vendor/", "node_modules/")  # installed third-party files, not ours
ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
            "fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-[a-z]+|[0-9]+(st|nd|rd|th)")
WORK = "sess" + "ion"  # spelt in two halves so that this file does not match its own pattern
PATTERNS = {
    "a numbered round of work": re.compile(rf"\b({ORDINALS}) {WORK}s?\b", re.I),
    "an issue number": re.compile(r"\bissues? ?#?[0-9]+|\(#[0-9]+\)|\b(PR|pull request) ?#[0-9]+", re.I),
    "a merge left unresolved": re.compile(r"^(<{7}|>{7})( |$)"),  # a conflict's markers, committed as text
    "a machine's folder": re.compile(r"(^|[^A-Za-z0-9_.])/(work|root|farm)/|(^|[^A-Za-z0-9_.~])/home/(?!pyodide/)"
                                     r"[a-z_][a-z0-9_-]*/"),
}


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p and not p.startswith(SKIPPED) and (ROOT / p).is_file()]


def findings(text: str) -> list[tuple[int, str, str]]:
    """(line, what, the line) for every line of ``text`` that a pattern matches."""
    return [(n, what, line.strip()[:160]) for n, line in enumerate(text.splitlines(), 1)
            for what, pattern in PATTERNS.items() if pattern.search(line)]


def test_no_tracked_file_narrates_the_work_or_names_a_machine():
    bad = []
    files = tracked_files()
    assert "docs/bot.md" in files and "web/assets/bot/weights.json" in files  # what is checked includes both
    for rel in files:
        data = (ROOT / rel).read_bytes()
        if b"\0" in data[:8192]:  # binary (the bear-off table, images)
            continue
        bad += [f"{rel}:{n}: {what}: {line}" for n, what, line in findings(data.decode("utf-8", "replace"))]
    assert not bad, "\n".join(bad)


ISSUE, SLASH = "iss" + "ue", "/"  # the samples below are put together, so that this file stays clean itself


@pytest.mark.parametrize("line, what", [
    ("measured in the ninth " + WORK + " on a loaded machine", "a numbered round of work"),
    ("as the 12th " + WORK + "s did", "a numbered round of work"),
    (f"Play a friend ({ISSUE} #9)", "an issue number"),
    (f"before {ISSUE} 19 the worker", "an issue number"),
    ("Bot (" + "#8): expert's limit", "an issue number"),
    (f"python -m tools.bot.train_bot --run-dir {SLASH}work/runs/td128", "a machine's folder"),
    (f'"command": "{SLASH}root/gamao/tools/bot/distill_bot.py"', "a machine's folder"),
    (f"data in {SLASH}home/ana/runs/x6", "a machine's folder"),
])
def test_each_pattern_finds_what_it_is_for(line, what):
    assert [w for _, w, _ in findings(line)] == [what]


@pytest.mark.parametrize("line", [
    "the peer " + WORK + " saves its log",       # the product's own word for a connection
    "the first table of this " + WORK,            # the page's time, not the project's
    "Pyodide's file system: /home/pyodide/web/py",
    "a hit marked 24/22*/20 at #ff0000",
    "the first of equally good plays; a second opinion",
    "runs/s33/d6/g-*.npz",
])
def test_what_the_product_may_say(line):
    assert findings(line) == []
