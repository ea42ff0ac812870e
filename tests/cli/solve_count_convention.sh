# solve FILE counts by the model-counting convention: over every declared
# variable, or over the projection set ('c ind', 'c p show'); a projected
# variable that no clause mentions doubles the count. Expected values come
# from a brute-force counter here (every assignment of every declared
# variable, up to 17), from exact decimal arithmetic done here, and from
# picosat --all / clasp -n 0 when installed.
. "$(dirname "$0")/lib.sh"

# brute_orbits FILE: orbits of the models of a file without projection
# (V <= 7) under every permutation of its variables that maps its set of
# clauses onto itself (the group solve --unique states: no variable is sent
# to a negated one, and the unused variables are permuted freely).
brute_orbits() {
  awk -f "$CLI_TESTS/clauses.awk" -e '
    function sort_join(a, n,    i, j, t, s) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      s = ""; for (i = 1; i <= n; i++) s = s a[i] " "; return s
    }
    function clause_set(p,    c, k, l, lits, n, keys) {
      for (c = 0; c < clauses; c++) {
        n = 0; split("", lits)
        for (k = 0; k < len[c]; k++) { l = lit[c, k]; lits[++n] = sprintf("%+04d", l > 0 ? p[l] : -p[-l]) }
        keys[c + 1] = sort_join(lits, n) "|"
      }
      return sort_join(keys, clauses)
    }
    function permute(k,    i, t) {
      if (k > V) { if (clause_set(perm) == original) { order++; for (i = 1; i <= V; i++) group[order, i] = perm[i] } return }
      for (i = k; i <= V; i++) {
        t = perm[k]; perm[k] = perm[i]; perm[i] = t
        permute(k + 1)
        t = perm[k]; perm[k] = perm[i]; perm[i] = t
      }
    }
    BEGIN { clauses = 0 }
    /^c/ { next }
    /^p / { V = $3; next }
    { for (i = 1; i <= NF; i++) if ($i == 0) clauses++; else lit[clauses, len[clauses]++] = $i }
    END {
      for (v = 1; v <= V; v++) identity[v] = perm[v] = v
      original = clause_set(identity)
      permute(1)
      for (a = 0; a < 2 ^ V; a++) {
        x = a
        for (v = 1; v <= V; v++) { val[v] = x % 2; x = int(x / 2) }
        if (!satisfies(lit, len, clauses, val)) continue
        least = ""
        for (g = 1; g <= order; g++) {
          for (v = 1; v <= V; v++) image[group[g, v]] = val[v]
          key = ""; for (v = 1; v <= V; v++) key = key image[v]
          if (least == "" || key < least) least = key
        }
        if (!(least in seen)) { seen[least] = 1; orbits++ }
      }
      print orbits + 0
    }' "$1"
}

# power_of_two E: 2^E in decimal, by repeated doubling of a digit string.
power_of_two() {
  awk -v e="$1" 'BEGIN {
    n = "1"
    for (k = 0; k < e; k++) {
      carry = 0; out = ""
      for (i = length(n); i >= 1; i--) { d = substr(n, i, 1) * 2 + carry; out = (d % 10) out; carry = int(d / 10) }
      n = (carry ? carry : "") out
    }
    print n }'
}

# times_small DECIMAL M: DECIMAL * M for a small M, digit by digit.
times_small() {
  awk -v n="$1" -v m="$2" 'BEGIN {
    carry = 0; out = ""
    for (i = length(n); i >= 1; i--) { d = substr(n, i, 1) * m + carry; out = (d % 10) out; carry = int(d / 10) }
    print (carry ? carry : "") out }'
}

# count_is FILE EXPECTED WHAT [OPTION...]: solve FILE --count prints EXPECTED.
count_is() {
  local file=$1 expected=$2 what=$3
  shift 3
  run "$NQSAT" solve "$file" --count "$@"
  checks=$((checks + 1))
  case $expected in
  0) [ "$status" -eq 20 ] || fail "$what: exit $status, expected 20" ;;
  *) [ "$status" -eq 10 ] || fail "$what: exit $status, expected 10; $(head -c 300 "$WORK/err")" ;;
  esac
  expect_equal "$(cat "$WORK/out")" "$expected" "$what"
}

# ---- p cnf 5 1 / 1 2 0 (3 * 2^3 = 24 models), and counts against brute force ----
printf 'p cnf 5 1\n1 2 0\n' >"$WORK/example.cnf"
expect_equal "$(brute_count "$WORK/example.cnf")" 24 "brute force of the example"
count_is "$WORK/example.cnf" 24 "p cnf 5 1 / 1 2 0"
count_is "$WORK/example.cnf" 3 "--occurring of the example" --occurring
printf 'p cnf 4 0\n' >"$WORK/no_clauses.cnf"
count_is "$WORK/no_clauses.cnf" 16 "no clauses, 4 declared variables"
printf 'p cnf 6 2\n1 0\n-1 0\n' >"$WORK/unsat.cnf"
count_is "$WORK/unsat.cnf" 0 "unsatisfiable with unused variables"

# Unused variables between, before and after the used ones; projections
# that name unused variables, used ones, and both; 'c p show' as 'c ind'.
i=0
for spec in "12 9 30" "14 10 35" "16 13 50" "10 4 6" "17 14 55"; do
  set -- $spec
  i=$((i + 1))
  random_cnf_declared $i "$1" "$2" "$3" >"$WORK/r$i.cnf"
  count_is "$WORK/r$i.cnf" "$(brute_count "$WORK/r$i.cnf")" "r$i.cnf ($1 declared, $2 used)"
  [ "$1" -le 16 ] && # 2^17 assignments once is enough
    count_is "$WORK/r$i.cnf" "$(brute_count "$WORK/r$i.cnf" occurring)" "r$i.cnf --occurring" --occurring
done
for line in "c ind 1 2 3 11 12 0" "c p show 2 4 6 8 12 0" "c ind 11 12 0" "c ind 1 5 0"; do
  i=$((i + 1))
  random_cnf_declared $i 12 9 25 "$line" >"$WORK/p$i.cnf"
  count_is "$WORK/p$i.cnf" "$(brute_count "$WORK/p$i.cnf")" "p$i.cnf ($line)"
  count_is "$WORK/p$i.cnf" "$(brute_count "$WORK/p$i.cnf" occurring)" "p$i.cnf --occurring" --occurring
  count_is "$WORK/p$i.cnf" "$(brute_count "$WORK/p$i.cnf")" "p$i.cnf, no split" --split off --symmetry off
done

# ---- exact beyond 64 bits ----
printf 'p cnf 1000 1\n1 0\n' >"$WORK/big999.cnf"
count_is "$WORK/big999.cnf" "$(power_of_two 999)" "p cnf 1000 1 / 1 0: 2^999"
printf 'p cnf 202 1\n1 2 0\n' >"$WORK/three200.cnf"
count_is "$WORK/three200.cnf" "$(times_small "$(power_of_two 200)" 3)" "3 * 2^200"
printf 'c p show 1 2 300 301 0\np cnf 400 1\n1 2 0\n' >"$WORK/projected_big.cnf"
count_is "$WORK/projected_big.cnf" 12 "projection: unused projected variables double, others do not"
# The enumeration's own count passes 2^64: one clause of 70 literals has
# 2^70 - 1 models (partial assignments stand for up to 2^62 each).
{ echo "p cnf 72 1"; seq 1 70 | tr '\n' ' '; echo 0; } >"$WORK/wide.cnf"
wide=$(power_of_two 70)
wide="${wide%?}$((${wide: -1} - 1))" # 2^70 ends in 4: no borrow
count_is "$WORK/wide.cnf" "$(times_small "$wide" 4)" "(2^70 - 1) * 2^2" --symmetry off
count_is "$WORK/wide.cnf" "$wide" "2^70 - 1 over the occurring variables" --occurring --symmetry off

# ---- an undeclared projection variable is an error naming file and line ----
printf 'p cnf 3 1\nc ind 1 4 0\n1 0\n' >"$WORK/undeclared.cnf"
expect_exit 1 "$NQSAT" solve "$WORK/undeclared.cnf" --count
expect_stderr "undeclared.cnf:2: projection variable 4 exceeds the 3 variables"

# ---- --all, --max: models over the occurring variables, closing count by the convention ----
expect_exit 10 "$NQSAT" solve "$WORK/example.cnf" --all
expect_equal "$(grep -c '^v' "$WORK/out")" 3 "--all lists models over the occurring variables"
checks=$((checks + 1))
grep -v '^v' "$WORK/out" | grep -q '^c 3 projected variables occur in no clause' ||
  fail "--all header does not name the unused variables: $(head -c 400 "$WORK/out")"
checks=$((checks + 1))
awk '/^v/ { for (i = 2; i <= NF; i++) if ($i != 0 && ($i > 2 || $i < -2)) bad = 1 } END { exit bad }' "$WORK/out" ||
  fail "--all lists a variable that occurs in no clause"
expect_equal "$(tail -n 1 "$WORK/out")" "c 24 models (3 listed over the variables that occur)" "--all closing count"
expect_exit 10 "$NQSAT" solve "$WORK/example.cnf" --all --occurring
expect_equal "$(tail -n 1 "$WORK/out")" "c 3 models" "--all --occurring closing count"
expect_exit 10 "$NQSAT" solve "$WORK/example.cnf" --max 2
expect_equal "$(tail -n 1 "$WORK/out")" "c 16 models (2 listed over the variables that occur) (stopped at --max 2)" "--max 2 closing count: the listed models, and that the list was cut"

# ---- --unique: orbits under the stated group, against brute force ----
run "$NQSAT" solve "$WORK/example.cnf" --count --unique --stats
if grep -q '^symmetry group order: 1$' "$WORK/err"; then
  echo "skipped: --unique against brute-force orbits (nqsat built without nauty)"
else
  printf 'p cnf 7 3\n1 2 0\n-1 -2 0\n3 4 5 0\n' >"$WORK/sym1.cnf"
  printf 'p cnf 6 2\n1 2 3 0\n-1 -2 -3 0\n' >"$WORK/sym2.cnf"
  printf 'p cnf 7 4\n1 2 0\n2 3 0\n-1 4 0\n-3 4 0\n' >"$WORK/sym3.cnf"
  for f in example sym1 sym2 sym3 no_clauses; do
    count_is "$WORK/$f.cnf" "$(brute_orbits "$WORK/$f.cnf")" "$f.cnf --unique" --unique
  done
  # With --symmetry off the stated group is trivial: orbits are models.
  count_is "$WORK/sym1.cnf" "$(brute_count "$WORK/sym1.cnf")" "sym1.cnf --unique --symmetry off" \
    --unique --symmetry off
fi

# ---- --format mcc: the Model Counting Competition 2021 answer lines ----
# mcc_lines FILE COUNT STATUS TYPE: the four lines, in order, and nothing else.
mcc_lines() {
  local file=$1 count=$2 answer=$3 type=$4
  run "$NQSAT" solve "$file" --count --format mcc
  checks=$((checks + 1))
  awk -v count="$count" -v answer="$answer" -v type="$type" '
    NR == 1 && $0 != "s " answer { print "line 1: " $0; bad = 1 }
    NR == 2 && $0 != "c s type " type { print "line 2: " $0; bad = 1 }
    NR == 3 {
      if ($1 != "c" || $2 != "s" || $3 != "log10-estimate" || NF != 4) { print "line 3: " $0; bad = 1 }
      else if (count == "0") { if ($4 != "-inf") { print "log10 of 0: " $4; bad = 1 } }
      else {
        # log10 from the leading digits and the length of the decimal count
        lead = substr(count, 1, 15); expected = log(lead) / log(10) + length(count) - length(lead)
        if ($4 !~ /^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/ || ($4 - expected) ^ 2 > 1e-12) { print "log10: " $4 " vs " expected; bad = 1 }
      }
    }
    NR == 4 && $0 != "c s exact arb int " count { print "line 4: " substr($0, 1, 80); bad = 1 }
    END { if (NR != 4) { print NR " lines"; bad = 1 } exit bad }' "$WORK/out" >"$WORK/mcc_check" ||
    fail "--format mcc on $(basename "$file"): $(cat "$WORK/mcc_check")"
}
mcc_lines "$WORK/example.cnf" 24 SATISFIABLE mc
mcc_lines "$WORK/unsat.cnf" 0 UNSATISFIABLE mc
mcc_lines "$WORK/p6.cnf" "$(brute_count "$WORK/p6.cnf")" SATISFIABLE pmc
mcc_lines "$WORK/p7.cnf" "$(brute_count "$WORK/p7.cnf")" SATISFIABLE pmc
mcc_lines "$WORK/big999.cnf" "$(power_of_two 999)" SATISFIABLE mc
expect_usage "--format mcc goes with --count alone" solve "$WORK/example.cnf" --all --format mcc
expect_usage "--format mcc goes with --count alone" solve "$WORK/example.cnf" --count --unique --format mcc
expect_usage "unknown format 'dimacs': use plain, mcc or compact" solve "$WORK/example.cnf" --count --format dimacs
expect_usage "apply to a DIMACS file" solve 8 --count --occurring

# ---- counts beyond --exact-digits (default 100,000 digits): exact as M*2^K ----
# 2^999 has 301 digits (999 * log10 2 = 300.7): in full up to the cap, as
# 2^999 beyond it; 3 * 2^200 (61 digits) as 3*2^200 below 61.
count_is "$WORK/big999.cnf" "$(power_of_two 999)" "2^999 at --exact-digits 301" --exact-digits 301
count_is "$WORK/big999.cnf" "2^999" "2^999 at --exact-digits 300" --exact-digits 300
expect_stderr "more than --exact-digits 300: printed exactly as M\*2\^K \(log10 300\.7289"
count_is "$WORK/three200.cnf" "3*2^200" "3 * 2^200 at --exact-digits 60" --exact-digits 60
count_is "$WORK/three200.cnf" "$(times_small "$(power_of_two 200)" 3)" "3 * 2^200 at 61" --exact-digits 61
# 2^2147483646 has 646,456,993 digits: by default its short form, at once
# (printed in full it took minutes and gigabytes).
printf 'p cnf 2147483647 1\n1 0\n' >"$WORK/huge.cnf"
count_is "$WORK/huge.cnf" "2^2147483646" "p cnf 2147483647 1 / 1 0"
expect_stderr "about 646456993 decimal digits, more than --exact-digits 100000"
expect_exit 10 "$NQSAT" solve "$WORK/huge.cnf" --count --format mcc
checks=$((checks + 1))
awk 'NR == 1 && $0 != "s SATISFIABLE" { bad = 1 } NR == 2 && $0 != "c s type mc" { bad = 1 }
     NR == 3 && !($1 == "c" && $3 == "log10-estimate" && $4 > 646456992.64 && $4 < 646456992.65) { bad = 1 }
     /^c s exact/ { bad = 1 } /^c o exact count 2\^2147483646 / { short = 1 }
     END { exit bad || !short }' "$WORK/out" ||
  fail "--format mcc of 2^2147483646: $(head -c 400 "$WORK/out")"
expect_exit 10 "$NQSAT" solve "$WORK/big999.cnf" --count --format mcc --exact-digits 301
checks=$((checks + 1))
grep -qx "c s exact arb int $(power_of_two 999)" "$WORK/out" ||
  fail "--format mcc --exact-digits 301 lacks the exact line of 2^999"
expect_usage "--exact-digits" solve "$WORK/big999.cnf" --count --exact-digits 0
expect_usage "apply to a DIMACS file" solve 8 --count --exact-digits 5

# ---- other counters, where installed (files without projection: picosat
# and clasp read no 'c ind') ----
for f in example r1 r4 no_clauses; do
  if command -v picosat >/dev/null; then
    expected=$(picosat --all "$WORK/$f.cnf" | sed -n 's/^s SOLUTIONS //p')
    [ -n "$expected" ] || expected=0
    count_is "$WORK/$f.cnf" "$expected" "$f.cnf against picosat --all"
  else
    echo "skipped: picosat --all comparison (picosat not installed)"
  fi
  if command -v clasp >/dev/null; then
    expected=$(clasp -n 0 "$WORK/$f.cnf" | sed -n 's/^c Models *: *\([0-9]*\).*/\1/p')
    count_is "$WORK/$f.cnf" "$expected" "$f.cnf against clasp -n 0"
  else
    echo "skipped: clasp -n 0 comparison (clasp not installed)"
  fi
done

finish
