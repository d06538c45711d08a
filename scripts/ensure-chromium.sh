#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own browser download cannot work offline),
# with a CJK font so the Chinese pages' screenshots show characters, not boxes; the video app
# encodes with Debian's ffmpeg (nothing is downloaded at run time).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || missing+=(fonts-wqy-microhei)
[ -x /usr/bin/ffmpeg ] || missing+=(ffmpeg)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} from Debian for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif [ -x /usr/bin/chromium ] && [ -x /usr/bin/ffmpeg ]; then
  echo "(no CJK font and no root to install fonts-wqy-microhei: Chinese screenshots show boxes)" >&2
else
  echo "!!! ${missing[*]} missing and cannot be installed here (need root and apt-get)." >&2
  echo "!!! Install with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
