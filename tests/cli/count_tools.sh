#!/usr/bin/env bash
# From the outside: count and count --unique against OEIS typed in
# here, the N = 4 trace against a golden file checked by hand, show (boards,
# chess squares, classes, SVG), and local search answers checked by awk.
# usage: count_tools.sh NQSAT [DATA_DIR]   (default: tests/data beside it)
. "$(dirname "$0")/lib.sh"
DATA=${2:-$(cd "$(dirname "$0")/../data" && pwd)}

# A002562(N) for N = 1..14, typed in from OEIS.
unique_table=(0 1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752)
for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
  expect_exit 0 "$NQSAT" count $n --threads 2 &&
    expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n"
  expect_exit 0 "$NQSAT" count $n --unique --threads 1 &&
    expect_equal "$(cat "$WORK/out")" "${unique_table[$n]}" "count $n --unique"
done
expect_exit 0 "$NQSAT" count 12 --stats
expect_stderr 'N = 12: 14200 solutions, 1787 fundamental, [0-9]+ nodes'
expect_exit 2 "$NQSAT" count 8 --threads 0
# --kernel, the old spelling of --isa (rows = portable, vector = avx512):
# rows on any processor; vector where the processor has AVX-512, else (and
# under valgrind, which hides AVX-512) a refusal that says why, exit 1.
# Counts against OEIS either way.
for n in 6 9 13; do
  expect_exit 0 "$NQSAT" count $n --kernel rows --threads 2 &&
    expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n --kernel rows"
done
expect_exit 0 "$NQSAT" count 5 --stats
expect_stderr 'N = 5: 10 solutions, 2 fundamental, .*kernel none \(small board: enumerated\)'
expect_exit 0 "$NQSAT" count 11 --kernel rows --stats
expect_stderr 'N = 11: 2680 solutions, 341 fundamental, [0-9]+ nodes.*kernel rows'
for n in 6 9 13; do
  run "$NQSAT" count $n --kernel vector --threads 2
  checks=$((checks + 1))
  case $status in
  0) expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n --kernel vector" ;;
  1) expect_stderr '^nqsat count: error: --kernel vector, the level avx512: this processor lacks it' ;;
  *) fail "count $n --kernel vector exited $status: $(head -c 300 "$WORK/err")" ;;
  esac
done
# One choice, one option: the old spelling and the new one together are a
# usage error on every processor; --help says the old one goes.
expect_usage "--kernel is the old name of --isa: give one of them" count 8 --kernel rows --isa portable
expect_exit 0 "$NQSAT" count --help &&
  grep -q -- "--kernel K     the old spelling of --isa, kept for this release only" "$WORK/out" ||
  fail "count --help does not say --kernel is the old spelling of --isa"
checks=$((checks + 1))
expect_exit 2 "$NQSAT" count 8 --kernel simd
expect_stderr "unknown --kernel 'simd'"
expect_exit 2 "$NQSAT" count 33

# trace 4: the golden file was checked by hand against the rules: 16 queens
# placed (4 + 6 + 4 + 2 nodes in the column-by-column tree), each removed
# again, 17 calls (the first plus one per queen), solutions 3 1 4 2 and
# 2 4 1 3, and CALL 1..5 exactly as in the seeds' notebook (0,0), (2,1), dead
# end in column 2, (3,1), (1,2), dead end in column 3.
expect_exit 0 "$NQSAT" trace 4
if ! diff -u "$DATA/trace_4.txt" "$WORK/out" >"$WORK/diff"; then
  fail "trace 4 differs from tests/data/trace_4.txt: $(head -20 "$WORK/diff")"
fi
checks=$((checks + 1))
expect_equal "$(grep -c '^Queen placed' "$WORK/out")" 16 "trace 4 placements"
expect_equal "$(grep '^SOLUTION' "$WORK/out" | tr '\n' ';')" "SOLUTION 1: 3 1 4 2;SOLUTION 2: 2 4 1 3;" "trace 4 solutions"
expect_exit 0 "$NQSAT" trace 8 --first --no-boards
expect_equal "$(grep -c '^SOLUTION' "$WORK/out")" 1 "trace --first stops at one solution"
# The first solution column by column is the first of the sorted transposes.
expect_equal "$(grep '^SOLUTION' "$WORK/out")" "SOLUTION 1: 1 7 5 8 2 4 6 3" "trace 8 --first"
expect_exit 2 "$NQSAT" trace 13
expect_stderr 'max-steps'
expect_exit 0 "$NQSAT" trace 13 --max-steps 7 --no-boards
expect_equal "$(grep -Ec '^Queen (placed|removed)' "$WORK/out")" 7 "trace --max-steps 7"

# show: the seeds' Wikipedia solution (a2 b4 c6 d8 e3 f1 g7 h5 in its table).
echo "4 7 3 8 2 5 1 6" >"$WORK/wiki.txt"
expect_exit 0 "$NQSAT" show 8 "$WORK/wiki.txt" --chess
expect_equal "$(cat "$WORK/out")" "a2 b4 c6 d8 e3 f1 g7 h5" "chess squares"
expect_exit 0 "$NQSAT" show 8 "$WORK/wiki.txt"
expect_equal "$(sed -n 1p "$WORK/out")" "solution 1: 4 7 3 8 2 5 1 6 (chess: a2 b4 c6 d8 e3 f1 g7 h5)" "heading, chess beside"
expect_equal "$(sed -n 3p "$WORK/out")" "1 . . . Q . . . ." "row 1 at the top, labelled (rank 8: d8)"
expect_equal "$(grep -c Q "$WORK/out")" 8 "board rows with a queen"
# Read the board through its labels alone: each row's label, and the
# number above its Q, must give the vector typed above (at N = 11 the
# labels take two characters).
read_labelled() {
  awk 'NR == 2 { for (i = 1; i <= length($0); i++) if (substr($0, i, 1) != " ") { j = i; while (substr($0, j + 1, 1) ~ /[0-9]/) j++; label[j] = substr($0, i, j - i + 1); i = j } }
       NR > 2 && /Q/ { row = $1; q = index($0, "Q"); column[row] = label[q] }
       END { for (r = 1; r in column; r++) printf "%s%s", (r > 1 ? " " : ""), column[r]; print "" }' "$1"
}
expect_equal "$(read_labelled "$WORK/out")" "4 7 3 8 2 5 1 6" "N = 8 board read by its labels"
echo "11 9 7 5 3 1 10 8 6 4 2" >"$WORK/eleven.txt"
expect_exit 0 "$NQSAT" show 11 "$WORK/eleven.txt"
expect_equal "$(read_labelled "$WORK/out")" "11 9 7 5 3 1 10 8 6 4 2" "N = 11 board read by its labels"
# show --unique: 12 classes whose sizes sum to 92, every class complete.
"$NQSAT" solve 8 --all >"$WORK/all8.txt"
expect_exit 0 "$NQSAT" show 8 "$WORK/all8.txt" --unique
expect_equal "$(grep -c '^class ' "$WORK/out")" 12 "classes of N = 8"
expect_equal "$(awk '/^class /{ sub(",", "", $4); s += $4 } END { print s }' "$WORK/out")" 92 "class sizes"
expect_equal "$(awk '/^class /{ s += $5 } END { print s }' "$WORK/out")" 92 "boards seen"
expect_equal "$(grep -c '^class .*size 4' "$WORK/out")" 1 "one class of 4 (the symmetric one)"
# the same classes from the native solver's list
"$NQSAT" solve 8 --method backtrack --all | "$NQSAT" show 8 --unique >"$WORK/native8.txt"
expect_equal "$(grep '^class' "$WORK/native8.txt" | md5sum)" "$(grep '^class' "$WORK/out" | md5sum)" "classes from SAT and native lists"
expect_exit 0 "$NQSAT" show 8 "$WORK/all8.txt" --unique --svg "$WORK/classes.svg"
if command -v xmllint >/dev/null; then
  xmllint --noout "$WORK/classes.svg" 2>"$WORK/xml" || fail "SVG is not well-formed XML: $(head -3 "$WORK/xml")"
else
  echo "note: xmllint missing (scripts/setup.sh --test-tools installs it); SVG only grepped" >&2
  [ "$(grep -c '^<svg ' "$WORK/classes.svg")" = 1 ] && tail -1 "$WORK/classes.svg" | grep -q '^</svg>$' ||
    fail "SVG lacks its <svg> element"
fi
expect_equal "$(grep -c '&#x265B;' "$WORK/classes.svg")" 96 "queens drawn (12 boards x 8)"
# The SVG's labels: row 1 at the top, column 4 above the queen of row 1.
expect_exit 0 "$NQSAT" show 8 "$WORK/wiki.txt" --svg "$WORK/wiki.svg"
label_x() { sed -n "s/.*x=\"\([0-9]*\)\" y=\"$2\".*>$3<.*/\1/p" "$1" | head -1; }
top_y=$(grep -v 265B "$WORK/wiki.svg" | sed -n 's/.*y="\([0-9]*\)".*>1<.*/\1/p' | head -1)
queen_x=$(grep 265B "$WORK/wiki.svg" | sed -n 's/.*x="\([0-9]*\)" y="\([0-9]*\)".*/\2 \1/p' | sort -n | head -1 | cut -d' ' -f2)
expect_equal "$(label_x "$WORK/wiki.svg" "$top_y" 4)" "$queen_x" "SVG: column label 4 above row 1's queen"
row_ys=$(grep 'text-anchor="end"' "$WORK/wiki.svg" | sed 's/.*y="\([0-9]*\)".*>\([0-9]*\)<.*/\2:\1/' | sort -t: -k2 -n | cut -d: -f1 | tr '\n' ' ')
expect_equal "$row_ys" "1 2 3 4 5 6 7 8 " "SVG: row labels 1..8 from the top"
echo "1 2 3 4 5 6 7 8" >"$WORK/bad.txt"
expect_exit 1 "$NQSAT" show 8 "$WORK/bad.txt"
expect_stderr 'bad.txt:1: not a solution: .*diagonal'
expect_exit 1 "$NQSAT" show 8 "$WORK/missing.txt"
expect_exit 2 "$NQSAT" show 30 "$WORK/wiki.txt" --chess

# solve --method local: valid for several N and seeds, checked by awk with
# its own column and diagonal occupancy (independent of verify/).
valid_vector() { # N < vector line: exit 0 when N queens, each 1..N, no shared line
  awk -v n="$1" 'NF != n { exit 1 } { for (r = 1; r <= NF; r++) { c = $r
      if (c < 1 || c > n || col[c]++ || sum[r + c]++ || dif[r - c + n]++) exit 1 } }
      END { if (NR != 1) exit 1 }'
}
for n in 4 5 8 9 10 16 31 64 200 1000 100000; do
  for seed in 1 2 3; do
    expect_exit 0 "$NQSAT" solve $n --method local --seed $seed --vector &&
      { valid_vector $n <"$WORK/out" || fail "local search N=$n seed=$seed: invalid board"; }
    checks=$((checks + 1))
  done
done
expect_exit 0 "$NQSAT" solve 3 --method local
expect_equal "$(cat "$WORK/out")" "no solution" "local search N = 3"
expect_exit 0 "$NQSAT" solve 8 --method local
expect_equal "$(grep -c Q "$WORK/out")" 8 "local search board"
expect_exit 2 "$NQSAT" solve 10000001 --method local
expect_exit 2 "$NQSAT" solve 8 --method genetic
expect_exit 2 "$NQSAT" solve 8 --method local --count
expect_exit 0 "$NQSAT" solve 10 --method backtrack --count
expect_equal "$(cat "$WORK/out")" "$(known_count 10)" "solve --method backtrack --count"
expect_exit 0 "$NQSAT" solve 6 --method sat --count
expect_equal "$(cat "$WORK/out")" "$(known_count 6)" "solve --method sat --count"

# verify reports unique counts (A002562) next to the totals.
expect_exit 0 "$NQSAT" verify 8 --amo all
grep -q "^  8 .* 12 .* 12 .* 12 .* 12  sets   ok$" "$WORK/out" || fail "verify 8 unique columns: $(cat "$WORK/out")"
checks=$((checks + 1))
finish
