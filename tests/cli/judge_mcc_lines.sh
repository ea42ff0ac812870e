#!/bin/bash
# The Model Counting Competition 2021-2024 answer lines ("c s ...") in all
# their forms (docs/verifier.md, "Lines read"): each read and held to, a
# wrong one caught, and any other "c s" line an error naming the line.
# Counts are worked out by hand: p cnf 3 1 / 1 2 0 has 3 * 2 = 6 models;
# with "c p show 1 2 0" it has 3 projected ones.
source "$(dirname "$0")/lib.sh"

printf 'p cnf 3 1\n1 2 0\n' >"$WORK/six.cnf"
printf 'c p show 1 2 0\np cnf 3 1\n1 2 0\n' >"$WORK/three.cnf"

# mcc WANT FORMULA REGEX LINES...: the answer "s SATISFIABLE" + LINES must
# make check --instance exit WANT and print REGEX (stdout or stderr).
mcc() {
  local want=$1 formula=$2 pattern=$3
  shift 3
  checks=$((checks + 1))
  { echo "s SATISFIABLE"; printf '%s\n' "$@"; } >"$WORK/answer.txt"
  run "$NQSAT" check --instance "$WORK/$formula" "$WORK/answer.txt"
  if [ "$status" -ne "$want" ] || ! grep -Eq -- "$pattern" "$WORK/out" "$WORK/err"; then
    fail "$formula with '$*': exit $status (want $want), no /$pattern/ in: $(head -c 300 "$WORK/out") $(head -c 300 "$WORK/err")"
  fi
}

# Exact floats: right when 6 rounds to the number as written.
mcc 0 six.cnf '^correct count' 'c s type mc' 'c s exact double prec-sci 6.000000e+00'
mcc 0 six.cnf '^correct count' 'c s type mc' 'c s exact double float 6.0'
mcc 1 six.cnf '^wrong-count count .*:3\)' 'c s type mc' 'c s exact double prec-sci 7e0'
mcc 1 six.cnf '^wrong-count' 'c s type mc' 'c s exact quadruple float 5.9'
mcc 1 six.cnf 'not a number' 'c s type mc' 'c s exact double prec-sci 6e'
mcc 1 six.cnf 'not a number' 'c s type mc' 'c s exact double prec-sci -6e0'
# A float against an exact count beside it: both lines named.
mcc 1 six.cnf 'line 3' 'c s type mc' 'c s exact arb int 6' 'c s exact double prec-sci 5e0'
mcc 1 six.cnf 'line 4' 'c s type mc' 'c s exact double prec-sci 6e0' 'c s exact double float 7.0'
# log10 notation: log10 6 = 0.7782 (tolerance 0.01).
mcc 0 six.cnf '^correct count' 'c s type mc' 'c s exact double log10 0.778'
mcc 1 six.cnf '^wrong-count' 'c s type mc' 'c s exact double log10 0.8'
# Approximations: within the count / 1.8 .. the count * 1.8 = 3.33 .. 10.8.
mcc 0 six.cnf 'not an exact claim' 'c s type mc' 'c s approx double prec-sci 4.0e0'
mcc 0 six.cnf 'not an exact claim' 'c s type mc' 'c s approx arb int 10'
mcc 1 six.cnf '^wrong-count' 'c s type mc' 'c s approx arb int 11'
mcc 1 six.cnf '^wrong-count' 'c s type mc' 'c s approx double prec-sci 3e0'
# log10-estimate: log10 6 = 0.7782.
mcc 0 six.cnf '^correct estimate' 'c s type mc' 'c s log10-estimate 0.778'
mcc 1 six.cnf '^wrong-count estimate' 'c s type mc' 'c s log10-estimate 0.9' 'c s exact arb int 6'
# The type must be the formula's: mc without a projection, pmc with one.
mcc 0 three.cnf '^correct count' 'c s type pmc' 'c s exact arb int 3'
mcc 1 three.cnf "type mc', but the formula declares a projection" 'c s type mc' 'c s exact arb int 3'
mcc 1 six.cnf "declares no projection" 'c s type pmc' 'c s exact arb int 6'
mcc 1 six.cnf "weighted" 'c s type wmc' 'c s exact arb int 6'
# Lines no reader knows: errors naming the line (exit 1, as any bad answer).
mcc 1 six.cnf 'answer.txt:2: .c s exact arb frac' 'c s exact arb frac 6/1'
mcc 1 six.cnf 'answer.txt:3: .c s count 6' 'c s type mc' 'c s count 6'
mcc 1 six.cnf 'answer.txt:2: .c s type' 'c s type mcc'
mcc 1 six.cnf 'answer.txt:3: a second count type' 'c s type mc' 'c s type pmc'
mcc 1 six.cnf 'answer.txt:2: ' 'c s exact double prec-sci 6e0 extra'

# A count that is no number, or a line with an unprintable byte: named on
# one printable line.
mcc 1 six.cnf "answer.txt:3: the count '6x0' is no number" 'c s type mc' 'c s exact double float 6x0'
mcc 1 six.cnf "answer.txt:2: 'c s type m\\?c' is no count type" "$(printf 'c s type m\001c')"

finish
