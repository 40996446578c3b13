#!/bin/sh
# What the network lab of the browser tests needs (e2e/test_netlab.py): nftables (the NAT routers) and coturn
# (the STUN/TURN server), installed from Debian when missing and we are root. Without root the lab skips and says
# why, so nothing is needed then.
set -e
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then exit 0; fi
missing=""
command -v nft >/dev/null 2>&1 || missing="$missing nftables"
command -v turnserver >/dev/null 2>&1 || missing="$missing coturn"
command -v ip >/dev/null 2>&1 || missing="$missing iproute2"
if [ -n "$missing" ]; then
  echo "Installing$missing for the network lab…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
