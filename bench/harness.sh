#!/usr/bin/env bash
# The harness's two targets, measured with public tools only:
#  1. `nqsat suite DIR` (the default suite, ground truth included) takes
#     under a minute;
#  2. `nqsat run` adds under 5 ms per run to what the solver takes: the
#     same solver on the same small instances, once through the harness and
#     once from a plain shell loop, alternating, REPEAT times each; the
#     overhead per run is (harness - loop) / runs, the median over repeats;
#  3. the same with nothing to solve: RUNS (1,000) runs of `true` through
#     `nqsat run` under each --measure method, against RUNS fork+execs of
#     `true` by `xargs -n 1` and RUNLIM_RUNS (100) of `runlim true`: wall time
#     and the CPU time of the whole command (the harness's own work shows
#     there whatever the machine's load);
#  (the CPU time nqsat run measures for a solver, against runlim's and the
#  kernel's: bench/harness_vs_runlim.sh)
#
#   bench/harness.sh [NQSAT] [SOLVER]     (defaults: build/nqsat, picosat)
#   REPEAT=7 SKIP_SUITE=1 bench/harness.sh build/nqsat cadical
#   SKIP_SUITE=1 SKIP_SMALL=1 RUNS=1000 bench/harness.sh
#   (SKIP_SUITE, SKIP_SMALL, SKIP_TRUE leave out parts 1, 2, 3)
#
# The direct loop pays its own fork and exec per run (as any script running
# a solver would), so the figure is what the harness adds on top of that:
# process group, limits, the wait loop, reading and judging the answer, the
# results.csv row. Run it on a quiet machine; note `uptime` next to figures.
set -euo pipefail
nqsat=$(realpath "${1:-build/nqsat}")
solver=${2:-picosat}
repeat=${REPEAT:-5}
command -v "$solver" >/dev/null || { echo "harness.sh: $solver is not installed" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench-harness.XXXXXX")
trap 'rm -rf "$work"' EXIT
ms() { echo $(($(date +%s%N) / 1000000)); }

echo "load: $(uptime | sed 's/.*load average: //')"
if [ -z "${SKIP_SUITE:-}" ]; then
  start=$(ms)
  "$nqsat" suite "$work/default" >/dev/null 2>&1
  echo "default suite: $(($(ms) - start)) ms for $(($(wc -l <"$work/default/manifest.csv") - 1)) instances," \
    "$(du -sh "$work/default" | cut -f1)"
  rm -rf "$work/default"
fi

# 30 small instances (N = 6..15; pairwise, seq, ladder), each solved in
# milliseconds, so the harness's share is what shows.
if [ -z "${SKIP_SMALL:-}" ]; then
"$nqsat" suite "$work/small" --sizes 6..15 --encodings pairwise,seq,ladder >/dev/null 2>&1
runs=$(($(wc -l <"$work/small/manifest.csv") - 1))
files=()
while IFS=, read -r file _; do files+=("$work/small/$file"); done < <(tail -n +2 "$work/small/manifest.csv")

overheads=()
for ((i = 1; i <= repeat; i++)); do
  start=$(ms)
  for f in "${files[@]}"; do "$solver" "$f" >/dev/null 2>&1 || true; done
  direct=$(($(ms) - start))
  rm -f "$work/small/results.csv"
  start=$(ms)
  "$nqsat" run "$work/small" --solver s="$solver {}" >"$work/table" 2>/dev/null
  harness=$(($(ms) - start))
  grep -q "^s  *$runs  *$runs " "$work/table" || { echo "not every run correct:"; cat "$work/table"; exit 1; }
  per_run=$(awk -v h="$harness" -v d="$direct" -v n="$runs" 'BEGIN { printf "%.2f", (h - d) / n }')
  overheads+=("$per_run")
  echo "repeat $i: $runs runs, direct loop $direct ms, harness $harness ms, overhead $per_run ms/run"
done
median=$(printf '%s\n' "${overheads[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
echo "median overhead: $median ms per run ($solver, $runs small instances, $repeat repeats; target < 5 ms)"
fi

# cpu_of FILE: user + system from a `/usr/bin/time -f "%U %S"` line.
cpu_of() { tail -n 1 "$1" | awk '{ printf "%.3f", $1 + $2 }'; }

if [ -z "${SKIP_TRUE:-}" ]; then
  runs=${RUNS:-1000}
  # A suite of RUNS copies of one tiny CNF file (hard links): the manifest
  # needs only its file column.
  "$nqsat" suite "$work/tiny" --sizes 4 --encodings pairwise --formats cnf >/dev/null 2>&1
  mkdir -p "$work/true"
  echo file >"$work/true/manifest.csv"
  for ((i = 0; i < runs; i++)); do
    ln "$work/tiny/q4-pairwise.cnf" "$work/true/t$i.cnf"
    echo "t$i.cnf" >>"$work/true/manifest.csv"
  done
  true_path=$(type -P true) # the program, not the shell's builtin
  start=$(ms)
  # xargs -n 1: a small C program's fork, exec and wait per file (a shell
  # loop would pay for copying the shell at each fork).
  tail -n +2 "$work/true/manifest.csv" | sed "s|^|$work/true/|" >"$work/true_files"
  /usr/bin/time -f "%U %S" -o "$work/time" xargs -n 1 "$true_path" <"$work/true_files"
  direct_ms=$(($(ms) - start))
  direct_cpu=$(cpu_of "$work/time")
  echo "true: $runs fork+execs by xargs -n 1: $direct_ms ms wall, $direct_cpu s CPU"
  if command -v runlim >/dev/null; then
    # (runlim polls its child, some 75 ms per run even for `true`: fewer runs.)
    runlim_runs=${RUNLIM_RUNS:-100}
    start=$(ms)
    /usr/bin/time -f "%U %S" -o "$work/time" bash -c 'for ((i = 0; i < '"$runlim_runs"'; i++)); do runlim "$0" "$1" 2>/dev/null; done' \
      "$true_path" "$work/true/t0.cnf"
    runlim_ms=$(($(ms) - start))
    echo "true: $runlim_runs runs of runlim: $runlim_ms ms wall, $(cpu_of "$work/time") s CPU," \
      "$(awk -v a="$runlim_ms" -v n="$runlim_runs" 'BEGIN { printf "%.2f", a / n }') ms per run"
  fi
  for method in sample cgroup; do
    rm -f "$work/true/results.csv"
    start=$(ms)
    if ! /usr/bin/time -f "%U %S" -o "$work/time" "$nqsat" run "$work/true" --measure $method \
      --solver t="$true_path {}" >"$work/table" 2>"$work/err"; then
      echo "true: --measure $method: $(head -c 300 "$work/err")"
      continue
    fi
    harness_ms=$(($(ms) - start))
    [ "$(($(wc -l <"$work/true/results.csv") - 1))" = "$runs" ] || { echo "true: not $runs rows"; exit 1; }
    echo "true: $runs runs through nqsat run --measure $method: $harness_ms ms wall, $(cpu_of "$work/time") s CPU;" \
      "overhead per run over the loop: $(awk -v h="$harness_ms" -v d="$direct_ms" -v n="$runs" 'BEGIN { printf "%.2f", (h - d) / n }') ms wall," \
      "$(awk -v h="$(cpu_of "$work/time")" -v d="$direct_cpu" -v n="$runs" 'BEGIN { printf "%.2f", 1000 * (h - d) / n }') ms CPU (target < 5 ms);" \
      "the harness's own CPU per run (the whole command's less the runs' cpu_seconds):" \
      "$(awk -F, -v h="$(cpu_of "$work/time")" -v n="$runs" 'NR > 1 { s += $5 } END { printf "%.2f", 1000 * (h - s) / n }' "$work/true/results.csv") ms"
  done
fi

echo "load after: $(uptime | sed 's/.*load average: //')"
