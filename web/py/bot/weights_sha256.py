"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "fb70efa8ab277ca9ddba1c87d3390a1426e06fa83fa5a04c500774c6abd8d008"
WEIGHTS_GAMES = 286374
