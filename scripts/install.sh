#!/usr/bin/env bash
# Installs (or with --uninstall removes) the release build under DESTDIR/PREFIX: the binary on PATH, the resources,
# the .desktop file, the icons, the man pages and the shell completions. Used by `make install`, `make uninstall`
# and scripts/deb.sh. The binary must be built first (scripts/build-release.sh); man pages are generated when missing.
#   PREFIX=/usr/local DESTDIR= scripts/install.sh [--uninstall]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-/usr/local}"
root="${DESTDIR:-}${prefix}"
bin=.build/release/carousel-lab
files=(
  "bin/carousel-lab"
  "share/applications/carousel-lab.desktop"
  "share/icons/hicolor/scalable/apps/carousel-lab.svg"
  "share/icons/hicolor/256x256/apps/carousel-lab.png"
  "share/bash-completion/completions/carousel-lab"
  "share/zsh/vendor-completions/_carousel-lab"
  "share/fish/vendor_completions.d/carousel-lab.fish"
)
if [ "${1:-}" = "--uninstall" ]; then
  for f in "${files[@]}"; do rm -f "$root/$f"; done
  rm -f "$root"/share/man/man1/carousel-lab*.1.gz
  rm -rf "$root/share/carousel-lab"
  echo "uninstalled from $root"
  exit 0
fi
[ -x "$bin" ] || { echo "install: $bin is missing: run scripts/build-release.sh first" >&2; exit 1; }
man=.build/plugins/GenerateManual/outputs/carousel-lab
if [ ! -f "$man/carousel-lab.1" ]; then
  # swift-argument-parser's manual plugin, on the debug build (already there for the tests; the text is the same).
  swift package --allow-writing-to-package-directory generate-manual --multi-page --configuration debug >/dev/null
fi
install -Dm755 "$bin" "$root/bin/carousel-lab"
strip "$root/bin/carousel-lab" 2>/dev/null || true
mkdir -p "$root/share/carousel-lab"
rm -rf "$root/share/carousel-lab/Resources"
cp -r Resources "$root/share/carousel-lab/Resources"
find "$root/share/carousel-lab" -type d -exec chmod 755 {} + ; find "$root/share/carousel-lab" -type f -exec chmod 644 {} +
install -Dm644 packaging/carousel-lab.desktop "$root/share/applications/carousel-lab.desktop"
install -Dm644 packaging/carousel-lab.svg "$root/share/icons/hicolor/scalable/apps/carousel-lab.svg"
install -Dm644 packaging/carousel-lab-256.png "$root/share/icons/hicolor/256x256/apps/carousel-lab.png"
mkdir -p "$root/share/man/man1"
for page in "$man"/*.1; do gzip -9n < "$page" > "$root/share/man/man1/$(basename "$page").gz"; chmod 644 "$root/share/man/man1/$(basename "$page").gz"; done
"$bin" --generate-completion-script bash | install -Dm644 /dev/stdin "$root/share/bash-completion/completions/carousel-lab"
"$bin" --generate-completion-script zsh | install -Dm644 /dev/stdin "$root/share/zsh/vendor-completions/_carousel-lab"
"$bin" --generate-completion-script fish | install -Dm644 /dev/stdin "$root/share/fish/vendor_completions.d/carousel-lab.fish"
echo "installed into $root"
