#!/usr/bin/env bash
# scripts/check_docs.sh passes on the tree, and fails, naming the file and
# the line, on copies of the pages with one thing wrong each: a figure of
# the README's estimate table that disagrees with the docs' table, a date
# outside a caption, a measured table without its caption, a table name
# with no table under it, a caption naming a script that does not exist,
# a README table pointing at a table that is not there.
#
#   tests/install/check_docs.sh NQSAT BUILD_DIR SOURCE_DIR
here=$(dirname "$0")
. "$here/../cli/lib.sh"
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
check=$source_dir/scripts/check_docs.sh
export LC_ALL=C.UTF-8

expect_exit 0 bash "$check" "$source_dir" &&
  expect_equal "$(cat "$WORK/out")" "" "check_docs.sh on the tree prints nothing"
# On a failure, say what it found.
[ "$status" -eq 0 ] || cat "$WORK/out" >&2

# copy: a fresh copy of the pages check_docs.sh reads, in $WORK/tree.
copy() {
  rm -rf "$WORK/tree" && mkdir -p "$WORK/tree"
  (cd "$source_dir" && find . -path './build*' -prune -o \( -name '*.md' -o -path './bench/*.sh' \) -print0 |
    xargs -0 cp --parents -t "$WORK/tree")
}
# bump_figure LINE FIELD FILE: adds 1 to the first number of a table cell
# (FIELD counts the empty field before the row's first "|").
bump_figure() {
  awk -v l="$1" -v f="$2" 'BEGIN { FS = OFS = "|" }
    NR == l && match($f, /[0-9]+/) { $f = substr($f, 1, RSTART - 1) (substr($f, RSTART, RLENGTH) + 1) substr($f, RSTART + RLENGTH) }
    { print }' "$3" >"$3.new" && mv "$3.new" "$3"
}
# expect_problem REGEX WHAT: check_docs.sh on the copy exits 1 and says REGEX.
expect_problem() {
  expect_exit 1 bash "$check" "$WORK/tree" || return
  checks=$((checks + 1))
  grep -Eq -- "$1" "$WORK/out" || fail "$2: check_docs.sh did not say /$1/: $(head -c 400 "$WORK/out")"
}

# The README quotes the estimate rows: one figure changed there must fail,
# naming README.md and the row.
copy
row=$(grep -n '^| 21 | join |' "$WORK/tree/README.md" | head -1)
checks=$((checks + 1))
if [ -z "$row" ]; then
  fail "README.md has no '| 21 | join |' row in its estimate table"
else
  line=${row%%:*}
  # the predicted CPU time's leading number, one more
  bump_figure "$line" 5 "$WORK/tree/README.md"
  checks=$((checks + 1))
  if cmp -s "$source_dir/README.md" "$WORK/tree/README.md"; then
    fail "could not change a figure of README.md's estimate row: $row"
  else
    expect_problem "^README\.md:$line: row differs from every row of docs/benchmarks\.md#estimates" \
      "a wrong figure in README's estimate table"
  fi
fi

# The same figure changed in the docs' table instead: the README disagrees.
copy
line=$(grep -n '^| 22 | join |' "$WORK/tree/docs/benchmarks.md" | head -1 | cut -d: -f1)
if [ -n "$line" ]; then
  bump_figure "$line" 7 "$WORK/tree/docs/benchmarks.md"
  expect_problem "^README\.md:[0-9]+: row differs .*\| 22 \| join \|" "a figure changed in the docs' table only"
fi

# A date in running text.
copy
echo "Measured on 2026-11-27 under load." >>"$WORK/tree/docs/count-join.md"
expect_problem "^docs/count-join\.md:[0-9]+: a date outside a table caption" "a dated sentence"

# The lab notebook's phrases.
copy
echo "The build before took longer on an earlier day." >>"$WORK/tree/bench/README.md"
expect_problem "^bench/README\.md:[0-9]+: narration of past days" "narration of past days"

# A measured table without its caption.
copy
sed -i '/^<!-- table: estimates -->$/{n;/^Table: /d}' "$WORK/tree/docs/benchmarks.md"
expect_problem "^docs/benchmarks\.md:[0-9]+: table estimates has no" "a table without its caption"

# A table name with no table under it.
copy
printf '\n<!-- table: orphan -->\nSome text, no table.\n' >>"$WORK/tree/docs/benchmarks.md"
expect_problem "^docs/benchmarks\.md:[0-9]+: <!-- table: orphan --> is not followed by its table" \
  "a table name with no table"

# A caption naming a script that is not there.
copy
rm "$WORK/tree/bench/estimate.sh"
expect_problem "names bench/estimate\.sh, which does not exist" "a caption naming a missing script"

# A README table pointing at a table that is not there.
copy
sed -i 's/^<!-- table: estimates -->$/<!-- table: estimated -->/' "$WORK/tree/docs/benchmarks.md"
expect_problem "^README\.md:[0-9]+: figures from docs/benchmarks\.md#estimates: no such table" \
  "a README table naming a missing table"
finish
