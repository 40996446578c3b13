"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "6153cab1779e427637c899516a7447abe34c27d5c60053bbbdea0976f192cbdb"
WEIGHTS_GAMES = 286374
