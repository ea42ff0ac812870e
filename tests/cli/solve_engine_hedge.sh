#!/usr/bin/env bash
# The automatic engine choice's hedge (nqsat/engine_choice.h): a formula
# the probe leaves to enumeration, though it has far too many models to
# enumerate, is counted by a component-counter trial during the
# enumeration; a formula enumeration counts fast gets no trial.
# - U: a random 3-SAT formula A of 110 variables and 400 clauses (width
#   over 64: the probe says enumerate) and 8 disjoint copies of a random
#   formula g of 12 variables. Its count is count(A) * count(g)^8 (bc),
#   count(A) by the enumeration engine alone (0.1 s) and count(g) by
#   brute force; enumerating U takes minutes, the trial well under a
#   second. The count must be the same by auto on 1 and 2 threads and by
#   --engine components.
# - nqsat encode 12 --shuffle --seed 4: enumeration finishes before a
#   trial is worth it (A000170(12), typed into lib.sh).
# - nqsat encode 13 --shuffle --seed 4: one trial, whose cache answers
#   (almost) nothing, since the board does not fall apart into
#   components; no further trial, so the hedge costs one short trial
#   (A000170(13)). One thread: the trials' budgets are steps, so the path
#   does not depend on the machine's load.
. "$(dirname "$0")/lib.sh"

random_cnf 110 400 1 >"$WORK/a.cnf"
random_cnf 12 40 7 >"$WORK/g.cnf"
copies=8
{
  grep -v '^p' "$WORK/a.cnf"
  for i in $(seq 1 $copies); do
    awk -v offset=$((110 + 12 * (i - 1))) '!/^p/ {
      line = ""
      for (j = 1; j < NF; j++) line = line ($j < 0 ? $j - offset : $j + offset) " "
      print line "0"
    }' "$WORK/g.cnf"
  done
} >"$WORK/body"
{
  echo "p cnf $((110 + 12 * copies)) $(grep -c . "$WORK/body")"
  cat "$WORK/body"
} >"$WORK/u.cnf"
count_a=$("$NQSAT" solve "$WORK/a.cnf" --count --engine enumerate --threads 1)
count_g=$(brute_count "$WORK/g.cnf")
expected=$(echo "$count_a * $count_g ^ $copies" | BC_LINE_LENGTH=0 bc)

expect_exit 10 "$NQSAT" solve "$WORK/u.cnf" --count --threads 1 --stats
expect_equal "$(cat "$WORK/out")" "$expected" "U, automatic choice, 1 thread"
expect_stderr "^engine choice: enumerate, .*elimination width > 64"
expect_stderr "^component trials: [1-9][0-9]* .*: it counted the formula, the enumeration abandoned$"
expect_stderr "^engine: components \(a trial during the enumeration\)$"
expect_exit 10 "$NQSAT" solve "$WORK/u.cnf" --count --threads 2
expect_equal "$(cat "$WORK/out")" "$expected" "U, automatic choice, 2 threads"
expect_exit 10 "$NQSAT" solve "$WORK/u.cnf" --count --threads 1 --engine components
expect_equal "$(cat "$WORK/out")" "$expected" "U, --engine components"

"$NQSAT" encode 12 --shuffle --seed 4 >"$WORK/q12.cnf"
expect_exit 10 "$NQSAT" solve "$WORK/q12.cnf" --count --threads 1 --stats
expect_equal "$(cat "$WORK/out")" "$(known_count 12)" "N = 12 shuffled, automatic choice"
expect_stderr "^component trials: none"
expect_stderr "^engine: native"

"$NQSAT" encode 13 --shuffle --seed 4 >"$WORK/q13.cnf"
expect_exit 10 "$NQSAT" solve "$WORK/q13.cnf" --count --threads 1 --stats
expect_equal "$(cat "$WORK/out")" "$(known_count 13)" "N = 13 shuffled, automatic choice"
expect_stderr "^component trials: 1 .*: the formula does not fall apart, no more trials$"
expect_stderr "^engine: native"
finish
