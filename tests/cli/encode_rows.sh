#!/usr/bin/env bash
# The rows model (encode --model rows --csp ...) and MiniZinc (--format
# mzn): sizes against the closed forms of docs/teaching.md (computed by
# hand from the formulas, typed in here), model counts by an external SAT
# solver and by MiniZinc/Gecode, decoding by `solve --board` (solver side)
# and `check --csp` (verifier side), shuffled files, the --explain
# comments, and the option combinations that are refused. Every code path
# once, since this runs under valgrind too; encode_rows_counts.sh repeats
# the counts over N = 1..10 (not under valgrind).
. "$(dirname "$0")/lib.sh"
csps="direct support order log"

expect_usage "--amo applies to --model matrix only" encode 8 --csp log --amo seq
expect_usage "unknown encoding 'binary' for --csp" check 8 --csp binary
# (the other refused combinations: encode_rows_counts.sh)

# Sizes: variables, clauses, literals from the formulas (docs/teaching.md),
# for N = 8, 100, 1000 (the docs' table; N = 1000 here, the rest in
# encode_rows_counts.sh).
expected_sizes() {
  case "$1 $2" in
  "direct 8") echo "64 736 1520" ;;
  "direct 100") echo "10000 1646800 3303400" ;;
  "direct 1000") echo "1000000 1664668000 3330334000" ;;
  "support 8") echo "64 680 3536" ;;
  "support 100") echo "10000 1485100 98686600" ;;
  "support 1000") echo "1000000 1498501000 998668666000" ;;
  "order 8") echo "56 552 1888" ;;
  "order 100") echo "9900 1161500 4586800" ;;
  "order 1000") echo "999000 1166165000 4658668000" ;;
  "log 8") echo "24 504 3024" ;;
  "log 100") echo "700 1154500 16143400" ;;
  "log 1000") echo "10000 1165191000 23303580000" ;;
  esac
}
got=$("$NQSAT" encode 1000 --csp support --stats=counts | awk '{ printf "%s%s", sep, $2; sep = " " }')
expect_equal "$got" "$(expected_sizes support 1000)" "--csp support N=1000 --stats=counts"

# The header decodes without the encoder: model, encoding, projection set.
"$NQSAT" encode 5 --csp order >"$WORK/o5.cnf"
for line in "c N: 5" "c ind 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 0" "p cnf 20 "; do
  checks=$((checks + 1))
  grep -q "^$line" "$WORK/o5.cnf" || fail "order header lacks '$line'"
done
checks=$((checks + 1))
grep -q '^c model: rows' "$WORK/o5.cnf" && grep -q '^c csp: order' "$WORK/o5.cnf" ||
  fail "order header lacks 'c model: rows' / 'c csp: order'"

# Every encoding at N = 8: picosat counts the models (all variables are
# projected, none auxiliary) and the verifier decodes them (`check --csp`);
# `solve --board` decodes on the solver's side, and its boards (with those
# of shuffled files, read back through the map lines) are checked as
# vectors in one go.
have_picosat=0
command -v picosat >/dev/null && have_picosat=1
[ "$have_picosat" = 1 ] || echo "note: picosat not installed; external counts skipped" >&2
: >"$WORK/boards.txt"
for csp in $csps; do
  "$NQSAT" encode 8 --csp "$csp" -o "$WORK/$csp.cnf" || fail "encode 8 --csp $csp failed"
  # support decodes as direct does; its counts are in encode_rows_counts.sh
  [ "$csp" = support ] && continue
  if [ "$have_picosat" = 1 ]; then
    picosat --all "$WORK/$csp.cnf" >"$WORK/$csp.models"
    expect_exit 0 "$NQSAT" check 8 --csp "$csp" "$WORK/$csp.models"
    expect_equal "$(tail -n 1 "$WORK/out")" "92 solutions checked: 92 valid, 0 invalid; complete (claimed by 's SOLUTIONS 92' at line $(grep -n '^s SOLUTIONS' "$WORK/$csp.models" | cut -d: -f1)): equal to the verifier's set; count 92 claimed: as listed" \
      "check --csp $csp of picosat --all's models"
  fi
  expect_exit 10 "$NQSAT" solve "$WORK/$csp.cnf" --max 5 --board
  board_vectors <"$WORK/out" >>"$WORK/boards.txt"
done
for csp in order; do
  "$NQSAT" encode 8 --csp "$csp" --shuffle --seed 4 -o "$WORK/s.cnf"
  checks=$((checks + 1))
  grep -q '^c nqsat map ' "$WORK/s.cnf" || fail "shuffled --csp $csp has no map lines"
  expect_exit 10 "$NQSAT" solve "$WORK/s.cnf" --max 3 --board
  board_vectors <"$WORK/out" >>"$WORK/boards.txt"
done
# The encodings may find the same boards first, and check refuses a board
# listed twice: each distinct board once.
sort -u "$WORK/boards.txt" >"$WORK/distinct_boards.txt"
distinct=$(wc -l <"$WORK/distinct_boards.txt")
[ "$distinct" -ge 5 ] || fail "solve --board gave $distinct distinct boards, expected at least 5"
expect_exit 0 "$NQSAT" check 8 "$WORK/distinct_boards.txt"
expect_equal "$(tail -n 1 "$WORK/out")" "$distinct solutions checked: $distinct valid, 0 invalid" \
  "solve --board of three encodings (5 boards each) and of a shuffled file (3)"
# Decoding with the wrong numbering is caught, not trusted.
if [ "$have_picosat" = 1 ]; then
  expect_exit 1 "$NQSAT" check 8 --csp log "$WORK/order.models"
  expect_stderr "order.models:[0-9]+: invalid solution"
fi

# check --instance reads the rows model from the file's header (and the
# map of a shuffled file): every model picosat finds is judged correct; a
# model with one literal flipped is not; model counts against the truth.
if [ "$have_picosat" = 1 ]; then
  "$NQSAT" encode 8 --csp order --shuffle --seed 6 -o "$WORK/so.cnf"
  picosat --all "$WORK/so.cnf" >"$WORK/so.models"
  expect_exit 0 "$NQSAT" check --instance "$WORK/so.cnf" "$WORK/so.models"
  expect_equal "$(grep -c '^correct model' "$WORK/out")" 92 "check --instance, shuffled --csp order"
  # The first model with its first literal flipped, as a one-model answer.
  awk '/^v/ && !done { if (!flipped) { for (i = 2; i <= NF; i++) if ($i != 0) { $i = -$i; break }
       flipped = 1 } print; if ($NF == 0) done = 1 }' "$WORK/log.models" | sed '1i s SATISFIABLE' >"$WORK/flip.txt"
  expect_exit 1 "$NQSAT" check --instance "$WORK/log.cnf" "$WORK/flip.txt"
  checks=$((checks + 1))
  grep -q '^invalid-model model 1' "$WORK/out" || fail "a flipped literal in a --csp log model: $(head -c 200 "$WORK/out")"
fi
printf 's mc 92\n' >"$WORK/count.txt"
expect_exit 0 "$NQSAT" check --instance "$WORK/direct.cnf" "$WORK/count.txt"
printf 's mc 91\n' >"$WORK/count.txt"
expect_exit 1 "$NQSAT" check --instance "$WORK/support.cnf" "$WORK/count.txt"
expect_usage "--csp applies to N only" check --instance "$WORK/order.cnf" --csp order

# Completion squares: as many solutions as the native solver's boards with
# a queen at row 1, column 1 and none at row 2, column 3.
honouring=$("$NQSAT" solve 8 --method backtrack --all | awk '$1 == 1 && $2 != 3' | wc -l)
"$NQSAT" encode 8 --csp order --place 1,1 --block 2,3 -o "$WORK/c.cnf"
expect_exit 10 "$NQSAT" solve "$WORK/c.cnf" --count
expect_equal "$(cat "$WORK/out")" "$honouring" "--csp order with --place 1,1 --block 2,3"

# --explain: a comment before every group, in the integer model's words.
"$NQSAT" encode 6 --csp direct --explain >"$WORK/e.cnf"
expect_equal "$(grep -c '^c rows [0-9]* and [0-9]*: q_' "$WORK/e.cnf")" 15 "pair comments for N=6"
expect_equal "$(grep -c '^c q_[0-9]* takes exactly one' "$WORK/e.cnf")" 6 "row comments for N=6"
# The body starts with a comment, and every comment is followed by clauses
# (the projection line "c p show" after "p cnf" aside).
checks=$((checks + 1))
awk '/^p cnf/ { body = 1; next }
     /^c p show / { next }
     body && !seen { seen = 1; if ($0 !~ /^c /) bad = 1 }
     body && /^c / && previous ~ /^c / { bad = 1 }
     body { previous = $0 }
     END { if (previous ~ /^c /) bad = 1; exit bad }' "$WORK/e.cnf" ||
  fail "--explain: a clause group without its comment, or a comment without clauses"
expect_equal "$(grep -c '^c q_[0-9]*: the ladder' <("$NQSAT" encode 6 --csp order --explain))" 6 \
  "ladder comments for N=6"

# MiniZinc: the model counted by Gecode (N = 1..10 in encode_rows_counts.sh),
# its output read by check, a wrong answer caught.
if command -v minizinc >/dev/null; then
  "$NQSAT" encode 8 --format mzn -o "$WORK/q.mzn" || fail "encode 8 --format mzn failed"
  minizinc --solver gecode --all-solutions "$WORK/q.mzn" >"$WORK/mzn.txt" 2>"$WORK/mzn.err" ||
    fail "minizinc failed: $(head -c 300 "$WORK/mzn.err")"
  expect_exit 0 "$NQSAT" check 8 "$WORK/mzn.txt"
  expect_equal "$(tail -n 1 "$WORK/out")" "92 solutions checked: 92 valid, 0 invalid; complete (claimed by ========== at line $(grep -n '^==========$' "$WORK/mzn.txt" | cut -d: -f1)): equal to the verifier's set" \
    "check 8 of MiniZinc's --all-solutions output"
  printf 'q = [1, 2, 3, 4];\n----------\n' >"$WORK/bad.txt"
  expect_exit 1 "$NQSAT" check 4 "$WORK/bad.txt"
  expect_stderr "bad.txt:1: invalid solution"
  printf 'q = [1, 2, 3];\n' >"$WORK/bad.txt"
  expect_exit 1 "$NQSAT" check 4 "$WORK/bad.txt"
  expect_stderr "bad.txt:1: 3 columns in a MiniZinc array, expected 4"
else
  echo "note: minizinc not installed (scripts/setup.sh --test-tools); MiniZinc checks skipped" >&2
fi
finish
