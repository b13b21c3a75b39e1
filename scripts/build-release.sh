#!/usr/bin/env bash
# The release build everything uses (make run, the soak, bench, install, the .deb): the Swift runtime linked
# statically, so the binary needs only Debian's libraries (no Swift toolchain on the machine that runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
# RELEASE_SCRATCH: build in that folder instead of .build (its own SwiftPM lock and plugin outputs, so the tests' debug
# build can run at the same time, as scripts/test.sh does) and link .build/release to its release folder.
if [ -n "${RELEASE_SCRATCH:-}" ]; then
  swift build -c release --static-swift-stdlib --product carousel-lab --scratch-path "$RELEASE_SCRATCH"
  mkdir -p .build
  ln -sfn "$(realpath "$RELEASE_SCRATCH")/release" .build/release
else
  swift build -c release --static-swift-stdlib --product carousel-lab
fi
