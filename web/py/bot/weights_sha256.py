"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "bc3a48f98a4c223b72a66e8e234d62913edf10217f0065f43d47d0a5c0aa708e"
WEIGHTS_GAMES = 140655
