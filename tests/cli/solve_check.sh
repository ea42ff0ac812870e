#!/usr/bin/env bash
# nqsat check N [FILE]: solutions from nqsat itself and from external
# solvers (picosat's v lines, minisat's result file, cadical when present)
# are valid; corrupted ones, malformed input and a wrong UNSAT are caught.
. "$(dirname "$0")/lib.sh"

"$NQSAT" solve 8 --all >"$WORK/all8"
expect_exit 0 "$NQSAT" check 8 "$WORK/all8"
expect_equal "$(tail -n 1 "$WORK/out")" "92 solutions checked: 92 valid, 0 invalid" "summary"
expect_equal "$(grep -Ec '^[1-8]( [.Q]){8}$' "$WORK/out")" $((92 * 8)) "a labelled board per solution"
expect_equal "$(board_vectors <"$WORK/out" | sort -u | grep -c '^[1-8]')" 92 \
  "92 distinct boards, read through their labels"
expect_exit 0 sh -c "'$NQSAT' check 8 <'$WORK/all8'"
expect_exit 0 "$NQSAT" check 8 - <"$WORK/all8"

"$NQSAT" encode 10 -o "$WORK/q10.cnf"
if command -v minisat >/dev/null; then
  minisat -verb=0 "$WORK/q10.cnf" "$WORK/minisat.out" >/dev/null 2>&1
  expect_exit 0 "$NQSAT" check 10 "$WORK/minisat.out"
fi
if command -v picosat >/dev/null; then
  picosat "$WORK/q10.cnf" >"$WORK/picosat.out"
  expect_exit 0 "$NQSAT" check 10 "$WORK/picosat.out"
  expect_equal "$(tail -n 1 "$WORK/out")" "1 solution checked: 1 valid, 0 invalid" "picosat summary"
fi
if command -v cadical >/dev/null; then
  cadical -q "$WORK/q10.cnf" >"$WORK/cadical.out"
  expect_exit 0 "$NQSAT" check 10 "$WORK/cadical.out"
fi
# nqsat's own DIMACS answers, as another solver's would be read.
"$NQSAT" solve "$WORK/q10.cnf" >"$WORK/own.out"
expect_exit 0 "$NQSAT" check 10 "$WORK/own.out"

# Corrupted: two queens on a diagonal, a row without a queen.
{ head -n 3 "$WORK/all8"; echo "1 2 3 4 5 6 7 8"; } >"$WORK/diagonal"
expect_exit 1 "$NQSAT" check 8 "$WORK/diagonal"
expect_stderr "diagonal:4: invalid solution"
grep -q "INVALID" "$WORK/out" || fail "no INVALID verdict on stdout"
awk '$1 == "v" { for (i = 2; i <= NF; i++) if ($i > 0 && $i <= 10) $i = -$i } { print }' \
  "$WORK/picosat.out" >"$WORK/empty_row.out"
expect_exit 1 "$NQSAT" check 10 "$WORK/empty_row.out"
expect_stderr "empty_row.out:[0-9]+: invalid solution"

# Malformed input names file and line.
printf '1 5 8 6 3 7 2 4\n1 5 x 6 3 7 2 4\n' >"$WORK/malformed"
expect_exit 1 "$NQSAT" check 8 "$WORK/malformed"
expect_stderr "malformed:2: "
printf '1 5 8 6 3 7 2\n' >"$WORK/short"
expect_exit 1 "$NQSAT" check 8 "$WORK/short"
expect_stderr "short:1: "

# UNSAT is right for N = 3 and wrong for N = 8.
echo "s UNSATISFIABLE" >"$WORK/unsat"
expect_exit 0 "$NQSAT" check 3 "$WORK/unsat"
expect_exit 1 "$NQSAT" check 8 "$WORK/unsat"
expect_stderr "no solution"

expect_exit 2 "$NQSAT" check
expect_exit 2 "$NQSAT" check 0
expect_exit 2 "$NQSAT" check 8 a b
expect_exit 1 "$NQSAT" check 8 "$WORK/no-such-file"
expect_exit 0 "$NQSAT" check --help

# ---- MCC answers: written by solve --format mcc, judged by check --instance ----
# The file's ground truth is the verifier's (A000170 for the board), not the
# solver's: nqsat's own MCC lines must be judged correct, and the same
# lines with the exact count changed must be refused.
for n in 5 6 8; do
  "$NQSAT" encode $n -o "$WORK/mcc$n.cnf" || fail "encode $n"
  "$NQSAT" solve "$WORK/mcc$n.cnf" --count --format mcc >"$WORK/mcc$n.answer"
  grep -q "^c s exact arb int $(known_count $n)\$" "$WORK/mcc$n.answer" ||
    fail "solve --format mcc N = $n: $(cat "$WORK/mcc$n.answer")"
  expect_exit 0 "$NQSAT" check --instance "$WORK/mcc$n.cnf" "$WORK/mcc$n.answer"
  sed "s/^c s exact arb int .*/c s exact arb int $(($(known_count $n) + 1))/" "$WORK/mcc$n.answer" \
    >"$WORK/mcc$n.wrong"
  expect_exit 1 "$NQSAT" check --instance "$WORK/mcc$n.cnf" "$WORK/mcc$n.wrong"
done

finish
