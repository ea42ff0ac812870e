#!/usr/bin/env bash
# Any DIMACS file counted fast: `nqsat solve FILE --count` (the native
# all-solutions engine, on 1 and on 2 threads, and `--engine picosat`, the
# blocking-clause engine it replaced) against the enumerators people use,
# in the same run, on the same machine:
#   clasp -n 0 FILE        (Debian's clasp: backtracking without blocking
#                           clauses; projected files get a 'c project' line
#                           and --project)
#   nbc_minisat_all FILE   (Toda & Soh's non-blocking enumerator, built from
#                           ../shared/anchors with build-nbc.sh; counts over
#                           every variable, so not on projected files)
# Every count is checked against clasp's. Times are CPU seconds (user +
# system) of the whole process, from /usr/bin/time: the machine is shared,
# so read the ratios (anchor / nqsat, > 1 means nqsat is faster), not the
# seconds; the 2-thread column is wall time.
#
# usage: bench/files.sh [NQSAT] [CASE...]
#   CASE: shuffledN  (pairwise N-Queens, --shuffle --seed 4; shuffled14 is
#                     slow for the anchors: clasp takes ~40 s)
#         ENCODINGN  (nqsat encode N --amo ENCODING, ENCODING one of
#                     pairwise seq ladder commander product binary bimander;
#                     a trailing p adds --parsimonious: ladder11p)
#         allN       (the seven encodings and shuffledN at size N)
#         random70   (random 3-SAT, 70 variables, 260 clauses, seed 5, from
#                     ../shared/tools/rand3sat.py or $RAND3SAT)
#   A file whose 'c ind' line leaves variables out is counted projected
#   (clasp --project; nbc_minisat_all, which counts over every variable,
#   only when the encoding is parsimonious).
#   default: shuffled12 ladder11p seq12 random70
#   NBC=path of nbc_minisat_all (default /tmp/nbc_minisat_all; built when
#   missing and ../shared/anchors/build-nbc.sh exists)
#   PICOSAT=0 leaves out the --engine picosat column (it is the slowest).
#   RUNS=K (default 1): nqsat on one thread and the anchors run K times
#   each, in turn (nqsat, clasp, nbc_minisat_all, nqsat, ...), and each
#   column is the median: files under a second need it on a busy machine.
#   ENGINE=auto|components|enumerate: nqsat's --engine (default enumerate,
#   the all-solutions engine these anchors compare with; --count's
#   automatic choice takes the component counter on commander and product
#   files, which is measured in bench/components.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
cases=${*:-shuffled12 ladder11p seq12 random70}
encodings="pairwise seq ladder commander product binary bimander"
expanded=""
for name in $cases; do
  case $name in
  all[0-9]*) for amo in $encodings; do expanded="$expanded $amo${name#all}"; done
    expanded="$expanded shuffled${name#all}" ;;
  *) expanded="$expanded $name" ;;
  esac
done
cases=$expanded
engine=${ENGINE:-enumerate}
nbc=${NBC:-/tmp/nbc_minisat_all}
rand3sat=${RAND3SAT:-../shared/tools/rand3sat.py}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-files.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ ! -x "$nbc" ] && [ -f ../shared/anchors/build-nbc.sh ]; then
  bash ../shared/anchors/build-nbc.sh "$nbc" >"$work/nbc-build.log" 2>&1 || true
fi

# cpu CMD...: CPU seconds (user + system) of CMD, its stdout in $work/out.
cpu() {
  /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" >"$work/out" 2>/dev/null || true
  tail -1 "$work/time" | awk '{ printf "%.2f", $1 + $2 }' # a first line may say the exit code
}
wall() { tail -1 "$work/time" | awk '{ printf "%.2f", $3 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "-" }'; }
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
runs=${RUNS:-1}

# best/1: the faster anchor's time over nqsat's on one thread (the target
# is 1.5x and more).
printf '%-11s %9s | %8s %8s %8s | %8s %8s | %7s %7s %7s\n' case models nqsat-1 nqsat-2w picosat \
  clasp nbc clasp/1 nbc/1 best/1
for name in $cases; do
  case $name in
  shuffled[0-9]*) "$nqsat" encode "${name#shuffled}" --shuffle --seed 4 >"$work/f.cnf" ;;
  random70) python3 "$rand3sat" 70 260 5 >"$work/f.cnf" ;;
  *)
    amo=${name%%[0-9]*}
    size=${name#"$amo"}
    extra=()
    [ "${size%p}" != "$size" ] && extra=(--parsimonious) && size=${size%p}
    case " $encodings " in *" $amo "*) ;; *) echo "unknown case $name" >&2 && exit 2 ;; esac
    "$nqsat" encode "$size" --amo "$amo" "${extra[@]}" >"$work/f.cnf"
    ;;
  esac
  # Projected: a 'c ind' line that leaves some declared variable out (the
  # pairwise and shuffled files name every variable: counted plain).
  projected=$(awk '/^c ind/ { for (i = 3; i <= NF; i++) if ($i != 0) shown++ }
                   /^p cnf/ { declared = $3 } END { print (shown && shown < declared) ? 1 : 0 }' "$work/f.cnf")
  one=$(cpu "$nqsat" solve "$work/f.cnf" --count --threads 1 --engine "$engine")
  models=$(cat "$work/out")
  ones=("$one")
  cpu "$nqsat" solve "$work/f.cnf" --count --threads 2 --engine "$engine" >/dev/null
  two=$(wall)
  [ "$(cat "$work/out")" = "$models" ] || { echo "$name: 2 threads count $(cat "$work/out")" >&2 && exit 1; }
  old="-"
  if [ "${PICOSAT:-1}" != 0 ]; then
    old=$(cpu "$nqsat" solve "$work/f.cnf" --count --threads 1 --engine picosat)
    [ "$(cat "$work/out")" = "$models" ] || { echo "$name: picosat engine counts $(cat "$work/out")" >&2 && exit 1; }
  fi
  clasp_args=(-n 0 -q "$work/f.cnf")
  if [ "$projected" = 1 ]; then
    # clasp's projection: a 'c project' line right after the p line.
    awk '/^c ind/ { sub(/^c ind/, "c project"); project = $0; next }
         /^p / { print; if (project != "") print project; next } !/^c/ { print }' "$work/f.cnf" \
      >"$work/clasp.cnf"
    clasp_args=(-n 0 -q --parse-ext --project "$work/clasp.cnf")
  fi
  # nbc_minisat_all counts over every variable: on a projected file only
  # when the encoding is parsimonious (its extra variables follow the rest).
  use_nbc=0
  { [ "$projected" = 0 ] || [ "${name%p}" != "$name" ]; } && [ -x "$nbc" ] && use_nbc=1
  clasps=() theirs_all=()
  for ((run = 1; run <= runs; run++)); do
    if [ "$run" -gt 1 ]; then
      ones+=("$(cpu "$nqsat" solve "$work/f.cnf" --count --threads 1 --engine "$engine")")
      [ "$(cat "$work/out")" = "$models" ] || { echo "$name: run $run counts $(cat "$work/out")" >&2 && exit 1; }
    fi
    clasps+=("$(cpu clasp "${clasp_args[@]}")")
    expected=$(awk '/^c? *Models/ { print $NF; exit }' "$work/out" | tr -d '+')
    [ "$expected" = "$models" ] || { echo "$name: nqsat counts $models, clasp $expected" >&2 && exit 1; }
    if [ "$use_nbc" = 1 ]; then
      theirs_all+=("$(cpu "$nbc" "$work/f.cnf")")
      [ "$(head -1 "$work/out" | awk '{ print $1 }')" = "$models" ] ||
        { echo "$name: nbc_minisat_all counts $(head -1 "$work/out")" >&2 && exit 1; }
    fi
  done
  one=$(median "${ones[@]}")
  clasp=$(median "${clasps[@]}")
  theirs="-"
  [ "$use_nbc" = 1 ] && theirs=$(median "${theirs_all[@]}")
  best=$clasp
  [ "$theirs" != - ] && best=$(awk -v a="$clasp" -v b="$theirs" 'BEGIN { print (b < a ? b : a) }')
  printf '%-11s %9s | %8s %8s %8s | %8s %8s | %7s %7s %7s\n' "$name" "$models" "$one" "$two" "$old" \
    "$clasp" "$theirs" "$(ratio "$clasp" "$one")" "$([ "$theirs" = - ] && echo - || ratio "$theirs" "$one")" \
    "$(ratio "$best" "$one")"
done
