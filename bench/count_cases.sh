# shellcheck shell=bash
# Sourced by bench/count_files.sh, bench/components.sh and
# bench/count_vs_base.sh: the files the model counters are measured on,
# by name.
#   random70   random 3-SAT, 70 variables, 260 clauses, seed 5
#   random90   random 3-SAT, 90 variables, 330 clauses, seed 1
#   random90s7 random 3-SAT, 90 variables, 330 clauses, seed 7
#   random130  random 3-SAT, 130 variables, 480 clauses, seed 1
#   wide150    random 3-SAT, 150 variables, 560 clauses, seed 1
#   copies20   the disjoint union of 20 renumbered copies of random 3-SAT
#              with 20 variables and 80 clauses, seed 3 (about 10^33 models)
#   shuffled12 nqsat encode 12 --shuffle --seed 4 (N-Queens: no components)
#   queens12-AMO  nqsat encode 12 --amo AMO, AMO one of seq, ladder,
#              commander, product, binary, bimander

# shellcheck disable=SC2154 # $rand3sat and $nqsat: set by the sourcing script
# make_case NAME FILE: writes the file NAME into FILE with $rand3sat (the
# path of ../shared/tools/rand3sat.py) and $nqsat.
make_case() {
  case $1 in
  random70) python3 "$rand3sat" 70 260 5 >"$2" ;;
  random90) python3 "$rand3sat" 90 330 1 >"$2" ;;
  random90s7) python3 "$rand3sat" 90 330 7 >"$2" ;;
  random130) python3 "$rand3sat" 130 480 1 >"$2" ;;
  wide150) python3 "$rand3sat" 150 560 1 >"$2" ;;
  copies20)
    python3 "$rand3sat" 20 80 3 |
      awk -v copies=20 '/^p cnf/ { n = $3; m = $4; next } /^c/ { next } { clause[++k] = $0 }
        END { print "p cnf " n * copies " " m * copies
              for (c = 0; c < copies; c++) for (i = 1; i <= k; i++) {
                split(clause[i], lit, " "); line = ""
                for (j = 1; lit[j] != 0; j++) line = line (lit[j] < 0 ? lit[j] - c * n : lit[j] + c * n) " "
                print line "0" } }' >"$2" ;;
  shuffled12) "$nqsat" encode 12 --shuffle --seed 4 -o "$2" ;;
  queens12-seq | queens12-ladder | queens12-commander | queens12-product | queens12-binary | queens12-bimander)
    "$nqsat" encode 12 --amo "${1#queens12-}" -o "$2" ;;
  *) echo "unknown case '$1'" >&2 && exit 2 ;;
  esac
}
