#!/usr/bin/env bash
# Runs every check CI runs: the whole test suite (unit tests, headless capture and golden-image tests, the window
# tests under Xvfb), the output contract, the static release build packaged as a .deb and checked as installed, and a
# one-minute soak of that build. Installs what it needs first. RECORD_GOLDENS=1 re-records the golden PNGs in
# Tests/Goldens; SOAK=0 skips the soak (`make soak` runs ten minutes).
#
# Two builds, at once, each in a scratch folder of its own: the suite's (debug, as `swift test` builds it: testability
# and the run-time exclusivity checks) and the static release build (what the package ships). The tests run from the
# debug build, and their window, capture and command-line tests start the release build's carousel-lab: the binary
# that ships is the one the end-to-end tests drive. The manual pages come from swift-argument-parser's generate-manual
# tool on that binary.
#
# The suite starts once its build is done, its shards that start the app once the release build is done too; beside
# it, a chain: the release build, then the soak beside the manual pages, the package and its check. The suite mostly
# waits (on windows, child processes, timers and servers), the chain mostly computes. The chain's output is printed
# after the tests'. Each phase's time is printed at the end (test.sh: ...).
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
rm -f .build/test-build-done .build/release-build-done
release_bin=.build/release/carousel-lab

# The chain: the release build at once, in its own scratch folder (RELEASE_SCRATCH: its own SwiftPM lock, so both
# builds share the two cores from the start); then a one-minute soak of the live window (the release build) with
# random input, on an Xvfb of its own; meanwhile, once the test build is done, the manual pages, then the package,
# which is checked.
chain() {
  local t0 package soak_pid="" status=0
  chain_phase() { local name=$1; shift; t0=$(date +%s); "$@"; echo "test.sh: chain: $name $(( $(date +%s) - t0 )) s"; }
  chain_phase release-build env RELEASE_SCRATCH=.build/release-scratch scripts/build-release.sh || status=$?
  echo "$status" > .build/release-build-done
  [ "$status" = 0 ] || return "$status"
  if [ "${SOAK:-1}" != 0 ]; then
    ( chain_phase soak env BIN="$release_bin" scripts/soak.sh "${SOAK_SECONDS:-60}" > .build/soak-output.txt 2>&1 ) &
    soak_pid=$!
  fi
  while [ ! -e .build/test-build-done ]; do sleep 1; done
  t0=$(date +%s)
  local man=.build/plugins/GenerateManual/outputs/carousel-lab
  { [ "$(cat .build/test-build-done)" = 0 ] \
      && swift build --product generate-manual >/dev/null \
      && rm -rf "$man" && mkdir -p "$man" \
      && .build/debug/generate-manual "$release_bin" --multi-page --output-directory "$man" \
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

# Prints the phases and the total, then exits with $1.
finish() {
  for p in "${phases[@]}"; do echo "test.sh: $p"; done
  echo "test.sh: total $(( $(date +%s) - start )) s"
  exit "$1"
}

set +e
phase test-build swift build --build-tests
echo $? > .build/test-build-done
set -e
if [ "$(cat .build/test-build-done)" != 0 ]; then
  wait "$chain_pid"
  cat .build/chain-output.txt
  finish 1
fi

# The shards that start the app wait for the release build (EXECUTABLE_READY); the others start at once. A failed
# release build fails them, and the chain says why.
set +e
phase tests env TEST_BUNDLE=.build/debug/CarouselLabPackageTests.xctest CAROUSEL_LAB_EXECUTABLE="$PWD/$release_bin" \
  EXECUTABLE_READY=.build/release-build-done scripts/test-shards.sh
status=$?
set -e
if [ -x ../shared/tools/check-contract ]; then phase check-contract ../shared/tools/check-contract "$release_bin" || status=1; fi

set +e
wait "$chain_pid"
chain_status=$?
set -e
phases+=("chain (beside the builds and the tests, from its start) $(( $(date +%s) - chain_start )) s$([ "$chain_status" = 0 ] || echo " (failed: $chain_status)")")
cat .build/chain-output.txt
[ "$status" != 0 ] || status=$chain_status
finish "$status"
