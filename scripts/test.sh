#!/usr/bin/env bash
# Runs every test: unit tests, headless capture and golden-image tests, and the window tests under Xvfb.
# Installs what it needs first. RECORD_GOLDENS=1 re-records the golden PNGs in Tests/Goldens.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
swift build --build-tests
# The whole suite runs under one Xvfb server so the window tests have a display; capture tests need none. Tests run
# one at a time: window tests share the server's one pointer and keyboard focus.
set +e
xvfb-run -a -s "-screen 0 1280x720x24 -nolisten tcp" swift test --skip-build --no-parallel 2>&1 | tee .build/test-output.txt
status=${PIPESTATUS[0]}
set -e
if [ -x ../shared/tools/check-contract ]; then ../shared/tools/check-contract .build/debug/carousel-lab; fi
# The release build as users get it (static Swift runtime), packaged and checked as installed on a bare machine.
set +e
scripts/build-release.sh && package=$(scripts/deb.sh) && scripts/test-package.sh "$package"
package_status=$?
set -e
[ "$status" != 0 ] || status=$package_status
# A one-minute soak of the live window (that release build) with random input (SOAK=0 skips it; `make soak` runs
# ten minutes).
if [ "${SOAK:-1}" != 0 ] && [ "$package_status" = 0 ]; then
  set +e
  BIN=.build/release/carousel-lab scripts/soak.sh "${SOAK_SECONDS:-60}" 2>&1 | tee .build/soak-output.txt
  soak_status=${PIPESTATUS[0]}
  set -e
  [ "$status" != 0 ] || status=$soak_status
fi
exit "$status"
