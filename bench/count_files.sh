#!/usr/bin/env bash
# `nqsat solve FILE --count --threads 1` (the automatic engine choice, and
# the component counter forced with --engine components) against three
# public #SAT counters with component caching, in the same run, on the same
# machine, file by file:
#   sharpSAT  Thurley, SAT 2006 (2019 version; ../shared/anchors)
#   d4        Lagniez & Marquis, IJCAI 2017 (crillab/d4, bench/anchors/build-d4.sh)
#   ganak     Sharma, Roy, Soos & Meel, IJCAI 2019 (meelgroup/ganak 1.0.3,
#             bench/anchors/build-ganak.sh), run with -noPCC: exact cache keys
#             (its probabilistic hashed cache crashes in this version)
# The files (bench/count_cases.sh): random 3-SAT 70/260 seed 5, 90/330 seed 1
# and 150/560 seed 1, 20 disjoint copies of a random 20/80 formula, and
# nqsat encode 12 --shuffle --seed 4.
# Random formulas come from ../shared/tools/rand3sat.py (or $RAND3SAT).
# Every program's count must equal every other's (and A000170(12) = 14200 on
# the N-Queens file): a disagreement stops the bench with exit status 1.
# Times are CPU seconds (user + system) of the whole process from
# /usr/bin/time, the best of REPEAT runs, the programs alternating (a run
# past 10 s is not repeated): the machine is shared, so read the ratios,
# not the seconds.
#
# usage: bench/count_files.sh [NQSAT] [CASE...]
#   default: random70 random90 copies20 shuffled12 wide150
#   The anchors' programs: $SHARPSAT, $D4, $GANAK, by default sharpSAT, d4
#   and ganak in $ANCHORS (default ${XDG_CACHE_HOME:-~/.cache}/nqsat-anchors).
#   A missing one is built when its source is at hand: sharpSAT from
#   ../shared/anchors, d4 from the git repository $D4_SOURCE (crillab/d4),
#   ganak from $GANAK_SOURCE (meelgroup/ganak); otherwise its column is "-".
#   REPEAT=3; LIMIT=300 CPU seconds a run (ulimit -t; a run stopped there
#   shows ">LIMIT" and its count is not checked).
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=$(realpath "${1:-build/nqsat}")
shift || true
cases=${*:-random70 random90 copies20 shuffled12 wide150}
anchors=${ANCHORS:-${XDG_CACHE_HOME:-$HOME/.cache}/nqsat-anchors}
sharpsat=${SHARPSAT:-$anchors/sharpSAT}
d4=${D4:-$anchors/d4}
ganak=${GANAK:-$anchors/ganak}
rand3sat=$(realpath "${RAND3SAT:-../shared/tools/rand3sat.py}")
repeat=${REPEAT:-3}
limit=${LIMIT:-300}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-count-files.XXXXXX")
trap 'rm -rf "$work"' EXIT

# build_missing PROGRAM SCRIPT SOURCE: runs `SCRIPT SOURCE PROGRAM` when
# PROGRAM is missing and SOURCE is given; a failed build leaves it missing.
build_missing() {
  if [ -x "$1" ] || [ -z "$3" ]; then return 0; fi
  mkdir -p "$(dirname "$1")"
  echo "building $1 with $2" >&2
  bash "$2" "$3" "$1" >>"$work/build.log" 2>&1 || { echo "  failed:" >&2; tail -5 "$work/build.log" >&2; }
}
if [ ! -x "$sharpsat" ] && [ -f ../shared/anchors/build-sharpsat.sh ]; then
  mkdir -p "$(dirname "$sharpsat")"
  bash ../shared/anchors/build-sharpsat.sh "$sharpsat" >>"$work/build.log" 2>&1 || true
fi
build_missing "$d4" bench/anchors/build-d4.sh "${D4_SOURCE:-}"
build_missing "$ganak" bench/anchors/build-ganak.sh "${GANAK_SOURCE:-}"

# run TOOL: runs TOOL on $work/f.cnf (in $work: sharpSAT writes data.out
# into its working directory); its CPU seconds go to $work/cpu (or ">LIMIT")
# and the count it printed to $work/count.
run() {
  local tool=$1 status=0
  case $tool in
  auto) set -- "$nqsat" solve f.cnf --count --threads 1 ;;
  comps) set -- "$nqsat" solve f.cnf --count --threads 1 --engine components ;;
  sharpsat) set -- "$sharpsat" f.cnf ;;
  d4) set -- "$d4" -mc f.cnf ;;
  ganak) set -- "$ganak" -noPCC f.cnf ;; # its hashed cache crashes: bench/anchors/build-ganak.sh
  esac
  # ulimit -t: the limit counts CPU seconds, as the table does (SIGXCPU,
  # then SIGKILL), whatever the load.
  (cd "$work" && ulimit -t "$limit" && exec /usr/bin/time -f '%U %S' -o time "$@" >out 2>err) ||
    status=$?
  if grep -q -E 'terminated by signal (9|24)$' "$work/time"; then
    echo ">$limit" >"$work/cpu" && : >"$work/count" && return 0
  fi
  awk '/^[0-9.]+ [0-9.]+$/ { cpu = $1 + $2 } END { printf "%.3f", cpu }' "$work/time" >"$work/cpu"
  case $tool in
  auto | comps) head -1 "$work/out" ;;
  sharpsat) awk 'found { print $1; exit } /# solutions/ { found = 1 }' "$work/out" ;;
  d4) awk '$1 == "s" && $2 ~ /^[0-9]+$/ { print $2 }' "$work/out" ;;
  ganak) awk '$1 == "s" && ($2 == "mc" || $2 == "pmc") { print $3 }' "$work/out" ;;
  esac >"$work/count"
  [ -s "$work/count" ] || { echo "$tool printed no count (exit $status):" >&2; tail -n 3 "$work/out" "$work/err" >&2; exit 1; }
}
best() { tr ' ' '\n' | { grep . || true; } | sort -g | head -1; }
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b == 0) print "-"; else printf "%.2f", a / b }'
}

. bench/count_cases.sh

tools="auto comps"
[ -x "$sharpsat" ] && tools+=" sharpsat"
[ -x "$d4" ] && tools+=" d4"
[ -x "$ganak" ] && tools+=" ganak"
echo "load: $(uptime | sed 's/.*load average: //')"
echo "anchors: $tools" | sed 's/auto comps *//'
printf '%-11s %-36s | %8s %8s %8s | %5s %8s | %8s %8s %8s\n' case models sharpsat d4 ganak nqsat cpu \
  /sharpsat /d4 /ganak
for name in $cases; do
  make_case "$name" "$work/f.cnf"
  declare -A cpus=() counts=()
  for ((i = 0; i < repeat; i++)); do
    for tool in $tools; do
      # A run past 10 CPU seconds (or stopped at the limit) is not repeated:
      # the timer's steps do not matter there, and the N-Queens file takes
      # the anchors a minute or more.
      if [ "$i" -gt 0 ] && awk -v t="${cpus[$tool]%% *}" 'BEGIN { exit !(t ~ /^>/ || t > 10) }'; then
        continue
      fi
      run "$tool"
      cpus[$tool]+="$(cat "$work/cpu") "
      [ -s "$work/count" ] && counts[$tool]=$(cat "$work/count")
    done
  done
  expected=""
  [ "$name" = shuffled12 ] && expected=14200 # A000170(12)
  for tool in $tools; do
    count=${counts[$tool]:-}
    [ -n "$count" ] || continue
    [ -n "$expected" ] || expected=$count
    [ "$count" = "$expected" ] || {
      echo "$name: the counts disagree:" >&2
      for t in $tools; do echo "  $t ${counts[$t]:-(no count)}" >&2; done
      exit 1
    }
  done
  declare -A time=()
  for tool in auto comps sharpsat d4 ganak; do
    time[$tool]=$(echo "${cpus[$tool]:-}" | { grep -o '>[0-9]*' || true; } | head -1)
    [ -n "${time[$tool]}" ] || time[$tool]=$(echo "${cpus[$tool]:-}" | best)
    [ -n "${time[$tool]}" ] || time[$tool]=-
  done
  for mode in auto comps; do
    printf '%-11s %-36s | %8s %8s %8s | %5s %8s | %8s %8s %8s\n' "$name" "$expected" "${time[sharpsat]}" \
      "${time[d4]}" "${time[ganak]}" "$mode" "${time[$mode]}" "$(ratio "${time[$mode]}" "${time[sharpsat]}")" \
      "$(ratio "${time[$mode]}" "${time[d4]}")" "$(ratio "${time[$mode]}" "${time[ganak]}")"
  done
  unset cpus counts time
done
echo "CPU seconds, best of $repeat; /anchor: nqsat's CPU over the anchor's (below 1: nqsat faster);"
echo "auto = the default engine choice (its probe included), comps = --engine components; one thread"
