#!/usr/bin/env bash
# nqsat solve FILE on every at-most-one encoding of N-Queens,
# plain, shuffled, --redundant and --parsimonious: the model count in the
# default mode (split, symmetry, 2 threads) and in a second mode (7
# threads, or the plain loop) against OEIS A000170, typed into lib.sh.
# N = 1..8 plain and shuffled, 4, 6, 8 --redundant and --parsimonious; N = 9
# and 10 for a subset, to stay quick (also under the sanitizers).
. "$(dirname "$0")/lib.sh"

count_file() { # count_file FILE N WHAT MODE...
  local file=$1 n=$2 what=$3
  shift 3
  "$NQSAT" solve "$file" --count "$@" >"$WORK/out" 2>"$WORK/err"
  expect_equal "$(cat "$WORK/out")" "$(known_count "$n")" "$what $*"
}

for amo in pairwise seq ladder commander product binary bimander; do
  for variant in "" "--shuffle --seed 3" "--redundant" "--parsimonious"; do
    [ "$variant" = "--parsimonious" ] && [ "$amo" = pairwise ] && continue # no auxiliaries
    sizes="1 2 3 4 5 6 7 8"
    case $variant in --redundant | --parsimonious) sizes="4 6 8" ;; esac
    for n in $sizes; do
      # shellcheck disable=SC2086
      "$NQSAT" encode "$n" --amo "$amo" $variant >"$WORK/f.cnf" 2>"$WORK/err" ||
        { fail "encode $n --amo $amo $variant: $(cat "$WORK/err")"; continue; }
      count_file "$WORK/f.cnf" "$n" "N=$n $amo $variant" --threads 2
      [ "$n" = 8 ] && count_file "$WORK/f.cnf" "$n" "N=$n $amo $variant" --threads 7 --symmetry off
      [ "$n" = 6 ] && count_file "$WORK/f.cnf" "$n" "N=$n $amo $variant" --split off --symmetry off
    done
  done
done
for case in "9 pairwise --shuffle" "9 seq --redundant" "10 ladder" "10 pairwise --redundant" \
  "9 commander --parsimonious" "9 binary --shuffle"; do
  read -r n amo variant <<<"$case"
  # shellcheck disable=SC2086
  "$NQSAT" encode "$n" --amo "$amo" $variant >"$WORK/f.cnf"
  count_file "$WORK/f.cnf" "$n" "N=$n $amo $variant" --threads 2
  count_file "$WORK/f.cnf" "$n" "N=$n $amo $variant" --threads 1 --symmetry off
done
finish
