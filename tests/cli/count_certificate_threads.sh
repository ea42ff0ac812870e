#!/usr/bin/env bash
# Certified counts on two threads (cubes walked apart, their proofs
# composed into one): N-Queens files in several encodings against OEIS
# A000170 (lib.sh) and random formulas against a brute-force count, in
# LRAT and DRAT, accepted by the own checker with the same verdict as on
# one thread, and by drat-trim / lrat-check when the anchors are present;
# a cube removed from the last part of the certificate, a lemma dropped
# from the last part of the proof, or the last part's ids not renumbered
# rejected; a certified count stopped by SIGINT leaves no file behind, and
# one that cannot write its proof says so and leaves none either.
source "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1

# certified FILE THREADS KIND: the count the check verifies, or "failed".
certified() {
  "$NQSAT" solve "$1" --count --threads "$2" --certificate "$1.$2.cert" --certificate-proof "$3" \
    --proof-format text >/dev/null 2>&1
  "$NQSAT" check --instance "$1" --certificate "$1.$2.cert" 2>/dev/null |
    sed -n 's/^correct count \([0-9]*\) .*/\1/p' | grep . || echo failed
}

# both FILE EXPECTED WHAT: certified on one and on two threads, in LRAT
# and in DRAT, each verified with the expected count; the two-thread
# certificate is another one (split), not the one-thread walk again.
both() {
  local kind
  for kind in lrat drat; do
    expect_equal "$(certified "$1" 1 $kind)" "$2" "$3, one thread, $kind"
    expect_equal "$(certified "$1" 2 $kind)" "$2" "$3, two threads, $kind"
    cp "$1.2.cert" "$1.2.$kind.cert" && cp "$1.2.cert.$kind" "$1.2.$kind.cert.$kind"
  done
  if [ "$2" -gt 1 ]; then
    checks=$((checks + 1))
    ! cmp -s "$1.1.cert" "$1.2.cert" || fail "$3: the two-thread certificate is not split"
  fi
}

for amo in pairwise seq binary bimander; do
  "$NQSAT" encode 8 --amo "$amo" >q8$amo.cnf
  both q8$amo.cnf "$(known_count 8)" "N = 8, $amo"
done
for csp in order log; do
  "$NQSAT" encode 6 --csp "$csp" >q6$csp.cnf
  both q6$csp.cnf "$(known_count 6)" "N = 6, rows $csp"
done
for seed in 1 2 3 4; do
  random_cnf 12 $((26 + 4 * seed)) "$seed" >plain$seed.cnf
  both plain$seed.cnf "$(brute_count plain$seed.cnf)" "random 3-SAT seed $seed"
  random_cnf 14 $((36 + 3 * seed)) "$seed" 8 >projected$seed.cnf
  both projected$seed.cnf "$(brute_count projected$seed.cnf)" "projected random 3-SAT seed $seed"
done
# Free variables (2^5 - 2^3 = 24 models) and no model at all.
printf 'p cnf 5 1\n1 2 0\n' >free.cnf
both free.cnf 24 "(1 2) over 5 variables"
printf 'p cnf 3 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >unsat.cnf
both unsat.cnf 0 "an unsatisfiable formula"

# Mutations of the two-thread LRAT certificate of N = 8, seq.
cnf=q8seq.cnf cert=q8seq.cnf.2.lrat.cert proof=q8seq.cnf.2.lrat.cert.lrat
reject() { # WHAT CERT PROOF
  expect_exit 1 "$NQSAT" check --instance "$cnf" --certificate "$2" --proof "$3"
  grep -q "^certificate-failed " "$WORK/out" || fail "$1: $(head -c 300 "$WORK/out")"
}
expect_exit 0 "$NQSAT" check --instance "$cnf" --certificate "$cert" --proof "$proof"
# The last cube, and a cube three quarters down, removed ('d' and 'm').
cubes=$(grep -c '^m' "$cert")
for at in "$cubes" $((3 * cubes / 4)); do
  awk -v at="$at" '/^d/ { n++ } !(/^[dm]/ && n == at)' "$cert" >missing.cert
  reject "cube $at of $cubes removed" missing.cert "$proof"
done
# A lemma three quarters down the proof dropped.
lemmas=$(awk '$2 != "d"' "$proof" | wc -l)
awk -v at=$((3 * lemmas / 4)) '$2 != "d" && ++n == at { next } 1' "$proof" >dropped.lrat
reject "lemma $((3 * lemmas / 4)) of $lemmas dropped" "$cert" dropped.lrat
# The ids of the proof's last half as if not renumbered: the ids from the
# middle lemma's on start again after the formula's clauses.
clauses=$(grep -c ' 0$' "$cnf")
awk -v F="$clauses" -v at=$((lemmas / 2)) '
  function fix(x) { return from && x + 0 >= from ? x - (from - F - 1) : x }
  $2 != "d" && ++n == at { from = $1 }
  from {
    $1 = fix($1)
    if ($2 == "d") { for (i = 3; i < NF; i++) $i = fix($i) }
    else { for (i = 2; $i != 0; i++); for (i++; i < NF; i++) $i = fix($i) }
  }
  { print }' "$proof" >restarted.lrat
# The reader refuses the repeated ids before any lemma is checked.
expect_exit 1 "$NQSAT" check --instance "$cnf" --certificate "$cert" --proof restarted.lrat
expect_stderr "restarted.lrat:[0-9]+: lemma id [0-9]+ does not exceed the previous id"

if build_drat_trim; then
  for cnf in q8pairwise.cnf q8seq.cnf q8binary.cnf q8bimander.cnf q6log.cnf plain2.cnf \
    projected3.cnf free.cnf; do
    awk -v cnf_out=blocked.cnf -f "$CLI_TESTS/lrat_renumber.awk" "$cnf" "$cnf.2.lrat.cert" \
      "$cnf.2.lrat.cert.lrat" "$cnf.2.lrat.cert.lrat" >renumbered.lrat
    checks=$((checks + 1))
    timeout 60 "$WORK/anchors/lrat-check" blocked.cnf renumbered.lrat 2>&1 | grep -q '^c VERIFIED' ||
      fail "lrat-check does not verify the two-thread proof of $cnf"
    awk -f "$CLI_TESTS/blocked_formula.awk" "$cnf" "$cnf.2.drat.cert" >blocked.cnf
    checks=$((checks + 1))
    "$WORK/anchors/drat-trim" blocked.cnf "$cnf.2.drat.cert.drat" 2>&1 | tr -d '\r' |
      grep -q '^s VERIFIED' || fail "drat-trim does not verify the two-thread proof of $cnf"
  done
else
  echo "count_certificate_threads: drat-trim not found: checked by the own checker only" >&2
fi

# SIGINT in the middle of a two-thread certified count (N = 13 takes
# seconds): exit 130, and neither file nor a temporary one is left.
mkdir stopped
"$NQSAT" encode 13 >stopped/q13.cnf
"$NQSAT" solve stopped/q13.cnf --count --threads 2 --certificate stopped/c >"$WORK/out" 2>"$WORK/err" &
pid=$!
wait_until_catching $pid
sleep 0.5
kill -INT $pid
wait $pid
expect_equal "$?" 130 "exit status of a certified count after SIGINT"
expect_equal "$(ls stopped)" "q13.cnf" "files left by a certified count stopped by SIGINT"

# A write that fails (a file size limit of 16 KB, SIGXFSZ ignored, so
# write() fails with EFBIG) ends a two-thread certified count with an
# error naming the file that could not be written, the LRAT proof (it
# outgrows the certificate), and leaves neither file.
mkdir full
"$NQSAT" encode 9 >full/q9.cnf
(
  ulimit -f 16
  trap '' XFSZ
  exec "$NQSAT" solve full/q9.cnf --count --threads 2 --certificate full/c
) >"$WORK/out" 2>"$WORK/err"
expect_equal "$?" 1 "exit status of a certified count whose proof cannot be written"
grep -q 'full/c\.lrat: cannot write the proof$' "$WORK/err" ||
  fail "the error does not name the proof that could not be written: $(cat "$WORK/err")"
expect_equal "$(ls full)" "q9.cnf" "files left by a certified count that could not write"
finish
