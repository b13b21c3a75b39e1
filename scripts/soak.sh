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
# Memory is compared in one reference state, since it rightly differs between states (a paging window at 1920x1080
# holds more than an expand row at 320x200): at the end of the warm-up and at the end of the run, input stops for
# 10 s while the app is put back to it (style expand, the window 1280x720, normal speed, playing, panels closed, the
# pointer outside, the parameter file at its first values); resident memory is the median of the samples in the last
# 6 s of each quiet spell. After warm-up it must not grow by more than SOAK_MAX_GROWTH_MB (default 5; 10 for runs
# under 5 minutes, whose readings sit closer to the warm-up: they catch a leak per frame, 7 kB a frame in CI's minute). Resident
# memory is sampled from /proc every second all along; the peak and the least-squares trend are reported too. The app's
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
[ -x "$bin" ] || scripts/build-release.sh
dir=${SOAK_DIR:-$(mktemp -d /tmp/carousel-soak.XXXXXX)}
mkdir -p "$dir"
max_growth=${SOAK_MAX_GROWTH_MB:-$(( duration >= 300 ? 5 : 10 ))}
actions_enabled=" ${SOAK_ACTIONS:-resize map wheel key params} "
enabled() { [[ "$actions_enabled" == *" $1 "* ]]; }
warmup=$(( duration / 4 < 30 ? 30 : duration / 4 > 150 ? 150 : duration / 4 ))
(( duration >= warmup + 20 )) || { echo "soak: SECONDS must be at least the ${warmup} s warm-up + 20"; exit 2; }
quiet=10   # seconds without input before each memory reading
RANDOM=$seed

# --- The random input script, replayed by the app on its own clock ---------------------------------------------
awk -v seed="$seed" -v duration="$duration" -v warmup="$warmup" -v quiet="$quiet" '
function r(n) { return int(rand() * n) }
function pt() { return (r(1280)) " " (r(720)) }
function key(k) {
  printf "%.3f key %s\n", t, k
  if (k == "comma") speed = (speed + 1) % 4
  if (k == "f3") status = !status
  if (k == "m") circularMode = !circularMode
}
# Back to the reference state: help closed, style expand, normal speed, status off, the pointer outside; circular in
# its first mode (it keeps its mode while another style shows). Playing: pauses come in bursts that end playing.
function reference() {
  printf "%.3f key escape\n%.3f key 4\n", t, t + 0.1
  if (circularMode) printf "%.3f key m\n", t + 0.2
  for (i = 0; i < (4 - speed) % 4; i++) printf "%.3f key comma\n", t + 0.3 + i * 0.05
  if (status) printf "%.3f key f3\n", t + 0.5
  printf "%.3f key 1\n%.3f key escape\n%.3f move -1 -1\n", t + 0.6, t + 0.7, t + 0.8
  speed = 0; status = 0; circularMode = 0
}
function randomInput(until) {
  while (t < until) {
    x = rand()
    if (x < 0.30)      printf "%.3f move %s\n", t, (rand() < 0.05 ? "-1 -1" : pt())
    else if (x < 0.43) printf "%.3f wheel 0 %d%s\n", t, (rand() < 0.5 ? -1 : 1), (rand() < 0.3 ? " shift" : "")
    else if (x < 0.48) printf "%.3f wheel %d 0\n", t, (rand() < 0.5 ? -1 : 1)
    else if (x < 0.55) printf "%.3f wheel 0 %d ctrl\n", t, (rand() < 0.5 ? -1 : 1)
    else if (x < 0.59) printf "%.3f pinch %.2f\n", t, 0.3 + rand() * 2.7
    else if (x < 0.74) key(keys[1 + r(nkeys)])
    else if (x < 0.75) {  # pause, step a few frames, play again
      printf "%.3f key period\n%.3f key period\n%.3f key period\n%.3f key space\n", t, t + 0.1, t + 0.2, t + 0.4
      t += 0.4
    }
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
}
BEGIN {
  srand(seed)
  nkeys = split("left right left right return escape m m f3 f3 f1 escape comma 1 2 3 4 5", keys, " ")
  # Warm-up (the window is 1920x1080 meanwhile): each style, pointer away, every item in turn (Enter pins it in expand).
  t = 2
  for (s = 1; s <= 5; s++) {
    printf "%.2f key %d\n%.2f move 1 1\n", t, s, t
    for (i = 0; i < 24; i++) { t += 0.12; printf "%.2f key right\n%.2f key return\n", t, t + 0.05 }
    t += 0.5
  }
  printf "# warm-up ends at %.2f\n", t
  randomInput(warmup - quiet)
  t = warmup - quiet; reference()
  t = warmup; randomInput(duration - quiet)
  t = duration - quiet; reference()
}' | sort -s -g -k1,1 > "$dir/input.txt"  # in time order, as --input plays it (a drag or "a, a" overlaps what follows)

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
reference_params() {
  printf '{"itemWidth": 150, "expandedWidth": 250, "spacing": 20, "cornerRadius": 10, "expandDuration": 0.4, "autoAdvanceInterval": 1}\n' > "$dir/params.json.tmp"
  mv "$dir/params.json.tmp" "$dir/params.json"
}
reference_params

# --- Run ------------------------------------------------------------------------------------------------------
XDG_STATE_HOME="$dir/state" "$bin" run --style expand --auto-advance 1 --params "$dir/params.json" --input "@$dir/input.txt" \
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
next_sample=0; in_quiet=0; asked=0
while :; do
  now=$(elapsed)
  awk -v n="$now" -v d="$duration" 'BEGIN { exit !(n >= d) }' && break
  kill -0 "$pid" 2>/dev/null || { echo "soak: the app exited early (at ${now} s)"; break; }
  if awk -v n="$now" -v s="$next_sample" 'BEGIN { exit !(n >= s) }'; then
    echo "$now,$(rss)" >> "$dir/rss.csv"
    next_sample=$(awk -v s="$next_sample" 'BEGIN { print s + 1 }')
  fi
  if [ "$warming" = 1 ]; then
    if awk -v n="$now" -v w="$warm_script_end" 'BEGIN { exit !(n < w) }'; then sleep 0.5; continue; fi
    xdotool windowsize "$wid" 1280 720
    warming=0
  fi
  # The quiet spells before the two memory readings: the script puts the app back to the reference state, this loop
  # puts back the window size, the real pointer (outside the window) and, once the style is expand, the parameters.
  if awk -v n="$now" -v w="$warmup" -v d="$duration" -v q="$quiet" 'BEGIN { exit !((n >= w - q && n < w) || n >= d - q) }'; then
    if [ "$in_quiet" = 0 ]; then
      in_quiet=1; asked=0
      xdotool windowsize "$wid" 1280 720 mousemove 1919 1079 2>/dev/null || true
      sleep 1.5
      reference_params
    fi
    # Near the end of the spell the app prints its stats line (image texture memory, a bounded cache) on SIGUSR1.
    if [ "$asked" = 0 ] && awk -v n="$now" -v w="$warmup" -v d="$duration" 'BEGIN { exit !((n >= w - 1.5 && n < w) || n >= d - 1.5) }'; then
      kill -USR1 "$pid" 2>/dev/null || true
      asked=1
    fi
    sleep 0.3
    continue
  fi
  in_quiet=0
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
      xdotool windowfocus "$wid" key "$(shuf -n1 -e Left Right Return Escape 1 2 3 4 5)" 2>/dev/null || true ;;
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
stats=$(grep 'stats:' "$dir/stderr.txt" | tail -1 || true)
# The bounded caches in the two reference states (the stats lines printed on SIGUSR1): image textures and text
# textures in kB, and fonts open.
caches() { grep 'stats:' "$dir/stderr.txt" | sed -n "${1}p" | sed -n 's/.*image textures \([0-9.]*\) MB, text \([0-9.]*\) MB (\([0-9]*\) fonts).*/\1 \2 \3/p' | awk '{ print int($1 * 1024), int($2 * 1024), $3 }'; }
read -r base_tex_kb base_text_kb base_fonts < <(caches 1; echo "0 0 0")
read -r end_tex_kb end_text_kb end_fonts < <(caches 2; echo "0 0 0")
# The pixel memory kept for the next layers (at most 16 MB, none once the window is idle for a second), in kB.
kept() { grep 'stats:' "$dir/stderr.txt" | sed -n "${1}p" | sed -n 's/.*pixel memory kept \([0-9.]*\) MB.*/\1/p' | awk '{ print int($1 * 1024) }'; }
read -r base_kept_kb < <(kept 1; echo 0)
read -r end_kept_kb < <(kept 2; echo 0)
frames=$(sed -n 's/.*stats: \([0-9]*\) frames in \([0-9.]*\) s (\([0-9.]*\) fps).*/\1 frames in \2 s (\3 fps)/p' <<< "$stats")
# Expected lines: the app's notes about the machine, and problems with the deliberately invalid parameter files.
errors=$(grep -v -e 'stats:' -e 'touchpad pinch unavailable' -e 'no accelerated renderer' -e "$dir/params.json" "$dir/stderr.txt" || true)
param_notes=$(grep -c "$dir/params.json" "$dir/stderr.txt" || true)
# Start and end: medians of the samples in the last 6 s of each quiet spell (the app in its reference state); the peak
# is the highest single sample after warm-up.
read -r base_kb end_kb max_kb < <(awk -F, -v w="$warmup" -v d="$duration" '
  function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                     return n ? a[int((n + 1) / 2)] : 0 }
  NR > 1 && $1 >= w - 6 && $1 < w { f[++nf] = $2 }
  NR > 1 && $1 >= d - 6 { l[++nl] = $2 }
  NR > 1 && $1 >= w && $2 > m { m = $2 }
  END { print median(f, nf), median(l, nl), m + 0 }' "$dir/rss.csv")
growth_kb=$((end_kb - base_kb))
cache_growth_kb=$((end_tex_kb - base_tex_kb + end_text_kb - base_text_kb + end_kept_kb - base_kept_kb))
# What is not in these caches (heap, fonts, sprites, SDL and X buffers) must not grow: image textures are a cache with
# a budget (64 MB, over it only by what one frame draws) and text a cache of 512 strings, both filling as new sizes
# and strings are asked for.
other_growth_kb=$((growth_kb - cache_growth_kb))
trend=$(awk -F, -v w="$warmup" -v d="$duration" 'NR > 1 && $1 >= w { n++; x += $1; y += $2 / 1024; xx += $1 * $1; xy += $1 * $2 / 1024 }
  END { if (n > 2 && n * xx != x * x) printf "%+.1f MB over the %d s after warm-up", (n * xy - x * y) / (n * xx - x * x) * (d - w), d - w; else print "n/a" }' "$dir/rss.csv")
mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1024 }'; }

echo "soak: ${duration} s, seed ${seed}, $(wc -l < "$dir/input.txt") scripted entries, ${actions} X actions (${resizes} resizes to odd sizes and back, ${maps} unmap/map, ${param_writes} parameter-file rewrites); logs in ${dir}"
echo "soak: frames drawn: ${frames:-unknown}"
echo "soak: caches in the reference state after warm-up: image textures $(mb "$base_tex_kb"), text $(mb "$base_text_kb"), ${base_fonts} fonts, pixel memory kept $(mb "$base_kept_kb"); at the end: $(mb "$end_tex_kb"), $(mb "$end_text_kb"), ${end_fonts} fonts, $(mb "$end_kept_kb")"
echo "soak: resident memory in the reference state after warm-up (${warmup} s) $(mb "$base_kb"), at the end $(mb "$end_kb"), growth $(mb "$growth_kb") (peak after warm-up $(mb "$max_kb"); trend ${trend})"
echo "soak: parameter-file notes (expected from invalid rewrites): ${param_notes}; unexpected errors: $(grep -c . <<< "$errors" || true)"
[ -n "$errors" ] && sed 's/^/soak:   /' <<< "$errors" | head -20
fail=0
[ "$alive" = 1 ] || { echo "soak: FAIL: the app died during the run"; fail=1; }
[ "$status" = 0 ] || { echo "soak: FAIL: the app exited with status $status"; fail=1; }
[ -z "$errors" ] || { echo "soak: FAIL: unexpected errors on stderr"; fail=1; }
[ -n "$frames" ] || { echo "soak: FAIL: no stats line"; fail=1; }
echo "soak: growth besides the image, text and pixel-memory caches: $(mb "$other_growth_kb") (limit ${max_growth} MB)"
(( other_growth_kb <= max_growth * 1024 )) || { echo "soak: FAIL: resident memory besides the image and text caches grew by $(mb "$other_growth_kb") after warm-up"; fail=1; }
[ "$fail" = 0 ] && echo "soak: PASS"
exit "$fail"
