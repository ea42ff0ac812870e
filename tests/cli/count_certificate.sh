#!/usr/bin/env bash
# solve FILE --count --certificate C and check --instance FILE --certificate
# C: certified counts of seeded random 3-SAT formulas (with and without a
# 'c ind' projection, and a formula whose models leave variables free)
# against a brute-force projected counter here, and of N-Queens files in
# every at-most-one encoding against OEIS A000170 typed in (lib.sh). Then
# broken certificates must be rejected: a cube missing (with the count
# fixed to match, so only the proof can catch it), a cube repeated, a cube
# that violates a clause, a claimed count that is not the cubes' sum, and a
# proof that does not close.
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

# certified FILE: the count check verifies, or "failed".
certified() {
  "$NQSAT" solve "$1" --count --certificate "$1.cert" >/dev/null 2>&1
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

# Broken certificates.
cert=q8.cnf.cert
reject() { # WHAT PATTERN CERT [PROOF]
  expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate "$3" ${4:+--proof "$4"}
  grep -q -- "^certificate-failed .*$2" "$WORK/out" || fail "$1: $(cat "$WORK/out")"
}
awk '/^m/ && !done { done = 1; next } /^s mc/ { print "s mc 91"; next } { print }' "$cert" >missing
reject "a missing cube" "does not show the cubes complete" missing "$cert.drat"
awk '/^m/ && !done { done = 1; print } /^s mc/ { print "s mc 93"; next } { print }' "$cert" >twice
reject "a repeated cube" "cubes 1 and 2 are the same assignment" twice "$cert.drat"
awk '/^m/ && !done { done = 1; $2 = -$2 } { print }' "$cert" >violating
reject "a cube violating a clause" "cube 1 does not satisfy clause" violating "$cert.drat"
sed 's/^s mc 92/s mc 93/' "$cert" >miscounted
reject "a wrong count" "claims 93 models, its cubes make 92" miscounted "$cert.drat"
: >empty.drat
reject "an empty proof" "does not show the cubes complete" "$cert" empty.drat
expect_usage "--certificate goes with FILE --count" solve q8.cnf --certificate c
finish
