#!/usr/bin/env bash
# Labelled boards (column numbers above, row numbers at the left) are what
# solve --board and check print, and what check reads back: every
# enumeration round-trips through check with the OEIS A000170 count (typed
# here), the boards read through their labels alone (board_vectors, in
# lib.sh) agree with check's own reading, and edited boards are rejected.
. "$(dirname "$0")/lib.sh"

# expect_match ACTUAL REGEX WHAT: ACTUAL matches the extended regex.
expect_match() {
  checks=$((checks + 1))
  grep -Eq -- "$2" <<<"$1" || fail "$3: got '$1', expected /$2/"
}

# A000170, typed from the OEIS: N = 4, 5, 6, 8, 10.
declare -A oeis=([4]=2 [5]=10 [6]=4 [8]=92 [10]=724)

# ---- solve N --all --board | check N, several N and encodings ----
for n in 4 5 6 8 10; do
  case $n in 10) encodings="seq" ;; *) encodings="pairwise seq commander bimander" ;; esac
  for amo in $encodings; do
    "$NQSAT" solve "$n" --amo "$amo" --all --board >"$WORK/boards" ||
      fail "solve $n --amo $amo --all --board failed"
    expect_equal "$(board_vectors <"$WORK/boards" | grep -c bad)" 0 \
      "N = $n $amo: every board labelled 1..$n in order"
    expect_equal "$(board_vectors <"$WORK/boards" | sort -u | wc -l)" "${oeis[$n]}" \
      "N = $n $amo: distinct boards, read through their labels"
    expect_exit 0 sh -c "'$NQSAT' check $n --complete - <'$WORK/boards'"
    expect_match "$(tail -n 1 "$WORK/out")" \
      "^${oeis[$n]} solutions checked: ${oeis[$n]} valid, 0 invalid; complete \(claimed by --complete\): equal to the verifier's set$" \
      "N = $n $amo: check reads the labelled boards back"
    # check prints the boards it read, labelled, the same ones.
    expect_equal "$(board_vectors <"$WORK/out")" "$(board_vectors <"$WORK/boards")" \
      "N = $n $amo: check's boards are the boards it was given"
  done
done

# ---- solve FILE --all --board: check N and check --instance ----
for amo in ladder binary; do
  "$NQSAT" encode 6 --amo "$amo" -o "$WORK/q6.cnf"
  expect_exit 10 "$NQSAT" solve "$WORK/q6.cnf" --all --board
  cp "$WORK/out" "$WORK/file_boards"
  expect_equal "$(board_vectors <"$WORK/file_boards" | sort -u | wc -l)" 4 \
    "q6 $amo: 4 boards read through their labels"
  expect_exit 0 "$NQSAT" check 6 --complete "$WORK/file_boards"
  expect_match "$(tail -n 1 "$WORK/out")" "^4 solutions checked: 4 valid, 0 invalid" "q6 $amo: check 6"
  expect_exit 0 "$NQSAT" check --instance "$WORK/q6.cnf" "$WORK/file_boards"
  expect_equal "$(grep -c '^correct board' "$WORK/out")" 4 "q6 $amo: check --instance, 4 boards"
done

# ---- edited boards ----
"$NQSAT" solve 6 --all --board >"$WORK/six"
# Boards of N = 6 take 7 lines (header and rows) and a blank line between:
# board k's header is line 8k - 7, its row r line 8k - 7 + r.
board_line() { echo $((8 * $1 - 7 + $2)); }
# A queen moved: board 2's row 1 gets row 2's column, so the two share a
# column whatever the solution is.
awk -v r1="$(board_line 2 1)" -v r2="$(board_line 2 2)" '
  NR == r2 { q = index($0, "Q") }
  { line[NR] = $0 }
  END { for (i = 1; i <= NR; i++) {
          if (i == r1) { s = line[i]; gsub(/Q/, ".", s); line[i] = substr(s, 1, q - 1) "Q" substr(s, q + 1) }
          print line[i] } }' "$WORK/six" >"$WORK/moved"
expect_equal "$(diff "$WORK/six" "$WORK/moved" | grep -c '^>')" 1 "one row edited"
expect_exit 1 "$NQSAT" check 6 "$WORK/moved"
expect_stderr "moved:$(board_line 2 6): invalid solution: queens at row 1 column [0-9] and row 2 column [0-9] share a column"
expect_match "$(tail -n 1 "$WORK/out")" "^4 solutions checked: 3 valid, 1 invalid" "a moved queen: one invalid"
"$NQSAT" encode 6 -o "$WORK/q6.cnf"
expect_exit 1 "$NQSAT" check --instance "$WORK/q6.cnf" "$WORK/moved"
# A board listed twice: the first again at the end.
{ cat "$WORK/six"; echo; head -n 7 "$WORK/six"; } >"$WORK/twice"
expect_exit 1 "$NQSAT" check 6 "$WORK/twice"
expect_stderr "twice:$(board_line 5 6): solution $(board_vectors <"$WORK/six" | head -n 1) listed twice \(first at line $(board_line 1 6)\)"
expect_exit 1 "$NQSAT" check --instance "$WORK/q6.cnf" "$WORK/twice"
# A row number changed, a header dropped: errors naming the line.
sed "$(board_line 3 4)s/^4/5/" "$WORK/six" >"$WORK/renumbered"
expect_exit 1 "$NQSAT" check 6 "$WORK/renumbered"
expect_stderr "renumbered:$(board_line 3 4): row labelled 5 where row 4 was expected"
expect_exit 1 "$NQSAT" check --instance "$WORK/q6.cnf" "$WORK/renumbered"
expect_stderr "renumbered:$(board_line 3 4): row labelled 5 where row 4 was expected"
sed "$(board_line 4 0)d" "$WORK/six" >"$WORK/headless"
expect_exit 1 "$NQSAT" check 6 "$WORK/headless"
expect_stderr "headless:$(board_line 4 0): a labelled board row without the column header above it"
# One board deleted from a list claimed complete: the missing one named.
head -n "$(board_line 3 6)" "$WORK/six" >"$WORK/three"
expect_exit 1 "$NQSAT" check 6 --complete "$WORK/three"
expect_match "$(tail -n 1 "$WORK/out")" "NOT complete \(claimed by --complete\): 3 of 4, missing $(board_vectors <"$WORK/six" | tail -n 1)$" \
  "a deleted board is named"
finish
