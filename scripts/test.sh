#!/usr/bin/env bash
# Runs every check CI runs: the whole test suite (unit tests, headless capture and golden-image tests, the window
# tests under Xvfb), the output contract, the static release build packaged as a .deb and checked as installed, and a
# one-minute soak of that build. Installs what it needs first. RECORD_GOLDENS=1 re-records the golden PNGs in
# Tests/Goldens; SOAK=0 skips the soak (`make soak` runs ten minutes).
#
# One build serves the suite: release (optimised) with testability and the run-time exclusivity checks, the test
# targets themselves unoptimised (Package.swift), in .build/test-release. The tests run from it and start its
# carousel-lab as their child process; the manual pages come from it too (swift-argument-parser's generate-manual tool). `swift test` (a debug build) runs the same
# suite.
#
# Two lines of work share the machine: the test suite, which mostly waits (on windows, child processes, timers and
# servers), and a chain that mostly computes: the static release build (what the package ships; niced, so the test
# build comes first and the chain fills the tests' waits), then the soak beside the manual pages, the package and its
# check. The chain starts at once and runs on beside the tests; its output is printed after theirs. Each phase's time
# is printed at the end (test.sh: ...).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
phases=()
# Runs "$@" as the phase named $1, noting its wall time; returns its status.
phase() {
  local name=$1 t0 status=0
  shift
  t0=$(date +%s)
  "$@" || status=$?
  phases+=("$name $(( $(date +%s) - t0 )) s$([ "$status" = 0 ] || echo " (failed: $status)")")
  return "$status"
}

phase setup scripts/setup.sh test
mkdir -p .build
rm -f .build/test-build-done
# The test build: its folder and flags (the manual step must pass the same flags, or SwiftPM builds it all again).
test_scratch=.build/test-release
test_flags=(--scratch-path "$test_scratch" -Xswiftc -enable-testing -Xswiftc -enforce-exclusivity=checked)
test_bin=$test_scratch/release

# The chain beside the test build and the tests: the release build starts at once, in a scratch folder of its own
# (RELEASE_SCRATCH: its own SwiftPM lock, so both builds share the two cores from the start). Then a one-minute soak of
# the live window (the release build) with random input, on an Xvfb of its own; meanwhile, once the test build is
# done, the manual pages (swift-argument-parser's plugin, on the test build), then the package, which is checked.
chain() {
  local t0 package soak_pid=""
  chain_phase() { local name=$1; shift; t0=$(date +%s); "$@"; echo "test.sh: chain: $name $(( $(date +%s) - t0 )) s"; }
  chain_phase release-build nice -n 10 env RELEASE_SCRATCH=.build/release-scratch scripts/build-release.sh
  if [ "${SOAK:-1}" != 0 ]; then
    ( chain_phase soak env BIN=.build/release/carousel-lab scripts/soak.sh "${SOAK_SECONDS:-60}" > .build/soak-output.txt 2>&1 ) &
    soak_pid=$!
  fi
  local status=0
  while [ ! -e .build/test-build-done ]; do sleep 1; done
  t0=$(date +%s)
  # The manual where scripts/install.sh looks for it, by the tool swift-argument-parser's generate-manual plugin runs
  # (the plugin would build the executable again without the tests' entry point, and relink it under the running tests).
  local man=.build/plugins/GenerateManual/outputs/carousel-lab
  { [ "$(cat .build/test-build-done)" = 0 ] \
      && swift build -c release --product generate-manual "${test_flags[@]}" >/dev/null \
      && rm -rf "$man" && mkdir -p "$man" \
      && "$test_bin/generate-manual" "$test_bin/carousel-lab" --multi-page --output-directory "$man" \
      && echo "test.sh: chain: manual $(( $(date +%s) - t0 )) s" && t0=$(date +%s) \
      && package=$(scripts/deb.sh) && echo "test.sh: chain: deb $(( $(date +%s) - t0 )) s" \
      && chain_phase package-check scripts/test-package.sh "$package"; } || status=$?
  if [ -n "$soak_pid" ]; then
    local soak_status=0
    wait "$soak_pid" || soak_status=$?
    cat .build/soak-output.txt
    [ "$status" != 0 ] || status=$soak_status
  fi
  return "$status"
}
chain_start=$(date +%s)
( set -euo pipefail; chain ) > .build/chain-output.txt 2>&1 &
chain_pid=$!

# The test build (the chain's manual step waits for it). The tests below run the test product itself: the chain's
# manual step holds SwiftPM's lock and build database meanwhile, and never touches it.
set +e
phase test-build swift build -c release --build-tests "${test_flags[@]}"
echo $? > .build/test-build-done
set -e
[ "$(cat .build/test-build-done)" = 0 ] || { wait "$chain_pid"; cat .build/chain-output.txt; for p in "${phases[@]}"; do echo "test.sh: $p"; done; exit 1; }

# The whole suite in shards, several test processes at once (the test product run directly), each under an Xvfb
# server of its own (scripts/test-shards.sh says why): within one, the suites that drive windows on its display take turns
# (`SharedDisplay`); capture tests need no display; a few tests start Xvfb servers of their own.
set +e
phase tests env TEST_BUNDLE="$test_bin/CarouselLabPackageTests.xctest" CAROUSEL_LAB_EXECUTABLE="$PWD/$test_bin/carousel-lab" scripts/test-shards.sh
status=$?
set -e
if [ -x ../shared/tools/check-contract ]; then phase check-contract ../shared/tools/check-contract "$test_bin/carousel-lab" || status=1; fi

set +e
wait "$chain_pid"
chain_status=$?
set -e
phases+=("chain (beside the builds and the tests, from its start) $(( $(date +%s) - chain_start )) s$([ "$chain_status" = 0 ] || echo " (failed: $chain_status)")")
cat .build/chain-output.txt
[ "$status" != 0 ] || status=$chain_status
for p in "${phases[@]}"; do echo "test.sh: $p"; done
echo "test.sh: total $(( $(date +%s) - start )) s"
exit "$status"
