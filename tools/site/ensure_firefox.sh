#!/bin/sh
# Find Firefox ESR for the Firefox smoke test (e2e/test_firefox.py, driven by puppeteer-core over WebDriver BiDi):
# $FIREFOX or Debian's /usr/bin/firefox-esr, installing the `firefox-esr` package when it is missing and we are
# root. Elsewhere the Firefox tests skip, saying why.
set -e
if [ -n "$FIREFOX" ] && [ -x "$FIREFOX" ]; then exit 0; fi
if command -v firefox-esr >/dev/null 2>&1 || [ -x /usr/bin/firefox-esr ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's firefox-esr for the Firefox smoke test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null
  exit 0
fi
echo "No Firefox ESR and not root: e2e/test_firefox.py will skip."
