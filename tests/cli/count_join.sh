#!/usr/bin/env bash
# From the outside: nqsat count --method join against OEIS (typed
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

# Larger boards (A000170 typed in from OEIS), on one and two threads. Not
# under valgrind, which hides AVX-512 and emulates every instruction: its
# 4e9 pairs of half boards take minutes there even at the lesser levels
# (N = 13 below takes the same paths).
a000170_16=14772512 a002562_16=1846955
if grep -qs valgrind "$NQSAT"; then
  echo "note: count 16 --method join skipped under valgrind" >&2
else
  expect_exit 0 "$NQSAT" count 16 --method join --threads 1 &&
    expect_equal "$(cat "$WORK/out")" $a000170_16 "count 16 --method join, 1 thread (A000170)"
  expect_exit 0 "$NQSAT" count 16 --method join --unique --threads 2 &&
    expect_equal "$(cat "$WORK/out")" $a002562_16 "count 16 --method join --unique (A002562)"
fi

# Parts of the join's jobs merge to the total; each part line carries c1,
# the solutions counted singly, whose sum over the parts is a multiple of 8.
for i in 2 1 3 4; do
  expect_exit 0 "$NQSAT" count 13 --method join --part $i/4 && cp "$WORK/out" "$WORK/p$i.json"
done
grep -q '"method":"join"' "$WORK/p1.json" && grep -q '"c1":[0-9]' "$WORK/p1.json"
expect_equal "$?" 0 "a join part line names its method and carries c1"
expect_exit 0 "$NQSAT" count --merge "$WORK"/p{1,2,3,4}.json &&
  expect_equal "$(cat "$WORK/out")" "$(known_count 13)" "merge of 4 join parts of N = 13"
expect_exit 0 "$NQSAT" count --merge --unique "$WORK"/p{1,2,3,4}.json &&
  expect_equal "$(cat "$WORK/out")" 9233 "merge --unique of 4 join parts of N = 13 (A002562)"
# A part whose c1 (and total, so the line itself adds up) was raised by one:
# the merged c1 is no multiple of 8, which no honest set of parts gives.
c1=$(grep -o '"c1":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
total=$(grep -o '"total":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
unique=$(grep -o '"unique":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
c2=$(grep -o '"c2":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
c4=$(grep -o '"c4":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
c8=$(grep -o '"c8":[0-9]*' "$WORK/p2.json" | cut -d: -f2)
new_c1=$((c1 + 1))
sed -e "s/\"c1\":$c1,/\"c1\":$new_c1,/" -e "s/\"total\":$total,/\"total\":$((total + 1)),/" \
  -e "s/\"unique\":$unique,/\"unique\":$((c2 + c4 + c8 + new_c1 / 8)),/" "$WORK/p2.json" >"$WORK/p2x.json"
expect_exit 1 "$NQSAT" count --merge "$WORK"/p1.json "$WORK"/p2x.json "$WORK"/p{3,4}.json
expect_stderr "c1 add up to [0-9]+, not a multiple of 8"

# Refusals: exit 1 with the reason, nothing printed on stdout.
expect_exit 1 "$NQSAT" count 23 --method join
expect_stderr "join handles N up to 22, not 23"
expect_exit 1 "$NQSAT" count 22 --method join --max-memory 1G
expect_stderr "N = 22 by --method join needs an estimated [0-9.]+ GiB, more than the memory limit of 1.0 GiB"
expect_usage "--max-memory" count 12 --method join --max-memory lots
finish
