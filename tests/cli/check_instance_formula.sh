# check --instance on formulas nqsat did not write (no 'c N:' line, no
# known count): models are judged on the clauses, and exact count claims
# ('s mc', 'c s exact arb int', 's SOLUTIONS', 'c K models') against
# nqsat's own count made within --time-limit. Expected counts come from the
# brute-force counter of lib.sh (every assignment of up to 14 variables)
# and from decimal arithmetic here, never from nqsat.
. "$(dirname "$0")/lib.sh"

# verdict_is EXIT REGEX FILE ANSWER_TEXT [OPTION...]: check --instance on
# an answer file holding ANSWER_TEXT exits EXIT and prints REGEX.
verdict_is() {
  local code=$1 regex=$2 file=$3 text=$4
  shift 4
  printf '%s\n' "$text" >"$WORK/answer.txt"
  expect_exit "$code" "$NQSAT" check --instance "$file" "$WORK/answer.txt" "$@" &&
    expect_stdout "$regex"
}

expect_stdout() {
  checks=$((checks + 1))
  grep -Eq -- "$1" "$WORK/out" || fail "stdout lacks /$1/: $(head -c 400 "$WORK/out")"
}

# ---- random formulas: counts by brute force; right and wrong claims ----
for seed in 1 2 3 4 5 6 7 8; do
  declared=$((10 + seed % 4)) used=$((8 + seed % 3)) clauses=$((18 + 3 * seed))
  f="$WORK/r$seed.cnf"
  random_cnf_declared "$seed" "$declared" "$used" "$clauses" >"$f"
  count=$(brute_count "$f")
  verdict_is 0 "^correct count .*: $count models, as nqsat counts" "$f" "s mc $count"
  verdict_is 1 "^wrong-count count .*: $((count + 1)) models claimed, nqsat counts $count" \
    "$f" "s mc $((count + 1))"
  status_line="s SATISFIABLE"
  [ "$count" -eq 0 ] && status_line="s UNSATISFIABLE"
  verdict_is 0 "^correct count" "$f" "$(printf '%s\nc s type mc\nc s exact arb int %s' "$status_line" "$count")"
  [ "$count" -gt 0 ] && verdict_is 1 "^wrong-count" "$f" "c s exact arb int $((count - 1))"
  if [ "$count" -eq 0 ]; then
    verdict_is 0 "^correct status .*UNSATISFIABLE, and nqsat counts no model" "$f" "s UNSATISFIABLE"
  else
    verdict_is 1 "^wrong-status status .*UNSATISFIABLE claimed, but the instance has a solution" \
      "$f" "s UNSATISFIABLE"
  fi
  # nqsat's own MCC lines read back (the count itself is brute force's).
  "$NQSAT" solve "$f" --count --format mcc >"$WORK/mcc.txt"
  checks=$((checks + 1))
  grep -qx "c s exact arb int $count" "$WORK/mcc.txt" || fail "r$seed: solve --format mcc disagrees with brute force ($count)"
  expect_exit 0 "$NQSAT" check --instance "$f" "$WORK/mcc.txt"
  expect_stdout "^correct estimate"
done

# ---- model lists: picosat --all (counts over every declared variable) ----
if command -v picosat >/dev/null; then
  for seed in 1 2 3; do
    f="$WORK/full$seed.cnf"
    random_cnf_declared "$seed" 9 9 $((20 + seed)) >"$f"
    count=$(brute_count "$f")
    picosat --all "$f" >"$WORK/all.txt"
    expect_exit 0 "$NQSAT" check --instance "$f" "$WORK/all.txt" -q
    expect_stdout "^$((count + 1)) verdicts: $((count + 1)) correct"
    # The closing count edited, and a model listed twice: both refused.
    sed "s/^s SOLUTIONS .*/s SOLUTIONS $((count + 1))/" "$WORK/all.txt" >"$WORK/edited.txt"
    expect_exit 1 "$NQSAT" check --instance "$f" "$WORK/edited.txt" -q
    expect_stdout "wrong-count"
    awk '/^v/ && !done { block = block $0 "\n" } /^v.* 0$/ && !done { done = 1; printf "%s", block } { print }' \
      "$WORK/all.txt" >"$WORK/twice.txt"
    expect_exit 1 "$NQSAT" check --instance "$f" "$WORK/twice.txt" -q
    expect_stdout "listed twice"
    # A list that misses a model while its count agrees with what is listed.
    awk '/^v/ && !skipped { if ($NF == 0) skipped = 1; next } /^s SOLUTIONS/ { print "s SOLUTIONS " $3 - 1; next } { print }' \
      "$WORK/all.txt" >"$WORK/short.txt"
    [ "$count" -gt 1 ] && {
      expect_exit 1 "$NQSAT" check --instance "$f" "$WORK/short.txt" -q
      expect_stdout "claims to be complete .* but the formula has $count models"
    }
  done
else
  echo "skipped: picosat --all lists (picosat not installed)"
fi

# ---- a model that breaks a clause ----
printf 'p cnf 3 2\n1 2 0\n-1 3 0\n' >"$WORK/small.cnf"
verdict_is 1 "^invalid-model model 1" "$WORK/small.cnf" "$(printf 's SATISFIABLE\nv 1 -2 -3 0')"
verdict_is 0 "^correct model 1" "$WORK/small.cnf" "$(printf 's SATISFIABLE\nv 1 -2 3 0')"

# ---- counts beyond 64 bits: 'p cnf 202 1' / '1 2 0' has 3 * 2^200 ----
printf 'p cnf 202 1\n1 2 0\n' >"$WORK/three200.cnf"
three200=$(awk 'BEGIN {
  n = "3"
  for (k = 0; k < 200; k++) {
    carry = 0; out = ""
    for (i = length(n); i >= 1; i--) { d = substr(n, i, 1) * 2 + carry; out = (d % 10) out; carry = int(d / 10) }
    n = (carry ? carry : "") out
  }
  print n }')
verdict_is 0 "^correct count" "$WORK/three200.cnf" "c s exact arb int $three200"
verdict_is 1 "^wrong-count" "$WORK/three200.cnf" "c s exact arb int ${three200%?}0"
verdict_is 0 "^correct estimate" "$WORK/three200.cnf" "c s log10-estimate 60.683"

# ---- a count that does not finish in time: the claim is not checked ----
# The pigeonhole formula of 12 pigeons in 11 holes has no model, but no
# resolution proof shorter than exponential: far beyond one second.
awk -v p=12 -v h=11 'BEGIN {
  print "p cnf", p * h, p + h * p * (p - 1) / 2
  for (i = 0; i < p; i++) { s = ""; for (j = 0; j < h; j++) s = s (i * h + j + 1) " "; print s "0" }
  for (j = 0; j < h; j++) for (i = 0; i < p; i++) for (k = i + 1; k < p; k++) print -(i * h + j + 1), -(k * h + j + 1), 0
}' >"$WORK/php.cnf"
verdict_is 1 "^unverified count .*not checked: the count is unknown \(nqsat's own count did not finish within --time-limit 1 s\)" \
  "$WORK/php.cnf" "s mc 0" --time-limit 1
verdict_is 1 "^unverified status .*not checked: nqsat's own count did not finish" \
  "$WORK/php.cnf" "s UNSATISFIABLE" --time-limit 1

# ---- usage ----
expect_usage "--max-nodes applies to --instance only" check 8 --max-nodes 3
expect_usage "--time-limit" check --instance "$WORK/small.cnf" --time-limit 0

finish
