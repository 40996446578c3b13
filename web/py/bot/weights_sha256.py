"""SHA-256 of web/assets/bot/weights.json, written by tools/bot_export.py."""
WEIGHTS_SHA256 = "fe14bdf8d0841a0767c1962defa6488abbd63abe5b5ecaaaeebc2d2e14d027d3"
WEIGHTS_GAMES = 26234
