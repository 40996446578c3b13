"""Wiring: choose the language, start the table, tell the page it accepts input, then load the bot's weights
(bot decisions wait for them; the person can already play)."""
from pyscript import document, window

from net.peer_view import install as install_peer
from ui.app import App, parse_params
from ui.i18n import Texts, pick_language

params = parse_params(str(window.location.search))
preferred = [str(lang) for lang in (window.navigator.languages or [])]
texts = Texts(pick_language(params.get("lang"), preferred))

app = App(texts, params)
app.start()
install_peer(app)  # "Play a friend", and joining from an invite link

table = document.getElementById("table")
table.classList.remove("loading")
table.removeAttribute("aria-busy")
document.documentElement.setAttribute("data-ready", "")

response = await window.fetch("assets/bot/weights.json")  # noqa: F704 (PyScript runs top-level await)
weights = await response.text()  # noqa: F704
app.bot_loaded(str(weights))
