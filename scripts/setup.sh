#!/usr/bin/env bash
# Installs the Debian packages Carousel Lab needs, only those missing. Usage: scripts/setup.sh [run|test]
#   run:  SDL2, SDL2_image, SDL2_ttf (with their -dev headers), libcurl and the CA certificates (remote images), the
#         DejaVu fonts, fontconfig (fallback fonts for other scripts), libpng (PNGs decoded quietly), pixman (the
#         software renderer's compositing), zlib (PNG frames), libjpeg-turbo (JPEGs decoded reduced), FFmpeg (clips)
#   test: the above plus Xvfb and xdotool for the window tests, time, desktop-file-utils and man-db, Chromium for
#         the exported web pages' tests, and the Noto fonts (CJK, Arabic, colour emoji) for the every-script tests;
#         and axe-core for the pages' accessibility test (scripts/axe-core.sh: from PyPI, cached in ~/.cache)
set -euo pipefail
packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libxi-dev libx11-dev libcurl4-openssl-dev ca-certificates fonts-dejavu-core libfontconfig-dev libpng-dev libpixman-1-dev zlib1g-dev libjpeg62-turbo-dev pkg-config ffmpeg)
# Tests: a display and input for the window tests, `time` for peak memory, and what checks the package (dpkg-dev is
# not needed: dpkg-deb is in dpkg), and Chromium, headless, for the exported web pages.
if [ "${1:-run}" = "test" ]; then
  packages+=(xvfb xauth xdotool x11-utils xclip time python3-xlib desktop-file-utils man-db chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# As root the missing packages are installed. As another user this asks before running sudo (y/N) when there is a
# terminal to ask on; without one (a script, CI as a user) it prints the command to run and fails.
if [ ${#missing[@]} -gt 0 ]; then
  install=(apt-get install -y -qq --no-install-recommends "${missing[@]}")
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${install[@]}" >/dev/null
  else
    command="sudo apt-get update && sudo apt-get install --no-install-recommends ${missing[*]}"
    if [ ! -t 0 ]; then
      echo "setup: missing Debian packages: ${missing[*]}" >&2
      echo "setup: install them with: $command" >&2
      exit 1
    fi
    read -r -p "setup: missing Debian packages: ${missing[*]}. Install them now with sudo apt-get? [y/N] " answer
    case "$answer" in
      [yY]|[yY][eE][sS]) ;;
      *) echo "setup: not installed; to install them yourself: $command" >&2; exit 1 ;;
    esac
    command -v sudo >/dev/null || { echo "setup: sudo is not installed; as root run: apt-get install ${missing[*]}" >&2; exit 1; }
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive "${install[@]}" >/dev/null
  fi
fi
# Tests: axe-core for the exported pages' accessibility test, from PyPI (axe-playwright-python ships axe.min.js).
if [ "${1:-run}" = "test" ]; then
  "$(dirname "$0")/axe-core.sh" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (expected the Swift 6 toolchain, e.g. /opt/swift/usr/bin)"; exit 1; }
