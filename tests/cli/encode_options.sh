#!/usr/bin/env bash
# nqsat encode's options: clear usage errors for bad values, byte-identical
# reruns, headers that record what was asked, --stats that predicts the
# output exactly, and the --explain comments.
. "$(dirname "$0")/lib.sh"

# usage_case MESSAGE ARGS...: exit 2, one line on stderr naming the problem.
usage_case() {
  local message=$1
  shift
  expect_exit 2 "$NQSAT" "$@" || return
  expect_stderr "^nqsat encode: error: .*$message"
  checks=$((checks + 1))
  [ "$(wc -l <"$WORK/err")" -eq 1 ] || fail "'$*': more than one line on stderr"
  [ -s "$WORK/out" ] && fail "'$*': wrote to stdout"
}
usage_case "unknown encoding 'ladderz'" encode 8 --amo ladderz
usage_case "square 9,1 is off the 8x8 board" encode 8 --place 9,1
usage_case "square 1,0 is off the 8x8 board" encode 8 --block 1,0
usage_case "placed queens 1,1 and 3,3 attack each other" encode 8 --place 1,1 --place 3,3
usage_case "placed queens 1,1 and 1,5 attack each other" encode 8 --place 1,1 --place 1,5
usage_case "queen 2,4 is placed twice" encode 8 --place 2,4 --place 2,4
usage_case "square 2,4 is both placed and blocked" encode 8 --place 2,4 --block 2,4
usage_case "'x' is not of the form R,C" encode 8 --place x
usage_case "row 'a' is not a whole number" encode 8 --place a,1
usage_case "--commander-group 1 is out of range" encode 8 --amo commander --commander-group 1
usage_case "--bimander-groups 0 is out of range" encode 8 --amo bimander --bimander-groups 0
usage_case "unknown format 'xml'" encode 8 --format xml
usage_case "--completion 9 with 0 placed queens: at most 8" encode 8 --completion 9
usage_case "--completion 8 with 1 placed queens: at most 7" encode 8 --place 1,1 --completion 8
usage_case "--seed -1 is out of range" encode 8 --shuffle --seed -1
usage_case "--shuffle applies to CNF only" encode 8 --shuffle --format opb
usage_case "--amo applies to CNF only" encode 8 --amo seq --format opb
usage_case "--parsimonious applies to CNF only" encode 8 --format opb --parsimonious
usage_case "--commander-group applies to CNF only" encode 8 --format opb --commander-group 4
usage_case "--explain cannot be combined with --shuffle" encode 8 --shuffle --explain
usage_case "--gzip-level 0 is out of range" encode 8 --gzip-level 0
usage_case "could not place 3 random non-attacking queens" encode 3 --completion 3

# Same arguments, same bytes, for every option that involves randomness.
for args in "9 --amo bimander" "12 --amo product --completion 5 --seed 42" \
  "10 --amo commander --shuffle --seed 7" "10 --format opb --completion 3" "6 --explain --amo ladder"; do
  "$NQSAT" encode $args >"$WORK/a" && "$NQSAT" encode $args >"$WORK/b" || fail "encode $args failed"
  checks=$((checks + 1))
  cmp -s "$WORK/a" "$WORK/b" || fail "two runs of 'encode $args' differ"
done
# Different seeds, different instances.
"$NQSAT" encode 30 --completion 10 --seed 1 | grep -v '^c command' >"$WORK/a"
"$NQSAT" encode 30 --completion 10 --seed 2 | grep -v '^c command' >"$WORK/b"
checks=$((checks + 1))
cmp -s "$WORK/a" "$WORK/b" && fail "--completion with seeds 1 and 2 gave the same instance"

# The header records the squares, the seed and the command line; the unit
# clauses are there.
"$NQSAT" encode 8 --place 1,2 --block 8,8 --block 4,5 --completion 2 --seed 5 >"$WORK/h.cnf"
for line in "c placed queens (row,column from 1): 1,2" "c blocked squares (row,column from 1): 8,8 4,5" \
  "c seed: 5 (random queens)" "c command: nqsat encode 8 --place 1,2 --block 8,8 --block 4,5 --completion 2 --seed 5"; do
  checks=$((checks + 1))
  grep -qxF "$line" "$WORK/h.cnf" || fail "header lacks '$line'"
done
checks=$((checks + 4))
grep -qx "2 0" "$WORK/h.cnf" || fail "unit clause for the placed queen 1,2 missing"
grep -qx -- "-64 0" "$WORK/h.cnf" || fail "unit clause for blocked 8,8 missing"
grep -qx -- "-29 0" "$WORK/h.cnf" || fail "unit clause for blocked 4,5 missing"
random=$(sed -n 's/^c random queens (row,column from 1): //p' "$WORK/h.cnf")
expect_equal "$(echo "$random" | wc -w)" 2 "two random queens listed"
# The random queens do not attack each other or the placed one, and avoid
# the blocked squares.
checks=$((checks + 1))
echo "1,2 $random" | tr ' ' '\n' | awk -F, '
  { r[NR] = $1; c[NR] = $2 }
  $0 == "8,8" || $0 == "4,5" { bad = 1 }
  END {
    for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) {
      dr = r[i] - r[j]; dc = c[i] - c[j]
      if (dr == 0 || dc == 0 || dr == dc || dr == -dc) bad = 1
    }
    exit bad
  }' || fail "random queens '$random' attack or sit on a blocked square"

# --stats predicts the output exactly (clauses, variables, bytes).
for args in "8" "13 --amo seq --parsimonious" "20 --amo commander --commander-group 4 --redundant" \
  "17 --amo bimander --bimander-groups 3 --place 2,2" "11 --amo product --explain" \
  "9 --amo binary --shuffle --seed 4" "7 --format opb --redundant"; do
  "$NQSAT" encode $args >"$WORK/f"
  "$NQSAT" encode --stats $args >"$WORK/s" || fail "--stats $args failed"
  expect_equal "$(sed -n 's/^bytes: //p' "$WORK/s")" "$(wc -c <"$WORK/f" | tr -d ' ')" "bytes of 'encode $args'"
  if [[ $args != *opb* ]]; then
    expect_equal "$(sed -n 's/^clauses: //p' "$WORK/s")" "$(grep -c ' 0$\|^0$' <(grep -v '^[cp]' "$WORK/f"))" "clauses of 'encode $args'"
    expect_equal "$(sed -n 's/^variables: //p' "$WORK/s") $(sed -n 's/^clauses: //p' "$WORK/s")" \
      "$(sed -n 's/^p cnf //p' "$WORK/f")" "p cnf line of 'encode $args'"
    expect_equal "$(sed -n 's/^literals: //p' "$WORK/s")" \
      "$(grep -v '^[cp]' "$WORK/f" | wc -w | awk -v c="$(sed -n 's/^clauses: //p' "$WORK/s")" '{ print $1 - c }')" \
      "literals of 'encode $args'"
  fi
done

# The header's counts are the truth for every encoding (an awk count that
# shares nothing with the encoder's closed-form formulas).
for amo in pairwise seq ladder commander product binary bimander; do
  for args in "1" "2" "6" "23 --parsimonious" "31 --redundant"; do
    "$NQSAT" encode $args --amo $amo >"$WORK/f"
    why=$(awk '
      /^c/ { next }
      /^p cnf / { v = $3; c = $4; next }
      { for (i = 1; i <= NF; i++) { x = $i < 0 ? -$i : $i; if (x > max) max = x; if ($i == 0) n++ } }
      END { if (n != c || (max != v && v > 1)) print "header " v " " c ", file " max " " n }' "$WORK/f")
    checks=$((checks + 1))
    [ -z "$why" ] || fail "encode $args --amo $amo: $why"
  done
done

# OPB: the first line is the competition header; only >= and = appear.
"$NQSAT" encode 6 --format opb >"$WORK/q.opb"
checks=$((checks + 2))
head -1 "$WORK/q.opb" | grep -qx '\* #variable= 36 #constraint= 30' || fail "OPB header: $(head -1 "$WORK/q.opb")"
grep -v '^\*' "$WORK/q.opb" | grep -vqE '^([+-]1 x[0-9]+ )+(>= -1|= [01]) ;$' &&
  fail "OPB line outside the grammar: $(grep -v '^\*' "$WORK/q.opb" | grep -vE '^([+-]1 x[0-9]+ )+(>= -1|= [01]) ;$' | head -1)"

# --explain: a comment before each group, in the words the README uses.
"$NQSAT" encode 5 --amo ladder --explain >"$WORK/e.cnf"
for line in "c row 3: at least one queen" "c row 3: at most one (ladder)" \
  "c column 2: at most one (ladder)" "c anti-diagonal r+c=5: at most one (ladder)" \
  "c diagonal r-c=-3: at most one (ladder)"; do
  checks=$((checks + 1))
  grep -qxF "$line" "$WORK/e.cnf" || fail "--explain lacks '$line'"
done
# The comments change nothing else.
diff <(grep -v '^c' "$WORK/e.cnf") <("$NQSAT" encode 5 --amo ladder | grep -v '^c') >/dev/null ||
  fail "--explain changed the clauses"
checks=$((checks + 1))

# Shuffle: map lines cover every queen variable once, and name distinct
# numbers; the projection lists those numbers.
"$NQSAT" encode 6 --amo seq --shuffle --seed 9 >"$WORK/s.cnf"
pairs=$(grep '^c nqsat map ' "$WORK/s.cnf" | cut -d' ' -f4- | tr ' ' '\n' | paste - -)
expect_equal "$(echo "$pairs" | cut -f1 | sort -n | uniq | wc -l)" 36 "original queen variables in the map"
expect_equal "$(echo "$pairs" | cut -f2 | sort -n | uniq | wc -l)" 36 "new numbers in the map"
expect_equal "$(sed -n 's/^c ind //p' "$WORK/s.cnf" | tr ' ' '\n' | grep -v '^0$' | sort -n | tr '\n' ' ')" \
  "$(echo "$pairs" | cut -f2 | sort -n | tr '\n' ' ')" "c ind lists the new queen numbers"
grep -q '^c generator: nqsat ' "$WORK/s.cnf" && grep -q '^c N: 6$' "$WORK/s.cnf" || fail "shuffled header lost generator/N"
checks=$((checks + 1))

# gzip at any level decompresses to the plain bytes.
"$NQSAT" encode 9 --amo product --gzip-level 1 -o "$WORK/g.cnf.gz" && "$NQSAT" encode 9 --amo product -o "$WORK/g.cnf"
checks=$((checks + 1))
diff <(gzip -dc "$WORK/g.cnf.gz" | grep -v '^c command') <(grep -v '^c command' "$WORK/g.cnf") >/dev/null ||
  fail "--gzip-level 1 output differs"
# Beyond one 4 MiB compression block: several gzip members, still one
# stream to gzip -d, the same bytes as the plain output, reproducible.
"$NQSAT" encode 200 --amo seq -o "$WORK/big.cnf.gz" && "$NQSAT" encode 200 --amo seq -o "$WORK/big.cnf"
checks=$((checks + 2))
gzip -t "$WORK/big.cnf.gz" || fail "multi-block gzip is not valid"
diff <(gzip -dc "$WORK/big.cnf.gz" | grep -v '^c command') <(grep -v '^c command' "$WORK/big.cnf") >/dev/null ||
  fail "multi-block gzip output differs from the plain output"
cp "$WORK/big.cnf.gz" "$WORK/first.gz"
"$NQSAT" encode 200 --amo seq -o "$WORK/big.cnf.gz"
checks=$((checks + 1))
cmp -s "$WORK/first.gz" "$WORK/big.cnf.gz" || fail "two gzip runs differ"
finish
