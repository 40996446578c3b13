#!/bin/sh
# Find a Chromium for the browser tests: Debian's /usr/bin/chromium (installed here when missing and we are root),
# otherwise Playwright's own browser where downloads work. Usage: ensure_chromium.sh <venv python>
set -e
VPY=${1:-.venv/bin/python}
if [ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No system Chromium; asking Playwright for its own browser…"
"$VPY" -m playwright install chromium
