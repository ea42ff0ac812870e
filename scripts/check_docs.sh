#!/usr/bin/env bash
# The docs state the present, and the README's figures are the docs':
#
# - a measured table in docs/ or bench/README.md is named by a line
#   `<!-- table: NAME -->` above it and has a caption line
#   "Table: `bench/SCRIPT ...` ..., YYYY-MM-DD." between the name and the
#   table (the command, with its variables, in backquotes), naming a
#   bench/ script that exists and prints the table: the machine and the
#   date live there;
# - a table elsewhere that quotes figures is preceded by
#   `<!-- figures: PAGE#NAME -->`; each of its rows must equal, column by
#   column (columns matched by their header), a row of the table NAME in
#   PAGE, so a figure changed on one side only fails;
# - no date (YYYY-MM-DD) anywhere in README.md, docs/*.md or a folder's
#   README.md outside such a caption, and none of the phrases of a lab
#   notebook ("an earlier day", "the build before", ...): history goes to
#   NEWS and commit messages.
#
# usage: scripts/check_docs.sh [SOURCE_DIR]   (default: this tree)
# Prints one line per problem, "FILE:LINE: what", and exits 1 on any.
set -euo pipefail
source_dir=${1:-$(dirname "$0")/..}
cd "$source_dir"
export LC_ALL=C.UTF-8

pages=$({ ls README.md docs/*.md */README.md */*/README.md 2>/dev/null; } | grep -v '^build' | sort -u)
[ -n "$pages" ] || { echo "check_docs.sh: no Markdown pages under $source_dir" >&2; exit 1; }

# shellcheck disable=SC2086
awk '
  function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
  # cells(LINE, ARR): the cells of a table row; "\|" is a pipe inside a cell
  function cells(line, arr,    n, i, parts) {
    gsub(/\\\|/, "\001", line)
    sub(/^[ \t]*\|/, "", line); sub(/\|[ \t]*$/, "", line)
    n = split(line, parts, "|")
    for (i = 1; i <= n; i++) { arr[i] = trim(parts[i]); gsub(/\001/, "\\|", arr[i]) }
    return n
  }
  function problem(file, line, what) { printf "%s:%d: %s\n", file, line, what; bad = 1 }
  # end_table: files the table just read under its marker, if any
  function end_table() {
    if (in_table && marker_kind != "") {
      t = ++ntables
      t_kind[t] = marker_kind; t_name[t] = marker_name; t_file[t] = FILENAME_prev
      t_line[t] = table_line; t_caption[t] = caption
      t_ncols[t] = ncols; for (c = 1; c <= ncols; c++) t_head[t, c] = head[c]
      t_nrows[t] = nrows
      for (r = 1; r <= nrows; r++) for (c = 1; c <= ncols; c++) t_cell[t, r, c] = row[r, c]
    }
    if (in_table) { marker_kind = ""; caption = "" }
    in_table = 0
  }
  # dangling: a marker whose table does not follow it
  function dangling() {
    problem(FILENAME_prev, marker_line, "<!-- " marker_kind ": " marker_name " --> is not followed by its table")
    marker_kind = ""; caption = ""
  }
  FNR == 1 { end_table(); if (marker_kind != "") dangling(); fenced = 0; caption = ""; FILENAME_prev = FILENAME }
  /^```/ { end_table(); if (marker_kind != "" && !fenced) dangling(); fenced = !fenced; next }
  fenced { next }
  {
    if ($0 ~ /^[ \t]*\|/) {
      if (!in_table) { in_table = 1; table_line = FNR; nrows = 0; ncols = cells($0, head); sep = 1; next }
      if (sep) { sep = 0; next }
      nrows++; n = cells($0, tmp)
      for (c = 1; c <= ncols; c++) row[nrows, c] = (c <= n ? tmp[c] : "")
      next
    }
    end_table()
  }
  /^<!-- table: [^ ]+ -->$/ {
    marker_kind = "table"; marker_name = $0
    sub(/.*<!-- table: /, "", marker_name); sub(/ -->.*/, "", marker_name)
    marker_line = FNR
    key = FILENAME "#" marker_name
    if (key in defined) problem(FILENAME, FNR, "table " marker_name " named twice")
    defined[key] = 1
    next
  }
  /^<!-- figures: [^ ]+ -->$/ {
    marker_kind = "figures"; marker_name = $0
    sub(/.*<!-- figures: /, "", marker_name); sub(/ -->.*/, "", marker_name)
    marker_line = FNR
    next
  }
  /^Table: / { caption = $0; caption_line = FNR; next }
  # between a marker and its table only the caption and blank lines
  marker_kind != "" && $0 !~ /^[ \t]*$/ { dangling() }
  # dates and the lab notebook, outside captions
  /(^|[^0-9])20[0-9][0-9]-[01][0-9]-[0-3][0-9]([^0-9]|$)/ {
    problem(FILENAME, FNR, "a date outside a table caption (history goes to NEWS)")
  }
  tolower($0) ~ /an earlier day|the day of the|the build before|this morning|this evening|that evening|the second pass|the third pass|since then/ {
    problem(FILENAME, FNR, "narration of past days (history goes to NEWS): " substr($0, 1, 60))
  }
  END {
    end_table()
    if (marker_kind != "") dangling()
    for (t = 1; t <= ntables; t++) if (t_kind[t] == "table") {
      where[t_file[t] "#" t_name[t]] = t
      cap = t_caption[t]
      if (cap == "") { problem(t_file[t], t_line[t], "table " t_name[t] " has no \"Table: `bench/...`, machine, date.\" caption"); continue }
      if (!match(cap, /bench\/[A-Za-z0-9_.-]+\.(sh|c)/)) problem(t_file[t], t_line[t], "caption of table " t_name[t] " names no bench/ script")
      else {
        script = substr(cap, RSTART, RLENGTH)
        if (system("test -f \"" script "\"") != 0) problem(t_file[t], t_line[t], "caption of table " t_name[t] " names " script ", which does not exist")
      }
      if (cap !~ /20[0-9][0-9]-[01][0-9]-[0-3][0-9]/) problem(t_file[t], t_line[t], "caption of table " t_name[t] " has no date (YYYY-MM-DD)")
    }
    for (t = 1; t <= ntables; t++) if (t_kind[t] == "figures") {
      ref = t_name[t]
      if (!(ref in where)) { problem(t_file[t], t_line[t], "figures from " ref ": no such table (a <!-- table: NAME --> line in that page)"); continue }
      s = where[ref]
      for (c = 1; c <= t_ncols[t]; c++) {
        col[c] = 0
        for (d = 1; d <= t_ncols[s]; d++) if (t_head[s, d] == t_head[t, c]) col[c] = d
        if (!col[c]) problem(t_file[t], t_line[t], "column \"" t_head[t, c] "\" is not a column of " ref)
      }
      for (r = 1; r <= t_nrows[t]; r++) {
        found = 0
        for (q = 1; q <= t_nrows[s] && !found; q++) {
          same = 1
          for (c = 1; c <= t_ncols[t] && same; c++) if (col[c] && t_cell[t, r, c] != t_cell[s, q, col[c]]) same = 0
          found = same
        }
        if (!found) {
          line = ""
          for (c = 1; c <= t_ncols[t]; c++) line = line " | " t_cell[t, r, c]
          problem(t_file[t], t_line[t] + 1 + r, "row differs from every row of " ref ":" line " |")
        }
      }
    }
    exit bad
  }
' $pages
