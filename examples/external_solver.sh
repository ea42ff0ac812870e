#!/usr/bin/env bash
# nqsat as a benchmark generator: write an instance for an external SAT
# solver, run the solver, and let nqsat's independent verifier check what it
# found. Uses Debian's cadical (falls back to minisat or picosat).
#   examples/external_solver.sh [N] [ENCODING]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-30}
AMO=${2:-ladder}
nqsat=${NQSAT:-build/nqsat}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== encode $N-Queens with the $AMO at-most-one encoding, gzip-compressed"
$nqsat encode "$N" --amo "$AMO" -o "$work/queens.cnf.gz"
$nqsat encode "$N" --amo "$AMO" --stats

echo
echo "== solve it with an external solver"
status=0
if command -v cadical >/dev/null; then
  cadical -q "$work/queens.cnf.gz" >"$work/answer" || status=$?
elif command -v minisat >/dev/null; then
  gzip -dc "$work/queens.cnf.gz" >"$work/queens.cnf"
  minisat -verb=0 "$work/queens.cnf" "$work/answer" >/dev/null || status=$?
else
  picosat "$work/queens.cnf.gz" >"$work/answer" || status=$?
fi
echo "solver exit code: $status (10 = satisfiable, 20 = unsatisfiable)"

echo
echo "== check the solver's model with nqsat's verifier (exit 1 if invalid)"
$nqsat check "$N" "$work/answer"
