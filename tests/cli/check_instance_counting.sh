# check --instance counts a formula without a board as `solve FILE --count`
# does (the component counter when the probe picks it, else enumeration
# watched by the counter's trials), within --time-limit, and refuses
# weighted files. Expected counts are typed arithmetic (3^100, 2^130 - 1),
# never nqsat's output.
. "$(dirname "$0")/lib.sh"

expect_stdout() {
  checks=$((checks + 1))
  grep -Eq -- "$1" "$WORK/out" || fail "stdout lacks /$1/: $(head -c 400 "$WORK/out")"
}

# 100 disjoint (a v b): 3^100 models, counted at once by components.
awk 'BEGIN { print "p cnf 200 100"; for (i = 0; i < 100; i++) print 2*i+1, 2*i+2, 0 }' >"$WORK/pairs.cnf"
three_100=515377520732011331036461129765621272702107522001
echo "s mc $three_100" >"$WORK/right.txt"
expect_exit 0 timeout 120 "$NQSAT" check --instance "$WORK/pairs.cnf" "$WORK/right.txt" --time-limit 60
expect_stdout "^correct count"
echo "s mc ${three_100%1}2" >"$WORK/wrong.txt"
expect_exit 1 timeout 120 "$NQSAT" check --instance "$WORK/pairs.cnf" "$WORK/wrong.txt" --time-limit 60
expect_stdout "^wrong-count"

# One clause of 130 variables: 2^130 - 1 models.
awk 'BEGIN { printf "p cnf 130 1\n"; for (v = 1; v <= 130; v++) printf "%d ", v; print 0 }' >"$WORK/wide.cnf"
printf 's SATISFIABLE\nc s type mc\nc s exact arb int %s\n' \
  1361129467683753853853498429727072845823 >"$WORK/right.txt"
# The component counter's first trial comes after 2^21 steps of the
# enumeration: well under a second here, seconds under the sanitizers.
expect_exit 0 timeout 120 "$NQSAT" check --instance "$WORK/wide.cnf" "$WORK/right.txt" --time-limit 60
expect_stdout "^correct count"
echo "s mc 1361129467683753853853498429727072845824" >"$WORK/wrong.txt"
expect_exit 1 timeout 120 "$NQSAT" check --instance "$WORK/wide.cnf" "$WORK/wrong.txt" --time-limit 60
expect_stdout "^wrong-count"

# Weighted model counting: refused, naming the file and the line.
printf 'c t wmc\np cnf 2 1\n1 2 0\nc p weight 1 0.5 0\n' >"$WORK/weighted.cnf"
echo "s mc 3" >"$WORK/three.txt"
expect_exit 1 "$NQSAT" check --instance "$WORK/weighted.cnf" "$WORK/three.txt"
expect_stderr "weighted.cnf:1: a weighted model counting file"
printf 'p cnf 2 1\n1 2 0\nc p weight 1 0.5 0\n' >"$WORK/weighted.cnf"
expect_exit 1 "$NQSAT" check --instance "$WORK/weighted.cnf" "$WORK/three.txt"
expect_stderr "weighted.cnf:3: a weighted model counting file"

# A count nqsat cannot make in --time-limit 3: unverified with the reason,
# a progress line after 2 s, and the run ends near the limit.
awk 'BEGIN { srand(5); n = 400; print "p cnf", n, 1700
  for (c = 0; c < 1700; c++) { line = ""
    for (k = 0; k < 3; k++) { v = 1 + int(rand() * n); line = line (rand() < 0.5 ? -v : v) " " }
    print line "0" } }' >"$WORK/hard.cnf"
echo "s mc 5" >"$WORK/five.txt"
started=$(date +%s%N)
expect_exit 1 timeout 20 "$NQSAT" check --instance "$WORK/hard.cnf" "$WORK/five.txt" --time-limit 3
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
expect_stdout "^unverified count .*did not finish within --time-limit 3 s"
expect_stderr "^nqsat check: judging .*five.txt against .*hard.cnf, [23] s of --time-limit 3 s"
expect_stderr "time-limit 3 s reached"
checks=$((checks + 1))
[ "$elapsed_ms" -lt 6000 ] || fail "--time-limit 3 took $elapsed_ms ms"

# The limit bounds the verifier's search of a board too: a completion
# instance of N = 50 whose search runs for minutes; the verdict names it.
# (Reading the file and proving its header come before the clock: the
# bound leaves them room under the sanitizers.)
"$NQSAT" encode 50 --completion 3 --seed 3 -o "$WORK/completion50.cnf"
echo "s UNSATISFIABLE" >"$WORK/unsat.txt"
started=$(date +%s%N)
expect_exit 1 timeout 20 "$NQSAT" check --instance "$WORK/completion50.cnf" "$WORK/unsat.txt" \
  --time-limit 1 --max-nodes 1000000000000
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
expect_stdout "^unverified status .*the verifier's search did not finish within --time-limit 1 s"
checks=$((checks + 1))
[ "$elapsed_ms" -lt 10000 ] || fail "--time-limit 1 on a board took $elapsed_ms ms"

finish
