"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "9dda53ae0cdab9d3af45a8142513989347359a846dbc1b5655cd122f2590437d"
WEIGHTS_GAMES = 286374
