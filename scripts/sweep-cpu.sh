#!/usr/bin/env bash
# A/B of the window's pointer sweep in one minute (docs/performance.md, issue 41): what the anchors harness's sweep
# does for one program, without the rest of the harness. A fresh Xvfb and state folder, the window opened with the
# pointer parked outside it, 4 s to settle, then one xdotool process sweeping the row (10 px every 16 ms) for 10 s;
# prints the process's CPU ticks (1/100 s) and milliseconds (all its threads, from the scheduler) over those 10 s and the frames it drew. With --paging: paging's
# auto-advance (every 3 s) with no input instead, 20 s of it after 2 s, as the harness's "auto" scenario.
#   scripts/sweep-cpu.sh [--paging] [BIN] [IMAGES]  (default .build/release/carousel-lab and ../shared/sample-images)
# Alternate two binaries a few times: on a shared machine one run says little.
set -euo pipefail
paging=0
if [ "${1:-}" = --paging ]; then paging=1; shift; fi
bin=$(realpath "${1:-.build/release/carousel-lab}")
images=$(realpath "${2:-$(dirname "$0")/../../shared/sample-images}")
display=77
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
# Paging: a larger screen, so the pointer rests outside the window (auto-advance waits while it is over the pages).
screen=1280x720; [ "$paging" = 0 ] || screen=1920x1080
Xvfb ":$display" -screen 0 "${screen}x24" -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
state=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$state"' EXIT
export DISPLAY=":$display"
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
if [ "$paging" = 1 ]; then xdotool mousemove 1900 1060; else xdotool mousemove 1270 710; fi
ticks() { awk '{ print $14 + $15 }' "/proc/$app/stat"; }
# CPU time of all the process's threads in µs, from the scheduler's own nanosecond counts (ticks are too coarse for an A/B).
cpu_us() { cat /proc/"$app"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%d", s / 1000 }'; }
frames() { kill -USR1 "$app"; sleep 0.3; grep -o 'stats: [0-9]* frames' "$state/out" | tail -1 | sed 's/stats: //'; }
if [ "$paging" = 1 ]; then
  XDG_STATE_HOME=$state XDG_CONFIG_HOME=$state HOME=$state "$bin" run --style paging --auto-advance 3 --size 1280x720 --stats --images "$images" > "$state/out" 2>&1 &
  app=$!
  sleep 2
  t0=$(ticks); c0=$(cpu_us); sleep 20; t1=$(ticks); c1=$(cpu_us)
  echo "sweep-cpu --paging: $((t1 - t0)) CPU ticks ($(((c1 - c0) / 1000)) ms) in 20 s of auto-advance, $(frames) drawn since the start ($bin)"
  kill "$app"; wait "$app" 2>/dev/null || true
  exit 0
fi
XDG_STATE_HOME=$state XDG_CONFIG_HOME=$state HOME=$state "$bin" run --style expand --size 1280x720 --stats --images "$images" > "$state/out" 2>&1 &
app=$!
sleep 4
sweep=(xdotool); x=29; dx=10
for _ in $(seq 900); do
  sweep+=(mousemove "$x" 360 sleep 0.016); x=$((x + dx))
  if [ "$x" -gt 1270 ] || [ "$x" -lt 10 ]; then dx=$((-dx)); x=$((x + 2 * dx)); fi
done
"${sweep[@]}" &
sweeper=$!
t0=$(ticks); c0=$(cpu_us); sleep 10; t1=$(ticks); c1=$(cpu_us)
drawn=$(frames)
kill "$sweeper" 2>/dev/null || true
kill "$app"; wait "$app" 2>/dev/null || true
echo "sweep-cpu: $((t1 - t0)) CPU ticks ($(((c1 - c0) / 1000)) ms) in 10 s, $drawn drawn since the start ($bin)"
