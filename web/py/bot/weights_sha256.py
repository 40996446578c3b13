"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "aa09dcbd12168d7575148241fd75cdc3dd7194929380cbfdb9745f2297e79586"
WEIGHTS_GAMES = 0
