#!/usr/bin/env bash
# `make start` serves the Video app, which encodes with Debian's ffmpeg (as `make test` installs
# it in ensure-chromium.sh). Without root or apt-get the server still starts: the Video app then
# says plainly that videos cannot be made on this server.
set -euo pipefail
ffmpeg="${FFMPEG_PATH:-/usr/bin/ffmpeg}"
[ -x "$ffmpeg" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ffmpeg from Debian for the Video app..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null
else
  echo "!!! ffmpeg is missing ($ffmpeg) and cannot be installed here (need root and apt-get):" >&2
  echo "!!! the Video app will not make videos. Install with: sudo apt-get install -y ffmpeg" >&2
fi
