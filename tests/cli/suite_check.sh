#!/usr/bin/env bash
# `nqsat suite` (manifest, ground truth, GBD hash, commands that
# remake each file, interruption) and `nqsat check --instance` (maps, PB
# lines, MiniSat files, UNSAT claims, counts, placed and blocked squares).
# Every expected value comes from outside the verifier: OEIS typed in,
# PicoSAT's and clasp's counts, md5sum of awk-normalised text, real solvers.
. "$(dirname "$0")/lib.sh"
NQSAT=$(cd "$(dirname "$NQSAT")" && pwd)/$(basename "$NQSAT") # used from other directories

# A002562(N) for N = 1..8, typed in from OEIS.
unique_table=(0 1 0 0 1 2 1 6 12)
under_valgrind=0
grep -qs valgrind "$NQSAT" && under_valgrind=1

# ---- nqsat suite -----------------------------------------------------------
S=$WORK/suite
expect_exit 0 "$NQSAT" suite "$S" --sizes 4,5 --encodings pairwise,seq --formats cnf,opb \
  --shuffle --completion-sizes 6,8 --completions 4 --unsat-share 50 --seed 3 \
  --completion-encoding pairwise
expect_equal "$(head -n 1 "$S/manifest.csv")" \
  "file,hash,n,format,encoding,options,command,variables,clauses,status,models,unique" \
  "manifest header"
# 2 sizes x (2 encodings x plain/shuffled + OPB) + 2 sizes x 4 x (CNF, shuffled, OPB).
expect_equal "$(tail -n +2 "$S/manifest.csv" | wc -l)" 34 "manifest rows"
expect_equal "$(grep -c '"file": ' "$S/manifest.json")" 34 "manifest.json objects"
expect_equal "$(ls "$S" | grep -cE '\.(cnf|opb)$')" 34 "instance files"

# Plain rows: SAT, A000170 and A002562 (typed in), for every format.
while IFS=, read -r file hash n format encoding options command variables clauses status models unique; do
  case $file in q*)
    checks=$((checks + 1))
    [ "$status,$models,$unique" = "SAT,$(known_count "$n"),${unique_table[$n]}" ] ||
      fail "$file: $status,$models,$unique, OEIS says SAT,$(known_count "$n"),${unique_table[$n]}"
  esac
done < <(tail -n +2 "$S/manifest.csv")

# Completion rows: exactly 2 UNSAT of 4 per size, and every count equal to
# picosat's (CNF: every model, and pairwise files have one per board) and
# clasp's (OPB), which share no code with the verifier.
for n in 6 8; do
  expect_equal "$(grep -c "^c$n-.*\.opb,.*,UNSAT,0,$" "$S/manifest.csv")" 2 "N = $n: UNSAT share"
done
while IFS=, read -r file hash n format encoding options command variables clauses status models unique; do
  case $file in
    c*.cnf)
      checks=$((checks + 1))
      got=$(picosat --all -n "$S/$file" | awk '$2 == "SOLUTIONS" { print $3 }')
      [ "$got" = "$models" ] || fail "$file: manifest says $models models, picosat counts $got"
      [ -z "$unique" ] || fail "$file: a unique count for a completion instance"
      ;;
    c*.opb)
      if command -v clasp >/dev/null; then
        checks=$((checks + 1))
        got=$(clasp -n 0 "$S/$file" | awk '$2 == "Models" { print $4 + 0 }')
        [ "$got" = "$models" ] || fail "$file: manifest says $models models, clasp counts $got"
      fi
      ;;
  esac
done < <(tail -n +2 "$S/manifest.csv")

# The GBD hash, recomputed by awk + md5sum: CNF literals joined by single
# blanks; OPB in gbdc's form ("1 x1 1 x2 = 1;", constraints concatenated).
while IFS=, read -r file hash rest; do
  checks=$((checks + 1))
  case $file in
    *.cnf)
      expected=$(awk '!/^[cp]/ { for (i = 1; i <= NF; i++) { printf "%s%d", sep, $i; sep = " " } }' \
        "$S/$file" | md5sum | cut -d' ' -f1) ;;
    *.opb)
      expected=$(awk '!/^\*/ && NF {
          for (i = 1; i <= NF - 3; i++) printf "%s ", (i % 2 ? $i + 0 : $i)
          printf "%s %d;", $(NF - 2), $(NF - 1) }' "$S/$file" | md5sum | cut -d' ' -f1) ;;
  esac
  [ "$hash" = "$expected" ] || fail "$file: manifest hash $hash, md5sum of the normalised text $expected"
done < <(tail -n +2 "$S/manifest.csv")
# The same formula with other comments, header spacing and line breaks has
# the same hash (the normalisation, not the bytes).
first=$(sed -n 2p "$S/manifest.csv" | cut -d, -f1)
awk '/^c/ { print "c another comment"; next } /^p/ { print "p  cnf " $3 "   " $4; next }
     { gsub(/ /, "\n"); print }' "$S/$first" >"$WORK/noisy.cnf"
expected=$(awk '!/^[cp]/ { for (i = 1; i <= NF; i++) { printf "%s%d", sep, $i; sep = " " } }' \
  "$WORK/noisy.cnf" | md5sum | cut -d' ' -f1)
expect_equal "$expected" "$(sed -n 2p "$S/manifest.csv" | cut -d, -f2)" "hash of a reformatted file"

# The MCC problem type is the first line ("mc" where models are boards:
# pairwise), and "c p show" follows the problem line.
expect_equal "$(head -n 1 "$S/q5-seq.cnf")" "c t pmc" "MCC type of a seq file"
expect_equal "$(head -n 1 "$S/q5-pairwise-shuffled-s3.cnf")" "c t mc" "MCC type of a pairwise file"
expect_equal "$(grep -A1 '^p cnf' "$S/q5-seq.cnf" | tail -n 1 | cut -d' ' -f1-3)" "c p show" \
  "c p show after the problem line"

# The recorded commands remake their files byte for byte (one of each kind;
# each is an `nqsat encode` run in DIR). Under valgrind only one: encode's
# memory is checked by encode_output.sh, here it is the bytes that matter.
mkdir "$WORK/remake"
patterns=('^q5-seq.cnf,' '^q4-pairwise-shuffled' '^q4.opb,' '^c8-.*-shuffled')
[ $under_valgrind = 1 ] && patterns=('^c8-.*-shuffled')
for pattern in "${patterns[@]}"; do
  line=$(grep -m1 "$pattern" "$S/manifest.csv")
  file=${line%%,*}
  command=$(echo "$line" | cut -d, -f7)
  checks=$((checks + 1))
  (cd "$WORK/remake" && eval "\"$NQSAT\" ${command#nqsat }") || fail "remaking $file failed"
  cmp -s "$S/$file" "$WORK/remake/$file" || fail "$command does not remake $file"
done

# A second suite into the same directory needs --force; bad options are usage errors.
expect_exit 1 "$NQSAT" suite "$S" --sizes 4
expect_stderr "already holds a manifest"
expect_exit 2 "$NQSAT" suite "$WORK/x" --sizes 0
expect_usage "unknown encoding 'nope' for --encodings" suite "$WORK/x" --sizes 4 --encodings pairwise,nope
if [ $under_valgrind = 0 ]; then # more range checks: parsing only, a second each under valgrind
  expect_exit 2 "$NQSAT" suite "$WORK/x" --completion-sizes 65
  expect_usage "unknown encoding 'all' for --completion-encoding" suite "$WORK/x" --completion-encoding all
  expect_exit 2 "$NQSAT" suite "$WORK/x" --sizes 4 --unsat-share 101
  expect_exit 2 "$NQSAT" suite "$WORK/x" --sizes 4 --formats cnf,xml
  expect_exit 2 "$NQSAT" suite
fi
expect_exit 0 "$NQSAT" suite --help

# ---- nqsat check --instance ---------------------------------------------------
# The issue's first complaint: cadical's model of a shuffled file.
"$NQSAT" encode 12 --amo seq --shuffle --seed 5 -o "$WORK/s12.cnf.gz"
if command -v cadical >/dev/null; then
  cadical -q "$WORK/s12.cnf.gz" >"$WORK/cadical.out"
  expect_exit 0 "$NQSAT" check --instance "$WORK/s12.cnf.gz" "$WORK/cadical.out"
  grep -q '^correct model 1 (.*cadical.out:[0-9]*): ' "$WORK/out" || fail "no correct verdict: $(cat "$WORK/out")"
  expect_exit 1 "$NQSAT" check 12 "$WORK/cadical.out" # without the map, as documented
  expect_stderr "use 'nqsat check --instance FILE'"
fi
# The second: minisat+'s PB lines; clasp's too.
"$NQSAT" encode 12 --format opb -o "$WORK/q12.opb"
for solver in minisat+ clasp; do
  command -v $solver >/dev/null || continue
  $solver "$WORK/q12.opb" >"$WORK/pb.out"
  expect_exit 0 "$NQSAT" check --instance "$WORK/q12.opb" "$WORK/pb.out"
  expect_exit 0 "$NQSAT" check 12 "$WORK/pb.out"
done
# MiniSat's result file, and a model with one literal flipped.
"$NQSAT" encode 10 -o "$WORK/q10.cnf"
if command -v minisat >/dev/null; then
  minisat "$WORK/q10.cnf" "$WORK/minisat.out" >/dev/null 2>&1
  expect_exit 0 "$NQSAT" check --instance "$WORK/q10.cnf" "$WORK/minisat.out"
fi
picosat "$WORK/q10.cnf" >"$WORK/picosat.out"
expect_exit 0 "$NQSAT" check --instance "$WORK/q10.cnf" - <"$WORK/picosat.out"
awk '/^v / && !done { for (i = 2; i <= NF; i++) if ($i + 0 > 0) { $i = -$i; done = 1; break } } { print }' \
  "$WORK/picosat.out" >"$WORK/flipped.out"
expect_exit 1 "$NQSAT" check --instance "$WORK/q10.cnf" "$WORK/flipped.out"
grep -q '^invalid-model model 1 (.*flipped.out:[0-9]*): row [0-9]* has no queen' "$WORK/out" ||
  fail "flipped literal: $(cat "$WORK/out")"
# Placed and blocked squares: 2 4 6 8 3 1 7 5 solves 8-Queens but has no
# queen at 1,1 and one at 1,2. A model from a vector, written here.
vector_model() { echo "$1" | awk -v n="$2" '{ printf "v"; for (r = 0; r < n; r++) for (c = 0; c < n; c++)
  printf " %d", ($(r + 1) == c + 1 ? 1 : -1) * (r * n + c + 1); print " 0" }'; }
vector_model "2 4 6 8 3 1 7 5" 8 >"$WORK/board.out"
"$NQSAT" encode 8 -o "$WORK/q8.cnf"
expect_exit 0 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/board.out"
"$NQSAT" encode 8 --place 1,1 -o "$WORK/placed.cnf"
expect_exit 1 "$NQSAT" check --instance "$WORK/placed.cnf" "$WORK/board.out"
grep -q "placed queen at row 1, column 1 is missing" "$WORK/out" || fail "placed: $(cat "$WORK/out")"
"$NQSAT" encode 8 --block 1,2 --format opb -o "$WORK/blocked.opb"
sed 's/v \(.*\) 0/v \1/; s/-\([0-9]\)/-x\1/g; s/ \([0-9]\)/ x\1/g' "$WORK/board.out" >"$WORK/board.pb"
expect_exit 1 "$NQSAT" check --instance "$WORK/blocked.opb" "$WORK/board.pb"
grep -q "blocked square row 1, column 2" "$WORK/out" || fail "blocked: $(cat "$WORK/out")"
# UNSAT claims: wrong on a satisfiable board, right on a completion with none.
echo "s UNSATISFIABLE" >"$WORK/unsat.out"
expect_exit 1 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/unsat.out"
grep -q '^wrong-status status (.*unsat.out:1): UNSATISFIABLE claimed, but the instance has a solution' \
  "$WORK/out" || fail "wrong UNSAT: $(cat "$WORK/out")"
unsat_file=$(grep -m1 ',UNSAT,0,$' "$S/manifest.csv" | cut -d, -f1)
expect_exit 0 "$NQSAT" check --instance "$S/$unsat_file" "$WORK/unsat.out"
# Model counts, both competition styles.
echo "s mc 92" >"$WORK/count.out"
expect_exit 0 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/count.out"
printf 's SATISFIABLE\nc s type pmc\nc s exact arb int 91\n' >"$WORK/count.out"
expect_exit 1 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/count.out"
grep -q "^wrong-count count (.*): 91 models claimed, the verifier counts 92" "$WORK/out" ||
  fail "wrong count: $(cat "$WORK/out")"
# No answer, malformed answers, files that are not instances.
echo "c nothing" >"$WORK/empty.out"
expect_exit 1 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/empty.out"
grep -q "^unknown status" "$WORK/out" || fail "no answer: $(cat "$WORK/out")"
printf 'v 1 2 x\n' >"$WORK/bad.out"
expect_exit 1 "$NQSAT" check --instance "$WORK/q8.cnf" "$WORK/bad.out"
expect_stderr "bad.out:1: 'x' is not a literal"
printf 'p cnf 1 1\n1 0\n' >"$WORK/other.cnf"
# A formula nqsat did not write is judged by nqsat's own count: it has a
# model (variable 1 true), so UNSATISFIABLE is wrong.
expect_exit 1 "$NQSAT" check --instance "$WORK/other.cnf" "$WORK/unsat.out"
grep -q "^wrong-status status .*UNSATISFIABLE claimed, but the instance has a solution" "$WORK/out" ||
  fail "UNSATISFIABLE on a formula without a board: $(cat "$WORK/out")"
expect_exit 1 "$NQSAT" check --instance "$WORK/missing.cnf" "$WORK/unsat.out"
expect_exit 2 "$NQSAT" check --instance "$WORK/q8.cnf" a b
expect_exit 2 "$NQSAT" check 8 --max-nodes 5

# ---- Interrupting nqsat suite ---------------------------------------------------
# A suite of large pairwise files, stopped by SIGINT, then SIGTERM, while
# writing: exit 130 within a second (a few seconds under valgrind), no
# manifest.
limit_ms=1000
[ $under_valgrind = 1 ] && limit_ms=5000
for signal in INT TERM; do
  rm -rf "$WORK/big"
  "$NQSAT" suite "$WORK/big" --sizes 150..160 --encodings pairwise --max-clauses 100000000 \
    >/dev/null 2>"$WORK/err" &
  pid=$!
  # Signal once the suite writes (a background job ignores SIGINT until
  # nqsat installs its handler; valgrind can take seconds to get there).
  for _ in $(seq 600); do [ -n "$(ls "$WORK/big" 2>/dev/null)" ] && break; sleep 0.1; done
  sleep 0.3
  started=$(date +%s%N)
  kill -$signal $pid
  wait $pid
  status=$?
  elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  checks=$((checks + 1))
  [ $status -eq 130 ] || fail "suite after SIG$signal exited $status: $(cat "$WORK/err")"
  [ $elapsed_ms -le $limit_ms ] || fail "suite took $elapsed_ms ms to stop after SIG$signal"
  [ ! -e "$WORK/big/manifest.csv" ] || fail "an interrupted suite wrote a manifest"
  ls "$WORK/big" | grep -q tmp && fail "a temporary file was left after SIG$signal"
  echo "suite stopped $elapsed_ms ms after SIG$signal"
done

finish
