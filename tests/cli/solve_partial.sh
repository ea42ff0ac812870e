#!/usr/bin/env bash
# solve FILE --all --partial and --format compact, against brute force:
# random 3-SAT files written by awk (seeded, up to 14 variables, with and
# without a 'c ind' projection). An awk brute force lists the projected
# models (every assignment of the variables that occur, checked clause by
# clause); nqsat's listing, its cubes expanded over their free variables,
# must be that set exactly, each model once, for 1 and 2 threads, the
# split on and off; the closing 'c K models' line is the set's size; and
# where models leave variables free, --partial lists fewer lines than
# models (the cubes are not expanded). Then the usage errors.
. "$(dirname "$0")/lib.sh"

# brute FILE: the projected models, one per line: the occurring projected
# variables in ascending order, 'v=0' or 'v=1' each, sorted.
brute() {
  awk -f "$CLI_TESTS/clauses.awk" -e 'BEGIN { m = 0 }
       /^c ind/ { for (i = 3; i <= NF; i++) if ($i != 0) ind[$i] = 1; next }
       /^[cp]/ { next }
       { n = 0; for (i = 1; i <= NF; i++) if ($i != 0) { lit[m, n++] = $i; v = $i < 0 ? -$i : $i; occurs[v] = 1 }
         size[m++] = n }
       END {
         k = 0; for (v in occurs) vars[k++] = v + 0
         for (i = 0; i < k; i++) for (j = i + 1; j < k; j++) if (vars[j] < vars[i]) { t = vars[i]; vars[i] = vars[j]; vars[j] = t }
         projected = length(ind) > 0
         for (a = 0; a < 2 ^ k; a++) {
           x = a; for (i = 0; i < k; i++) { value[vars[i]] = x % 2; x = int(x / 2) }
           if (!satisfies(lit, size, m, value)) continue
           line = ""
           for (i = 0; i < k; i++) if (!projected || (vars[i] in ind)) line = line " " vars[i] "=" value[vars[i]]
           seen[line] = 1
         }
         for (line in seen) print line
       }' "$1" | sort
}

# listed FILE OUTPUT: the models of nqsat's listing, cubes expanded, in
# brute's form (not deduplicated: a model listed twice shows twice).
listed() {
  awk -v file="$1" 'BEGIN {
         while ((getline line < file) > 0) if (line ~ /^c ind/) {
           n = split(line, f, " "); for (i = 3; i <= n; i++) if (f[i] != 0) ind[f[i]] = 1 }
         projected = length(ind) > 0
       }
       function emit(   i, line, bits, count, a, x) {
         count = 0; for (i = 1; i <= nv; i++) if (val[order[i]] < 0 && (!projected || order[i] in ind)) free_var[count++] = order[i]
         for (a = 0; a < 2 ^ count; a++) {
           x = a; for (i = 0; i < count; i++) { val[free_var[i]] = x % 2; x = int(x / 2) }
           line = ""
           for (i = 1; i <= nv; i++) if (!projected || (order[i] in ind)) line = line " " order[i] "=" val[order[i]]
           print line
           for (i = 0; i < count; i++) val[free_var[i]] = -1
         }
       }
       /^c compact variables:/ { for (i = 4; i <= NF; i++) compact_var[i - 3] = $i; next }
       /^c free/ { for (i = 3; i <= NF; i++) pending_free[$i] = 1; next }
       /^[cs]/ { next }
       /^v/ { for (v in pending_free) current[v] = -1
              for (i = 2; i <= NF; i++) {
                if ($i == 0) { nv = 0; for (v in current) order[++nv] = v + 0
                  for (i2 = 1; i2 <= nv; i2++) for (j = i2 + 1; j <= nv; j++) if (order[j] < order[i2]) { t = order[i2]; order[i2] = order[j]; order[j] = t }
                  for (v in current) val[v] = current[v]
                  emit(); delete current; delete pending_free; delete val; break }
                v = $i < 0 ? -$i : $i; current[v] = $i > 0 }
              next }
       { nv = length($0); for (i = 1; i <= nv; i++) {
           v = (i in compact_var) ? compact_var[i] : i; order[i] = v + 0
           c = substr($0, i, 1); val[v] = c == "-" ? -1 : c + 0 }
         emit(); delete val }' "$2" | sort
}

# A model printed with a 'c free' line lists its free variables there and
# leaves them out of its 'v' lines: the awk above puts them back as -1.
partial_seen=0
for case in "10 12 1" "12 20 2" "14 30 3" "12 45 4" "14 25 5 8" "13 30 6 6" "9 6 7"; do
  read -r vars clauses seed projected <<<"$case"
  random_cnf "$vars" "$clauses" "$seed" "${projected:-0}" >"$WORK/r.cnf"
  brute "$WORK/r.cnf" >"$WORK/expected"
  models=$(wc -l <"$WORK/expected" | tr -d ' ')
  for mode in "--threads 1" "--threads 2" "--threads 1 --split off" "--threads 2 --symmetry off"; do
    for format in "--partial" "--format compact" "--partial --format compact"; do
      # shellcheck disable=SC2086
      "$NQSAT" solve "$WORK/r.cnf" --all --occurring $format $mode >"$WORK/out" 2>"$WORK/err"
      code=$?
      [ "$models" = 0 ] && want=20 || want=10
      expect_equal "$code" "$want" "random $case $format $mode: exit"
      [ "$models" = 0 ] && continue
      listed "$WORK/r.cnf" "$WORK/out" >"$WORK/got"
      checks=$((checks + 1))
      cmp -s "$WORK/got" "$WORK/expected" ||
        fail "random $case $format $mode: $(wc -l <"$WORK/got") listed, $models by brute force, or other models"
      expect_equal "$(grep -E '^c [0-9]+ models?( |$)' "$WORK/out" | awk '{ print $2 }')" "$models" \
        "random $case $format $mode: closing count"
      if [ "$format" = --partial ] && grep -q '^c free' "$WORK/out"; then
        partial_seen=1
        lines=$(grep -c '^v .* 0$' "$WORK/out")
        [ "$lines" -lt "$models" ] || fail "random $case --partial: $lines cubes for $models models"
      fi
    done
  done
done
expect_equal "$partial_seen" 1 "some formula left variables free under --partial"

random_cnf 8 10 1 >"$WORK/r.cnf"
expect_usage "--partial goes with --all" solve "$WORK/r.cnf" --count --partial
expect_usage "--partial goes with --all" solve "$WORK/r.cnf" --max 3 --partial
expect_usage "--partial needs the native engine" solve "$WORK/r.cnf" --all --partial --engine picosat
expect_usage "--format compact goes with --all or --max" solve "$WORK/r.cnf" --count --format compact
expect_usage "unknown format 'wide': use plain, mcc or compact" solve "$WORK/r.cnf" --all --format wide
expect_usage "apply to a DIMACS file" solve 6 --all --partial
finish
