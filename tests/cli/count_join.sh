#!/usr/bin/env bash
# Issue 12 from the outside: nqsat count --method join against OEIS (typed
# in lib.sh and below), with --unique and --stats, through --part/--merge,
# and its refusals: N beyond the method, an estimate over --max-memory.
# usage: count_join.sh NQSAT
. "$(dirname "$0")/lib.sh"

for n in 1 2 3 4 6 8 11; do
  expect_exit 0 "$NQSAT" count $n --method join --threads 2 &&
    expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n --method join (A000170)"
done
# A002562(12) = 1787, A002562(10) = 92.
expect_exit 0 "$NQSAT" count 12 --method join --unique --stats &&
  expect_equal "$(cat "$WORK/out")" 1787 "count 12 --method join --unique (A002562)"
expect_stderr "method join"
expect_exit 0 "$NQSAT" count 10 --method join --unique --threads 7 &&
  expect_equal "$(cat "$WORK/out")" 92 "count 10 --method join --unique, 7 threads"

# Parts of the join's jobs merge to the total.
for i in 2 1 3; do
  expect_exit 0 "$NQSAT" count 11 --method join --part $i/3 && cp "$WORK/out" "$WORK/p$i.json"
done
expect_exit 0 "$NQSAT" count --merge "$WORK"/p{1,2,3}.json &&
  expect_equal "$(cat "$WORK/out")" "$(known_count 11)" "merge of 3 join parts of N = 11"

# Refusals: exit 1 with the reason, nothing printed on stdout.
expect_exit 1 "$NQSAT" count 25 --method join
expect_stderr "join handles N up to 24, not 25"
expect_exit 1 "$NQSAT" count 24 --method join --max-memory 1G
expect_stderr "N = 24 by --method join needs an estimated [0-9.]+ GiB, more than the memory limit of 1.0 GiB"
expect_usage "--max-memory" count 12 --method join --max-memory lots
finish
