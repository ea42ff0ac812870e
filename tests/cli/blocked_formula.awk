# awk -f blocked_formula.awk FORMULA CERTIFICATE: the formula with every
# cube of a count certificate blocked, for drat-trim: each 'm' line's
# projected literals ('c ind', else every variable) negated into a clause.
/^c ind/ { for (i = 3; i < NF; i++) shown[$i] = 1; any = 1 }
/^p cnf/ { variables = $3 }
FNR == NR && !/^[cp]/ { clause[++n] = $0 }
FNR != NR && /^m/ {
  line = ""
  for (i = 2; i < NF; i++) { v = $i < 0 ? -$i : $i; if (!any || v in shown) line = line (-$i) " " }
  clause[++n] = line "0"
}
END { print "p cnf", variables, n; for (i = 1; i <= n; i++) print clause[i] }
