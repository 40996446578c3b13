"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "6b74d579a55ce54ccf48dd3db6d616942e1020e1db6f2321d6caafb673c3093b"
WEIGHTS_GAMES = 89081
