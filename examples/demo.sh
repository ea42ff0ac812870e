#!/usr/bin/env bash
# The whole nqsat pipeline on one instance (default N = 8):
#   encode to DIMACS -> enumerate every solution with PicoSAT ->
#   verify each against the independent native solver and OEIS A000170.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-8}
nqsat=${NQSAT:-build/nqsat}
cnf="$(dirname "$nqsat")/queens$N.cnf"

echo "== 1. encode: N-Queens as CNF ($cnf)"
$nqsat encode "$N" -o "$cnf"
grep -E '^(c (encoding|variables)|p cnf)' "$cnf"

echo
echo "== 2. solve: the first solution PicoSAT finds"
$nqsat solve "$N"

echo
echo "== 3. enumerate: every solution, blocking each one found"
echo "solutions: $($nqsat solve "$N" --count)"

echo
echo "== 4. verify: SAT solutions vs the native backtracking solver and OEIS"
$nqsat verify "$N"
