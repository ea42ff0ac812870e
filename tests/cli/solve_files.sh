#!/usr/bin/env bash
# nqsat solve FILE: --split, --symmetry, --threads give the same
# count and the same models as the plain loop (--split off --symmetry off
# --threads 1); --stats lines; the header c lines of --all; files declaring
# far more variables than they use, answered at once with a small peak
# resident size; --max-memory refusals naming the estimate and the limit,
# and the native engine's estimate covering its measured peak.
. "$(dirname "$0")/lib.sh"
DATA=$(cd "$(dirname "$0")/../data" && pwd)

# models CMD...: the sorted v-line models of an --all run, one per line,
# restricted to variables 1..$limit (the projection: the queens of an nqsat
# file are 1..N^2; other variables' values are one witness each).
limit=2147483647
models() {
  "$@" | awk -v limit="$limit" '/^v/ { for (i = 2; i <= NF; i++) if ($i == 0) { print line; line = "" }
    else if ($i <= limit && -$i <= limit) line = line " " $i }' | sort
}

"$NQSAT" encode 8 --shuffle --seed 4 >"$WORK/s8.cnf"
"$NQSAT" encode 7 --amo seq >"$WORK/seq7.cnf"
for file in s8 seq7 uf20; do
  path=$WORK/$file.cnf
  [ "$file" = uf20 ] && path=$DATA/satlib/uf20-01.cnf
  limit=2147483647
  [ "$file" = seq7 ] && limit=49
  models "$NQSAT" solve "$path" --all --split off --symmetry off --threads 1 >"$WORK/plain"
  plain_count=$(wc -l <"$WORK/plain")
  case $file in
  s8) expect_equal "$plain_count" "$(known_count 8)" "$file plain loop" ;;
  seq7) expect_equal "$plain_count" "$(known_count 7)" "$file plain loop" ;;
  esac
  for mode in "--split auto --threads 1" "--split auto --threads 2" "--threads 7" \
    "--symmetry off --threads 2" "--split off --threads 2"; do
    # shellcheck disable=SC2086
    models "$NQSAT" solve "$path" --all $mode >"$WORK/split"
    checks=$((checks + 1))
    cmp -s "$WORK/plain" "$WORK/split" || fail "$file $mode: models differ from the plain loop"
    # shellcheck disable=SC2086
    expect_exit 10 "$NQSAT" solve "$path" --count $mode
    expect_equal "$(cat "$WORK/out")" "$plain_count" "$file $mode --count"
  done
  # The output itself (model order included) does not depend on threads.
  "$NQSAT" solve "$path" --all --threads 1 | grep -v '^c' >"$WORK/t1"
  "$NQSAT" solve "$path" --all --threads 7 | grep -v '^c' >"$WORK/t7"
  checks=$((checks + 1))
  cmp -s "$WORK/t1" "$WORK/t7" || fail "$file: --all output differs between 1 and 7 threads"
done

# --stats and the --all header.
expect_exit 10 "$NQSAT" solve "$WORK/s8.cnf" --count --stats
expect_stderr '^symmetry group order: [0-9]'
expect_stderr '^cubes: [0-9]+$'
expect_exit 10 "$NQSAT" solve "$WORK/s8.cnf" --count --stats --split off --symmetry off
expect_stderr '^symmetry group order: 1$'
expect_stderr '^cubes: 1$'
expect_exit 10 "$NQSAT" solve "$WORK/s8.cnf" --all --threads 2
checks=$((checks + 1))
grep -Eq '^c split: auto, [0-9]+ cubes' "$WORK/out" && grep -Eq '^c threads: 2' "$WORK/out" &&
  grep -Eq '^c symmetry: auto, group order' "$WORK/out" || fail "--all header lines: $(head -5 "$WORK/out")"
expect_usage "expected auto or off" solve "$WORK/s8.cnf" --split sometimes
expect_usage "apply to a DIMACS file" solve 8 --stats

# Variables declared or used far beyond what occurs: answered at once.
# Counted over the variables in clauses (--occurring): by the convention
# the counts are 2^(V - 1), a 646-million-digit number for the first
# (solve_count_convention.sh checks the convention up to 2^999).
printf 'p cnf 2147483647 1\n2147483647 0\n' >"$WORK/huge.cnf"
printf 'p cnf 100000000 1\n100000000 0\n' >"$WORK/big.cnf"
for file in huge big; do
  expect_exit 10 "$NQSAT" solve "$WORK/$file.cnf" --count --occurring
  expect_equal "$(cat "$WORK/out")" 1 "$file.cnf --count --occurring"
  expect_exit 10 "$NQSAT" solve "$WORK/$file.cnf"
  checks=$((checks + 1))
  grep -Eq '^v (2147483647|100000000) 0$' "$WORK/out" || fail "$file.cnf model: $(cat "$WORK/out")"
  if [ -x /usr/bin/time ] && [[ "$NQSAT" != *valgrind* ]]; then # valgrind: its own RSS
    /usr/bin/time -f %M -o "$WORK/rss" "$NQSAT" solve "$WORK/$file.cnf" --count --occurring >/dev/null
    checks=$((checks + 1))
    [ "$(tail -1 "$WORK/rss")" -lt 65536 ] || fail "$file.cnf: peak RSS $(tail -1 "$WORK/rss") KiB"
  fi
done

# --all --partial and --format compact (solve_partial.sh checks them
# against brute force; here they also run under valgrind): x1 or x2, and a
# tautology that mentions x3: 3 values of x1 x2 times 2 of x3, 6 models,
# which the engine finds as 2 cubes with free variables.
printf 'p cnf 3 2\n1 2 0\n3 -3 1 0\n' >"$WORK/free.cnf"
expect_exit 10 "$NQSAT" solve "$WORK/free.cnf" --all --partial --split off --symmetry off
checks=$((checks + 1))
grep -q '^c free' "$WORK/out" && grep -q '^c 6 models' "$WORK/out" ||
  fail "--partial on free.cnf: $(cat "$WORK/out")"
expect_exit 10 "$NQSAT" solve "$WORK/free.cnf" --all --format compact --partial --split off \
  --symmetry off
checks=$((checks + 1))
grep -Eq '^[01-]{3}$' "$WORK/out" && grep -q '^c 6 models' "$WORK/out" ||
  fail "--format compact on free.cnf: $(cat "$WORK/out")"

# --max-memory: the estimate and the limit in the refusal.
expect_exit 1 "$NQSAT" solve "$WORK/s8.cnf" --count --max-memory 1K
expect_stderr 'needs an estimated [0-9.]+ [KMG]iB, more than the memory limit of 1\.0 KiB'

# The native engine's share of the estimate: a chain x1 <-> x2 <-> ...
# <-> x20000 (exactly 2 models: all true, all false) on 2 workers, each
# loading the whole formula into its own engine. The refusal's estimate
# must cover the measured peak, and a limit above it lets the run start.
# (--no-preprocess: the preprocessing would merge the chain into one
# variable. --engine enumerate: the component counter, which auto picks for
# a chain, has a fixed part and a cache that takes what the limit leaves.)
equivalence_chain 20000 >"$WORK/chain.cnf"
expect_exit 1 "$NQSAT" solve "$WORK/chain.cnf" --count --engine enumerate --threads 2 --symmetry off --no-preprocess --max-memory 1K
estimate=$(sed -n 's/.*needs an estimated \([0-9.]*\) MiB.*/\1/p' "$WORK/err")
if [ -z "$estimate" ]; then
  fail "chain.cnf: no estimate in MiB in '$(cat "$WORK/err")'"
else
  limit=$(awk -v e="$estimate" 'BEGIN { printf "%dM", e + 1 }')
  expect_exit 10 "$NQSAT" solve "$WORK/chain.cnf" --count --engine enumerate --threads 2 --symmetry off --no-preprocess --max-memory "$limit"
  expect_equal "$(cat "$WORK/out")" 2 "chain.cnf --count"
  # valgrind and AddressSanitizer's shadow memory: an RSS of their own.
  if [ -x /usr/bin/time ] && [[ "$NQSAT" != *valgrind* ]] && ! grep -qs __asan_init "$NQSAT"; then
    /usr/bin/time -f %M -o "$WORK/rss" "$NQSAT" solve "$WORK/chain.cnf" --count --engine enumerate \
      --threads 2 --symmetry off --no-preprocess >/dev/null
    checks=$((checks + 1))
    awk -v kib="$(tail -1 "$WORK/rss")" -v e="$estimate" 'BEGIN { exit !(kib <= e * 1024) }' ||
      fail "chain.cnf: peak RSS $(tail -1 "$WORK/rss") KiB above the estimate of $estimate MiB"
  fi
fi
finish
