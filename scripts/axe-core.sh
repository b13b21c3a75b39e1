#!/usr/bin/env bash
# Prints the path of axe-core's axe.min.js for the exported pages' accessibility test, fetching it once if needed:
# the copy that ships in the PyPI package axe-playwright-python (pinned below), downloaded with pip (no npm) and
# unpacked from the wheel into ~/.cache/carousel-lab (or $XDG_CACHE_HOME/carousel-lab). Usage: scripts/axe-core.sh
set -euo pipefail
version=0.1.8
dir="${XDG_CACHE_HOME:-$HOME/.cache}/carousel-lab/axe-playwright-python-$version"
if [ ! -s "$dir/axe.min.js" ]; then
  mkdir -p "$dir"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$tmp" "axe-playwright-python==$version" >&2
  python3 - "$tmp" "$dir/axe.min.js" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/axe_playwright_python-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    data = z.read("axe_playwright_python/axe.min.js")
with open(sys.argv[2] + ".tmp", "wb") as f:
    f.write(data)
PY
  mv "$dir/axe.min.js.tmp" "$dir/axe.min.js"
fi
echo "$dir/axe.min.js"
