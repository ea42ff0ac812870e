#!/usr/bin/env bash
# Two stop signals microseconds apart (`timeout` sends SIGTERM to the
# process and then to its group) never kill a count silently: every run
# prints its status line and exits 130 within the bound (signal_pairs.py).
# usage: signal_pairs.sh NQSAT [RUNS] (default 20; the `slow` test: 400)
. "$(dirname "$0")/lib.sh"
runs=${2:-20}
# The pigeonhole formula of 11 pigeons and 10 holes: unsatisfiable, and no
# engine here refutes it within seconds, so every run is still counting
# when the signals come.
awk 'BEGIN {
  n = 10
  clauses = (n + 1) + n * (n + 1) * n / 2
  printf "p cnf %d %d\n", (n + 1) * n, clauses
  for (p = 0; p <= n; p++) {
    for (h = 1; h <= n; h++) printf "%d ", p * n + h
    print 0
  }
  for (h = 1; h <= n; h++)
    for (a = 0; a <= n; a++)
      for (b = a + 1; b <= n; b++) printf "-%d -%d 0\n", a * n + h, b * n + h
}' >"$WORK/php.cnf"
limit_ms=1000
grep -qs __asan_init "$NQSAT" && limit_ms=3000
checks=$((checks + 1))
python3 "$CLI_TESTS/signal_pairs.py" "$NQSAT" "$WORK/php.cnf" "$runs" "$(scaled_limit_ms "$limit_ms")" ||
  fail "a run stopped by two signals did not end well"
finish
