#!/usr/bin/env bash
# The chessboard families' ground truth: how fast the verifier's native
# searches answer, against counting the SAT encoding with `solve FILE
# --count` (the anchor), each on THREADS threads (default 2).
#
#   bash bench/families.sh [NQSAT] [SAT_LIMIT]
#
# Toroidal queens and super-queens: every N up to 17 natively (`verify N
# --family F --native-only`, which must agree with the OEIS term), and for
# the N with solutions, `encode N --problem F` counted by `solve FILE
# --count` within SAT_LIMIT seconds (default 120; a count cut short is
# shown as ">LIMIT", its ratio as a lower bound). Domination (plain and independent) N <= 12 and
# chromatic numbers N <= 9: the native proofs (optimum found, one less
# refuted), each printed with its time. Wall seconds, from the programs'
# own clocks for the native rows and /usr/bin/time for the SAT counts.
set -u
NQSAT=${1:-build/nqsat}
LIMIT=${2:-120}
THREADS=${THREADS:-2}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
[ -x /usr/bin/time ] || { echo "/usr/bin/time is not installed (Debian: time)" >&2; exit 1; }

# native FAMILY N: prints the native answer and its seconds ("140692 0.230").
native() {
  local line
  line=$("$NQSAT" verify "$2" --family "$1" --native-only --threads "$THREADS" | head -1)
  case $line in
  *": agree") ;;
  *) echo "FAIL: $line" >&2; exit 1 ;;
  esac
  echo "$line" | sed -E 's/.*native ([0-9]+) \(([0-9.]+) s\).*/\1 \2/'
}

# sat_count FAMILY N: "COUNT SECONDS" of solve FILE --count, or "- >LIMIT".
sat_count() {
  "$NQSAT" encode "$2" --problem "$1" -o "$WORK/f.cnf"
  /usr/bin/time -f "%e" -o "$WORK/time" \
    "$NQSAT" solve "$WORK/f.cnf" --count --threads "$THREADS" --time-limit "$LIMIT" \
    >"$WORK/count" 2>/dev/null
  local status=$?
  # A count cut short by the time limit still exits 10, marked incomplete.
  if { [ "$status" -ne 10 ] && [ "$status" -ne 20 ]; } || grep -q incomplete "$WORK/count"; then
    echo "- >$LIMIT"
  else
    echo "$(tail -1 "$WORK/count") $(tail -1 "$WORK/time")"
  fi
}

printf '%-9s %3s %14s %9s %14s %9s %8s\n' family N native seconds "solve --count" seconds ratio
for family in toroidal super; do
  for n in $(seq 1 17); do
    read -r count seconds <<<"$(native "$family" "$n")"
    if [ "$count" = 0 ]; then
      printf '%-9s %3d %14s %9s\n' "$family" "$n" "$count" "$seconds"
      continue
    fi
    read -r sat sat_seconds <<<"$(sat_count "$family" "$n")"
    if [ "$sat" != "-" ] && [ "$sat" != "$count" ]; then
      echo "FAIL: $family N=$n: solve --count says $sat, the native count $count" >&2
      exit 1
    fi
    ratio=$(awk -v s="$sat_seconds" -v n="$seconds" 'BEGIN {
      if (s ~ />/) { printf ">%.0f", substr(s, 2) / (n > 0.001 ? n : 0.001) }
      else printf "%.0f", s / (n > 0.001 ? n : 0.001) }')
    printf '%-9s %3d %14s %9s %14s %9s %8s\n' "$family" "$n" "$count" "$seconds" "$sat" \
      "$sat_seconds" "$ratio"
  done
done
echo
printf '%-21s %3s %7s %9s\n' family N optimum seconds
for family in dominate dominate-independent; do
  for n in $(seq 1 12); do
    read -r optimum seconds <<<"$(native "$family" "$n")"
    printf '%-21s %3d %7s %9s\n' "$family" "$n" "$optimum" "$seconds"
  done
done
for n in $(seq 1 9); do
  read -r optimum seconds <<<"$(native colour "$n")"
  printf '%-21s %3d %7s %9s\n' colour "$n" "$optimum" "$seconds"
done
