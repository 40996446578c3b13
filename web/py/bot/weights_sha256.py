"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "3c5ededc4b6237a4625b52f3790960918d89124a27d21494f1ff56957d5662d8"
WEIGHTS_GAMES = 286374
