#!/usr/bin/env bash
# Counting speed: `nqsat count` against the classic single-thread mirror
# bitboard counter (Jeff Somers' method, bench/somers_baseline.c), in the
# same run, on the same machine. Each measurement is the best of REPEAT runs
# (the box is shared; the minimum is the least disturbed run), the two
# programs alternating so that load hits both alike.
#
# usage: bench/count.sh [NQSAT] [N...]     (default: build/nqsat, N = 15 16 17 18)
#   REPEAT=3 (runs per measurement), THREADS="1 2" (nqsat thread counts)
# Prints one row per N: baseline seconds, nqsat seconds per thread count,
# the speedup ratios, and nqsat's nodes (queens placed) per second.
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
sizes=${*:-15 16 17 18}
repeat=${REPEAT:-3}
threads=${THREADS:-1 2}
baseline=$(mktemp "${TMPDIR:-/tmp}/somers_baseline.XXXXXX")
trap 'rm -f "$baseline"' EXIT
# Same compiler and optimisation level as nqsat's Release build (-O3).
${CC:-cc} -std=c11 -O3 -D_POSIX_C_SOURCE=200809L -o "$baseline" bench/somers_baseline.c

now() { date +%s.%N; }
best() { tr ' ' '\n' | grep . | sort -g | head -1; }

printf '%3s %10s' N baseline
for t in $threads; do printf ' %9s %7s' "nqsat-T$t" ratio; done
printf ' %12s %s\n' nodes "nodes/s (T1)"
for n in $sizes; do
  declare -A times=()
  base_times=""
  nodes=""
  for ((i = 0; i < repeat; i++)); do
    read -r _ total seconds < <("$baseline" "$n")
    base_times+="$seconds "
    for t in $threads; do
      start=$(now)
      got=$("$nqsat" count "$n" --threads "$t" --stats 2>"$baseline.stats")
      end=$(now)
      times[$t]+="$(echo "$end - $start" | bc -l) "
      [ "$got" = "$total" ] || { echo "N=$n: nqsat says $got, baseline $total" >&2; exit 1; }
      nodes=$(sed -n 's/.* \([0-9]*\) nodes.*/\1/p' "$baseline.stats")
    done
  done
  base=$(echo "$base_times" | best)
  printf '%3d %10.3f' "$n" "$base"
  t1=""
  for t in $threads; do
    mine=$(echo "${times[$t]}" | best)
    [ -z "$t1" ] && t1=$mine
    printf ' %9.3f %6.2fx' "$mine" "$(echo "$base / $mine" | bc -l)"
  done
  printf ' %12s %.3g\n' "$nodes" "$(echo "$nodes / $t1" | bc -l)"
  rm -f "$baseline.stats"
  unset times
done
