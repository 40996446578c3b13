"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "f40d3dadf4e62b0a9293cd713aa86e5fab928e1743eec9ac1b350274b18bd83c"
WEIGHTS_GAMES = 286374
