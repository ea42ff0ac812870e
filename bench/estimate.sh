#!/usr/bin/env bash
# The table of `nqsat count N --estimate`: predicted CPU time of a whole
# count, with its 95 % interval, and the wall time on 64 and 1024 cores,
# one row per case, as Markdown. docs/benchmarks.md holds its output and
# the README quotes rows of it (scripts/check_docs.sh compares them).
#
# usage: bench/estimate.sh [NQSAT] [CASE...]
#   CASE   N/METHOD (METHOD: join, backtrack, auto); default
#          21/join 22/join 21/backtrack ... 27/backtrack
# The estimate times (or, beyond N = 20 for backtracking, probes) sampled
# jobs on one thread, so its seconds follow the machine's load; the
# caption line names the machine, the load and the date.
set -euo pipefail
nqsat=${1:-build/nqsat}
[ $# -gt 0 ] && shift
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(21/join 22/join 21/backtrack 22/backtrack 23/backtrack 24/backtrack
    25/backtrack 26/backtrack 27/backtrack)
fi
[ -x "$nqsat" ] || { echo "bench/estimate.sh: $nqsat: not an executable" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-estimate.XXXXXX")
trap 'rm -rf "$work"' EXIT

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
load=$(cut -d' ' -f1 /proc/loadavg)
# the join's instruction-set level on this processor, as --stats names it
level=$("$nqsat" count 14 --method join --threads 1 --stats 2>&1 >/dev/null | sed -n 's/.*kernel \([a-z0-9]*\).*/\1/p')
echo "Table: \`bench/estimate.sh\`, $cpu, $(nproc) CPUs, the join at level ${level:-unknown}, load $load at the start, $(date -u +%Y-%m-%d)."
echo
echo "| N | method | jobs | predicted CPU time (95 % interval) | wall, 64 cores | wall, 1024 cores |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  n=${c%%/*} method=${c#*/}
  [ "$method" = "$c" ] && method=auto
  if ! "$nqsat" count "$n" --method "$method" --estimate >"$work/out" 2>"$work/err"; then
    echo "bench/estimate.sh: count $n --method $method --estimate failed: $(head -1 "$work/err")" >&2
    exit 1
  fi
  # A duration as nqsat prints it: "745 s (12.4 min)" reads "12.4 min",
  # a bare "93.1 s" stays as it is.
  awk '
    function human(s) { if (match(s, /\(([^)]*)\)/)) return substr(s, RSTART + 1, RLENGTH - 2); return s }
    function unit(s) { sub(/^[^ ]* /, "", s); return s }
    function number(s) { sub(/ .*/, "", s); return s }
    NR == 1 { n = $3; sub(/,/, "", n); method = $5; sub(/:/, "", method); jobs = $6 }
    /^predicted CPU time:/ {
      line = $0; sub(/^predicted CPU time: /, "", line)
      split(line, parts, ", 95% interval ")
      split(parts[2], ends, " \\.\\. ")
      best = human(parts[1]); low = human(ends[1]); high = human(ends[2])
      # the interval in the unit of the best guess when both ends share it
      if (unit(low) == unit(best) && unit(high) == unit(best))
        interval = number(low) " .. " number(high) " " unit(best)
      else
        interval = low " .. " high
    }
    /^  P = 64 / { sub(/^  P = 64 +/, ""); wall64 = human($0) }
    /^  P = 1024 / { sub(/^  P = 1024 +/, ""); wall1024 = human($0) }
    END {
      printf "| %s | %s | %s | %s (%s) | %s | %s |\n", n, method, jobs, best, interval, wall64, wall1024
    }' "$work/out"
done
