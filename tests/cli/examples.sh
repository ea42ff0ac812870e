#!/usr/bin/env bash
# The examples in examples/ run as documented and say what they promise:
# the demo ends in agreement, an external solver's model passes the check,
# completion verdicts match the native solver's count for the same
# pre-placed queens.
. "$(dirname "$0")/lib.sh"
examples=$(cd "$(dirname "$0")/../../examples" && pwd)
export NQSAT

expect_exit 0 bash "$examples/demo.sh" 8
grep -q "^agreement for N = 8..8" "$WORK/out" || fail "demo: no agreement line"
expect_equal "$(grep -c '^ *8 .* ok$' "$WORK/out")" 1 "demo: the N = 8 row agrees"
checks=$((checks + 1))

expect_exit 0 bash "$examples/external_solver.sh" 12 ladder
grep -q "1 solution checked: 1 valid, 0 invalid" "$WORK/out" || fail "external_solver: $(tail -3 "$WORK/out")"
checks=$((checks + 1))

expect_exit 0 bash "$examples/completion.sh" 8 3
# Each verdict against the native solver: count the 8-queens solutions that
# keep the listed queens (rows and columns from 1).
"$NQSAT" solve 8 --method backtrack --all >"$WORK/all8"
while read -r _ seed verdict rest; do
  case "$verdict" in can | cannot) ;; *) continue ;; esac
  squares=${rest##*: }
  matching=$(awk -v squares="$squares" 'BEGIN { n = split(squares, list, " ") }
    { ok = 1; for (i = 1; i <= n; i++) { split(list[i], rc, ","); if ($(rc[1]) != rc[2]) ok = 0 }
      if (ok) count++ }
    END { print count + 0 }' "$WORK/all8")
  checks=$((checks + 1))
  if [ "$verdict" = can ] && [ "$matching" -eq 0 ]; then fail "completion seed ${seed%:}: says completable, native finds none"; fi
  if [ "$verdict" = cannot ] && [ "$matching" -ne 0 ]; then fail "completion seed ${seed%:}: says impossible, native finds $matching"; fi
done <"$WORK/out"

expect_exit 0 bash "$examples/teaching.sh"
expect_equal "$(grep -c '^a[1-8] b[1-8] c[1-8]' "$WORK/out")" 12 "teaching: 12 fundamental solutions"
finish
