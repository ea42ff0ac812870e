#!/usr/bin/env bash
# The repetitions behind encode_rows.sh (scripts/valgrind-cli.sh skips this
# script: it runs encode_rows.sh's code paths again some 120 times): the
# refused option combinations; the docs' size table at N = 8, 100 and
# 1000 for every encoding; picosat --all on every encoding
# for N = 1..8 against A000170; shuffled files and completion squares for
# every encoding; MiniZinc/Gecode --all-solutions for N = 1..10 against
# A000170, every answer read back by `nqsat check`.
. "$(dirname "$0")/lib.sh"
csps="direct support order log"

expect_usage "unknown encoding 'ladder' for --csp" encode 8 --csp ladder
expect_usage "--csp applies to --model rows only" encode 8 --model matrix --csp order
expect_usage "--amo applies to --model matrix only" encode 8 --csp log --amo seq
expect_usage "--parsimonious applies to --model matrix only" encode 8 --model rows --parsimonious
expect_usage "--format opb states the matrix model" encode 8 --model rows --format opb
expect_usage "--csp applies to CNF only, not to --format mzn" encode 8 --csp order --format mzn
expect_usage "--shuffle does not apply to --format mzn" encode 8 --format mzn --shuffle
expect_usage "unknown encoding 'binary' for --csp" check 8 --csp binary
expect_usage "unknown model 'cols'" encode 8 --model cols
expect_usage "--redundant applies to --model matrix only" encode 8 --model rows --redundant
expect_usage "--format mzn writes the rows model" encode 8 --model matrix --format mzn
expect_usage "unknown value 'bytes' for --stats" encode 8 --stats=bytes
expect_usage "--explain does not apply to --format mzn" encode 8 --format mzn --explain

# The table of docs/teaching.md, computed from its formulas.
sizes() {
  case "$1 $2" in
  "direct 8") echo "64 736 1520" ;;
  "direct 100") echo "10000 1646800 3303400" ;;
  "support 8") echo "64 680 3536" ;;
  "support 100") echo "10000 1485100 98686600" ;;
  "order 8") echo "56 552 1888" ;;
  "order 100") echo "9900 1161500 4586800" ;;
  "log 8") echo "24 504 3024" ;;
  "log 100") echo "700 1154500 16143400" ;;
  "direct 1000") echo "1000000 1664668000 3330334000" ;;
  "order 1000") echo "999000 1166165000 4658668000" ;;
  "log 1000") echo "10000 1165191000 23303580000" ;;
  esac
}
for csp in $csps; do
  for n in 8 100 1000; do
    [ "$csp $n" = "support 1000" ] && continue # in encode_rows.sh
    got=$("$NQSAT" encode "$n" --csp "$csp" --stats=counts | awk '{ printf "%s%s", sep, $2; sep = " " }')
    expect_equal "$got" "$(sizes "$csp" "$n")" "--csp $csp N=$n --stats=counts"
  done
done
# Direct has the matrix model's pairwise size (the same clauses, in fact:
# tests/test_encoder_csp.c).
expect_equal "$("$NQSAT" encode 100 --stats=counts | awk '{ printf "%s ", $2 }')" \
  "10000 1646800 3303400 " "matrix pairwise N=100 (= direct)"

honouring=$("$NQSAT" solve 8 --method backtrack --all | awk '$1 == 1 && $2 != 3' | wc -l)
for csp in $csps; do
  if command -v picosat >/dev/null; then
    for n in 1 2 3 4 5 6 7 8; do
      "$NQSAT" encode "$n" --csp "$csp" -o "$WORK/r.cnf"
      expect_equal "$(picosat --all "$WORK/r.cnf" | grep -c '^s SATISFIABLE')" "$(known_count "$n")" \
        "picosat --all on --csp $csp N=$n"
    done
  fi
  "$NQSAT" encode 8 --csp "$csp" --shuffle --seed 9 -o "$WORK/s.cnf"
  expect_exit 10 "$NQSAT" solve "$WORK/s.cnf" --count
  expect_equal "$(cat "$WORK/out")" 92 "solve --count of shuffled --csp $csp"
  "$NQSAT" encode 8 --csp "$csp" --place 1,1 --block 2,3 -o "$WORK/c.cnf"
  expect_exit 10 "$NQSAT" solve "$WORK/c.cnf" --count
  expect_equal "$(cat "$WORK/out")" "$honouring" "--csp $csp with --place 1,1 --block 2,3"
done

if command -v minizinc >/dev/null; then
  for n in 1 2 3 4 5 6 7 8 9 10; do
    "$NQSAT" encode "$n" --format mzn -o "$WORK/q.mzn" || fail "encode $n --format mzn failed"
    minizinc --solver gecode --all-solutions "$WORK/q.mzn" >"$WORK/mzn.txt" 2>"$WORK/mzn.err" ||
      fail "minizinc failed on N=$n: $(head -c 300 "$WORK/mzn.err")"
    count=$(known_count "$n")
    expect_equal "$(grep -c '^q = \[' "$WORK/mzn.txt")" "$count" "minizinc N=$n"
    checks=$((checks + 1))
    tail -n 1 "$WORK/mzn.txt" | grep -qE '^(==========|=====UNSATISFIABLE=====)$' ||
      fail "minizinc N=$n did not report the end of its search"
    expect_exit 0 "$NQSAT" check "$n" "$WORK/mzn.txt"
    # MiniZinc's closing ========== claims the search complete: the verdict
    # says the claim was checked against the verifier's set (N <= 13).
    if [ "$count" -gt 0 ]; then
      end_line=$(grep -n '^==========$' "$WORK/mzn.txt" | tail -n 1 | cut -d: -f1)
      expect_equal "$(tail -n 1 "$WORK/out")" \
        "$count solution$([ "$count" = 1 ] || echo s) checked: $count valid, 0 invalid; complete (claimed by ========== at line $end_line): equal to the verifier's set" \
        "check $n of MiniZinc's output"
    fi
  done
  "$NQSAT" encode 8 --format mzn --place 1,1 --block 2,3 -o "$WORK/c.mzn"
  minizinc --solver gecode --all-solutions "$WORK/c.mzn" >"$WORK/mzn.txt" 2>/dev/null
  expect_equal "$(grep -c '^q = \[' "$WORK/mzn.txt")" "$honouring" "minizinc with --place/--block"
else
  echo "note: minizinc not installed (scripts/setup.sh --test-tools); MiniZinc counts skipped" >&2
fi
finish
