#!/usr/bin/env bash
# The CPU time `nqsat run` measures for a solver (cadical) on the default
# suite's CNF files, against runlim's (Debian's, or RUNLIM) and against
# the kernel's own account of the same executions.
#
#   bench/harness_vs_runlim.sh [NQSAT] [SOLVER]   (defaults: build/nqsat, cadical)
#   SUITE=DIR          use this suite instead of writing the default one
#   CPU_EXCLUDE=REGEX  leave out the files matching it (default: none;
#                      '^q128-' leaves out the N = 128 files, which take
#                      cadical 1 to 85 s each, about 200 s together)
#   METHODS="cgroup sample"   the --measure methods to run
#   LONG=1             the threshold (CPU seconds) of the "long runs" lines
#   ROWS=1             print one line per instance
#   RUNLIM=PATH        the runlim to compare with (default: runlim on PATH,
#                      Debian's 1.10, which samples every 100 ms, fixed)
#   RUNLIM_ARGS="..."  options for it, e.g. "--sample-rate=1000" for
#                      runlim 1.13 and later (upstream, github.com/arminbiere/
#                      runlim: ./configure.sh && make), which sample at the
#                      rate asked; what a run does after runlim's last
#                      sample of it is lost, and /proc's 10 ms clock ticks,
#                      rounded down, at any rate
#
# Runs of different executions cannot be compared within 5 % on a loaded
# machine (the same work takes more or less CPU time from one minute to
# the next), so every execution is measured twice at once: each solver run
# is `rusage_exec SOLVER FILE` (bench/rusage_exec.c: fork, exec, wait4,
# nothing else), whose line on standard error is the kernel's figure for
# that execution, the ground truth; the tool under test watches the same
# execution from outside. The kernel's figure is the solver's (wait4) plus
# rusage_exec's own (RUSAGE_SELF: its exec and fork, which a tool watching
# from outside counts as part of the run; several milliseconds on a
# loaded virtual machine, printed apart). So
#   - nqsat run --measure M, with the solver command `rusage_exec SOLVER {}`:
#     nqsat's cpu_seconds / the kernel's, per instance and summed;
#   - runlim rusage_exec SOLVER FILE: runlim's `time` / the kernel's;
#   - and nqsat against runlim directly, different executions, as a user
#     would compare them: the sums, and the sums over long runs only.
set -euo pipefail
nqsat=$(realpath "${1:-build/nqsat}")
solver=${2:-cadical}
long=${LONG:-1}
command -v "$solver" >/dev/null || { echo "harness_vs_runlim.sh: $solver is not installed" >&2; exit 1; }
runlim=${RUNLIM:-runlim}
read -r -a runlim_args <<<"${RUNLIM_ARGS:-}"
command -v "$runlim" >/dev/null || { echo "harness_vs_runlim.sh: $runlim is not installed" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench-runlim.XXXXXX")
trap 'rm -rf "$work"' EXIT
rusage_exec=$work/rusage_exec
${CC:-cc} -std=c11 -O2 -o "$rusage_exec" "$here/rusage_exec.c"
solver_path=$(type -P "$solver")

echo "load before: $(uptime | sed 's/.*load average: //')"
suite=${SUITE:-}
if [ -z "$suite" ]; then
  suite=$work/default
  "$nqsat" suite "$suite" >/dev/null 2>&1
fi
tail -n +2 "$suite/manifest.csv" | cut -d, -f1 | grep '\.cnf$' | grep -Ev "${CPU_EXCLUDE:-^$}" >"$work/files"
echo "$(wc -l <"$work/files") CNF files, $solver ($solver_path)"
echo "runlim: $(type -P "$runlim") $("$runlim" --version 2>&1 | head -n 1) ${RUNLIM_ARGS:-}"
methods=(${METHODS:-cgroup sample})

# kernel_cpu LOG: the seconds on rusage_exec's line, the solver's and its own.
kernel_cpu() { awk '/^rusage_exec: cpu / { printf "%.6f", $3 + $(NF - 1) }' "$1"; }
# wrapper_cpu LOG...: rusage_exec's own seconds, summed over the logs.
wrapper_cpu() { cat "$@" | awk '/^rusage_exec: cpu / { s += $(NF - 1); n++ } END { printf "%d runs, %.4f s (%.2f ms a run)", n, s, n ? 1000 * s / n : 0 }'; }

# measure_runlim FILE: appends "FILE RUNLIM KERNEL" to $work/runlim. In a
# session of its own: runlim 2 tells its child's processes from others by
# comparing process ids with its session's, and refuses to run ("session
# pid larger than child pid") where ids have wrapped since the session began.
measure_runlim() {
  setsid -w "$runlim" "${runlim_args[@]}" -t 600 "$rusage_exec" "$solver_path" "$suite/$1" >/dev/null 2>"$work/runlim.err" || true
  echo "$1 $(awk '/\[runlim\] time:/ { print $3 }' "$work/runlim.err") $(kernel_cpu "$work/runlim.err")" >>"$work/runlim"
  cat "$work/runlim.err" >>"$work/runlim.all"
}
# measure_nqsat METHOD FILE: `nqsat run --measure METHOD` on a suite of the
# one file (a hard link or copy, a manifest); appends "FILE CPU KERNEL" to
# $work/nqsat-METHOD and keeps rusage_exec's line in $work/logs-METHOD.
measure_nqsat() {
  local one=$work/one
  rm -rf "$one" && mkdir -p "$one" "$work/logs-$1"
  ln "$suite/$2" "$one/$2" 2>/dev/null || cp "$suite/$2" "$one/$2"
  printf 'file\n%s\n' "$2" >"$one/manifest.csv"
  if ! "$nqsat" run "$one" --measure "$1" --timeout 600 \
    --solver s:cnf="$rusage_exec $solver_path {}" >/dev/null 2>"$work/err"; then
    echo "nqsat run --measure $1 on $2 (METHODS leaves a method out): $(head -c 300 "$work/err")" >&2
    exit 1
  fi
  local cpu
  cpu=$(awk -F, 'NR == 2 && $3 != "skipped" { print $5 }' "$one/results.csv")
  [ -n "$cpu" ] || { echo "nqsat run --measure $1 measured no run of $2" >&2; exit 1; }
  echo "$2 $cpu $(kernel_cpu "$one/logs/s/$2.err")" >>"$work/nqsat-$1"
  cp "$one/logs/s/$2.err" "$work/logs-$1/"
}

# Each file under every tool in turn, the tool that goes first rotating
# from file to file, so that a change in the machine's speed (on a
# shared host the same cadical run can take 25 % more CPU time some
# minutes later) falls alike on all of them and the plain sums compare too.
tools=(runlim "${methods[@]}")
i=0
while read -r file <&3; do
  for ((t = 0; t < ${#tools[@]}; t++)); do
    tool=${tools[(i + t) % ${#tools[@]}]}
    if [ "$tool" = runlim ]; then measure_runlim "$file"; else measure_nqsat "$tool" "$file"; fi
  done
  i=$((i + 1))
done 3<"$work/files" </dev/null
sort -o "$work/runlim" "$work/runlim"
for method in "${methods[@]}"; do sort -o "$work/nqsat-$method" "$work/nqsat-$method"; done

# summary LABEL FILE: FILE has lines "INSTANCE MEASURED KERNEL".
summary() {
  awk -v label="$1" -v long="$long" '
    { m += $2; k += $3; n++; if ($3 >= long) { lm += $2; lk += $3; ln++ }
      d = $2 - $3; if (d < 0) d = -d; if (d > worst) { worst = d; which = $1 } }
    END { printf "%s: %d runs, %.3f s against the kernel'"'"'s %.3f s, ratio %.4f; runs of %g s or more: %d, %.3f s against %.3f s, ratio %.4f; largest difference %.3f s (%s)\n",
                 label, n, m, k, (k > 0 ? m / k : 0), long, ln, lm, lk, (lk > 0 ? lm / lk : 0), worst, which }' "$2"
}
# by_length FILE: the same sums by the run's length (the kernel's seconds).
by_length() {
  awk '{ k = $3; b = (k < 0.1 ? 0 : k < 1 ? 1 : k < 10 ? 2 : 3); m[b] += $2; t[b] += $3; n[b]++ }
    END { split("under 0.1 s,0.1 to 1 s,1 to 10 s,10 s or more", name, ",")
          for (b = 0; b < 4; b++) if (n[b]) printf "  %-12s %3d runs: %9.3f s against %9.3f s, ratio %.4f, %+.1f ms a run\n",
            name[b + 1], n[b], m[b], t[b], m[b] / t[b], 1000 * (m[b] - t[b]) / n[b] }' "$1"
}
summary "runlim" "$work/runlim"
by_length "$work/runlim"
echo "  (of the kernel's figure, rusage_exec's own: $(wrapper_cpu "$work/runlim.all"))"

for method in "${methods[@]}"; do
  summary "nqsat run --measure $method" "$work/nqsat-$method"
  by_length "$work/nqsat-$method"
  echo "  (of the kernel's figure, rusage_exec's own: $(wrapper_cpu "$work/logs-$method/"*.err))"
  # nqsat against runlim, different executions of the same file, one
  # after the other: "FILE NQSAT KERNEL(nqsat's execution) RUNLIM
  # KERNEL(runlim's)".
  join "$work/nqsat-$method" "$work/runlim" >"$work/both-$method"
  awk -v m="$method" -v long="$long" '
    { a += $2; b += $4; n++; if ($3 >= long && $5 >= long) { la += $2; lb += $4; ln++ } }
    END { printf "nqsat run --measure %s against runlim (different executions): %.3f s / %.3f s = %.4f; runs of %g s or more: %d, %.3f s / %.3f s = %.4f\n",
                 m, a, b, (b > 0 ? a / b : 0), long, ln, la, lb, (lb > 0 ? la / lb : 0) }' "$work/both-$method"
  # The same, each tool against the kernel's figure for its own execution,
  # so the load's effect on the executions (the same file can take 25 %
  # more CPU time a few minutes later) drops out: (nqsat / its kernel
  # figure) / (runlim / its kernel figure).
  awk -v m="$method" -v long="$long" '
    { a += $2; ka += $3; b += $4; kb += $5; if ($3 >= long && $5 >= long) { la += $2; lka += $3; lb += $4; lkb += $5; ln++ } }
    END { printf "nqsat run --measure %s against runlim, each against the kernel'"'"'s figure for its own execution: %.4f / %.4f = %.4f; runs of %g s or more: %d, %.4f / %.4f = %.4f\n",
                 m, (ka ? a / ka : 0), (kb ? b / kb : 0), (ka && kb && b ? (a / ka) / (b / kb) : 0), long, ln, (lka ? la / lka : 0), (lkb ? lb / lkb : 0), (lka && lkb && lb ? (la / lka) / (lb / lkb) : 0) }' "$work/both-$method"
  if [ -n "${ROWS:-}" ]; then
    echo "instance nqsat kernel(nqsat's run) runlim kernel(runlim's run)  [--measure $method]"
    awk '{ printf "%s %.4f %.4f %.2f %.4f\n", $1, $2, $3, $4, $5 }' "$work/both-$method"
  fi
done
echo "load after: $(uptime | sed 's/.*load average: //')"
