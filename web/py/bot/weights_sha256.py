"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "009f7183b231ebd2301a484174d5559143945a738c76af45524a139808c93817"
WEIGHTS_GAMES = 195741
