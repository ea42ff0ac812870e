#!/usr/bin/env bash
# Enumeration speed, side by side with an anchor measured in the same run:
# `picosat --all` on the same pairwise CNF that `nqsat encode` writes.
#
#   bash bench/enumerate.sh [NQSAT] [N_ANCHOR] [N_BIG]
#
# NQSAT defaults to build/nqsat, N_ANCHOR to 12 (picosat --all takes ~40 s
# there on an idle machine), N_BIG to 14 (no anchor: picosat --all would
# take hours). GENERIC=1 also times `nqsat solve FILE --count`, the generic
# DIMACS enumeration (blocking all 144 variables; about as slow as the
# anchor, so off by default).
# Reports wall-clock seconds and the ratio picosat / nqsat; every count is
# checked against OEIS A000170 so a fast wrong answer cannot pass. The
# machine is shared and noisy: rerun, and compare ratios, not seconds.
set -u
NQSAT=${1:-build/nqsat}
N=${2:-12}
BIG=${3:-14}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
command -v picosat >/dev/null || { echo "picosat is not installed" >&2; exit 1; }

known() { local t=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512); echo "${t[$1]}"; }

# timed NAME EXPECTED_COUNT COMMAND...: runs COMMAND (its stdout counted by
# the caller's filter), prints seconds, stores them in $seconds.
seconds=0
timed() {
  local name=$1 expected=$2
  shift 2
  local start end got
  start=$(date +%s.%N)
  got=$("$@")
  end=$(date +%s.%N)
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  local verdict="ok"
  [ "$got" = "$expected" ] || verdict="WRONG COUNT $got (expected $expected)"
  printf '%-44s %8.2f s   %s\n' "$name" "$seconds" "$verdict"
}

picosat_all() { picosat --all "$1" 2>/dev/null | grep -c '^s SATISFIABLE'; }
nqsat_count() { "$NQSAT" solve "$@" --count; }
nqsat_all() { "$NQSAT" solve "$@" --all | wc -l; }
nqsat_file_count() { "$NQSAT" solve "$1" --count; }

echo "nqsat enumeration benchmark, $(nproc) CPUs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$NQSAT" encode "$N" -o "$WORK/q$N.cnf"
timed "picosat --all q$N.cnf (anchor)" "$(known "$N")" picosat_all "$WORK/q$N.cnf"
anchor=$seconds
generic=
if [ "${GENERIC:-0}" = 1 ]; then
  timed "nqsat solve q$N.cnf --count (generic DIMACS)" "$(known "$N")" nqsat_file_count "$WORK/q$N.cnf"
  generic=$seconds
fi
timed "nqsat solve $N --count" "$(known "$N")" nqsat_count "$N"
count=$seconds
timed "nqsat solve $N --all" "$(known "$N")" nqsat_all "$N"
all=$seconds
timed "nqsat solve $N --count --threads 1" "$(known "$N")" nqsat_count "$N" --threads 1
single=$seconds
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
echo
echo "N = $N: picosat --all / nqsat --count          = $(ratio "$anchor" "$count")x"
echo "N = $N: picosat --all / nqsat --all            = $(ratio "$anchor" "$all")x"
echo "N = $N: picosat --all / nqsat --count, 1 thread = $(ratio "$anchor" "$single")x"
[ -n "$generic" ] && echo "N = $N: picosat --all / nqsat generic DIMACS    = $(ratio "$anchor" "$generic")x"
echo
timed "nqsat solve $BIG --count" "$(known "$BIG")" nqsat_count "$BIG"
timed "nqsat solve $BIG --all" "$(known "$BIG")" nqsat_all "$BIG"
timed "nqsat solve $BIG --count --amo seq" "$(known "$BIG")" nqsat_count "$BIG" --amo seq
