"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "ebd8538bd7385dde30f05136554876f9d1350c879fddb1a427edf971a56ee305"
WEIGHTS_GAMES = 286374
