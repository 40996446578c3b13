"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "2df41c4a97211967d5eea469b739b20dfd6aed7c0378a87183d93a7ff8b07bc5"
WEIGHTS_GAMES = 160472
