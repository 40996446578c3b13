"""A Firefox page for the browser tests and benchmarks: Debian's firefox-esr driven over WebDriver BiDi by
puppeteer-core (Playwright cannot download its own Firefox here), through ``tools/site/firefox_bridge.mjs``.

    with FirefoxPage.launch(prefs={"media.peerconnection.enabled": False}) as ff:
        ff.goto(url)
        ff.wait_for_function("() => document.documentElement.hasAttribute('data-ready')")
        ff.evaluate("() => document.title")
        ff.click("#btn-roll"); ff.fill("#peer-answer-in", code)
        ff.events()   # {"foreign": [urls aborted], "errors": [console errors, page errors]}, then cleared

``evaluate`` and ``wait_for_function`` take what Playwright's do: an expression, or a function's source (called
with ``arg``). Every request that is not to 127.0.0.1 is aborted and recorded, as in e2e/conftest.py's guard.
"""
from __future__ import annotations

import json
import os
import pathlib
import queue
import re
import shutil
import subprocess
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "tools" / "site" / "firefox_bridge.mjs"
_FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def firefox_path() -> str | None:
    """Debian's Firefox ESR (what `make test` installs), or $FIREFOX."""
    for candidate in (os.environ.get("FIREFOX"), "/usr/bin/firefox-esr", shutil.which("firefox-esr"),
                      shutil.which("firefox")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def missing() -> str | None:
    """Why a Firefox page cannot be launched here, or None."""
    if firefox_path() is None:
        return "no Firefox ESR (make test installs Debian's firefox-esr when root)"
    if shutil.which("node") is None:
        return "no node to run puppeteer-core"
    if not (ROOT / "node_modules" / "puppeteer-core").exists():
        return "puppeteer-core is not installed (npm ci)"
    return None


class BridgeError(RuntimeError):
    pass


class FirefoxPage:
    def __init__(self, proc: subprocess.Popen, version: str) -> None:
        self.proc = proc
        self.version = version
        self._next = 0

    @classmethod
    def launch(cls, prefs: dict | None = None, timeout: float = 120.0) -> "FirefoxPage":
        options = {"executablePath": firefox_path(), "prefs": prefs or {}}
        proc = subprocess.Popen(["node", str(BRIDGE), json.dumps(options)], cwd=ROOT, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        page = cls(proc, "")
        page._lines = queue.Queue()
        page._stderr: list[str] = []
        threading.Thread(target=page._pump, args=(proc.stdout, page._lines), daemon=True).start()
        threading.Thread(target=page._pump_err, daemon=True).start()
        page.version = page._answer(0, timeout)
        return page

    def _pump(self, stream, lines) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)

    def _pump_err(self) -> None:
        for line in self.proc.stderr:
            self._stderr.append(line)

    def _answer(self, want: int, timeout: float):
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise BridgeError(f"Firefox did not answer in {timeout:.0f} s") from None
            if line is None:
                raise BridgeError("the Firefox bridge stopped: " + "".join(self._stderr[-20:]))
            msg = json.loads(line)
            if msg["id"] != want:
                continue
            if not msg["ok"]:
                raise BridgeError(msg["error"])
            return msg["value"]

    def _call(self, op: str, timeout: float = 120.0, **args):
        self._next += 1
        self.proc.stdin.write(json.dumps({"id": self._next, "op": op, **args}) + "\n")
        self.proc.stdin.flush()
        return self._answer(self._next, timeout)

    @staticmethod
    def _expr(js: str, arg=None) -> str:
        return f"({js})({json.dumps(arg)})" if _FUNCTION.match(js) else js

    # what the tests use
    def goto(self, url: str) -> str:
        return self._call("goto", url=url)

    def reload(self) -> str:
        return self._call("reload")

    def evaluate(self, js: str, arg=None):
        return self._call("evaluate", expr=self._expr(js, arg))

    def wait_for_function(self, js: str, arg=None, timeout: float = 60_000) -> None:
        """Wait until ``js`` is truthy in the page; ``timeout`` in ms, as in Playwright."""
        self._call("wait", timeout=timeout / 1000 + 30, expr=self._expr(js, arg), ms=timeout)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text)

    def events(self) -> dict:
        return self._call("events")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(json.dumps({"id": -1, "op": "close"}) + "\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=30)
            except Exception:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self) -> "FirefoxPage":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
