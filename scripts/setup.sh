#!/usr/bin/env bash
# Installs the Debian packages Carousel Lab needs, only those missing. Usage: scripts/setup.sh [run|test]
#   run:  SDL2, SDL2_image, SDL2_ttf (with their -dev headers), libcurl and the CA certificates (remote images), the
#         DejaVu fonts, fontconfig (fallback fonts for other scripts), pixman (the software renderer's compositing),
#         zlib (PNG frames), libjpeg-turbo (JPEGs decoded reduced) and FFmpeg (clips)
#   test: the above plus Xvfb and xdotool for the window tests, time, desktop-file-utils and man-db, Chromium for
#         the exported web pages' tests, and the Noto fonts (CJK, Arabic, colour emoji) for the every-script tests
set -euo pipefail
packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libxi-dev libx11-dev libcurl4-openssl-dev ca-certificates fonts-dejavu-core libfontconfig-dev libpixman-1-dev zlib1g-dev libjpeg62-turbo-dev pkg-config ffmpeg)
# Tests: a display and input for the window tests, `time` for peak memory, and what checks the package (dpkg-dev is
# not needed: dpkg-deb is in dpkg), and Chromium, headless, for the exported web pages.
if [ "${1:-run}" = "test" ]; then
  packages+=(xvfb xauth xdotool x11-utils time python3-xlib desktop-file-utils man-db chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (expected the Swift 6 toolchain, e.g. /opt/swift/usr/bin)"; exit 1; }
