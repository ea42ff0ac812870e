#!/usr/bin/env bash
# `nqsat verify` speed: the fast SAT path (solve's split, symmetric,
# threaded enumeration) against `--plain` (one PicoSAT instance per
# encoding, a blocking clause per solution: the anchor), in the same run,
# then the whole table to N_BIG with the fast path alone.
#
#   bash bench/verify.sh [NQSAT] [N_RATIO] [N_BIG]
#
# NQSAT defaults to build/nqsat, N_RATIO to 12 (`verify 1..12 --amo all
# --plain` takes minutes), N_BIG to 14. THREADS (default: all CPUs) is passed
# as --threads to the fast path. Each run must end in the table's agreement
# line, so a fast wrong answer cannot pass. Reports wall and CPU seconds
# (user + system, from /usr/bin/time) and the plain / fast ratios; the
# machine is shared and noisy, so compare ratios, and on a loaded machine
# read the CPU ratio (the wall ratio there depends on the other jobs).
set -u
NQSAT=${1:-build/nqsat}
N=${2:-12}
BIG=${3:-14}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
[ -x /usr/bin/time ] || { echo "/usr/bin/time is not installed (Debian: time)" >&2; exit 1; }
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")

# timed NAME ARGS...: runs `nqsat verify ARGS`, prints wall and CPU seconds
# and whether the table agreed; leaves them in $wall and $cpu.
wall=0 cpu=0
timed() {
  local name=$1
  shift
  local start end verdict=ok
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$WORK/time" "$NQSAT" verify "$@" >"$WORK/table" 2>"$WORK/err" ||
    verdict="FAILED: $(head -c 200 "$WORK/err")"
  end=$(date +%s.%N)
  grep -q '^agreement for N = ' "$WORK/table" || verdict="NO AGREEMENT LINE"
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
  cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$WORK/time")
  printf '%-44s %9.2f s wall %9.2f s CPU   %s\n' "$name" "$wall" "$cpu" "$verdict"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

echo "nqsat verify benchmark, $(nproc) CPUs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
timed "verify 1..$N --amo all --plain (anchor)" "1..$N" --amo all --plain
plain_wall=$wall plain_cpu=$cpu
timed "verify 1..$N --amo all" "1..$N" --amo all "${threads[@]}"
fast_wall=$wall fast_cpu=$cpu
echo "N = 1..$N: --plain / fast, wall = $(ratio "$plain_wall" "$fast_wall")x," \
  "CPU = $(ratio "$plain_cpu" "$fast_cpu")x"
echo
timed "verify 1..$BIG --amo all" "1..$BIG" --amo all "${threads[@]}"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
