"""SHA-256 of web/assets/bot/bearoff.bin, written by tools/bot/make_bearoff.py."""
BEAROFF_SHA256 = "e028c7429418caadd3494517a034b0f9b8c998fa80e9627caa91e19bd50b8391"
