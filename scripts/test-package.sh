#!/usr/bin/env bash
# Checks the .deb as a user's machine sees it: unpacked into a scratch root (dpkg -x), the installed binary runs
# `capture` with no Swift toolchain on PATH and no /opt/swift library resolvable, finds its resources under
# share/carousel-lab, and the .desktop file, the manual and the completions are valid. Exit status 1 on any failure.
#   scripts/test-package.sh .build/carousel-lab_VERSION_ARCH.deb
set -euo pipefail
deb="$1"
root=$(mktemp -d /tmp/carousel-lab-package.XXXXXX)
trap 'rm -rf "$root"' EXIT
fail() { echo "package test: $*" >&2; exit 1; }
dpkg -x "$deb" "$root"
exe="$root/usr/bin/carousel-lab"
[ -x "$exe" ] || fail "no usr/bin/carousel-lab in $deb"
[ -f "$root/usr/share/carousel-lab/Resources/deck.json" ] || fail "no resources under usr/share/carousel-lab"
if ldd "$exe" | grep -E "/opt/swift|not found"; then fail "the binary needs libraries from outside Debian's packages"; fi
# A clean environment: no toolchain on PATH, no resources variable, no display, a fresh home.
out="$root/check.png"
env -i PATH=/usr/bin:/bin HOME="$root/home" "$exe" capture --style paging --at 4 --out "$out" 2>"$root/stderr" \
  || fail "the installed capture failed: $(cat "$root/stderr")"
[ -s "$out" ] || fail "the installed capture wrote nothing"
file "$out" 2>/dev/null | grep -q "1280 x 720" || python3 -c "
import struct,sys; d=open('$out','rb').read(24); w,h=struct.unpack('>II',d[16:24]); sys.exit(0 if (w,h)==(1280,720) else 1)" \
  || fail "the capture is not a 1280x720 PNG"
env -i PATH=/usr/bin:/bin HOME="$root/home" "$exe" --version | grep -qx "$(cat "$(dirname "$0")/../VERSION")" || fail "--version is not VERSION"
desktop-file-validate "$root/usr/share/applications/carousel-lab.desktop" || fail "the .desktop file does not validate"
[ -f "$root/usr/share/icons/hicolor/scalable/apps/carousel-lab.svg" ] && [ -f "$root/usr/share/icons/hicolor/256x256/apps/carousel-lab.png" ] \
  || fail "icons missing"
MANPAGER=cat MANWIDTH=80 man -l "$root/usr/share/man/man1/carousel-lab.1.gz" 2>/dev/null | grep -q "Preview, tune and capture carousel effects" \
  || fail "man carousel-lab does not show the manual"
MANPAGER=cat man -l "$root/usr/share/man/man1/carousel-lab.record.1.gz" 2>/dev/null | grep -q "frame-exact" || fail "no manual for record"
bash -n "$root/usr/share/bash-completion/completions/carousel-lab" || fail "the bash completion does not parse"
grep -q "carousel-lab" "$root/usr/share/zsh/vendor-completions/_carousel-lab" "$root/usr/share/fish/vendor_completions.d/carousel-lab.fish" \
  || fail "zsh or fish completion missing"
echo "package test: $(basename "$deb") installs, runs capture without the toolchain, desktop file, icons, manual and completions OK"
