#!/usr/bin/env bash
# A run stopped before its first model (while the file is read, renumbered,
# its symmetries searched by nauty and the work split) still ends well:
# SIGTERM or SIGINT, or --time-limit, and the run prints its status line
# (`s UNKNOWN`) and exits within 1 s of the stop (bounded here at 3 s times
# the machine's load, scaled_limit_ms, so a loaded machine is no failure).
# `solve q100.cnf --all` (pairwise, 10,000 variables, 1.3 million clauses)
# spends its first seconds there: the symmetry search alone takes about a
# second in a release build before its own time limit ends it.
# usage: stop_before_first_model.sh NQSAT
. "$(dirname "$0")/lib.sh"
limit_ms=3000
expect_exit 0 "$NQSAT" encode 100 --amo pairwise -o "$WORK/q100.cnf"

# stopped RUN_WHAT STARTED_NS: checks the ended run ($code, $WORK/models,
# $WORK/err) and its latency from STARTED_NS.
stopped() {
  local what=$1 started=$2 expected=$3
  local elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  echo "$what: exit $code after $elapsed_ms ms"
  checks=$((checks + 3))
  [ "$code" -eq "$expected" ] || fail "$what: exit $code, expected $expected: $(head -c 300 "$WORK/err")"
  local bound_ms
  bound_ms=$(scaled_limit_ms "$limit_ms")
  [ "$elapsed_ms" -le "$bound_ms" ] ||
    fail "$what: ended $elapsed_ms ms after the stop (bound $bound_ms ms, load $(cut -d' ' -f1 /proc/loadavg))"
  grep -qx 's UNKNOWN' "$WORK/models" || fail "$what: no 's UNKNOWN' line: $(tail -c 300 "$WORK/models")"
  ! grep -q '^v ' "$WORK/models" || fail "$what: a model was printed, so the stop came too late to test this"
}

# Signals at 0.2 s (reading, renumbering) and 0.8 s (the symmetry search).
for signal in TERM INT; do
  for delay in 0.2 0.8; do
    "$NQSAT" solve "$WORK/q100.cnf" --all >"$WORK/models" 2>"$WORK/err" &
    pid=$!
    sleep "$delay"
    started=$(date +%s%N)
    kill -"$signal" "$pid"
    wait "$pid"
    code=$?
    stopped "solve q100.cnf --all, SIG$signal at $delay s" "$started" 130
    checks=$((checks + 1))
    grep -q "interrupted after 0 models" "$WORK/err" || fail "SIG$signal at $delay s: no message: $(head -c 300 "$WORK/err")"
  done
done

# --time-limit 1 counts from the start (reading and planning included):
# the limit falls in the plan, and the run ends within the bound of it.
started=$(date +%s%N)
"$NQSAT" solve "$WORK/q100.cnf" --all --time-limit 1 >"$WORK/models" 2>"$WORK/err"
code=$?
# The stop is at 1 s after the start: measure from there.
stopped "solve q100.cnf --all --time-limit 1" "$((started + 1000000000))" 0
checks=$((checks + 1))
grep -q "time limit reached after 0 models" "$WORK/err" || fail "--time-limit 1: no message: $(head -c 300 "$WORK/err")"
finish
