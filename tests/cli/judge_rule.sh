#!/bin/bash
# The judge's one rule (docs/verifier.md, "What a verdict rests on"): a
# verdict rests on the formula's clauses, the answer's text and nqsat's own
# computations, never on a comment it has not checked. Each case below is
# an answer the judge once took wrongly (a wrong answer accepted or a right
# one rejected). Expected counts are worked out by hand in the comments or
# by the brute force in this script, never taken from nqsat.
source "$(dirname "$0")/lib.sh"

# judge WANT FORMULA ANSWER [REGEX]: check --instance must exit WANT (0 right,
# 1 wrong) and, when REGEX is given, say it on stdout or stderr.
judge() {
  local want=$1 formula=$2 answer=$3 pattern=${4:-}
  checks=$((checks + 1))
  run "$NQSAT" check --instance "$WORK/$formula" "$WORK/$answer"
  if [ "$status" -ne "$want" ]; then
    fail "check --instance $formula $answer exited $status, expected $want: $(head -c 400 "$WORK/out") $(head -c 300 "$WORK/err")"
    return
  fi
  if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$WORK/out" "$WORK/err"; then
    fail "check --instance $formula $answer: no /$pattern/ in: $(head -c 400 "$WORK/out") $(head -c 300 "$WORK/err")"
  fi
}

# check_n WANT N ANSWER [REGEX]: the same for check N.
check_n() {
  local want=$1 n=$2 answer=$3 pattern=${4:-}
  checks=$((checks + 1))
  run "$NQSAT" check "$n" "$WORK/$answer"
  if [ "$status" -ne "$want" ]; then
    fail "check $n $answer exited $status, expected $want: $(tail -c 300 "$WORK/out") $(head -c 300 "$WORK/err")"
    return
  fi
  if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$WORK/out" "$WORK/err"; then
    fail "check $n $answer: no /$pattern/ in: $(tail -c 300 "$WORK/out") $(head -c 300 "$WORK/err")"
  fi
}

# ---- Partial models are not models (p cnf 3 1 / 1 0 has 4 models: x1 true,
# x2 and x3 free). "v 1 2 0" leaves x3 out; (1,-2,-3) is never listed.
printf 'p cnf 3 1\n1 0\n' >"$WORK/one.cnf"
printf 'v 1 2 3 0\nv 1 2 -3 0\nv 1 -2 3 0\nv 1 2 0\nc 4 models\n' >"$WORK/partial.txt"
judge 1 one.cnf partial.txt 'partial model: variable 3'
printf 'v 1 2 3 0\nv 1 2 -3 0\nv 1 -2 3 0\nv 1 -2 -3 0\nc 4 models\n' >"$WORK/whole.txt"
judge 0 one.cnf whole.txt

# ---- Models are compared on the projection: projected on x1, (1 v 2) has
# 2 models (x1 true; x1 false with x2 true). Two listings of x1 = true are
# one model, and x1 = false is missing.
printf 'c p show 1 0\np cnf 2 1\n1 2 0\n' >"$WORK/show.cnf"
printf 'v 1 2 0\nv 1 -2 0\nc 2 models\n' >"$WORK/same_on_show.txt"
judge 1 show.cnf same_on_show.txt 'listed twice: the same assignment of the projection'
printf 'v 1 2 0\nv -1 2 0\nc 2 models\n' >"$WORK/show_right.txt"
judge 0 show.cnf show_right.txt

# ---- A header is believed only when the clauses prove it. (1 v 2) and
# (-3 v 4) over 16 variables: 3/4 * 3/4 of 2^16 assignments.
printf 'c N: 4\np cnf 16 2\n1 2 0\n-3 4 0\n' >"$WORK/forged.cnf"
echo 's mc 2' >"$WORK/mc2.txt"
judge 1 forged.cnf mc2.txt 'judged as a plain CNF'
echo "s mc $((65536 * 9 / 16))" >"$WORK/mc_forged.txt"
judge 0 forged.cnf mc_forged.txt
# A header whose board does not fit the problem line: a plain CNF too.
printf 'c N: 4\np cnf 3 1\n1 2 0\n' >"$WORK/small.cnf"
printf 's SATISFIABLE\nv 1 2 3 0\n' >"$WORK/small.txt"
judge 0 small.cnf small.txt 'judged as a plain CNF'

# nqsat encode 8 with one clause more (no queen on a1), header kept: its
# models are the 8-queens boards without a queen at row 1, column 1.
"$NQSAT" encode 8 >"$WORK/q8.cnf"
awk '/^p cnf/ { print "p cnf", $3, $4 + 1; next } { print } END { print "-1 0" }' \
  "$WORK/q8.cnf" >"$WORK/q8_more.cnf"
without_corner=$(python3 -c '
import itertools
print(sum(1 for p in itertools.permutations(range(8))
          if p[0] != 0 and len({p[r] + r for r in range(8)}) == 8
          and len({p[r] - r for r in range(8)}) == 8))')
echo 's mc 92' >"$WORK/mc92.txt"
judge 1 q8_more.cnf mc92.txt 'clauses|problem line'
echo "s mc $without_corner" >"$WORK/mc_without.txt"
judge 0 q8_more.cnf mc_without.txt
# One clause changed, the clause count kept: only the clauses tell.
awk '!done && /^-1 -2 0$/ { print "-1 -3 0"; done = 1; next } { print }' \
  "$WORK/q8.cnf" >"$WORK/q8_changed.cnf"
# (the changed formula still has 92 models: a second queen in row 1 would
# need a ninth column), so the note is what must tell.
judge 0 q8_changed.cnf mc92.txt 'clauses are not those'
# The real encoding, shuffled and with a placed queen, is proven.
"$NQSAT" encode 6 --place 1,2 --shuffle --seed 7 -o "$WORK/q6 placed.cnf"
echo 's mc 1' >"$WORK/mc1.txt" # 6-queens with a queen at row 1, column 2: 2 4 6 1 3 5 alone
judge 0 "q6 placed.cnf" mc1.txt
if grep -q 'plain CNF' "$WORK/err"; then fail "nqsat's own shuffled encoding was not proven"; fi

# ---- check N knows N-Queens has solutions for N >= 4 by construction,
# whatever the size of the known-count table.
for n in 28 30 100; do
  echo 's UNSATISFIABLE' >"$WORK/unsat.txt"
  check_n 1 "$n" unsat.txt "but $n-Queens has one"
  echo '=====UNSATISFIABLE=====' >"$WORK/mzn_unsat.txt"
  check_n 1 "$n" mzn_unsat.txt "but $n-Queens has one"
  : >"$WORK/empty.txt"
  check_n 1 "$n" empty.txt "no solution listed, but $n-Queens has one"
done
check_n 0 3 unsat.txt # 3-Queens has none: UNSAT is right
# --time-limit bounds check N too: 92 solutions are read well within it.
"$NQSAT" solve 8 --all >"$WORK/all8.txt"
checks=$((checks + 1))
run "$NQSAT" check 8 --time-limit 30 --complete -q "$WORK/all8.txt"
[ "$status" -eq 0 ] || fail "check 8 --time-limit 30 exited $status: $(head -c 300 "$WORK/err")"

# ---- check N reads to the end, whatever a line claims.
printf '1 5 8 6 3 7 2 4\nUNSAT\n1 1 1 1 1 1 1 1\n' >"$WORK/after_unsat.txt"
check_n 1 8 after_unsat.txt 'a solution at line 3 after the end of the search .*line 2'
printf '2 4 1 3\n3 1 4 2\n==========\n==========\n' >"$WORK/two_ends.txt"
check_n 1 4 two_ends.txt "two ends of the search: '==========' at line 3 and '==========' at line 4"
printf '2 4 1 3\n3 1 4 2\n==========\n' >"$WORK/one_end.txt"
check_n 0 4 one_end.txt
printf 'v 1 -1 0\n' >"$WORK/both_values.txt"
check_n 1 1 both_values.txt 'variable 1 is given both values'

# ---- nqsat's own outputs are right, and held to what they claim.
"$NQSAT" encode 6 >"$WORK/q6.cnf"
"$NQSAT" solve "$WORK/q6.cnf" --max 2 >"$WORK/max2.txt"
judge 0 q6.cnf max2.txt 'no completeness is claimed'
# p cnf 5 1 / (1 v 2): 3 assignments of x1, x2 times 2^3 for x3..x5.
printf 'p cnf 5 1\n1 2 0\n' >"$WORK/five.cnf"
"$NQSAT" solve "$WORK/five.cnf" --all >"$WORK/all5.txt"
grep -q '^c 24 models (3 listed over the variables that occur)$' "$WORK/all5.txt" ||
  fail "solve --all no longer ends with 'c 24 models (3 listed ...)': $(tail -1 "$WORK/all5.txt")"
judge 0 five.cnf all5.txt
grep -v '^v 1 2 0$' "$WORK/all5.txt" >"$WORK/all5_deleted.txt"
judge 1 five.cnf all5_deleted.txt 'listed'
# The deletion with the count lines edited to match: incomplete against the count.
sed 's/^c 24 models (3 listed/c 16 models (2 listed/' "$WORK/all5_deleted.txt" >"$WORK/all5_edited.txt"
judge 1 five.cnf all5_edited.txt 'claims to be complete'
# --all --partial: cubes with 'c free' lines. (1 v 2)(3 v 4): 3 * 3 models.
printf 'p cnf 4 2\n1 2 0\n3 4 0\n' >"$WORK/four.cnf"
"$NQSAT" solve "$WORK/four.cnf" --all --partial --symmetry off --split off >"$WORK/partial4.txt"
grep -q '^c free' "$WORK/partial4.txt" || fail "solve --all --partial printed no cube"
judge 0 four.cnf partial4.txt
# A cube whose free variable is dropped from its 'c free' line.
awk '/^c free/ && !done { done = 1; $NF = ""; if (NF == 2) next } { print }' \
  "$WORK/partial4.txt" >"$WORK/partial4_cut.txt"
judge 1 four.cnf partial4_cut.txt

# ---- A formula in which no variable occurs (p cnf 3 0: 8 models, one
# model over the occurring variables, which is empty). --format compact
# writes that model as an empty line; MiniSat and `solve` as "0" / "v 0".
printf 'p cnf 3 0\n' >"$WORK/none.cnf"
printf 's SATISFIABLE\nc compact: one line per model, one character per variable that occurs in a clause, ascending (1 true, 0 false, - free)\n\nc 8 models (1 listed over the variables that occur)\n' >"$WORK/none_compact.txt"
judge 0 none.cnf none_compact.txt
# The same list with its model line missing claims 8 models from none.
grep -v '^$' "$WORK/none_compact.txt" >"$WORK/none_compact_cut.txt"
judge 1 none.cnf none_compact_cut.txt
"$NQSAT" solve "$WORK/none.cnf" --all --format compact >"$WORK/none_solve.txt"
judge 0 none.cnf none_solve.txt
printf 'SAT\n0\n' >"$WORK/none_minisat.txt"
judge 0 none.cnf none_minisat.txt

# ---- --all --partial: "(M listed over the variables that occur)" counts
# the models the cubes stand for, 2^k for a cube of k free variables, not
# the lines: (x1 v x2) has 3 models, the cube x1 (x2 free) and -x1 x2.
printf 'p cnf 2 1\n1 2 0\n' >"$WORK/cubes.cnf"
printf 's SATISFIABLE\nc free 2\nv 1 0\nv -1 2 0\nc 3 models (3 listed over the variables that occur)\n' >"$WORK/cubes.txt"
judge 0 cubes.cnf cubes.txt
sed 's/(3 listed/(2 listed/' "$WORK/cubes.txt" >"$WORK/cubes_lines.txt"
judge 1 cubes.cnf cubes_lines.txt 'listed'

# ---- solve --count's long and cut-short forms. p cnf 200 1 / 1 2 0: x1 or
# x2 (3 ways) times 2^198 free variables = 3*2^198, which bc writes out.
printf 'p cnf 200 1\n1 2 0\n' >"$WORK/wide.cnf"
printf '3*2^198\n' >"$WORK/wide_power.txt"
judge 0 wide.cnf wide_power.txt 'as nqsat counts'
printf '3*2^197\n' >"$WORK/wide_power_wrong.txt"
judge 1 wide.cnf wide_power_wrong.txt "$(echo '3*2^198' | BC_LINE_LENGTH=0 bc)"
printf 'c 2^199 models\n' >"$WORK/wide_models_wrong.txt"
judge 1 wide.cnf wide_models_wrong.txt 'wrong'
# Cut short: a lower bound, right when at most the count, wrong above it.
printf '5 (incomplete: interrupted)\n' >"$WORK/wide_cut.txt"
judge 0 wide.cnf wide_cut.txt 'lower bound'
printf '3*2^199 (incomplete: time limit)\n' >"$WORK/wide_cut_over.txt"
judge 1 wide.cnf wide_cut_over.txt 'lower bound'
# nqsat's own output in that form is read back.
"$NQSAT" solve "$WORK/wide.cnf" --count --exact-digits 10 >"$WORK/wide_own.txt" 2>/dev/null
grep -q '\*2^' "$WORK/wide_own.txt" || fail "solve --count --exact-digits 10 printed no M*2^K"
judge 0 wide.cnf wide_own.txt

# ---- check N reads those forms as check --instance does. 8-Queens has 92
# solutions (OEIS A000170) = 23*2^2.
printf '23*2^2\n' >"$WORK/q8_power.txt"
check_n 0 8 q8_power.txt 'as OEIS'
printf '23*2^3\n' >"$WORK/q8_power_wrong.txt"
check_n 1 8 q8_power_wrong.txt 'has 92'
printf '2^7\n' >"$WORK/q8_power_bare_wrong.txt"
check_n 1 8 q8_power_bare_wrong.txt 'has 92'
printf '40 (incomplete: time limit)\n' >"$WORK/q8_cut.txt"
check_n 0 8 q8_cut.txt 'lower bound'
printf '93 (incomplete: interrupted)\n' >"$WORK/q8_cut_over.txt"
check_n 1 8 q8_cut_over.txt 'has only 92'
printf '23*2^3 (incomplete: time limit)\n' >"$WORK/q8_cut_power_over.txt"
check_n 1 8 q8_cut_power_over.txt 'has only 92'
# A count cut short is no claim of completeness, nor a count of 92.
printf '92 (incomplete)\n' >"$WORK/q8_cut_bad.txt"
check_n 1 8 q8_cut_bad.txt

# ---- A projection line may come anywhere in the formula (MCC format). p cnf
# 2 1 / 1 2 0 has 3 models over x1, x2 and 2 over the projection {x1}:
# the same verdicts whether "c p show 1 0" comes before or after the clause.
printf 'c p show 1 0\np cnf 2 1\n1 2 0\n' >"$WORK/show_first.cnf"
printf 'p cnf 2 1\n1 2 0\nc p show 1 0\n' >"$WORK/show_last.cnf"
# Complete over every variable, but x1 = true is listed twice on {x1}.
printf 'v 1 2 0\nv 1 -2 0\nv -1 2 0\nc 3 models\n' >"$WORK/show_all_three.txt"
printf 'v 1 2 0\nv 1 -2 0\nc 2 models\n' >"$WORK/show_repeat.txt"
printf 'v 1 2 0\nv -1 2 0\nc 2 models\n' >"$WORK/show_right.txt"
printf 's SATISFIABLE\nc s type pmc\nc s exact arb int 2\n' >"$WORK/show_pmc.txt"
printf 's SATISFIABLE\nc s type mc\nc s exact arb int 3\n' >"$WORK/show_mc.txt"
for formula in show_first.cnf show_last.cnf; do
  judge 1 "$formula" show_all_three.txt 'listed twice'
  judge 1 "$formula" show_repeat.txt 'listed twice'
  judge 0 "$formula" show_right.txt 'as claimed'
  judge 0 "$formula" show_pmc.txt 'correct count'
  judge 1 "$formula" show_mc.txt 'declares a projection'
done
# The solver's reader takes the projection from either place too.
for formula in show_first.cnf show_last.cnf; do
  checks=$((checks + 1))
  [ "$("$NQSAT" solve "$WORK/$formula" --count 2>/dev/null)" = 2 ] ||
    fail "solve $formula --count is not 2 (the projected count)"
done

# ---- check N holds the competition's 'c s' lines to what it can judge:
# a whole count is read (6-Queens has 4 solutions, OEIS A000170), the
# model-counting type goes with any N-Queens file, and a float, log10 or
# weighted claim is named as a line it does not judge, never skipped.
printf 'c s type mc\nc s exact arb int 4\n' >"$WORK/mcc6_right.txt"
check_n 0 6 mcc6_right.txt 'count 4 claimed'
printf 'c s type mc\nc s exact arb int 5\n' >"$WORK/mcc6_wrong.txt"
check_n 1 6 mcc6_wrong.txt 'count 5'
for line in 'c s exact double prec-sci 4e0' 'c s log10-estimate 0.60206' 'c s type wmc' \
  'c s approx arb int 4'; do
  printf 'c s type mc\n%s\n' "$line" >"$WORK/mcc6_line.txt"
  check_n 1 6 mcc6_line.txt "mcc6_line.txt:2: '$line': check N reads whole counts only"
done

# ---- check --instance counts the formula solve --count counts, simplified
# (a chain x1 <-> ... <-> x3000 merges into one variable): the chain has 2
# models, the declared variable 3001 in no clause doubles that to 4, and
# the projected chain 1..10 of a chain 1..20 with 20 <-> 21 has 2.
equivalence_chain 3000 3001 >"$WORK/chain.cnf"
printf 's mc 4\n' >"$WORK/chain4.txt"
judge 0 chain.cnf chain4.txt 'as nqsat counts'
printf 's mc 2\n' >"$WORK/chain2.txt"
judge 1 chain.cnf chain2.txt 'nqsat counts 4'
{ echo "c p show $(seq -s ' ' 1 10) 0"; equivalence_chain 21; } >"$WORK/chain_show.cnf"
printf 'c s type pmc\ns pmc 2\n' >"$WORK/chain_show2.txt"
judge 0 chain_show.cnf chain_show2.txt 'as nqsat counts'
printf 'c s type pmc\ns pmc 4\n' >"$WORK/chain_show4.txt"
judge 1 chain_show.cnf chain_show4.txt 'nqsat counts 2'

finish
