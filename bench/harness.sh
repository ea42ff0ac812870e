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
#  4. the CPU time `nqsat run` measures for CPU_SOLVER (cadical) on the
#     default suite's CNF files (less CPU_EXCLUDE), under each --measure
#     method, against runlim's on the same instances in the same run: the
#     ratio of the sums and the largest difference on one instance
#     (target: within 5 %).
#
#   bench/harness.sh [NQSAT] [SOLVER]     (defaults: build/nqsat, picosat)
#   REPEAT=7 SKIP_SUITE=1 bench/harness.sh build/nqsat cadical
#   SKIP_SUITE=1 SKIP_SMALL=1 RUNS=1000 CPU_SOLVER=cadical bench/harness.sh
#   SKIP_SUITE=1 SKIP_SMALL=1 SKIP_TRUE=1 CPU_EXCLUDE='^q128-' bench/harness.sh
#   (SKIP_SMALL, SKIP_TRUE, SKIP_CPU leave out parts 2, 3, 4)
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

if [ -z "${SKIP_CPU:-}" ] && command -v runlim >/dev/null; then
  cpu_solver=${CPU_SOLVER:-cadical}
  command -v "$cpu_solver" >/dev/null || { echo "harness.sh: $cpu_solver is not installed" >&2; exit 1; }
  [ -d "$work/default" ] || "$nqsat" suite "$work/default" >/dev/null 2>&1
  # The CNF files of the suite (less those matching CPU_EXCLUDE, an
  # extended regex: the N = 128 files take cadical minutes each on a busy
  # machine) as a suite of their own, hard links and a manifest.
  mkdir -p "$work/cpu"
  echo file >"$work/cpu/manifest.csv"
  tail -n +2 "$work/default/manifest.csv" | cut -d, -f1 | grep '\.cnf$' |
    grep -Ev "${CPU_EXCLUDE:-^$}" >"$work/cnf_files"
  while read -r file; do
    ln "$work/default/$file" "$work/cpu/$file"
    echo "$file" >>"$work/cpu/manifest.csv"
  done <"$work/cnf_files"
  # runlim on each, then nqsat run on the same.
  while read -r file; do
    runlim -t 600 "$cpu_solver" "$work/cpu/$file" 2>&1 >/dev/null |
      awk -v f="$file" '/\[runlim\] time:/ { print f, $3 }'
  done <"$work/cnf_files" | sort >"$work/runlim_cpu"
  for method in sample cgroup; do
    rm -f "$work/cpu/results.csv"
    "$nqsat" run "$work/cpu" --measure $method --timeout 600 \
      --solver s:cnf="$cpu_solver {}" >/dev/null 2>"$work/err" || { echo "cpu: --measure $method: $(head -c 300 "$work/err")"; continue; }
    awk -F, 'NR > 1 && $3 != "skipped" { print $2, $5 }' "$work/cpu/results.csv" | sort >"$work/nqsat_cpu"
    join "$work/nqsat_cpu" "$work/runlim_cpu" | awk -v m="$method" -v s="$cpu_solver" '
      { a += $2; b += $3; d = $2 - $3; if (d < 0) d = -d; if (d > worst) { worst = d; which = $1 } n++ }
      END { printf "cpu: %s on %d instances of the default suite: nqsat run --measure %s %.2f s, runlim %.2f s, ratio %.3f; largest difference %.3f s (%s)\n",
            s, n, m, a, b, (b > 0 ? a / b : 0), worst, which }'
  done
  # The same executions seen by both: runlim as the solver command under
  # `nqsat run --measure cgroup`. nqsat's figure then also holds runlim's
  # own polling; what is left of the difference is what runlim's 100 ms
  # samples miss.
  rm -f "$work/cpu/results.csv"
  if "$nqsat" run "$work/cpu" --measure cgroup --timeout 600 --solver s:cnf="runlim $cpu_solver {}" >/dev/null 2>"$work/err"; then
    while read -r file; do
      awk -v f="$file" '/\[runlim\] time:/ { print f, $3 }' "$work/cpu/logs/s/$file.err"
    done <"$work/cnf_files" | sort >"$work/runlim_inside"
    awk -F, 'NR > 1 && $3 != "skipped" { print $2, $5, $4 }' "$work/cpu/results.csv" | sort |
      join - "$work/runlim_inside" | awk -v s="$cpu_solver" '
        { a += $2; w += $3; b += $4; n++ }
        END { printf "cpu: runlim %s inside nqsat run --measure cgroup, the same %d executions: nqsat %.2f s (wall %.2f s), runlim %.2f s, ratio %.3f\n",
              s, n, a, w, b, (b > 0 ? a / b : 0) }'
  fi
fi
echo "load after: $(uptime | sed 's/.*load average: //')"
