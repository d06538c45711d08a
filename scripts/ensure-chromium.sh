#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; Playwright's own browser download cannot work offline.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "!!! /usr/bin/chromium is missing and cannot be installed here (need root and apt-get)." >&2
  echo "!!! Install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
