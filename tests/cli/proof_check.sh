#!/usr/bin/env bash
# check --instance F ANSWER --proof P: the verifier's own DRAT and LRAT
# checker. Proofs come from cadical (binary and text) for N = 2, 3, an UNSAT
# completion instance, pigeons 7 into 6 and SATLIB uuf50-01; each is checked
# by the own checker and, when ../shared/anchors/drat-trim is found (or
# $NQSAT_ANCHORS names it), by drat-trim built here, as is the LRAT the own
# checker writes (by lrat-check). Mutated proofs must be rejected: a hand
# proof whose expected verdicts follow from the clauses (derivations in the
# comments), all lemmas dropped from a pigeonhole proof (no unit clauses, so
# propagation alone refutes nothing), a deletion of a needed clause, a binary
# proof cut short; single flipped literals must get drat-trim's verdict.
source "$(dirname "$0")/lib.sh"

repo=$(cd "$CLI_TESTS/../.." && pwd)
cd "$WORK" || exit 1
echo "s UNSATISFIABLE" >unsat.ans

# pigeons P = H + 1 into H holes: x(p, h) = (p - 1) H + h.
pigeons() {
  awk -v H="$1" 'BEGIN {
    P = H + 1; print "p cnf", P * H, P + H * P * (P - 1) / 2
    for (p = 1; p <= P; p++) { line = ""; for (h = 1; h <= H; h++) line = line ((p - 1) * H + h) " "; print line "0" }
    for (h = 1; h <= H; h++) for (p = 1; p <= P; p++) for (q = p + 1; q <= P; q++)
      print -((p - 1) * H + h), -((q - 1) * H + h), 0 }'
}

# Hand proof. F: (1 2)(1 -2)(-1 3 4)(-1 3 -4)(-1 -3 4)(-1 -3 -4).
# "1": assuming -1, (1 2) gives 2 and (1 -2) is false: RUP. "-1 3": assuming
# 1, -3, (-1 3 4) gives 4, (-1 3 -4) false: RUP. "-1": with lemma (-1 3),
# assuming 1 gives 3, then 4, and (-1 -3 -4) is false. "0": units 1 and -1.
printf 'p cnf 4 6\n1 2 0\n1 -2 0\n-1 3 4 0\n-1 3 -4 0\n-1 -3 4 0\n-1 -3 -4 0\n' >hand.cnf
printf '1 0\n-1 3 0\n-1 0\n0\n' >hand.drat
expect_exit 0 "$NQSAT" check --instance hand.cnf unsat.ans --proof hand.drat
grep -q '^correct UNSATISFIABLE (unsat.ans:1): hand.drat: verified' "$WORK/out" ||
  fail "hand proof: $(cat "$WORK/out")"
# "-1" first: assuming 1 leaves (3 4)(3 -4)(-3 4)(-3 -4), no unit: not RUP;
# RAT on -1 against (1 2): assuming 1, -2 propagates nothing either.
printf -- '-1 0\n-1 3 0\n-1 0\n0\n' >flipped.drat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof flipped.drat
grep -q "^proof-failed UNSATISFIABLE .*flipped.drat:1: lemma '-1 0' is neither RUP nor RAT" \
  "$WORK/out" || fail "flipped lemma: $(cat "$WORK/out")"
# Deleting (1 -2) first: "1" is no longer RUP (assuming -1 gives 2 only),
# nor RAT (resolvents with (-1 3 4) ... leave 2, 3, 4 open). Line 3.
printf 'c a comment\nd 1 -2 0\n1 0\n-1 3 0\n-1 0\n0\n' >deleted.drat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof deleted.drat
grep -q "deleted.drat:3: lemma '1 0' is neither RUP nor RAT" "$WORK/out" ||
  fail "deleted clause: $(cat "$WORK/out")"
# A RAT lemma: x5 is new, "5 1" is RAT on 5 (no clause holds -5).
printf '5 1 0\n1 0\n-1 3 0\n-1 0\n0\n' >rat.drat
expect_exit 0 "$NQSAT" check --instance hand.cnf unsat.ans --proof rat.drat
# RAT with a candidate, then deletions: "-5 1" is RAT on -5 (no clause
# holds 5); "5 -1" is not RUP (assuming -5, 1 leaves (3 4) ... open) but
# RAT on 5: its one resolvent, with (-5 1), is a tautology; "5": assuming
# -5 gives -1, then 2, and (1 -2) is false. With (1 2) and (1 -2) deleted,
# "1" follows only from (-5 1) and 5; then as in hand.drat. The LRAT
# written from it must hint the RAT candidate (-7, the id of "-5 1") and,
# as a RAT check depends on which clauses are active, keep the two
# deletions, on one line.
printf -- '-5 1 0\n5 -1 0\n5 0\nd 1 2 0\nd 1 -2 0\n1 0\n-1 3 0\n-1 0\n0\n' >candidate.drat
expect_exit 0 "$NQSAT" check --instance hand.cnf unsat.ans --proof candidate.drat \
  --lrat-out candidate.lrat
grep -Eq '^8 5 -1 0 -7 0$' candidate.lrat || fail "RAT hints: $(cat candidate.lrat)"
grep -Eq '^9 d 1 2 0$' candidate.lrat || fail "deletions in LRAT: $(cat candidate.lrat)"
expect_exit 0 "$NQSAT" check --instance hand.cnf unsat.ans --proof candidate.lrat
# The same proofs as LRAT by hand: ids 1..6 are F's clauses.
printf '7 1 0 1 2 0\n8 -1 3 0 3 4 0\n9 -1 0 8 5 6 0\n10 0 7 9 0\n' >hand.lrat
expect_exit 0 "$NQSAT" check --instance hand.cnf unsat.ans --proof hand.lrat
# Hint 3 first: (-1 3 4) is satisfied once 1 is assumed false.
printf '7 1 0 3 1 2 0\n8 -1 3 0 3 4 0\n9 -1 0 8 5 6 0\n10 0 7 9 0\n' >bad.lrat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof bad.lrat
grep -q "bad.lrat:1: lemma 7 fails: hint 3 is satisfied" "$WORK/out" ||
  fail "bad LRAT hint: $(cat "$WORK/out")"
printf '7 1 0 1 2 0\n8 -1 3 0 3 4 0\n9 -1 0 8 5 6 0\n' >short.lrat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof short.lrat
grep -q "ends without the empty clause" "$WORK/out" || fail "short LRAT: $(cat "$WORK/out")"
# Malformed proofs: errors naming the file and line, exit 1.
printf '1 0\n-1 3 0\n-1 0\n-1 x 0\n' >garbled.drat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof garbled.drat
expect_stderr "garbled.drat:4: expected a literal, found 'x'"
printf '1 2\n' >open.drat
expect_exit 1 "$NQSAT" check --instance hand.cnf unsat.ans --proof open.drat
expect_stderr "open.drat:1: the last step does not end in 0"
expect_usage "--proof and --certificate apply to --instance only" check 4 --proof hand.drat
# A SAT answer is judged as without a proof.
echo "s SATISFIABLE" >sat.ans
expect_exit 1 "$NQSAT" check --instance hand.cnf sat.ans --proof hand.drat
expect_stderr "judged without the proof"

if ! command -v cadical >/dev/null; then
  echo "proof_check: cadical not found: the solver-written proofs are not checked" >&2
  finish
fi

# drat-trim and lrat-check from the anchors, when present.
drat_trim=
if build_drat_trim; then
  drat_trim=$WORK/anchors/drat-trim
else
  echo "proof_check: drat-trim not found (set NQSAT_ANCHORS to the anchors folder):" \
    "proofs are checked by the own checker only" >&2
fi

"$NQSAT" encode 2 >q2.cnf
"$NQSAT" encode 3 >q3.cnf
"$NQSAT" encode 20 --completion 12 --seed 2 >completion.cnf
pigeons 6 >php7.cnf
sed '/^%/,$d' "$repo/tests/data/satlib/uuf50-01.cnf" >uuf50.cnf
for name in q2 q3 completion php7 uuf50; do
  cadical -q "$name.cnf" "$name.drat" >/dev/null
  [ $? -eq 20 ] || { fail "cadical does not find $name UNSAT"; continue; }
  cadical -q --no-binary "$name.cnf" "$name.txt" >/dev/null
  gzip -c "$name.txt" >"$name.txt.gz"
  for proof in "$name.drat" "$name.txt" "$name.txt.gz"; do
    expect_exit 0 "$NQSAT" check --instance "$name.cnf" unsat.ans --proof "$proof" \
      --lrat-out "$proof.lrat"
    expect_exit 0 "$NQSAT" check --instance "$name.cnf" unsat.ans --proof "$proof.lrat"
    # cadical writes no RAT lemmas: the LRAT needs none of its deletions.
    checks=$((checks + 1))
    ! grep -q '^[0-9]* d ' "$proof.lrat" || fail "$proof.lrat: deletions without RAT lemmas"
    # drat-trim reads no gzip; lrat-check no comment lines over 1024 bytes.
    if [ -n "$drat_trim" ] && [ "$proof" != "$name.txt.gz" ]; then
      checks=$((checks + 1))
      "$drat_trim" "$name.cnf" "$proof" 2>&1 | tr -d '\r' | grep -q '^s VERIFIED' ||
        fail "drat-trim does not verify $proof"
      [ "$proof" = "$name.drat" ] || continue
      checks=$((checks + 1))
      grep -v '^c' "$name.cnf" >plain.cnf
      "$WORK/anchors/lrat-check" plain.cnf "$proof.lrat" 2>&1 | tr -d '\r' | grep -q '^c VERIFIED' ||
        fail "lrat-check does not verify the LRAT written from $proof"
    fi
  done
done

# Proofs from nqsat's own engine: solve N and solve FILE in every mode
# whose answer is UNSAT, text and binary, checked by both checkers.
for n in 2 3; do
  for proof in "own$n.drat" "own$n.txt"; do
    expect_exit 0 "$NQSAT" solve "$n" --proof "$proof"
    grep -q "^c proof: $proof (DRAT, $([ "${proof##*.}" = txt ] && echo text || echo binary))" \
      "$WORK/out" || fail "solve $n --proof: $(cat "$WORK/out")"
    expect_exit 0 "$NQSAT" check --instance "q$n.cnf" unsat.ans --proof "$proof"
    if [ -n "$drat_trim" ]; then
      checks=$((checks + 1))
      "$drat_trim" "q$n.cnf" "$proof" 2>&1 | tr -d '\r' | grep -q '^s VERIFIED' ||
        fail "drat-trim does not verify solve $n's $proof"
    fi
  done
done
expect_exit 0 "$NQSAT" solve 5 --proof own5.drat
expect_stderr "has a model: no proof"
checks=$((checks + 1))
[ -e own5.drat ] && fail "solve 5 --proof left a proof of a satisfiable formula"
for name in completion php7 uuf50; do
  for mode in "" --count --all; do
    expect_exit 20 "$NQSAT" solve "$name.cnf" $mode --proof own.bin --proof-format binary
    expect_exit 0 "$NQSAT" check --instance "$name.cnf" unsat.ans --proof own.bin
    if [ -n "$drat_trim" ]; then
      checks=$((checks + 1))
      "$drat_trim" "$name.cnf" own.bin 2>&1 | tr -d '\r' | grep -q '^s VERIFIED' ||
        fail "drat-trim does not verify solve $name.cnf $mode's proof"
    fi
  done
done
expect_usage "--proof-format needs --proof" solve 3 --proof-format text
expect_usage "unknown --proof-format 'zip'" solve 3 --proof p --proof-format zip

# Every lemma dropped, the empty clause kept: pigeons have no unit clause.
echo 0 >empty.drat
expect_exit 1 "$NQSAT" check --instance php7.cnf unsat.ans --proof empty.drat
grep -q "empty.drat:1: the empty clause is not RUP" "$WORK/out" ||
  fail "empty proof: $(cat "$WORK/out")"
# Binary proofs cut short: inside a step a parse error, at a step's end no
# conflict; never accepted.
size=$(wc -c <php7.drat)
for cut in 1 $((size / 3)) $((size / 2)) $((size - 1)); do
  head -c "$cut" php7.drat >cut.drat
  expect_exit 1 "$NQSAT" check --instance php7.cnf unsat.ans --proof cut.drat
done
# A literal flipped in each of some lemmas of the text proof: the verdict
# must be drat-trim's, and at least one must be rejected.
if [ -n "$drat_trim" ]; then
  rejected=0
  total=$(grep -c -v '^d' php7.txt)
  for index in 3 17 40 $((total / 2)) $((total - 3)) $((total - 2)); do
    awk -v at="$index" '!/^d/ { seen++ } !/^d/ && seen == at && NF > 1 { $1 = -$1 } { print }' \
      php7.txt >flip.txt
    "$NQSAT" check --instance php7.cnf unsat.ans --proof flip.txt >/dev/null 2>&1
    own=$?
    "$drat_trim" php7.cnf flip.txt 2>&1 | tr -d '\r' | grep -q '^s VERIFIED'
    theirs=$?
    checks=$((checks + 1))
    [ "$own" = "$theirs" ] || fail "flipped lemma $index: own exit $own, drat-trim $theirs"
    [ "$own" -ne 0 ] && rejected=$((rejected + 1))
  done
  checks=$((checks + 1))
  [ "$rejected" -gt 0 ] || fail "no flipped proof was rejected"
fi
finish
