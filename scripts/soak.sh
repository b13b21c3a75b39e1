#!/usr/bin/env bash
# Soak test: drives the live window under Xvfb with random input for SECONDS (default 60) and checks that it
# survives, reports no unexpected errors, and that its resident memory does not grow after warm-up.
#
#   scripts/soak.sh [SECONDS] [SEED]        e.g. scripts/soak.sh 600 (or make soak), scripts/soak.sh 60 42
#
# Input comes two ways at once, with auto-advance on (every second):
#   - a random script replayed by the app itself (`run --input @FILE`, about 15 entries a second): pointer moves,
#     clicks, drags, wheels, Shift+wheel, Ctrl+wheel and pinches, keys (arrows, Enter, Escape, M, A, F1, F3, slow
#     motion, step), style switches 1-5, and resize events;
#   - real X events from xdotool every second or two: window resizes (down to 1x1 and back), unmap/map (minimise),
#     wheel clicks, key presses, and a rewrite of the `--params` file (random valid values, and now and then invalid
#     JSON; applied when the app reloads parameter files, ignored otherwise).
# Warm-up: the window at its largest size (1920x1080), every style in turn stepping through every item, so the image
# caches hold the largest textures the run will ask for (they grow with the largest size requested, up to each
# image's own size; that is a bounded cache filling, not a leak); then random input for the rest of the first
# quarter (at least 30 s, at most 150 s: the text cache fills with random text over the first two minutes or so).
# Resident memory is sampled from /proc every 2 s; after warm-up it must not grow by more than SOAK_MAX_GROWTH_MB:
# 5 MB by default for runs of 5 minutes and more, 10 MB for shorter ones (which end while the text cache still fills;
# they catch a leak per frame, not a slow one). The least-squares trend over the samples is reported too. The app's
# own `--stats` line gives the frames drawn.
# Exit status 0 when everything held. Environment: BIN (the binary; default .build/release/carousel-lab, built if
# missing), SOAK_DIR (where logs go; default a temporary folder, kept), SOAK_MAX_GROWTH_MB, SOAK_ACTIONS (the kinds
# of X actions, default "resize map wheel key params"; fewer to find what makes memory grow).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-60}
seed=${2:-$RANDOM}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp" "$0" "$duration" "$seed"
fi
bin=${BIN:-.build/release/carousel-lab}
[ -x "$bin" ] || swift build -c release --product carousel-lab
dir=${SOAK_DIR:-$(mktemp -d /tmp/carousel-soak.XXXXXX)}
mkdir -p "$dir"
max_growth=${SOAK_MAX_GROWTH_MB:-$(( duration >= 300 ? 5 : 10 ))}
actions_enabled=" ${SOAK_ACTIONS:-resize map wheel key params} "
enabled() { [[ "$actions_enabled" == *" $1 "* ]]; }
warmup=$(( duration / 4 < 30 ? 30 : duration / 4 > 150 ? 150 : duration / 4 ))
(( duration > warmup )) || { echo "soak: SECONDS must be more than the ${warmup} s warm-up"; exit 2; }
RANDOM=$seed

# --- The random input script, replayed by the app on its own clock ---------------------------------------------
awk -v seed="$seed" -v duration="$duration" '
function r(n) { return int(rand() * n) }
function pt() { return (r(1280)) " " (r(720)) }
BEGIN {
  srand(seed)
  split("left right left right return escape m m f3 f3 f1 escape period comma 1 2 3 4 5", keys, " ")
  # Warm-up (the window is 1920x1080 meanwhile): each style, pointer away, every item in turn (Enter pins it in expand).
  t = 2
  for (s = 1; s <= 5; s++) {
    printf "%.2f key %d\n%.2f move 1 1\n", t, s, t
    for (i = 0; i < 24; i++) { t += 0.12; printf "%.2f key right\n%.2f key return\n", t, t + 0.05 }
    t += 0.5
  }
  printf "# warm-up ends at %.2f\n", t
  while (t < duration) {
    x = rand()
    if (x < 0.30)      printf "%.3f move %s\n", t, (rand() < 0.05 ? "-1 -1" : pt())
    else if (x < 0.43) printf "%.3f wheel 0 %d%s\n", t, (rand() < 0.5 ? -1 : 1), (rand() < 0.3 ? " shift" : "")
    else if (x < 0.48) printf "%.3f wheel %d 0\n", t, (rand() < 0.5 ? -1 : 1)
    else if (x < 0.55) printf "%.3f wheel 0 %d ctrl\n", t, (rand() < 0.5 ? -1 : 1)
    else if (x < 0.59) printf "%.3f pinch %.2f\n", t, 0.3 + rand() * 2.7
    else if (x < 0.75) printf "%.3f key %s\n", t, keys[1 + r(length(keys))]
    else if (x < 0.80) printf "%.3f click %s\n", t, pt()
    else if (x < 0.85) {
      a = pt(); split(a, p, " ")
      printf "%.3f down %s\n%.3f move %d %d\n%.3f up %d %d\n", t, a, t + 0.05, (p[1] + 300) % 1280, p[2], t + 0.1, (p[1] + 300) % 1280, p[2]
      t += 0.1
    }
    else if (x < 0.87) printf "%.3f resize %d %d\n", t, 1 + r(1920), 1 + r(1080)
    else if (x < 0.88) printf "%.3f key a\n%.3f key a\n", t, t + 2
    else               printf "%.3f move %s\n", t, pt()
    t += 0.02 + rand() * 0.1
  }
}' > "$dir/input.txt"

# --- Parameter files -----------------------------------------------------------------------------------------
write_params() {
  local f="$dir/params.json"
  if (( RANDOM % 5 == 0 )); then
    printf '{"itemWidth": %d, "spacing": \n' $((40 + RANDOM % 300)) > "$f.tmp"      # invalid JSON on purpose
  else
    printf '{"itemWidth": %d, "expandedWidth": %d, "spacing": %d, "cornerRadius": %d, "expandDuration": 0.%d, "autoAdvanceInterval": 1}\n' \
      $((40 + RANDOM % 300)) $((200 + RANDOM % 600)) $((RANDOM % 60)) $((RANDOM % 40)) $((1 + RANDOM % 9)) > "$f.tmp"
  fi
  mv "$f.tmp" "$f"
}
printf '{"autoAdvanceInterval": 1}\n' > "$dir/params.json"

# --- Run ------------------------------------------------------------------------------------------------------
"$bin" run --style expand --auto-advance 1 --params "$dir/params.json" --input "@$dir/input.txt" \
  --layout "$dir/layout.json" --stats 2> "$dir/stderr.txt" &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT

wid=""
for _ in $(seq 100); do
  wid=$(xdotool search --pid "$pid" --name "Carousel Lab" 2>/dev/null | tail -1 || true)
  [ -n "$wid" ] && [ -s "$dir/layout.json" ] && break
  sleep 0.1
done
[ -n "$wid" ] || { echo "soak: the window did not appear"; cat "$dir/stderr.txt"; exit 1; }
xdotool windowsize "$wid" 1920 1080
warm_script_end=$(awk '/^# warm-up ends at/ { printf "%d", $5 + 1 }' "$dir/input.txt")
warming=1

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0; }
start=$(date +%s.%N)
elapsed() { awk -v s="$start" -v n="$(date +%s.%N)" 'BEGIN { printf "%.1f", n - s }'; }
echo "seconds,rss_kb" > "$dir/rss.csv"
actions=0; resizes=0; maps=0; param_writes=0
next_sample=0
while :; do
  now=$(elapsed)
  awk -v n="$now" -v d="$duration" 'BEGIN { exit !(n >= d) }' && break
  kill -0 "$pid" 2>/dev/null || { echo "soak: the app exited early (at ${now} s)"; break; }
  if awk -v n="$now" -v s="$next_sample" 'BEGIN { exit !(n >= s) }'; then
    echo "$now,$(rss)" >> "$dir/rss.csv"
    next_sample=$(awk -v s="$next_sample" 'BEGIN { print s + 2 }')
  fi
  if [ "$warming" = 1 ]; then
    if awk -v n="$now" -v w="$warm_script_end" 'BEGIN { exit !(n < w) }'; then sleep 0.5; continue; fi
    xdotool windowsize "$wid" 1280 720
    warming=0
  fi
  kind=$(( RANDOM % 10 ))
  case $kind in 0|1|2) k=resize ;; 3) k=map ;; 4|5) k=wheel ;; 6) k=key ;; *) k=params ;; esac
  if ! enabled "$k"; then sleep 0.2; continue; fi
  case $kind in
    0|1|2)
      sizes=("1 1" "320 200" "1920 1080" "800 600" "2 700" "1200 3")
      read -r w h <<< "${sizes[RANDOM % ${#sizes[@]}]}"
      xdotool windowsize "$wid" "$w" "$h" 2>/dev/null || true
      sleep 0.$(( RANDOM % 5 + 1 ))
      xdotool windowsize "$wid" 1280 720 2>/dev/null || true
      resizes=$((resizes + 1)) ;;
    3)
      xdotool windowunmap "$wid" 2>/dev/null || true
      sleep 0.$(( RANDOM % 8 + 1 ))
      xdotool windowmap "$wid" 2>/dev/null || true
      maps=$((maps + 1)) ;;
    4|5)
      xdotool mousemove --window "$wid" $((RANDOM % 1280)) $((RANDOM % 720)) click $((4 + RANDOM % 2)) 2>/dev/null || true ;;
    6)
      xdotool windowfocus "$wid" key "$(shuf -n1 -e Left Right Return Escape m F3 1 2 3 4 5)" 2>/dev/null || true ;;
    *)
      write_params
      param_writes=$((param_writes + 1)) ;;
  esac
  actions=$((actions + 1))
  sleep 0.$(( RANDOM % 9 + 1 ))
done
echo "$(elapsed),$(rss)" >> "$dir/rss.csv"

alive=1
kill -0 "$pid" 2>/dev/null || alive=0
kill -TERM "$pid" 2>/dev/null || true
status=0
wait "$pid" || status=$?
trap - EXIT

# --- Report ---------------------------------------------------------------------------------------------------
stats=$(grep -m1 'stats:' "$dir/stderr.txt" || true)
frames=$(sed -n 's/.*stats: \([0-9]*\) frames in \([0-9.]*\) s (\([0-9.]*\) fps).*/\1 frames in \2 s (\3 fps)/p' <<< "$stats")
# Expected lines: the app's notes about the machine, and problems with the deliberately invalid parameter files.
errors=$(grep -v -e 'stats:' -e 'touchpad pinch unavailable' -e 'no accelerated renderer' -e "$dir/params.json" "$dir/stderr.txt" || true)
param_notes=$(grep -c "$dir/params.json" "$dir/stderr.txt" || true)
# Start and end are medians of five samples (10 s), so a window-sized buffer that lives for a moment (a resize to
# 1920x1080 just before a sample) does not count as growth; the peak is the highest single sample.
read -r base_kb end_kb max_kb < <(awk -F, -v w="$warmup" '
  function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                     return n ? a[int((n + 1) / 2)] : 0 }
  NR > 1 && $1 >= w { n++; v[n] = $2; if ($2 > m) m = $2 }
  END { k = n < 5 ? n : 5
        for (i = 1; i <= k; i++) { f[i] = v[i]; l[i] = v[n - k + i] }
        print median(f, k), median(l, k), m + 0 }' "$dir/rss.csv")
growth_kb=$((end_kb - base_kb))
trend=$(awk -F, -v w="$warmup" -v d="$duration" 'NR > 1 && $1 >= w { n++; x += $1; y += $2 / 1024; xx += $1 * $1; xy += $1 * $2 / 1024 }
  END { if (n > 2 && n * xx != x * x) printf "%+.1f MB over the %d s after warm-up", (n * xy - x * y) / (n * xx - x * x) * (d - w), d - w; else print "n/a" }' "$dir/rss.csv")
mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1024 }'; }

echo "soak: ${duration} s, seed ${seed}, $(wc -l < "$dir/input.txt") scripted entries, ${actions} X actions (${resizes} resizes to odd sizes and back, ${maps} unmap/map, ${param_writes} parameter-file rewrites); logs in ${dir}"
echo "soak: frames drawn: ${frames:-unknown}"
echo "soak: resident memory after warm-up (${warmup} s) $(mb "$base_kb"), at end $(mb "$end_kb") (medians of 10 s), growth $(mb "$growth_kb") (peak after warm-up $(mb "$max_kb"); trend ${trend}; limit ${max_growth} MB)"
echo "soak: parameter-file notes (expected from invalid rewrites): ${param_notes}; unexpected errors: $(grep -c . <<< "$errors" || true)"
[ -n "$errors" ] && sed 's/^/soak:   /' <<< "$errors" | head -20
fail=0
[ "$alive" = 1 ] || { echo "soak: FAIL: the app died during the run"; fail=1; }
[ "$status" = 0 ] || { echo "soak: FAIL: the app exited with status $status"; fail=1; }
[ -z "$errors" ] || { echo "soak: FAIL: unexpected errors on stderr"; fail=1; }
[ -n "$frames" ] || { echo "soak: FAIL: no stats line"; fail=1; }
(( growth_kb <= max_growth * 1024 )) || { echo "soak: FAIL: resident memory grew by $(mb "$growth_kb") after warm-up"; fail=1; }
[ "$fail" = 0 ] && echo "soak: PASS"
exit "$fail"
