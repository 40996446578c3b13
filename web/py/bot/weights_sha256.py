"""SHA-256 of web/assets/bot/weights.json, written by tools/bot/bot_export.py."""
WEIGHTS_SHA256 = "581082526ce6856698e38f355c7f404be7fe3c4080f3a86153703fe1ad2c0032"
WEIGHTS_GAMES = 286374
