#!/usr/bin/env bash
# nqsat teach without a browser (teach_browser.sh opens the page in
# Chromium): usage errors, a page that refers to nothing outside itself,
# step data equal to what `nqsat trace` prints (both searches), node and
# wipe-out counts, symmetry classes against OEIS A002562, and an output
# that is replaced only when complete.
. "$(dirname "$0")/lib.sh"

expect_exit 2 "$NQSAT" teach
expect_stderr "missing N"
expect_exit 2 "$NQSAT" teach 13
expect_stderr "N .*13.* out of range|1\.\.12"
expect_exit 2 "$NQSAT" teach 8 --frames
expect_exit 0 "$NQSAT" teach --help
checks=$((checks + 1))
grep -q "forward checking" "$WORK/out" && grep -q -- "-o, --output FILE" "$WORK/out" ||
  fail "teach --help does not describe the page or -o"

# Self-contained: a policy that forbids fetching anything, and nothing to
# fetch (no src/href attributes, style sheets, imports or url()); the only
# address is the SVG namespace, which names and does not load.
expect_exit 0 "$NQSAT" teach 4 -o "$WORK/t4.html"
checks=$((checks + 1))
grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$WORK/t4.html" ||
  fail "the page lacks its default-src 'none' policy"
checks=$((checks + 1))
# (links to the page's own sections, href="#id", stay inside it)
! grep -qiE "(\\s|^)src=|(\\s|^)href=(\"[^#]|'[^#]|[^\"'#])|<link|@import|url\\(" "$WORK/t4.html" ||
  fail "the page refers to outside resources: $(grep -oiE ' src=[^ >]*| href="[^#][^ >]*|<link[^>]*|@import[^;]*|url\([^)]*\)' "$WORK/t4.html" | head -3)"
expect_equal "$(grep -oE '[a-z]+://[^" <]*' "$WORK/t4.html" | sort -u | paste -sd' ')" \
  "http://www.w3.org/2000/svg" "addresses in the page"

# The page is mailed to a class: it names the command with the output's
# base name only, never the directory it was written in.
checks=$((checks + 1))
grep -q '<code>nqsat teach 4 -o t4.html</code>' "$WORK/t4.html" ||
  fail "the footer does not name 'nqsat teach 4 -o t4.html': $(grep -o 'Written by.*' "$WORK/t4.html" | head -c 200)"
checks=$((checks + 1))
! grep -qF "$WORK" "$WORK/t4.html" || fail "the page holds the path of its directory ($WORK)"

# The step data is the trace. Events written the same way from both:
# P row column (queen placed), W (forward checking found a column ahead
# empty), R row column (queen removed).
data_events() { # FILE MODE: the page's steps for MODE, as events
  sed -n 's/.*<script type="application\/json" id="nq-data">\(.*\)<\/script>.*/\1/p' "$1" |
    grep -o "\"$2\":{[^}]*}" | sed 's/.*"steps":"//; s/".*//' | fold -w 1 |
    awk 'BEGIN { placed = 0; for (i = 0; i < 26; i++) code[sprintf("%c", 97 + i)] = i; for (i = 0; i < 26; i++) code[sprintf("%c", 65 + i)] = 100 + i
                 for (i = 0; i <= 10; i++) code[sprintf("%c", 48 + i)] = 200 + i + 2 }
         { c = code[$0] }
         # a run of k removals packed into one character: the rows are the
         # queens placed before, last first
         c >= 200 { for (k = c - 200; k > 0; k--) { placed--; print "R " row[placed] " " placed }; next }
         c >= 100 { placed--; print "R " c - 100 " " placed; next }
         { row[placed] = c % 12; print "P " (c % 12) " " placed; placed++; if (c >= 12) print "W" }'
}
trace_events() { # N [--forward-checking]
  "$NQSAT" trace "$@" --no-boards | awk '
    /^Queen placed at|^Queen removed from/ { kind = $2 == "placed" ? "P" : "R"; gsub(/[^0-9 ]/, " "); split($0, v, " "); print kind, v[1] - 1, v[2] - 1 } # from 1 in the trace
    /^Forward checking: column/ { print "W" }'
}
expect_exit 0 "$NQSAT" teach 6 -o "$WORK/t6.html"
for mode in bt fc; do
  option=""
  [ "$mode" = fc ] && option=--forward-checking
  data_events "$WORK/t6.html" "$mode" >"$WORK/data.events"
  trace_events 6 $option >"$WORK/trace.events"
  checks=$((checks + 1))
  cmp -s "$WORK/data.events" "$WORK/trace.events" ||
    fail "N=6 $mode: the page's steps differ from nqsat trace: $(diff "$WORK/trace.events" "$WORK/data.events" | head -5)"
  expect_equal "$(grep -c '^P' "$WORK/data.events")" \
    "$(sed -n "s/.*\"$mode\":{\"nodes\":\([0-9]*\).*/\1/p" "$WORK/t6.html")" "N=6 $mode: nodes in the page's data"
done
expect_equal "$(grep -c '^W' "$WORK/data.events")" "$(sed -n 's/.*"wipeOuts":\([0-9]*\).*/\1/p' "$WORK/t6.html")" \
  "N=6: wipe-outs in the page's data"

# Symmetry classes: A002562(8) = 12 classes, their sizes adding up to
# A000170(8) = 92; A002562(6) = 1 class of 4.
expect_exit 0 "$NQSAT" teach 8 -o "$WORK/t8.html"
class_of=$(sed -n 's/.*"classOf":\[\([0-9,]*\)\].*/\1/p' "$WORK/t8.html" | tr , '\n')
class_size=$(sed -n 's/.*"classSize":\[\([0-9,]*\)\].*/\1/p' "$WORK/t8.html" | tr , '\n')
expect_equal "$(echo "$class_of" | wc -l)" 92 "N=8: solutions with a class"
expect_equal "$(echo "$class_of" | sort -u | wc -l)" 12 "N=8: classes met"
expect_equal "$(echo "$class_size" | wc -l)" 12 "N=8: class sizes"
expect_equal "$(echo "$class_size" | paste -sd+ | bc)" 92 "N=8: class sizes add up to the solutions"
# Every class has as many solutions as its size (all solutions are found).
expect_equal "$(echo "$class_of" | sort -n | uniq -c | awk '{ print $1 }' | paste -sd' ')" \
  "$(echo "$class_size" | paste -sd' ')" "N=8: solutions per class against the class sizes"
expect_equal "$(sed -n 's/.*"classSize":\[\([0-9,]*\)\].*/\1/p' "$WORK/t6.html")" 4 "N=6: one class of 4"

# Every encoding's clauses are in the page (N = 12's eleven formulas
# besides 1.7 million steps), and the page stays under 4 MB.
expect_exit 0 "$NQSAT" teach 12 -o "$WORK/t12.html"
bytes=$(wc -c <"$WORK/t12.html")
checks=$((checks + 1))
[ "$bytes" -lt 4000000 ] || fail "the N = 12 page is $bytes bytes, not under 4 MB"
for n in 1 2 3; do
  expect_exit 0 "$NQSAT" teach "$n" -o "$WORK/t$n.html"
done

# The SAT solver's searches in the page (DPLL, and CDCL with clause
# learning), every step replayed against the clauses of `nqsat encode` by
# sat_replay.py (no solution at N = 3; the first solution within the
# recorded steps at N = 6, 8 and 11, whose searches are recorded whole;
# at N = 12, recorded whole too; every learned clause implied by unit
# propagation; no
# decision on an auxiliary variable the search does not need).
here=$(cd "$(dirname "$0")" && pwd)
for n in 3 6 8 11 12; do
  [ -f "$WORK/t$n.html" ] || expect_exit 0 "$NQSAT" teach "$n" -o "$WORK/t$n.html"
  checks=$((checks + 1))
  python3 "$here/sat_replay.py" "$WORK/t$n.html" "$NQSAT" >"$WORK/replay$n" 2>&1 ||
    fail "N=$n: the SAT solver's search does not replay: $(grep -m1 FAIL "$WORK/replay$n")"
done
expect_equal "$(grep -c 'no solution$' "$WORK/replay3")" 22 "N=3: searches (11 encodings, with and without learning) ending without a solution"
expect_equal "$(grep -c 'solved$' "$WORK/replay8")" 22 "N=8: searches (11 encodings, with and without learning) reaching a solution"
expect_equal "$(grep -c 'solved$' "$WORK/replay11")" 22 "N=11: searches (11 encodings, with and without learning) recorded to a solution"
expect_equal "$(grep -c 'solved$' "$WORK/replay12")" 22 "N=12: searches (11 encodings, with and without learning) recorded to a solution"
checks=$((checks + 1))
[ "$(grep '(cdcl)' "$WORK/replay8" | grep -vc ' 0 learned')" -ge 10 ] || fail "N=8: clause learning learned nothing"
# The page says the SAT search fills rows where the backtracking search
# fills columns, so under DPLL on the matrix model its first solution is
# the backtracking search's (nqsat trace --first) transposed.
for n in 6 8 12; do
  [ -f "$WORK/replay$n" ] || python3 "$here/sat_replay.py" "$WORK/t$n.html" "$NQSAT" >"$WORK/replay$n"
  transposed=$("$NQSAT" trace "$n" --first --no-boards | sed -n 's/^SOLUTION 1: //p' |
    awk '{ for (r = 1; r <= NF; r++) column_of[$r] = r; for (c = 1; c <= NF; c++) printf "%s%s", column_of[c], (c < NF ? " " : "\n") }')
  expect_equal "$(grep -c '^--amo .* (sat) first solution: '"$transposed"'$' "$WORK/replay$n")" 7 \
    "N=$n: DPLL's first solution under each --amo encoding is trace's first ($transposed) transposed"
done

# The output appears only when complete: an unwritable place fails cleanly.
expect_exit 1 "$NQSAT" teach 4 -o "$WORK/no/such/dir/t.html"
expect_stderr "nqsat teach: error: .*no/such/dir"
finish
