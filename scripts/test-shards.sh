#!/usr/bin/env bash
# Runs the built test suite (`swift build --build-tests` first) as several processes at once, each on an Xvfb server
# of its own, and prints each shard's output as it ends, then a line per shard. Exits non-zero if any shard failed.
#
# Why shards: Swift Testing runs a process's tests on a pool as wide as the machine has cores (two here), and most of
# our tests block a pool thread while they wait (on a window, a child process, Chromium, a timer). One process thus
# runs about two tests at a time and leaves the cores idle; several processes keep them busy. Each shard names suites
# by a regular expression (Swift Testing's `--filter`); the last one runs everything the others do not, so a new suite is
# never left out. The longest shards come first (the four lanes then end close together; the window suite, serialized,
# runs as two shards, as one it was the longest lane by 20 s). JOBS shards run at once (default 4).
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-4}
# The test product itself, not `swift test`: SwiftPM would open the build database, which the chain's manual step
# (scripts/test.sh) holds meanwhile ("database is locked ... no tests found").
# TEST_BUNDLE: another built test product (scripts/test.sh passes its release one).
bin=${TEST_BUNDLE:-.build/debug/CarouselLabPackageTests.xctest}
[ -x "$bin" ] || { echo "test-shards: $bin is missing: run swift build --build-tests first" >&2; exit 1; }
export NO_COLOR=1
out=.build/test-output
rm -rf "$out"
mkdir -p "$out"

# name | suites (a --filter regex) | "exe" when its tests start the app ($CAROUSEL_LAB_EXECUTABLE). Longest first, the
# window's serialized suite in two (its lanes were the longest); measured alone with
# `.build/debug/CarouselLabPackageTests.xctest --testing-library swift-testing --filter REGEX`.
# EXECUTABLE_READY: a file that appears once the app is built (scripts/test.sh builds it beside the suite's build):
# until then only the shards that do not start it run.
shards=(
  "window-a|^EndToEndTests\.WindowTests[/.](TimelineWindow|MessageWindow|RecordWindow)[/.]|exe"
  "swiftui|^CarouselAppTests\.(EffectSwiftUIMathsTests|SwiftUITypeCheckTests)|"
  "export-effects|^EndToEndTests\.EffectExportBrowserTests|exe"
  "window-b|^EndToEndTests\.WindowTests|exe"
  "export-a11y|^EndToEndTests\.ExportAccessibilityTests|exe"
  "end-to-end-heavy|^EndToEndTests\.(ExtremeCurveTests|ExportBrowserTests|EffectEndToEndTests|RecordTests|BenchTests)|exe"
  "end-to-end|^EndToEndTests\.|exe"
  "app|^CarouselAppTests\.|"
)
# Each shard skips what an earlier one runs; "rest" runs what none of them does.
declare -a names filters skips needs
taken=""
for entry in "${shards[@]}"; do
  # The regex has bars of its own: the name is before the first, the need after the last.
  rest=${entry#*|} filter=${entry#*|}; filter=${filter%|*}
  names+=("${entry%%|*}"); filters+=("$filter"); needs+=("${rest##*|}"); skips+=("$taken")
  taken="${taken:+$taken|}$filter"
done
names+=("rest"); filters+=("."); needs+=(""); skips+=("$taken")

# A display number no server holds, above the ones xvfb-run -a and the tests' own servers (:200 up) start from.
# Sets `display` (not a subshell: the next call must see the number taken).
next_display=90
free_display() {
  while [ -e "/tmp/.X$next_display-lock" ] || [ -e "/tmp/.X11-unix/X$next_display" ]; do next_display=$((next_display + 1)); done
  display=$next_display
  next_display=$((next_display + 1))
}

declare -A pid_of status_of start_of
summary=()
start_shard() {
  local i=$1 display args
  free_display
  args=("$bin" --testing-library swift-testing --filter "${filters[$i]}")
  [ -z "${skips[$i]}" ] || args+=(--skip "${skips[$i]}")
  start_of[$i]=$(date +%s)
  /usr/bin/time -f "%U %S" -o "$out/${names[$i]}.cpu" \
    xvfb-run -n "$display" -s "-screen 0 1280x720x24 -nolisten tcp" "${args[@]}" > "$out/${names[$i]}.txt" 2>&1 &
  pid_of[$i]=$!
}
finish_shard() {
  local i=$1 status=$2 took
  took=$(( $(date +%s) - start_of[$i] ))
  cat "$out/${names[$i]}.txt"
  status_of[$i]=$status
  local cpu
  cpu=$(awk '/^[0-9.]+ [0-9.]+$/ { printf "%.0f", $1 + $2 }' "$out/${names[$i]}.cpu" 2>/dev/null)
  summary+=("shard ${names[$i]}: $(grep -E '^.{0,12}Test run with' "$out/${names[$i]}.txt" | tail -1 | sed -E 's/^[^T]*//') ($took s, ${cpu:-?} CPU-s)$([ "$status" = 0 ] || echo " FAILED ($status)")")
}

# Whether the app the "exe" shards start is built; until it is, a waiter process's end wakes the loop when it is.
executable_ready() { [ -z "${EXECUTABLE_READY:-}" ] || [ -e "$EXECUTABLE_READY" ]; }
waiter=""
if ! executable_ready; then
  ( while [ ! -e "$EXECUTABLE_READY" ]; do sleep 1; done ) &
  waiter=$!
fi
pending=("${!names[@]}") running=0 failed=0
while [ "${#pending[@]}" -gt 0 ] || [ "$running" -gt 0 ]; do
  # Start the first pending shards that can run, in order, up to JOBS at once.
  while [ "$running" -lt "$jobs" ]; do
    pick=""
    for k in "${!pending[@]}"; do
      i=${pending[$k]}
      if [ "${needs[$i]}" != exe ] || executable_ready; then pick=$k; break; fi
    done
    [ -n "$pick" ] || break
    start_shard "${pending[$pick]}"; unset "pending[$pick]"; pending=("${pending[@]}"); running=$((running + 1))
  done
  wait -n -p ended; status=$?
  if [ -n "$waiter" ] && [ "$ended" = "$waiter" ]; then waiter=""; continue; fi
  for i in "${!pid_of[@]}"; do
    if [ "${pid_of[$i]}" = "$ended" ]; then
      finish_shard "$i" "$status"; unset "pid_of[$i]"; running=$((running - 1))
      [ "$status" = 0 ] || failed=1
    fi
  done
done
[ -z "$waiter" ] || kill "$waiter" 2>/dev/null
for line in "${summary[@]}"; do echo "test-shards: $line"; done
exit "$failed"
