#!/usr/bin/env bash
# Bad command lines: one line on stderr naming the problem and pointing at
# --help, exit code 2, nothing on stdout.
. "$(dirname "$0")/lib.sh"

usage_case() { # REGEX ARGS...
  local regex=$1
  shift
  if expect_exit 2 "$NQSAT" "$@"; then
    expect_stderr "$regex"
    expect_stderr "--help"
    expect_equal "$(wc -l <"$WORK/err")" 1 "stderr lines of '$*'"
    expect_equal "$(wc -c <"$WORK/out")" 0 "stdout bytes of '$*'"
  fi
}

for command in encode solve count; do
  usage_case "N '0' is out of range|N 0 is out of range" $command 0
  usage_case "'-3'" $command -3
  usage_case "N 'abc' is not a whole number" $command abc
  usage_case "N '8x' is not a whole number" $command 8x
  usage_case "missing N" $command
  usage_case "unknown option '--frobnicate'" $command 8 --frobnicate
  usage_case "unexpected argument '9'" $command 8 9
  usage_case "out of range" $command 99999999999999999999
done
usage_case "N 20001 is out of range: must be 1..20000" encode 20001
usage_case "N 201 is out of range: must be 1..200" solve 201
usage_case "N 33 is out of range: must be 1..32" count 33
usage_case "N 28 is out of range: must be 1..27" verify 28
usage_case "N 0 is out of range" verify 0..3
usage_case "range '5..3' is empty" verify 5..3
usage_case "unknown encoding 'ladderz'" encode 8 --amo ladderz
usage_case "unknown encoding 'foo'" solve 8 --amo foo
usage_case "unknown encoding 'foo'" verify 4 --amo foo
usage_case "option '--amo' needs a value" encode 8 --amo
usage_case "option '-o' needs a value" encode 8 -o
usage_case "option '--max' needs a value" solve 8 --max
usage_case "--max 0 is out of range" solve 8 --max 0
usage_case "exclude each other" solve 8 --count --all
usage_case "unknown command 'frobnicate'" frobnicate

# The range in --help matches the range enforced.
for command in encode solve count verify; do
  expect_exit 0 "$NQSAT" $command --help
  grep -q "^usage: nqsat $command" "$WORK/out" || fail "$command --help lacks a usage line"
done
expect_exit 0 "$NQSAT" encode --help && grep -q "1..20000" "$WORK/out" || fail "encode --help range"
expect_exit 0 "$NQSAT" solve --help && grep -q "1..200" "$WORK/out" || fail "solve --help range"
expect_exit 0 "$NQSAT" count --help && grep -q "1..32" "$WORK/out" || fail "count --help range"
expect_exit 0 "$NQSAT" --help
expect_exit 2 "$NQSAT"

# I/O failures exit 1 and say which file.
expect_exit 1 "$NQSAT" encode 6 -o /nonexistent-dir/q.cnf && expect_stderr "/nonexistent-dir/q.cnf"
if [ -w /dev/full ]; then
  expect_exit 1 "$NQSAT" encode 30 -o /dev/full && expect_stderr "/dev/full.*No space"
  expect_exit 1 bash -c "\"$NQSAT\" solve 8 --all > /dev/full" && expect_stderr "standard output"
fi
finish
