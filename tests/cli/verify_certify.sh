#!/usr/bin/env bash
# verify --certify: the certified counts of N = 1..8 in two encodings must
# be OEIS A000170 (typed in, lib.sh), N = 2, 3 certified 0, and the three
# completion instances certified UNSAT; exit 0 and the agreement line.
source "$(dirname "$0")/lib.sh"
expect_exit 0 "$NQSAT" verify 1..8 --amo seq --certify --threads 1
for n in 1 2 3 4 5 6 7 8; do
  expect_equal "$(awk -v n="$n" '/^certified counts/ { on = 1; next } on && $1 == n { print $2 }' \
    "$WORK/out")" "$(known_count "$n")" "certified count of N = $n"
done
checks=$((checks + 1))
[ "$(grep -c "^completion .*: UNSAT certified (0 models)$" "$WORK/out")" -eq 3 ] ||
  fail "completion instances not certified UNSAT: $(grep '^completion' "$WORK/out")"
checks=$((checks + 1))
grep -q "^agreement for N = 1..8 .*certified$" "$WORK/out" || fail "no agreement line"
finish
