#!/usr/bin/env bash
# What `nqsat encode` writes: the header tells the truth, .gz decompresses to
# exactly the plain output, and a failed write never leaves a file behind.
. "$(dirname "$0")/lib.sh"

# header_check FILE: compares "p cnf V C" with the clauses and the largest
# variable actually present, and checks the projection lines, in one awk pass
# that shares nothing with the encoder.
header_check() {
  awk -v n="$2" '
    /^c ind / { ind = $0 }
    /^c p show / { show = $0 }
    /^c/ { next }
    /^p cnf / { if (seen_p++) bad = "two p lines"; v = $3; c = $4; next }
    {
      if (!seen_p) { bad = "clause before p line"; exit }
      for (i = 1; i <= NF; i++) {
        x = $i + 0; if (x < 0) x = -x
        if (x > maxvar) maxvar = x
        if ($i == "0") clauses++
      }
    }
    END {
      if (bad) { print bad; exit 1 }
      expect_ind = "c ind"; expect_show = "c p show"
      for (i = 1; i <= n * n; i++) { expect_ind = expect_ind " " i; expect_show = expect_show " " i }
      if (ind != expect_ind " 0") { print "c ind line wrong"; exit 1 }
      if (show != expect_show " 0") { print "c p show line wrong"; exit 1 }
      if (clauses != c) { print "header says " c " clauses, file has " clauses; exit 1 }
      if (maxvar > v) { print "literal " maxvar " exceeds header " v; exit 1 }
      if (v > n * n && maxvar != v) { print "header says " v " variables, largest is " maxvar; exit 1 }
    }' "$1"
}

for amo in pairwise seq; do
  for n in 1 2 3 4 7 8 13; do
    checks=$((checks + 1))
    "$NQSAT" encode $n --amo $amo -o "$WORK/q.cnf" || fail "encode $n --amo $amo failed"
    why=$(header_check "$WORK/q.cnf" $n) || fail "encode $n --amo $amo: $why"
    grep -q "^c encoding: at-most-one $amo" "$WORK/q.cnf" || fail "encoding not named ($amo)"
    grep -q "^c command: nqsat encode $n --amo $amo -o " "$WORK/q.cnf" || fail "command line missing"
    grep -q "^c generator: nqsat [0-9]" "$WORK/q.cnf" || fail "generator missing"
    grep -q "^c N: $n$" "$WORK/q.cnf" || fail "N missing"
  done
done

# A row's at-least-one clause is exactly its N queen variables.
"$NQSAT" encode 5 >"$WORK/five.cnf"
grep -qx "6 7 8 9 10 0" "$WORK/five.cnf" || fail "row 2 of N=5 should be '6 7 8 9 10 0'"
# Pairwise: a binary clause for every attacking pair, none for others.
grep -qx -- "-1 -7 0" "$WORK/five.cnf" || fail "(0,0)-(1,1) diagonal clause missing"
grep -qx -- "-1 -8 0" "$WORK/five.cnf" && fail "(0,0)-(1,2) is not an attack but has a clause"
checks=$((checks + 2))

# Same arguments, same bytes; stdout and -o FILE agree.
"$NQSAT" encode 9 --amo seq >"$WORK/a.cnf"
"$NQSAT" encode 9 --amo seq >"$WORK/b.cnf"
checks=$((checks + 1))
cmp -s "$WORK/a.cnf" "$WORK/b.cnf" || fail "two runs differ"

# .gz is real gzip and decompresses to the plain bytes (minus the command
# line, which names the output file).
for amo in pairwise seq; do
  "$NQSAT" encode 11 --amo $amo -o "$WORK/g.cnf.gz" || fail "gz encode failed"
  "$NQSAT" encode 11 --amo $amo -o "$WORK/g.cnf" || fail "plain encode failed"
  checks=$((checks + 2))
  gzip -t "$WORK/g.cnf.gz" || fail "not valid gzip"
  if ! diff <(gzip -dc "$WORK/g.cnf.gz" | grep -v '^c command:') <(grep -v '^c command:' "$WORK/g.cnf") >/dev/null; then
    fail "gzip output differs from plain output ($amo)"
  fi
done

# Atomic output: a failure leaves no file and no temporary behind; an
# existing file is left untouched when the new write fails.
mkdir "$WORK/dir"
echo "precious" >"$WORK/dir/keep.cnf"
expect_exit 1 bash -c "ulimit -f 8; exec \"$NQSAT\" encode 40 -o \"$WORK/dir/keep.cnf\"" 
expect_stderr "keep.cnf"
expect_equal "$(cat "$WORK/dir/keep.cnf")" "precious" "existing file after a failed write"
expect_exit 1 bash -c "ulimit -f 8; exec \"$NQSAT\" encode 40 -o \"$WORK/dir/new.cnf.gz\""
expect_equal "$(ls "$WORK/dir")" "keep.cnf" "directory after failed writes"

# A device is written directly, never renamed over.
expect_exit 0 "$NQSAT" encode 8 -o /dev/null
checks=$((checks + 1))
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
# A FIFO target is written directly and receives the whole formula.
mkfifo "$WORK/fifo"
cat "$WORK/fifo" >"$WORK/from-fifo" &
reader=$!
expect_exit 0 "$NQSAT" encode 8 -o "$WORK/fifo"
wait $reader
checks=$((checks + 2))
[ -p "$WORK/fifo" ] || fail "the FIFO was replaced"
diff <(grep -v '^c command:' "$WORK/from-fifo") <("$NQSAT" encode 8 | grep -v '^c command:') >/dev/null ||
  fail "formula through a FIFO differs"
finish
