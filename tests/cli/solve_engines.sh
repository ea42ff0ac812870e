#!/usr/bin/env bash
# solve FILE's engines (--engine native/enumerate, picosat, components and
# the automatic choice between components and enumeration):
# - N-Queens files of every at-most-one encoding, shuffled, N = 1..9: the
#   set of boards listed by each engine is the same and has A000170(N)
#   members (OEIS, typed into lib.sh); at N = 8, counts with symmetry on
#   (1 thread) and off (7 threads) equal A000170(8) too;
# - random 3-SAT files written here by awk (seeded), from nearly free to
#   nearly unsatisfiable, with and without a 'c ind' projection: the
#   engines' counts agree (the native engine counts partial models 2^free
#   at once, the PicoSAT engine model by model);
# - --engine errors, and --stats naming the engine.
. "$(dirname "$0")/lib.sh"

# boards FILE ENGINE: each listed board on one line, sorted.
boards() {
  "$NQSAT" solve "$1" --all --board --engine "$2" 2>"$WORK/err" |
    awk '/^c|^s/ {next} /^$/ {if (b != "") print b; b = ""; next} {b = b $0 "|"} END {if (b != "") print b}' |
    sort
}

for amo in pairwise seq ladder commander product binary bimander; do
  for n in 1 2 3 4 5 6 7 8 9; do
    "$NQSAT" encode "$n" --amo "$amo" --shuffle --seed "$n" >"$WORK/f.cnf" 2>"$WORK/err" ||
      { fail "encode $n --amo $amo: $(cat "$WORK/err")"; continue; }
    boards "$WORK/f.cnf" native >"$WORK/native"
    boards "$WORK/f.cnf" picosat >"$WORK/picosat"
    expect_equal "$(wc -l <"$WORK/native" | tr -d ' ')" "$(known_count "$n")" "N=$n $amo boards (native)"
    expect_equal "$(uniq <"$WORK/native" | wc -l | tr -d ' ')" "$(known_count "$n")" "N=$n $amo distinct boards"
    checks=$((checks + 1))
    cmp -s "$WORK/native" "$WORK/picosat" || fail "N=$n $amo: the engines list different boards"
    if [ "$n" = 8 ]; then
      for mode in "--threads 1" "--threads 7 --symmetry off"; do
        # shellcheck disable=SC2086
        expect_equal "$("$NQSAT" solve "$WORK/f.cnf" --count $mode 2>&1)" "$(known_count "$n")" "N=$n $amo --count $mode"
      done
    fi
  done
done

for case in "30 40 1" "30 90 2" "40 120 3" "40 170 4" "50 150 5 20" "60 200 6 30" "25 60 7 25"; do
  read -r vars clauses seed projected <<<"$case"
  random_cnf "$vars" "$clauses" "$seed" "${projected:-0}" >"$WORK/r.cnf"
  native=$("$NQSAT" solve "$WORK/r.cnf" --count --threads 2 --engine enumerate 2>&1)
  picosat=$("$NQSAT" solve "$WORK/r.cnf" --count --threads 2 --engine picosat 2>&1)
  expect_equal "$native" "$picosat" "random $case: native against picosat"
  one=$("$NQSAT" solve "$WORK/r.cnf" --count --threads 1 --split off --engine native 2>&1)
  expect_equal "$one" "$picosat" "random $case: native, one search, against picosat"
  components=$("$NQSAT" solve "$WORK/r.cnf" --count --engine components 2>&1)
  expect_equal "$components" "$picosat" "random $case: components against picosat"
  auto=$("$NQSAT" solve "$WORK/r.cnf" --count 2>&1)
  expect_equal "$auto" "$picosat" "random $case: the automatic choice against picosat"
done

"$NQSAT" encode 6 >"$WORK/q6.cnf"
expect_usage "--engine: unknown engine 'fast': use auto, components, enumerate" solve "$WORK/q6.cnf" --count --engine fast
expect_usage "apply to a DIMACS file" solve 6 --count --engine picosat
expect_usage "--engine components counts" solve "$WORK/q6.cnf" --all --engine components
expect_usage "--engine components counts" solve "$WORK/q6.cnf" --count --unique --engine components
expect_exit 10 "$NQSAT" solve "$WORK/q6.cnf" --count --stats --engine native
expect_stderr "^engine: native"
expect_stderr "^decisions: [0-9]+"
expect_stderr "^models per second: [0-9]+"
expect_exit 10 "$NQSAT" solve "$WORK/q6.cnf" --count --stats --engine picosat
expect_stderr "^engine: picosat"
expect_exit 10 "$NQSAT" solve "$WORK/q6.cnf" --count --stats --engine components
expect_stderr "^engine: components"
expect_stderr "^cache hits: [0-9]+"
# The automatic choice says what its probe saw, whichever engine it picks.
expect_exit 10 "$NQSAT" solve "$WORK/q6.cnf" --count --stats
expect_stderr "^engine( choice)?: (components|enumerate), 1 probe of [0-9.]+ s: 1 component"
finish
