"""Instant start: the precompiled standard library, and the memory snapshot a visit after the first starts from.

One browser context plays a returning player through the module (a boot is the slow part, so the tests share it
and run in order): a first visit boots normally and keeps a snapshot; the next visit starts from it, page and bot
worker alike, and plays; a truncated snapshot, a damaged one, one whose list of pages does not fit it and one from
another deploy each give a normal boot that resumes the saved game and drops the bad snapshot; offline, a visit still
starts from the snapshot; the visit after the first starts from the WebAssembly code the snapshot's maker compiled,
and a visit after a repeat visit from the code the repeat visit compiled. A context of its own has storage too full
for a snapshot: its visits boot normally and keep the game.
"""
from __future__ import annotations

import json
import pathlib

import pytest

import bot
from conftest import BOOT_TIMEOUT_MS, Guard, wait_ready
import helpers as H
import rules

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"
PY = WEB / "py"
PYODIDE_VERSION = json.loads((WEB.parent / "node_modules/pyodide/package.json").read_text())["version"]

# The snapshot kept in Cache Storage: its length and headers, or null.
SNAPSHOT_JS = """async () => {
  const hit = await (await caches.open('gamao-snapshot')).match('/boot-snapshot');
  if (!hit) return null;
  const h = hit.headers;
  return {bytes: (await hit.arrayBuffer()).byteLength, header: Number(h.get('x-gamao-bytes')),
          pyodideHeader: Number(h.get('x-gamao-header-bytes')), memory: Number(h.get('x-gamao-memory-bytes')),
          pages: h.get('x-gamao-pages'), deploy: h.get('x-gamao-deploy'), pyodide: h.get('x-gamao-pyodide')};
}"""

# Replaces the kept snapshot by a changed copy: cut (keep only its first half), damage (its first bytes zeroed,
# same length), restamp (another deploy's version) or repage (its list of where the memory's pages go changed, so
# that it no longer fits its length).
SPOIL_JS = """async (how) => {
  const cache = await caches.open('gamao-snapshot');
  const hit = await cache.match('/boot-snapshot');
  let bytes = new Uint8Array(await hit.arrayBuffer());
  const headers = new Headers(hit.headers);
  if (how === 'cut') bytes = bytes.slice(0, bytes.length >> 1);
  if (how === 'damage') bytes.fill(0, 0, 4096);
  if (how === 'restamp') headers.set('x-gamao-deploy', 'another-deploy');
  if (how === 'repage') {
    headers.set('x-gamao-pages', headers.get('x-gamao-pages').replace(/\\+(\\d+)$/, (_, n) => `+${+n + 1}`));
  }
  await cache.put('/boot-snapshot', new Response(bytes, {headers}));
}"""


def run_python(page, code: str):
    """Runs `code` in the page's own interpreter (a script PyScript picks up); `result` (JSON-able) comes back."""
    page.evaluate("""(code) => {
      document.documentElement.removeAttribute('data-test-result');
      const script = document.createElement('script');
      script.type = 'py';
      script.textContent = code + '\\nimport json as _j\\nfrom pyscript import document as _d\\n'
        + '_d.documentElement.setAttribute("data-test-result", _j.dumps(result))\\n';
      document.body.appendChild(script);
    }""", code)
    page.wait_for_selector("html[data-test-result]", state="attached")
    return json.loads(page.get_attribute("html", "data-test-result"))


def deploy_version() -> str:
    return json.loads((WEB / "assets" / "boot" / "deploy.json").read_text())["version"]


def visit(context, guard, url: str):
    page = context.new_page()
    guard.watch_page(page)
    page.goto(url)
    wait_ready(page)
    return page


def _player_context(browser):
    """A fresh browser context for a player (its boots may take BOOT_TIMEOUT_MS), watched by a new guard."""
    guard = Guard()
    context = browser.new_context()
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard.watch_context(context)
    return context, guard


@pytest.fixture(scope="module")
def player(browser, base_url):
    """A returning player's browser: (context, guard, url) after a first visit that kept its snapshot."""
    context, guard = _player_context(browser)
    url = H.table_url(base_url)
    page = visit(context, guard, url)
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    yield context, guard, url, page
    context.close()


@pytest.fixture
def returning(player):
    context, guard, url, first = player
    first.close()  # (the first visit is over)
    guard.errors.clear()
    yield context, guard, url
    guard.check()


def test_a_first_visit_boots_normally_and_keeps_a_snapshot_for_this_deploy(player):
    context, guard, url, page = player
    assert page.get_attribute("html", "data-boot") == "normal"
    assert page.get_attribute("html", "data-snapshot") == "saved"
    kept = page.evaluate(SNAPSHOT_JS)
    assert kept["bytes"] == kept["header"] > 10_000_000
    # the memory's pages of zeros are left out: what is kept is its header and the listed pages, less than the whole
    pages = [tuple(map(int, run.split("+"))) for run in kept["pages"].split(",")]
    assert kept["bytes"] == kept["pyodideHeader"] + 65536 * sum(count for _, count in pages)
    assert kept["bytes"] < kept["pyodideHeader"] + kept["memory"]
    assert all(a + n < b for (a, n), (b, _) in zip(pages, pages[1:]))  # in order, with gaps between
    assert kept["deploy"] == deploy_version()
    assert kept["pyodide"] == PYODIDE_VERSION
    guard.check()


def test_every_module_imports_with_the_precompiled_standard_library(player):
    """Every module of web/py imports in the browser's interpreter, whose standard library is our zip, from the
    app's bundle as one zip on sys.path; every standard library module the table has imported was loaded as
    bytecode (none compiled in the browser)."""
    context, guard, url, page = player
    modules = sorted(".".join(p.relative_to(PY).with_suffix("").parts).removesuffix(".__init__")
                     for p in PY.glob("*/**/*.py"))
    assert "rules" in modules and "ui.app" in modules and "bot.analysis" in modules
    result = run_python(page, f"""
import importlib, sys
sources = sorted(n for n, m in list(sys.modules.items())
                 if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith("/lib/python314.zip")
                 and not m.__spec__.origin.endswith(".pyc"))
failed = {{}}
for name in {modules!r}:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed[name] = repr(exc)
import os
result = {{"failed": failed, "sources": sources, "zips": [p for p in sys.path if p.endswith(".zip")],
          "app": sys.modules["ui.app"].__spec__.origin, "unpacked": os.path.exists("/home/pyodide/ui")}}
""")
    assert result["failed"] == {}
    assert result["sources"] == []
    # the standard library is our zip; the app's bundle is imported from in place, never unpacked
    assert result["zips"] == ["/home/pyodide/py-bundle.zip", "/lib/python314.zip"]
    assert result["app"].startswith("/home/pyodide/py-bundle.zip/ui/app.pyc")
    assert result["unpacked"] is False
    guard.check()


def test_a_first_visit_compiles_neither_dataclass_methods_nor_pyscripts_package(player):
    """A normal start takes from the bundle the code compiled ahead when the site was built: the methods that
    dataclasses writes for every dataclass of the app (of the modules the table imported, and of every other module
    of web/py), and PyScript's own package, which PyScript writes as source at every start."""
    context, guard, url, page = player
    assert page.get_attribute("html", "data-boot") == "normal"
    modules = sorted(".".join(p.relative_to(PY).with_suffix("").parts).removesuffix(".__init__")
                     for p in PY.glob("*/**/*.py"))
    result = run_python(page, f"""
import dataclasses, importlib, importlib.machinery, sys, types
ahead = set()
def _walk(code):
    ahead.add(id(code))
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _walk(const)
for code in dataclasses.exec.ahead.values():
    _walk(code)
for name in {modules!r}:
    importlib.import_module(name)
written, compiled = [], []
for name, module in list(sys.modules.items()):
    if name.partition(".")[0] not in ("rules", "bot", "game", "net", "ui"):
        continue
    for cls in list(vars(module).values()):
        if isinstance(cls, type) and cls.__module__ == name and dataclasses.is_dataclass(cls):
            made = [f for f in vars(cls).values()
                    if isinstance(f, types.FunctionType) and f.__code__.co_filename == "<string>"]
            written += [cls.__qualname__] if made else []
            compiled += [f"{{name}}.{{f.__qualname__}}" for f in made if id(f.__code__) not in ahead]
origins = {{n: getattr(getattr(m, "__spec__", None), "origin", None) for n, m in list(sys.modules.items())}}
pyscript = sorted(o for n, o in origins.items() if n.partition(".")[0] == "pyscript" and str(o).endswith(".py"))
used = importlib.machinery.SourceFileLoader.source_to_code.used
result = {{"written": len(written), "compiled": compiled, "pyscript": pyscript,
          "not_ahead": [p for p in pyscript if p not in used]}}
""")
    assert result["written"] > 40  # (game.intents alone has 19)
    assert result["compiled"] == []
    assert "/home/pyodide/pyscript/__init__.py" in result["pyscript"]
    assert result["not_ahead"] == []
    guard.check()


def _wasm_cache_hits(trace: dict) -> list[dict]:
    """The v8.wasm.moduleCacheHit events of a trace: a compile that started from the code Chromium kept."""
    return [e["args"] for e in trace["traceEvents"] if e.get("name") == "v8.wasm.moduleCacheHit"]


def test_the_visit_after_the_first_starts_from_the_webassembly_code_the_snapshots_maker_compiled(returning, browser):
    """The first visit's own compile of the interpreter's WebAssembly begins from the network, so Chromium keeps none
    of its code beside the cached response; the snapshot's maker compiles it from Cache Storage (with options of its
    own: compile-worker.mjs) and runs the whole start, and Chromium keeps the code it optimised there. The next
    visit, this one, starts from that code, in the page's compile worker and in the bot's worker."""
    context, guard, url = returning
    browser.start_tracing(page=None, categories=["disabled-by-default-devtools.timeline"])  # (its wasm events)
    try:
        page = visit(context, guard, url)
        H.new_game(page, "bot", "strong")  # (the bot's worker starts)
        page.wait_for_selector("html[data-bot-boot]", state="attached")
    finally:
        trace = json.loads(browser.stop_tracing())
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.get_attribute("html", "data-bot-boot") == "snapshot"
    hits = _wasm_cache_hits(trace)
    assert hits and {h["url"].rsplit("/", 1)[-1] for h in hits} == {"pyodide.asm.wasm"}
    assert min(h["consumedCacheSize"] for h in hits) > 100_000
    # two compiles, the page's compile worker's and the bot's worker's, each from that code
    compiles = [e for e in trace["traceEvents"] if e.get("name") == "wasm.StartStreamingCompilation"]
    assert len(compiles) == len(hits) == 2
    page.close()


def test_a_repeat_visit_starts_from_the_snapshot_plays_the_bot_and_takes_a_hint(returning):
    context, guard, url = returning
    page = visit(context, guard, url)
    assert page.get_attribute("html", "data-boot") == "snapshot"
    assert page.get_attribute("html", "data-boot-wasm") == "worker"  # compiled off the page's main thread
    # PyScript's own package (written as source at every start) was not compiled: its bytecode is in the snapshot
    used = run_python(page, "import importlib.machinery as m\nresult = m.SourceFileLoader.source_to_code.used")
    assert "/home/pyodide/pyscript/__init__.py" in used
    # The bot's weights and bear-off table were asked for as the start began, once each (main.py's fetch took the
    # preload), before the table was built
    asked = page.evaluate("""() => {
      const built = performance.getEntriesByName("gamao:table")[0].startTime;
      return ["weights.json", "bearoff.bin"].map((name) => performance.getEntriesByType("resource")
        .filter((r) => r.name.endsWith("/assets/bot/" + name)).map((r) => r.startTime < built));
    }""")
    assert asked == [[True], [True]]
    H.new_game(page, "bot", "strong")
    assert H.wait_for_turn(page) == "move"  # this seed: the person opens with 3-1
    page.locator("#btn-hint").click()
    page.wait_for_function("document.querySelector('#hint').dataset.best")
    assert page.get_attribute("#hint", "data-best") == bot.choose(rules.Position.initial().to_id(), (3, 1), "strong")
    assert page.get_attribute("html", "data-bot-boot") == "snapshot"  # the bot's worker started from it too
    for _ in range(6):  # the person's turns, and the bot's answers in between
        H.play_turn(page)
    assert int(page.evaluate("JSON.parse(localStorage.getItem('gamao.table')).record.games.at(-1).actions.length")) > 4
    page.close()


def test_a_visit_starts_from_the_webassembly_code_a_repeat_visit_compiled(returning, browser):
    """Chromium keeps the interpreter's compiled WebAssembly beside the cached response (its code cache) through a
    compile that began from Cache Storage and is still alive as the page runs: a repeat visit's compile worker,
    which stays for as long as the page, so that what a visit optimises as the person plays (the previous test's
    visit played a game) is kept too. The visit after it starts from kept code."""
    context, guard, url = returning
    browser.start_tracing(page=None, categories=["disabled-by-default-devtools.timeline"])  # (its wasm events)
    try:
        page = visit(context, guard, url)
    finally:
        trace = json.loads(browser.stop_tracing())
    hits = _wasm_cache_hits(trace)
    assert hits and {h["url"].rsplit("/", 1)[-1] for h in hits} == {"pyodide.asm.wasm"}
    assert min(h["consumedCacheSize"] for h in hits) > 100_000
    assert page.get_attribute("html", "data-boot-wasm") == "worker"
    # the worker that compiled it is still there, so that what this visit compiles is kept for the next
    assert [w.url.rsplit("/", 1)[-1] for w in page.workers].count("compile-worker.mjs") == 1
    page.close()


def _saved(page) -> dict:
    return {"id": page.text_content("#gnubg-id"), "dice": page.get_attribute("[data-dice]", "data-dice"),
            "save": page.evaluate("localStorage.getItem('gamao.table')")}


def _boots_normally_and_resumes(context, guard, url: str, before: dict):
    """A new visit's page, checked to have started normally with the game ``before`` (``_saved``) as it was."""
    page = visit(context, guard, url)
    assert page.get_attribute("html", "data-boot") == "normal"
    after = _saved(page)
    assert after["id"] == before["id"] and after["dice"] == before["dice"]
    assert json.loads(after["save"])["record"] == json.loads(before["save"])["record"]
    return page


@pytest.mark.parametrize("how", ["cut", "damage", "restamp", "repage"])
def test_a_bad_snapshot_gives_a_normal_boot_that_resumes_the_game_and_is_replaced(returning, how):
    context, guard, url = returning
    page = visit(context, guard, url)
    before = _saved(page)
    page.evaluate(SPOIL_JS, how)
    page.close()
    page = _boots_normally_and_resumes(context, guard, url, before)
    # the bad snapshot is gone and a good one is made again
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.get_attribute("html", "data-snapshot") == "saved"
    kept = page.evaluate(SNAPSHOT_JS)
    assert kept["bytes"] == kept["header"] and kept["deploy"] == deploy_version()
    if how == "damage":
        guard.errors[:] = [e for e in guard.errors if "Snapshot has invalid magic number" not in e]
    page.close()


def test_offline_a_repeat_visit_still_starts_from_the_snapshot(returning):
    context, guard, url = returning
    page = visit(context, guard, url)
    page.wait_for_selector("html[data-offline]", state="attached")
    page.close()
    context.set_offline(True)
    try:
        page = visit(context, guard, url)
        assert page.get_attribute("html", "data-boot") == "snapshot"
        assert page.get_attribute("html", "data-boot-wasm") == "worker"
        assert page.evaluate("navigator.onLine") is False
        assert H.play_turn(page) in ("move", "roll", "done", "take")  # the table plays offline
        page.close()
    finally:
        context.set_offline(False)


def test_with_storage_too_full_for_a_snapshot_every_visit_boots_normally_and_keeps_the_game(browser, base_url):
    """Storage full: the origin's quota (set through the DevTools protocol) holds the site's files but not a memory
    snapshot. The first visit says the snapshot was not made and keeps nothing of it; the next visit boots normally
    and resumes the saved game, and plays on."""
    context, guard = _player_context(browser)
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin",
                                           {"origin": base_url.rstrip("/"), "quotaSize": 25_000_000})
        guard.watch_page(page)
        url = H.table_url(base_url)
        page.goto(url)
        wait_ready(page)
        H.new_game(page, "bot", "strong")
        for _ in range(2):
            H.play_turn(page)
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
        assert page.get_attribute("html", "data-snapshot") == "failed"
        assert page.evaluate(SNAPSHOT_JS) is None
        assert page.evaluate("localStorage.getItem('gamao.snapshot-kept')") is None
        before = _saved(page)
        page.close()
        page = _boots_normally_and_resumes(context, guard, url, before)
        assert H.play_turn(page) in ("move", "roll", "done", "take")
        guard.check()
    finally:
        context.close()
