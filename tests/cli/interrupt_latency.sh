#!/usr/bin/env bash
# Every long command stops within a second of Ctrl-C or
# SIGTERM, and leaves nothing half-written. For encode (N = 3000 pairwise,
# plain and .gz), solve (N and FILE), verify, suite and run, each once with
# SIGINT and once with SIGTERM: start it, wait until it is well under way
# (writing, printing, or a fixed while for the ones that print nothing
# before the end), send the signal, and measure the time until it has
# exited. Prints every latency; fails above the bound, on an unexpected exit
# code, or when an output or temporary file, or a solver of `run`, is left.
#
# Exit codes: the commands that catch the signal (encode, solve, suite, run)
# exit 130 for both signals, as their --help says, with one line naming
# the signal or what was found; verify has nothing to clean up and keeps
# the default action, so it dies of the signal silently (a shell reports
# 128 + the signal: 130 or 143).
#
# The bound is 1000 ms; 3000 ms in a sanitizer build (AddressSanitizer makes
# every step 2 to 3 times slower), scaled by the machine's load when it has
# no processor to spare (scaled_limit_ms in lib.sh). Not run under valgrind
# (scripts/valgrind-cli.sh skips it): a latency there says nothing, and
# faults.sh, suite_check.sh and run_harness.sh take the same interrupt paths
# under valgrind.
. "$(dirname "$0")/lib.sh"
# Job control: each background command in a process group of its own, with
# SIGINT not ignored (a non-interactive shell's background jobs ignore it,
# which would keep verify, which relies on the default action, running).
set -m

limit_ms=1000
grep -qs __asan_init "$NQSAT" && limit_ms=3000

# wait_for CONDITION: polls the shell condition every 50 ms while the
# process runs, up to 5 minutes. How long a command takes to get under way
# is not what this test measures, and it depends on the machine: the
# first model of `solve q40.cnf --all` takes a search of its own (4 s in a
# release build, 11 s under the sanitizers, over 30 s with the machine
# loaded), so only the time from the signal to the exit is bounded.
wait_for() { poll_while_running "$pid" "$1"; }

# interrupt WHAT SIGNAL EXPECTED_CODE READY [MESSAGE]: `$pid` runs WHAT;
# once the shell condition READY holds, sends SIGNAL and times the exit.
# Exit 130 also needs MESSAGE (default: "interrupted by SIG<SIGNAL>") on
# stderr ($WORK/err).
interrupt() {
  local what=$1 signal=$2 expected=$3 ready=$4 message=${5:-"interrupted by SIG$2"}
  checks=$((checks + 1))
  # The time to get under way is not measured: a signal before nqsat has
  # its handlers would kill it unannounced (verify keeps the default
  # actions: catches=0).
  if { [ "${catches:-1}" = 1 ] && ! wait_until_catching "$pid"; } || ! wait_for "$ready"; then
    fail "$what: never got under way (or ended first): $(head -c 300 "$WORK/err")"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return
  fi
  local started
  started=$(date +%s%N)
  kill -"$signal" "$pid"
  wait "$pid"
  local code=$?
  local elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  echo "$what: SIG$signal -> exit $code after $elapsed_ms ms"
  [ "$code" -eq "$expected" ] || fail "$what: exit $code after SIG$signal, expected $expected"
  local bound_ms
  bound_ms=$(scaled_limit_ms "$limit_ms")
  [ "$elapsed_ms" -le "$bound_ms" ] ||
    fail "$what: took $elapsed_ms ms to stop after SIG$signal (bound $bound_ms ms, load $(cut -d' ' -f1 /proc/loadavg))"
  if [ "$message" != none ] && ! grep -q "$message" "$WORK/err"; then
    fail "$what: no '$message' message: $(head -c 300 "$WORK/err")"
  fi
}

# no_temporaries DIR WHAT: nothing named *.tmp.* (common/output.c's
# temporary files) anywhere under DIR.
no_temporaries() {
  checks=$((checks + 1))
  local left
  left=$(find "$1" -name '*.tmp.*' 2>/dev/null)
  [ -z "$left" ] || fail "$2: temporary files left: $left"
}

big_enough() { [ -n "$(find "$WORK/dest" -name "$1.tmp.*" -size +2048k 2>/dev/null)" ]; }

# ---- encode: N = 3000 pairwise, hours of writing if never stopped ---------
for target in F.cnf F.cnf.gz; do
  for signal in INT TERM; do
    rm -rf "$WORK/dest" && mkdir "$WORK/dest"
    "$NQSAT" encode 3000 --amo pairwise -o "$WORK/dest/$target" 2>"$WORK/err" &
    pid=$!
    # Under way: more than 2 MiB written to the temporary file.
    interrupt "encode 3000 --amo pairwise -o $target" $signal 130 "big_enough $target"
    checks=$((checks + 1))
    [ -z "$(ls -A "$WORK/dest")" ] || fail "encode -o $target after SIG$signal left: $(ls -A "$WORK/dest")"
  done
done

# ---- solve N -----------------------------------------------------------------
# Enumeration, once it prints; the first solution at N = 200, where PicoSAT
# searches for seconds (loading 16 million clauses, then a hard search).
for signal in INT TERM; do
  "$NQSAT" solve 14 --all >"$WORK/solutions" 2>"$WORK/err" &
  pid=$!
  interrupt "solve 14 --all" $signal 130 '[ -s "$WORK/solutions" ]' \
    "interrupted after [0-9]* solutions"
  "$NQSAT" solve 200 >"$WORK/first" 2>"$WORK/err" &
  pid=$!
  interrupt "solve 200" $signal 130 'sleep 1.5' "interrupted before a solution was found"
  expect_equal "$(cat "$WORK/first")" "unknown (interrupted)" "solve 200 after SIG$signal"
done

# ---- solve FILE ----------------------------------------------------------------
expect_exit 0 "$NQSAT" encode 40 -o "$WORK/q40.cnf"
expect_exit 0 "$NQSAT" encode 100 -o "$WORK/q100.cnf"
for signal in INT TERM; do
  "$NQSAT" solve "$WORK/q40.cnf" --all >"$WORK/models" 2>"$WORK/err" &
  pid=$!
  interrupt "solve q40.cnf --all" $signal 130 '[ -s "$WORK/models" ]' \
    "interrupted after [0-9]* models"
  "$NQSAT" solve "$WORK/q100.cnf" --count >"$WORK/count" 2>"$WORK/err" &
  pid=$!
  interrupt "solve q100.cnf --count" $signal 130 'sleep 1.5' "interrupted after [0-9]* models"
  grep -Eq '^[0-9]+ \(incomplete: interrupted\)$' "$WORK/count" ||
    fail "solve FILE --count after SIG$signal: $(cat "$WORK/count")"
done
# A signal while the file is still read or split (0.1 s in; reading and
# splitting this 1.6M-clause file take about half a second): the run must
# still end promptly with its answer so far (0 models) and 130, not be
# killed by the signal.
"$NQSAT" solve "$WORK/q100.cnf" --count >"$WORK/count" 2>"$WORK/err" &
pid=$!
interrupt "solve q100.cnf --count, while reading" TERM 130 'sleep 0.1' "interrupted after 0 models"
grep -Eq '^0 \(incomplete: interrupted\)$' "$WORK/count" ||
  fail "solve FILE --count after SIGTERM while reading: $(cat "$WORK/count")"

# ---- verify ------------------------------------------------------------------
for signal in INT TERM; do
  code=130
  [ $signal = TERM ] && code=143
  "$NQSAT" verify 12..14 >"$WORK/table" 2>"$WORK/err" &
  pid=$!
  catches=0 interrupt "verify 12..14" $signal $code 'sleep 1' none
  checks=$((checks + 1))
  [ ! -s "$WORK/err" ] || fail "verify after SIG$signal printed: $(head -c 300 "$WORK/err")"
done

# ---- suite: stops while writing; files so far stay, no manifest -------------
for signal in INT TERM; do
  rm -rf "$WORK/suite"
  "$NQSAT" suite "$WORK/suite" --sizes 150..160 --encodings pairwise --max-clauses 100000000 \
    >/dev/null 2>"$WORK/err" &
  pid=$!
  interrupt "suite --sizes 150..160" $signal 130 '[ -n "$(ls -A "$WORK/suite" 2>/dev/null)" ]'
  checks=$((checks + 1))
  [ ! -e "$WORK/suite/manifest.csv" ] || fail "an interrupted suite wrote a manifest"
  no_temporaries "$WORK/suite" "suite after SIG$signal"
done

# ---- run: the solvers' process groups die too, no half-written row --------
S=$WORK/small
expect_exit 0 "$NQSAT" suite "$S" --sizes 6,7 --encodings pairwise
cat >"$WORK/hang.sh" <<EOF
#!/bin/sh
# Records its pid, then never answers; a child of its own must die too.
echo \$\$ >>"$WORK/solver_pids"
sleep 600 &
echo \$! >>"$WORK/solver_pids"
exec sleep 600
EOF
for signal in INT TERM; do
  rm -f "$S/results.csv" "$WORK/solver_pids"
  mkdir -p "$WORK/tmp"
  TMPDIR=$WORK/tmp "$NQSAT" run "$S" --solver hang:cnf="sh $WORK/hang.sh {}" --jobs 2 \
    --timeout 600 >/dev/null 2>"$WORK/err" &
  pid=$!
  # Under way: both jobs' solvers and their children started.
  interrupt "run (2 hanging solvers)" $signal 130 \
    '[ -f "$WORK/solver_pids" ] && [ $(wc -l <"$WORK/solver_pids") -ge 4 ]'
  # Gone, or a zombie its new parent has yet to reap.
  while read -r solver; do
    checks=$((checks + 1))
    state=$(ps -o stat= -p "$solver" 2>/dev/null)
    case $state in "" | Z*) ;; *) fail "run after SIG$signal left solver process $solver ($state)" ;; esac
  done <"$WORK/solver_pids"
  checks=$((checks + 1))
  [ -z "$(ls -A "$WORK/tmp")" ] || fail "run after SIG$signal left in TMPDIR: $(ls -A "$WORK/tmp")"
  # No run finished, so results.csv holds its header at most.
  checks=$((checks + 1))
  [ ! -f "$S/results.csv" ] || [ "$(wc -l <"$S/results.csv")" -le 1 ] ||
    fail "run after SIG$signal recorded rows: $(cat "$S/results.csv")"
  no_temporaries "$S" "run after SIG$signal"
done
finish
