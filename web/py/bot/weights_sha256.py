"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "2278586d81f36af90a7d68716603b15e0552f9e5160676376d03b35526cb58a1"
WEIGHTS_GAMES = 286374
