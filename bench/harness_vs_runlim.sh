#!/usr/bin/env bash
# The CPU time `nqsat run` measures for a solver (cadical) on the default
# suite's CNF files, against runlim's (Debian) and against the kernel's own
# account of the same executions.
#
#   bench/harness_vs_runlim.sh [NQSAT] [SOLVER]   (defaults: build/nqsat, cadical)
#   SUITE=DIR          use this suite instead of writing the default one
#   CPU_EXCLUDE=REGEX  leave out the files matching it (default '^q128-':
#                      the N = 128 files take cadical minutes each)
#   METHODS="cgroup sample"   the --measure methods to run
#   LONG=1             the threshold (CPU seconds) of the "long runs" lines
#   ROWS=1             print one line per instance
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
command -v runlim >/dev/null || { echo "harness_vs_runlim.sh: runlim is not installed" >&2; exit 1; }
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
# The CNF files as a suite of their own (hard links or copies, a manifest).
mkdir -p "$work/cpu"
echo file >"$work/cpu/manifest.csv"
tail -n +2 "$suite/manifest.csv" | cut -d, -f1 | grep '\.cnf$' | grep -Ev "${CPU_EXCLUDE:-^q128-}" >"$work/files"
while read -r file; do
  ln "$suite/$file" "$work/cpu/$file" 2>/dev/null || cp "$suite/$file" "$work/cpu/$file"
  echo "$file" >>"$work/cpu/manifest.csv"
done <"$work/files"
echo "$(wc -l <"$work/files") CNF files, $solver ($solver_path)"

# kernel_cpu LOG: the seconds on rusage_exec's line, the solver's and its own.
kernel_cpu() { awk '/^rusage_exec: cpu / { printf "%.6f", $3 + $(NF - 1) }' "$1"; }
# wrapper_cpu LOG...: rusage_exec's own seconds, summed over the logs.
wrapper_cpu() { cat "$@" | awk '/^rusage_exec: cpu / { s += $(NF - 1); n++ } END { printf "%d runs, %.4f s (%.2f ms a run)", n, s, n ? 1000 * s / n : 0 }'; }

# runlim, one file after the other: "FILE RUNLIM KERNEL".
while read -r file; do
  runlim -t 600 "$rusage_exec" "$solver_path" "$work/cpu/$file" >/dev/null 2>"$work/runlim.err" || true
  echo "$file $(awk '/\[runlim\] time:/ { print $3 }' "$work/runlim.err") $(kernel_cpu "$work/runlim.err")"
  cat "$work/runlim.err" >>"$work/runlim.all"
done <"$work/files" | sort >"$work/runlim"

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

for method in ${METHODS:-cgroup sample}; do
  rm -rf "$work/cpu/results.csv" "$work/cpu/logs"
  if ! "$nqsat" run "$work/cpu" --measure "$method" --timeout 600 \
    --solver s:cnf="$rusage_exec $solver_path {}" >/dev/null 2>"$work/err"; then
    echo "nqsat run --measure $method: $(head -c 300 "$work/err")"
    continue
  fi
  awk -F, 'NR > 1 && $3 != "skipped" { print $2, $5 }' "$work/cpu/results.csv" | sort |
    while read -r file cpu; do echo "$file $cpu $(kernel_cpu "$work/cpu/logs/s/$file.err")"; done >"$work/nqsat-$method"
  summary "nqsat run --measure $method" "$work/nqsat-$method"
  by_length "$work/nqsat-$method"
  echo "  (of the kernel's figure, rusage_exec's own: $(wrapper_cpu "$work/cpu/logs/s/"*.err))"
  # nqsat against runlim, different executions: "FILE NQSAT RUNLIM
  # KERNEL(nqsat's execution) KERNEL(runlim's)".
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
                 m, a / ka, b / kb, (a / ka) / (b / kb), long, ln, (lka ? la / lka : 0), (lkb ? lb / lkb : 0), (lka && lkb && lb ? (la / lka) / (lb / lkb) : 0) }' "$work/both-$method"
  if [ -n "${ROWS:-}" ]; then
    echo "instance nqsat kernel(nqsat's run) runlim kernel(runlim's run)  [--measure $method]"
    awk '{ printf "%s %.4f %.4f %.2f %.4f\n", $1, $2, $3, $4, $5 }' "$work/both-$method"
  fi
done
echo "load after: $(uptime | sed 's/.*load average: //')"
