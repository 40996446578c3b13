"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "f6a60419505a3b0bfc6c5f51264d0561e8e27a31d4e797c81efd75c01f26a6e7"
WEIGHTS_GAMES = 268516
