#!/usr/bin/env bash
# Start-up of tshark's spellings beside the plain forms, whole processes timed pair by pair.
#
#   bench/spellings.sh [RUNS] [CAPTURE]      (defaults 9 and samples/completion-mismatch.pcap)
#
# Runs each pair A B A B ... RUNS times after one warm-up of each, under /usr/bin/time, and
# prints each command's median wall and CPU seconds and the median of the per-pair ratios A/B:
#   analyze -r F               against  analyze F
#   analyze F -z expert        against  analyze F
#   dissect -r F -T fields -e  against  tshark -r F -T fields -e   (the same fields; when tshark is installed)
# A ratio below 1.20 is what the command line promises for a spelling beside its plain form, and
# below 1.00 for rdmascope beside tshark on a small capture.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-9}"
capture="${2:-$here/samples/completion-mismatch.pcap}"
rdmascope="$here/rdmascope"
"$rdmascope" --version >/dev/null   # builds on first use

work="$(mktemp -d "${TMPDIR:-/tmp}/rdmascope-spellings.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# once NAME COMMAND...: one run; appends "wall cpu" to $work/NAME
once() {
  local name="$1"
  shift
  /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" >/dev/null 2>"$work/err" || {
    echo "$name failed:" >&2; cat "$work/err" >&2; exit 1; }
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/t" >>"$work/$name"
}

median() { # FILE COLUMN
  sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# pair LABEL_A LABEL_B -- A... -- B...
pair() {
  local la="$1" lb="$2"
  shift 3
  local a=() b=()
  while [ "$1" != "--" ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  rm -f "$work/a" "$work/b" "$work/r"
  "${a[@]}" >/dev/null 2>&1 || true
  "${b[@]}" >/dev/null 2>&1 || true
  for _ in $(seq "$runs"); do
    once a "${a[@]}"
    once b "${b[@]}"
    paste -d' ' <(tail -n 1 "$work/a") <(tail -n 1 "$work/b") | awk '{ printf "%.4f\n", $1 / $3 }' >>"$work/r"
  done
  printf "%-44s %8.3f %8.3f\n" "$la" "$(median "$work/a" 1)" "$(median "$work/a" 2)"
  printf "%-44s %8.3f %8.3f\n" "$lb" "$(median "$work/b" 1)" "$(median "$work/b" 2)"
  printf "%-44s %8.2f\n\n" "  ratio A/B (median of $runs pairs)" "$(median "$work/r" 1)"
}

echo "capture: $capture ($(stat -c %s "$capture") octets), $runs pairs each"
printf "%-44s %8s %8s\n" "" "wall s" "cpu s"
pair "A: analyze -r F" "B: analyze F" -- "$rdmascope" analyze -r "$capture" -- "$rdmascope" analyze "$capture"
pair "A: analyze F -z expert" "B: analyze F" -- "$rdmascope" analyze "$capture" -z expert -- "$rdmascope" analyze "$capture"
if command -v tshark >/dev/null 2>&1; then
  fields=(-e frame.number -e ip.src -e tcp.srcport -e iwarp_ddp.stag -e iwarp_rdma.opcode)
  pair "A: rdmascope dissect -r F -T fields" "B: tshark -r F -T fields" \
    -- "$rdmascope" dissect -r "$capture" -T fields "${fields[@]}" \
    -- tshark -r "$capture" -T fields "${fields[@]}"
else
  echo "tshark is not installed: the comparison with it is left out"
fi
