# Shared by the shell tests' brute-force counters, which load it with
# `awk -f clauses.awk -e PROGRAM` (gawk).
#
# satisfies(lit, len, count, val): 1 when the assignment val[v] (0 or 1 for
# each variable v) makes all `count` clauses true, 0 otherwise; clause c's
# literals are lit[c, 0] .. lit[c, len[c] - 1].
function satisfies(lit, len, count, val,    c, k, l, sat) {
  for (c = 0; c < count; c++) {
    sat = 0
    for (k = 0; k < len[c] && !sat; k++) {
      l = lit[c, k]
      sat = l > 0 ? val[l] : !val[-l]
    }
    if (!sat)
      return 0
  }
  return 1
}
