#!/bin/sh
# The C compiler that tools/bot/fast (the bot's search in C for the training tools and their tests) is built with on
# first use: gcc and the C library's headers from Debian when `cc` is missing and we are root. Otherwise its tests
# fail with a BuildError that names the missing compiler.
set -e
if command -v "${CC:-cc}" >/dev/null 2>&1 && [ -e /usr/include/math.h ]; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "No C compiler (${CC:-cc}) for tools/bot/fast and not root: install gcc to run its tests." >&2
  exit 0
fi
echo "Installing gcc and libc6-dev for tools/bot/fast…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null
