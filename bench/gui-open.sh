#!/usr/bin/env bash
# How fast the desktop application opens a capture, and the memory it needs for it.
#
#   bench/gui-open.sh [FILE] [RUNS]      (defaults /tmp/mybulk.pcap, made by
#                                         io.rdmascope.synth.BulkCapture if missing, and 3)
#
# Runs `rdmascope gui FILE` on a virtual display (Xvfb) RUNS times, with the system property
# rdmascope.gui.timing=exit (io.rdmascope.gui.pipeline.LoadTiming), which makes the application
# print when its window is shown, when the first rows reach the packet list and when loading ended,
# then, two seconds later (the window has drawn the analysis), the heap in use after a full
# collection, its peak resident set and its resident set then, and exit. Prints each
# run's figures in milliseconds from the command's start and megabytes, then the median of each.
# The capture is read once before each run, so that it comes from the page cache.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
file="${1:-/tmp/mybulk.pcap}"
runs="${2:-3}"
"$here/rdmascope" --version >/dev/null   # builds on first use
if [[ ! -f "$file" ]]; then
  java -cp "$here/dissector/target/rdmascope-dissector-0.1.0.jar:$here/dissector/target/dependency/*" \
    io.rdmascope.synth.BulkCapture "$file" 200000000 >/dev/null
fi

display=""
xvfb_pid=""
for n in $(seq 90 130); do
  if [[ ! -e "/tmp/.X11-unix/X$n" && ! -e "/tmp/.X$n-lock" ]]; then
    Xvfb ":$n" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    display=":$n"
    break
  fi
done
[[ -n "$display" ]] || { echo "no free display" >&2; exit 2; }
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [[ -e "/tmp/.X11-unix/X${display#:}" ]] && break; sleep 0.1; done

log="$(mktemp "${TMPDIR:-/tmp}/rdmascope-gui-open.XXXXXX")"
results=()
printf '%-5s %10s %10s %10s %10s %10s %12s %10s\n' run jvm-start shown first-rows loaded heap-MB peak-RSS-MB RSS-MB
for r in $(seq "$runs"); do
  cat "$file" >/dev/null
  start=$(date +%s%3N)
  DISPLAY="$display" JDK_JAVA_OPTIONS="-Drdmascope.gui.timing=exit ${GUI_OPEN_JAVA_OPTS:-}" timeout 300 "$here/rdmascope" gui "$file" \
    >/dev/null 2>"$log" || true
  get() { awk -v k="$1" '$1 == "rdmascope-timing" && $2 == k { print $3 }' "$log" | tail -1; }
  jvm=$(get jvm-start) shown=$(get window-shown) rows=$(get first-rows) done=$(get load-done)
  heap=$(get heap-after-gc-kb) peak=$(get peak-rss-kb) rss=$(get rss-kb)
  if [[ -z "$done" || -z "$heap" ]]; then
    cat "$log" >&2
    echo "run $r: the application printed no figures" >&2
    exit 1
  fi
  line=$(printf '%-5s %10d %10d %10d %10d %10.1f %12.1f %10.1f' "$r" $((jvm - start)) $((shown - start)) \
    $((rows - start)) $((done - start)) "$(echo "$heap / 1024" | bc -l)" "$(echo "$peak / 1024" | bc -l)" \
    "$(echo "${rss:-0} / 1024" | bc -l)")
  echo "$line"
  results+=("$line")
done
rm -f "$log"
median() { # COLUMN: the median of that column of the runs
  printf '%s\n' "${results[@]}" | awk -v c="$1" '{ print $c }' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
printf '%-5s %10s %10s %10s %10s %10s %12s %10s\n' median "$(median 2)" "$(median 3)" "$(median 4)" "$(median 5)" \
  "$(median 6)" "$(median 7)" "$(median 8)"
