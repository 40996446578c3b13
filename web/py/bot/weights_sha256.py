"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "1fdf4c0fd583ec96fd6369ca3de6437d7ddc160f2ec6245231548ad1a2a90aec"
WEIGHTS_GAMES = 0
