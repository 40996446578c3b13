"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "3a1b0e56888c602e46ce0ef54831d82f335b1490cfd5e085cb4f0632bba9f5a8"
WEIGHTS_GAMES = 101015
