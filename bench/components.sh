#!/usr/bin/env bash
# The component counter (`nqsat solve FILE --count --engine components`,
# one thread) against Thurley's sharpSAT (component caching, SAT 2006;
# built from ../shared/anchors with build-sharpsat.sh), and the automatic
# choice (`--engine auto`, the default) against the enumeration engine
# (`--engine enumerate --threads 1`), in the same run, on the same machine:
#   random70   random 3-SAT, 70 variables, 260 clauses, seed 5
#   random90   random 3-SAT, 90 variables, 330 clauses, seed 1
#   copies20   the disjoint union of 20 renumbered copies of random 3-SAT
#              with 20 variables and 80 clauses, seed 3 (about 10^33 models)
#   shuffled12 nqsat encode 12 --shuffle --seed 4 (N-Queens: no components)
# Random formulas come from ../shared/tools/rand3sat.py (or $RAND3SAT).
# Every count is checked against sharpSAT's (the N-Queens file against
# A000170(12) = 14200). Times are CPU seconds (user + system) of the whole
# process from /usr/bin/time, the best of REPEAT runs, the programs
# alternating: the machine is shared, so read the ratios, not the seconds.
#
# usage: bench/components.sh [NQSAT] [CASE...]
#   default: random70 random90 copies20 shuffled12
#   SHARPSAT=path of sharpSAT (default /tmp/sharpSAT; built when missing and
#   ../shared/anchors/build-sharpsat.sh exists); REPEAT=3
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
cases=${*:-random70 random90 copies20 shuffled12}
sharpsat=${SHARPSAT:-/tmp/sharpSAT}
rand3sat=${RAND3SAT:-../shared/tools/rand3sat.py}
repeat=${REPEAT:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-components.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ ! -x "$sharpsat" ] && [ -f ../shared/anchors/build-sharpsat.sh ]; then
  bash ../shared/anchors/build-sharpsat.sh "$sharpsat" >"$work/build.log" 2>&1 || true
fi

# cpu_of COMMAND...: CPU seconds of the whole process in $work/cpu, its
# standard output in $work/out.
cpu_of() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
  awk 'END { printf "%.3f", $1 + $2 }' "$work/time" >"$work/cpu"
}
best() { tr ' ' '\n' | { grep . || true; } | sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

. bench/count_cases.sh

echo "load: $(uptime | sed 's/.*load average: //')"
printf '%-11s %-22s | %9s %9s %7s | %9s %9s %7s | %s\n' case models sharpsat comps ratio \
  enumerate auto ratio "auto chose"
for name in $cases; do
  make_case "$name" "$work/f.cnf"
  anchor="" components="" enumerate="" auto=""
  for ((i = 0; i < repeat; i++)); do
    expected=14200
    if [ "$name" != shuffled12 ] && [ -x "$sharpsat" ]; then
      # sharpSAT writes data.out into its working directory: run it in $work.
      cpu_of sh -c 'cd "$1" && exec "$2" f.cnf' sh "$work" "$(realpath "$sharpsat")"
      anchor+="$(cat "$work/cpu") "
      expected=$(awk 'found { print $1; exit } /# solutions/ { found = 1 }' "$work/out")
    fi
    if [ "$name" != shuffled12 ]; then
      cpu_of "$nqsat" solve "$work/f.cnf" --count --engine components --threads 1
      [ "$(cat "$work/out")" = "$expected" ] || { echo "$name: components say $(cat "$work/out"), expected $expected" >&2; exit 1; }
      components+="$(cat "$work/cpu") "
    fi
    if [ "$name" = shuffled12 ]; then # enumeration cannot count the others in time
      cpu_of "$nqsat" solve "$work/f.cnf" --count --engine enumerate --threads 1
      [ "$(cat "$work/out")" = "$expected" ] || { echo "$name: enumeration says $(cat "$work/out")" >&2; exit 1; }
      enumerate+="$(cat "$work/cpu") "
    fi
    cpu_of "$nqsat" solve "$work/f.cnf" --count --threads 1 --stats
    [ "$(cat "$work/out")" = "$expected" ] || { echo "$name: auto says $(cat "$work/out")" >&2; exit 1; }
    auto+="$(cat "$work/cpu") "
    chose=$(grep -o '^engine[a-z ]*: [a-z]*' "$work/err" | head -1 | sed 's/.*: //')
  done
  a=$(echo "$anchor" | best) c=$(echo "$components" | best)
  e=$(echo "$enumerate" | best) u=$(echo "$auto" | best)
  printf '%-11s %-22s | %9s %9s %7s | %9s %9s %7s | %s\n' "$name" "$expected" "${a:--}" "${c:--}" \
    "$(ratio "${c:-0}" "${a:-0}")" "${e:--}" "$u" "$(ratio "$u" "${e:-0}")" "$chose"
done
echo "ratio: nqsat / anchor CPU seconds (below 1: nqsat faster); comps = --engine components,"
echo "auto = the default choice (probe included), both one thread"
