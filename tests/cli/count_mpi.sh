#!/usr/bin/env bash
# Issue 13: nqsat-mpi under mpirun (Open MPI): 3 ranks (oversubscribed on a
# small machine) count as one process does, against OEIS typed in lib.sh;
# a checkpoint written by nqsat count, cut short, is finished by nqsat-mpi.
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

run "${mpi[@]}" -np 2 "$MPI_PROGRAM" count 40
checks=$((checks + 1))
[ "$status" -ne 0 ] && grep -q "N must be 1..32" "$WORK/err" || fail "N = 40: exit $status, $(head -c 300 "$WORK/err")"
run "${mpi[@]}" -np 1 "$MPI_PROGRAM" --help
checks=$((checks + 1))
[ "$status" -eq 0 ] && grep -q "^usage: mpirun -np P nqsat-mpi count N" "$WORK/out" || fail "--help"
finish
