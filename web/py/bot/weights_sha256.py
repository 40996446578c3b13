"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "62ac2db35113c92b4b0f5edc1f0ccbfadec35f7538ab263987fb704e587974bb"
WEIGHTS_GAMES = 211083
