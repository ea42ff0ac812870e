#!/usr/bin/env bash
# Certified counts against uncertified ones, in the same run: for `nqsat
# encode N` in every encoding (the matrix model's at-most-one encodings
# and the rows model's CSP encodings), the wall seconds of
#   count   nqsat solve FILE --count                 (the default engines)
#   cert    nqsat solve FILE --count --certificate C (one enumeration that
#           writes the cubes and the LRAT proof, the default)
#   check   nqsat check --instance FILE --certificate C
# each the median of REPEAT runs, the three alternating, and the ratios
# cert / count (target < 3) and check / count (target < 1). Every count
# must be A000170(N) (typed in below for N <= 12) and every check correct.
# Prints a Markdown table.
#   bench/certify.sh [NQSAT] [N]     (defaults: build/nqsat, 10; REPEAT=3)
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=$(realpath "${1:-build/nqsat}")
n=${2:-10}
repeat=${REPEAT:-3}
known=(1 1 0 0 2 10 4 40 92 352 724 2680 14200) # A000170, from N = 0
[ "$n" -ge 1 ] && [ "$n" -le 12 ] || { echo "certify.sh: N must be 1..12" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench-certify.XXXXXX")
trap 'rm -rf "$work"' EXIT

# wall ARGS...: wall seconds of one run of nqsat ARGS (output in
# $work/out), to the microsecond from bash's clock: the runs take tens of
# milliseconds, below /usr/bin/time's hundredths.
wall() {
  local start=$EPOCHREALTIME
  "$nqsat" "$@" >"$work/out" 2>&1 || true
  local end=$EPOCHREALTIME
  awk -v a="${start/,/.}" -v b="${end/,/.}" 'BEGIN { printf "%.6f\n", b - a }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "load: $(uptime | sed 's/.*load average: //')"
echo
echo "| encoding | count s | cert s | check s | cert / count | check / count | proof MB |"
echo "|---|---|---|---|---|---|---|"
encodings="pairwise seq ladder commander product binary bimander csp:direct csp:support csp:order csp:log"
for encoding in $encodings; do
  case $encoding in
  csp:*) options=(--csp "${encoding#csp:}") ;;
  *) options=(--amo "$encoding") ;;
  esac
  file=$work/$encoding.cnf
  "$nqsat" encode "$n" "${options[@]}" -o "$file"
  : >"$work/count" && : >"$work/cert" && : >"$work/check"
  for _ in $(seq "$repeat"); do
    wall solve "$file" --count >>"$work/count"
    [ "$(tail -n 1 "$work/out")" = "${known[$n]}" ] ||
      { echo "certify.sh: $encoding: count $(tail -n 1 "$work/out")" >&2; exit 1; }
    wall solve "$file" --count --certificate "$work/c" >>"$work/cert"
    grep -q "^c certificate: .*: ${known[$n]} models" "$work/out" ||
      { echo "certify.sh: $encoding: $(cat "$work/out")" >&2; exit 1; }
    wall check --instance "$file" --certificate "$work/c" >>"$work/check"
    grep -q "^correct count ${known[$n]} " "$work/out" ||
      { echo "certify.sh: $encoding: $(cat "$work/out")" >&2; exit 1; }
  done
  awk -v e="${encoding#csp:}" -v rows="${encoding%%:*}" -v c="$(median <"$work/count")" \
    -v z="$(median <"$work/cert")" -v k="$(median <"$work/check")" \
    -v b="$(stat -c %s "$work/c.lrat")" 'BEGIN {
      name = rows == "csp" ? "rows, " e : e
      printf "| %s | %.3f | %.3f | %.3f | %.2f | %.2f | %.1f |\n", name, c, z, k,
        (c > 0 ? z / c : 0), (c > 0 ? k / c : 0), b / 1e6 }'
done
