#!/usr/bin/env bash
# A run stopped before its first model still ends well: SIGTERM or SIGINT,
# or --time-limit, and the run prints its status line (`s UNKNOWN`) and
# exits within 1 s of the stop (bounded here at 3 s times the machine's
# load, scaled_limit_ms, so a loaded machine is no failure).
#
# Where the stop falls must not depend on the machine's speed, so the
# formula comes through a pipe whose writer stalls for STALL seconds after
# the first 3 MB: every stop then falls while the reader waits for input,
# which no byte ends. The same stops on the file itself fall while it is
# read, renumbered, its symmetries searched or its models listed (how far
# a run gets in 0.2 s depends on the machine); there the run must end as
# well, with the answer for wherever it was stopped.
# usage: stop_before_first_model.sh NQSAT
. "$(dirname "$0")/lib.sh"
limit_ms=3000
stall=6
expect_exit 0 "$NQSAT" encode 100 --amo pairwise -o "$WORK/q100.cnf"

# stalled_writer FIFO: writes q100.cnf into a new fifo, stalling $stall
# seconds after the first 3 MB, in the background ($writer; a fifo a case,
# so a writer left sleeping never feeds the next case).
stalled_writer() {
  mkfifo "$1"
  { head -c 3000000 "$WORK/q100.cnf"; sleep "$stall"; tail -c +3000001 "$WORK/q100.cnf"; } \
    >"$1" 2>/dev/null &
  writer=$!
}

# ended WHAT STARTED_NS EXPECTED: the ended run ($code) within the bound
# of STARTED_NS, with exit EXPECTED.
ended() {
  local what=$1 started=$2 expected=$3
  local elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  echo "$what: exit $code after $elapsed_ms ms"
  checks=$((checks + 2))
  [ "$code" -eq "$expected" ] || fail "$what: exit $code, expected $expected: $(head -c 300 "$WORK/err")"
  local bound_ms
  bound_ms=$(scaled_limit_ms "$limit_ms")
  [ "$elapsed_ms" -le "$bound_ms" ] ||
    fail "$what: ended $elapsed_ms ms after the stop (bound $bound_ms ms, load $(cut -d' ' -f1 /proc/loadavg))"
}

# before_models WHAT REASON: the run said `s UNKNOWN`, printed no model
# and named REASON ("interrupted", "time limit reached") after 0 models.
before_models() {
  local what=$1 reason=$2
  checks=$((checks + 3))
  grep -qx 's UNKNOWN' "$WORK/models" || fail "$what: no 's UNKNOWN' line: $(tail -c 300 "$WORK/models")"
  ! grep -q '^v ' "$WORK/models" || fail "$what: a model was printed before the stop"
  grep -q "$reason after 0 models" "$WORK/err" || fail "$what: no '$reason after 0 models': $(head -c 300 "$WORK/err")"
}

# after_some WHAT REASON: the run was stopped wherever it was: before its
# first model as above, or after K models (a model's `v` lines end with a
# line ending in 0), the last one printed whole, the count line saying K
# and the message naming K.
after_some() {
  local what=$1 reason=$2
  if ! grep -q '^v ' "$WORK/models"; then
    before_models "$what" "$reason"
    return
  fi
  local models
  models=$(grep -c '^v .* 0$' "$WORK/models")
  echo "$what: stopped after $models models"
  checks=$((checks + 3))
  grep '^v ' "$WORK/models" | tail -n 1 | grep -q ' 0$' || fail "$what: the last model is cut short"
  grep -qx "c $models models (incomplete enumeration)" "$WORK/models" ||
    fail "$what: no 'c $models models (incomplete enumeration)': $(tail -c 300 "$WORK/models")"
  grep -q "$reason after $models models" "$WORK/err" ||
    fail "$what: no '$reason after $models models': $(head -c 300 "$WORK/err")"
}

# Signals while the reader waits on the stalled pipe.
for signal in TERM INT; do
  stalled_writer "$WORK/pipe-$signal"
  "$NQSAT" solve - --all <"$WORK/pipe-$signal" >"$WORK/models" 2>"$WORK/err" &
  pid=$!
  wait_until_catching "$pid"
  sleep 1
  started=$(date +%s%N)
  kill -"$signal" "$pid"
  wait "$pid"
  code=$?
  ended "solve - --all, stalled input, SIG$signal" "$started" 130
  before_models "solve - --all, stalled input, SIG$signal" interrupted
  kill "$writer" 2>/dev/null
done

# --time-limit 1 counts from the start: it falls while the reader waits,
# and the run ends within the bound of it, exit 0 (nothing was decided).
stalled_writer "$WORK/pipe-limit"
started=$(date +%s%N)
"$NQSAT" solve - --all --time-limit 1 <"$WORK/pipe-limit" >"$WORK/models" 2>"$WORK/err"
code=$?
ended "solve - --all --time-limit 1, stalled input" "$((started + 1000000000))" 0
before_models "solve - --all --time-limit 1, stalled input" "time limit reached"
kill "$writer" 2>/dev/null

# The same stops on the file: wherever they fall, the run ends well.
for signal in TERM INT; do
  for delay in 0.2 0.8; do
    "$NQSAT" solve "$WORK/q100.cnf" --all >"$WORK/models" 2>"$WORK/err" &
    pid=$!
    wait_until_catching "$pid"
    sleep "$delay"
    started=$(date +%s%N)
    kill -"$signal" "$pid"
    wait "$pid"
    code=$?
    what="solve q100.cnf --all, SIG$signal at $delay s"
    if grep -q '^v ' "$WORK/models"; then
      ended "$what" "$started" 10
    else
      ended "$what" "$started" 130
    fi
    after_some "$what" interrupted
  done
done
started=$(date +%s%N)
"$NQSAT" solve "$WORK/q100.cnf" --all --time-limit 1 >"$WORK/models" 2>"$WORK/err"
code=$?
what="solve q100.cnf --all --time-limit 1"
if grep -q '^v ' "$WORK/models"; then
  ended "$what" "$((started + 1000000000))" 10
else
  ended "$what" "$((started + 1000000000))" 0
fi
after_some "$what" "time limit reached"
finish
