#!/usr/bin/env bash
# The join method at large N: one build against another (the anchor: an
# earlier build of nqsat, e.g. main's), one thread, in the same run, the
# two alternating so that load from other users hits both alike. Reports
# CPU seconds (user + system, GNU time), the median of REPEAT runs each,
# and the ratio NEW / OLD (below 1: NEW is faster). Every count is checked
# against OEIS A000170; the N = 21 case is a part of the plan (16 of its
# 1025 jobs and the quarter tables, 10-30 s), checked only for agreement.
#
# usage: bench/count_join_large.sh OLD_NQSAT [NEW_NQSAT] [CASE...]
#   CASE: N (a whole count) or N/PART/PARTS (default: 17 18 19 21/5/64)
#   REPEAT=3
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: bench/count_join_large.sh OLD_NQSAT [NEW_NQSAT] [CASE...]}
new=${2:-build/nqsat}
shift $(($# < 2 ? $# : 2))
cases=${*:-17 18 19 21/5/64}
repeat=${REPEAT:-3}
declare -A oeis=([14]=365596 [15]=2279184 [16]=14772512 [17]=95815104 [18]=666090624
  [19]=4968057848 [20]=39029188884 [21]=314666222712)
out=$(mktemp "${TMPDIR:-/tmp}/count_join_large.XXXXXX")
trap 'rm -f "$out" "$out.time"' EXIT

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run NQSAT CASE: prints the CPU seconds; the count goes to $out.
run() {
  local n=${2%%/*} args=(count "${2%%/*}" --method join --threads 1)
  [[ $2 == */* ]] && args+=(--part "${2#*/}")
  /usr/bin/time -f '%U %S' -o "$out.time" "$1" "${args[@]}" >"$out"
  if [[ $2 != */* && $(cat "$out") != "${oeis[$n]}" ]]; then
    echo "N=$n: $1 says $(cat "$out"), OEIS ${oeis[$n]}" >&2
    exit 1
  fi
  awk '{ print $1 + $2 }' "$out.time"
}

printf '%-9s %10s %10s %8s\n' case old-cpu new-cpu new/old
for c in $cases; do
  old_cpu="" new_cpu="" old_part="" new_part=""
  for ((i = 0; i < repeat; i++)); do
    old_cpu+="$(run "$old" "$c") "
    old_part=$(cat "$out")
    new_cpu+="$(run "$new" "$c") "
    new_part=$(cat "$out")
  done
  # A part's JSON carries its wall and CPU seconds: compare its counts only.
  if [[ $c == */* ]]; then
    count() { sed 's/.*"total":\([0-9]*\).*/\1/' <<<"$1"; }
    [ "$(count "$old_part")" = "$(count "$new_part")" ] ||
      { echo "$c: the builds disagree: $(count "$old_part") against $(count "$new_part")" >&2; exit 1; }
  fi
  o=$(echo "$old_cpu" | median) n=$(echo "$new_cpu" | median)
  printf '%-9s %10.2f %10.2f %8s\n' "$c" "$o" "$n" "$(awk -v a="$n" -v b="$o" 'BEGIN { printf "%.2f", a / b }')"
done
