#!/usr/bin/env bash
# Issue 13: count under signals. kill -9 at random moments with a
# checkpoint, over and over until a run finishes: the result must be
# A000170(16) (typed in from OEIS) and no job may be in the file twice.
# SIGINT and SIGTERM must stop a long count within a second (measured),
# exit 130, and leave a checkpoint that a rerun finishes correctly.
# Skipped under valgrind (scripts/valgrind-cli.sh): it measures latency.
# usage: count_signals.sh NQSAT
. "$(dirname "$0")/lib.sh"
a000170_16=14772512
a002562_16=1846955

now() { date +%s.%N; }
elapsed_ms() { echo "($(now) - $1) * 1000 / 1" | bc; }

# kill -9 five times at random moments (0 to 0.39 s into a run that takes
# about 0.5 s here, more under the sanitizers), then let a run finish.
RANDOM=13
kills=0
while :; do
  "$NQSAT" count 16 --threads 2 --checkpoint "$WORK/c16" >"$WORK/out" 2>"$WORK/err" &
  pid=$!
  if [ "$kills" -lt 5 ]; then
    sleep "0.$((RANDOM % 4))$((RANDOM % 10))"
    if kill -9 $pid 2>/dev/null; then
      wait $pid 2>/dev/null
      kills=$((kills + 1))
      continue
    fi
  fi
  wait $pid
  status=$?
  break
done
checks=$((checks + 1))
[ "$kills" -ge 1 ] || fail "kill -9 never hit a running count (raise the count's size)"
expect_equal "${status:-none} $(cat "$WORK/out")" "0 $a000170_16" "count 16 after $kills kill -9"
expect_equal "$(tail -n +2 "$WORK/c16" | cut -d' ' -f1 | sort | uniq -d | head -3 | tr '\n' ' ')" "" \
  "no job recorded twice after $kills kill -9"
expect_exit 0 "$NQSAT" count 16 --unique --checkpoint "$WORK/c16" &&
  expect_equal "$(cat "$WORK/out")" "$a002562_16" "count 16 --unique from the checkpoint"

# SIGINT and SIGTERM: a count of N = 19 would take minutes.
for signal in INT TERM; do
  "$NQSAT" count 19 --threads 2 --checkpoint "$WORK/c19" >"$WORK/out" 2>"$WORK/err" &
  pid=$!
  sleep 0.7
  start=$(now)
  kill -$signal $pid
  wait $pid
  status=$?
  latency=$(elapsed_ms "$start")
  echo "count 19: SIG$signal to exit in $latency ms" >&2
  expect_equal "$status" 130 "exit status after SIG$signal"
  checks=$((checks + 1))
  [ "$latency" -lt 1000 ] || fail "count 19 took $latency ms to stop after SIG$signal (limit 1000)"
  checks=$((checks + 1))
  grep -q "interrupted by SIG$signal; the finished jobs are in the checkpoint" "$WORK/err" ||
    fail "SIG$signal: $(head -c 300 "$WORK/err")"
  expect_equal "$(cat "$WORK/out")" "" "nothing on stdout after SIG$signal"
done
checks=$((checks + 1))
[ "$(wc -l <"$WORK/c19")" -gt 1 ] || fail "the interrupted count 19 recorded no job"

# Interrupted with a checkpoint, then finished: the same count.
"$NQSAT" count 16 --threads 2 --checkpoint "$WORK/c16b" >"$WORK/out" 2>"$WORK/err" &
pid=$!
sleep 0.2
kill -INT $pid
wait $pid
expect_exit 0 "$NQSAT" count 16 --checkpoint "$WORK/c16b" &&
  expect_equal "$(cat "$WORK/out")" "$a000170_16" "count 16 resumed after SIGINT"
finish
