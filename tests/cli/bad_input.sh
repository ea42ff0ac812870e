#!/usr/bin/env bash
# The bad-input table for command lines: for every command, N out of range
# or not a number, unknown options, missing or malformed option values.
# Each must give exactly one stderr line naming the problem, the expected
# non-zero exit (2 usage, 1 refused), nothing on stdout, and finish within
# 10 seconds (no hang; a crash would show as an exit code >= 128).
. "$(dirname "$0")/lib.sh"

# bad CODE REGEX ARGS...
bad() {
  local code=$1 regex=$2
  shift 2
  if expect_exit "$code" timeout 10 "$NQSAT" "$@"; then
    expect_stderr "$regex"
    expect_equal "$(wc -l <"$WORK/err")" 1 "stderr lines of 'nqsat $*'"
    expect_equal "$(wc -c <"$WORK/out")" 0 "stdout bytes of 'nqsat $*'"
  fi
}

# escape TEXT: TEXT as an extended regular expression matching itself.
escape() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }

# Every command that takes N, with its documented maximum.
declare -A max_n=([encode]=20000 [solve]=200 [count]=32 [verify]=27)
for command in encode solve count verify; do
  max=${max_n[$command]}
  bad 2 "N 0 is out of range: must be 1\.\.$max" $command 0
  bad 2 "N $((max + 1)) is out of range: must be 1\.\.$max" $command $((max + 1))
  bad 2 "N 99999999999999999999 is out of range" $command 99999999999999999999
  bad 2 "N -9223372036854775809 is out of range|'-9223372036854775809'" \
    $command -- -9223372036854775809
  for text in abc 8x 0x8 1e3 8.0 + '' ' 8' '8 ' '٣'; do
    bad 2 "N '$(escape "$text")' is not a whole number" $command "$text"
  done
  bad 2 "unknown option '--frobnicate'" $command 8 --frobnicate
  bad 2 "unknown option '-z'" $command 8 -z
  bad 2 "unknown option '--amox=seq'" $command 8 --amox=seq
  bad 2 "unexpected argument '9'" $command 8 9
done
for command in encode solve count; do
  bad 2 "missing N" $command
  bad 2 "missing N" $command --
done
bad 2 "'-3' is neither an option nor a valid N" count -3

# Option values: missing at the end, empty, malformed, out of range.
for command in encode solve verify; do
  bad 2 "option '--amo' needs a value" $command 8 --amo
  bad 2 "unknown encoding '' for --amo" $command 8 --amo=
  bad 2 "unknown encoding 'PAIRWISE' for --amo" $command 8 --amo PAIRWISE
done
bad 2 "option '-o' needs a value" encode 8 -o
bad 2 "option '--output' needs a value" encode 8 --output
bad 2 "option '--max' needs a value" solve 8 --max
bad 2 "--max 'x' is not a whole number" solve 8 --max x
bad 2 "--max '' is not a whole number" solve 8 --max=
bad 2 "--max 0 is out of range" solve 8 --max 0
bad 2 "--max -1 is out of range" solve 8 --max=-1
bad 2 "--max 99999999999999999999 is out of range" solve 8 --max 99999999999999999999
bad 2 "exclude each other" solve 8 --count --max 3
bad 2 "range '1\.\.' is not|N '' is not a whole number" verify 1..
bad 2 "range '\.\.5' is not of the form A\.\.B" verify ..5
bad 2 "N '\.5' is not a whole number" verify 1...5
bad 2 "range '5\.\.3' is empty" verify 5..3
bad 2 "N 28 is out of range" verify 1..28
bad 2 "N 'a' is not a whole number" verify a..b

# --max-memory: malformed sizes are usage errors; a run that would not fit
# is refused before allocating, naming the estimate and the limit.
for command in solve verify; do
  bad 2 "option '--max-memory' needs a value" $command 8 --max-memory
  for size in '' 12X 1.5G -1 G 4GG 'M1'; do
    bad 2 "--max-memory '$size' is not a size" $command 8 --max-memory="$size"
  done
  bad 2 "--max-memory must be more than 0" $command 8 --max-memory 0
  bad 2 "--max-memory 99999999999999999999 is too large" $command 8 --max-memory 99999999999999999999
  bad 2 "--max-memory 9999999T is too large" $command 8 --max-memory 9999999T
  bad 1 "N = 8 \(pairwise.*needs an estimated [0-9.]+ MiB, more than the memory limit of 1\.0 KiB" \
    $command 8 --max-memory 1K
done
bad 1 "solving N = 200 \(pairwise\) needs an estimated [0-9.]+ MiB, more than the memory limit of 64\.0 MiB" \
  solve 200 --max-memory 64M
bad 1 "verifying N = 13 \(seq, A000170\(N\) = 73712\) needs" verify 13 --amo seq --max-memory 2M
# Accepted spellings of a size run normally.
for size in 1073741824 1048576K 512M 512MB 512MiB 4G 4g 1T; do
  expect_exit 0 "$NQSAT" solve 6 --count --max-memory "$size" &&
    expect_equal "$(cat "$WORK/out")" "$(known_count 6)" "solve 6 --count --max-memory $size"
done
expect_exit 0 "$NQSAT" verify 4..6 --max-memory 64M

# A token the judge cannot read is named in the message, one printable
# line whatever its bytes: a control byte as \xNN, a long one cut at 20
# bytes with "...".
printf 'p cnf 2 1\n1 -\001x2 0\n' >"$WORK/control.cnf"
printf 's SATISFIABLE\nv 1 2 0\n' >"$WORK/answer.txt"
bad 1 'control\.cnf:2: .-\\x01x2. is not a literal' check --instance "$WORK/control.cnf" "$WORK/answer.txt"
printf 'p cnf 2 1\n1 2 0\n' >"$WORK/plain.cnf"
printf 's SATISFIABLE\nv 1 2\001abcdefghijklmnopqrstuvwxyz 0\n' >"$WORK/long.txt"
bad 1 'long\.txt:2: .2\\x01abcdefghijklmnopqr\.\.\.. is not a literal' \
  check --instance "$WORK/plain.cnf" "$WORK/long.txt"
finish
