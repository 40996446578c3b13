"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "65f6cdfefb761322a07e6473e0fc58740510bb6deb68e0d2c2394795e4c552f2"
WEIGHTS_GAMES = 286374
