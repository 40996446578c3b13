"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "a7626f83ef8430ab256a4cc4f8b9c71b510357b24e6e5fcee83cdcc6a64e0caf"
WEIGHTS_GAMES = 176540
