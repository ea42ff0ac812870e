#!/usr/bin/env bash
# Two stop signals microseconds apart (`timeout` sends SIGTERM to the
# process and then to its group) never kill a count silently: every run
# prints its status line and exits 130 within the bound (signal_pairs.py).
# usage: signal_pairs.sh NQSAT [RUNS] (default 20; the `slow` test: 400)
. "$(dirname "$0")/lib.sh"
runs=${2:-20}
# Two formulas no engine here finishes within seconds, so every run is
# still at work when the signals come: the pigeonhole formula of 11
# pigeons and 10 holes (stopped while PicoSAT decides it, before any count)
# and random 3-SAT of 100 variables and 250 clauses (stopped in the
# counters: the component counter, the enumeration, the automatic choice).
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
random_cnf 100 250 7 0 distinct >"$WORK/random.cnf"
limit_ms=1000
grep -qs __asan_init "$NQSAT" && limit_ms=3000
for file in php random; do
  checks=$((checks + 1))
  python3 "$CLI_TESTS/signal_pairs.py" "$NQSAT" "$WORK/$file.cnf" $((runs / 2)) \
    "$(scaled_limit_ms "$limit_ms")" || fail "$file: a run stopped by two signals did not end well"
done
finish
