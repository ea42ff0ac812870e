#!/usr/bin/env bash
# The harness's two targets, measured with public tools only:
#  1. `nqsat suite DIR` (the default suite, ground truth included) takes
#     under a minute;
#  2. `nqsat run` adds under 5 ms per run to what the solver takes: the
#     same solver on the same small instances, once through the harness and
#     once from a plain shell loop, alternating, REPEAT times each; the
#     overhead per run is (harness - loop) / runs, the median over repeats.
#
#   bench/harness.sh [NQSAT] [SOLVER]     (defaults: build/nqsat, picosat)
#   REPEAT=7 SKIP_SUITE=1 bench/harness.sh build/nqsat cadical
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
