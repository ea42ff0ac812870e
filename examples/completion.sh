#!/usr/bin/env bash
# The hard variant: N-Queens completion (Gent, Jefferson & Nightingale,
# JAIR 2017). A few random non-attacking queens are pre-placed; some
# instances can still be completed, some cannot. The seed makes each one
# reproducible.
#   examples/completion.sh [N] [K]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-12}
K=${2:-5}
nqsat=${NQSAT:-build/nqsat}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for seed in 1 2 3 4 5 6 7 8; do
  $nqsat encode "$N" --completion "$K" --seed "$seed" -o "$work/q.cnf"
  placed=$(grep -m1 '^c random queens' "$work/q.cnf" || true)
  result=0
  $nqsat solve "$work/q.cnf" >/dev/null || result=$?
  case $result in
    10) verdict="can be completed" ;;
    20) verdict="cannot be completed" ;;
    *) verdict="unknown (exit $result)" ;;
  esac
  echo "seed $seed: $verdict   ${placed#c }"
done

echo
echo "== one completable instance (seed 2), drawn as a board"
$nqsat encode "$N" --completion "$K" --seed 2 -o "$work/q.cnf"
$nqsat solve "$work/q.cnf" --board || true
