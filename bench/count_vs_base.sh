#!/usr/bin/env bash
# `nqsat solve FILE --count` of one build against a base build (the one
# before a change, e.g. main's), file by file, in pairs: the base, then
# the new build, REPEAT times, so that load from other users hits both
# alike. Reports each build's median CPU seconds (user + system of the
# whole process, from wait4 to the microsecond: bench/rusage_exec.c) and
# the median of the per-pair ratios new / base with their range (below 1:
# the new build is faster; the target for a change that is not about
# these files is within 1.05). Every count must equal the base's, and
# A000170(12) = 14200 on the N-Queens files: a disagreement stops the
# bench with exit status 1.
#
# usage: bench/count_vs_base.sh BASE_NQSAT [NQSAT] [CASE...]
#   CASE: a name of bench/count_cases.sh (default: random70 random90
#   random90s7 random130 copies20 shuffled12 and queens12-AMO for AMO in
#   seq ladder commander product binary bimander; wide150 takes seconds a
#   run). Random formulas come from ../shared/tools/rand3sat.py (or
#   $RAND3SAT).
#   REPEAT=9 pairs; THREADS=1 (--threads 1), or THREADS=default (no
#   --threads: every CPU)
set -euo pipefail
cd "$(dirname "$0")/.."
usage='usage: bench/count_vs_base.sh BASE_NQSAT [NQSAT] [CASE...]'
base=$(realpath "${1:?$usage}")
nqsat=$(realpath "${2:-build/nqsat}")
shift $(($# < 2 ? $# : 2))
cases=${*:-random70 random90 random90s7 random130 copies20 shuffled12 queens12-seq queens12-ladder
  queens12-commander queens12-product queens12-binary queens12-bimander}
rand3sat=$(realpath "${RAND3SAT:-../shared/tools/rand3sat.py}")
repeat=${REPEAT:-9}
threads=${THREADS:-1}
threads_args=()
[ "$threads" = default ] || threads_args=(--threads "$threads")
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-count-vs-base.XXXXXX")
trap 'rm -rf "$work"' EXIT
${CC:-cc} -std=c11 -O2 -o "$work/rusage_exec" bench/rusage_exec.c

# run NQSAT: counts $work/f.cnf; prints the CPU seconds, the count goes to
# $work/count.
run() {
  "$work/rusage_exec" "$1" solve "$work/f.cnf" --count "${threads_args[@]}" >"$work/out" 2>"$work/err" ||
    true # 10: satisfiable, 20: no models
  head -1 "$work/out" >"$work/count"
  grep -q . "$work/count" || { echo "$1 printed no count:" >&2 && tail -3 "$work/err" >&2 && exit 1; }
  awk '/^rusage_exec: cpu / { printf "%.6f", $3 }' "$work/err"
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

. bench/count_cases.sh

echo "load: $(uptime | sed 's/.*load average: //')"
printf '%-19s %-36s %10s %10s %9s %15s\n' case models base-cpu new-cpu new/base range
for name in $cases; do
  make_case "$name" "$work/f.cnf"
  base_cpu="" new_cpu="" ratios=""
  for ((i = 0; i < repeat; i++)); do
    b=$(run "$base")
    expected=$(cat "$work/count")
    n=$(run "$nqsat")
    [ "$(cat "$work/count")" = "$expected" ] ||
      { echo "$name: the base counts $expected, the new build $(cat "$work/count")" >&2 && exit 1; }
    base_cpu+="$b " new_cpu+="$n "
    ratios+="$(awk -v a="$n" -v b="$b" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }') "
  done
  if [[ $name == queens12* || $name == shuffled12 ]] && [ "$expected" != 14200 ]; then
    echo "$name: counted $expected, A000170(12) is 14200" >&2 && exit 1
  fi
  range=$(echo "$ratios" | tr ' ' '\n' | grep . | sort -g | sed -n '1p;$p' | paste -sd- -)
  printf '%-19s %-36s %10.3f %10.3f %9.3f %15s\n' "$name" "$expected" "$(echo "$base_cpu" | median)" \
    "$(echo "$new_cpu" | median)" "$(echo "$ratios" | median)" "$range"
done
echo "CPU seconds, medians of $repeat runs each; new/base: the median of the $repeat pairs' ratios;"
echo "threads: $threads"
