#!/usr/bin/env bash
# The encoding size table: variables and clauses of every encoding of both
# models (`--amo ENC` for the matrix model, `--csp ENC` for the rows model)
# at N = 8, 100, 1000, as `nqsat encode N ... --stats=counts` reports them
# (closed forms, instant), in the Markdown of the README and
# docs/teaching.md; and the chart of clauses against N for every encoding
# (log-log, rows-model encodings dashed), written as SVG.
#
# usage: bench/sizes.sh [NQSAT]          (default: build/nqsat)
#   OUT_DIR (default .) receives sizes.svg; the table goes to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
out_dir=${OUT_DIR:-.}
amos="pairwise seq ladder commander product binary bimander"
csps="direct support order log"

# counts N ARGS...: "VARIABLES CLAUSES"
counts() {
  local n=$1
  shift
  "$nqsat" encode "$n" "$@" --stats=counts | awk '/^variables:/ { v = $2 } /^clauses:/ { c = $2 } END { print v, c }'
}

echo "| model | encoding | N = 8 | N = 100 | N = 1000 |"
echo "|---|---|---|---|---|"
for amo in $amos; do
  printf '| matrix | `--amo %s` |' "$amo"
  for n in 8 100 1000; do printf ' %s |' "$(counts "$n" --amo "$amo")"; done
  echo
done
for csp in $csps; do
  printf '| rows | `--csp %s` |' "$csp"
  for n in 8 100 1000; do printf ' %s |' "$(counts "$n" --csp "$csp")"; done
  echo
done
echo "(each cell: variables clauses)"

data=$(mktemp "${TMPDIR:-/tmp}/sizes.XXXXXX")
trap 'rm -f "$data"' EXIT
for n in 4 6 8 12 16 25 32 50 64 100 128 200 256 400 512 1000 2000 5000 10000; do
  for amo in $amos; do
    printf 'matrix --amo %s\t%s\t%s\n' "$amo" "$n" "$(counts "$n" --amo "$amo" | cut -d' ' -f2)"
  done
  for csp in $csps; do
    printf 'rows --csp %s (dashed)\t%s\t%s\n' "$csp" "$n" "$(counts "$n" --csp "$csp" | cut -d' ' -f2)"
  done
done >"$data"
awk -v title="Clauses against N, every encoding (nqsat encode --stats=counts)" \
  -v xlabel="board size N" -v ylabel="clauses" -f bench/svg_chart.awk "$data" >"$out_dir/sizes.svg"
echo "chart: $out_dir/sizes.svg" >&2
