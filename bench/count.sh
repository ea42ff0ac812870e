#!/usr/bin/env bash
# Counting speed: `nqsat count` against the classic single-thread mirror
# bitboard counter (Jeff Somers' method, bench/somers_baseline.c), in the
# same run, on the same machine. Each figure is the best of REPEAT runs, the
# programs alternating so that load from other users hits both alike.
#
# usage: bench/count.sh [NQSAT] [N...]     (default: build/nqsat, N = 15 16 17 18)
#   REPEAT=3 (runs per measurement)
# Columns: seconds of wall clock for the baseline and for nqsat with 1 and 2
# threads (default kernel: vector where the processor has AVX-512
# VPOPCNTDQ), with the speedup ratios; "cpu" is the single-thread ratio of
# CPU seconds, the fairer figure when the machine is shared (wall clock then
# includes time spent waiting for a core); "rows" is the portable kernel on
# one thread (CPU seconds and ratio); nodes = queens placed by nqsat's
# default kernel, per CPU second.
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
sizes=${*:-15 16 17 18}
repeat=${REPEAT:-3}
baseline=$(mktemp "${TMPDIR:-/tmp}/somers_baseline.XXXXXX")
stats="$baseline.stats"
trap 'rm -f "$baseline" "$stats"' EXIT
# Same compiler and optimisation level as nqsat's Release build (-O3).
${CC:-cc} -std=c11 -O3 -D_POSIX_C_SOURCE=200809L -o "$baseline" bench/somers_baseline.c

best() { tr ' ' '\n' | grep . | sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

# run_nqsat N T [KERNEL]: sets wall, cpu, nodes from `nqsat count --stats`.
run_nqsat() {
  local got
  got=$("$nqsat" count "$1" --threads "$2" --kernel "${3:-auto}" --stats 2>"$stats")
  [ "$got" = "$total" ] || { echo "N=$1: nqsat says $got, baseline $total" >&2; exit 1; }
  read -r nodes wall cpu < <(sed -n 's/.* \([0-9]*\) nodes, \([0-9.]*\) s, \([0-9.]*\) s CPU.*/\1 \2 \3/p' "$stats")
}

printf '%3s %9s %9s | %9s %9s %7s %7s | %9s %7s | %9s %7s | %11s %9s\n' N base-wall base-cpu \
  T1-wall T1-cpu ratio cpu T2-wall ratio rows-cpu ratio nodes nodes/s
for n in $sizes; do
  base_wall="" base_cpu="" t1_wall="" t1_cpu="" t2_wall="" rows_cpu=""
  for ((i = 0; i < repeat; i++)); do
    read -r _ total wall cpu < <("$baseline" "$n")
    base_wall+="$wall " base_cpu+="$cpu "
    run_nqsat "$n" 1
    t1_wall+="$wall " t1_cpu+="$cpu " t1_nodes=$nodes
    run_nqsat "$n" 2
    t2_wall+="$wall "
    run_nqsat "$n" 1 rows
    rows_cpu+="$cpu "
  done
  bw=$(echo "$base_wall" | best) bc=$(echo "$base_cpu" | best)
  w1=$(echo "$t1_wall" | best) c1=$(echo "$t1_cpu" | best) w2=$(echo "$t2_wall" | best)
  rc=$(echo "$rows_cpu" | best)
  printf '%3d %9.3f %9.3f | %9.3f %9.3f %7s %7s | %9.3f %7s | %9.3f %7s | %11s %9.3g\n' "$n" "$bw" "$bc" \
    "$w1" "$c1" "$(ratio "$bw" "$w1")" "$(ratio "$bc" "$c1")" "$w2" "$(ratio "$bw" "$w2")" \
    "$rc" "$(ratio "$bc" "$rc")" "$t1_nodes" "$(awk -v a="$t1_nodes" -v b="$c1" 'BEGIN { print a / b }')"
done
