#!/usr/bin/env bash
# nqsat count --isa: every instruction-set level this processor has counts
# like OEIS (typed in lib.sh and below) and names itself in --stats; parts
# counted at different levels merge; levels the processor lacks are
# refused (NQSAT_ISA_MAX hides the levels above it, as on a lesser
# processor); auto picks the fastest level left.
# usage: count_isa.sh NQSAT
. "$(dirname "$0")/lib.sh"

# The levels this processor has: `--isa L` refuses the others with exit 1.
levels=""
for level in avx512 avx2 portable; do
  run "$NQSAT" count 4 --isa $level
  case $status in
  0) levels+="$level " ;;
  1) echo "note: --isa $level skipped: $(cat "$WORK/err")" >&2 ;;
  *) fail "count 4 --isa $level exited $status" ;;
  esac
done
expect_equal "$(echo "$levels" | grep -c portable)" 1 "the portable level runs everywhere"

for level in $levels; do
  for n in 1 5 12; do
    expect_exit 0 "$NQSAT" count $n --method join --isa $level --threads 2 &&
      expect_equal "$(cat "$WORK/out")" "$(known_count $n)" "count $n --isa $level (A000170)"
  done
  # A002562(13) = 9233.
  expect_exit 0 "$NQSAT" count 13 --method join --isa $level --unique --stats &&
    expect_equal "$(cat "$WORK/out")" 9233 "count 13 --isa $level --unique (A002562)"
  expect_stderr "method join, kernel $level"
  # Backtracking's kernel follows the level: vector at avx512, rows below.
  expect_exit 0 "$NQSAT" count 12 --method backtrack --isa $level --stats &&
    expect_equal "$(cat "$WORK/out")" "$(known_count 12)" "count 12 --method backtrack --isa $level"
  if [ "$level" = avx512 ]; then expect_stderr "method backtrack, kernel vector"
  else expect_stderr "method backtrack, kernel rows"; fi
done

# Parts counted at different levels add up (the job list is the same).
set -- $levels
first=$1 last=${!#}
expect_exit 0 "$NQSAT" count 13 --method join --part 1/2 --isa "$first" && cp "$WORK/out" "$WORK/p1.json"
expect_exit 0 "$NQSAT" count 13 --method join --part 2/2 --isa "$last" && cp "$WORK/out" "$WORK/p2.json"
expect_exit 0 "$NQSAT" count --merge "$WORK/p1.json" "$WORK/p2.json" &&
  expect_equal "$(cat "$WORK/out")" "$(known_count 13)" "parts at $first and $last merged"

# A processor without AVX-512 (then without AVX2): refused by name, exit 1;
# auto takes the best level left, and backtracking the rows kernel.
expect_exit 1 env NQSAT_ISA_MAX=avx2 "$NQSAT" count 12 --isa avx512
expect_stderr "^nqsat count: error: --isa avx512: this processor lacks it \(it has avx2\)"
expect_exit 1 env NQSAT_ISA_MAX=portable "$NQSAT" count 12 --isa avx2
expect_stderr "^nqsat count: error: --isa avx2: this processor lacks it \(it has portable\)"
expect_exit 0 env NQSAT_ISA_MAX=portable "$NQSAT" count 14 --stats &&
  expect_equal "$(cat "$WORK/out")" "$(known_count 14)" "count 14, auto on a portable-only processor"
expect_stderr "method join, kernel portable"
expect_exit 0 env NQSAT_ISA_MAX=portable "$NQSAT" count 12 --method backtrack --stats
expect_stderr "method backtrack, kernel rows"

# Usage errors: exit 2.
expect_usage "unknown --isa 'sse9': use auto, avx512, avx2 or portable" count 12 --isa sse9
expect_usage "--kernel is the old name of --isa: give one of them" count 12 --kernel vector --isa portable
finish
