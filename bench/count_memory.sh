#!/usr/bin/env bash
# The join's memory: for each N, the estimate `nqsat count` checks
# --max-memory against (read from its refusal of a 1 KiB limit) and the
# peak resident memory GNU time measures, as the Markdown table of
# docs/count-join.md with its caption. The peak is of the whole count up
# to WHOLE_MAX (default 20), and of `--estimate` (the quarter tables and
# the sampled jobs) beyond, which the last column says.
#
# usage: bench/count_memory.sh [NQSAT] [N...]     (default: 16 17 18 19 20 21 22)
#   THREADS=2     worker threads of every run (the estimate depends on it)
#   WHOLE_MAX=20  the largest N counted whole
set -euo pipefail
nqsat=${1:-build/nqsat}
[ $# -gt 0 ] && shift
sizes=${*:-16 17 18 19 20 21 22}
threads=${THREADS:-2}
whole_max=${WHOLE_MAX:-20}
[ -x "$nqsat" ] || { echo "bench/count_memory.sh: $nqsat: not an executable" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/count_memory.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

level=$("$nqsat" count 14 --method join --threads 1 --stats 2>&1 >/dev/null | sed -n 's/.*kernel \([a-z0-9]*\).*/\1/p')
echo "Table: \`bench/count_memory.sh\`, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
  "$(nproc) CPUs, the join at level ${level:-unknown}, $threads threads, $(date -u +%Y-%m-%d)."
echo
echo "| n | estimate, $threads threads (what \`--max-memory\` compares) | measured peak, $threads threads (GNU time) | of |"
echo "|---|---|---|---|"
for n in $sizes; do
  # The refusal names the estimate: "... needs an estimated 8.5 MiB, ..."
  if "$nqsat" count "$n" --method join --threads "$threads" --max-memory 1K >/dev/null 2>"$work/err"; then
    echo "bench/count_memory.sh: N = $n: a 1 KiB limit was not refused" >&2
    exit 1
  fi
  estimate=$(sed -n 's/.*needs an estimated \([0-9.]* [KMGT]*i*B\).*/\1/p' "$work/err")
  [ -n "$estimate" ] || { echo "bench/count_memory.sh: N = $n: $(cat "$work/err")" >&2; exit 1; }
  if [ "$n" -le "$whole_max" ]; then
    what="the whole count"
    /usr/bin/time -f %M -o "$work/peak" "$nqsat" count "$n" --method join --threads "$threads" >/dev/null
  else
    what="\`--estimate\`"
    /usr/bin/time -f %M -o "$work/peak" "$nqsat" count "$n" --method join --threads "$threads" --estimate >/dev/null
  fi
  peak=$(tail -1 "$work/peak" | awk '{ k = $1; if (k >= 1048576) printf "%.1f GiB", k / 1048576; else printf "%.1f MiB", k / 1024 }')
  echo "| $n | $estimate | $peak | $what |"
done
