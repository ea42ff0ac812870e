#!/usr/bin/env bash
# --count decides satisfiability first (CaDiCaL, else PicoSAT; or the
# preprocessing's own CDCL steps, which look for a first model within a
# few thousand decisions): unsatisfiable formulas
# count 0 (exit 20) with every engine and format, and the counts of
# satisfiable ones are unchanged. The formulas are unsatisfiable by
# construction: the pigeonhole principle (7 pigeons, 6 holes) and a miter
# of two correct 12-bit adders (adder_miter.py); the satisfiable control is
# the miter with a bug, whose count adder_miter.py computes by evaluating
# the adders on every input pair. Satisfiability is decided on the
# preprocessed formula, so one the preprocessing refutes is answered by it. Each is well past what the counters
# exhaust in seconds without CDCL (the build without the first decision
# took minutes on the adder miter); the time against `solve` is measured
# by bench/count_unsat.sh.
. "$(dirname "$0")/lib.sh"
awk 'BEGIN {
  n = 6
  printf "p cnf %d %d\n", (n + 1) * n, (n + 1) + n * (n + 1) * n / 2
  for (p = 0; p <= n; p++) {
    for (h = 1; h <= n; h++) printf "%d ", p * n + h
    print 0
  }
  for (h = 1; h <= n; h++)
    for (a = 0; a <= n; a++)
      for (b = a + 1; b <= n; b++) printf "-%d -%d 0\n", a * n + h, b * n + h
}' >"$WORK/php.cnf"
python3 "$CLI_TESTS/adder_miter.py" 12 "$WORK/miter.cnf" >/dev/null
for file in php miter; do
  for engine in auto components enumerate; do
    expect_exit 20 timeout 20 "$NQSAT" solve "$WORK/$file.cnf" --count --engine "$engine" --threads 1
    expect_equal "$(cat "$WORK/out")" 0 "$file --engine $engine: the count"
  done
  expect_exit 20 timeout 20 "$NQSAT" solve "$WORK/$file.cnf" --count --format mcc --stats
  expect_equal "$(grep -c '^s UNSATISFIABLE$' "$WORK/out")" 1 "$file --format mcc: the status"
  expect_equal "$(grep -c '^c s exact arb int 0$' "$WORK/out")" 1 "$file --format mcc: the count"
  expect_stderr "(CaDiCaL|PicoSAT|the preprocessing) found the formula unsatisfiable"
done
# Refuted by the preprocessing's failed literals (1 implies 3 and -3, and
# -1 implies 2 and -2), before PicoSAT: the same answers, and --stats says
# which refuted it.
printf 'p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n' >"$WORK/failed.cnf"
for engine in auto components enumerate; do
  expect_exit 20 "$NQSAT" solve "$WORK/failed.cnf" --count --engine "$engine" --stats
  expect_equal "$(cat "$WORK/out")" 0 "failed literals, --engine $engine: the count"
  expect_stderr "the preprocessing found the formula unsatisfiable"
done
expect_exit 20 "$NQSAT" solve "$WORK/failed.cnf" --count --format mcc
expect_equal "$(grep -c '^s UNSATISFIABLE$' "$WORK/out")" 1 "failed literals --format mcc: the status"
expect_exit 20 "$NQSAT" solve "$WORK/failed.cnf" --count --no-preprocess --stats
expect_equal "$(cat "$WORK/out")" 0 "failed literals, --no-preprocess: the count"
expect_stderr "(CaDiCaL|PicoSAT) found the formula unsatisfiable"
# The empty clause reaches the SAT solver with --no-preprocess: stdout is
# the count alone (CaDiCaL, unless quieted, reports such a clause there).
printf 'p cnf 2 2\n1 2 0\n0\n' >"$WORK/empty.cnf"
expect_exit 20 "$NQSAT" solve "$WORK/empty.cnf" --count --no-preprocess --stats
expect_equal "$(cat "$WORK/out")" 0 "the empty clause, --no-preprocess: stdout"
expect_stderr "(CaDiCaL|PicoSAT) found the formula unsatisfiable"
expected=$(python3 "$CLI_TESTS/adder_miter.py" 6 "$WORK/bug.cnf" --bug)
for engine in auto components enumerate; do
  expect_exit 10 "$NQSAT" solve "$WORK/bug.cnf" --count --engine "$engine" --threads 1
  expect_equal "$(cat "$WORK/out")" "$expected" "the miter with a bug, --engine $engine"
done
finish
