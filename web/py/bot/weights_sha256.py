"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "733a965c53e91ea492ebecdba6659bcd146cb83d42979be6606b519b5b350dca"
WEIGHTS_GAMES = 286374
