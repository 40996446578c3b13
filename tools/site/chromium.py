"""The Chromium the browser tests and benchmarks launch, and how: ``chromium_path()`` and ``LAUNCH_ARGS``.

    from tools.site.chromium import LAUNCH_ARGS, chromium_path
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)

Shared by e2e/conftest.py, tools/site/make_icons.py and the benchmarks in tools/bench/.
"""
from __future__ import annotations

import os
import shutil


def chromium_path() -> str | None:
    """Debian's Chromium (what `make test` installs); None lets Playwright use its own browser where it has one."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
