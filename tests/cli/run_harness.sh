#!/usr/bin/env bash
# `nqsat run`. Real solvers from Debian must all come out
# `correct` (CNF, shuffled CNF, OPB); the deliberately wrong solvers of
# tests/solvers/ must each get their class; results.csv is complete after
# SIGINT/SIGTERM and --resume finishes without repeating a run; the cactus
# plot is well-formed and its points are the times in results.csv.
. "$(dirname "$0")/lib.sh"
SOLVERS=$(cd "$(dirname "$0")/../solvers" && pwd)
under_valgrind=0
grep -qs valgrind "$NQSAT" && under_valgrind=1
for tool in picosat xmllint; do
  command -v $tool >/dev/null || { echo "run_harness: $tool is missing (scripts/setup.sh --test-tools)"; exit 1; }
done

# results_field FILE SOLVER INSTANCE COLUMN: one column of one row.
results_field() {
  awk -F, -v s="$2" -v f="$3" -v c="$4" '$1 == s && $2 == f { print $c }' "$1"
}

# check_legend DIR: the legend of DIR/cactus.svg lists every solver of
# DIR/results.csv once, by solved count (most first; ties: lower PAR-2
# first), each entry "NAME (SOLVED)" then "PAR-2 X.XXX", the PAR-2 worked
# out here: solved runs count their time, others twice their timeout,
# skipped rows not at all.
check_legend() {
  local dir=$1
  awk -F, 'NR > 1 && $3 != "skipped" { n[$1]++; solved[$1] += ($3 == "correct")
      t[$1] += ($3 == "correct") ? $4 : 2 * $8 }
    END { for (s in n) printf "%s %d %.3f\n", s, solved[s], t[s] / n[s] }' "$dir/results.csv" |
    sort -k1,1 >"$WORK/legend.expected"
  tr -d '\n' <"$dir/cactus.svg" | sed 's/<g class="legend-entry"/\n&/g' | grep '^<g class="legend-entry"' |
    sed -E 's|^<g class="legend-entry" data-solver="([^"]*)" data-solved="([0-9]*)"><line [^>]*/><text [^>]*>([^<]*) \(([0-9]*)\)</text><text [^>]*>PAR-2 ([0-9.]*)</text></g>.*$|\1 \4 \5 \2 \3|' \
    >"$WORK/legend.shown"
  checks=$((checks + 3))
  awk '$1 != $5 || $2 != $4 { bad = 1 } END { exit bad }' "$WORK/legend.shown" ||
    fail "$dir: legend entries do not match their attributes: $(cat "$WORK/legend.shown")"
  # (Within 0.001: the harness sums the unrounded times, results.csv has them to 0.1 ms.)
  cut -d' ' -f1-3 "$WORK/legend.shown" | sort -k1,1 | join - "$WORK/legend.expected" >"$WORK/legend.joined"
  [ "$(wc -l <"$WORK/legend.joined")" = "$(wc -l <"$WORK/legend.expected")" ] &&
    [ "$(wc -l <"$WORK/legend.shown")" = "$(wc -l <"$WORK/legend.expected")" ] &&
    awk '$2 != $4 || ($3 - $5) ^ 2 > 1.0001e-6 { bad = 1 } END { exit bad }' "$WORK/legend.joined" ||
    fail "$dir: legend '$(cut -d' ' -f1-3 "$WORK/legend.shown" | tr '\n' ';')', from results.csv '$(tr '\n' ';' <"$WORK/legend.expected")'"
  awk 'NR > 1 && ($2 > solved || ($2 == solved && $3 < par2)) { bad = 1 } { solved = $2; par2 = $3 }
    END { exit bad }' "$WORK/legend.shown" ||
    fail "$dir: legend not sorted by solved count, then PAR-2: $(cut -d' ' -f1-3 "$WORK/legend.shown" | tr '\n' ';')"
}

# ---- Real solvers: everything correct ----------------------------------------
S=$WORK/suite
# 8 CNF files (plain, shuffled, a satisfiable and an unsatisfiable
# completion) and 3 OPB files.
"$NQSAT" suite "$S" --sizes 8 --encodings pairwise,seq --formats cnf,opb --shuffle \
  --completion-sizes 6 --completions 2 --completion-encoding pairwise >/dev/null 2>&1 ||
  fail "suite failed"
solvers=(--solver picosat:cnf='picosat {}')
expected_runs=8
command -v minisat >/dev/null && solvers+=(--solver minisat:cnf='minisat {} {out}') && expected_runs=$((expected_runs + 8))
command -v cadical >/dev/null && solvers+=(--solver cadical:cnf='cadical -q {}') && expected_runs=$((expected_runs + 8))
command -v cryptominisat5 >/dev/null && solvers+=(--solver cms:cnf='cryptominisat5 --verb 0 {}') && expected_runs=$((expected_runs + 8))
command -v clasp >/dev/null && solvers+=(--solver clasp:cnf,opb='clasp {}') && expected_runs=$((expected_runs + 11))
command -v minisat+ >/dev/null && solvers+=(--solver minisat+:opb='minisat+ {}') && expected_runs=$((expected_runs + 3))
expect_exit 0 "$NQSAT" run "$S" "${solvers[@]}" --timeout 20 --jobs 2
expect_equal "$(head -n 1 "$S/results.csv")" \
  "solver,file,result,seconds,cpu_seconds,exit,peak_mb,timeout,detail,command,log,measure" "results header"
# The measure column names the method: one of the two, the same on every run.
expect_equal "$(awk -F, 'NR > 1 && $3 != "skipped" { print $NF }' "$S/results.csv" | sort -u | grep -c '^cgroup$\|^sample$')" 1 \
  "one measuring method named in every run's row"
# (A solver's rows on files of a format it was not declared for say "skipped".)
expect_equal "$(tail -n +2 "$S/results.csv" | grep -vc ',skipped,')" $expected_runs "one row per run"
expect_equal "$(tail -n +2 "$S/results.csv" | cut -d, -f3 | grep -v '^skipped$' | sort -u)" "correct" "every real solver correct"
expect_equal "$(tail -n +2 "$S/results.csv" | cut -d, -f1,2 | sort | uniq -d)" "" "no run twice"
grep -q "^picosat  *8  *8  *0  " "$WORK/out" || fail "table: $(cat "$WORK/out")"
# Each row names its log, the run's own output, kept in DIR/logs/.
log=$(awk -F, '$1 == "picosat" && $3 == "correct" { print $(NF - 1); exit }' "$S/results.csv")
checks=$((checks + 1))
[ -n "$log" ] && grep -q '^s SATISFIABLE\|^s UNSATISFIABLE' "$S/$log" || fail "log '$log' does not hold picosat's answer"
# A solver declared for nothing (CNF by default) skips the OPB files, each
# with a row saying why; no crash, no run.
rm -f "$S/results.csv"
expect_exit 0 "$NQSAT" run "$S" --solver plain='picosat {}' --timeout 20
expect_equal "$(awk -F, '$3 == "skipped"' "$S/results.csv" | wc -l)" 3 "three OPB files skipped"
expect_equal "$(awk -F, '$3 == "crash"' "$S/results.csv" | wc -l)" 0 "no crash on OPB files"
grep -q 'skipped,.*format: plain is declared for cnf files' "$S/results.csv" ||
  fail "the skipped rows do not say why: $(grep skipped "$S/results.csv" | head -1)"
grep -q "3 files skipped: format" "$WORK/out" || fail "the table does not count the skipped files"

# The cactus plot: well-formed, one group per solver, its dots' times the
# correct runs' times of results.csv, sorted, at the positions the axis
# ranges give on a logarithmic axis (the default): y falls as log(seconds)
# rises, a run at or below the axis's floor sits on it; a dashed line at the
# timeout; the legend sorted by solved count, each entry with the PAR-2
# worked out here from results.csv.
checks=$((checks + 1))
xmllint --noout "$S/cactus.svg" || fail "cactus.svg is not well-formed XML"
plot=$(grep -o '<g id="plot"[^>]*>' "$S/cactus.svg")
left=$(echo "$plot" | sed 's/.*data-left="\([^"]*\)".*/\1/')
top=$(echo "$plot" | sed 's/.*data-top="\([^"]*\)".*/\1/')
width=$(echo "$plot" | sed 's/.*data-width="\([^"]*\)".*/\1/')
height=$(echo "$plot" | sed 's/.*data-height="\([^"]*\)".*/\1/')
xmax=$(echo "$plot" | sed 's/.*data-x-max="\([^"]*\)".*/\1/')
ymax=$(echo "$plot" | sed 's/.*data-y-max="\([^"]*\)".*/\1/')
ymin=$(echo "$plot" | sed 's/.*data-y-min="\([^"]*\)".*/\1/')
expect_equal "$(echo "$plot" | sed 's/.*data-axis="\([^"]*\)".*/\1/')" log "the time axis is logarithmic by default"
# The floor: a power of ten, never below 1 ms (the clock's useful
# resolution: a faster run sits on the bottom edge), else at or below the
# fastest run and above a tenth of it. A correct run under 1 ms happens on
# a fast machine, so both cases must pass.
fastest=$(awk -F, '$3 == "correct" && $4 > 0 { print $4 }' "$S/results.csv" | sort -g | head -n 1)
awk -v m="$ymin" -v f="$fastest" 'BEGIN { p = -log(m) / log(10); exit !(m >= 0.001 && (p - int(p + 0.5)) ^ 2 < 1e-12 &&
  (f <= 0.001 ? m == 0.001 : m <= f * (1 + 1e-9) && m * 10 > f)) }' || fail "log axis floor $ymin for a fastest run of $fastest s"
# Its top is the timeout (20 s), and the dashed timeout line is there.
awk -v m="$ymax" 'BEGIN { exit !(m == 20) }' || fail "log axis top $ymax, not the timeout 20"
checks=$((checks + 2))
timeout_line=$(tr -d '\n' <"$S/cactus.svg" | grep -o '<g id="timeout"[^>]*><line [^>]*>')
echo "$timeout_line" | grep -q 'data-seconds="20"' && echo "$timeout_line" | grep -q 'stroke-dasharray=' ||
  fail "no dashed timeout line at 20 s: '$timeout_line'"
timeout_y=$(echo "$timeout_line" | sed 's/.* y1="\([^"]*\)".*/\1/')
awk -v y="$timeout_y" -v t="$top" 'BEGIN { exit !((y - t) ^ 2 < 0.01) }' ||
  fail "the timeout line is at y = $timeout_y, not at the top of the log axis ($top)"
for solver in $(tail -n +2 "$S/results.csv" | cut -d, -f1 | sort -u); do
  checks=$((checks + 1))
  # The solver's group, one dot per line: "cx cy seconds".
  awk -v s="$solver" '
    /<g class="solver"/ { inside = index($0, "data-solver=\"" s "\"") > 0 }
    inside && /<circle/ {
      match($0, /cx="[^"]*"/); cx = substr($0, RSTART + 4, RLENGTH - 5)
      match($0, /cy="[^"]*"/); cy = substr($0, RSTART + 4, RLENGTH - 5)
      match($0, /data-seconds="[^"]*"/); t = substr($0, RSTART + 14, RLENGTH - 15)
      print cx, cy, t }' "$S/cactus.svg" >"$WORK/dots"
  awk -F, -v s="$solver" '$1 == s && $3 == "correct" { print $4 }' "$S/results.csv" | sort -g >"$WORK/times"
  expect_equal "$(cut -d' ' -f3 "$WORK/dots" | tr '\n' ' ')" "$(tr '\n' ' ' <"$WORK/times")" \
    "cactus dots of $solver are its times in results.csv"
  bad=$(awk -v l="$left" -v t="$top" -v w="$width" -v h="$height" -v xm="$xmax" -v lo="$ymin" -v ym="$ymax" '
    { k++; x = l + w * k / xm; s = $3 > lo ? $3 : lo; y = t + h * (1 - log(s / lo) / log(ym / lo))
      if ((x - $1) ^ 2 > 0.01 || (y - $2) ^ 2 > 0.01) print "dot " k " at " $1 "," $2 " not " x "," y
      if (k > 1 && $2 > previous + 1e-9) print "dot " k " lower than a faster one"
      previous = $2 }' "$WORK/dots")
  [ -z "$bad" ] || fail "$solver: $bad"
done
check_legend "$S"
grep -q '>instances solved<' "$S/cactus.svg" && grep -q '>time per instance (s, wall clock, log scale)<' "$S/cactus.svg" ||
  fail "cactus axis labels missing"

# ---- Deliberately wrong solvers ------------------------------------------------
W=$WORK/wrong
"$NQSAT" suite "$W" --sizes 5 --encodings pairwise --completion-sizes 6 --completions 1 \
  --unsat-share 100 --completion-encoding pairwise >/dev/null 2>&1 || fail "suite failed"
unsat=$(tail -n 1 "$W/manifest.csv" | cut -d, -f1)
# The time limit: 2 s on a quiet machine, longer on a loaded one (the hog
# must reach its memory limit before it; at load 35 it once did not).
limit=$(( ($(scaled_limit_ms 2000) + 999) / 1000 ))
expect_exit 1 "$NQSAT" run "$W" --timeout "$limit" --memory 30M --jobs 2 \
  --solver wrong-status:cnf="sh $SOLVERS/wrong_status.sh {}" \
  --solver flipped:cnf="sh $SOLVERS/flipped_literal.sh {}" \
  --solver crash:cnf="sh $SOLVERS/crash_signal.sh {}" \
  --solver hang:cnf="sh $SOLVERS/hang.sh {}" \
  --solver wrong-count:cnf="sh $SOLVERS/wrong_count.sh {}" \
  --solver right-count:cnf="sh $SOLVERS/right_count.sh {}" \
  --solver hog:cnf="sh $SOLVERS/memory_hog.sh {}" \
  --solver odd-exit:cnf="sh $SOLVERS/odd_exit.sh {}"
cp "$WORK/out" "$WORK/wrong_report"
for expected in "wrong-status q5-pairwise.cnf wrong-status" "wrong-status $unsat correct" \
  "flipped q5-pairwise.cnf invalid-model" "flipped $unsat wrong-exit-code" \
  "crash q5-pairwise.cnf crash" "crash $unsat wrong-status" \
  "hang q5-pairwise.cnf timeout" "hang $unsat timeout" \
  "wrong-count q5-pairwise.cnf wrong-count" "wrong-count $unsat wrong-status" \
  "right-count q5-pairwise.cnf correct" "right-count $unsat correct" \
  "hog q5-pairwise.cnf memory" "hog $unsat memory" \
  "odd-exit q5-pairwise.cnf crash" "odd-exit $unsat crash"; do
  set -- $expected
  got=$(results_field "$W/results.csv" "$1" "$2" 3)
  # The harness samples a solver's address space every 10 ms; under
  # valgrind it runs some 30 times slower, and the hog's last 10 % before
  # its allocation fails (a few ms) can fall between two samples, so there
  # 'crash' is accepted too. The release and sanitizer passes check it exactly.
  [ $under_valgrind = 1 ] && [ "$1" = hog ] && [ "$got" = crash ] && got=memory
  expect_equal "$got" "$3" "$1 on $2"
done
expect_equal "$(results_field "$W/results.csv" hang q5-pairwise.cnf 6)" "sig9" "the hang is killed"
hang_seconds=$(results_field "$W/results.csv" hang q5-pairwise.cnf 4)
awk -v t="$hang_seconds" -v limit="$limit" 'BEGIN { exit !(t >= limit && t < 1.5 * limit) }' ||
  fail "the hang was killed after $hang_seconds s, not at $limit s"
# Wrong answers come first, each with a command that reproduces it.
expect_equal "$(head -n 1 "$WORK/wrong_report")" "WRONG ANSWERS (6):" "wrong answers first"
reproduce=$(grep -m1 'reproduce: .*flipped_literal' "$WORK/wrong_report" | sed 's/^ *reproduce: //')
(cd "$WORK" && eval "${reproduce//nqsat check/\"$NQSAT\" check}") >/dev/null 2>&1
[ $? -eq 1 ] || fail "the reproducing command does not find the invalid model: $reproduce"
grep -q '^flipped .*disqualified' "$WORK/wrong_report" || fail "no disqualification mark"
# Solved counts 2, 1 and 0 here: the legend ranks them, with their PAR-2.
check_legend "$W"
# On a terminal (script(1) gives it one) a progress bar counts runs and wrong answers.
if command -v script >/dev/null; then
  checks=$((checks + 1))
  script -qec "'$NQSAT' run '$W' --solver p:cnf='picosat {}' --resume" /dev/null >"$WORK/tty" 2>&1
  grep -aq '2/2 runs done, 0 left, [0-9]* running, 0 wrong' "$WORK/tty" ||
    fail "no progress bar on a terminal: $(tr '\r' '\n' <"$WORK/tty" | head -5)"
fi
# --cactus-axis linear: from 0, y proportional to the seconds.
expect_exit 1 "$NQSAT" run "$W" --solver p:cnf='picosat {}' --resume --cactus-axis linear
plot=$(grep -o '<g id="plot"[^>]*>' "$W/cactus.svg")
expect_equal "$(echo "$plot" | sed 's/.*data-axis="\([^"]*\)".*/\1/')" linear "--cactus-axis linear"
checks=$((checks + 1))
echo "$plot" | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); gsub(/[">]/, "", kv[2]); a[kv[1]] = kv[2] } }
  END { print a["data-top"], a["data-height"], a["data-y-min"], a["data-y-max"] }' >"$WORK/linear_axis"
bad=$(grep -o '<circle [^>]*>' "$W/cactus.svg" | sed 's/.*cy="\([^"]*\)".*data-seconds="\([^"]*\)".*/\1 \2/' |
  awk -v axis="$(cat "$WORK/linear_axis")" 'BEGIN { split(axis, a, " ") }
    { y = a[1] + a[2] * (1 - $2 / a[4]); if ((y - $1) ^ 2 > 0.01 || a[3] != 0) print $2 " s at y = " $1 ", not " y }
    END { if (!NR) print "no dots" }')
[ -z "$bad" ] || fail "linear cactus axis: $bad"

# ---- Process trees: nothing escapes, children's CPU and memory count ----------
T=$WORK/trees
"$NQSAT" suite "$T" --sizes 5 --encodings pairwise >/dev/null 2>&1 || fail "suite failed"
marker="nqsat-test-marker-$$-$RANDOM"
NQSAT_TEST_MARKER=$marker BUSY_REPORT=$WORK/busy_report "$NQSAT" run "$T" --timeout 8 --memory 60M --jobs 2 \
  --solver busy:cnf="sh $SOLVERS/busy_children.sh {}" \
  --solver escape:cnf="sh $SOLVERS/setsid_grandchild.sh {}" \
  --solver children-hog:cnf="sh $SOLVERS/memory_children.sh {}" \
  --solver stdout:cnf="sh $SOLVERS/dev_stdout.sh {}" >/dev/null 2>&1
expect_equal "$(results_field "$T/results.csv" busy q5-pairwise.cnf 3)" timeout "busy children: timeout"
expect_equal "$(results_field "$T/results.csv" escape q5-pairwise.cnf 3)" unknown "setsid grandchild: unknown"
expect_equal "$(results_field "$T/results.csv" children-hog q5-pairwise.cnf 3)" memory \
  "two children over the limit together: memory"
expect_equal "$(results_field "$T/results.csv" stdout q5-pairwise.cnf 3)" correct \
  "minisat writing to /dev/stdout: correct"
# Nothing of any run is left: no process carries the marker.
checks=$((checks + 1))
# ("[n]qsat..." matches the marker but not grep's own command line.)
left=$(grep -l "[${marker:0:1}]${marker:1}" /proc/[0-9]*/cmdline 2>/dev/null | wc -l)
[ "$left" -eq 0 ] || fail "$left processes of the runs are still alive after nqsat run returned"
# The children's CPU time counts: nqsat's figure against what the two
# children report of themselves (bash's time, the kernel's rusage), within
# 10 % (and 0.03 s for sh and sleep), whatever the machine's load.
tree_cpu=$(results_field "$T/results.csv" busy q5-pairwise.cnf 5)
children_cpu=$(awk '{ s += $1 + $2 } END { print s + 0 }' "$WORK/busy_report")
checks=$((checks + 1))
awk -v a="$tree_cpu" -v b="$children_cpu" 'BEGIN { exit !(b > 0 && a >= b && a <= 1.1 * b + 0.03) }' ||
  fail "CPU of the busy children: nqsat $tree_cpu s, the children themselves $children_cpu s"
if command -v runlim >/dev/null; then
  # runlim's CPU time is not compared: runlim samples /proc every 100 ms
  # and loses what a child did since its last sample when it ends (on this
  # work it reported 0.40 s where the children's own rusage said 0.55 s);
  # the check above, against the kernel's figures, is the exact one.
  # Peak memory of the tree: runlim's sampled sum for the two 40 MB children.
  runlim_mb=$(runlim -t 60 sh "$SOLVERS/memory_children.sh" 2>&1 >/dev/null | awk '/\[runlim\] space:/ { print $3 }')
  rm -f "$T/results.csv"
  "$NQSAT" run "$T" --timeout 10 --solver children:cnf="sh $SOLVERS/memory_children.sh {}" >/dev/null 2>&1
  tree_mb=$(results_field "$T/results.csv" children q5-pairwise.cnf 7)
  checks=$((checks + 1))
  awk -v a="$tree_mb" -v b="$runlim_mb" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.1 * b) }' ||
    fail "peak memory of two children: nqsat $tree_mb MB, runlim $runlim_mb MB"
else
  echo "run_harness: runlim is missing (scripts/setup.sh --test-tools): CPU and memory not compared with it"
fi
# Wall time is never below the CPU time of a single-threaded solver (100 short runs).
rm -rf "$T"
"$NQSAT" suite "$T" --sizes 4..8 --encodings pairwise,seq,ladder,binary,product >/dev/null 2>&1 ||
  fail "suite failed"
short=(--solver picosat:cnf='picosat {}')
command -v minisat >/dev/null && short+=(--solver minisat:cnf='minisat {} {out}')
command -v cadical >/dev/null && short+=(--solver cadical:cnf='cadical -q {}')
command -v cryptominisat5 >/dev/null && short+=(--solver cms:cnf='cryptominisat5 --verb 0 --threads 1 {}')
"$NQSAT" run "$T" "${short[@]}" --timeout 20 --jobs 2 >/dev/null 2>&1
checks=$((checks + 1))
below=$(tail -n +2 "$T/results.csv" | awk -F, '$4 + 0.001 < $5 { print $1, $2, $4, $5 }')
[ -z "$below" ] || fail "wall time below CPU time: $below"
runs=$(tail -n +2 "$T/results.csv" | wc -l)
[ "$runs" -ge 75 ] || fail "only $runs short runs"

# ---- SIGINT and SIGTERM mid-run, then --resume -------------------------------
limit_ms=1000
[ $under_valgrind = 1 ] && limit_ms=4000 # valgrind delays signal delivery
total=$(($(tail -n +2 "$S/manifest.csv" | grep -c '\.cnf,') * 2))
rm -f "$S/results.csv"
# rows: finished runs recorded so far.
# (The OPB files' "skipped" rows are written at the start: not runs.)
rows() { if [ -f "$S/results.csv" ]; then tail -n +2 "$S/results.csv" | grep -vc ',skipped,'; else echo 0; fi; }
for signal in INT TERM; do
  before=$(rows)
  SLOW_SECONDS=0.4 "$NQSAT" run "$S" --solver slow:cnf="sh $SOLVERS/slow_picosat.sh {}" \
    --solver slow2:cnf="sh $SOLVERS/slow_picosat.sh {}" --jobs 2 --resume >"$WORK/run.out" 2>"$WORK/err" &
  pid=$!
  # Interrupt once two more runs have finished (however slow the machine).
  for _ in $(seq 600); do [ $(rows) -ge $((before + 2)) ] && break; sleep 0.1; done
  started=$(date +%s%N)
  kill -$signal $pid
  wait $pid
  status=$?
  elapsed_ms=$((($(date +%s%N) - started) / 1000000))
  echo "run stopped $elapsed_ms ms after SIG$signal"
  checks=$((checks + 1))
  [ $status -eq 130 ] || fail "run after SIG$signal exited $status: $(cat "$WORK/err")"
  [ $elapsed_ms -le $limit_ms ] || fail "run took $elapsed_ms ms to stop after SIG$signal"
  grep -q "interrupted by SIG$signal" "$WORK/err" || fail "no interruption message: $(cat "$WORK/err")"
  pgrep -f "$SOLVERS/slow_picosat.sh" >/dev/null && fail "a solver is still running after SIG$signal"
  recorded=$(rows)
  checks=$((checks + 1))
  [ "$recorded" -gt 0 ] && [ "$recorded" -lt $total ] || fail "after SIG$signal: $recorded of $total rows"
  [ -z "$(tail -c 1 "$S/results.csv")" ] || fail "results.csv ends mid-row"
  # solver and file hold no comma, so field 3 is the result; every row ends
  # with its command.
  bad=$(tail -n +2 "$S/results.csv" | awk -F, '$3 != "skipped" && ($3 != "correct" || !/ > answer.txt,/)')
  [ -z "$bad" ] || fail "incomplete or wrong rows after SIG$signal: $bad"
done
# A row cut off by a kill -9 is dropped and its run done again.
printf 'slow,q5-pa' >>"$S/results.csv"
expect_exit 1 "$NQSAT" run "$S" --solver slow:cnf="picosat {}" # no --resume: refused
expect_stderr "give --resume"
expect_exit 0 "$NQSAT" run "$S" --solver slow:cnf="sh $SOLVERS/slow_picosat.sh {}" \
  --solver slow2:cnf="sh $SOLVERS/slow_picosat.sh {}" --jobs 2 --resume
expect_stderr "dropped a row cut off"
expect_equal "$(rows)" $total "resume finished every run"
expect_equal "$(tail -n +2 "$S/results.csv" | cut -d, -f1,2 | sort | uniq -d)" "" "no run repeated"
expect_equal "$(tail -n +2 "$S/results.csv" | cut -d, -f3 | grep -v '^skipped$' | sort -u)" "correct" "resumed runs correct"

# ---- Usage errors ---------------------------------------------------------------
expect_exit 2 "$NQSAT" run "$S"
expect_stderr "no --solver"
expect_exit 2 "$NQSAT" run "$S" --solver x='picosat'
expect_stderr "must contain \{\}"
expect_usage "--memory '12Q' is not a size" run "$S" --solver 'x=picosat {}' --memory 12Q
expect_usage "unknown --cactus-axis 'loglog': use log or linear" run "$S" --solver 'x=picosat {}' --cactus-axis loglog
if [ $under_valgrind = 0 ]; then # more range checks: parsing only, a second each under valgrind
  expect_exit 2 "$NQSAT" run "$S" --solver 'a b=picosat {}'
  expect_exit 2 "$NQSAT" run "$S" --solver a='picosat {}' --solver a='cadical {}'
  expect_exit 2 "$NQSAT" run "$S" --solver a:xml='picosat {}'
  expect_exit 2 "$NQSAT" run "$S" --solver a='picosat {}' --timeout 0
  expect_exit 2 "$NQSAT" run "$S" --solver a='picosat {}' --jobs 0
  expect_exit 2 "$NQSAT" run "$S" --solver a='picosat {}' --memory lots
fi
expect_exit 1 "$NQSAT" run "$WORK/nowhere" --solver a='picosat {}'
expect_stderr "manifest.csv"
expect_exit 0 "$NQSAT" run --help

finish
