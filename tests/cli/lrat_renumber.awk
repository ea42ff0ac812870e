# For drat-trim's lrat-check: a certified count's formula with every cube
# blocked and its LRAT proof renumbered to it. Files CNF CERT PROOF PROOF;
# the CNF goes to `cnf_out`, the proof to standard output.
FNR == 1 { file++ }
file == 1 && /^c ind/ { for (i = 3; i < NF; i++) shown[$i] = 1; any = 1 }
file == 1 && /^p cnf/ { variables = $3; next }
# A literal repeated in an input clause is written once: lrat-check takes
# "-14 -14" for two unassigned literals, so a unit by that clause fails.
file == 1 && !/^c/ {
  line = ""; delete seen
  for (i = 1; i <= NF; i++) if ($i == 0 || !($i in seen)) { seen[$i] = 1; line = line (line == "" ? "" : " ") $i }
  clause[++F] = line; next
}
file == 2 && /^m/ {
  line = ""
  for (i = 2; i < NF; i++) { v = $i < 0 ? -$i : $i; if (!any || v in shown) line = line (-$i) " " }
  clause[F + ++C] = line "0"; next
}
file == 3 && $2 != "d" { used[$1] = 1; if ($1 > last) last = $1; next }
file == 4 && FNR == 1 {
  # Ids the lemmas skip are the cubes' blocking clauses, in order.
  j = 0
  for (id = F + 1; id <= last; id++) if (!(id in used)) map[id] = F + ++j
  print "p cnf", variables, F + C > cnf_out
  for (i = 1; i <= F + C; i++) print clause[i] > cnf_out
}
file == 4 {
  out = ""
  if ($2 == "d") {
    for (i = 3; i < NF; i++) out = out " " ($i in map ? map[$i] : $i > F ? $i + C : $i)
    print ($1 + C) " d" out " 0"; next
  }
  for (i = 2; $i != 0; i++) out = out " " $i
  out = out " 0"
  for (i++; i < NF; i++) out = out " " ($i > F ? ($i in map ? map[$i] : $i + C) : $i)
  print ($1 + C) out " 0"
}
