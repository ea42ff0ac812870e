# The fixed-width table a bench/ script prints, as a Markdown table:
#   bash bench/files.sh build/nqsat all12 | awk -f bench/markdown_table.awk
# Every line of whitespace-separated columns is a row (a lone "|" between
# column groups is dropped), the first one the header; lines starting
# with "==" or "#", and blank lines, pass through as they are, and each
# starts a new table.
function flush_row(    i, out, n) {
  out = "|"
  n = 0
  for (i = 1; i <= NF; i++) {
    if ($i == "|") continue
    out = out " " $i " |"
    n++
  }
  print out
  if (!in_table) {
    out = "|"
    for (i = 1; i <= n; i++) out = out "---|"
    print out
    in_table = 1
  }
}
/^[ \t]*$/ || /^==/ || /^#/ { in_table = 0; print; next }
{ flush_row() }
