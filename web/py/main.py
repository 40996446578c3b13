"""Wiring: choose the language, start the table, tell the page it accepts input (html[data-ready]), add Play a
friend (ui.peer_game; in a browser without WebRTC, a line saying it is not available there: ui.no_webrtc), then load the bot's
weights (bot decisions wait for them; the person can already play) and its bear-off table, and say so
(html[data-loaded]).

The performance marks ("gamao:python", "gamao:imported") time the Python start-up for tools/bench/bench_load.py."""
import asyncio

from pyscript import document, window

window.performance.mark("gamao:python")
from ui import compact
from ui.app import App, parse_params
from ui.i18n import Texts, pick_language
from ui.prefs import LANG_KEY
from ui.storage import Storage

window.performance.mark("gamao:imported")
params = parse_params(str(window.location.search))
saved_lang = Storage().get(LANG_KEY)  # the language chosen in Settings (or by the top bar's switch) comes first
preferred = ([saved_lang] if saved_lang else []) + [str(lang) for lang in (window.navigator.languages or [])]
texts = Texts(pick_language(params.get("lang"), preferred))

app = App(texts, params)
app.start()
compact.install(document, window)
window.performance.mark("gamao:table")

table = document.getElementById("table")
table.classList.remove("loading")
table.removeAttribute("aria-busy")
document.documentElement.setAttribute("data-ready", "")

# The bot's weights and bear-off table download while the page paints and "Play a friend" (and joining from an
# invite link) is set up: the peer code (WebRTC, invite codes) is not needed to play the table, and importing it
# first would hold the table back ~0.1 s.
download = window.fetch("assets/bot/weights.json")
bearoff_download = window.fetch("assets/bot/bearoff.bin")
await asyncio.sleep(0)  # noqa: F704 (PyScript runs top-level await): let the page paint and take input now

from ui.no_webrtc import webrtc_missing  # noqa: E402

try:  # whatever happens to Play a friend, the bot still gets its weights below
    if webrtc_missing():  # WebRTC off or absent: only Play a friend is lost, and the page says so
        from ui.no_webrtc import install as install_peer
    else:
        from ui.peer_game import install as install_peer
    peer = install_peer(app)
except Exception as exc:
    window.console.error(f"Play a friend could not start: {exc}")

response = await download  # noqa: F704
weights = await response.text()  # noqa: F704
app.bot_loaded(str(weights))
try:  # the exact bear-off table; without it the bot plays bear-offs with its network
    bearoff = await (await bearoff_download).arrayBuffer()  # noqa: F704
    app.bearoff_loaded(bearoff.to_bytes())
except Exception as exc:
    window.console.warn(f"bear-off table not loaded: {exc}")
document.documentElement.setAttribute("data-loaded", "")  # all that a visit loads is in: app.js completes the cache
