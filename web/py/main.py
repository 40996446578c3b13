"""Wiring: choose the language, load the bot's weights, start the table, tell the page it accepts input."""
from pyscript import document, window

import bot
from ui.app import App, parse_params
from ui.i18n import Texts, pick_language

params = parse_params(str(window.location.search))
preferred = [str(lang) for lang in (window.navigator.languages or [])]
texts = Texts(pick_language(params.get("lang"), preferred))

response = await window.fetch("assets/bot/weights.json")  # noqa: F704 (PyScript runs top-level await)
weights = await response.text()  # noqa: F704
bot.load_weights(data=str(weights).encode())

app = App(texts, params)
app.start()

table = document.getElementById("table")
table.classList.remove("loading")
table.removeAttribute("aria-busy")
document.documentElement.setAttribute("data-ready", "")
