#!/usr/bin/env bash
# Counting an unsatisfiable formula takes about as long as refuting it:
# `nqsat solve FILE --count` (one thread, every engine choice) against
# `nqsat solve FILE` (PicoSAT), CPU seconds of the whole process, the best
# of REPEAT runs, the two alternating. Fails when a count takes more than
# twice the solve (and more than 0.05 s: below that the figures are noise).
#   ph8, ph9     the pigeonhole principle, 9 (10) pigeons in 8 (9) holes
#   miter16/32/64  two correct adders of 16/32/64 bits that are asked to
#                differ (tests/cli/adder_miter.py; CaDiCaL's add16/add32
#                are of this kind)
# usage: bench/count_unsat.sh [NQSAT] [CASE...]; REPEAT=3
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
cases=${*:-ph8 ph9 miter16 miter32 miter64}
repeat=${REPEAT:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-count-unsat.XXXXXX")
trap 'rm -rf "$work"' EXIT

make_case() {
  case $1 in
  ph*)
    awk -v n="${1#ph}" 'BEGIN {
      printf "p cnf %d %d\n", (n + 1) * n, (n + 1) + n * (n + 1) * n / 2
      for (p = 0; p <= n; p++) {
        for (h = 1; h <= n; h++) printf "%d ", p * n + h
        print 0
      }
      for (h = 1; h <= n; h++)
        for (a = 0; a <= n; a++)
          for (b = a + 1; b <= n; b++) printf "-%d -%d 0\n", a * n + h, b * n + h
    }' >"$work/$1.cnf" ;;
  miter*) python3 tests/cli/adder_miter.py "${1#miter}" "$work/$1.cnf" >/dev/null ;;
  *) echo "count_unsat.sh: unknown case '$1'" >&2 && exit 2 ;;
  esac
}

# best_cpu ARGS...: the least CPU seconds of REPEAT runs of nqsat ARGS,
# which must exit 20 (unsatisfiable) and print no count but 0.
best_cpu() {
  local best=
  for _ in $(seq "$repeat"); do
    local code=0
    /usr/bin/time -f '%U %S' -o "$work/time" "$nqsat" "$@" >"$work/out" 2>"$work/err" || code=$?
    if [ "$code" -ne 20 ] || grep -qv '^\(0\|s UNSATISFIABLE\)$' "$work/out"; then
      echo "count_unsat.sh: nqsat $* exited $code: $(head -c 200 "$work/out")" >&2
      exit 1
    fi
    local cpu
    cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$work/time")
    best=$(awk -v a="$cpu" -v b="${best:-$cpu}" 'BEGIN { print (a < b ? a : b) }')
  done
  echo "$best"
}

failed=0
printf '%-9s %9s %9s %9s %9s %7s\n' case solve auto components enumerate worst
for name in $cases; do
  make_case "$name"
  solve=$(best_cpu solve "$work/$name.cnf" --threads 1)
  row=$(printf '%-9s %9s' "$name" "$solve")
  worst=0
  for engine in auto components enumerate; do
    count=$(best_cpu solve "$work/$name.cnf" --count --engine "$engine" --threads 1)
    row="$row $(printf '%9s' "$count")"
    worst=$(awk -v c="$count" -v s="$solve" -v w="$worst" 'BEGIN {
      r = c / (s > 0.05 ? s : 0.05); print (r > w ? r : w) }')
  done
  printf '%s %7.2f\n' "$row" "$worst"
  if awk -v w="$worst" 'BEGIN { exit !(w > 2) }'; then
    echo "count_unsat.sh: $name: a count took ${worst}x solve's time" >&2
    failed=1
  fi
done
exit "$failed"
