"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "3082b98ba2678e5fa1c6f7e24a119b1bec08a44049273a10d014bd451aaeeab2"
WEIGHTS_GAMES = 61038
