#!/usr/bin/env bash
# count under signals. kill -9 at random moments with a
# checkpoint, over and over until a run finishes, for both methods: the
# result must be A000170 (typed in from OEIS) and no job may be in the file
# twice.
# SIGINT and SIGTERM must stop a long count within a second (measured),
# exit 130, and leave a checkpoint that a rerun finishes correctly.
# Skipped under valgrind (scripts/valgrind-cli.sh): it measures latency.
# usage: count_signals.sh NQSAT
. "$(dirname "$0")/lib.sh"
a000170_16=14772512
a002562_16=1846955

now() { date +%s.%N; }
elapsed_ms() { echo "($(now) - $1) * 1000 / 1" | bc; }

# kill_runs METHOD N TOTAL UNIQUE: kill -9 five times at random moments (0
# to 0.39 s into a run that takes about 0.4-0.5 s here, more under the
# sanitizers), then let a run finish; A000170 and A002562 typed in from OEIS.
kill_runs() {
  local method=$1 n=$2 total=$3 unique=$4 kills=0 status=none pid
  while :; do
    "$NQSAT" count $n --method $method --threads 2 --checkpoint "$WORK/c$method" >"$WORK/out" \
      2>"$WORK/err" &
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
  [ "$kills" -ge 1 ] || fail "kill -9 never hit a running count $n --method $method (raise N)"
  expect_equal "$status $(cat "$WORK/out")" "0 $total" "count $n --method $method after $kills kill -9"
  expect_equal "$(tail -n +2 "$WORK/c$method" | cut -d' ' -f1 | sort | uniq -d | head -3 | tr '\n' ' ')" \
    "" "no job recorded twice after $kills kill -9 ($method)"
  expect_exit 0 "$NQSAT" count $n --method $method --unique --checkpoint "$WORK/c$method" &&
    expect_equal "$(cat "$WORK/out")" "$unique" "count $n --unique from the checkpoint ($method)"
}
RANDOM=13
kill_runs backtrack 16 $a000170_16 $a002562_16
kill_runs join 17 95815104 11977939

# signal_after SIGNAL SECONDS WHAT ARGS...: starts `nqsat ARGS`, sends
# SIGSIGNAL after SECONDS, and checks it exits 130 within a second (on a
# loaded machine, a second scaled by the load: scaled_limit_ms in lib.sh).
signal_after() {
  local signal=$1 delay=$2 what=$3 pid start status latency
  shift 3
  "$NQSAT" "$@" >"$WORK/out" 2>"$WORK/err" &
  pid=$!
  wait_until_catching $pid
  sleep "$delay"
  start=$(now)
  kill -"$signal" $pid
  wait $pid
  status=$?
  latency=$(elapsed_ms "$start")
  echo "$what: SIG$signal to exit in $latency ms" >&2
  expect_equal "$status" 130 "exit status after SIG$signal ($what)"
  checks=$((checks + 1))
  local bound
  bound=$(scaled_limit_ms 1000)
  [ "$latency" -lt "$bound" ] ||
    fail "$what took $latency ms to stop after SIG$signal (limit $bound ms, load $(cut -d' ' -f1 /proc/loadavg))"
}

# SIGINT and SIGTERM: backtracking takes minutes for N = 19, and its jobs
# start at once (the join's first second, under the sanitizers, is its
# tables: kill_runs and the N = 21 case below cover the join).
for signal in INT TERM; do
  signal_after $signal 0.7 "count 19" count 19 --method backtrack --threads 2 --checkpoint "$WORK/c19"
  checks=$((checks + 1))
  grep -q "interrupted by SIG$signal; the finished jobs are in the checkpoint" "$WORK/err" ||
    fail "SIG$signal: $(head -c 300 "$WORK/err")"
  expect_equal "$(cat "$WORK/out")" "" "nothing on stdout after SIG$signal"
done
checks=$((checks + 1))
[ "$(wc -l <"$WORK/c19")" -gt 1 ] || fail "the interrupted count 19 recorded no job"

# The row kernel polls the flag inside a job: at N = 21 its jobs take up to
# seconds each, and the count must still stop within a second.
signal_after TERM 3 "count 21 --kernel rows" count 21 --method backtrack --kernel rows --threads 2
# The join builds its quarter tables first (about two seconds at N = 21):
# a signal in the middle of that must stop it too.
signal_after TERM 0.6 "count 21 --method join (building its tables)" count 21 --method join --threads 2

# Interrupted with a checkpoint, then finished: the same count.
"$NQSAT" count 16 --method backtrack --threads 2 --checkpoint "$WORK/c16b" >"$WORK/out" 2>"$WORK/err" &
pid=$!
wait_until_catching $pid
sleep 0.2
kill -INT $pid
wait $pid
expect_exit 0 "$NQSAT" count 16 --method backtrack --checkpoint "$WORK/c16b" &&
  expect_equal "$(cat "$WORK/out")" "$a000170_16" "count 16 resumed after SIGINT"
finish
