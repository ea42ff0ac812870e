#!/usr/bin/env bash
# verify's two SAT paths: the fast one (solve's split, symmetric, threaded
# enumeration) and --plain (one PicoSAT instance, a blocking clause per
# solution) must print the same table, row for row, for every encoding,
# whatever the thread count; each row's counts must be OEIS A000170 and
# A002562 (typed in below, independent of the table compiled into verify/);
# a symmetry image reported wrong must be caught by the set comparison
# (exit 1); with several board sizes in flight at once (stages of the next
# N start while one N finishes), rows still come in N order, the same as
# with one thread, and a disagreement is charged to its own row; a terminal
# gets the progress line, and the summary the time.
#
# NQSAT_TEST_VERIFY_RANGE (default 1..9) and NQSAT_TEST_VERIFY_AMO (default
# all) choose the comparison; when either is set, only the comparison runs.
# The default keeps the test to seconds (--plain is the slow side: about 2 s
# of CPU to N = 9 for the seven encodings, but about a minute to N = 11);
# tests/CMakeLists.txt runs N = 10..11 as one test per encoding (labelled
# slow), and only N = 10 in the sanitizer build.
. "$(dirname "$0")/lib.sh"

range=${NQSAT_TEST_VERIFY_RANGE:-1..9}
amo=${NQSAT_TEST_VERIFY_AMO:-all}
first=${range%..*} last=${range#*..}
comparison_only=0
[ -n "${NQSAT_TEST_VERIFY_RANGE:-}${NQSAT_TEST_VERIFY_AMO:-}" ] && comparison_only=1

# A002562(N), typed in from OEIS.
unique_count() {
  local table=(0 1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752)
  echo "${table[$1]}"
}

# rows FILE: the table's rows, without the header and the summary (whose
# time differs from run to run).
rows() { grep -E '^ *[0-9]+ ' "$1"; }

# check_rows WHAT FILE: every row of FILE agrees with OEIS in every column.
check_rows() {
  local n fields k i
  local -a field
  while read -r -a field; do
    n=${field[0]}
    fields=${#field[@]}
    k=$(((fields - 3) / 2 - 2)) # encodings: N, 2 + k totals, 2 + k classes, check, result
    checks=$((checks + 1))
    for ((i = 1; i <= k + 2; i++)); do
      [ "${field[i]}" = "$(known_count "$n")" ] || fail "$1: N = $n, column $i: ${field[*]}"
      [ "${field[i + k + 2]}" = "$(unique_count "$n")" ] ||
        fail "$1: N = $n, class column $i: ${field[*]}"
    done
    [ "${field[fields - 1]}" = ok ] || fail "$1: N = $n not ok: ${field[*]}"
  done < <(rows "$2")
}

expect_exit 0 "$NQSAT" verify "$range" --amo "$amo" --plain
rows "$WORK/out" >"$WORK/plain"
expect_equal "$(wc -l <"$WORK/plain")" "$((last - first + 1))" "rows of verify $range --plain"
check_rows "--plain" "$WORK/out"
for threads in 1 2 7; do
  expect_exit 0 "$NQSAT" verify "$range" --amo "$amo" --threads $threads
  rows "$WORK/out" >"$WORK/fast"
  checks=$((checks + 1))
  cmp -s "$WORK/plain" "$WORK/fast" ||
    fail "verify $range --amo $amo --threads $threads differs from --plain: $(diff "$WORK/plain" "$WORK/fast" | head -5)"
  grep -Eq "^agreement for N = $first\.\.$last in [0-9]+\.[0-9] s: " "$WORK/out" ||
    fail "summary with the time: $(tail -1 "$WORK/out")"
done
[ $comparison_only = 1 ] && { finish; exit; }

# Sets are compared at N = 13, counts beyond; one encoding keeps it short.
expect_exit 0 "$NQSAT" verify 13 --amo binary --threads 2
check_rows "verify 13" "$WORK/out"
grep -q "  sets   ok$" "$WORK/out" || fail "verify 13 compares sets: $(cat "$WORK/out")"

# A wrong symmetry image (the test hook reports one board's mirror in its
# place: a valid board, the right count) is a set disagreement: exit 1,
# the board listed twice named on stderr, the row marked.
NQSAT_TEST_WRONG_IMAGE=8 expect_exit 1 "$NQSAT" verify 7..9 --amo pairwise
expect_stderr "^nqsat verify: N = 8: SAT \(pairwise\): SAT lists \[[0-9 ]+\] twice$"
expect_stderr "^nqsat verify: 1 of 3 board sizes disagree"
expect_equal "$(rows "$WORK/out" | awk '{ print $1, $NF }' | tr '\n' ';')" "7 ok;8 DISAGREE;9 ok;" \
  "rows after a wrong image"
NQSAT_TEST_WRONG_IMAGE=11 expect_exit 1 "$NQSAT" verify 11 --amo seq --threads 2
expect_stderr "SAT \(seq\): SAT lists \[[0-9 ]+\] twice"
# --plain has no images to get wrong: the hook changes nothing there.
NQSAT_TEST_WRONG_IMAGE=8 expect_exit 0 "$NQSAT" verify 8 --amo pairwise --plain

# Stages of two board sizes run at once with more than one thread: rows in
# N order, each agreeing with OEIS, and the table equal to --threads 1's.
expect_exit 0 "$NQSAT" verify 1..11 --amo all --threads 1
rows "$WORK/out" >"$WORK/one_thread"
expect_exit 0 "$NQSAT" verify 1..11 --amo all --threads 3
check_rows "verify 1..11 --threads 3" "$WORK/out"
expect_equal "$(rows "$WORK/out" | awk '{ printf "%s ", $1 }')" "1 2 3 4 5 6 7 8 9 10 11 " \
  "row order of verify 1..11 --threads 3"
checks=$((checks + 1))
rows "$WORK/out" | cmp -s - "$WORK/one_thread" ||
  fail "verify 1..11 --threads 3 differs from --threads 1: $(rows "$WORK/out" | diff "$WORK/one_thread" - | head -5)"
# A wrong image at N = 9 while N = 10 is under way is charged to N = 9 only.
NQSAT_TEST_WRONG_IMAGE=9 expect_exit 1 "$NQSAT" verify 7..11 --amo seq --threads 3
expect_stderr "^nqsat verify: N = 9: SAT \(seq\): SAT lists \[[0-9 ]+\] twice$"
expect_equal "$(rows "$WORK/out" | awk '{ print $1, $NF }' | tr '\n' ';')" \
  "7 ok;8 ok;9 DISAGREE;10 ok;11 ok;" "rows after a wrong image, three threads"

# On a terminal, the progress line names N, the stage and the time.
if command -v script >/dev/null; then
  checks=$((checks + 1))
  script -qec "$NQSAT verify 6 --amo seq" /dev/null >"$WORK/tty" 2>&1 </dev/null
  grep -q "N = 6, seq (3 of 3): [0-9]* solutions, [0-9.]* s; [0-9.]* s in all" "$WORK/tty" ||
    fail "no progress line on a terminal: $(head -c 300 "$WORK/tty")"
fi
# Not on a terminal: nothing on stderr.
expect_exit 0 "$NQSAT" verify 6 --amo seq
expect_equal "$(wc -c <"$WORK/err")" 0 "stderr of verify off a terminal"

expect_usage "--threads" verify 6 --threads 0
expect_usage "--threads" verify 6 --threads 257
finish
