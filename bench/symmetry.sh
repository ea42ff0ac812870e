#!/usr/bin/env bash
# Symmetry detection time on N-Queens files , next to an
# anchor in the same run: `picosat --all` on the same file, i.e. what the
# generic enumeration costs without help. The integrator's `--symmetry auto`
# compares detection with solving time; these figures say how small it is.
#
#   bash bench/symmetry.sh [NQSAT] [TEST_BIN] [N_FROM] [N_TO] [ANCHOR_TO]
#
# NQSAT defaults to build/nqsat, TEST_BIN to build/tests/test_cnf_symmetry
# (its --time mode reads a file, renumbers the variables that occur, detects
# with nauty and prints the group and the seconds), N from 8 to 14; the
# anchor runs for N <= ANCHOR_TO (default 10: picosat --all takes a minute
# at N = 12 and hours at 14), on the pairwise files only. Encodings: pairwise, seq (projected on the
# queens), pairwise shuffled (--shuffle --seed 4). Each group order is
# checked against what the board allows (4: rows stay rows, the formula has
# no column at-least-one clauses). Prints a Markdown table.
set -u
NQSAT=${1:-build/nqsat}
TEST_BIN=${2:-build/tests/test_cnf_symmetry}
FROM=${3:-8}
TO=${4:-14}
ANCHOR_TO=${5:-10}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-symmetry.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "| N | encoding | variables | clauses | group order | detection | picosat --all (anchor) | share |"
echo "|---|---|---|---|---|---|---|---|"
for ((n = FROM; n <= TO; n++)); do
  for kind in pairwise seq shuffled; do
    file=$WORK/q$n-$kind.cnf
    case $kind in
      pairwise) "$NQSAT" encode "$n" -o "$file" ;;
      seq) "$NQSAT" encode "$n" --amo seq -o "$file" ;;
      shuffled) "$NQSAT" encode "$n" --shuffle --seed 4 -o "$file" ;;
    esac
    line=$("$TEST_BIN" --time "$file")
    variables=$(sed -n 's/.*: \([0-9]*\) variables.*/\1/p' <<<"$line")
    clauses=$(sed -n 's/.* \([0-9]*\) clauses.*/\1/p' <<<"$line")
    order=$(sed -n 's/.*: order \([^,]*\),.*/\1/p' <<<"$line")
    detect=$(sed -n 's/.* \([0-9.]*\) s$/\1/p' <<<"$line")
    [ "$order" = 4 ] || order="$order (EXPECTED 4)"
    anchor="-" share="-"
    # No anchor for seq: picosat --all would also list every assignment of
    # the auxiliary variables that are free on lines without a queen.
    if [ "$kind" != seq ] && ((n <= ANCHOR_TO)) && command -v picosat >/dev/null; then
      start=$(date +%s.%N)
      picosat --all "$file" >/dev/null
      end=$(date +%s.%N)
      anchor=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
      share=$(awk -v d="$detect" -v a="$anchor" 'BEGIN { printf "%.2f%%", 100 * d / a }')
      anchor="$anchor s"
    fi
    echo "| $n | $kind | $variables | $clauses | $order | $detect s | $anchor | $share |"
  done
done
