#!/usr/bin/env bash
# Any DIMACS file counted fast: `nqsat solve FILE --count`
# against its anchors in the same run, on the same machine:
#   picosat --all FILE        (the PicoSAT binary's own enumeration)
#   bench/picosat_loop FILE   (a plain PicoSAT loop blocking the projection
#                              variables; what `solve FILE` was before)
# The machine is shared, so read the ratios, not the seconds. Each count is
# checked against the anchor's.
#
# usage: bench/files.sh [NQSAT] [CASE...]
#   CASE: shuffled12 (pairwise N = 12, --shuffle --seed 4; against picosat --all)
#         seq12      (--amo seq N = 12, projected on 'c ind'; against picosat_loop)
#         random55   (random 3-SAT, 55 variables, 200 clauses, seed 1; against
#                     picosat --all)
#         shuffled14 (all 365,596 models of shuffled pairwise N = 14, --all, 2
#                     threads; no anchor: the target is 5 minutes)
#   default: shuffled12 seq12 random55; THREADS=2
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
cases=${*:-shuffled12 seq12 random55}
threads=${THREADS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-files.XXXXXX")
trap 'rm -rf "$work"' EXIT
${CC:-cc} -std=c11 -O3 -D_POSIX_C_SOURCE=200809L -o "$work/picosat_loop" bench/picosat_loop.c \
  -lpicosat

seconds() { # seconds CMD...: wall seconds of CMD, its stdout in $work/out
  local start end
  start=$(date +%s.%N)
  "$@" >"$work/out" || true # picosat exits 10/20, nqsat 10
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }

# random 3-SAT: distinct variables per clause, random signs, awk's srand.
random_cnf() {
  awk -v seed="$1" -v n="$2" -v m="$3" 'BEGIN { srand(seed); print "p cnf", n, m
    for (i = 0; i < m; i++) { for (k = 0; k < 3; k++) {
        do { v = 1 + int(rand() * n); dup = 0; for (j = 0; j < k; j++) if (c[j] == v) dup = 1 } while (dup)
        c[k] = v; printf "%d ", (rand() < 0.5 ? -v : v) } print "0" } }'
}

printf '%-11s %10s %12s %10s %9s %8s %s\n' case models anchor anchor-s nqsat-s ratio stats
for name in $cases; do
  case $name in
  shuffled12) "$nqsat" encode 12 --shuffle --seed 4 >"$work/f.cnf"; anchor="picosat --all" ;;
  seq12) "$nqsat" encode 12 --amo seq >"$work/f.cnf"; anchor="picosat_loop" ;;
  random55) random_cnf 1 55 200 >"$work/f.cnf"; anchor="picosat --all" ;;
  shuffled14) "$nqsat" encode 14 --shuffle --seed 4 >"$work/f.cnf"; anchor="" ;;
  *) echo "unknown case $name" >&2; exit 2 ;;
  esac
  if [ "$name" = shuffled14 ]; then
    ours=$(seconds "$nqsat" solve "$work/f.cnf" --all --threads "$threads")
    models=$(grep -E '^c [0-9]+ models$' "$work/out" | awk '{ print $2 }')
    printf '%-11s %10s %12s %10s %9s %8s\n' "$name" "$models" "-" "-" "$ours" "-"
    continue
  fi
  ours=$(seconds "$nqsat" solve "$work/f.cnf" --count --threads "$threads")
  models=$(cat "$work/out")
  if [ "$anchor" = "picosat --all" ]; then
    theirs=$(seconds picosat --all "$work/f.cnf" || true)
    # picosat prints one "s SATISFIABLE" per model.
    expected=$(grep -c '^s SATISFIABLE' "$work/out" || true)
  else
    read -r expected theirs < <("$work/picosat_loop" "$work/f.cnf")
  fi
  [ "$expected" = "$models" ] || { echo "$name: nqsat counts $models, $anchor $expected" >&2; exit 1; }
  stats=$("$nqsat" solve "$work/f.cnf" --count --threads "$threads" --stats 2>&1 >/dev/null |
    grep -E '^(cubes|symmetry group order):' | tr '\n' ' ' || true)
  printf '%-11s %10s %12s %10s %9s %8s %s\n' "$name" "$models" "$anchor" "$theirs" "$ours" \
    "$(ratio "$theirs" "$ours")" "$stats"
done
