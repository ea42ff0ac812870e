#!/usr/bin/env bash
# solve FILE --count --certificate C and check --instance FILE --certificate
# C --certificate-proof drat: certified counts of seeded random 3-SAT formulas (with and without a
# 'c ind' projection, and a formula whose models leave variables free)
# against a brute-force projected counter here, and of N-Queens files in
# every at-most-one encoding against OEIS A000170 typed in (lib.sh). Then
# broken certificates must be rejected: a cube missing (with the count
# fixed to match, so only the proof can catch it), overlapping cubes (one
# repeated, one within another, the same decisions in another order: each
# confirmed overlapping by a pair-by-pair comparison here, and caught by
# the checker through the decision paths), a decision the cube does not
# hold, a cube that violates a clause, a claimed count that is not the
# cubes' sum, and a proof that does not close.
source "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1

# brute_count FILE: models projected on 'c ind' (every variable without
# one), by trying all 2^V assignments.
brute_count() {
  awk -f "$CLI_TESTS/clauses.awk" -e '
    BEGIN { clauses = 0; projected = 0 }
    /^c ind/ { for (i = 3; i <= NF; i++) if ($i != 0) project[++projected] = $i; next }
    /^c/ { next }
    /^p / { V = $3; next }
    { for (i = 1; i <= NF; i++) if ($i == 0) clauses++; else lit[clauses, len[clauses]++] = $i }
    END {
      if (!projected) for (v = 1; v <= V; v++) project[++projected] = v
      for (a = 0; a < 2 ^ V; a++) {
        x = a
        for (v = 1; v <= V; v++) { val[v] = x % 2; x = int(x / 2) }
        if (!satisfies(lit, len, clauses, val)) continue
        key = ""; for (i = 1; i <= projected; i++) key = key val[project[i]]
        seen[key] = 1
      }
      n = 0; for (key in seen) n++
      print n
    }' "$1"
}

# certified FILE: the count check verifies, or "failed". DRAT proofs here
# (count_certificate_lrat.sh checks LRAT ones, the default).
certified() {
  "$NQSAT" solve "$1" --count --certificate "$1.cert" --certificate-proof drat >/dev/null 2>&1
  "$NQSAT" check --instance "$1" --certificate "$1.cert" 2>/dev/null |
    sed -n 's/^correct count \([0-9]*\) .*/\1/p' | grep . || echo failed
}

for seed in 1 2 3 4 5 6; do
  random_cnf 12 $((30 + 4 * seed)) "$seed" >plain$seed.cnf
  expect_equal "$(certified plain$seed.cnf)" "$(brute_count plain$seed.cnf)" \
    "certified count of random 3-SAT seed $seed"
  random_cnf 14 $((40 + 3 * seed)) "$seed" 7 >projected$seed.cnf
  expect_equal "$(certified projected$seed.cnf)" "$(brute_count projected$seed.cnf)" \
    "certified projected count of random 3-SAT seed $seed"
done
# Free variables: 2^5 - 2^3 = 24 models, in cubes that leave variables open.
printf 'p cnf 5 1\n1 2 0\n' >free.cnf
expect_equal "$(certified free.cnf)" 24 "certified count of (1 2) over 5 variables"
checks=$((checks + 1))
[ "$(grep -c '^m' free.cnf.cert)" -lt 24 ] || fail "free.cnf: no cube leaves a variable free"
# Unsatisfiable: no cube, the proof alone.
printf 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >unsat.cnf
expect_equal "$(certified unsat.cnf)" 0 "certified count of an unsatisfiable formula"

for amo in pairwise seq ladder commander product binary bimander; do
  "$NQSAT" encode 6 --amo "$amo" >q6.cnf
  expect_equal "$(certified q6.cnf)" "$(known_count 6)" "certified count of N = 6, $amo"
done
"$NQSAT" encode 8 >q8.cnf
expect_equal "$(certified q8.cnf)" "$(known_count 8)" "certified count of N = 8"

# The proofs, once more by drat-trim (from the anchors, when present),
# against the formula with every cube blocked, built here: the negation of
# each 'm' line's projected literals ('c ind', else every variable).
if build_drat_trim; then
  for cnf in plain1.cnf projected2.cnf projected4.cnf free.cnf q6.cnf q8.cnf; do
    awk -f "$CLI_TESTS/blocked_formula.awk" "$cnf" "$cnf.cert" >blocked.cnf
    checks=$((checks + 1))
    "$WORK/anchors/drat-trim" blocked.cnf "$cnf.cert.drat" 2>&1 | tr -d '\r' | grep -q '^s VERIFIED' ||
      fail "drat-trim does not verify $cnf.cert.drat"
  done
else
  echo "count_certificate: drat-trim not found: certificates are checked by the own checker only" >&2
fi

# The certified run prints the count as solve --count does, with the SAT
# competition's exit codes (10 models, 20 none).
expect_exit 10 "$NQSAT" solve q8.cnf --count --certificate printed.cert
expect_equal "$(head -n 1 "$WORK/out")" "$(known_count 8)" "the certified run's count of N = 8"
expect_exit 20 "$NQSAT" solve unsat.cnf --count --certificate printed.cert
expect_equal "$(head -n 1 "$WORK/out")" 0 "the certified run's count of an unsatisfiable formula"

# overlapping CERT: "overlap" when two cubes share a projected assignment
# (no variable fixed both ways), compared pair by pair here on the 'm'
# lines (every variable of q8.cnf and free.cnf is projected), else
# "disjoint".
overlapping() {
  awk '/^m/ { n++; for (i = 2; i < NF; i++) cube[n, $i] = 1; size[n] = NF - 2; line[n] = $0 }
    END {
      for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) {
        apart = 0; split(line[a], x, " ")
        for (i = 2; i <= size[a] + 1 && !apart; i++) if ((b, -x[i]) in cube) apart = 1
        if (!apart) { print "overlap"; exit }
      }
      print "disjoint"
    }' "$1"
}
cert=q8.cnf.cert
expect_equal "$(overlapping "$cert")" disjoint "q8's cubes, compared pair by pair"
reject() { # WHAT PATTERN CERT [PROOF]
  expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate "$3" ${4:+--proof "$4"}
  grep -q -- "^certificate-failed .*$2" "$WORK/out" || fail "$1: $(cat "$WORK/out")"
}
# first_pair CERT: the first cube's 'd' and 'm' lines.
first_pair() { awk '/^[dm]/ { print; if (/^m/) exit }' "$1"; }
# with_count COUNT [AFTER]: the certificate with the claimed count
# replaced, the lines of file AFTER inserted after the first cube.
with_count() {
  awk -v count="$1" -v after="${2:-}" '
    /^s mc/ { print "s mc " count; next }
    { print }
    /^m/ && !done && after != "" { done = 1; while ((getline extra < after) > 0) print extra }' "$cert"
}
awk '/^[dm]/ && skipped < 2 { skipped++; next } /^s mc/ { print "s mc 91"; next } { print }' \
  "$cert" >missing
reject "a missing cube" "does not show the cubes complete" missing "$cert.drat"
first_pair "$cert" >pair
with_count 93 pair >twice
expect_equal "$(overlapping twice)" overlap "a repeated cube, compared pair by pair"
reject "a repeated cube" "cube 2 may overlap .*extend (or equal)" twice "$cert.drat"
# By hand, on (1 2) over 5 variables: cubes {1} (16 models) and {-1 2}
# (8), with the empty proof (blocking both, unit propagation conflicts):
# accepted. Then {1 2}, a cube within {1}, between them: rejected.
printf 'd 1 0\nm 1 0\nd -1 0\nm -1 2 0\ns mc 24\n' >free.hand
echo 0 >free.hand.drat
expect_exit 0 "$NQSAT" check --instance free.cnf --certificate free.hand
grep -q '^correct count 24 ' "$WORK/out" || fail "a hand certificate: $(cat "$WORK/out")"
printf 'd 1 0\nm 1 0\nd 1 2 0\nm 1 2 0\nd -1 0\nm -1 2 0\ns mc 32\n' >subcube
expect_equal "$(overlapping subcube)" overlap "a cube within another, compared pair by pair"
expect_exit 1 "$NQSAT" check --instance free.cnf --certificate subcube --proof free.hand.drat
grep -q "^certificate-failed .*cube 2 may overlap .*extend" "$WORK/out" ||
  fail "a cube within another: $(cat "$WORK/out")"
# The same decisions in another order: the same cube, reached "differently".
awk '/^d/ { out = "d"; for (i = NF - 1; i >= 2; i--) out = out " " $i; print out " 0"; next } { print }' \
  pair >reordered
checks=$((checks + 1))
[ "$(head -n 1 reordered)" != "$(head -n 1 pair)" ] || fail "q8's first cube has one decision"
with_count 93 reordered >reordered.cert
expect_equal "$(overlapping reordered.cert)" overlap "reordered decisions, compared pair by pair"
reject "the same decisions in another order" "cube 2 may overlap .*another variable" \
  reordered.cert "$cert.drat"
# A decision the cube does not hold.
awk '/^d/ && !done { done = 1; $2 = -$2 } { print }' "$cert" >undecided
reject "a cube without its decision" "cube 1 does not hold its decision" undecided "$cert.drat"
awk '/^m/ && !done { done = 1; $2 = -$2 } { print }' "$cert" >violating
reject "a cube violating a clause" "cube 1 does not satisfy clause" violating "$cert.drat"
# The checker judges the cubes 64 at a time: a cube that violates a
# clause is caught in each place of a block (the last of the first, the
# first of the second, the last of q8's 92), the clause named the first
# one it leaves unsatisfied, found here by evaluating the formula.
for k in 64 65 92; do
  awk -v k="$k" '/^m/ && ++m == k { $2 = -$2 } { print }' "$cert" >violating$k
  clause=$(awk -v k="$k" 'FNR == NR { if (/^m/ && ++m == k) for (i = 2; i < NF; i++) holds[$i] = 1; next }
    /^[cp]/ { next }
    { n++; satisfied = 0; for (i = 1; i < NF; i++) if ($i in holds) satisfied = 1
      if (!satisfied) { print n; exit } }' violating$k q8.cnf)
  reject "cube $k violating a clause" "cube $k does not satisfy clause $clause of" violating$k \
    "$cert.drat"
done
sed 's/^s mc 92/s mc 93/' "$cert" >miscounted
reject "a wrong count" "claims 93 models, its cubes make 92" miscounted "$cert.drat"
: >empty.drat
reject "an empty proof" "does not show the cubes complete" "$cert" empty.drat
grep -v '^d' "$cert" >undecided_lines
expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate undecided_lines --proof "$cert.drat"
expect_stderr "undecided_lines:[0-9]+: a cube without its 'd' line"
expect_usage "--certificate goes with FILE --count" solve q8.cnf --certificate c
finish
