#!/usr/bin/env bash
# The teaching page in a real browser: headless Chromium opens the page
# `nqsat teach` wrote, from a file, at a step given in the address fragment
# (#mode=bt&step=K&probe=K1,K2,...), runs its scripts, and dumps the DOM
# (--dump-dom, after --virtual-time-budget lets the scripts finish). The
# page writes what it shows into #nq-state and, for every probe step, into
# #nq-probe; each record must equal the one trace_states.awk derives from
# `nqsat trace` (queens on the same squares, the same crossed squares, the
# same step, node and solution counts, the same event). Also checked on
# every launch: no error in the page's #nq-errors list (uncaught errors,
# rejected promises, console.error/warn and Content-Security-Policy
# refusals all land there), and no network request made by the page in
# Chromium's net log (--log-net-log; requests of the page carry the file://
# origin, Chromium's own background requests do not). One launch runs a
# deliberately broken copy of the page, which must fail both checks, so a
# checker that stopped seeing anything would be noticed. One more drives
# the N = 6 page through the DevTools protocol (teach_cdp.py): Tab key
# events through every control, print media and a PDF, and screenshots.
#
# usage: teach_browser.sh NQSAT ARTIFACT_DIR [--no-browser]
#   ARTIFACT_DIR receives the screenshots (fc-wipe-out.png: N = 8 at the
#   first wipe-out of forward checking; n12-first-solution.png: N = 12 at
#   its first solution; clauses.png: N = 6's clause board, a square's
#   clauses and the propagation table; broken.png: the broken copy, errors
#   listed; teach-clauses.png, teach-propagation.png, teach-sat.png and
#   teach-print.pdf from teach_cdp.py) and the
#   N = 8 page. --no-browser (the sanitizer build) runs
#   only the nqsat side: the pages are written and their data checked.
# Exit 77 (ctest: skipped) when Chromium is not installed.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
artifacts=${2:?usage: $0 NQSAT ARTIFACT_DIR [--no-browser]}
browser=1
[ "${3:-}" = --no-browser ] && browser=0
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ "$browser" = 1 ] && [ -z "$chromium" ]; then
  echo "SKIPPED: chromium is not installed (scripts/setup.sh --test-tools installs it)"
  exit 77
fi
mkdir -p "$artifacts"
rm -f "$artifacts"/*.png "$artifacts"/*.html

"$NQSAT" teach 8 -o "$WORK/teach8.html" || fail "teach 8 failed"
"$NQSAT" teach 12 -o "$WORK/teach12.html" || fail "teach 12 failed"
cp "$WORK/teach8.html" "$artifacts/teach8.html"

# What the page must show at every step, from the trace.
"$NQSAT" trace 8 | awk -v mode=bt -f "$here/trace_states.awk" >"$WORK/bt8.states"
"$NQSAT" trace 8 --forward-checking | awk -v mode=fc -f "$here/trace_states.awk" >"$WORK/fc8.states"

# records FILE K...: the records of steps K..., joined as the page joins them.
records() {
  local file=$1
  shift
  awk -v want="$*" 'BEGIN { RS = "--\n"; count = split(want, list, " ") }
    { record[NR - 1] = $0 }
    END { for (i = 1; i <= count; i++) printf "%s%s", (i > 1 ? "--\n" : ""), record[list[i]] }' "$file"
}
# first_step FILE REGEX: the first step whose record matches.
first_step() {
  awk -v pattern="$2" 'BEGIN { RS = "--\n" } $0 ~ pattern { print NR - 1; exit }' "$1"
}
total_steps() { awk 'NR == 2 { print $4; exit }' "$1"; }

# The data in the page is the trace: as many steps of each kind.
page_data() { sed -n 's/.*<script type="application\/json" id="nq-data">\(.*\)<\/script>.*/\1/p' "$1"; }
page_data "$WORK/teach8.html" >"$WORK/data8.json"
for mode in bt fc; do
  steps=$(grep -o "\"$mode\":{[^}]*\"steps\":\"[a-zA-Z0-9:]*\"" "$WORK/data8.json" | sed 's/.*"steps":"//; s/"$//')
  # a character '0' + k - 2 is a run of k removals
  expanded=$(printf '%s' "$steps" | fold -w 1 | awk '/^[0-9:]$/ { n += index("0123456789:", $0) + 1; next } { n++ } END { print n }')
  expect_equal "$expanded" "$(total_steps "$WORK/$mode"8.states)" "N=8 $mode: steps in the page's data"
done

if [ "$browser" = 0 ]; then
  echo "note: --no-browser: Chromium checks not run in this build"
  finish
  exit
fi

# launch NAME URL [SCREENSHOT]: one Chromium run; the DOM lands in
# $WORK/NAME.dom, the net log in $WORK/NAME.netlog.
launch() {
  local name=$1 url=$2 shot=${3:-}
  local profile
  profile=$(mktemp -d "$WORK/profile.XXXXXX")
  local options=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --user-data-dir="$profile" --log-net-log="$WORK/$name.netlog"
    --virtual-time-budget=10000 --window-size=1280,1400)
  [ -n "$shot" ] && options+=(--screenshot="$artifacts/$shot")
  local started=$SECONDS
  timeout 120 "$chromium" "${options[@]}" --dump-dom "$url" >"$WORK/$name.dom" 2>"$WORK/$name.log"
  echo "$name: Chromium took $((SECONDS - started)) s"
  checks=$((checks + 1))
  [ -s "$WORK/$name.dom" ] || fail "$name: Chromium wrote no DOM ($(grep -v dbus "$WORK/$name.log" | tail -n 3))"
}
# element NAME ID: the text of <pre id="ID"> in the dump.
element() {
  awk -v open="<pre id=\"$2\" hidden=\"\">" '
    index($0, open) { on = 1; sub(".*" open, "") }
    on { end = index($0, "</pre>"); if (end) { printf "%s", substr($0, 1, end - 1); exit } print }' "$WORK/$1.dom"
}
# clean NAME: nothing in #nq-errors, no request of the page in the net log.
clean() {
  local name=$1
  checks=$((checks + 1))
  grep -q '<ul id="nq-errors"></ul>' "$WORK/$name.dom" ||
    fail "$name: the page reported errors: $(grep -o '<ul id="nq-errors">.*</ul>' "$WORK/$name.dom" | head -c 400)"
  checks=$((checks + 1))
  ! grep -qE '"network_isolation_key":"file://|"initiator":"null"' "$WORK/$name.netlog" ||
    fail "$name: the page made network requests: $(grep -oE '"url":"[^"]*"' "$WORK/$name.netlog" | sort -u | head -5)"
}

# N = 8, both searches in one launch. Plain backtracking: around the
# start, the first solution, the replay's checkpoint boundary (2048 steps)
# and the end; forward checking: the first wipe-out (the page opens there,
# for the screenshot), a solution, the end.
bt_total=$(total_steps "$WORK/bt8.states")
solution=$(first_step "$WORK/bt8.states" "solutions 1 of")
bt_steps="0 1 2 3 10 40 $((solution - 1)) $solution $((solution + 1)) 1000 2047 2048 2049 $((bt_total - 1)) $bt_total"
fc_total=$(total_steps "$WORK/fc8.states")
wipe=$(first_step "$WORK/fc8.states" "wipe-out")
fc_solution=$(first_step "$WORK/fc8.states" "solutions 1 of")
fc_steps="0 1 $((wipe - 1)) $wipe $((wipe + 1)) 100 $fc_solution 2048 2049 $fc_total"
probes=$( (for k in $bt_steps; do echo "bt:$k"; done; for k in $fc_steps; do echo "fc:$k"; done) | paste -sd,)
# The page opens at step 0 and is driven to the first wipe-out by key and
# button events (step 3 forward, 1 back, wipe - 2 more arrow keys), the
# handlers a reader's keys and clicks reach.
press="click:step*3,key:ArrowLeft,key:ArrowRight*$((wipe - 2))"
launch n8 "file://$WORK/teach8.html#mode=fc&step=0&probe=$probes&press=$press" fc-wipe-out.png
clean n8
records "$WORK/bt8.states" $bt_steps >"$WORK/n8.expected"
printf -- '--\n' >>"$WORK/n8.expected"
records "$WORK/fc8.states" $fc_steps >>"$WORK/n8.expected"
element n8 nq-probe >"$WORK/n8.probe"
checks=$((checks + 1))
diff -u "$WORK/n8.expected" "$WORK/n8.probe" >"$WORK/n8.diff" ||
  fail "n8: the page and nqsat trace disagree: $(head -c 600 "$WORK/n8.diff")"
checks=$((checks + 1))
grep -q "event place .* wipe-out" "$WORK/n8.probe" || fail "n8: no wipe-out among the probes"
# #nq-state shows where the keys and clicks led.
records "$WORK/fc8.states" "$wipe" >"$WORK/n8.state.expected"
element n8 nq-state >"$WORK/n8.state"
checks=$((checks + 1))
diff -q "$WORK/n8.state.expected" "$WORK/n8.state" >/dev/null ||
  fail "n8: #nq-state at step $wipe differs from the trace: $(diff "$WORK/n8.state.expected" "$WORK/n8.state" | head -c 300)"
# The page states the numbering, and its example for N = 8 names the
# variable nqsat encode's clause for a queen placed on row 2, column 3 uses.
x23=$("$NQSAT" encode 8 --explain --place 2,3 | awk '/^c queen placed at row 2, column 3$/ { getline; print $1; exit }')
checks=$((checks + 1))
grep -q 'x(r,c) = (r&minus;1)N + c\|x(r,c) = (r−1)N + c' "$WORK/n8.dom" ||
  fail "n8: the page does not state x(r,c) = (r-1)N + c"
checks=$((checks + 1))
grep -q "so x(2,3) is variable $x23 and the last board variable is x(8,8) = 64" "$WORK/n8.dom" ||
  fail "n8: the numbering's example is not x(2,3) = $x23 (nqsat encode --place 2,3): $(grep -o 'so x(2,3)[^<]*' "$WORK/n8.dom")"

# N = 12 (3 MB of steps): the board after 100,000 steps of plain
# backtracking, rebuilt from the trace's events; the end of the search (the
# trace's step count, A000170(12) = 14200 solutions from OEIS, an empty
# board); and the "next solution" button from the start, which must stop at
# the trace's first solution.
n12_total=$("$NQSAT" trace 12 --no-boards | sed -n 's/^Search complete after \([0-9]*\) steps\.$/\1/p')
board_after() { # K: the queens after K steps, from the trace's events
  "$NQSAT" trace 12 --no-boards --max-steps "$1" | awk '
    BEGIN { for (c = 0; c < 12; c++) q[c] = -1 }
    /^Queen placed at|^Queen removed from/ { placed = $2 == "placed"; gsub(/[^0-9 ]/, " ")
      split($0, v, " "); q[v[2] - 1] = placed ? v[1] - 1 : -1; steps++ } # the trace counts from 1
    /^SOLUTION 1:/ && !first { first = steps }
    END { for (c = 0; c < 12; c++) printf "%s%s", (c ? " " : ""), q[c]; print ""; print first + 0 }'
}
board_after 100000 >"$WORK/n12.after"
n12_first=$(board_after 5000 | tail -n 1)
# The same launch times 15 clicks each on the search's step, the SAT
# search's step and a square of the clause board (which unit-propagates in
# all eleven encodings) and checks that every control takes the keyboard
# focus, shows it and has a name.
launch n12 "file://$WORK/teach12.html#mode=bt&step=0&probe=100000,$n12_total&press=click:next-solution&timing=15&keyboard=1" n12-first-solution.png
clean n12
element n12 nq-timing >"$WORK/n12.timing"
element n12 nq-keyboard >"$WORK/n12.keyboard"
echo "N=12, median ms per click (load $(cut -d' ' -f1 /proc/loadavg)): $(paste -sd' ' "$WORK/n12.timing")"
# 50 ms on a quiet machine (the target), scaled by the load as the other
# latency bounds are (lib.sh): at load 34 a square's click took 39 ms.
step_limit=$(scaled_limit_ms 50)
for what in search sat square; do
  checks=$((checks + 1))
  awk -v what="$what" -v limit="$step_limit" '$1 == what { found = 1; exit !($2 < limit) } END { if (!found) exit 1 }' "$WORK/n12.timing" ||
    fail "N=12: a $what step takes over $step_limit ms (median): $(paste -sd' ' "$WORK/n12.timing")"
done
expect_equal "$(sed -n 's/^problems //p' "$WORK/n12.keyboard")" none "N=12: controls without focus, visible focus or name"
checks=$((checks + 1))
[ "$(sed -n 's/^controls //p' "$WORK/n12.keyboard")" -gt 160 ] || fail "N=12: too few controls checked: $(head -1 "$WORK/n12.keyboard")"
element n12 nq-probe >"$WORK/n12.probe"
element n12 nq-state >"$WORK/n12.state"
expect_equal "$(sed -n 's/^queens //p' "$WORK/n12.probe" | head -n 1)" "$(head -n 1 "$WORK/n12.after")" \
  "N=12: queens after 100000 steps"
expect_equal "$(sed -n 's/^step //p' "$WORK/n12.probe" | tail -n 1)" "$n12_total of $n12_total" "N=12: steps in all"
expect_equal "$(sed -n 's/^solutions //p' "$WORK/n12.probe" | tail -n 1)" "14200 of 14200" "N=12: solutions at the end"
expect_equal "$(sed -n 's/^queens //p' "$WORK/n12.probe" | tail -n 1)" "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1" \
  "N=12: empty board at the end"
checks=$((checks + 1))
[ "$n12_first" -gt 0 ] || fail "N=12: no solution within the first 5000 steps of the trace"
expect_equal "$(sed -n 's/^step //p' "$WORK/n12.state")" "$n12_first of $n12_total" "N=12: next solution from the start"
expect_equal "$(sed -n 's/^queens //p' "$WORK/n12.state")" "$(board_after "$n12_first" | head -n 1)" \
  "N=12: the board of the first solution"

# Clauses on the board, N = 6, one launch: every encoding's clauses of
# square (3,4) (#nq-clauses) against the clauses of `nqsat encode 6 ...
# --explain` that mention the square's variables, found here from the
# numbering the header states; and unit propagation from scripted
# positions (#nq-probe) against unit_propagate.py on the file `nqsat
# encode 6 ... --place ... --block ...` writes.
"$NQSAT" teach 6 -o "$WORK/teach6.html" || fail "teach 6 failed"
encodings=("--amo pairwise" "--amo seq" "--amo ladder" "--amo commander" "--amo product"
  "--amo binary" "--amo bimander" "--csp direct" "--csp support" "--csp order" "--csp log")
square_variables() { # ENCODING ROW COLUMN (from 1), N = 6: the variables of that square
  case "$1" in
  "--csp order") # p(r,a) = (r-1)*5 + a: q_r <= a, a = 1..5; q_r = c is p(r,c) and not p(r,c-1)
    [ "$3" -le 5 ] && echo $(($2 * 5 - 5 + $3))
    [ "$3" -ge 2 ] && echo $(($2 * 5 - 5 + $3 - 1)) ;;
  "--csp log") for k in 1 2 3; do echo $(($2 * 3 - 3 + k)); done ;; # 3 bits of q_r - 1
  *) echo $(($2 * 6 - 6 + $3)) ;;
  esac
}
: >"$WORK/clauses6.expected"
for encoding in "${encodings[@]}"; do
  echo "encoding $encoding" >>"$WORK/clauses6.expected"
  # shellcheck disable=SC2086
  "$NQSAT" encode 6 $encoding --explain | awk -v vars="$(square_variables "$encoding" 3 4 | paste -sd' ')" '
    BEGIN { split(vars, list, " "); for (i in list) want[list[i]] = 1 }
    /^p cnf/ { body = 1; next }
    body && /^c a[0-9]+ = / { name[substr($2, 2)] = substr($0, 3); next }
    body && /^c / { group = substr($0, 3); next }
    body { hit = 0; for (i = 1; i < NF; i++) { v = $i < 0 ? -$i : $i; if (v in want) hit = 1 }
           if (!hit) next
           print $0 " | " group
           for (i = 1; i < NF; i++) { v = $i < 0 ? -$i : $i; if (v in name) used[v] = 1 } }
    END { count = 0; for (v in used) list[++count] = v + 0
          for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++)
            if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
          for (i = 1; i <= count; i++) print name[list[i]] }' >>"$WORK/clauses6.expected"
done
positions=("q1,2" "q1,1;q2,3" "q2,2;b1,4;b3,5" "q1,3;q2,5;b4,4")
: >"$WORK/propagation6.expected"
for k in "${!positions[@]}"; do
  [ "$k" -gt 0 ] && echo -- >>"$WORK/propagation6.expected"
  placed=$(echo "${positions[$k]}" | tr ';' '\n' | sed -n 's/^q//p' | paste -sd';')
  blocked=$(echo "${positions[$k]}" | tr ';' '\n' | sed -n 's/^b//p' | paste -sd';')
  for encoding in "${encodings[@]}"; do
    options=()
    for q in ${placed//;/ }; do options+=(--place "$q"); done
    for b in ${blocked//;/ }; do options+=(--block "$b"); done
    # shellcheck disable=SC2086
    "$NQSAT" encode 6 $encoding "${options[@]}" -o "$WORK/position.cnf" || fail "encode 6 $encoding ${options[*]}"
    echo "$encoding: $(python3 "$here/unit_propagate.py" "$WORK/position.cnf" "${placed:--}" "${blocked:--}")" \
      >>"$WORK/propagation6.expected"
  done
done
# The same launch shows the SAT solver's recorded search on the order
# encoding at its end, a queen placed on (1,2), the clauses of (3,4), and
# the clause section on screen for the screenshot (docs/teaching.md).
# The SAT search shown is the one with clause learning.
launch n6 "file://$WORK/teach6.html#clauses=3,4&propagate=$(IFS=/; echo "${positions[*]}")&encoding=order&solver=cdcl&sat=end&analysis=all&queens=1,2&square=3,4&only=clauses" clauses.png
clean n6
element n6 nq-clauses | sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' >"$WORK/clauses6.page"
checks=$((checks + 1))
diff -u "$WORK/clauses6.expected" "$WORK/clauses6.page" >"$WORK/clauses6.diff" ||
  fail "n6: the page's clauses of square (3,4) differ from nqsat encode --explain: $(head -c 600 "$WORK/clauses6.diff")"
checks=$((checks + 1))
[ "$(grep -c '|' "$WORK/clauses6.page")" -gt 100 ] || fail "n6: too few clauses listed for square (3,4)"
checks=$((checks + 1))
[ "$(grep -c '^a[0-9]* = .* of .*; true ' "$WORK/clauses6.page")" -gt 20 ] ||
  fail "n6: too few auxiliary variables named among the clauses of square (3,4)"
element n6 nq-probe >"$WORK/propagation6.page"
checks=$((checks + 1))
diff -u "$WORK/propagation6.expected" "$WORK/propagation6.page" >"$WORK/propagation6.diff" ||
  fail "n6: the page's unit propagation differs from unit_propagate.py: $(head -c 600 "$WORK/propagation6.diff")"
# The encodings differ on the same position (else the table teaches nothing).
checks=$((checks + 1))
[ "$(sed -n 1,11p "$WORK/propagation6.page" | sed 's/^[^:]*://' | sort -u | wc -l)" -ge 3 ] ||
  fail "n6: unit propagation from one queen is the same in every encoding"

# The SAT solver's search with clause learning as the page replays it ends on the solution
# sat_replay.py reaches by checking every step against the clauses, with
# the same counts.
python3 "$here/sat_replay.py" "$WORK/teach6.html" "$NQSAT" >"$WORK/replay6" || fail "N=6: $(cat "$WORK/replay6")"
element n6 nq-sat >"$WORK/sat6.page"
expect_equal "$(sed -n 's/^event //p' "$WORK/sat6.page")" done "n6: the SAT search's last event"
# The CDCL view: every learned clause's conflict analysis as the page
# shows it (the resolution chain to the first UIP, the learned clause,
# the back-jump level), and the trail by level at the end, against the
# events replayed by analysis_check.py.
element n6 nq-analysis >"$WORK/analysis6.page"
checks=$((checks + 1))
python3 "$here/analysis_check.py" "$WORK/teach6.html" "--csp order" "$WORK/analysis6.page" \
  "$(sed -n 's/^trail //p' "$WORK/sat6.page")" >"$WORK/analysis6" || fail "n6: $(cat "$WORK/analysis6")"
cat "$WORK/analysis6"
expect_equal "$(sed -n 's/^counts //p' "$WORK/sat6.page")" \
  "$(sed -n 's/^--csp order (cdcl): \([0-9]*\) decisions, \([0-9]*\) propagations, \([0-9]*\) conflicts, \([0-9]*\) learned, solved$/\1 \2 \3 \4/p' "$WORK/replay6")" \
  "n6: decisions, propagations, conflicts and learned clauses of the CDCL search on --csp order"
checks=$((checks + 1))
sed -n 's/^queens //p' "$WORK/sat6.page" | tr ' ' '\n' | awk -F, '
  { row[NR] = $1; column[NR] = $2 }
  END { if (NR != 6) exit 1
        for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) {
          d = row[i] - row[j]; e = column[i] - column[j]
          if (d == 0 || e == 0 || d == e || d == -e) exit 1 } }' ||
  fail "n6: the SAT search's last board is no solution: $(grep '^queens' "$WORK/sat6.page")"

# N = 6 driven through the DevTools protocol (teach_cdp.py): real Tab key
# events reach every control, each showing its focus and named in
# Chromium's accessibility tree; print media shows the boards and the
# step's explanation without controls, and prints to a PDF; screenshots of
# the clause board, propagation and the SAT search.
started=$SECONDS
python3 "$here/teach_cdp.py" "$chromium" "$WORK/teach6.html" "$artifacts" "$NQSAT" >"$WORK/cdp6" 2>&1 ||
  fail "N=6 through the DevTools protocol: $(tail -n 3 "$WORK/cdp6")"
echo "n6 (DevTools protocol): $((SECONDS - started)) s"
sed 's/^/  /' "$WORK/cdp6"
checks=$((checks + 1))

# The checker itself: a copy of the page with its security policy removed,
# an image from the network and a script error must fail both checks.
sed 's|<meta http-equiv="Content-Security-Policy"[^>]*>||; s|</body>|<img src="http://127.0.0.1:9/nqsat-test.png"><script>notDefinedAnywhere()</script></body>|' \
  "$WORK/teach8.html" >"$WORK/broken.html"
launch broken "file://$WORK/broken.html#step=3" broken.png
checks=$((checks + 1))
grep -q 'notDefinedAnywhere is not defined' "$WORK/broken.dom" ||
  fail "broken page: the script error did not reach #nq-errors"
checks=$((checks + 1))
grep -qE '"network_isolation_key":"file://' "$WORK/broken.netlog" ||
  fail "broken page: its request is not in the net log (the network check sees nothing)"

for shot in fc-wipe-out n12-first-solution clauses broken teach-clauses teach-propagation teach-sat teach-400 teach-1280; do
  checks=$((checks + 1))
  [ -s "$artifacts/$shot.png" ] || fail "no screenshot $artifacts/$shot.png"
done
# Not blank: the boards' squares (light #f0d9b5) cover a good part of each.
for shot in fc-wipe-out n12-first-solution clauses teach-clauses teach-propagation teach-sat; do
  read -r width height ink light < <(python3 "$here/png_ink.py" "$artifacts/$shot.png" 240,217,181)
  checks=$((checks + 1))
  [ "$ink" -gt $((width * height / 20)) ] && [ "$light" -gt 5000 ] ||
    fail "$shot.png looks blank: $width x $height, $ink pixels of ink, $light of the board's light squares"
done
echo "screenshots and the N = 8 page: $artifacts"
finish
