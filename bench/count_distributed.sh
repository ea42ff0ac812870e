#!/usr/bin/env bash
# Counting past one process: the costs and the speedup, each
# checked against OEIS A000170 by nqsat itself.
#
# usage: bench/count_distributed.sh [BUILD_DIR]     (default: build)
#   PARTS_N=16 PARTS=64   the parts run: K parts of N, one thread each, merged,
#                         their CPU seconds summed against one whole run's
#   MPI_N=17 REPEAT=3     mpirun -np 2 nqsat-mpi count N --threads 1 against
#                         nqsat count N --threads 1, alternating, median wall
#   ESTIMATE="17 18"      nqsat count N --estimate against the CPU seconds of
#                         nqsat count N --threads 1 --stats
#   METHOD=auto           the counting method everywhere (backtrack, join, auto)
# The machine is shared: read the ratios, and the CPU seconds rather than wall.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
nqsat=$build/nqsat
parts_n=${PARTS_N:-16}
parts=${PARTS:-64}
mpi_n=${MPI_N:-17}
repeat=${REPEAT:-3}
estimate_sizes=${ESTIMATE:-17 18}
method=${METHOD:-auto}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
cpu_of() { sed -n 's/.* \([0-9.]*\) s CPU.*/\1/p' "$1"; }

echo "== $parts parts of N = $parts_n against one run (1 thread each)"
"$nqsat" count "$parts_n" --method "$method" --threads 1 --stats >"$work/single" 2>"$work/single.err"
single_cpu=$(cpu_of "$work/single.err")
for i in $(seq 1 "$parts"); do
  "$nqsat" count "$parts_n" --method "$method" --part "$i/$parts" --threads 1 >"$work/part$i.json"
done
"$nqsat" count --merge "$work"/part*.json >"$work/merged"
parts_cpu=$(sed 's/.*"cpu_seconds":\([0-9.]*\).*/\1/' "$work"/part*.json | paste -sd+ | bc)
echo "single: $(cat "$work/single") in $single_cpu s CPU; merged: $(cat "$work/merged") in $parts_cpu s CPU (sum of the parts)"
awk -v a="$parts_cpu" -v b="$single_cpu" 'BEGIN { printf "parts/single CPU: %.3f\n", a / b }'

if [ -x "$build/nqsat-mpi" ] && command -v mpirun >/dev/null; then
  echo "== mpirun -np 2 nqsat-mpi count $mpi_n --threads 1 vs nqsat count $mpi_n --threads 1"
  mpi=(mpirun -np 2)
  [ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
  : >"$work/one" && : >"$work/two"
  for run in $(seq 1 "$repeat"); do
    start=$(now)
    "$nqsat" count "$mpi_n" --method "$method" --threads 1 >/dev/null
    echo "$(now) - $start" | bc >>"$work/one"
    start=$(now)
    "${mpi[@]}" "$build/nqsat-mpi" count "$mpi_n" --method "$method" --threads 1 >/dev/null
    echo "$(now) - $start" | bc >>"$work/two"
  done
  one=$(median <"$work/one") two=$(median <"$work/two")
  echo "one process: $(paste -sd' ' "$work/one") s; 2 ranks: $(paste -sd' ' "$work/two") s"
  awk -v a="$one" -v b="$two" 'BEGIN { printf "median wall: %.2f s vs %.2f s, speedup %.2fx\n", a, b, a / b }'
  # The ceiling without MPI: the two halves (--part 1/2, 2/2) as two plain
  # processes side by side; what MPI adds beyond it is mpirun's start-up
  # and MPI_Init/Finalize.
  : >"$work/halves"
  for run in $(seq 1 "$repeat"); do
    start=$(now)
    "$nqsat" count "$mpi_n" --method "$method" --threads 1 --part 1/2 >/dev/null &
    "$nqsat" count "$mpi_n" --method "$method" --threads 1 --part 2/2 >/dev/null
    wait
    echo "$(now) - $start" | bc >>"$work/halves"
  done
  halves=$(median <"$work/halves")
  awk -v a="$one" -v b="$halves" \
    'BEGIN { printf "two plain processes, one half each: %.2f s median, %.2fx\n", b, a / b }'
else
  echo "== nqsat-mpi not built or mpirun missing: MPI skipped"
fi

echo "== --estimate against measured CPU seconds (1 thread)"
for n in $estimate_sizes; do
  predicted=$("$nqsat" count "$n" --method "$method" --estimate | sed -n 's/^predicted CPU time: \([0-9.e+]*\) s.*/\1/p')
  "$nqsat" count "$n" --method "$method" --threads 1 --stats >/dev/null 2>"$work/measured.err"
  measured=$(cpu_of "$work/measured.err")
  awk -v n="$n" -v p="$predicted" -v m="$measured" \
    'BEGIN { printf "N = %d: predicted %.1f s, measured %.1f s CPU, error %+.1f%%\n", n, p, m, 100 * (p - m) / m }'
done
