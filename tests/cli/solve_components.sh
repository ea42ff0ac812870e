#!/usr/bin/env bash
# solve FILE --count by the component counter (--engine components) and the
# automatic choice, against independent counts:
# - the model-counting convention on hand-counted files (unused declared
#   and projected variables double the count; 'p cnf 1000 1' / '1 0' is
#   2^999, computed here by bc);
# - random 3-SAT files written by awk, against the enumeration engine, the
#   component counter on 1, 2 and 7 threads;
# - a small --max-memory: the cache evicts (--stats says so) and the count
#   is still the enumeration's; a bound below the formula itself refuses;
# - the N-Queens file N = 8 (A000170, typed into lib.sh), where the
#   automatic choice picks enumeration and --stats says why;
# - N-Queens files beside a narrow chain, counted with the branching
#   guided by a tree decomposition.
. "$(dirname "$0")/lib.sh"

printf 'p cnf 5 1\n1 2 0\n' >"$WORK/unused.cnf"
got=$("$NQSAT" solve "$WORK/unused.cnf" --count --engine components)
expect_equal "$got" 24 "p cnf 5 1 / 1 2 0 (3 * 2^3)"
got=$("$NQSAT" solve "$WORK/unused.cnf" --count --engine components --occurring)
expect_equal "$got" 3 "--occurring"
printf 'c ind 1 4 0\np cnf 5 2\n1 2 0\n-1 3 0\n' >"$WORK/projected.cnf"
got=$("$NQSAT" solve "$WORK/projected.cnf" --count --engine components)
expect_equal "$got" 4 "projection on 1 and 4 (4 unused: 2 * 2)"
printf 'p cnf 1000 1\n1 0\n' >"$WORK/big.cnf"
got=$("$NQSAT" solve "$WORK/big.cnf" --count --engine components)
expect_equal "$got" "$(echo '2^999' | BC_LINE_LENGTH=0 bc)" "2^999"
expect_exit 10 "$NQSAT" solve "$WORK/big.cnf" --count --engine components --format mcc
expect_equal "$(sed -n 2p "$WORK/out")" "c s type mc" "--format mcc type line"
printf 'p cnf 2 2\n1 0\n-1 0\n' >"$WORK/unsat.cnf"
expect_exit 20 "$NQSAT" solve "$WORK/unsat.cnf" --count --engine components
expect_equal "$(cat "$WORK/out")" 0 "an unsatisfiable file counts 0"

for case in "30 60 1" "40 120 2" "45 150 3 20" "50 200 4" "60 150 5 25"; do
  read -r vars clauses seed projected <<<"$case"
  random_cnf "$vars" "$clauses" "$seed" "${projected:-0}" >"$WORK/r.cnf"
  enumerated=$("$NQSAT" solve "$WORK/r.cnf" --count --engine enumerate --threads 1)
  threads_list="1"
  [ "$seed" -ge 3 ] && threads_list="1 2 7" # the larger ones, one projected
  for threads in $threads_list; do
    components=$("$NQSAT" solve "$WORK/r.cnf" --count --engine components --threads $threads)
    expect_equal "$components" "$enumerated" "random $case: components ($threads threads) against enumeration"
  done
  auto=$("$NQSAT" solve "$WORK/r.cnf" --count)
  expect_equal "$auto" "$enumerated" "random $case: the automatic choice against enumeration"
done

# The cache bound: 40 variables and 120 clauses need about 1.01 MiB
# besides the cache on one thread; 1040K leaves it about 3 KiB, a few
# dozen entries. Each thread holds its own copy: 2 threads need twice.
random_cnf 40 120 2 >"$WORK/r.cnf"
enumerated=$("$NQSAT" solve "$WORK/r.cnf" --count --engine enumerate --threads 1)
expect_exit 10 "$NQSAT" solve "$WORK/r.cnf" --count --engine components --max-memory 1040K --stats --threads 1
expect_equal "$(cat "$WORK/out")" "$enumerated" "--max-memory 1040K: the count"
expect_stderr "^cache evictions: [1-9][0-9]*$"
expect_exit 1 "$NQSAT" solve "$WORK/r.cnf" --count --engine components --max-memory 1040K --threads 2
expect_stderr "max-memory"
expect_exit 1 "$NQSAT" solve "$WORK/r.cnf" --count --engine components --max-memory 100K
expect_stderr "max-memory"

"$NQSAT" encode 8 >"$WORK/q8.cnf"
expect_exit 10 "$NQSAT" solve "$WORK/q8.cnf" --count --stats
expect_equal "$(cat "$WORK/out")" "$(known_count 8)" "N = 8, automatic choice"
expect_stderr "^engine choice: enumerate, 1 probe of [0-9.]+ s: .* 0 of [0-9]+ components from the cache"
expect_exit 10 "$NQSAT" solve "$WORK/q8.cnf" --count --engine components
expect_equal "$(cat "$WORK/out")" "$(known_count 8)" "N = 8, components"
# The encodings whose auxiliary variables let the counter's cache answer
# often (a third to a half of the components at N = 10) still count 10-20x
# slower by components: a width over the limit leaves them to enumeration.
for amo in seq commander product; do
  "$NQSAT" encode 10 --amo "$amo" >"$WORK/q10.cnf"
  expect_exit 10 "$NQSAT" solve "$WORK/q10.cnf" --count --stats
  expect_equal "$(cat "$WORK/out")" "$(known_count 10)" "N = 10 --amo $amo, automatic choice"
  expect_stderr "^engine choice: enumerate, .*elimination width > 64"
done
# Branching guided by a tree decomposition: an N-Queens file beside a
# chain of 150 implications on new variables (152 models: 0s then 1s),
# added to its projection (the queens' variables), is narrow enough
# overall for the decomposition to be used (--stats says so); the count
# is A000170's times 152.
for n in 5 6 7; do
  for amo in pairwise seq; do
    "$NQSAT" encode "$n" --amo "$amo" | awk -v chain=150 '
      /^p cnf/ { variables = $3; clauses = $4; next }
      /^c p show/ { sub(/ 0$/, ""); show = $0; next }
      /^c/ { next }
      { body = body $0 "\n" }
      END {
        printf "p cnf %d %d\n%s", variables + chain + 1, clauses + chain, body
        for (i = 1; i <= chain; i++) printf "-%d %d 0\n", variables + i, variables + i + 1
        printf "%s", show
        for (i = 1; i <= chain + 1; i++) printf " %d", variables + i
        printf " 0\n" }' >"$WORK/queens_chain.cnf"
    expect_exit 10 "$NQSAT" solve "$WORK/queens_chain.cnf" --count --engine components --stats
    expect_equal "$(cat "$WORK/out")" "$(($(known_count "$n") * 152))" "N = $n --amo $amo and a chain"
    expect_stderr "^branching: tree decomposition of width [0-9]+$"
  done
done
# The workers of --threads share the decomposition: the same count.
expect_exit 10 "$NQSAT" solve "$WORK/queens_chain.cnf" --count --engine components --threads 3
expect_equal "$(cat "$WORK/out")" "$(($(known_count 7) * 152))" "N = 7 and a chain, 3 threads"
finish
