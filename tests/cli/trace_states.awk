# Turns the output of `nqsat trace N [--forward-checking]` (with boards)
# into the record the teaching page writes into #nq-state / #nq-probe for
# every step 0..S, in the page's words (teach/page/main.js, NQ.Page.record):
#   mode MODE / step K of S / queens ROW-OF-EACH-COLUMN / crossed R,C ... /
#   attacked R,C ... / solutions X of Y / nodes X of Y / event ...
# Records are separated by "--" lines, as the page's probe output is.
# Squares attacked are worked out here from the queens, by the rules of
# chess, not taken from the page. Usage: awk -v mode=bt|fc -f trace_states.awk
BEGIN { board_row = n = -9 }
/^Backtracking/ { match($0, /N = [0-9]+/); n = substr($0, RSTART + 4, RLENGTH - 4) + 0 }
/^Queen placed at|^Queen removed from/ {
  step++
  line = $0
  gsub(/[^0-9 ]/, " ", line)
  split(line, numbers, " ")
  placed = $2 == "placed"
  # the trace counts from 1, the page's record from 0
  event[step] = (placed ? "place " : "remove ") (numbers[1] - 1) " " (numbers[2] - 1)
  if (placed)
    nodes++
  node_count[step] = nodes
  solutions_at[step] = solutions
  board_row = -1 # the board follows: its column header, then n rows
  next
}
board_row == -1 { board_row = 0; next }
board_row >= 0 && board_row < n {
  for (column = 0; column < n; column++)
    grid[step, board_row, column] = $(column + 2)
  board_row++
  next
}
/^Forward checking: column/ { wipe[step] = $4 - 1 }
/^SOLUTION/ { solutions++; solutions_at[step] = solutions }
END {
  total = step
  for (k = 0; k <= total; k++) {
    queens = ""
    for (column = 0; column < n; column++) {
      queen_row[column] = -1
      for (row = 0; row < n; row++)
        if (k > 0 && grid[k, row, column] == "Q")
          queen_row[column] = row
      queens = queens (column ? " " : "") queen_row[column]
    }
    crossed = ""
    attacked = ""
    for (row = 0; row < n; row++)
      for (column = 0; column < n; column++) {
        if (k > 0 && grid[k, row, column] == "x")
          crossed = crossed (crossed == "" ? "" : " ") row "," column
        if (queen_row[column] == row)
          continue
        hit = 0
        for (other = 0; other < n && !hit; other++) {
          r = queen_row[other]
          if (r < 0)
            continue
          d_row = r - row; d_column = other - column
          if (d_row < 0) d_row = -d_row
          if (d_column < 0) d_column = -d_column
          hit = r == row || other == column || d_row == d_column
        }
        if (hit)
          attacked = attacked (attacked == "" ? "" : " ") row "," column
      }
    if (k)
      print "--"
    print "mode " mode
    print "step " k " of " total
    print "queens " queens
    print "crossed " (crossed == "" ? "-" : crossed)
    print "attacked " (attacked == "" ? "-" : attacked)
    print "solutions " (k ? solutions_at[k] + 0 : 0) " of " solutions + 0
    print "nodes " (k ? node_count[k] + 0 : 0) " of " nodes + 0
    print "event " (k ? event[k] (k in wipe ? " wipe-out " wipe[k] : "") : "start")
  }
}
