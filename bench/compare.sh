#!/usr/bin/env bash
# Whole-process comparison of rdmascope and tshark on a generated capture, and the steady-state
# throughput of rdmascope on a larger one.
#
#   bench/compare.sh [SIZE_MB] [LARGE_MB]      (defaults 200 and 1000; LARGE_MB 0 skips the large run)
#
# Generates SIZE_MB of one-shot write traffic with io.rdmascope.synth.BulkCapture (179
# connections, 64 KiB writes in 1400-octet segments, CRC on) in a temporary folder, then runs
#   rdmascope analyze --format json FILE
#   tshark -r FILE -T fields -e iwarp_ddp.stag
# under /usr/bin/time -v, RUNS times each (default 3, alternating, each run right after a read of
# the capture so that both tools find it in the page cache), and prints the median run's
# wall and CPU seconds, MB/s, frames/s and peak RSS side by side. It times the start-up on a
# 0.2 MB capture, and both captures with the command line read without and with picocli. Then it analyses
# 4 copies of the capture in one call (parallel analysis, one file per core) against one, and
# generates LARGE_MB to measure steady-state throughput: the analysis time of the large capture
# minus that of a tiny one (JVM start, class loading and JIT warm-up), and the total. Everything
# generated is deleted at the end. Set RDMASCOPE_JAVA_OPTS to try other JVM options.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
size_mb="${1:-200}"
large_mb="${2:-1000}"
rdmascope="$here/rdmascope"
cp="$here/dissector/target/rdmascope-dissector-0.1.0.jar:$here/dissector/target/dependency/*"
"$rdmascope" --version >/dev/null   # builds on first use

work="$(mktemp -d "${TMPDIR:-/tmp}/rdmascope-compare.XXXXXX")"
trap 'rm -rf "$work"' EXIT

gen() { # FILE BYTES (written out to the disk, so that no write-back runs during the measures)
  java -cp "$cp" io.rdmascope.synth.BulkCapture "$1" "$2" >/dev/null
  sync "$1"
}

# The captures are read from the page cache by both tools: each run is preceded by a read of its
# capture, since the kernel may reclaim cached pages between runs (on this project's machine it
# reclaimed a third of the 200 MB capture in the five seconds of a TShark run).
warm() {
  cat "$@" >/dev/null
}

# run NAME OUT COMMAND...: runs under /usr/bin/time -v, sets secs, rss_kb
run() {
  local name="$1" out="$2"
  shift 2
  /usr/bin/time -v -o "$work/$name.time" "$@" >"$out" 2>"$work/$name.err" || {
    echo "$name failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/$name.time")
  cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u+s}' "$work/$name.time")
  rss_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/$name.time")
}

row() { # NAME SECS CPU RSS_KB BYTES FRAMES
  awk -v n="$1" -v s="$2" -v c="$3" -v r="$4" -v b="$5" -v f="$6" 'BEGIN {
    printf "%-34s %8.2f %8.2f %10.0f %12.0f %9.0f\n", n, s, c, b/1e6/s, f/s, r/1024 }'
}

header() {
  printf "%-34s %8s %8s %10s %12s %9s\n" "" "wall s" "cpu s" "MB/s" "frames/s" "RSS MB"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
launcher_java="$(RDMASCOPE_PRINT_JAVA=1 "$rdmascope")"
echo "java (launcher): $("$launcher_java" -version 2>&1 | head -1); tshark: $(tshark --version 2>/dev/null | head -1)"
echo "RDMASCOPE_JAVA_OPTS: ${RDMASCOPE_JAVA_OPTS:-(launcher default)}"
echo

file="$work/bulk-${size_mb}mb.pcap"
gen "$file" "$((size_mb * 1000000))"
bytes=$(stat -c %s "$file")

# Each tool RUNS times, alternating, so that both see the same moments of a busy machine; the
# median run of each is compared (the machine's noise on a run of a third of a second is a tenth).
runs="${RUNS:-3}"
r_all=() t_all=()
for ((k = 0; k < runs; k++)); do
  warm "$file"
  run rdmascope "$work/analysis.json" "$rdmascope" analyze --format json "$file"
  r_all+=("$secs $cpu $rss_kb")
  warm "$file"
  run tshark "$work/stags.txt" tshark -r "$file" -T fields -e iwarp_ddp.stag
  t_all+=("$secs $cpu $rss_kb")
done
median() { printf '%s\n' "$@" | sort -n -k1,1 | sed -n "$(( ($# + 1) / 2 ))p"; }
read -r r_secs r_cpu r_rss <<<"$(median "${r_all[@]}")"
read -r t_secs t_cpu t_rss <<<"$(median "${t_all[@]}")"
frames=$(grep -m1 '"frames"' "$work/analysis.json" | tr -dc '0-9')
t_frames=$(wc -l <"$work/stags.txt")

echo "capture: $bytes octets, $frames frames (tshark printed $t_frames lines)"
echo "wall seconds of the $runs runs: rdmascope $(printf '%s\n' "${r_all[@]}" | cut -d' ' -f1 | tr '\n' ' ')," \
  "tshark $(printf '%s\n' "${t_all[@]}" | cut -d' ' -f1 | tr '\n' ' ')(the medians below)"
header
row "rdmascope analyze --format json" "$r_secs" "$r_cpu" "$r_rss" "$bytes" "$frames"
row "tshark -T fields -e iwarp_ddp.stag" "$t_secs" "$t_cpu" "$t_rss" "$bytes" "$t_frames"
awk -v r="$r_secs" -v t="$t_secs" -v rc="$r_cpu" -v tc="$t_cpu" \
  'BEGIN { printf "rdmascope is %.1f times faster than tshark (wall clock), %.1f times (CPU time)\n", t/r, tc/rc }'
echo

tiny="$work/tiny.pcap"
gen "$tiny" 200000
warm "$tiny"
run tiny "$work/tiny.json" "$rdmascope" analyze --format json "$tiny"
tiny_secs=$secs tiny_cpu=$cpu
echo "start-up: a 0.2 MB capture takes $tiny_secs s ($tiny_cpu s CPU)"

# Command-line parsing: plain analyze command lines are read without picocli (cli/QuickArgs);
# `--format=json` is a spelling only picocli reads, so the two spellings show what it saves.
quick=() pico=()
for ((k = 0; k < runs; k++)); do
  for f in "$file" "$tiny"; do
    warm "$f"
    run quick "$work/quick.json" "$rdmascope" analyze --format json "$f"
    quick+=("$(basename "$f") $secs $cpu")
    warm "$f"
    run picocli "$work/picocli.json" "$rdmascope" analyze --format=json "$f"
    pico+=("$(basename "$f") $secs $cpu")
  done
done
for f in "$file" "$tiny"; do
  n="$(basename "$f")"
  q="$(printf '%s\n' "${quick[@]}" | awk -v n="$n" '$1 == n {print $2, $3}' | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
  p="$(printf '%s\n' "${pico[@]}" | awk -v n="$n" '$1 == n {print $2, $3}' | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
  echo "command line read without picocli, $n: median ${q% *} s wall (${q#* } s CPU), with picocli ${p% *} s (${p#* } s CPU)"
done

copies=()
for i in 1 2 3 4; do ln -s "$file" "$work/copy$i.pcap"; copies+=("$work/copy$i.pcap"); done
warm "$file"
run four "$work/four.json" "$rdmascope" analyze --format json "${copies[@]}"
awk -v one="$r_secs" -v four="$secs" -v cpu="$cpu" 'BEGIN {
  printf "4 files in one call: %.2f s wall, %.2f s CPU (1 file: %.2f s): %.2f cores busy, %.1fx the time of one\n",
         four, cpu, one, cpu/four, four/one }'
warm "$file"
run serial "$work/serial.json" "$rdmascope" analyze -j 1 --format json "${copies[@]}"
awk -v s="$secs" -v cpu="$cpu" 'BEGIN { printf "the same with -j 1:   %.2f s wall, %.2f s CPU: %.2f cores busy\n", s, cpu, cpu/s }'
echo

if [[ "$large_mb" -gt 0 ]]; then
  rm -f "$file" "${copies[@]}"
  large="$work/bulk-${large_mb}mb.pcap"
  gen "$large" "$((large_mb * 1000000))"
  lbytes=$(stat -c %s "$large")
  warm "$large"
  run large "$work/large.json" "$rdmascope" analyze --format json "$large"
  lframes=$(grep -m1 '"frames"' "$work/large.json" | tr -dc '0-9')
  header
  row "rdmascope, ${large_mb} MB capture" "$secs" "$cpu" "$rss_kb" "$lbytes" "$lframes"
  awk -v s="$secs" -v t="$tiny_secs" -v c="$cpu" -v tc="$tiny_cpu" -v b="$lbytes" 'BEGIN {
    printf "steady state (minus start-up): %.2f GB/s wall clock, %.2f GB/s of CPU time\n", b/1e9/(s-t), b/1e9/(c-tc) }'
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
