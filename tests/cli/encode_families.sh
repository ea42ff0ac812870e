#!/usr/bin/env bash
# encode --problem (the chessboard families) and --format col: SAT counts of
# every at-most-one encoding against OEIS terms typed in here and against
# brute force written from the definitions (chess_brute.py); the .col
# queen graph edge for edge against the definition, the classic
# queen5_5.col's opening lines (tests/data/col) and the classic files'
# "p edge" lines; UNSAT one below the optimum by DRAT proofs; usage errors.
source "$(dirname "$0")/lib.sh"
BRUTE="python3 $CLI_TESTS/chess_brute.py"
DATA="$CLI_TESTS/../data/col"
AMOS="pairwise seq ladder commander product binary bimander"

# count PROBLEM N AMO [engine]: solve --count of the encoded file.
count() {
  "$NQSAT" encode "$2" --problem "$1" --amo "$3" -o "$WORK/f.cnf" || {
    fail "encode $2 --problem $1 --amo $3"
    return
  }
  "$NQSAT" solve "$WORK/f.cnf" --count ${4:+--engine "$4"} 2>/dev/null
}

# check_family PROBLEM N EXPECTED: every encoding with the default engine,
# and PicoSAT's blocking-clause enumeration on the pairwise one.
check_family() {
  for amo in $AMOS; do
    expect_equal "$(count "$1" "$2" "$amo")" "$3" "--problem $1 N=$2 --amo $amo"
  done
  expect_equal "$(count "$1" "$2" pairwise picosat)" "$3" "--problem $1 N=$2 --engine picosat"
}

# OEIS A051906 (toroidal) and A051223 (super-queens), n = 1..10.
toroidal=(0 1 0 0 0 10 0 28 0 0 0)
super=(0 1 0 0 0 0 0 0 0 0 4)
for n in 1 2 3 4 5 6 7; do
  expect_equal "$($BRUTE toroidal $n)" "${toroidal[$n]}" "brute force toroidal $n vs A051906"
  check_family toroidal $n "${toroidal[$n]}"
  expect_equal "$($BRUTE super $n)" "${super[$n]}" "brute force super $n vs A051223"
done
for n in 1 4 6 10; do
  check_family super $n "${super[$n]}"
done

# Colourings: none below the chromatic number (A088202: 4 for n = 2, 5 for
# n = 3, 4), every proper colouring at it, as brute force counts them.
check_family colour:3 2 0
check_family colour:4 2 "$($BRUTE colour 2 4)"
check_family colour:4 3 0
check_family colour:5 3 "$($BRUTE colour 3 5)"
check_family colour:4 4 0
check_family colour:5 4 "$($BRUTE colour 4 5)"

# Dominating sets of at most K queens, projected onto the squares: none
# below the domination number (A075458: 2 for n = 4, 3 for n = 5; the
# independent one, A075324: 3 for n = 4 and 5).
check_family dominate:1 4 0
check_family dominate:2 4 "$($BRUTE dominate 4 2)"
check_family dominate:2 5 0
check_family dominate:3 5 "$($BRUTE dominate 5 3)"
check_family dominate-independent:2 4 0
check_family dominate-independent:3 4 "$($BRUTE independent 4 3)"
check_family dominate-independent:2 5 0
check_family dominate-independent:3 5 "$($BRUTE independent 5 3)"

# OPB, counted by a PB solver (clasp reads the PB competition format).
if command -v clasp >/dev/null; then
  for case in "toroidal 5 ${toroidal[5]}" "super 10 ${super[10]}" \
    "colour:5 4 $($BRUTE colour 4 5)" "colour:4 4 0" "dominate:3 5 $($BRUTE dominate 5 3)" \
    "dominate:2 5 0" "dominate-independent:3 5 $($BRUTE independent 5 3)"; do
    set -- $case
    "$NQSAT" encode "$2" --problem "$1" --format opb -o "$WORK/f.opb"
    got=$(clasp -n 0 "$WORK/f.opb" 2>/dev/null | sed -n 's/^c Models *: *\([0-9]*\).*/\1/p')
    expect_equal "$got" "$3" "clasp models of --problem $1 N=$2 --format opb"
  done
else
  echo "note: clasp not installed (scripts/setup.sh --test-tools); OPB check skipped" >&2
fi

# The queen graph: both directions of every edge of the definition, nothing
# else; the classic files' sizes; the classic order.
for n in 1 2 3 4 5 6 7 8 9; do
  "$NQSAT" encode $n --format col -o "$WORK/q.col"
  $BRUTE edges $n | awk '{ print $1, $2; print $2, $1 }' | sort >"$WORK/expected"
  awk '$1 == "e" { print $2, $3 }' "$WORK/q.col" | sort >"$WORK/actual"
  checks=$((checks + 1))
  cmp -s "$WORK/expected" "$WORK/actual" || fail "queen${n}_$n.col: edges differ from the definition"
  expect_equal "$(grep -c '^e ' "$WORK/q.col")" "$(grep -c . "$WORK/expected")" "queen${n}_$n edge lines"
done
for size in "5 320" "6 580" "7 952" "8 1456" "9 2112"; do
  set -- $size
  expect_equal "$("$NQSAT" encode "$1" --format col | grep '^p ')" "p edge $(($1 * $1)) $2" \
    "queen$1_$1.col problem line"
done
"$NQSAT" encode 5 --format col | grep -v '^c ' | head -n "$(wc -l <"$DATA/queen5_5_opening.col")" \
  >"$WORK/opening"
checks=$((checks + 1))
cmp -s "$WORK/opening" "$DATA/queen5_5_opening.col" || fail "queen5_5.col: not in the classic order"

# Headers say what the file is, and no "c N:" line (that marks N-Queens).
"$NQSAT" encode 6 --problem dominate:3 -o "$WORK/d.cnf"
for line in "c family: dominate" "c board: 6" "c K: 3" "c t pmc"; do
  checks=$((checks + 1))
  grep -qx "$line" "$WORK/d.cnf" || fail "dominate header lacks '$line'"
done
checks=$((checks + 1))
grep -q '^c N:' "$WORK/d.cnf" && fail "a family's header has a 'c N:' line"

# verify --family: every row agrees (native, OEIS, every encoding).
for family in toroidal super dominate dominate-independent; do
  expect_exit 0 "$NQSAT" verify 1..5 --family $family --amo all
  expect_equal "$(grep -c ': agree$' "$WORK/out")" 5 "verify --family $family rows"
done
expect_exit 0 "$NQSAT" verify 1..4 --family colour --amo seq
expect_equal "$(grep -c 'K=5 SAT: seq SAT; K=4 UNSAT: seq UNSAT: agree$' "$WORK/out")" 2 \
  "verify --family colour N = 3, 4"
expect_usage "unknown family" verify --family queens
# The closing line names only what ran: no encoding under --native-only,
# the one encoding under --amo NAME, every one under --amo all.
expect_exit 0 "$NQSAT" verify 1..4 --family toroidal --native-only
expect_equal "$(tail -1 "$WORK/out")" "agreement for N = 1..4: native and OEIS (no encoding run)" \
  "verify --family --native-only closing line"
expect_exit 0 "$NQSAT" verify 1..3 --family toroidal --amo ladder
expect_equal "$(tail -1 "$WORK/out")" "agreement for N = 1..3: native, OEIS and ladder" \
  "verify --family --amo ladder closing line"
expect_exit 0 "$NQSAT" verify 1..3 --family toroidal --amo all
expect_equal "$(tail -1 "$WORK/out")" "agreement for N = 1..3: native, OEIS and every encoding" \
  "verify --family --amo all closing line"

# suite --families: the manifest's truth (typed from OEIS A051906,
# A051223, A088202, A075458, A075324), and `run` judging by it: a solver
# that says UNSAT to everything is right on the K - 1 files only.
expect_exit 0 "$NQSAT" suite "$WORK/suite" --families --encodings pairwise
manifest="$WORK/suite/manifest.csv"
expect_equal "$(grep -c -- '--problem' "$manifest")" 25 "suite --families rows"
expect_equal "$(($(wc -l <"$manifest") - 1))" 25 "suite --families: the families alone"
for row in "toroidal-n13-pairwise.cnf SAT 4524" "super-n12-pairwise.cnf SAT 156" \
  "colour-n6-k7-pairwise.cnf SAT unknown" "colour-n6-k6-pairwise.cnf UNSAT 0" \
  "dominate-n8-k5-pairwise.cnf SAT unknown" "dominate-n8-k4-pairwise.cnf UNSAT 0" \
  "dominate-independent-n7-k4-pairwise.cnf SAT unknown"; do
  set -- $row
  expect_equal "$(awk -F, -v f="$1" '$1 == f { print $10, $11 }' "$manifest")" "$2 $3" "manifest $1"
done
expect_exit 1 "$NQSAT" run "$WORK/suite" --solver liar='sh -c "echo s UNSATISFIABLE; exit 20" {}' \
  --timeout 10
expect_equal "$(awk '$1 == "liar" && $2 ~ /^[0-9]+$/ { print $3, $4 }' "$WORK/out")" "9 16" \
  "run: liar solved, wrong"

expect_usage "unknown problem 'knights'" encode 5 --problem knights
expect_usage "needs its K" encode 5 --problem colour
expect_usage "takes no K" encode 5 --problem toroidal:3
expect_usage "out of range" encode 5 --problem dominate:26
# UNSAT one below the optimum, certified: the chromatic number of the 4 x 4
# queen graph is 5 and the (independent) domination number of 5 x 5 is 3
# (A088202, A075458, A075324). Each file at K - 1 is refuted with a DRAT
# proof, cadical's and nqsat's own, that check --proof verifies; the proof
# with its last half cut off must not verify.
for problem in "colour:4 4" "dominate:2 5" "dominate-independent:2 5"; do
  set -- $problem
  "$NQSAT" encode "$2" --problem "$1" -o "$WORK/u.cnf" || fail "encode $2 --problem $1"
  provers="nqsat"
  command -v cadical >/dev/null && provers="nqsat cadical"
  for prover in $provers; do
    if [ "$prover" = cadical ]; then
      cadical -q --no-binary "$WORK/u.cnf" "$WORK/u.drat" >"$WORK/u.ans"
    else
      "$NQSAT" solve "$WORK/u.cnf" --proof "$WORK/u.drat" --proof-format text >"$WORK/u.ans"
    fi
    expect_exit 0 "$NQSAT" check --instance "$WORK/u.cnf" "$WORK/u.ans" --proof "$WORK/u.drat" -q
    head -n "$(($(wc -l <"$WORK/u.drat") / 2))" "$WORK/u.drat" >"$WORK/u_cut.drat"
    expect_exit 1 "$NQSAT" check --instance "$WORK/u.cnf" "$WORK/u.ans" --proof "$WORK/u_cut.drat" -q
  done
done
[ -n "$(command -v cadical)" ] || echo "encode_families: cadical not installed: its proofs skipped" >&2

expect_usage "out of range" encode 5 --problem colour:0
expect_usage "DIMACS CNF or OPB only" encode 5 --problem super --format mzn
expect_usage "DIMACS CNF or OPB only" encode 5 --problem super --shuffle
expect_usage "queen graph" encode 5 --problem super --format col
expect_usage "no other option" encode 5 --format col --amo seq
finish
