"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "fae480f6f934a838b5c8b63ab8c465f1b524cca16fe2b4a950b03b5944310e4b"
WEIGHTS_GAMES = 79450
