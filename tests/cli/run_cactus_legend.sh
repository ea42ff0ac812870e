#!/usr/bin/env bash
# The cactus plot's legend with a large field: 20 solvers (one with a
# 40-character name) on one instance. Every solver gets one entry; the
# entries fill columns beside the plot without overlapping and inside the
# picture (the picture grows wider by whole columns); each entry's text
# fits its column (at a generous 7 px per character of 12 px sans-serif);
# a name cut short keeps its whole name in a <title>; and no two solvers
# share both colour and dash pattern.
. "$(dirname "$0")/lib.sh"
command -v picosat >/dev/null || { echo "run_cactus_legend: picosat is missing (scripts/setup.sh --test-tools)"; exit 1; }

S=$WORK/suite
"$NQSAT" suite "$S" --sizes 6 --encodings pairwise >/dev/null 2>&1 || fail "suite failed"
long=a-solver-name-of-forty-characters-length
solvers=()
for i in $(seq 1 19); do solvers+=(--solver "solver-$i=picosat {}"); done
solvers+=(--solver "$long=picosat {}")
expect_exit 0 "$NQSAT" run "$S" "${solvers[@]}" --timeout 20 --jobs 2
svg=$S/cactus.svg
xmllint --noout "$svg" 2>/dev/null || ! command -v xmllint >/dev/null || fail "cactus.svg is not well-formed XML"

width=$(grep -o '<svg [^>]*>' "$svg" | sed 's/.* width="\([0-9]*\)".*/\1/')
height=$(grep -o '<svg [^>]*>' "$svg" | sed 's/.* height="\([0-9]*\)".*/\1/')
column_width=$(grep -o '<g id="legend"[^>]*>' "$svg" | sed 's/.*data-column-width="\([0-9]*\)".*/\1/')
# One line per entry: "solver x y stroke dash text par2_y".
grep '<g class="legend-entry"' "$svg" |
  sed -E 's|^<g class="legend-entry" data-solver="([^"]*)".*<line x1="([0-9]*)" y1="([0-9]*)"[^>]* stroke="([^"]*)" stroke-width="3"( stroke-dasharray="([^"]*)")?/><text [^>]*>([^<]*)</text><text [^>]*y="([0-9]*)"[^>]*>PAR-2.*$|\1\t\2\t\3\t\4\t\6\t\7\t\8|' \
    >"$WORK/entries"
expect_equal "$(cut -f1 "$WORK/entries" | sort | tr '\n' ' ')" \
  "$( (for i in $(seq 1 19); do echo "solver-$i"; done; echo "$long") | sort | tr '\n' ' ')" \
  "one legend entry per solver"
checks=$((checks + 4))
bad=$(awk -F'\t' -v w="$width" -v h="$height" -v cw="$column_width" '
  { x = $2; y = $3
    # The swatch starts 20 px into the column; its text 52 px in.
    right = x - 20 + cw
    if (x + 52 + 7 * length($6) > right || right > w) print $1 ": text past its column or the picture"
    if ($7 + 4 > h) print $1 ": below the picture"
    for (k in seen_x) if (seen_x[k] == x && (seen_y[k] - y) ^ 2 < 34 ^ 2) print $1 " overlaps " k
    seen_x[$1] = x; seen_y[$1] = y
    style = $4 "/" $5; if (style in styles) print $1 " looks like " styles[style]; styles[style] = $1 }' "$WORK/entries")
[ -z "$bad" ] || fail "legend: $bad"
columns=$(cut -f2 "$WORK/entries" | sort -u | wc -l)
[ "$columns" -ge 2 ] || fail "20 entries in $columns column"
[ "$width" -ge $((860 + (columns - 1) * column_width)) ] || fail "picture $width px wide for $columns legend columns"
grep -q "<title>$long</title></g>" "$svg" || fail "the cut-short name has no <title> with the whole name"
finish
