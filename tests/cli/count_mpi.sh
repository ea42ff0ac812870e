#!/usr/bin/env bash
# Issue 13: nqsat-mpi under mpirun (Open MPI): 3 ranks (oversubscribed on a
# small machine) count as one process does, against OEIS typed in lib.sh;
# a checkpoint written by nqsat count, cut short, is finished by nqsat-mpi.
# The early deal (counting before MPI_Init): more ranks than jobs, a worker
# that would pick another method for auto, the deal turned off. Signals to
# the ranks (as a batch system sends them) stop a run within a second.
# Skipped (exit 77) when nqsat-mpi was not built (no MPI found) or mpirun
# is missing. Not run under valgrind (scripts/valgrind-cli.sh: MPI).
# usage: count_mpi.sh NQSAT NQSAT_MPI
. "$(dirname "$0")/lib.sh"
MPI_PROGRAM=${2:-}
if [ -z "$MPI_PROGRAM" ] || [ ! -x "$MPI_PROGRAM" ] || ! command -v mpirun >/dev/null; then
  echo "SKIP: nqsat-mpi not built or mpirun missing (Debian: openmpi-bin libopenmpi-dev)" >&2
  exit 77
fi
mpi=(mpirun --oversubscribe)
[ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
export OMPI_MCA_btl_vader_single_copy_mechanism=none # containers without CMA
# Open MPI's plugins leave memory allocated at MPI_Finalize: in the
# sanitizer build LeakSanitizer would fail every run for leaks not ours.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

for n in 5 11 13; do
  run "${mpi[@]}" -np 3 "$MPI_PROGRAM" count $n --threads 1
  expect_equal "$status $(cat "$WORK/out")" "0 $(known_count $n)" "mpirun -np 3 nqsat-mpi count $n"
done
run "${mpi[@]}" -np 3 "$MPI_PROGRAM" count 12 --unique --threads 2
expect_equal "$status $(cat "$WORK/out")" "0 1787" "nqsat-mpi count 12 --unique (A002562)"
run "${mpi[@]}" -np 1 "$MPI_PROGRAM" count 10 --stats
expect_equal "$status $(cat "$WORK/out")" "0 $(known_count 10)" "one rank alone"
checks=$((checks + 1))
grep -q "nqsat-mpi count: N = 10: 724 solutions, 92 fundamental" "$WORK/err" || fail "--stats: $(head -c 300 "$WORK/err")"

# A checkpoint of nqsat count, half of it kept, finished by 3 ranks.
"$NQSAT" count 14 --checkpoint "$WORK/full" >/dev/null
lines=$(wc -l <"$WORK/full")
head -n $((lines / 2)) "$WORK/full" >"$WORK/half"
run "${mpi[@]}" -np 3 "$MPI_PROGRAM" count 14 --threads 1 --checkpoint "$WORK/half"
expect_equal "$status $(cat "$WORK/out")" "0 $(known_count 14)" "nqsat-mpi finishing a checkpoint"
expect_equal "$(wc -l <"$WORK/half")" "$lines" "every job recorded once"
expect_equal "$(tail -n +2 "$WORK/half" | cut -d' ' -f1 | sort | uniq -d | head -1)" "" "no job twice"

# Early deal: more ranks than jobs (N = 1..8 have 1 to 10 jobs), each rank
# dealt jobs at positions rank, rank + P, ... of the heaviest-first list.
for n in 1 3 4 8; do
  run "${mpi[@]}" -np 4 "$MPI_PROGRAM" count $n --threads 1
  expect_equal "$status $(cat "$WORK/out")" "0 $(known_count $n)" "-np 4 nqsat-mpi count $n"
done
# Workers that would pick another method for auto than rank 0 (a cluster of
# two kinds of processor; NQSAT_MPI_GUESS stands in for the processor):
# they drop their early jobs and count them again under rank 0's plan.
for pick in "backtrack join" "join backtrack"; do
  set -- $pick
  run "${mpi[@]}" -np 1 -x NQSAT_MPI_GUESS=$1 "$MPI_PROGRAM" count 14 --threads 1 --stats : \
    -np 2 -x NQSAT_MPI_GUESS=$2 "$MPI_PROGRAM" count 14 --threads 1
  expect_equal "$status $(cat "$WORK/out")" "0 $(known_count 14)" "rank 0 picks $1, workers $2"
  expect_stderr "rank 2 would pick $2 for auto, rank 0 picked $1 for all"
  expect_stderr "method $1,"
done
run env NQSAT_MPI_EARLY=0 "${mpi[@]}" -np 3 "$MPI_PROGRAM" count 12 --threads 1
expect_equal "$status $(cat "$WORK/out")" "0 $(known_count 12)" "NQSAT_MPI_EARLY=0 (no early deal)"

# Signals. Open MPI gives each rank a process group of its own, so a batch
# system's SIGTERM (Slurm's scancel) or a kill reaches the ranks, which
# stop within a second: rank 0 calls MPI_Abort(130). (A Ctrl-C to mpirun
# reaches the ranks only a second later, then mpirun waits another: Open
# MPI's odls_base_sigkill_timeout, documented in nqsat-mpi(1).) Sent 0.1 s
# in (the early deal, during MPI_Init) and 1 s in; N = 18 by backtracking
# runs for tens of seconds.
now() { date +%s.%N; }
for delay in 0.1 1; do
  "${mpi[@]}" -np 2 "$MPI_PROGRAM" count 18 --method backtrack --threads 1 >"$WORK/out" \
    2>"$WORK/err" &
  launcher=$!
  sleep $delay
  ranks=$(pgrep -P $launcher -f "$(basename "$MPI_PROGRAM")" | tr '\n' ' ')
  start=$(now)
  kill -TERM $ranks 2>/dev/null
  wait $launcher
  status=$?
  latency=$(echo "($(now) - $start) * 1000 / 1" | bc)
  echo "SIGTERM to the ranks $delay s in: mpirun exit $status in $latency ms" >&2
  checks=$((checks + 1))
  [ -n "$ranks" ] && [ "$latency" -lt 1000 ] && [ "$status" -eq 130 ] && [ ! -s "$WORK/out" ] ||
    fail "SIGTERM $delay s in to ranks '$ranks': exit $status in $latency ms, out '$(head -c 100 "$WORK/out")'"
done

run "${mpi[@]}" -np 2 "$MPI_PROGRAM" count 40
checks=$((checks + 1))
[ "$status" -ne 0 ] && grep -q "N must be 1..32" "$WORK/err" || fail "N = 40: exit $status, $(head -c 300 "$WORK/err")"
run "${mpi[@]}" -np 1 "$MPI_PROGRAM" --help
checks=$((checks + 1))
[ "$status" -eq 0 ] && grep -q "^usage: mpirun -np P nqsat-mpi count N" "$WORK/out" || fail "--help"
finish
