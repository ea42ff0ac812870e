#!/usr/bin/env bash
# The own DRAT checker against drat-trim, in the same run, on cadical's
# binary proofs of: pigeons 9 into 8, SATLIB uuf100-01 (tests/data/satlib)
# and UNSAT N-Queens completion instances (`nqsat encode N --completion K
# --seed S`, listed in COMPLETIONS as N:K:S). Then the LRAT the own checker
# writes (--lrat-out), checked by the own LRAT checker, against the DRAT
# check of the same proof. Targets: own / drat-trim <= 1.5; DRAT / LRAT >= 5.
#
#   bench/proof_check.sh [NQSAT] [ANCHORS]
#     (defaults: build/nqsat, ../shared/anchors next to the repository)
#   REPEAT=3 COMPLETIONS="30:19:1 ..." bench/proof_check.sh
#
# Figures are CPU seconds (user + system) of the whole process, medians of
# REPEAT runs alternating the two checkers; cadical's time is one run. The
# own checker's figure includes reading the files (as drat-trim's does).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
nqsat=$(realpath "${1:-build/nqsat}")
anchors=${2:-$here/../shared/anchors}
[ -x "$anchors/build-drat-trim.sh" ] || anchors=$here/../../shared/anchors
repeat=${REPEAT:-3}
completions=${COMPLETIONS:-"150:127:1 200:170:1 200:176:1"}
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-bench-proof.XXXXXX")
trap 'rm -rf "$work"' EXIT
command -v cadical >/dev/null || { echo "proof_check: needs cadical" >&2; exit 1; }
bash "$anchors/build-drat-trim.sh" "$work/anchors" >/dev/null 2>&1 ||
  { echo "proof_check: cannot build drat-trim from $anchors" >&2; exit 1; }
drat_trim=$work/anchors/drat-trim

echo "load: $(uptime | sed 's/.*load average: //')"
awk -v H=8 'BEGIN {
  P = H + 1; print "p cnf", P * H, P + H * P * (P - 1) / 2
  for (p = 1; p <= P; p++) { line = ""; for (h = 1; h <= H; h++) line = line ((p - 1) * H + h) " "; print line "0" }
  for (h = 1; h <= H; h++) for (p = 1; p <= P; p++) for (q = p + 1; q <= P; q++)
    print -((p - 1) * H + h), -((q - 1) * H + h), 0 }' >"$work/php9.cnf"
sed '/^%/,$d' "$here/tests/data/satlib/uuf100-01.cnf" >"$work/uuf100.cnf"
names=(php9 uuf100)
for triple in $completions; do
  IFS=: read -r n k s <<<"$triple"
  "$nqsat" encode "$n" --completion "$k" --seed "$s" >"$work/q${n}_${k}_$s.cnf"
  names+=("q${n}_${k}_$s")
done

cpu_seconds() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >"$work/out" 2>&1 || true
  tail -n 1 "$work/time" | awk '{ printf "%.3f\n", $1 + $2 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "s UNSATISFIABLE" >"$work/answer"
printf '%-14s %9s %10s %9s %9s %9s %8s %9s\n' instance cadical proof_MB own drat-trim ratio lrat drat/lrat
for name in "${names[@]}"; do
  cnf=$work/$name.cnf
  proof=$work/$name.drat
  cadical_time=$(cpu_seconds cadical -q "$cnf" "$proof")
  grep -q '^s UNSATISFIABLE' "$work/out" || { echo "$name: cadical says $(grep '^s' "$work/out")" >&2; exit 1; }
  : >"$work/own" && : >"$work/theirs" && : >"$work/lrat"
  for _ in $(seq "$repeat"); do
    cpu_seconds "$nqsat" check --instance "$cnf" "$work/answer" --proof "$proof" >>"$work/own"
    grep -q '^correct' "$work/out" || { echo "$name: own checker: $(cat "$work/out")" >&2; exit 1; }
    cpu_seconds "$drat_trim" "$cnf" "$proof" >>"$work/theirs"
    tr -d '\r' <"$work/out" | grep -q '^s VERIFIED' || { echo "$name: drat-trim did not verify" >&2; exit 1; }
  done
  "$nqsat" check --instance "$cnf" "$work/answer" --proof "$proof" --lrat-out "$work/$name.lrat" >/dev/null
  for _ in $(seq "$repeat"); do
    cpu_seconds "$nqsat" check --instance "$cnf" "$work/answer" --proof "$work/$name.lrat" >>"$work/lrat"
    grep -q '^correct' "$work/out" || { echo "$name: own LRAT check: $(cat "$work/out")" >&2; exit 1; }
  done
  own=$(median <"$work/own")
  theirs=$(median <"$work/theirs")
  lrat=$(median <"$work/lrat")
  awk -v n="$name" -v c="$cadical_time" -v b="$(stat -c %s "$proof")" -v o="$own" -v t="$theirs" \
    -v l="$lrat" 'BEGIN { printf "%-14s %9.2f %10.1f %9.3f %9.3f %9.2f %8.3f %9.1f\n", n, c,
      b / 1e6, o, t, (t > 0 ? o / t : 0), l, (l > 0 ? o / l : 0) }'
done
echo "ratio = own / drat-trim (target <= 1.5); drat/lrat = own DRAT check / own LRAT check of the trimmed proof (target >= 5)"
