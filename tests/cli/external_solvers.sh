#!/usr/bin/env bash
# The CNF that `nqsat encode` writes, solved by solvers that share no code
# with nqsat: satisfiable exactly when A000170(N) > 0, and the model they
# find is a valid board.
. "$(dirname "$0")/lib.sh"

solvers=()
command -v minisat >/dev/null && solvers+=(minisat)
command -v picosat >/dev/null && solvers+=(picosat)
if [ ${#solvers[@]} -eq 0 ]; then
  echo "neither minisat nor picosat is installed (scripts/setup.sh installs them)" >&2
  exit 1
fi

# board_from_model N FILE: the 1-based column of each row's queen, read from
# the true queen variables (v = r*N + c + 1), or "bad" when a row has != 1.
board_from_model() {
  tr ' ' '\n' <"$2" | grep -E '^[0-9]+$' | awk -v n="$1" '
    $1 >= 1 && $1 <= n * n { r = int(($1 - 1) / n); c = ($1 - 1) % n; count[r]++; col[r] = c }
    END {
      for (r = 0; r < n; r++) if (count[r] != 1) { print "bad"; exit }
      line = ""
      for (r = 0; r < n; r++) line = line (r ? " " : "") col[r]
      print line
    }'
}

# valid_board N "c0 c1 ...": no two queens share a column or diagonal.
valid_board() {
  echo "$2" | awk -v n="$1" '{
    if (NF != n) exit 1
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
      d = $j - $i; if (d < 0) d = -d
      if (d == 0 || d == j - i) exit 1
    }
  }'
}

for amo in pairwise seq; do
  for n in 1 2 3 4 5 6 7 8 9 10; do
    "$NQSAT" encode $n --amo $amo -o "$WORK/q.cnf" || fail "encode $n"
    expected=20
    [ "$(known_count $n)" -gt 0 ] && expected=10
    for solver in "${solvers[@]}"; do
      checks=$((checks + 1))
      case $solver in
        minisat) minisat -verb=0 "$WORK/q.cnf" "$WORK/model" >/dev/null 2>&1 ;;
        picosat) picosat "$WORK/q.cnf" >"$WORK/model" 2>/dev/null ;;
      esac
      got=$?
      if [ $got -ne $expected ]; then
        fail "$solver on N=$n ($amo): exit $got, expected $expected"
        continue
      fi
      if [ $expected -eq 10 ]; then
        checks=$((checks + 1))
        board=$(board_from_model $n "$WORK/model")
        [ "$board" != bad ] && valid_board $n "$board" ||
          fail "$solver's model for N=$n ($amo) is not a valid board: $board"
      fi
    done
  done
done
finish
