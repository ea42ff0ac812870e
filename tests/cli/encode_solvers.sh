#!/usr/bin/env bash
# Every at-most-one encoding, solved by programs that share no code with
# nqsat: picosat --all counts every model of a --parsimonious file for
# N = 1..10 (one per board, so exactly A000170(N)); minisat, with blocking
# clauses over the queen variables only, counts the boards of a plain file; a shuffled file
# gives the same counts and its models, read back through the "c nqsat map"
# lines, are valid boards and the same set as the unshuffled file's.
. "$(dirname "$0")/lib.sh"
command -v picosat >/dev/null && command -v minisat >/dev/null || {
  echo "picosat and minisat are needed (scripts/setup.sh --test-tools)" >&2
  exit 1
}
encodings="pairwise seq ladder commander product binary bimander"

# queen_numbers FILE: the projection set, "c ind" without its trailing 0.
queen_numbers() { sed -n 's/^c ind \(.*\) 0$/\1/p' "$1"; }

# boards N CNF: enumerates with minisat, blocking the true queen literals of
# each model; prints one board per line as 0-based columns, read back through
# the map lines when present (original variable r*N+c+1 -> number in file).
boards() {
  local n=$1 cnf=$2 queens
  queens=$(queen_numbers "$cnf")
  cp "$cnf" "$WORK/enum.cnf"
  : >"$WORK/boards"
  while :; do
    minisat "$WORK/enum.cnf" "$WORK/model" >/dev/null 2>&1
    [ "$(head -1 "$WORK/model")" = SAT ] || break
    # Decode: original variable for each file number, then row/column.
    awk -v n="$n" -v queens="$queens" '
      FNR == NR && /^c nqsat map / { for (i = 4; i < NF; i += 2) original[$(i + 1)] = $i; mapped = 1; next }
      FNR == NR { next }
      FNR == 2 {
        count = split(queens, q, " ")
        for (i = 1; i <= count; i++) is_queen[q[i]] = 1
        block = ""
        for (i = 1; i <= NF; i++) if ($i > 0 && ($i in is_queen)) {
          block = block "-" $i " "
          v = mapped ? original[$i] : $i
          r = int((v - 1) / n); c = (v - 1) % n; rows[r]++; col[r] = c
        }
        line = ""
        for (r = 0; r < n; r++) line = line (r ? " " : "") (rows[r] == 1 ? col[r] : "X")
        print line > "/dev/stderr"
        print block "0"
      }' "$cnf" "$WORK/model" 2>>"$WORK/boards" >>"$WORK/enum.cnf"
  done
  sort "$WORK/boards"
}

valid_boards() {
  awk -v n="$1" '{
    if (NF != n) { bad++; next }
    for (i = 1; i <= n; i++) { if ($i == "X") { bad++; next } }
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
      d = $j - $i; if (d < 0) d = -d
      if (d == 0 || d == j - i) { bad++; next }
    }
  } END { exit bad > 0 }'
}

for amo in $encodings; do
  for n in 1 2 3 4 5 6 7 8 9 10; do
    "$NQSAT" encode $n --amo $amo --parsimonious -o "$WORK/p.cnf" || fail "encode $n --amo $amo --parsimonious"
    got=$(picosat --all "$WORK/p.cnf" | sed -n 's/^s SOLUTIONS //p')
    expect_equal "$got" "$(known_count $n)" "picosat --all, N=$n --amo $amo --parsimonious"
  done
  # Shuffled and parsimonious: still exactly one model per board.
  "$NQSAT" encode 7 --amo $amo --parsimonious --shuffle --seed 11 -o "$WORK/ps.cnf"
  got=$(picosat --all "$WORK/ps.cnf" | sed -n 's/^s SOLUTIONS //p')
  expect_equal "$got" "$(known_count 7)" "picosat --all, N=7 --amo $amo --parsimonious --shuffle"
  for n in 1 2 3 4 5 6 7; do
    "$NQSAT" encode $n --amo $amo -o "$WORK/q.cnf"
    boards $n "$WORK/q.cnf" >"$WORK/plain.boards"
    expect_equal "$(wc -l <"$WORK/plain.boards")" "$(known_count $n)" "minisat boards, N=$n --amo $amo"
    checks=$((checks + 1))
    valid_boards $n <"$WORK/plain.boards" || fail "invalid board from N=$n --amo $amo"
  done
  # Shuffled: the same boards through the map (N = 6 has 4, N = 5 has 10).
  for n in 5 6; do
    "$NQSAT" encode $n --amo $amo -o "$WORK/q.cnf"
    "$NQSAT" encode $n --amo $amo --shuffle --seed 3 -o "$WORK/s.cnf"
    checks=$((checks + 1))
    grep -q "^c nqsat map " "$WORK/s.cnf" || fail "no map lines in shuffled N=$n --amo $amo"
    boards $n "$WORK/q.cnf" >"$WORK/plain.boards"
    boards $n "$WORK/s.cnf" >"$WORK/shuffled.boards"
    checks=$((checks + 1))
    cmp -s "$WORK/plain.boards" "$WORK/shuffled.boards" ||
      fail "shuffled N=$n --amo $amo decodes to other boards: $(head -3 "$WORK/shuffled.boards")"
  done
done

# Unsatisfiable completion, satisfiable completion, as external solvers see it.
# Both 4-queens solutions (2 4 1 3 and 3 1 4 2) avoid the corners.
"$NQSAT" encode 4 --amo product --place 1,1 -o "$WORK/u.cnf"
minisat "$WORK/u.cnf" "$WORK/model" >/dev/null 2>&1
expect_equal "$(head -1 "$WORK/model")" "UNSAT" "a corner queen cannot be completed on 4x4"
"$NQSAT" encode 8 --amo ladder --place 1,1 --block 2,3 -o "$WORK/c.cnf"
boards 8 "$WORK/c.cnf" >"$WORK/c.boards"
# Native count of 8-queens solutions with a queen at row 1 column 1 and none
# at row 2 column 3: 4 solutions have the corner queen, none has 2,3 next.
checks=$((checks + 1))
awk '$1 != 0 || $2 == 2 { bad++ } END { exit bad > 0 }' "$WORK/c.boards" || fail "placement ignored"
expect_equal "$(wc -l <"$WORK/c.boards")" 4 "8-queens boards with a queen at 1,1"
# The shared format, read by nqsat's own DIMACS path: `solve FILE` projects
# on the shuffled file's "c ind" numbers and decodes boards through the map.
for amo in $encodings; do
  "$NQSAT" encode 7 --amo $amo --shuffle --seed 21 -o "$WORK/s7.cnf.gz"
  expect_equal "$("$NQSAT" solve "$WORK/s7.cnf.gz" --count 2>/dev/null)" "$(known_count 7)" \
    "nqsat solve --count on shuffled N=7 --amo $amo"
done

# OPB, counted by a PB solver (clasp reads the PB competition format):
# A000170(N) models, and the native count with a placed queen.
if command -v clasp >/dev/null; then
  for n in 1 2 3 4 5 6 7 8; do
    "$NQSAT" encode $n --format opb -o "$WORK/q.opb"
    got=$(clasp -n 0 "$WORK/q.opb" 2>/dev/null | sed -n 's/^c Models *: *\([0-9]*\).*/\1/p')
    expect_equal "$got" "$(known_count $n)" "clasp models of N=$n --format opb"
  done
  "$NQSAT" encode 8 --format opb --redundant --place 1,1 --block 2,3 -o "$WORK/q.opb"
  got=$(clasp -n 0 "$WORK/q.opb" 2>/dev/null | sed -n 's/^c Models *: *\([0-9]*\).*/\1/p')
  expect_equal "$got" 4 "clasp models of 8-queens OPB with a queen at 1,1"
else
  echo "note: clasp not installed (scripts/setup.sh --test-tools); OPB solver check skipped" >&2
fi
finish
