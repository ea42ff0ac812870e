#!/usr/bin/env bash
# Certified counts with LRAT proofs (the default): random formulas of up
# to 20 variables against a brute-force count (projected_count.py) and
# N-Queens files in every encoding against OEIS A000170 (lib.sh); hints
# mutated (one dropped, a wrong id, the last moved first, a lemma literal
# flipped) rejected with the line named, in text and in binary LRAT; and
# the proofs, renumbered to
# the formula with every cube blocked, checked by drat-trim's lrat-check
# when the anchors are present.
source "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1

certified() {
  "$NQSAT" solve "$1" --count --certificate "$1.cert" --proof-format text >/dev/null 2>&1
  "$NQSAT" check --instance "$1" --certificate "$1.cert" 2>/dev/null |
    sed -n 's/^correct count \([0-9]*\) .*/\1/p' | grep . || echo failed
}

for seed in 1 2 4 5 8; do
  n=$((14 + seed % 7))
  awk -v n=$n -v m=$((3 * n + 2 * seed)) -v seed=$seed -v p=$((seed % 2 ? 0 : n - 5)) 'BEGIN {
    srand(seed)
    if (p > 0) { line = "c ind"; for (v = 1; v <= p; v++) line = line " " v; print line " 0" }
    print "p cnf " n " " m
    for (c = 0; c < m; c++) {
      r = rand(); width = r < 0.03 ? 1 : r < 0.25 ? 2 : r < 0.85 ? 3 : 4; line = ""
      for (k = 0; k < width; k++) { v = 1 + int(rand() * n); line = line (rand() < 0.5 ? -v : v) " " }
      print line "0"
    }
  }' >r$seed.cnf
  expect_equal "$(certified r$seed.cnf)" "$(python3 "$CLI_TESTS/projected_count.py" r$seed.cnf)" \
    "LRAT-certified count of random formula seed $seed ($n variables)"
done
for amo in pairwise seq ladder commander product binary bimander; do
  "$NQSAT" encode 6 --amo "$amo" >q6$amo.cnf
  expect_equal "$(certified q6$amo.cnf)" "$(known_count 6)" "LRAT-certified N = 6, $amo"
done
for csp in direct support order log; do
  "$NQSAT" encode 6 --csp "$csp" >q6$csp.cnf
  expect_equal "$(certified q6$csp.cnf)" "$(known_count 6)" "LRAT-certified N = 6, rows $csp"
done
"$NQSAT" encode 8 >q8.cnf
expect_equal "$(certified q8.cnf)" "$(known_count 8)" "LRAT-certified N = 8"

# Mutations of the first lemma with at least three hints (line L).
proof=q8.cnf.cert.lrat
line=$(awk '$2 != "d" { for (i = 2; $i != 0; i++); if (NF - i - 1 >= 3) { print NR; exit } }' "$proof")
mutate() { # NAME AWK-ACTION
  awk -v target="$line" "NR == target { $2 } { print }" "$proof" >mutated.lrat
  expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate q8.cnf.cert --proof mutated.lrat
  grep -q "^certificate-failed .*mutated.lrat:$line: lemma [0-9]* fails" "$WORK/out" ||
    fail "$1: $(cat "$WORK/out")"
}
mutate "the last hint dropped" '$(NF - 1) = ""; $0 = $0'
mutate "a wrong hint id" 'for (i = 2; $i != 0; i++); $(i + 1) = 99999999'
mutate "the last hint moved first" 'for (i = 2; $i != 0; i++); t = $(NF - 1); for (k = NF - 1; k > i + 1; k--) $k = $(k - 1); $(i + 1) = t'
mutate "a lemma literal flipped" '$2 = -$2'

# The proof as binary LRAT (the engine's default form), encoded by
# lrat_binary.py, which shares no code with the checker: accepted whole;
# mutated (as above, and a hint to a clause deleted just before its
# lemma, in text too) rejected at the lemma's byte, named.
python3 "$CLI_TESTS/lrat_binary.py" "$proof" whole.bin.lrat
expect_exit 0 "$NQSAT" check --instance q8.cnf --certificate q8.cnf.cert --proof whole.bin.lrat
grep -q "^correct count $(known_count 8) " "$WORK/out" || fail "binary LRAT: $(cat "$WORK/out")"
reject_binary() { # NAME LINE PATTERN: mutated.lrat as binary, failing at text line LINE
  local byte
  byte=$(python3 "$CLI_TESTS/lrat_binary.py" mutated.lrat mutated.bin.lrat "$2")
  expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate q8.cnf.cert --proof mutated.bin.lrat
  grep -q "^certificate-failed .*mutated.bin.lrat: byte $byte: lemma [0-9]* fails: $3" "$WORK/out" ||
    fail "binary, $1: $(cat "$WORK/out")"
}
for action in '$(NF - 1) = ""; $0 = $0' '$2 = -$2'; do
  awk -v target="$line" "NR == target { $action } { print }" "$proof" >mutated.lrat
  reject_binary "$action" "$line" ""
done
awk -v target="$line" 'NR == target { for (i = 2; $i != 0; i++); hint = $(i + 1)
    print $1 - 1, "d", hint, 0 } { print }' "$proof" >mutated.lrat
hint=$(awk -v target="$line" 'NR == target { for (i = 2; $i != 0; i++); print $(i + 1) }' "$proof")
expect_exit 1 "$NQSAT" check --instance q8.cnf --certificate q8.cnf.cert --proof mutated.lrat
grep -q "^certificate-failed .*mutated.lrat:$((line + 1)): lemma [0-9]* fails: hint $hint is not an active clause" \
  "$WORK/out" || fail "a hint to a deleted clause: $(cat "$WORK/out")"
reject_binary "a hint to a deleted clause" $((line + 1)) "hint $hint is not an active clause"

if build_drat_trim; then
  for cnf in r1.cnf r2.cnf r4.cnf r5.cnf r8.cnf q6ladder.cnf q6log.cnf q6commander.cnf q8.cnf; do
    awk -v cnf_out=blocked.cnf -f "$CLI_TESTS/lrat_renumber.awk" "$cnf" "$cnf.cert" \
      "$cnf.cert.lrat" "$cnf.cert.lrat" >renumbered.lrat
    checks=$((checks + 1))
    "$WORK/anchors/lrat-check" blocked.cnf renumbered.lrat 2>&1 | grep -q '^c VERIFIED' ||
      fail "lrat-check does not verify $cnf.cert.lrat"
  done
  # ... and it is a check: the last proof with one lemma's last hint
  # dropped is refused.
  awk '!done && $2 != "d" && NF > 6 { for (i = 2; $i != 0; i++); if (NF - i > 2) { $(NF - 1) = ""; done = 1 } } 1' \
    renumbered.lrat >dropped.lrat
  checks=$((checks + 1))
  ! "$WORK/anchors/lrat-check" blocked.cnf dropped.lrat 2>&1 | grep -q '^c VERIFIED' ||
    fail "lrat-check verifies a proof with a hint dropped"
else
  echo "count_certificate_lrat: drat-trim not found: LRAT checked by the own checker only" >&2
fi
finish
