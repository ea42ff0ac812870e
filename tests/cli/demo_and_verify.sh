#!/usr/bin/env bash
# The user-facing commands: solve prints boards and vectors as documented,
# count agrees with OEIS, verify agrees and fails loudly when it should.
. "$(dirname "$0")/lib.sh"

# solve 4 --all: exactly the two 4-queens solutions, as 1-based vectors.
expect_exit 0 "$NQSAT" solve 4 --all
expect_equal "$(sort "$WORK/out" | tr '\n' ';')" "2 4 1 3;3 1 4 2;" "solve 4 --all"
expect_exit 0 "$NQSAT" solve 8 --max 3
expect_equal "$(wc -l <"$WORK/out")" 3 "solve 8 --max 3 lines"
expect_exit 0 "$NQSAT" solve 2
expect_equal "$(cat "$WORK/out")" "no solution" "solve 2"
expect_exit 0 "$NQSAT" solve 3 --count
expect_equal "$(cat "$WORK/out")" 0 "solve 3 --count"

# The board printed for N = 8 is a valid placement, one Q per row, read
# through its labels (a header of column numbers, rows numbered 1..8).
expect_exit 0 "$NQSAT" solve 8 --amo seq
board=$(board_vectors <"$WORK/out")
expect_equal "$(wc -l <"$WORK/out")" 9 "board rows and the column header"
expect_equal "$(sed -n 1p "$WORK/out")" "  1 2 3 4 5 6 7 8" "column header"
expect_equal "$(cut -c1 "$WORK/out" | tr -d '\n')" " 12345678" "row numbers"
expect_equal "$(grep -o Q "$WORK/out" | wc -l)" 8 "queens on the board"
expect_equal "$(echo "$board" | wc -w)" 8 "a column for every row, read by the labels"
echo "$board" | awk '{ for (i = 1; i <= NF; i++) for (j = i + 1; j <= NF; j++) {
  d = $j - $i; if (d < 0) d = -d; if (d == 0 || d == j - i) exit 1 } }' ||
  fail "printed board attacks itself: $board"
checks=$((checks + 1))

for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
  expect_exit 0 "$NQSAT" count $n && expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n"
done

expect_exit 0 "$NQSAT" verify 1..8
expect_equal "$(grep -c ' ok$' "$WORK/out")" 8 "verify rows that agree"
grep -q "^  8 .* 92 .* 92 .* 92 .* 92 " "$WORK/out" || fail "verify row for N=8: $(grep '^  8' "$WORK/out")"
checks=$((checks + 1))
finish
