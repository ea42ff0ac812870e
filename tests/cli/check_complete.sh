#!/usr/bin/env bash
# nqsat check refuses a list that repeats a solution or model, and a list
# that claims to be complete but misses one, in every input format, for
# N = 1..10: vectors, competition 'v' lines, MiniSat result files, MiniZinc
# output with and without '==========', picosat --all with its
# 's SOLUTIONS K' intact and edited, and the same lists as answers to an
# instance file (check --instance). The counts expected are OEIS A000170,
# typed in; the missing solution expected is the one the test deleted.
. "$(dirname "$0")/lib.sh"

# expect_match ACTUAL REGEX WHAT: ACTUAL matches the extended regex.
expect_match() {
  checks=$((checks + 1))
  grep -Eq -- "$2" <<<"$1" || fail "$3: got '$1', expected /$2/"
}

# The formats, written here from a list of vectors (one per line) and the
# variable convention (queen at row r, column c, 0-based, is r*N + c + 1).
as_v_lines() { # N
  awk -v n="$1" '{ line = "v"; for (r = 0; r < n; r++) for (c = 0; c < n; c++)
    line = line " " (c == $(r + 1) - 1 ? "" : "-") (r * n + c + 1); print line " 0" }'
}
as_minisat() { # N: one result file per model, concatenated
  awk -v n="$1" '{ print "SAT"; line = ""; for (r = 0; r < n; r++) for (c = 0; c < n; c++)
    line = line (c == $(r + 1) - 1 ? "" : "-") (r * n + c + 1) " "; print line "0" }'
}
as_minizinc() { # COMPLETE(0|1)
  awk -v complete="$1" '{ gsub(/ /, ", "); print "q = [" $0 "];"; print "----------" }
    END { if (complete) print "==========" }'
}
# picosat --all output from vectors: "s SATISFIABLE" and a model per
# solution, then "s SOLUTIONS K".
as_picosat() { # N K
  as_v_lines "$1" | awk -v k="$2" '{ print "s SATISFIABLE"; print } END { print "s SOLUTIONS " k }'
}

# write_format FORMAT N FILE < vectors
write_format() {
  case $1 in
  vectors) cat ;;
  vlines) as_v_lines "$2" ;;
  minisat) as_minisat "$2" ;;
  minizinc_open) as_minizinc 0 ;;
  minizinc_complete) as_minizinc 1 ;;
  esac >"$3"
}

# last_line: the verdict line of the last run.
last_line() { tail -n 1 "$WORK/out"; }

for n in 1 2 3 4 5 6 7 8 9 10; do
  known=$(known_count "$n")
  "$NQSAT" solve "$n" --all 2>/dev/null | grep -E '^[0-9 ]+$' >"$WORK/all" || true
  expect_equal "$(wc -l <"$WORK/all")" "$known" "solve $n --all lists A000170($n) solutions"
  for format in vectors vlines minisat minizinc_open minizinc_complete; do
    write_format "$format" "$n" "$WORK/$format" <"$WORK/all"
    [ "$known" -gt 0 ] || continue
    expect_exit 0 "$NQSAT" check "$n" -q "$WORK/$format"
    if [ "$format" = minizinc_complete ]; then
      expect_match "$(last_line)" "complete \(claimed by ========== at line $((2 * known + 1))\): equal to the verifier's set" \
        "N = $n $format: complete"
    fi
    # One solution listed twice: the first, again at the end.
    { cat "$WORK/all"; head -n 1 "$WORK/all"; } | write_format "$format" "$n" "$WORK/twice"
    expect_exit 1 "$NQSAT" check "$n" -q "$WORK/twice"
    expect_stderr "twice:[0-9]+: solution $(head -n 1 "$WORK/all") listed twice \(first at line [0-9]+\)"
    expect_match "$(last_line)" "^$((known + 1)) solutions? checked: $known valid, 0 invalid; 1 repeated \(the first, $(head -n 1 "$WORK/all"), at line [0-9]+, listed before at line [0-9]+\)" \
      "N = $n $format: the repeat is named"
    # One solution deleted: only a list that claims completeness fails.
    sed 1d "$WORK/all" | write_format "$format" "$n" "$WORK/short"
    missing=$(head -n 1 "$WORK/all")
    if [ "$format" = minizinc_complete ]; then
      expect_exit 1 "$NQSAT" check "$n" -q "$WORK/short"
    else
      # (N = 1: the list left is empty, and an empty list fails anyway.)
      expect_exit $((known == 1)) "$NQSAT" check "$n" -q "$WORK/short"
      expect_exit 1 "$NQSAT" check "$n" -q --complete "$WORK/short"
    fi
    expect_match "$(last_line)" "NOT complete \(claimed by [^)]*\): $((known - 1)) of $known, missing $missing$" \
      "N = $n $format: the deleted solution is named"
  done

  # picosat --all, the real one, on the encoder's file: intact, then with
  # its count edited, a model repeated and a model deleted.
  command -v picosat >/dev/null || continue
  "$NQSAT" encode "$n" -o "$WORK/q.cnf"
  picosat --all "$WORK/q.cnf" >"$WORK/picosat" 2>/dev/null
  expect_equal "$(grep -c '^s SATISFIABLE' "$WORK/picosat")" "$known" "picosat --all N = $n"
  [ "$known" -gt 0 ] || continue
  count_line=$(grep -n '^s SOLUTIONS' "$WORK/picosat" | cut -d: -f1)
  expect_exit 0 "$NQSAT" check "$n" -q "$WORK/picosat"
  expect_match "$(last_line)" "complete \(claimed by 's SOLUTIONS $known' at line $count_line\): equal to the verifier's set; count $known claimed: as listed" \
    "N = $n picosat --all intact"
  expect_exit 0 "$NQSAT" check --instance "$WORK/q.cnf" -q "$WORK/picosat"
  expect_equal "$(last_line)" "$((known + 1)) verdicts: $((known + 1)) correct" "N = $n --instance, intact"
  sed "s/^s SOLUTIONS $known\$/s SOLUTIONS $((known + 1))/" "$WORK/picosat" >"$WORK/edited"
  expect_exit 1 "$NQSAT" check "$n" -q "$WORK/edited"
  expect_stderr "edited:$count_line: $((known + 1)) solutions claimed, $known distinct listed"
  expect_exit 1 "$NQSAT" check --instance "$WORK/q.cnf" -q "$WORK/edited"
  expect_match "$(last_line)" "first: wrong-count count \([^ ]*/edited:$count_line\): $((known + 1)) models claimed \('s SOLUTIONS'\), but $known distinct listed" \
    "N = $n --instance, count edited"
  # The first model (from its "s SATISFIABLE" to the next) again before
  # the count, with the count intact and with it raised to match.
  awk '/^s SATISFIABLE/ { m++ } m == 1 && !/^s SOL/ { first = first $0 "\n" }
       /^s SOLUTIONS/ { printf "%s", first } { print }' "$WORK/picosat" >"$WORK/twice"
  sed "s/^s SOLUTIONS $known\$/s SOLUTIONS $((known + 1))/" "$WORK/twice" >"$WORK/twice_edited"
  for file in twice twice_edited; do
    expect_exit 1 "$NQSAT" check "$n" -q "$WORK/$file"
    expect_stderr "$file:[0-9]+: solution [0-9 ]+ listed twice \(first at line [0-9]+\)"
    expect_exit 1 "$NQSAT" check --instance "$WORK/q.cnf" -q "$WORK/$file"
    expect_match "$(last_line)" "first: wrong-count model $((known + 1)) \([^ ]*/$file:[0-9]+\): listed twice: the same assignment as the model ending at line [0-9]+" \
      "N = $n --instance, $file"
  done
  # The first model deleted, the count intact and lowered to match.
  awk '/^s SATISFIABLE/ { m++ } m != 1 || /^s SOLUTIONS/' "$WORK/picosat" >"$WORK/short"
  sed "s/^s SOLUTIONS $known\$/s SOLUTIONS $((known - 1))/" "$WORK/short" >"$WORK/short_edited"
  for file in short short_edited; do
    expect_exit 1 "$NQSAT" check "$n" -q "$WORK/$file"
    expect_match "$(last_line)" "NOT complete \(claimed by 's SOLUTIONS [0-9]+' at line [0-9]+\): $((known - 1)) of $known, missing " \
      "N = $n picosat --all, $file"
    expect_exit 1 "$NQSAT" check --instance "$WORK/q.cnf" -q "$WORK/$file"
  done
  # The deleted model's board, read here from its queen variables.
  deleted=$(awk -v n="$n" '/^s SATISFIABLE/ { m++ } m == 1 && /^v/ {
      for (i = 2; i <= NF; i++) if ($i > 0 && $i <= n * n) column[int(($i - 1) / n)] = ($i - 1) % n + 1 }
    END { for (r = 0; r < n; r++) printf "%s%d", r ? " " : "", column[r] }' "$WORK/picosat")
  expect_match "$(last_line)" "first: wrong-count count \([^ ]*/short_edited:[0-9]+\): the list claims to be complete \('s SOLUTIONS $((known - 1))'\), but its models hold $((known - 1)) of the $known boards \(missing, e.g. $deleted\)\$" \
    "N = $n --instance, a model deleted and the count lowered"
done

# MiniSat result files as answers to an instance: the same model twice.
"$NQSAT" encode 6 -o "$WORK/q6.cnf"
printf '2 4 6 1 3 5\n' | as_minisat 6 >"$WORK/one"
cat "$WORK/one" "$WORK/one" >"$WORK/minisat_twice"
expect_exit 0 "$NQSAT" check --instance "$WORK/q6.cnf" -q "$WORK/one"
expect_exit 1 "$NQSAT" check --instance "$WORK/q6.cnf" -q "$WORK/minisat_twice"
expect_match "$(last_line)" "wrong-count model 2 \([^ ]*/minisat_twice:4\): listed twice: the same assignment as the model ending at line 2" \
  "MiniSat answers repeated"

# --summary leaves only the verdict line; the default still prints boards.
"$NQSAT" solve 8 --all >"$WORK/all8"
expect_exit 0 "$NQSAT" check 8 --summary "$WORK/all8"
expect_equal "$(wc -l <"$WORK/out")" 1 "check --summary prints one line"
expect_exit 0 "$NQSAT" check 8 "$WORK/all8"
expect_equal "$(grep -Ec '^[1-8]( [.Q]){8}$' "$WORK/out")" $((92 * 8)) "the default prints every board, labelled"
expect_equal "$(board_vectors <"$WORK/out" | sort -u | grep -c '^[1-8]')" 92 \
  "92 distinct boards, read through their labels"
expect_usage "--complete applies to N only" check --instance "$WORK/q6.cnf" --complete

finish
