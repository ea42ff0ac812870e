#!/usr/bin/env bash
# `solve FILE --count` counts the preprocessed formula (units, failed and
# equivalent literals, elimination of non-projected variables) with every
# engine: on small structured files (equivalence chains, AND and XOR gates,
# failed literals, units, random clauses; declared variables no clause
# uses; no projection, a random one, or the gates' inputs only) the count
# by each engine, with and without --no-preprocess, equals brute force
# over every assignment (lib.sh's brute_count, in awk), and --stats shows
# the preprocessing shrank the formula in some of them, enough (a quarter
# of the variables) for the engines to count the simplified one. The
# CDCL steps eliminate an XOR output that only Padoa's test shows defined.
. "$(dirname "$0")/lib.sh"

# structured SEED VARIABLES PROJECTION(0 none, 1 random, 2 gate inputs):
# declares VARIABLES + 2 (the last two in no clause).
structured() {
  awk -v seed="$1" -v n="$2" -v projection="$3" 'BEGIN {
    srand(seed); m = 0
    pieces = 1 + int(rand() * n)
    for (i = 0; i < pieces; i++) {
      a = 1 + int(rand() * n); b = 1 + int(rand() * n); g = 1 + int(rand() * n)
      sa = rand() < 0.5 ? -a : a; sb = rand() < 0.5 ? -b : b; sg = rand() < 0.5 ? -g : g
      kind = int(rand() * 7)
      if (kind <= 1) { c[m++] = -a " " sb; c[m++] = a " " (-sb) }  # a == sb
      else if (kind == 2 && g != a && g != b) {                    # g == a & b
        out[g] = 1; c[m++] = -g " " a; c[m++] = -g " " b; c[m++] = g " " (-a) " " (-b) }
      else if (kind == 3 && g != a && g != b && a != b) {          # g == a ^ b
        out[g] = 1; c[m++] = -g " " a " " b; c[m++] = -g " " (-a) " " (-b)
        c[m++] = g " " (-a) " " b; c[m++] = g " " a " " (-b) }
      else if (kind == 4 && a != b) { c[m++] = -a " " b; c[m++] = -a " " (-b) }  # a fails
      else if (kind == 5) c[m++] = sa " " sb
      else c[m++] = sa " " sb " " sg
    }
    print "p cnf " (n + 2) " " m
    if (projection == 1) {
      line = "c ind"; for (v = 1; v <= n + 2; v++) if (rand() < 0.5) line = line " " v; print line " 0"
    } else if (projection == 2) {
      line = "c ind"; for (v = 1; v <= n + 2; v++) if (!(v in out)) line = line " " v; print line " 0"
    }
    for (i = 0; i < m; i++) print c[i] " 0"
  }'
}

shrunk=0 counted_simplified=0
for seed in $(seq 1 36); do
  n=$((4 + seed % 8))
  file=$WORK/f$seed.cnf
  structured "$seed" "$n" $((seed % 3)) >"$file"
  expected=$(brute_count "$file")
  for engine in auto components enumerate; do
    for preprocess in "" --no-preprocess; do
      checks=$((checks + 1))
      got=$("$NQSAT" solve "$file" --count --threads 1 --engine "$engine" $preprocess 2>/dev/null)
      [ "$got" = "$expected" ] ||
        fail "seed $seed, --engine $engine $preprocess: $got models, brute force $expected"
    done
  done
  "$NQSAT" solve "$file" --count --threads 1 --stats 2>"$WORK/err" >/dev/null
  read -r before after < <(sed -n 's/^count preprocessing: \([0-9]*\) variables.* -> \([0-9]*\),.*/\1 \2/p' "$WORK/err")
  [ -n "${after:-}" ] && [ "$after" -lt "$before" ] && shrunk=$((shrunk + 1))
  grep -q '^count preprocessing: .*[0-9]$' "$WORK/err" && counted_simplified=$((counted_simplified + 1))
done
checks=$((checks + 1))
[ "$shrunk" -ge 10 ] || fail "the preprocessing shrank only $shrunk of 36 formulas"
checks=$((checks + 1))
[ "$counted_simplified" -ge 10 ] ||
  fail "only $counted_simplified of 36 formulas were counted simplified (a quarter fewer variables)"
echo "formulas shrunk by the preprocessing: $shrunk of 36, counted simplified: $counted_simplified"

# The CDCL steps: 4 == 1 XOR 2 (no AND/OR gate pattern) beside (1 | 2 | 3)
# and (3 | 5): Padoa's test finds 4 defined and simplicial, --stats says
# one variable was eliminated, and every engine's count is brute force's.
printf 'p cnf 5 6\n1 2 3 0\n3 5 0\n-4 1 2 0\n-4 -1 -2 0\n4 -1 2 0\n4 1 -2 0\n' >"$WORK/xor.cnf"
expected=$(brute_count "$WORK/xor.cnf")
for engine in auto components enumerate; do
  checks=$((checks + 1))
  got=$("$NQSAT" solve "$WORK/xor.cnf" --count --threads 1 --engine "$engine" 2>/dev/null)
  [ "$got" = "$expected" ] || fail "xor file, --engine $engine: $got models, brute force $expected"
done
checks=$((checks + 1))
"$NQSAT" solve "$WORK/xor.cnf" --count --threads 1 --stats 2>"$WORK/err" >/dev/null
grep -q '^count preprocessing by CDCL (.*): .* 1 variables eliminated, [0-9.]* s$' "$WORK/err" ||
  fail "xor file: no CDCL elimination in --stats: $(cat "$WORK/err")"
finish
