#!/usr/bin/env bash
# The release build everything uses (make run, the soak, bench, install, the .deb): the Swift runtime linked
# statically, so the binary needs only Debian's libraries (no Swift toolchain on the machine that runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product carousel-lab
