#!/usr/bin/env bash
# The release build everything uses (make run, the soak, bench, install, the .deb): the Swift runtime linked
# statically, so the binary needs only Debian's libraries (no Swift toolchain on the machine that runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
# Without the run-time actor isolation checks, as without the run-time exclusivity checks (Package.swift): Swift 6
# mode checks isolation at compile time, and the run-time checks (the main actor's executor asked on entry to closures
# code outside that checking might call on another thread: the paint order's getter, the damage plan, the frame's
# start) cost 2 % of the window's pointer sweep (issue 41, docs/performance.md). Here and not in Package.swift, which
# has no flag to turn them back on: CI's test build, also release, keeps them, as debug builds do.
flags=(-Xswiftc -disable-dynamic-actor-isolation)
# RELEASE_SCRATCH: build in that folder instead of .build (its own SwiftPM lock and plugin outputs, so the tests' debug
# build can run at the same time, as scripts/test.sh does) and link .build/release to its release folder.
if [ -n "${RELEASE_SCRATCH:-}" ]; then
  swift build -c release --static-swift-stdlib --product carousel-lab --scratch-path "$RELEASE_SCRATCH" "${flags[@]}"
  mkdir -p .build
  ln -sfn "$(realpath "$RELEASE_SCRATCH")/release" .build/release
else
  swift build -c release --static-swift-stdlib --product carousel-lab "${flags[@]}"
fi
