#!/usr/bin/env bash
# The component counter with and without its count-preserving
# preprocessing (units, failed literals, equivalent literals, elimination
# of non-projected variables; docs/solver.md), in one run: each instance
# is counted both ways in turn, one thread, under the same time limit, and
# every count is compared with the other way's and, given --references,
# with the competition's (log10 to 1e-6, relative).
#
# usage: bench/count_preprocess.sh [options] INSTANCE...
#   --nqsat PATH        (build/nqsat)
#   --references FILE   lines 'NAME,LOG10' (the competition's counts files)
#   --timeout S         per run (20)
#   --engine ENGINE     nqsat's --engine (auto: as `solve --count` picks)
# Prints a row per instance (seconds and count each way, '-' when not
# finished) and per way: instances counted, PAR-2 (unsolved at 2 * S) and
# the sum of seconds over the instances both ways counted. Exit 1 when a
# count disagrees. Instances may be .cnf or .cnf.gz (the Model Counting
# Competition's: use the even-numbered ones for development).
set -uo pipefail
nqsat=build/nqsat references='' timeout=20 engine=auto
while [ $# -gt 0 ]; do
  case $1 in
  --nqsat) nqsat=$2 && shift 2 ;;
  --references) references=$2 && shift 2 ;;
  --timeout) timeout=$2 && shift 2 ;;
  --engine) engine=$2 && shift 2 ;;
  -h | --help) sed -n '2,/^set /p' "$0" | sed '$d;s/^# \{0,1\}//' && exit 0 ;;
  -*) echo "count_preprocess.sh: unknown option '$1'" >&2 && exit 2 ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "count_preprocess.sh: no instances (see --help)" >&2; exit 2; }
[ -x "$nqsat" ] || { echo "count_preprocess.sh: no nqsat at '$nqsat'" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-preprocess.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run FILE [OPTION]: prints 'SECONDS COUNT' (COUNT '-' when unfinished).
run() {
  local file=$1 started code count
  shift
  started=$(date +%s.%N)
  timeout "$timeout" "$nqsat" solve "$file" --count --format mcc --threads 1 \
    --engine "$engine" "$@" >"$work/out" 2>/dev/null
  code=$?
  count=-
  if [ "$code" -eq 0 ] || [ "$code" -eq 10 ] || [ "$code" -eq 20 ]; then
    count=$(sed -n 's/^c s exact arb int \([0-9]*\)$/\1/p' "$work/out" | head -1)
    [ -n "$count" ] || count=-
  fi
  awk -v s="$started" -v e="$(date +%s.%N)" -v c="$count" 'BEGIN { printf "%.2f %s\n", e - s, c }'
}

# log10 of a decimal integer, to 1e-9 (the digits beyond 15 do not matter).
log10_of() {
  awk -v n="$1" 'BEGIN { if (n == "0") { print "zero"; exit }
    d = length(n); printf "%.9f\n", log(substr(n, 1, 15) + 0) / log(10) + (d > 15 ? d - 15 : 0) }'
}

printf '%-22s %10s %-24s %10s %-24s\n' instance on-s on-count off-s off-count
rows=$work/rows
bad=0
for file in "$@"; do
  name=$(basename "$file")
  name=${name%.gz}
  plain=$work/$name
  if ! case $file in
    *.gz) gzip -dc "$file" >"$plain" ;;
    *) cp "$file" "$plain" ;;
    esac then
    echo "count_preprocess.sh: $file cannot be read: left out" >&2
    rm -f "$plain"
    continue
  fi
  read -r on_s on_count < <(run "$plain")
  read -r off_s off_count < <(run "$plain" --no-preprocess)
  rm -f "$plain"
  short=${name%.cnf}
  printf '%-22s %10s %-24.24s %10s %-24.24s\n' "$short" "$on_s" "$on_count" "$off_s" "$off_count"
  echo "$short $on_s $on_count $off_s $off_count" >>"$rows"
  if [ "$on_count" != - ] && [ "$off_count" != - ] && [ "$on_count" != "$off_count" ]; then
    echo "count_preprocess.sh: $short: $on_count with preprocessing, $off_count without" >&2
    bad=1
  fi
  if [ -n "$references" ]; then
    # The reference files name instances track1_000.cnf.
    # A negative log10 (-1.0) marks an instance with no known count.
    reference=$(awk -F, -v n="${name#mc20[0-9][0-9]_}" '$1 == n && $2 >= 0 { print $2 }' "$references")
    for count in "$on_count" "$off_count"; do
      [ "$count" = - ] || [ -z "$reference" ] && continue
      got=$(log10_of "$count")
      if ! awk -v g="$got" -v r="$reference" 'BEGIN {
          if (g == "zero") exit 1
          d = g - r; if (d < 0) d = -d; m = r < 0 ? -r : r; exit !(d <= 1e-6 * (m > 1 ? m : 1)) }'; then
        echo "count_preprocess.sh: $short: log10 $got, the reference says $reference" >&2
        bad=1
      fi
    done
  fi
done
awk -v t="$timeout" '
  { on = $3 != "-"; off = $5 != "-"
    solved_on += on; solved_off += off
    par_on += on ? $2 : 2 * t; par_off += off ? $4 : 2 * t
    if (on && off) { both++; sum_on += $2; sum_off += $4 } }
  END { n = NR
    printf "counted with preprocessing: %d of %d, PAR-2 %.2f s\n", solved_on, n, par_on / n
    printf "counted without:            %d of %d, PAR-2 %.2f s\n", solved_off, n, par_off / n
    if (both) printf "both counted: %d, seconds %.2f with, %.2f without\n", both, sum_on, sum_off }' "$rows"
exit $bad
