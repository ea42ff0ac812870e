#!/usr/bin/env bash
# The targets of check's judging (repeats, completeness, counts): both
# cases under 2 s, measured against the same command of another build (the
# build before the change, BASE), alternating, REPEAT times each:
#  1. `check 12 FILE` on the 14,200 solutions of `solve 12 --all`
#     (with --complete: every solution looked up in the verifier's set);
#  2. `check --instance` on the 365,596 models of a shuffled N = 14 file
#     (`encode 14 --shuffle`, answered by `solve FILE --all`, 300 MB).
#
#   bench/check.sh [NQSAT] [BASE]      (defaults: build/nqsat, no base)
#   REPEAT=3 bench/check.sh build/nqsat build-base/nqsat
#
# Both commands print to /dev/null (the base has no --summary). Figures are
# CPU seconds (user + system) of the whole process, medians, and the ratio
# NQSAT / BASE of the medians. Note `uptime` next to them.
set -euo pipefail
nqsat=$(realpath "${1:-build/nqsat}")
base=${2:+$(realpath "$2")}
repeat=${REPEAT:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "load: $(uptime | sed 's/.*load average: //')"
"$nqsat" solve 12 --all >"$work/all12"
"$nqsat" encode 14 --shuffle --seed 1 -o "$work/s14.cnf"
"$nqsat" solve "$work/s14.cnf" --all >"$work/s14.answer" || [ $? -eq 10 ]

# cpu_seconds CMD...: user + system seconds of one run.
cpu_seconds() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true
  awk '{ printf "%.3f", $1 + $2 }' "$work/time"
}
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() { # NAME ARGS...
  local name=$1 new=() old=() base_args=() argument
  shift
  # The base build has no --complete: it checks the same list without it.
  for argument in "$@"; do [ "$argument" = --complete ] || base_args+=("$argument"); done
  for ((i = 1; i <= repeat; i++)); do
    new+=("$(cpu_seconds "$nqsat" "$@")")
    if [ -n "$base" ]; then old+=("$(cpu_seconds "$base" "${base_args[@]}")"); fi
  done
  local new_median old_median
  new_median=$(printf '%s\n' "${new[@]}" | median)
  if [ -n "$base" ]; then
    old_median=$(printf '%s\n' "${old[@]}" | median)
    echo "$name: $new_median s CPU, base $old_median s, ratio" \
      "$(awk -v a="$new_median" -v b="$old_median" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
  else
    echo "$name: $new_median s CPU (target < 2 s)"
  fi
}

"$nqsat" check 12 --complete -q "$work/all12" | tail -n 1
measure "check 12, 14,200 solutions" check 12 "$work/all12" --complete
"$nqsat" check --instance "$work/s14.cnf" -q "$work/s14.answer"
measure "check --instance, 365,596 models of shuffled N = 14" check --instance "$work/s14.cnf" \
  "$work/s14.answer"
