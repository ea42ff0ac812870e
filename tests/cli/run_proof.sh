#!/usr/bin/env bash
# nqsat run with a {proof} placeholder: UNSAT answers judged by their DRAT
# proof. cadical's proofs must all be unsat-verified (every instance of the
# suite is UNSAT by the verifier's ground truth); a solver whose proof is
# only the empty clause must be unsat-proof-failed on N = 2, 3 (no clause of
# them is a unit, so propagation alone refutes nothing) and counted wrong;
# a solver that writes no proof is unsat-no-proof; one without {proof}
# keeps the verdict 'correct'.
source "$(dirname "$0")/lib.sh"
command -v cadical >/dev/null || { echo "run_proof: cadical not found; skipped" >&2; exit 77; }
cd "$WORK" || exit 1
"$NQSAT" suite suite --sizes 2,3 --encodings pairwise,seq --completion-sizes 20 --completions 2 \
  --unsat-share 100 >/dev/null 2>&1 || fail "suite failed"
printf '#!/bin/sh\necho 0 > "$2"\necho "s UNSATISFIABLE"\nexit 20\n' >empty_proof.sh
printf '#!/bin/sh\necho "s UNSATISFIABLE"\nexit 20\n' >no_proof.sh
chmod +x empty_proof.sh no_proof.sh
run "$NQSAT" run suite --solver cadical='cadical -q {} {proof}' --solver plain='cadical -q {}' \
  --solver empty="$WORK/empty_proof.sh {} {proof}" --solver none="$WORK/no_proof.sh {} {proof}" \
  --timeout 60
results=suite/results.csv
checks=$((checks + 1))
[ "$(grep -c '^cadical,' $results)" -eq 6 ] || fail "cadical: $(grep -c '^cadical,' $results) runs, expected 6"
checks=$((checks + 1))
grep '^cadical,' $results | grep -v ',unsat-verified,' && fail "cadical: a run not unsat-verified"
grep -q '^cadical,.*"proof [0-9.]* MB checked in [0-9.]* s: {proof}: verified' $results ||
  fail "cadical: no proof size and time in the detail"
checks=$((checks + 1))
grep '^plain,' $results | grep -v ',correct,' && fail "plain: a run not correct"
for file in q2-pairwise q2-seq q3-pairwise q3-seq; do
  expect_equal "$(grep "^empty,$file.cnf," $results | cut -d, -f3)" unsat-proof-failed \
    "the empty proof of $file"
done
checks=$((checks + 1))
grep '^none,' $results | grep -v ',unsat-no-proof,' && fail "none: a run not unsat-no-proof"
checks=$((checks + 1))
grep -Eq '^empty +6 +[0-9]+ +[1-9]' "$WORK/out" || fail "empty: proof failures not counted wrong: $(grep '^empty' "$WORK/out")"
finish
