"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "ce76ff17e8b545e3a4e506c55c565a688f59343a0e54785385bf42bbd712b66d"
WEIGHTS_GAMES = 238174
