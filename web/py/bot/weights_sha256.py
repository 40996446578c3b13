"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "0212951b64a95a4d88d8745ca22d5d090c6d3b11b924329b5a4394545a952542"
WEIGHTS_GAMES = 123387
